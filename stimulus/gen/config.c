/* The constrained-random generator (docs/stimulus-format.md §3), config.c: the generator's default configuration
 * (gtref_gen_config_default) and the long-test preset. What the generator's files share: gen_internal.h. */
#include "gen_internal.h"

void gtref_gen_config_bench_long(gtref_gen_config *c)
{
    c->min_cmds = 20000;
    c->max_cmds = 30000;
    c->max_ring_pages = 16;
    c->multi_page_pct = 100;
    c->execlist_pct = 0;   /* the bench measures the ring-buffer stream (an execlist context's ring is one page) */
}

void gtref_gen_config_default(gtref_gen_config *c)
{
    memset(c, 0, sizeof *c);
    c->engines = 4;
    c->all_engines_pct = 75;
    c->min_cmds = 20;
    c->max_cmds = 200;
    /* the command families (one emitter each, gen_emit_cmd): their GTREF_GEN_FAMILIES rows */
#define GEN_FAMILY_DEFAULT(name, option, weight, cli, cmds) c->w_##name = weight;
    GTREF_GEN_FAMILIES(GEN_FAMILY_DEFAULT)
#undef GEN_FAMILY_DEFAULT
    c->sem_signal_pct = 50;
    c->early_wait_pct = 50;
    c->watchdog_pct = 50;
    c->host_race_pct = 50;
    c->chain_pct = 20;
    c->nonpriv_pct = 35;
    c->force_nonpriv_pct = 50;
    c->notify_irq_pct = 40;
    c->max_sem_slots = 3;
    c->lri_other_pct = 15;
    c->lri_ignored_pct = 30;
    c->multi_page_pct = 25;
    c->max_ring_pages = 4;
    c->laps_pct = 80;
    c->split_tail_pct = 15;
    c->back_to_back_pct = 40;
    c->irq_closed_pct = 20;
    /* illegal commands: in the second half of an engine's stream, at each level (ring, first, second) alike,
     * often enough that every (kind, engine, level) bin is reached in 200 seeds */
    c->malformed_pct = 60;
    c->malformed_engine_pct = 70;
    c->malformed_batch_pct = 67;
    c->emr_unmask_pct = 50;
    c->w_bad_opcode = 3;
    c->w_bad_type = 3;
    c->w_bad_length = 1;
    c->w_bad_sdi = 1;
    c->w_bad_lri = 1;
    c->w_bad_engine = 3;
    /* address translation */
    c->ggtt_remap_pct = 40;
    c->alias_pct = 30;
    c->pte_junk_pct = 20;
    c->ppgtt_pct = 60;
    c->ppgtt_engine_pct = 80;
    c->shared_pml4_pct = 40;
    c->tlb_pressure_pct = 50;
    c->space_meet_pct = 50;
    c->high_place_pct = 50;    /* rings, batches, status pages, contexts and data anywhere (its own stream) */
    c->remap_pct = 25;
    c->live_remap_pct = 30;
    c->lra_pct = 40;
    c->midarb_pct = 60;
    c->fault_pct = 25;
    c->fault_continue_pct = 50;
    c->fault_engine_pct = 80;
    c->fault_if_pct = 30;
    c->fault_cmd_pct = 8;
    c->emr_pf_unmask_pct = 50;
    c->fault_clear_pct = 50;
    /* host invalidations and admission limits (docs/gam.md GAM-21..23) */
    c->flsh_cntl_pct = 40;
    c->flsh_cntl_live_pct = 30;
    c->instpm_pct = 30;
    c->instpm_setup_pct = 30;
    c->req_limit_pct = 40;
    /* the GAC/GAB cascade (docs/gam.md GAM-26 to GAM-28) */
    c->gac_gab_pct = 60;
    c->gac_gam_pct = 60;
    c->casc_contend_pct = 35;
    /* the aggregator's same-cycle events (docs/interrupts.md IRQ-10) */
    c->irq_burst_pct = 25;
    /* host writes racing engine events on every interrupt register (docs/interrupts.md §5) */
    c->irq_race_pct = 70;
    /* Gen11 variants (docs/spec-decisions.md C13, C17, C21, C26, C28, C32, C33, C35-C38): a stream of their own */
    c->gen11_unit_pct = 12;
    c->cs_mmio_pct = 50;
    c->math_load1_pct = 50;
    c->pred_jump_pct = 60;
    c->atomic_forms_pct = 50;
    c->cbbe_pct = 50;
    c->sig_target_pct = 40;
    c->sem_burst_pct = 50;
    c->host_reg_pct = 50;      /* host writes of the registers nothing else writes from the host: a stream of its own */
    c->irq_dense_pct = 60;     /* one engine's mask/IMR/selector written every cycle over its events (own stream) */
    c->alias_signal_pct = 90;  /* the quiet bursts' gaps: signals to targets 8..11 (VCS4..VCS7, C32; own stream) */
    c->nonpriv_entries_pct = 50;
    c->sdi2_pct = 50;
    c->reg_poll_pct = 40;
    c->long_lri_pct = 30;
    c->priv_violation_pct = 50;
    c->execlist_pct = 65;
    c->el_engine_pct = 60;
    c->el_scenario_pct = 35;
    c->w_el_two = 3;
    c->w_el_empty = 2;
    c->w_el_spin = 3;
    c->w_el_idle = 2;
    c->w_el_pingpong = 2;
    c->w_el_poll = 2;
    c->w_el_replace = 2;
    c->el_lite_pct = 50;
    c->el_csb_pct = 20;
    c->el_invalid_pct = 3;
    c->el_malformed_pct = 15;
}

