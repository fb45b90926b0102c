/* Execlist coverage (include/gtref/coverage.h; docs/execlists.md §7 "Coverage"): each bin is hit by a stimulus that
 * reaches it and not by one that does not. The stimuli are the execlist directed tests, whose behaviour the vectors
 * of docs/execlists-vectors.md give (V1..V12), and small edits of them that reach what none of them does; every
 * expected count below follows from the vector or the EL rule named beside it, not from a run of the model. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/coverage.h"
#include "gtref/model_only.h"
#include "gtref/regs.h"
#include "test_support.h"

#define RCS 0
#define BCS 1

/* The text of tests/directed/<name>.gts (to free()). */
static char *directed_text(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.gts", test_directed_dir(), name);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *t = malloc((size_t)n + 1);
    cr_assert_not_null(t);
    cr_assert_eq(fread(t, 1, (size_t)n, f), (size_t)n, "short read of %s", path);
    t[n] = '\0';
    fclose(f);
    return t;
}

/* text with the first `from` replaced by `to` (from must occur: the edit is what the test is about). */
static char *edited(char *text, const char *from, const char *to)
{
    char *p = strstr(text, from);
    cr_assert_not_null(p, "the stimulus no longer holds \"%s\"", from);
    size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
    char *t = malloc(n);
    cr_assert_not_null(t);
    snprintf(t, n, "%.*s%s%s", (int)(p - text), text, to, p + strlen(from));
    free(text);
    return t;
}

/* Coverage (4 engines) of one stimulus given as .gts text, run on the model alone as `gtref coverage` runs it. */
static gtref_cov *cov_of_text(char *text)
{
    gtref_stim s;
    char err[512];
    cr_assert_eq(test_assemble_text(&s, text, err, sizeof err), 0, "%s", err);
    free(text);
    gtref_cov *c = gtref_cov_create(4);
    cr_assert_not_null(c);
    gtref_model_run r;
    gtref_model_only_run_cov(&s, &r, c);
    cr_assert(!r.unimplemented, "%s", r.error);
    gtref_model_run_free(&r);
    gtref_stim_free(&s);
    return c;
}

static gtref_cov *cov_of(const char *name) { return cov_of_text(directed_text(name)); }

/* Hits of every CSB event on every engine, as one comparable array. */
static void csb_all(const gtref_cov *c, uint64_t out[GTREF_COV_CSB_EVENTS][4])
{
    for (int k = 0; k < GTREF_COV_CSB_EVENTS; k++)
        for (int e = 0; e < 4; e++) out[k][e] = gtref_cov_csb_hits(c, (enum gtref_cov_csb_event)k, e);
}

static void expect_csb(const gtref_cov *c, const char *what, uint64_t i2a, uint64_t es, uint64_t a2i, uint64_t pre,
                       uint64_t lite)
{
    uint64_t got[GTREF_COV_CSB_EVENTS][4];
    csb_all(c, got);
    const uint64_t want[GTREF_COV_CSB_EVENTS] = { i2a, es, a2i, pre, lite };
    static const char *const names[] = { "IDLE_TO_ACTIVE", "ELEMENT_SWITCH", "ACTIVE_TO_IDLE", "PREEMPTED", "LITE_RESTORE" };
    for (int k = 0; k < GTREF_COV_CSB_EVENTS; k++) {
        cr_expect_eq(got[k][RCS], want[k], "%s: %s on RCS0 hit %llu times, expected %llu", what, names[k],
                     (unsigned long long)got[k][RCS], (unsigned long long)want[k]);
        for (int e = 1; e < 4; e++)
            cr_expect_eq(got[k][e], 0, "%s: %s on engine %d hit, the test runs RCS0 only", what, names[k], e);
    }
}

static void expect_el(const gtref_cov *c, const char *what, enum gtref_cov_el_bin k, uint64_t want)
{
    uint64_t got = gtref_cov_el_hits(c, k);
    char *t = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&t, &len);
    gtref_cov_print(c, f);
    fclose(f);
    cr_expect_eq(got, want, "%s: execlist bin %d hit %llu times, expected %llu; table:\n%s", what, (int)k,
                 (unsigned long long)got, (unsigned long long)want, t);
    free(t);
}

/* V1: IDLE_TO_ACTIVE then COMPLETE | ACTIVE_TO_IDLE (EL-14, EL-15); V2 adds COMPLETE | ELEMENT_SWITCH between them
 * (EL-15) and no pending submission (an element switch is not one: E7). */
Test(coverage_el, csb_events_of_one_and_two_element_submissions)
{
    gtref_cov *v1 = cov_of("el_single");
    expect_csb(v1, "V1", 1, 0, 1, 0, 0);
    expect_el(v1, "V1", GTREF_COV_EL_DRY_PENDING, 0);
    expect_el(v1, "V1", GTREF_COV_EL_ARB_CHECK_TAKEN, 0);
    gtref_cov *v2 = cov_of("el_two_elements");
    expect_csb(v2, "V2", 1, 1, 1, 0, 0);
    expect_el(v2, "V2", GTREF_COV_EL_DRY_PENDING, 0);
    gtref_cov_merge(v1, v2);
    expect_csb(v1, "V1 + V2 merged", 2, 1, 2, 0, 0);
    gtref_cov_destroy(v1);
    gtref_cov_destroy(v2);
}

/* V4: preemption at MI_ARB_CHECK (EL-16): PREEMPTED with A's ID, B runs to completion; A never comes back, B has no
 * RESTORE_INHIBIT. V5 resumes A inside its batch (EL-6, level 1). V6: the preempt context P has RESTORE_INHIBIT
 * (EL-18). V3: a lite restore at MI_ARB_CHECK (EL-17), not a preemption. */
Test(coverage_el, arbitration_preemption_resume_and_preempt_to_idle)
{
    gtref_cov *v4 = cov_of("el_preempt_arb");
    expect_csb(v4, "V4", 1, 0, 1, 1, 0);
    expect_el(v4, "V4", GTREF_COV_EL_ARB_CHECK_TAKEN, 1);
    expect_el(v4, "V4", GTREF_COV_EL_POLL_TAKEN, 0);
    expect_el(v4, "V4", GTREF_COV_EL_RESUME_BATCH, 0);
    expect_el(v4, "V4", GTREF_COV_EL_RESUME_RING, 0);
    expect_el(v4, "V4", GTREF_COV_EL_PREEMPT_TO_IDLE, 0);
    gtref_cov_destroy(v4);

    gtref_cov *v5 = cov_of("el_resume");
    expect_csb(v5, "V5", 2, 0, 2, 1, 0);
    expect_el(v5, "V5", GTREF_COV_EL_RESUME_BATCH, 1);
    expect_el(v5, "V5", GTREF_COV_EL_RESUME_RING, 0);
    gtref_cov_destroy(v5);

    gtref_cov *v6 = cov_of("el_preempt_idle");
    expect_csb(v6, "V6", 1, 0, 1, 1, 0);
    expect_el(v6, "V6", GTREF_COV_EL_PREEMPT_TO_IDLE, 1);
    expect_el(v6, "V6", GTREF_COV_EL_RESUME_BATCH, 0);
    gtref_cov_destroy(v6);

    gtref_cov *v3 = cov_of("el_lite_restore");
    expect_csb(v3, "V3", 1, 0, 1, 0, 1);
    expect_el(v3, "V3", GTREF_COV_EL_ARB_CHECK_TAKEN, 1);
    expect_el(v3, "V3", GTREF_COV_EL_PREEMPT_TO_IDLE, 0);
    expect_el(v3, "V3", GTREF_COV_EL_RESUME_BATCH, 0);
    expect_el(v3, "V3", GTREF_COV_EL_PDP0_CHANGE, 0);
    gtref_cov_destroy(v3);
}

/* V12: with arbitration off the MI_ARB_CHECKs are not arbitration points (EL-16); A runs dry with B pending (EL-15:
 * COMPLETE | ACTIVE_TO_IDLE then IDLE_TO_ACTIVE, E7). A second Load [B] while B is pending replaces it (EL-11
 * step 3: one more Load, nothing else changes). */
Test(coverage_el, run_dry_with_a_pending_submission_and_a_replacing_load)
{
    gtref_cov *v12 = cov_of("el_pending_arb_off");
    expect_csb(v12, "V12", 2, 0, 2, 0, 0);
    expect_el(v12, "V12", GTREF_COV_EL_DRY_PENDING, 1);
    expect_el(v12, "V12", GTREF_COV_EL_ARB_CHECK_TAKEN, 0);
    expect_el(v12, "V12", GTREF_COV_EL_LOAD_REPLACES, 0);
    gtref_cov_destroy(v12);

    const char *load_b = "  el_submit RCS0 0x0000004000110119                  # Load [B]\n";
    char *twice = malloc(2 * strlen(load_b) + 1);
    cr_assert_not_null(twice);
    snprintf(twice, 2 * strlen(load_b) + 1, "%s%s", load_b, load_b);
    gtref_cov *rep = cov_of_text(edited(directed_text("el_pending_arb_off"), load_b, twice));
    free(twice);
    expect_el(rep, "V12 with Load [B] twice", GTREF_COV_EL_LOAD_REPLACES, 1);
    expect_el(rep, "V12 with Load [B] twice", GTREF_COV_EL_DRY_PENDING, 1);
    expect_el(rep, "V12 with Load [B] twice", GTREF_COV_EL_LOAD_IGNORED, 0);
    gtref_cov_destroy(rep);
}

/* V7: seven rounds of two entries: entries 0..11, then 0 and 1 (EL-21: one wrap). V2's three entries do not wrap. */
Test(coverage_el, csb_wrap)
{
    gtref_cov *v7 = cov_of("el_csb_wrap");
    expect_csb(v7, "V7", 7, 0, 7, 0, 0);
    expect_el(v7, "V7", GTREF_COV_EL_CSB_WRAP, 1);
    gtref_cov_destroy(v7);
    gtref_cov *v2 = cov_of("el_two_elements");
    expect_el(v2, "V2", GTREF_COV_EL_CSB_WRAP, 0);
    gtref_cov_destroy(v2);
}

/* V9a: a Load whose element 0 has Valid = 0 is ignored (EL-12); V1's Load is not. */
Test(coverage_el, ignored_load)
{
    gtref_cov *v9 = cov_of("el_invalid_desc");
    expect_el(v9, "V9a", GTREF_COV_EL_LOAD_IGNORED, 1);
    expect_csb(v9, "V9a", 0, 0, 0, 0, 0);
    gtref_cov_destroy(v9);
    gtref_cov *v1 = cov_of("el_single");
    expect_el(v1, "V1", GTREF_COV_EL_LOAD_IGNORED, 0);
    gtref_cov_destroy(v1);
}

/* EL-26: V2's contexts both have PDP0 = 0 (DRV-2: a GGTT-only context); giving B another PDP0 makes the element
 * switch's full restore change it (and nothing else does: A's start restores 0 over the reset value 0). */
Test(coverage_el, a_full_restore_that_changes_pdp0)
{
    gtref_cov *v2 = cov_of("el_two_elements");
    expect_el(v2, "V2", GTREF_COV_EL_PDP0_CHANGE, 0);
    gtref_cov_destroy(v2);
    const char *b = "  el_ctx_reg lrca=0x110000 RCS0.CS_GPR0 0xB0B0B0B0\n";
    char *t = edited(directed_text("el_two_elements"), b,
                     "  el_ctx_reg lrca=0x110000 RCS0.CS_GPR0 0xB0B0B0B0\n  el_ctx_reg lrca=0x110000 RCS0.PDP0_LDW 0x00500000\n");
    gtref_cov *c = cov_of_text(t);
    expect_csb(c, "V2 with B's PDP0", 1, 1, 1, 0, 0);
    expect_el(c, "V2 with B's PDP0", GTREF_COV_EL_PDP0_CHANGE, 1);
    gtref_cov_destroy(c);
}

/* V5 with A waiting in its ring on a poll-mode MI_SEMAPHORE_WAIT (memory 1, waiting for 0) instead of spinning in a
 * batch: Load [B] makes the wait's next poll an arbitration point with a submission pending (EL-16): A is preempted
 * at ring level, its RING_HEAD at the wait (EL-6 level 0); after F := 0, Load [A] resumes it in the ring. */
Test(coverage_el, a_poll_wait_preempted_and_resumed_in_the_ring)
{
    char *t = edited(directed_text("el_resume"), "  MI_BATCH_BUFFER_START addr=0x400000      # S.4: A spins\n  MI_NOOP\n",
                     "  MI_SEMAPHORE_WAIT ggtt poll compare=SAD_EQ_SDD data=0 addr=0x300000\n");
    gtref_cov *c = cov_of_text(t);
    expect_el(c, "V5 with a ring poll", GTREF_COV_EL_POLL_TAKEN, 1);
    expect_el(c, "V5 with a ring poll", GTREF_COV_EL_ARB_CHECK_TAKEN, 0);
    expect_el(c, "V5 with a ring poll", GTREF_COV_EL_RESUME_RING, 1);
    expect_el(c, "V5 with a ring poll", GTREF_COV_EL_RESUME_BATCH, 0);
    expect_csb(c, "V5 with a ring poll", 2, 0, 2, 1, 0);
    gtref_cov_destroy(c);
}

/* EL-16: "Nothing else is an arbitration point: not a signal-mode or register-poll wait". The same edit of V5 with
 * A's wait in register-poll mode on its CS_GPR0 (0xA0A0A0A0 from its image, never 0x11): A waits on, Load [B] stays
 * pending (no PREEMPTED), and the second Load [A] finds both slots valid: it replaces B (EL-11 step 3). */
Test(coverage_el, a_register_poll_wait_is_no_arbitration_point)
{
    char *t = edited(directed_text("el_resume"), "  MI_BATCH_BUFFER_START addr=0x400000      # S.4: A spins\n  MI_NOOP\n",
                     "  MI_SEMAPHORE_WAIT poll reg_poll ggtt compare=SAD_EQ_SDD data=0x11 addr=0x2600\n");
    gtref_cov *c = cov_of_text(t);
    expect_el(c, "V5 with a register poll", GTREF_COV_EL_POLL_TAKEN, 0);
    expect_el(c, "V5 with a register poll", GTREF_COV_EL_RESUME_RING, 0);
    expect_el(c, "V5 with a register poll", GTREF_COV_EL_LOAD_REPLACES, 1);
    expect_csb(c, "V5 with a register poll", 1, 0, 0, 0, 0);
    gtref_cov_destroy(c);
}

/* EL-1: V1 on RCS0 alone is one mode; V10 runs RCS0 and BCS0 both in execlist mode; V1 with BCS0 running a ring in
 * ring-buffer mode beside it is both modes in one test (once per test, however many commands). */
Test(coverage_el, both_modes_in_one_test)
{
    gtref_cov *v1 = cov_of("el_single");
    expect_el(v1, "V1", GTREF_COV_EL_BOTH_MODES, 0);
    gtref_cov_destroy(v1);
    gtref_cov *v10 = cov_of("el_semaphore_pingpong");
    expect_el(v10, "V10", GTREF_COV_EL_BOTH_MODES, 0);
    gtref_cov_destroy(v10);
    char *t = directed_text("el_single");
    t = edited(t, "seed 101\n", "seed 101\nengines 2\n");
    t = edited(t, "ggtt 0x300000 0x300000\n",
               "ggtt 0x300000 0x300000\nggtt 0x250000 0x250000 pages 2\n"
               "ring 0x250000 size 0x1000 {\n  MI_STORE_DATA_IMM ggtt addr=0x300200 data=0x5\n"
               "  MI_STORE_DATA_IMM ggtt addr=0x300208 data=0x6\n}\n");
    t = edited(t, "host {\n", "host {\n  write BCS0.RING_CTL 0x0\n  write BCS0.RING_START 0x250000\n  write BCS0.RING_HEAD 0x0\n"
                              "  write BCS0.RING_TAIL 0x0\n  write BCS0.RING_CTL 0x1\n  write BCS0.RING_TAIL 0x20\n");
    gtref_cov *both = cov_of_text(t);
    expect_el(both, "V1 with a BCS0 ring", GTREF_COV_EL_BOTH_MODES, 1);
    expect_csb(both, "V1 with a BCS0 ring", 1, 0, 1, 0, 0);
    gtref_cov_destroy(both);
}

/* The table: the execlist bins have rows, a hole is listed with its rule, and the bins count in gtref_cov_bins
 * (EL-20's five entries per engine, and the scenarios once). */
Test(coverage_el, bins_are_in_the_table_and_holes_are_listed)
{
    gtref_cov *c1 = gtref_cov_create(1), *c4 = gtref_cov_create(4);
    cr_assert_eq(gtref_cov_bins(c4) - gtref_cov_bins(c1) >= 3u * GTREF_COV_CSB_EVENTS, 1,
                 "three more engines add at least five CSB bins each");
    gtref_cov_destroy(c1);
    char *t = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&t, &len);
    gtref_cov_print(c4, f);
    fclose(f);
    cr_assert(strstr(t, "| CSB PREEMPTED|LITE_RESTORE 0x8002 (EL-17)"), "%s", t);
    cr_assert(strstr(t, "  execlist CSB PREEMPTED 0x0002 (EL-16) on VECS0\n"), "%s", t);
    cr_assert(strstr(t, "  execlist both modes in one test (EL-1)\n"), "%s", t);
    free(t);
    size_t holes = gtref_cov_holes(c4);
    gtref_cov_el_switch s = { .nsteps = 1, .step = { { 0, GTREF_CSB_IDLE_TO_ACTIVE, 0 } } };
    gtref_cov_el_switch_made(c4, 2, &s);
    cr_assert_eq(gtref_cov_holes(c4), holes - 1, "one IDLE_TO_ACTIVE on VCS0 fills one bin");
    cr_assert_eq(gtref_cov_csb_hits(c4, GTREF_COV_CSB_IDLE_TO_ACTIVE, 2), 1);
    gtref_cov_el_switch broken = { .nsteps = 0 };   /* EL-27: a broken image's switch reports no CSB step */
    gtref_cov_el_switch_made(c4, 3, &broken);
    cr_assert_eq(gtref_cov_holes(c4), holes - 1);
    gtref_cov_destroy(c4);
}

/* The CS_GPR dword bins (issue 20 §2, "every GPR"): lri_multi's LRIs write RCS0's CS_GPR0..10 and CS_GPR31 (KBL-CMD
 * digest A.2, spec-decisions R6: LRI loads the dword into the register; C6: the read-only IPEHR and ESR pairs are
 * dropped, GPR31 lands). Dword d is R(d/2) low (even) or high (odd): these twelve are hit on RCS0, no other dword and
 * no other engine. */
Test(coverage_el, gpr_dwords_committed_by_commands)
{
    gtref_cov *c = cov_of("lri_multi");
    gtref_cov *none = gtref_cov_create(4);
    cr_assert_not_null(none);
    size_t holes = gtref_cov_holes(none);
    cr_assert_eq(gtref_cov_holes(c) <= holes - 12, true, "at least the twelve GPR bins are hit");
    for (int d = 0; d < 32; d++) {
        gtref_cov *probe = gtref_cov_create(4);
        cr_assert_not_null(probe);
        gtref_cov_merge(probe, c);
        size_t before = gtref_cov_holes(probe);
        gtref_cov_event(probe, RCS, (enum gtref_cov_event)(GTREF_COV_GPR_DW0 + d));
        bool hit = gtref_cov_holes(probe) == before;   /* already hit: one more event fills no hole */
        bool want = d <= 10 || d == 31;
        cr_expect_eq(hit, want, "CS_GPR%d (R%d %s) on RCS0: %s", d, d / 2, d % 2 ? "high" : "low", hit ? "hit" : "not hit");
        gtref_cov_destroy(probe);
    }
    for (int e = BCS; e < 4; e++) {
        gtref_cov *probe = gtref_cov_create(4);
        gtref_cov_merge(probe, c);
        size_t before = gtref_cov_holes(probe);
        gtref_cov_event(probe, e, GTREF_COV_GPR_DW0);
        cr_expect_eq(gtref_cov_holes(probe), before - 1, "engine %d's CS_GPR0 bin is not hit", e);
        gtref_cov_destroy(probe);
    }
    gtref_cov_destroy(none);
    gtref_cov_destroy(c);
}
