/* The stimulus linter (docs/stimulus-format.md §5): each rule fires on a program that breaks it, the
 * out-of-spec mark waives exactly its rule, and the generator never breaks any. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gtref/stim.h"
#include "gtref/stim_lint.h"

#define HEAD "test t\nengines 1\n"

static void assemble_fails(const char *text, const char *want)
{
    gtref_stim s;
    gtref_stim_init(&s);
    char err[1024] = "";
    cr_assert_neq(gtref_gts_assemble(&s, text, "t.gts", err, sizeof err), 0, "accepted:\n%s", text);
    cr_assert(strstr(err, want), "message '%s' lacks '%s'", err, want);
    gtref_stim_free(&s);
}

static void assemble_ok(const char *text)
{
    gtref_stim s;
    gtref_stim_init(&s);
    char err[1024] = "";
    cr_assert_eq(gtref_gts_assemble(&s, text, "t.gts", err, sizeof err), 0, "%s\n%s", err, text);
    gtref_stim_free(&s);
}

#define BAD_BB  "ring 0x100000 size 0x1000 {\n  MI_BATCH_BUFFER_START addr=0x200004\n}\nbatch 0x200004 {\n  MI_BATCH_BUFFER_END\n}\n"
#define BAD_SDI "ring 0x100000 size 0x1000 {\n  MI_STORE_DATA_IMM addr=0x100100 data=1\n}\n"

Test(stim_lint, each_rule_fires_and_names_its_spec_line)
{
    assemble_fails(HEAD BAD_BB, "out of spec (bb-qword-aligned, KBL-OVW L657-659): ring 0x100000 + 0x0 "
                                "(MI_BATCH_BUFFER_START): batch address 0x200004");
    assemble_fails(HEAD "host {\n  write RCS0.RING_START 0x100800\n}\n", "out of spec (ring-start-4k");
    assemble_fails(HEAD "host {\n  write RCS0.RING_START 0x20100000\n}\n", "RING_START = 0x20100000");
    assemble_fails(HEAD "host {\n  write RCS0.RING_TAIL 0x14\n}\n", "out of spec (tail-qword");
    assemble_fails(HEAD "host {\n  write RCS0.HWS_PGA 0x3000100\n}\n", "out of spec (hws-page");
    assemble_fails(HEAD "ring 0x100000 size 0x1000 {\n  MI_LOAD_REGISTER_IMM RCS0.HWS_PGA=0x3000004\n}\n",
                   "out of spec (hws-page");
    assemble_fails(HEAD BAD_SDI, "out of spec (no-store-into-commands, docs/cycle-contract.md");
}

/* docs/gam.md §5: the GAM's arbiter and limit registers (the MIDARB NP machine, the cascade's GAC_ARB_CTL_REG and
 * ARB_*_GAC_GAM*, the LRA ranges, MEDIA_MAX_REQ_COUNT) are written by MMIO only while every engine is idle. */
#define RING_UP "  write RCS0.RING_CTL 0x0\n  write RCS0.RING_START 0x100000\n  write RCS0.RING_HEAD 0x0\n" \
                "  write RCS0.RING_TAIL 0x0\n  write RCS0.RING_CTL 0x1\n"
#define RING_NOOPS "ring 0x100000 size 0x1000 {\n  MI_NOOP\n  MI_NOOP\n  MI_NOOP\n  MI_NOOP\n}\n"
Test(stim_lint, gam_registers_are_written_only_while_every_engine_is_idle)
{
    /* at setup, with the ring enabled but empty (HEAD = TAIL), and after a wait_idle: legal */
    assemble_ok(HEAD RING_NOOPS "host {\n  write GAC_ARB_CTL_REG 0x83814100\n  write ARB_RO_GAC_GAM0 0x0fff9fff\n"
                RING_UP "  write ARB_WR_GAC_GAM3 0x12345678\n  write MIDARB_PRIO_NP 0x1\n  write RCS0.RING_TAIL 0x10\n"
                "  wait_idle\n  write GAC_ARB_CTL_REG 0x00400002\n  write ARB_R_GAC_GAM2 0x7\n}\n");
    /* submitted (TAIL moved past HEAD) and no wait_idle since: each register of the rule is reported */
    static const char *const regs[] = {"GAC_ARB_CTL_REG",     "ARB_RO_GAC_GAM0",      "ARB_R_GAC_GAM2",
                                       "ARB_WR_GAC_GAM3",     "MIDARB_PRIO_NP",       "MIDARB_GOTOFIELD_NP1",
                                       "CVS_TLB_LRA_2",       "MEDIA_MAX_REQ_COUNT"};
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++) {
        char text[1024], want[256];
        snprintf(text, sizeof text, HEAD RING_NOOPS "host {\n" RING_UP "  write RCS0.RING_TAIL 0x10\n  write %s 0x3\n"
                 "  wait_idle\n}\n", regs[i]);
        snprintf(want, sizeof want, "out of spec (gam-regs-while-idle, docs/gam.md §5): host operation 7 (write 0x");
        assemble_fails(text, want);
        snprintf(want, sizeof want, "%s = 0x00000003 while RCS0 may be busy", regs[i]);
        assemble_fails(text, want);
    }
    /* waived by its mark */
    assemble_ok(HEAD "out-of-spec gam-regs-while-idle \"a cascade write under way\"\n" RING_NOOPS "host {\n" RING_UP
                "  write RCS0.RING_TAIL 0x10\n  write GAC_ARB_CTL_REG 0x80000000\n  wait_idle\n}\n");
}

Test(stim_lint, out_of_spec_waives_exactly_its_rule)
{
    assemble_ok(HEAD "out-of-spec bb-qword-aligned \"a DWord-aligned batch start\"\n" BAD_BB);
    assemble_fails(HEAD "out-of-spec tail-qword \"x\"\n" BAD_BB, "out of spec (bb-qword-aligned");
    assemble_fails(HEAD "out-of-spec tail-qword \"nothing breaks it\"\n", "t.gts:3: out-of-spec tail-qword: the test does not break that rule");
    assemble_fails(HEAD "out-of-spec tail-qwrd \"x\"\n", "t.gts:3: out-of-spec: no linter rule 'tail-qwrd' (rules: bb-qword-aligned");
    assemble_fails(HEAD "out-of-spec tail-qword\n", "t.gts:3: expected 'out-of-spec RULE \"what the test checks");
}

/* C33's stimulus rule: once a host write meets a register-poll wait's condition (after a ring has work), no later host
 * write breaks it (writes that leave it unmet are legal), and no register load with an absolute offset writes it. */
#define POLL_RING "ring 0x100000 size 0x1000 {\n  MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD reg_poll data=5 addr=0x2640\n" \
                  "  MI_NOOP\n  MI_NOOP\n}\n"
Test(stim_lint, a_register_poll_wait_stays_released_once_released)
{
    assemble_ok(HEAD POLL_RING "host {\n" RING_UP "  write RCS0.CS_GPR16 0x1\n  write RCS0.RING_TAIL 0x10\n"
                "  write RCS0.CS_GPR16 0x5\n}\n");
    assemble_ok(HEAD POLL_RING "host {\n" RING_UP "  write RCS0.RING_TAIL 0x10\n  write RCS0.CS_GPR16 0x4\n"
                "  write RCS0.CS_GPR16 0x5\n  write RCS0.CS_GPR16 0x5\n}\n");
    assemble_fails(HEAD POLL_RING "host {\n" RING_UP "  write RCS0.RING_TAIL 0x10\n  write RCS0.CS_GPR16 0x5\n"
                   "  write RCS0.CS_GPR16 0x4\n}\n", "out of spec (reg-poll-one-release");
    assemble_fails(HEAD "ring 0x100000 size 0x1000 {\n  MI_LOAD_REGISTER_IMM RCS0.CS_GPR16=0x5\n"
                   "  MI_SEMAPHORE_WAIT compare=SAD_EQ_SDD reg_poll data=5 addr=0x2640\n  MI_NOOP\n}\n"
                   "host {\n" RING_UP "  write RCS0.RING_TAIL 0x10\n  write RCS0.CS_GPR16 0x5\n}\n",
                   "out of spec (reg-poll-one-release");
}

/* docs/execlists.md §8: an engine's ring registers, HWS_PGA and CSB write pointer are not written by MMIO while a slot
 * may be valid (from a Load until a wait_idle); the execlist registers are never a command's target, nor the
 * status ones its source. */
#define EL_UP "  el_init RCS0 hwsp=0x10000\n  el_context RCS0 lrca=0x100000 ring=0x200000 tail=0x0\n"
Test(stim_lint, execlist_registers_keep_the_contract)
{
    static const char *const host_regs[] = { "RCS0.RING_TAIL 0x10", "RCS0.RING_HEAD 0x0", "RCS0.RING_START 0x200000",
                                             "RCS0.RING_CTL 0x1", "RCS0.HWS_PGA 0x20000", "RCS0.CONTEXT_STATUS_PTR 0x000F0000" };
    for (size_t i = 0; i < sizeof host_regs / sizeof host_regs[0]; i++) {
        char text[1024];
        snprintf(text, sizeof text, HEAD "host {\n" EL_UP "  el_submit RCS0 0x0000002000100119\n  write %s\n  wait_idle\n}\n",
                 host_regs[i]);
        assemble_fails(text, "out of spec (el-ring-regs-while-loaded, docs/execlists.md §8): host operation 4");
        /* after a wait_idle, or after a Load that is ignored (element 0 invalid, EL-12): legal */
        snprintf(text, sizeof text, HEAD "host {\n" EL_UP "  el_submit RCS0 0x0000002000100119\n  wait_idle\n  write %s\n}\n",
                 host_regs[i]);
        assemble_ok(text);
        snprintf(text, sizeof text, HEAD "host {\n" EL_UP "  el_submit RCS0 0x0000002000100118\n  write %s\n}\n", host_regs[i]);
        assemble_ok(text);
    }
    /* the read pointer may be written at any time */
    assemble_ok(HEAD "host {\n" EL_UP "  el_resubmit RCS0 0x0000002000100119 tail=0x0\n  write RCS0.CONTEXT_STATUS_PTR 0x0F000300\n}\n");
    static const char *const cmds[] = {
        "MI_LOAD_REGISTER_IMM RCS0.EXECLIST_CONTROL=0x1", "MI_LOAD_REGISTER_IMM RCS0.CS_GPR0=0x1 RCS0.EXECLIST_SQ_HI1=0x2",
        "MI_LOAD_REGISTER_IMM RCS0.CONTEXT_STATUS_PTR=0x000F0001", "MI_STORE_REGISTER_MEM ggtt reg=RCS0.CSB_ENTRY_LO7 addr=0x300000",
        "MI_STORE_REGISTER_MEM ggtt reg=RCS0.EXECLIST_STATUS_HI addr=0x300000",
    };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        char text[1024];
        snprintf(text, sizeof text, HEAD "ring 0x100000 size 0x1000 {\n  %s\n}\n", cmds[i]);
        assemble_fails(text, "out of spec (el-regs-not-by-commands, docs/execlists.md §8): ring 0x100000 + 0x0");
    }
    assemble_ok(HEAD "ring 0x100000 size 0x1000 {\n  MI_STORE_REGISTER_MEM ggtt reg=RCS0.CS_GPR3 addr=0x300000\n}\n");
}

Test(stim_lint, the_generator_never_goes_out_of_spec, .timeout = 240)
{
    gtref_lint_violation v[1];
    size_t seeds = 0;
    for (unsigned e = 1; e <= 4; e++) {
        gtref_gen_config c;
        gtref_gen_config_default(&c);
        c.engines = e;
        for (uint64_t seed = 1; seed <= 600; seed++, seeds++) {
            gtref_stim s;
            gtref_stim_init(&s);
            cr_assert_eq(gtref_stim_generate(&s, seed, &c), 0);
            size_t n = gtref_stim_lint(&s, NULL, 0, v, 1);
            cr_assert_eq(n, 0, "seed %llu on %u engines: %s at %s: %s", (unsigned long long)seed, e,
                         n ? v[0].rule->id : "", n ? v[0].where : "", n ? v[0].found : "");
            gtref_stim_free(&s);
        }
    }
    cr_assert_eq(seeds, 2400);
}
