/* Functional coverage: bins come from the command table; samples land in the right bin; errors are
 * classified by what makes them illegal (docs/spec-decisions.md C2, C12). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/cmds.h"
#include "gtref/coverage.h"
#include "gtref/engines.h"
#include "gtref/regs.h"

static gtm_retire retire_of(const char *text, int status, uint8_t level)
{
    gtm_retire r;
    memset(&r, 0, sizeof r);
    char err[128];
    int n = gtref_cmd_parse(text, 4, r.dw, GTM_MAX_CMD_DW, err, sizeof err);
    cr_assert_gt(n, 0, "%s: %s", text, err);
    r.len = (unsigned)n;
    r.status = status;
    r.level = level;
    return r;
}

static char *table(const gtref_cov *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    gtref_cov_print(c, f);
    fclose(f);
    return buf;
}

Test(coverage, samples_fill_their_bins_and_holes_are_listed)
{
    gtref_cov *c = gtref_cov_create(1);
    cr_assert_not_null(c);
    size_t bins = gtref_cov_bins(c), holes = gtref_cov_holes(c);
    cr_assert_eq(bins, holes, "nothing sampled: every bin is a hole");
    gtm_retire r = retire_of("MI_STORE_DATA_IMM qword addr=0x400000 data=0x1", GTM_RETIRED, 1);
    gtref_cov_sample(c, 0, &r);
    /* three bins: (SDI, qword, RCS0), (SDI, form=qword, RCS0) and (SDI, RCS0, batch) */
    cr_assert_eq(gtref_cov_holes(c), holes - 3);
    gtref_cov_sample(c, 0, &r);
    cr_assert_eq(gtref_cov_holes(c), holes - 3, "a second hit fills no new bin");
    char *t = table(c);
    cr_assert(strstr(t, "| MI_STORE_DATA_IMM qword"), "%s", t);
    cr_assert(strstr(t, "MI_STORE_DATA_IMM no qword on RCS0"), "the dword variant is listed as a hole:\n%s", t);
    free(t);
    gtref_cov_destroy(c);
}

Test(coverage, errors_are_classified_by_cause)
{
    gtref_cov *c = gtref_cov_create(2);
    size_t holes = gtref_cov_holes(c);
    gtm_retire unknown = retire_of("DW 0x0f800000", GTM_ERROR, 0);          /* MI opcode 0x1F: not defined */
    gtm_retire type2 = retire_of("DW 0x40000000", GTM_ERROR, 0);            /* command type 2: not defined */
    gtm_retire badlen = retire_of("DW 0x10200004 0 0 0 0 0", GTM_ERROR, 1); /* SDI, 6 DW with Store Qword (C35) */
    gtm_retire wrong = retire_of("DW 0x7a000004 0 0 0 0 0", GTM_ERROR, 0);  /* PIPE_CONTROL on BCS0 */
    gtref_cov_sample(c, 0, &unknown);
    gtref_cov_sample(c, 0, &type2);
    gtref_cov_sample(c, 1, &badlen);
    gtref_cov_sample(c, 1, &wrong);
    cr_assert_eq(gtref_cov_holes(c), holes - 4);
    char *t = table(c);
    cr_assert(!strstr(t, "error 'unknown MI opcode' on RCS0 in the ring"), "%s", t);
    cr_assert(!strstr(t, "error 'unknown command type' on RCS0 in the ring"), "%s", t);
    cr_assert(!strstr(t, "error 'bad length' on BCS0 in the batch"), "%s", t);
    cr_assert(!strstr(t, "error 'wrong engine' on BCS0 in the ring"), "%s", t);
    cr_assert(strstr(t, "error 'wrong engine' on RCS0 in the ring"), "%s", t);
    free(t);
    gtref_cov_destroy(c);
}

Test(coverage, merge_adds_hits)
{
    gtref_cov *a = gtref_cov_create(1), *b = gtref_cov_create(1);
    gtm_retire r = retire_of("MI_USER_INTERRUPT", GTM_RETIRED, 0);
    gtref_cov_sample(b, 0, &r);
    size_t before = gtref_cov_holes(a);
    gtref_cov_merge(a, b);
    cr_assert_eq(gtref_cov_holes(a), before - 2);
    gtref_cov_destroy(a);
    gtref_cov_destroy(b);
}

/* Events (coverage.h): the watchdog bins exist on RCS0 only (docs/commands.md §7), the signal-mode wait bins on
 * every engine; an event fills exactly its bin. */
/* C17: a predicated MI_BATCH_BUFFER_START is unimplemented off RCS0, so its bin exists on RCS0 only; C35, C28, C38:
 * the derived variants take the two-dword SDI, MI_ATOMIC's 5-dword form with return data, LRR's relative source. */
Test(coverage, gen11_variant_bins)
{
    gtref_cov *c = gtref_cov_create(2);
    size_t bins = gtref_cov_bins(c), holes = gtref_cov_holes(c);
    char *t = table(c);
    cr_assert(strstr(t, "MI_BATCH_BUFFER_START predicate on RCS0"), "%s", t);
    cr_assert_null(strstr(t, "MI_BATCH_BUFFER_START predicate on BCS0"), "no predicated-start bin off RCS0");
    free(t);
    gtm_retire sdi2 = retire_of("MI_STORE_DATA_IMM addr=0x400000 data=0x1111111122222222 len=5", GTM_RETIRED, 0);
    gtref_cov_sample(c, 1, &sdi2);   /* (no qword), (form=two dwords), (SDI, BCS0, ring) */
    cr_assert_eq(gtref_cov_holes(c), holes - 3);
    t = table(c);
    cr_assert_null(strstr(t, "MI_STORE_DATA_IMM form=two dwords on BCS0"), "%s", t);
    cr_assert(strstr(t, "MI_STORE_DATA_IMM form=two dwords on RCS0"), "%s", t);
    free(t);
    cr_assert_eq(gtref_cov_bins(c), bins);
    gtref_cov_destroy(c);
}

Test(coverage, events_fill_their_bins_and_the_watchdog_is_rcs0s)
{
    gtref_cov *c = gtref_cov_create(4);
    size_t bins = gtref_cov_bins(c), holes = gtref_cov_holes(c);
    gtref_cov_event(c, 1, GTREF_COV_WDOG_CLOCKS);   /* BCS0 has no watchdog: no bin, nothing changes */
    cr_assert_eq(gtref_cov_holes(c), holes);
    gtref_cov_event(c, 0, GTREF_COV_WDOG_CLOCKS);
    cr_assert_eq(gtref_cov_holes(c), holes - 1);
    gtref_cov_event(c, 0, GTREF_COV_WDOG_CLOCKS);   /* a second hit fills no other bin */
    cr_assert_eq(gtref_cov_holes(c), holes - 1);
    gtref_cov_event(c, 3, GTREF_COV_SIGWAIT_WOKEN);
    cr_assert_eq(gtref_cov_holes(c), holes - 2);
    cr_assert_eq(gtref_cov_bins(c), bins);
    char *t = table(c);
    cr_assert(strstr(t, "watchdog event, counting 64-clock periods on RCS0"), "the RCS0 hole is listed: %s", t);
    cr_assert_null(strstr(t, "watchdog event, counting clocks on RCS0"), "a hit bin is not a hole");
    cr_assert_null(strstr(t, "on BCS0\n  watchdog"), "no watchdog bin off RCS0");
    cr_assert_null(strstr(t, "watchdog event, counting clocks on BCS0"));
    cr_assert(strstr(t, "signal-mode wait met after waiting on VCS0"), "%s", t);
    free(t);
    gtref_cov_destroy(c);
}

/* The host-write bins (include/gtref/coverage.h; docs/stimulus-format.md §3, host_reg_pct): a host write of one of
 * the row's registers hits its bin on its engine only; a register the row leaves out (RING_TAIL, the host program's in
 * every test) has none; CCID is RCS0's alone (reg_table.def: GTREF_REGF_RCS_ONLY); the bins' holes are listed. */
Test(coverage, host_writes_fill_their_register_bins)
{
    gtref_cov *c = gtref_cov_create(4), *d = gtref_cov_create(4);
    cr_assert(c && d);
    size_t holes = gtref_cov_holes(c);
    gtref_cov_host_write(c, gtref_engines[0].base + GTREF_MI_PREDICATE_RESULT_2);
    gtref_cov_host_write(c, gtref_engines[2].base + GTREF_CS_GPR0 + 4u * 5u);
    gtref_cov_host_write(c, gtref_engines[1].base + GTREF_RING_TAIL);
    gtref_cov_host_write(c, gtref_engines[1].base + GTREF_CCID);
    gtref_cov_host_write(c, gtref_engines[3].base + GTREF_EXECLIST_SQ_HI7);
    cr_assert_eq(gtref_cov_host_write_hits(c, "MI_PREDICATE_RESULT_2", 0), 1);
    cr_assert_eq(gtref_cov_host_write_hits(c, "MI_PREDICATE_RESULT_1", 0), 0);
    cr_assert_eq(gtref_cov_host_write_hits(c, "CS_GPR5", 2), 1);
    cr_assert_eq(gtref_cov_host_write_hits(c, "CS_GPR5", 0), 0);
    cr_assert_eq(gtref_cov_host_write_hits(c, "RING_TAIL", 1), 0);
    cr_assert_eq(gtref_cov_host_write_hits(c, "CCID", 1), 0);
    cr_assert_eq(gtref_cov_host_write_hits(c, "EXECLIST_SQ_HI7", 3), 1);
    cr_assert_eq(gtref_cov_holes(c), holes - 3, "three bins hit: %zu holes of %zu before", gtref_cov_holes(c), holes);
    gtref_cov_host_write(d, gtref_engines[0].base + GTREF_CCID);
    gtref_cov_merge(d, c);
    cr_assert_eq(gtref_cov_host_write_hits(d, "CCID", 0), 1);
    cr_assert_eq(gtref_cov_host_write_hits(d, "CS_GPR5", 2), 1);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    gtref_cov_print(c, f);
    fclose(f);
    cr_assert(strstr(text, "host write of CCID on RCS0"), "the CCID hole is listed");
    cr_assert_null(strstr(text, "host write of CCID on BCS0"), "BCS0 has no CCID bin");
    cr_assert_null(strstr(text, "host write of MI_PREDICATE_RESULT_2 on RCS0"), "a hit bin is no hole");
    free(text);
    gtref_cov_destroy(c);
    gtref_cov_destroy(d);
}
