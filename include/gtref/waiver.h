/* Waivers: known, accepted failures (the waivers/ folder, files NAME.waive; format in docs/waivers.md).
 *
 * A waiver matches a failing result by its signature and/or by glob patterns (fnmatch) on the mismatch's
 * kind, engine, command, field and message, and on the RTL configuration. Every waiver carries a reason, an
 * owner, a tracking reference and an expiry date; on or after that date it no longer matches. A waived failure
 * is counted apart from passes and failures. */
#ifndef GTREF_WAIVER_H
#define GTREF_WAIVER_H
#include <stdbool.h>
#include <stddef.h>

#include "gtref/result.h"

typedef struct gtref_waiver {
    char name[64];
    char file[256];
    int line;                 /* of its `waiver` line */
    /* what it matches: "" = anything */
    char signature[20];       /* exact, 16 hex digits */
    char kind[48], engine[24], command[64], field[64], message[256], rtl[64]; /* fnmatch patterns */
    /* why */
    char reason[256], owner[64], ticket[64];
    char expires[11];         /* YYYY-MM-DD: matches until the day before */
    size_t matched;           /* failures it waived in this run */
    size_t matched_expired;   /* failures it would have waived had it not expired */
    size_t scoped_runs;       /* runs (of a night: groups) that covered its scope (gtref_waiver_in_scope) */
} gtref_waiver;

typedef struct gtref_waivers {
    gtref_waiver *w;
    size_t n, cap;
} gtref_waivers;

/* Parse one file's text (name for messages). Appends to ws. Returns 0, or -1 with "file:line: what is wrong"
 * in err; ws then holds the waivers of the files before. */
int gtref_waivers_parse(gtref_waivers *ws, const char *file, const char *text, char *err, size_t errsz);
/* A .waive file, or every *.waive file of a directory (in name order). Returns 0 or -1 with err. */
int gtref_waivers_load(gtref_waivers *ws, const char *path, char *err, size_t errsz);
void gtref_waivers_free(gtref_waivers *ws);

/* today: "YYYY-MM-DD". True when the waiver no longer applies. */
bool gtref_waiver_expired(const gtref_waiver *w, const char *today);
/* Whether w's patterns match r, a result that did not pass (expiry not considered). */
bool gtref_waiver_matches(const gtref_waiver *w, const gtref_result *r);
/* The index of the first unexpired waiver matching r, or -1 (also for a pass or an UNIMPLEMENTED result,
 * which is not a failure). Counts the match (matched, or matched_expired for expired waivers that match). */
long gtref_waivers_apply(gtref_waivers *ws, const gtref_result *r, const char *today);
/* Whether a run on RTL build rtl with `engines` engines (RCS0, BCS0, VCS0, VECS0, in that order) covers w's scope,
 * so that it could meet the failures w waives: w's rtl pattern matches rtl, and its engine pattern, when it names
 * engines at all, names one the run has. A waiver for one bug build (rtl bug-X) is out of a clean run's scope. */
bool gtref_waiver_in_scope(const gtref_waiver *w, const char *rtl, unsigned engines);
/* Whether w looks stale ("matched nothing: remove it"): unexpired, at least one run covered its scope
 * (scoped_runs, counted by the caller), and it matched nothing in them. */
bool gtref_waiver_stale(const gtref_waiver *w, const char *today);
/* Today's date (UTC) as YYYY-MM-DD. */
void gtref_today(char out[11]);
/* Whether s is a valid calendar date written YYYY-MM-DD. */
bool gtref_valid_date(const char *s);
#endif
