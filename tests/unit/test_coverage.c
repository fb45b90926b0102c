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

/* The address bins (issue 20 §1): ring commands of a ring at RING_START 0x10000000 (bit 28, the highest RING_START
 * may have: bits 31:29 zero, BYT-REG L6536-6540) with RING_CTL[20:12] = 511 (the largest ring, 2 MB: docs/cycle-
 * contract.md), any command while HWS_PGA is 0x80000000, batch commands at 0x80000000 and at 1 << 47. A ring at
 * 0x0FFFF000 of 511 pages, HWS_PGA 0x7FFFF000 and a batch at 0x7FFFFFF8 or 0x100000000 (above the GGTT's 4 GB) fill
 * none of them. */
Test(coverage, address_bins_take_the_top_of_each_range)
{
    gtref_cov *c = gtref_cov_create(1);
    size_t holes = gtref_cov_holes(c);
    gtm_retire ring = retire_of("MI_NOOP", GTM_RETIRED, 0), batch = retire_of("MI_NOOP", GTM_RETIRED, 1);
    batch.in_batch = true;
    gtref_cov_engine_addr(c, 0, 0x0FFFF000u, 0x001FE001u, 0x7FFFF000u);
    gtref_cov_sample(c, 0, &ring);
    batch.addr = 0x7FFFFFF8ull;
    gtref_cov_sample(c, 0, &batch);
    batch.addr = 0x100000000ull;
    gtref_cov_sample(c, 0, &batch);
    size_t base = gtref_cov_holes(c);   /* MI_NOOP's own bins */
    cr_assert_eq(base, holes - 3);
    char *t = table(c);
    cr_assert(strstr(t, "ring command, RING_START at or above 256 MB on RCS0"), "%s", t);
    cr_assert(strstr(t, "ring command, ring of 2 MB (RING_CTL length 511) on RCS0"), "%s", t);
    cr_assert(strstr(t, "command with HWS_PGA at or above 2 GB on RCS0"), "%s", t);
    cr_assert(strstr(t, "batch command at 2 GB to 4 GB on RCS0"), "%s", t);
    free(t);
    gtref_cov_engine_addr(c, 0, 0x10000000u, 0x001FF001u, 0x80000000u);
    gtref_cov_sample(c, 0, &ring);
    cr_assert_eq(gtref_cov_holes(c), base - 3, "ring high, ring of 2 MB, HWS_PGA high");
    batch.addr = 0x80000000ull;
    gtref_cov_sample(c, 0, &batch);
    cr_assert_eq(gtref_cov_holes(c), base - 4);
    batch.addr = 1ull << 47;
    gtref_cov_sample(c, 0, &batch);
    cr_assert_eq(gtref_cov_holes(c), base - 5);
    gtref_cov_destroy(c);
}
