/* The stimulus linter: a legal test programs only what the spec defines (docs/stimulus-format.md §5). Each rule
 * is a row of gtref_lint_rules, with the spec line it enforces. A .gts that deliberately goes out of spec says
 * so, per rule, with `out-of-spec RULE "what it checks"`; the generator never goes out of spec (a unit test
 * lints thousands of seeds). */
#ifndef GTREF_STIM_LINT_H
#define GTREF_STIM_LINT_H
#include <stddef.h>
#include <stdint.h>

#include "gtref/stim.h"

typedef struct gtref_lint_rule {
    const char *id;        /* e.g. "bb-qword-aligned" */
    const char *source;    /* the spec line */
    const char *rule;      /* what a legal stimulus does */
} gtref_lint_rule;
extern const gtref_lint_rule gtref_lint_rules[];
extern const size_t gtref_lint_nrules;
const gtref_lint_rule *gtref_lint_rule_find(const char *id);

typedef struct gtref_lint_violation {
    const gtref_lint_rule *rule;
    char where[96];        /* "ring 0x100000 + 0x24 (MI_BATCH_BUFFER_START)", "host operation 3" */
    char found[128];       /* what is there */
} gtref_lint_violation;

/* The violations of s not waived by waived[0..nwaived) (rule ids), at most max into v; returns how many there
 * are in all. */
size_t gtref_stim_lint(const gtref_stim *s, const char *const *waived, size_t nwaived, gtref_lint_violation *v,
                       size_t max);
#endif
