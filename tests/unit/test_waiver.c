/* Waivers: the file format (docs/waivers.md), matching, expiry, and how waived failures are counted. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gtref/regress_report.h"
#include "gtref/waiver.h"

static const char *const good =
    "# known SDI byte-enable problem\n"
    "waiver sdi-be\n"
    "  kind mem-write\n"
    "  command MI_STORE_DATA_IMM\n"
    "  field byte-enable\n"
    "  rtl bug-*\n"
    "  reason \"RTL rev A writes the second dword with the wrong lanes \\\"known\\\"\"\n"
    "  owner jane\n"
    "  ticket GT-101\n"
    "  expires 2027-01-31   # end of January\n"
    "\n"
    "waiver hang-on-vecs\n"
    "  kind hang\n"
    "  engine VECS0\n"
    "  message \"*no progress*\"\n"
    "  reason \"power gating model\"\n"
    "  owner bob\n"
    "  ticket GT-7\n"
    "  expires 2026-11-23\n";

static gtref_result mismatch_result(const char *kind, const char *engine, const char *bucket, const char *detail,
                                    const char *rtl)
{
    gtref_result r;
    memset(&r, 0, sizeof r);
    r.status = GTREF_FAIL;
    snprintf(r.test, sizeof r.test, "rand-1");
    snprintf(r.rtl, sizeof r.rtl, "%s", rtl);
    r.has_mismatch = 1;
    snprintf(r.mm.kind, sizeof r.mm.kind, "%s", kind);
    snprintf(r.mm.engine, sizeof r.mm.engine, "%s", engine);
    snprintf(r.mm.bucket, sizeof r.mm.bucket, "%s", bucket);
    snprintf(r.mm.detail, sizeof r.mm.detail, "%s", detail);
    gtref_mismatch_sign(&r.mm);
    return r;
}

Test(waiver, parses_every_key_and_quoted_values)
{
    gtref_waivers ws = {0};
    char err[256] = "";
    cr_assert_eq(gtref_waivers_parse(&ws, "a.waive", good, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ws.n, 2);
    const gtref_waiver *w = &ws.w[0];
    cr_assert_str_eq(w->name, "sdi-be");
    cr_assert_str_eq(w->file, "a.waive");
    cr_assert_eq(w->line, 2);
    cr_assert_str_eq(w->kind, "mem-write");
    cr_assert_str_eq(w->rtl, "bug-*");
    cr_assert_str_eq(w->reason, "RTL rev A writes the second dword with the wrong lanes \"known\"");
    cr_assert_str_eq(w->expires, "2027-01-31");
    cr_assert_str_eq(ws.w[1].message, "*no progress*");
    cr_assert_eq(ws.w[1].line, 12);
    gtref_waivers_free(&ws);
}

static void assert_rejected(const char *text, const char *want)
{
    gtref_waivers ws = {0};
    char err[512] = "";
    cr_assert_eq(gtref_waivers_parse(&ws, "w/x.waive", text, err, sizeof err), -1, "accepted:\n%s", text);
    cr_assert(strstr(err, want), "message '%s' lacks '%s'", err, want);
    cr_assert_eq(ws.n, 0, "a bad file adds no waiver");
    gtref_waivers_free(&ws);
}

#define REQ "  reason r\n  owner o\n  ticket t\n  expires 2030-01-01\n"

Test(waiver, malformed_files_are_rejected_with_file_and_line)
{
    assert_rejected("waiver a\n  kind retire\n  reasn r\n", "w/x.waive:3: unknown key 'reasn' (known: waiver, signature");
    assert_rejected("waiver a\n  kind retire\n  owner o\n  ticket t\n  expires 2030-01-01\n",
                    "w/x.waive:1: waiver a has no 'reason'");
    assert_rejected("waiver a\n" REQ, "w/x.waive:1: waiver a matches nothing");
    assert_rejected("waiver a\n  kind retire\n  reason r\n  owner o\n  ticket t\n  expires 2030-02-30\n",
                    "w/x.waive:6: expires '2030-02-30': a date written YYYY-MM-DD");
    assert_rejected("waiver a\n  signature 12ab\n" REQ, "w/x.waive:2: signature '12ab': 16 lowercase hex digits");
    assert_rejected("waiver a\n  kind retire\n" REQ "waiver a\n  kind hang\n" REQ,
                    "w/x.waive:7: waiver a is already defined at w/x.waive:1");
    assert_rejected("  kind retire\n", "w/x.waive:1: 'kind' before the first 'waiver NAME' line");
    assert_rejected("waiver a\n  reason \"no end\n", "w/x.waive:2: reason: the quoted value has no closing \"");
    assert_rejected("waiver a\n  kind retire\n  kind hang\n", "w/x.waive:3: waiver a: 'kind' given twice");
    assert_rejected("waiver a\n  reason two words\n", "w/x.waive:2: reason: unexpected text after the value");
    assert_rejected("waiver a b\n", "w/x.waive:1: waiver: unexpected text after the value");
    assert_rejected("waiver a/b\n", "w/x.waive:1: waiver name 'a/b'");
}

Test(waiver, dates)
{
    cr_assert(gtref_valid_date("2028-02-29"));
    cr_assert_not(gtref_valid_date("2027-02-29"));
    cr_assert_not(gtref_valid_date("2100-02-29"));
    cr_assert(gtref_valid_date("2000-02-29"));
    cr_assert_not(gtref_valid_date("2027-13-01"));
    cr_assert_not(gtref_valid_date("2027-1-01"));
    char today[11];
    gtref_today(today);
    cr_assert(gtref_valid_date(today), "today %s", today);
}

Test(waiver, matches_by_patterns_and_expires_on_its_date)
{
    gtref_waivers ws = {0};
    char err[256];
    cr_assert_eq(gtref_waivers_parse(&ws, "a.waive", good, err, sizeof err), 0, "%s", err);
    gtref_result sdi = mismatch_result("mem-write", "RCS0", "mem-write/MI_STORE_DATA_IMM/byte-enable", "wrong lanes",
                                       "bug-SDI_QWORD_BE");
    cr_assert(gtref_waiver_matches(&ws.w[0], &sdi));
    gtref_result other_field = mismatch_result("mem-write", "RCS0", "mem-write/MI_STORE_DATA_IMM/data", "x",
                                               "bug-SDI_QWORD_BE");
    cr_assert_not(gtref_waiver_matches(&ws.w[0], &other_field));
    gtref_result clean_rtl = mismatch_result("mem-write", "RCS0", "mem-write/MI_STORE_DATA_IMM/byte-enable", "x",
                                             "clean");
    cr_assert_not(gtref_waiver_matches(&ws.w[0], &clean_rtl), "rtl pattern bug-* excludes clean");

    cr_assert_eq(gtref_waivers_apply(&ws, &sdi, "2027-01-30"), 0);
    cr_assert_eq(ws.w[0].matched, 1);
    cr_assert_eq(gtref_waivers_apply(&ws, &sdi, "2027-01-31"), -1, "expired on its expiry date");
    cr_assert_eq(ws.w[0].matched_expired, 1);

    gtref_result hang = mismatch_result("hang", "VECS0", "hang/-/no-progress", "no progress for 20000 cycles", "clean");
    cr_assert(gtref_waiver_matches(&ws.w[1], &hang));
    gtref_result hang_rcs = mismatch_result("hang", "RCS0", "hang/-/no-progress", "no progress for 20000 cycles", "clean");
    cr_assert_not(gtref_waiver_matches(&ws.w[1], &hang_rcs), "engine pattern");
    gtref_waivers_free(&ws);
}

Test(waiver, signature_errors_and_what_is_never_waived)
{
    gtref_result r = mismatch_result("retire", "BCS0", "retire/any-command/dw0", "another command", "clean");
    char text[512];
    snprintf(text, sizeof text, "waiver by-sig\n  signature %s\n" REQ "waiver crashes\n  kind crash\n" REQ, r.mm.signature);
    gtref_waivers ws = {0};
    char err[256];
    cr_assert_eq(gtref_waivers_parse(&ws, "s.waive", text, err, sizeof err), 0, "%s", err);
    cr_assert_eq(gtref_waivers_apply(&ws, &r, "2026-01-01"), 0);

    gtref_result crash;
    memset(&crash, 0, sizeof crash);
    crash.status = GTREF_CRASH;
    snprintf(crash.error, sizeof crash.error, "simulator killed by SIGSEGV");
    cr_assert_eq(gtref_waivers_apply(&ws, &crash, "2026-01-01"), 1, "an ERROR/CRASH/TIMEOUT matches by its status");

    gtref_result pass = r, unimpl = r;
    pass.status = GTREF_PASS;
    pass.has_mismatch = 0;
    unimpl.status = GTREF_UNIMPLEMENTED;
    cr_assert_eq(gtref_waivers_apply(&ws, &pass, "2026-01-01"), -1);
    cr_assert_eq(gtref_waivers_apply(&ws, &unimpl, "2026-01-01"), -1, "UNIMPLEMENTED is not a failure to waive");
    gtref_waivers_free(&ws);
}

Test(waiver, a_waived_failure_is_neither_a_pass_nor_a_failure)
{
    gtref_result rs[3];
    rs[0] = mismatch_result("retire", "RCS0", "retire/any-command/dw0", "x", "clean");
    rs[1] = rs[0];
    rs[1].waived = 1;
    memset(&rs[2], 0, sizeof rs[2]);
    gtref_tally t;
    gtref_tally_results(rs, 3, &t);
    cr_assert_eq(t.total, 3);
    cr_assert_eq(t.passed, 1);
    cr_assert_eq(t.failed, 1);
    cr_assert_eq(t.waived, 1);
    gtref_bucket *bs;
    size_t nb;
    cr_assert_eq(gtref_bucket_results(rs, 3, &bs, &nb), 0);
    cr_assert_eq(nb, 2, "the waived failure has a bucket of its own");
    cr_assert_neq(bs[0].waived, bs[1].waived);
    free(bs);
}

Test(waiver, reports_list_waived_failures_apart)
{
    gtref_result rs[2];
    rs[0] = mismatch_result("mem-write", "RCS0", "mem-write/MI_STORE_DATA_IMM/byte-enable", "wrong lanes", "bug-X");
    rs[0].waived = 1;
    snprintf(rs[0].waiver, sizeof rs[0].waiver, "sdi-be (GT-101, jane, until 2027-01-31; a.waive:2): rev A <lanes>");
    rs[1] = mismatch_result("retire", "BCS0", "retire/any-command/dw0", "another command", "bug-X");
    gtref_regress_info info = {.rtl = "bug-X", .sim = "sim", .out_dir = "out"};
    char *md = NULL, *xml = NULL, *out = NULL;
    size_t mdlen, xmllen, outlen;
    FILE *f = open_memstream(&md, &mdlen);
    cr_assert_eq(gtref_write_summary_md(f, &info, rs, 2), 0);
    fclose(f);
    cr_assert(strstr(md, "**0 passed, 1 failed, 1 waived**"), "%s", md);
    cr_assert(strstr(md, "## Failure buckets (1)"), "%s", md);
    cr_assert(strstr(md, "## Waived failures (1 test, 1 bucket)"), "%s", md);
    cr_assert(strstr(md, "rev A \\<lanes\\>"), "waiver text escaped:\n%s", md);
    f = open_memstream(&xml, &xmllen);
    cr_assert_eq(gtref_write_junit_xml(f, &info, rs, 2), 0);
    fclose(f);
    cr_assert(strstr(xml, "failures=\"1\" errors=\"0\" skipped=\"1\""), "%s", xml);
    cr_assert(strstr(xml, "<skipped message=\"waived by sdi-be (GT-101, jane, until 2027-01-31; a.waive:2): rev A &lt;lanes&gt;"),
              "%s", xml);
    gtref_bucket *bs;
    size_t nb;
    cr_assert_eq(gtref_bucket_results(rs, 2, &bs, &nb), 0);
    f = open_memstream(&out, &outlen);
    gtref_print_buckets(f, bs, nb, rs);
    fclose(f);
    cr_assert(strstr(out, "1 failure bucket:\n  [1] "), "%s", out);
    cr_assert(strstr(out, "1 waived bucket (counted apart, not as passes):"), "%s", out);
    cr_assert(strstr(out, "waived by sdi-be"), "%s", out);
    free(bs);
    free(md);
    free(xml);
    free(out);
}

/* A waiver is judged stale ("matched nothing: remove it") only by a run that covered its scope: its RTL build and,
 * when it names engines, one of them (docs/waivers.md). */
Test(waiver, stale_only_when_its_scope_was_run_and_nothing_matched)
{
    gtref_waivers ws = {0};
    char err[256] = "";
    const char *text = "waiver bug-only\n  kind mem-write\n  rtl bug-SDI_QWORD_BE\n  reason r\n  owner o\n  ticket t\n"
                       "  expires 2999-01-01\n"
                       "waiver vecs\n  engine VECS0\n  reason r\n  owner o\n  ticket t\n  expires 2999-01-01\n"
                       "waiver any-engine\n  engine \"*CS0\"\n  reason r\n  owner o\n  ticket t\n  expires 2999-01-01\n"
                       "waiver not-an-engine\n  engine gam\n  reason r\n  owner o\n  ticket t\n  expires 2999-01-01\n"
                       "waiver old\n  kind hang\n  reason r\n  owner o\n  ticket t\n  expires 2020-01-01\n";
    cr_assert_eq(gtref_waivers_parse(&ws, "s.waive", text, err, sizeof err), 0, "%s", err);
    const gtref_waiver *bug = &ws.w[0], *vecs = &ws.w[1], *any = &ws.w[2], *other = &ws.w[3], *old = &ws.w[4];
    /* a waiver for one bug build: not in a clean run's scope, in that build's */
    cr_assert_not(gtref_waiver_in_scope(bug, "clean", 4));
    cr_assert(gtref_waiver_in_scope(bug, "bug-SDI_QWORD_BE", 1));
    /* engines: VECS0 is the fourth engine; *CS0 names RCS0 too; a pattern that names no engine cannot be judged */
    cr_assert_not(gtref_waiver_in_scope(vecs, "clean", 1));
    cr_assert_not(gtref_waiver_in_scope(vecs, "clean", 3));
    cr_assert(gtref_waiver_in_scope(vecs, "clean", 4));
    cr_assert(gtref_waiver_in_scope(any, "clean", 1));
    cr_assert(gtref_waiver_in_scope(other, "clean", 1));

    /* stale: its scope was run (scoped_runs) and nothing matched; never when out of scope or expired */
    ws.w[0].scoped_runs = 0;
    cr_assert_not(gtref_waiver_stale(bug, "2026-11-28"), "a clean night must not call a bug build's waiver stale");
    ws.w[0].scoped_runs = 1;
    cr_assert(gtref_waiver_stale(bug, "2026-11-28"));
    ws.w[0].matched = 3;
    cr_assert_not(gtref_waiver_stale(bug, "2026-11-28"));
    ws.w[4].scoped_runs = 2;
    cr_assert_not(gtref_waiver_stale(old, "2026-11-28"), "expired: said apart, not stale");
    gtref_waivers_free(&ws);
}
