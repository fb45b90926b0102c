/* The GAM model (include/gtref/gam_model.h): the cycle-level reference of docs/gam.md GAM-7 to GAM-16 and, of phase
 * 2, GAM-21 (GFX_FLSH_CNTL), GAM-22 (INSTPM: through gam_inputs.invalidate, set by the scoreboard), GAM-23
 * (accepted-request limits) and GAM-26 to GAM-29 (the GAC/GAB cascade: GAC_ARB_CTL_REG's owner and count per class,
 * the ARB_{RO,R,WR}_GAC_GAM class machines, the packed state of probe_gam_casc).
 *
 * gam_tick(n) follows GAM-10 step by step with the state at the start of cycle n: (1) the response pops the oldest
 * transferred read, (2) stage T makes one step of its phase, (3) the arbiter runs if T can accept, (4) P transfers
 * and reloads, (5) invalidations and the host write apply last. Everything at the closing edge is computed from
 * the state at the start of the cycle (the registers as held before the edge, the TLB before this edge's fill);
 * the new state is written in the order of the steps, so a later step overwrites an earlier one exactly where the
 * contract says it wins (an invalidation clears an entry filled at the same edge, GAM-12; a host write to
 * CVS_TLB_LRA_0/1 resets pointers a fill advanced, GAM-8).
 *
 * Decisions where docs/gam.md is silent (each also at its place below):
 *   D1 A GGTT request with va >= 4 GB never hits: it has no GGTT page number (the TLB holds va[31:12] of pages
 *      below 4 GB only), so the lookup misses and the range fault of GAM-4 follows, as the command model (GAM-20)
 *      decides it. Comparing va[31:12] alone would let such an access alias a page below 4 GB and never fault.
 *   D2 GFX_ARB_ERROR_RPT: the fault's bit is set after a host write of the same cycle (GAM-14, GAM-16, G16).
 *   D3 A read response with no transferred read outstanding (a testbench protocol error) is routed nowhere.
 *   D4 Contention (§4) is counted in every cycle in which both engines take part (D7), whether or not the arbiter
 *      runs.
 *   D5 walk_reads counts walk reads when P loads them (each is one read on the port).
 *   D6 A request whose client is not IF, DR or WR (GAM-1 defines no other) is not a request: never arbitrated or
 *      granted, so a DUT that presents one fails the grant comparison instead of crashing the model.
 *   D7 "Requesting" in the contention bin (§4) means being admitted: a bit of the vector a after the limits of
 *      GAM-23 (GAM-26: the bins count pairs of a, before the cascade's gates). A request held back by its limit is
 *      not contending (it is counted by the limited bin instead).
 *   D8 The limited bin (§4) counts every cycle in which an engine's request (valid, with a defined client, D6) is
 *      held back by its limit, whether or not T can accept in that cycle (as D4).
 *   D9 GAM-23's limit is MEDIA_MAX_REQ_COUNT as held at the start of the cycle (a host write to it acts from the
 *      next cycle, GAM-16). A continue-mode fault does not release the count: the request goes on to the port and
 *      is released by its response or acknowledgement.
 *   D10 The cascade's gates (GAM-26) are computed in every cycle, so arb_v is the gated v (what the NP machine
 *      arbitrates, or would if T could accept) whether or not an arbitration is made, as it was before the cascade;
 *      casc_a is the admitted vector a in every cycle. Only the state moves and the coverage wait for an
 *      arbitration (GAM-27, GAM-28).
 *   D11 casc_fixed (§4) counts every arbitration with a class-c conflict (GAB and GAC both present with class c in
 *      a) and the class's limit disabled, by the fixed side that decided it, whether or not the cascade then wins
 *      the GAC->GAM machine or the NP grant: the GAC/GAB decision is made by the fixed side either way.
 *   D12 The owner switches when the count + 1 is at or above the limit (a limit of 0 counts as 1, G23), not only
 *      exactly at it: a count is kept across a host write that lowers the limit (GAM-27), and ">=" switches at the
 *      next served conflict instead of letting the count run past the limit. With legal stimulus (GAC_ARB_CTL_REG
 *      written only while every engine is idle, §5, when every count is 0) both readings are the same. */
#include "gtref/gam_model.h"

#include <stdlib.h>
#include <string.h>

#include "gtref/regs.h"

#define GAM_MAX_REGS 64          /* the table's GAM rows (40 today); gam_create fails if there are more */
#define ENGINES_MAX 4
#define LEVELS 4                 /* PPGTT: PML4E, PDPE, PDE, PTE (GAM-5) */
#define LEAF_LEVEL (LEVELS - 1)  /* the PTE level; a GGTT walk starts (and ends) here (GAM-4) */
#define LINE_MASK 0x3Full        /* a walk read fetches the 64-byte line holding the entry (GAM-10) */
#define PAGE_OFFSET_MASK (GTREF_PAGE_SIZE - 1)

enum t_phase { T_EMPTY, T_LOOKUP, T_READY, T_WALK_ISSUE, T_WALK_WAIT };

/* The cascade (GAM-26): a request's class is its client (IF -> RO, DR -> R, WR -> WR); the sides of the engines. */
#define CLASSES GTREF_GAM_CLIENTS
#define ENG_GAM 0x1u             /* RCS0: the GAM side */
#define ENG_GAB 0x2u             /* BCS0 */
#define ENG_GAC 0xCu             /* VCS0, VECS0 */
enum casc_side { SIDE_GAC = 0, SIDE_GAB = 1 };   /* the owner's encoding is casc's (1 = GAB, GAM-29) */

/* Stage T: the one request in translation (GAM-10) and its translation so far. */
typedef struct stage_t {
    enum t_phase phase;
    uint8_t engine;
    gam_req req;
    uint64_t pa;          /* READY: the physical address the request goes to P with */
    uint64_t entry_addr;  /* WALK_ISSUE / WALK_WAIT: the entry being read */
    int level;            /* WALK_*: 0 PML4E .. 3 PTE; a GGTT walk is at LEAF_LEVEL */
} stage_t;

typedef struct gam_reg { const gtref_reg_def *def; uint32_t val; } gam_reg;

/* The response queue: src of every read that transferred and has no response yet, oldest first (GAM-11). */
typedef struct rsp_queue { uint8_t *src; size_t cap, head, count; } rsp_queue;

struct gam_model {
    int engines;
    gam_reg regs[GAM_MAX_REGS];
    size_t nregs;
    /* The engine registers as the DUT holds them (GAM-16), given by gam_engine_reg. */
    uint32_t pdp0_ldw[ENGINES_MAX], pdp0_udw[ENGINES_MAX], pp_dclv[ENGINES_MAX];
    gam_tlb_entry tlb[ENGINES_MAX][GTREF_TLB_ENTRIES];
    uint8_t lra_ptr[ENGINES_MAX][GTREF_TLB_LRAS];
    uint8_t arb_state;
    /* The cascade (GAM-27, GAM-28), per class (index = client: 0 RO, 1 R, 2 WR): the GAC->GAM machine's state, the
     * GAC/GAB owner (SIDE_GAC / SIDE_GAB) and count. Reset: 0, GAC, 0. */
    uint8_t casc_s[CLASSES], casc_owner[CLASSES], casc_count[CLASSES];
    /* Slots (in regs) of the registers read in every cycle, found once by gam_create (reg_index searches). */
    int slot_max_req, slot_prio_np, slot_goto_np[4], slot_gac_ctl, slot_casc[CLASSES][4];
    unsigned outstanding[ENGINES_MAX];   /* GAM-23: granted, not yet answered, acknowledged or dropped */
    stage_t t;
    gam_port p;
    rsp_queue rspq;
    gam_coverage cov;
};

/* ---- registers ---- */

/* The slot of GAM register off, or -1. */
static int reg_index(const gam_model *g, uint32_t off)
{
    for (size_t i = 0; i < g->nregs; i++)
        if (g->regs[i].def->offset == off) return (int)i;
    return -1;
}

/* Every offset the model uses is checked by gam_create, so these never see -1. */
static gam_reg *reg_at(gam_model *g, uint32_t off) { return &g->regs[reg_index(g, off)]; }
static uint32_t reg_val(const gam_model *g, uint32_t off) { return g->regs[reg_index(g, off)].val; }

static bool is_gam_row(const gtref_reg_def *d) { return (d->flags & GTREF_REGF_GAM) && !(d->flags & GTREF_REGF_ENGINE); }

bool gam_owns(uint32_t off)
{
    for (size_t i = 0; i < gtref_nregs; i++)
        if (is_gam_row(&gtref_regs[i]) && gtref_regs[i].offset == off) return true;
    return false;
}

uint32_t gam_reg_read(const gam_model *g, uint32_t off)
{
    int i = reg_index(g, off);
    return i >= 0 ? g->regs[i].val : 0;
}

/* LRA k's [min, max] (GAM-8): LRA0 = LRA_0[4:0], [12:8]; LRA1 = LRA_0[20:16], [28:24]; LRA2 = LRA_1[4:0], [12:8]. */
static uint8_t lra_min(const gam_model *g, int k)
{
    uint32_t v = reg_val(g, k < 2 ? GTREF_CVS_TLB_LRA_0 : GTREF_CVS_TLB_LRA_1);
    return (uint8_t)((v >> (k == 1 ? 16 : 0)) & 0x1F);
}

static uint8_t lra_max(const gam_model *g, int k)
{
    uint32_t v = reg_val(g, k < 2 ? GTREF_CVS_TLB_LRA_0 : GTREF_CVS_TLB_LRA_1);
    return (uint8_t)((v >> (k == 1 ? 24 : 8)) & 0x1F);
}

/* The LRA of client c (GAM-8, G7): CVS_TLB_LRA_2 CS [5:4] for IF, VF [3:2] for DR, SO [1:0] for WR; 3 means LRA0. */
static int client_lra(const gam_model *g, uint8_t client)
{
    static const unsigned shift[GTREF_GAM_CLIENTS] = { [GTREF_CLIENT_IF] = 4, [GTREF_CLIENT_DR] = 2, [GTREF_CLIENT_WR] = 0 };
    unsigned f = (reg_val(g, GTREF_CVS_TLB_LRA_2) >> shift[client]) & 3u;
    return f == 3 ? 0 : (int)f;
}

static void reset_lra_ptrs(gam_model *g)
{
    for (int e = 0; e < ENGINES_MAX; e++)
        for (int k = 0; k < GTREF_TLB_LRAS; k++) g->lra_ptr[e][k] = lra_min(g, k);
}

/* ---- life cycle ---- */

gam_model *gam_create(int engines)
{
    if (engines < 1 || engines > ENGINES_MAX) return NULL;
    gam_model *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->engines = engines;
    for (size_t i = 0; i < gtref_nregs; i++) {
        if (!is_gam_row(&gtref_regs[i])) continue;
        if (g->nregs == GAM_MAX_REGS) goto fail;
        g->regs[g->nregs++] = (gam_reg){ &gtref_regs[i], gtref_reg_reset(&gtref_regs[i], -1) };
    }
    static const uint32_t used[] = {
        GTREF_GFX_ENG_FR, GTREF_MEDIA_ENG_FR, GTREF_BLT_ENG_FR, GTREF_GFX_ARB_ERROR_RPT, GTREF_CVS_TLB_LRA_0,
        GTREF_CVS_TLB_LRA_1, GTREF_CVS_TLB_LRA_2, GTREF_MIDARB_PRIO_NP, GTREF_MIDARB_GOTOFIELD_NP0,
        GTREF_MIDARB_GOTOFIELD_NP0 + 4, GTREF_MIDARB_GOTOFIELD_NP0 + 8, GTREF_MIDARB_GOTOFIELD_NP0 + 12, GTREF_GAB_CTL_REG,
        GTREF_MEDIA_MAX_REQ_COUNT, GTREF_GFX_FLSH_CNTL,
    };
    for (size_t i = 0; i < sizeof used / sizeof used[0]; i++)
        if (reg_index(g, used[i]) < 0) goto fail;
    static const uint32_t casc_base[CLASSES] = { GTREF_ARB_RO_GAC_GAM0, GTREF_ARB_R_GAC_GAM0, GTREF_ARB_WR_GAC_GAM0 };
    g->slot_max_req = reg_index(g, GTREF_MEDIA_MAX_REQ_COUNT);
    g->slot_prio_np = reg_index(g, GTREF_MIDARB_PRIO_NP);
    g->slot_gac_ctl = reg_index(g, GTREF_GAC_ARB_CTL_REG);
    if (g->slot_gac_ctl < 0) goto fail;
    for (int k = 0; k < 4; k++) {
        g->slot_goto_np[k] = reg_index(g, GTREF_MIDARB_GOTOFIELD_NP0 + 4u * (unsigned)k);
        for (int c = 0; c < CLASSES; c++)
            if ((g->slot_casc[c][k] = reg_index(g, casc_base[c] + 4u * (unsigned)k)) < 0) goto fail;
    }
    /* GAM-27, GAM-28: every class machine in state 0, owners GAC, counts 0 (calloc). */
    reset_lra_ptrs(g);   /* GAM-8: each pointer starts at its LRA's min */
    return g;
fail:
    free(g);
    return NULL;
}

void gam_destroy(gam_model *g)
{
    if (!g) return;
    free(g->rspq.src);
    free(g);
}

void gam_engine_reg(gam_model *g, int e, uint32_t off, uint32_t val)
{
    if (e < 0 || e >= g->engines) return;
    if (off == GTREF_PDP0_LDW) g->pdp0_ldw[e] = val;
    else if (off == GTREF_PDP0_UDW) g->pdp0_udw[e] = val;
    else if (off == GTREF_PP_DCLV) g->pp_dclv[e] = val;
}

/* ---- response queue ---- */

static void rspq_push(rsp_queue *q, uint8_t src)
{
    if (q->count == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 16;
        uint8_t *s = malloc(cap);
        if (!s) abort();   /* out of memory: nothing sensible left to do */
        for (size_t i = 0; i < q->count; i++) s[i] = q->src[(q->head + i) % q->cap];
        free(q->src);
        *q = (rsp_queue){ s, cap, 0, q->count };
    }
    q->src[(q->head + q->count) % q->cap] = src;
    q->count++;
}

static uint8_t rspq_pop(rsp_queue *q)
{
    uint8_t s = q->src[q->head];
    q->head = (q->head + 1) % q->cap;
    q->count--;
    return s;
}

/* ---- translation (GAM-3 to GAM-8) ---- */

/* The TLB's page number of a request (GAM-7): va[47:12] for PPGTT, va[31:12] for GGTT. */
static uint64_t vpn_of(const gam_req *r)
{
    return r->ggtt ? (r->va & (GTREF_GGTT_RANGE - 1)) >> GTREF_PAGE_SHIFT
                   : (r->va & GTREF_PPGTT_VA_MASK) >> GTREF_PAGE_SHIFT;
}

/* GAM-7: the lowest valid entry with equal ggtt and vpn, or -1. D1: a GGTT va >= 4 GB has no page number and
 * misses (then faults, GAM-4). */
static int tlb_lookup(const gam_model *g, int e, const gam_req *r)
{
    if (r->ggtt && r->va >= GTREF_GGTT_RANGE) return -1;
    uint64_t vpn = vpn_of(r);
    for (int i = 0; i < GTREF_TLB_ENTRIES; i++) {
        const gam_tlb_entry *t = &g->tlb[e][i];
        if (t->valid && t->ggtt == r->ggtt && t->vpn == vpn) return i;
    }
    return -1;
}

/* The index of level `level` of the PPGTT walk (GAM-5): va[47:39], [38:30], [29:21], [20:12]. */
static uint64_t level_index(uint64_t va, int level)
{
    return (va >> (GTREF_PML4_SHIFT - 9 * level)) & GTREF_PT_INDEX_MASK;
}

/* The qword at byte offset (addr & 63) of a 64-byte line, little-endian (byte i = data[8i+7:8i]). */
static uint64_t line_qword(const uint8_t line[64], uint64_t addr)
{
    uint64_t v = 0;
    unsigned off = (unsigned)(addr & LINE_MASK & ~7ull);
    for (int i = 7; i >= 0; i--) v = (v << 8) | line[off + (unsigned)i];
    return v;
}

/* GAM-8: fill the entry at the pointer of the client's LRA, then advance the pointer cyclically in [min, max]. */
static void tlb_fill(gam_model *g, const stage_t *t, uint64_t page, gam_edge *out)
{
    int k = client_lra(g, t->req.client);
    uint8_t idx = g->lra_ptr[t->engine][k];
    gam_tlb_entry *ent = &g->tlb[t->engine][idx];
    out->fill_valid = true;
    out->fill_engine = t->engine;
    out->fill_index = idx;
    out->fill_evict = ent->valid;
    if (ent->valid) g->cov.tlb[GAM_COV_EVICT][t->req.client]++;
    *ent = (gam_tlb_entry){ .valid = true, .ggtt = t->req.ggtt, .vpn = vpn_of(&t->req), .page = page };
    g->lra_ptr[t->engine][k] = idx == lra_max(g, k) ? lra_min(g, k) : (uint8_t)((idx + 1) % GTREF_TLB_ENTRIES);
}

/* GAM-23: engine e's request is complete (response routed, write acknowledged, hang-mode fault). Never below 0: each
 * completion the model sees belongs to a request it granted. */
static void release(gam_model *g, int e)
{
    if (g->outstanding[e]) g->outstanding[e]--;
}

/* A fault's record (GAM-14), applied in step 5 after the host write (G16). */
typedef struct fault_record { bool valid; uint32_t reg, value, arb_bit; } fault_record;

/* GAM-13 to GAM-15: the fault of T's request at this edge. Hang: T empties; continue: READY at the bit-39 address.
 * The record (fault register and ARB error bit) waits for the host write (*rec, G16). */
static void fault(gam_model *g, uint8_t type, gam_edge *out, fault_record *rec)
{
    static const uint32_t arb_bit[3] = { GTREF_ARB_ERR_PAGE, GTREF_ARB_ERR_INVALID_PD, GTREF_ARB_ERR_UNLOADED_PD };
    stage_t *t = &g->t;
    bool cont = (reg_val(g, GTREF_GAB_CTL_REG) & GTREF_GAB_CTL_CONTINUE) != 0;   /* as held in the fault cycle */
    out->fault_valid = true;
    out->fault_engine = t->engine;
    out->fault_type = type;
    out->fault_client = t->req.client;
    out->fault_ggtt = t->req.ggtt;
    out->fault_va = t->req.va;
    out->fault_hang = !cont;
    g->cov.fault[type][cont]++;
    *rec = (fault_record){
        .valid = true, .reg = gtref_fault_reg(t->engine), .arb_bit = arb_bit[type],
        .value = ((uint32_t)t->req.va & GTREF_FR_VA_MASK) | (t->req.ggtt ? GTREF_FR_GGTT : 0)
               | (uint32_t)(4 * t->engine + t->req.client) << GTREF_FR_SRCID_SHIFT
               | (uint32_t)type << GTREF_FR_TYPE_SHIFT | GTREF_FR_VALID,
    };
    if (cont) {
        t->phase = T_READY;
        t->pa = (t->req.va & GTREF_FAULT_CONTINUE_MASK) | GTREF_FAULT_CONTINUE_BIT;
    } else {
        t->phase = T_EMPTY;
        release(g, t->engine);   /* GAM-23: the request is dropped */
    }
}

/* P's content for T's request at physical address pa. */
static gam_port request_port(const stage_t *t, uint64_t pa)
{
    return (gam_port){ .valid = true, .write = t->req.write, .addr = pa, .wdata = t->req.wdata, .be = t->req.be,
                       .src = t->engine };
}

/* The bins of a hit at entry `hit` of engine e's TLB (docs/gam.md §4): the entry's index, and the other space's valid
 * entries with the same vpn (the spaces meet, GAM-7) or the same physical page (one page reached through both). */
static void cover_hit(gam_model *g, int e, int hit)
{
    const gam_tlb_entry *h = &g->tlb[e][hit];
    bool meet = false, both = false;
    g->cov.entry_hit[e][hit]++;
    for (int i = 0; i < GTREF_TLB_ENTRIES; i++) {
        const gam_tlb_entry *o = &g->tlb[e][i];
        if (!o->valid || o->ggtt == h->ggtt) continue;
        meet |= o->vpn == h->vpn;
        both |= o->page == h->page;
    }
    if (meet) g->cov.space_meet[h->ggtt]++;
    if (both) g->cov.page_both++;
}

/* LOOKUP (GAM-10 step 2): one lookup with the TLB as at the start of the cycle. */
static void step_lookup(gam_model *g, bool take, gam_port *p_next, gam_edge *out, fault_record *rec)
{
    stage_t *t = &g->t;
    int e = t->engine;
    int hit = tlb_lookup(g, e, &t->req);
    out->lookup_valid = true;
    out->lookup_engine = t->engine;
    out->lookup_hit = hit >= 0;
    out->lookup_index = (uint8_t)(hit >= 0 ? hit : 0);
    out->lookup_client = t->req.client;
    out->lookup_ggtt = t->req.ggtt;
    out->lookup_va = t->req.va;
    g->cov.tlb[hit >= 0 ? GAM_COV_HIT : GAM_COV_MISS][t->req.client]++;
    if (hit >= 0) cover_hit(g, e, hit);
    if (hit >= 0) {
        t->pa = (g->tlb[e][hit].page << GTREF_PAGE_SHIFT) | (t->req.va & PAGE_OFFSET_MASK);
        if (take) {
            *p_next = request_port(t, t->pa);
            t->phase = T_EMPTY;
        } else {
            t->phase = T_READY;
        }
        return;
    }
    if (t->req.ggtt) {
        if (t->req.va >= GTREF_GGTT_RANGE) { fault(g, GTREF_FAULT_PAGE, out, rec); return; }   /* GAM-4 */
        t->level = LEAF_LEVEL;
        t->entry_addr = GTREF_GSM_BASE + (t->req.va >> GTREF_PAGE_SHIFT) * 8;
    } else {
        uint64_t pml4 = level_index(t->req.va, 0);
        if (!((g->pp_dclv[e] >> (pml4 >> GTREF_DCLV_GROUP_SHIFT)) & 1u)) {   /* GAM-6: no walk */
            fault(g, GTREF_FAULT_UNLOADED_PD, out, rec);
            return;
        }
        /* GAM-5, GAM-16: PDP0 as held in this (the LOOKUP) cycle gives the first entry; the walk needs nothing
         * else of the engine's registers. */
        uint64_t root = ((uint64_t)g->pdp0_udw[e] << 32 | g->pdp0_ldw[e]) & GTREF_PTE_ADDR_MASK;
        t->level = 0;
        t->entry_addr = root + pml4 * 8;
    }
    t->phase = T_WALK_ISSUE;
}

/* WALK_WAIT with the walker's response (GAM-10 step 2, GAM-3, GAM-13). */
static void step_walk_data(gam_model *g, const uint8_t line[64], gam_edge *out, fault_record *rec)
{
    stage_t *t = &g->t;
    uint64_t entry = line_qword(line, t->entry_addr);
    if (!(entry & GTREF_PTE_PRESENT)) {
        fault(g, t->level == LEAF_LEVEL ? GTREF_FAULT_PAGE : GTREF_FAULT_INVALID_PD, out, rec);
        return;
    }
    if ((t->level == 1 || t->level == 2) && (entry & GTREF_PDE_PS)) {   /* G4: a large page, unimplemented */
        out->unimpl_ps = true;
        out->unimpl_engine = t->engine;
        out->unimpl_level = (uint8_t)t->level;
        out->unimpl_va = t->req.va;
    }
    uint64_t next = entry & GTREF_PTE_ADDR_MASK;
    if (t->level == LEAF_LEVEL) {
        tlb_fill(g, t, next >> GTREF_PAGE_SHIFT, out);
        t->pa = next | (t->req.va & PAGE_OFFSET_MASK);
        t->phase = T_READY;   /* to P at the earliest in the next cycle */
    } else {
        t->level++;
        t->entry_addr = next + level_index(t->req.va, t->level) * 8;
        t->phase = T_WALK_ISSUE;
    }
}

/* ---- arbitration (GAM-9) ---- */

/* The grant order of priority code c (G13): c[4:3] is VECS0's rank (00 4th .. 11 1st), c[2:0] orders the others. */
static void priority_order(unsigned c, uint8_t order[4])
{
    static const uint8_t three[8][3] = {
        { 0, 1, 2 }, { 0, 2, 1 }, { 2, 0, 1 }, { 2, 1, 0 }, { 1, 0, 2 }, { 1, 2, 0 },
        { 0, 1, 2 }, { 0, 1, 2 },   /* 110 and 111 act as 000 (G13) */
    };
    unsigned vecs_pos = 3 - ((c >> 3) & 3u);
    for (unsigned i = 0, j = 0; i < 4; i++) order[i] = i == vecs_pos ? 3 : three[c & 7u][j++];
}

/* One arbitration with request vector v: the grant (or -1) and the state's move at this edge. */
static int arbitrate(gam_model *g, unsigned v)
{
    unsigned s = g->arb_state;
    uint8_t order[4];
    priority_order((g->regs[g->slot_prio_np].val >> (5 * s)) & 0x1Fu, order);
    int grant = -1;
    for (int i = 0; i < 4 && grant < 0; i++)
        if (v & (1u << order[i])) grant = order[i];
    uint8_t next = (uint8_t)((g->regs[g->slot_goto_np[s]].val >> (2 * v)) & 3u);   /* G14: also v = 0 */
    g->cov.state[s]++;
    g->cov.transition[s][next]++;
    g->arb_state = next;
    return grant;
}

/* ---- the cascade (GAM-26 to GAM-29) ---- */

/* GAC_ARB_CTL_REG's fields of class c (GAM-27, BYT-REG L2631-2692): limit enable, limit, fixed side. WR has no
 * fixed-priority bit: GAC (G23). */
static bool casc_enable(uint32_t ctl, int c) { return (ctl >> gtref_gac_ctl_class_of(c).enable) & 1u; }

static unsigned casc_limit(uint32_t ctl, int c)
{
    gtref_gac_ctl_class f = gtref_gac_ctl_class_of(c);
    unsigned l = (ctl >> f.limit_shift) & ((1u << f.limit_bits) - 1u);
    return l ? l : 1u;   /* G23: a limit of 0 counts as 1 */
}

static enum casc_side casc_fixed_side(uint32_t ctl, int c)
{
    gtref_gac_ctl_class f = gtref_gac_ctl_class_of(c);
    if (f.fixed == GTREF_GAC_CTL_NO_FIXED) return SIDE_GAC;   /* G23 */
    return (ctl >> f.fixed) & 1u ? SIDE_GAB : SIDE_GAC;
}

/* Entry s of a class machine (GAM-28, G22): register s >> 1, bits 12:0 for even s, 27:15 for odd s. */
static unsigned casc_entry(const gam_model *g, int c, unsigned s)
{
    return (g->regs[g->slot_casc[c][s >> 1]].val >> (s & 1u ? 15 : 0)) & 0x1FFFu;
}

/* What the gates decided in one cycle, per class, for the edge's update (GAM-27, GAM-28). */
typedef struct casc_cycle {
    bool conflict[CLASSES];        /* GAB and GAC both present with class c in a */
    uint8_t r[CLASSES];            /* the class machine's request vector: bit 0 GAM, bit 1 cascade */
} casc_cycle;

/* GAM-26: the v of GAM-9 from the admitted vector a, with the state and registers as at the start of the cycle.
 * Per class c: (1) GAC/GAB (GAM-27): one side present -> that side; both -> the owner if the limit is enabled,
 * the fixed side if not; the other side's class-c engines leave. (2) GAC->GAM (GAM-28): r = RCS0 present | the
 * cascade's side present << 1; 01 GAM, 10 cascade, 11 the priority bit of entry s_c (0 GAM, 1 cascade, G22); the
 * loser's class-c engines leave. */
static unsigned casc_gate(const gam_model *g, unsigned a, const gam_inputs *in, uint32_t ctl, casc_cycle *cc)
{
    unsigned cls[CLASSES] = { 0 };
    for (int e = 0; e < ENGINES_MAX; e++)
        if (a >> e & 1u) cls[in->req[e].client] |= 1u << e;   /* a holds defined clients only (D6) */
    unsigned v = a;
    for (int c = 0; c < CLASSES; c++) {
        unsigned m = cls[c];
        bool gab = (m & ENG_GAB) != 0, gac = (m & ENG_GAC) != 0;
        cc->conflict[c] = gab && gac;
        unsigned casc_eng = m & (ENG_GAB | ENG_GAC);   /* the cascade's class-c engines after gate 1 */
        if (cc->conflict[c]) {
            enum casc_side w = casc_enable(ctl, c) ? (enum casc_side)g->casc_owner[c] : casc_fixed_side(ctl, c);
            unsigned loser = w == SIDE_GAB ? m & ENG_GAC : m & ENG_GAB;
            v &= ~loser;
            casc_eng &= ~loser;
        }
        unsigned r = ((m & ENG_GAM) ? 1u : 0u) | (casc_eng ? 2u : 0u);
        cc->r[c] = (uint8_t)r;
        if (r == 3u) {
            bool cascade_wins = (casc_entry(g, c, g->casc_s[c]) >> 12) & 1u;
            v &= ~(cascade_wins ? m & ENG_GAM : casc_eng);
        }
    }
    return v;
}

/* The cascade's closing edge in a cycle in which an arbitration is made (grant: the NP grant or -1). GAM-28: every
 * class machine moves by the goto of its entry for its r (also 00). GAM-27: no conflict or limit disabled -> count
 * 0; a conflict served on the owner's side (the NP grant to an owner's engine with class c) -> count + 1, the owner
 * switching at the limit (D12) with the count back to 0, WR with GAB the owner giving GAB exactly one write; a
 * conflict not served -> owner and count hold. */
static void casc_edge(gam_model *g, const gam_inputs *in, uint32_t ctl, const casc_cycle *cc, int grant)
{
    for (int c = 0; c < CLASSES; c++) {
        unsigned s = g->casc_s[c];
        unsigned next = (casc_entry(g, c, s) >> (3u * cc->r[c])) & 7u;
        g->cov.casc_state[c][s]++;
        g->cov.casc_transition[c][s][next]++;
        g->casc_s[c] = (uint8_t)next;

        if (!cc->conflict[c]) { g->casc_count[c] = 0; continue; }
        if (!casc_enable(ctl, c)) {
            g->casc_count[c] = 0;
            g->cov.casc_fixed[c][casc_fixed_side(ctl, c)]++;   /* D11 */
            continue;
        }
        unsigned owner = g->casc_owner[c];
        unsigned owner_eng = owner == SIDE_GAB ? ENG_GAB : ENG_GAC;
        if (grant < 0 || !(owner_eng >> grant & 1u) || in->req[grant].client != c) continue;   /* not served: hold */
        bool sw;
        if (c == GTREF_CLIENT_WR && owner == SIDE_GAB) {
            sw = true;   /* one GAB write, then GAC (L2642-2644, G23) */
        } else {
            unsigned n = g->casc_count[c] + 1u;
            sw = n >= casc_limit(ctl, c);   /* D12 */
            g->casc_count[c] = (uint8_t)n;
        }
        if (sw) {
            g->casc_owner[c] = (uint8_t)(owner == SIDE_GAB ? SIDE_GAC : SIDE_GAB);
            g->casc_count[c] = 0;
            g->cov.casc_switch[c][g->casc_owner[c]]++;
        }
    }
}

/* The cascade's state packed as probe_gam_casc (GAM-29). A count stays below its limit (at most 62 for WR, 30 for RO
 * and R), so it fits its 6-bit field. */
static uint32_t casc_pack(const gam_model *g)
{
    uint32_t w = 0;
    for (int c = 0; c < CLASSES; c++)
        w |= (uint32_t)g->casc_s[c] << GTREF_CASC_STATE_SHIFT(c) | (uint32_t)g->casc_owner[c] << GTREF_CASC_OWNER_SHIFT(c)
           | (uint32_t)(g->casc_count[c] & 0x3Fu) << GTREF_CASC_COUNT_SHIFT(c);
    return w;
}

/* ---- the cycle (GAM-10) ---- */

void gam_tick(gam_model *g, const gam_inputs *in, gam_edge *out)
{
    memset(out, 0, sizeof *out);
    bool take = !g->p.valid || in->mem_req_ready;   /* P may load at this edge */
    gam_port p_next = { 0 };                        /* what P loads at this edge, if take */
    fault_record rec = { 0 };
    /* The request vector (GAM-9): absent engines never request; D6. GAM-23: an engine takes part only while its
     * outstanding count, as at the start of the cycle, is below its limit (D9); otherwise it is held back (D8). */
    unsigned a = 0;   /* the admitted vector (GAM-26) */
    uint32_t max_req = g->regs[g->slot_max_req].val;
    for (int e = 0; e < g->engines; e++) {
        if (!in->req[e].valid || in->req[e].client >= GTREF_GAM_CLIENTS) continue;
        if (g->outstanding[e] < gtref_req_limit(max_req, e)) {
            a |= 1u << e;
        } else {
            out->limited |= (uint8_t)(1u << e);
            g->cov.limited[e]++;
        }
    }
    out->casc_a = (uint8_t)a;
    for (int x = 0; x < g->engines; x++)   /* D4, D7: pairs of a */
        for (int y = x + 1; y < g->engines; y++)
            if ((a >> x & 1u) && (a >> y & 1u)) g->cov.contention[x][y]++;
    /* GAM-26 to GAM-28: the cascade's gates leave v, with GAC_ARB_CTL_REG as held at the start of the cycle (a host
     * write of this cycle acts from the next, GAM-16; D10). */
    uint32_t gac_ctl = g->regs[g->slot_gac_ctl].val;
    casc_cycle cc;
    unsigned v = casc_gate(g, a, in, gac_ctl, &cc);
    out->arb_v = (uint8_t)v;

    /* 1. Response: the oldest transferred read (D3: none outstanding, none routed). */
    bool walk_data = false;
    if (in->mem_rsp_valid && g->rspq.count) {
        uint8_t src = rspq_pop(&g->rspq);
        if (src == GTREF_GAM_SRC_WALKER) {
            walk_data = out->walk_rsp = true;
        } else {
            out->rsp |= (uint8_t)(1u << src);
            release(g, src);   /* GAM-23 */
        }
    }

    /* 2. Stage T, one step. */
    bool t_was_empty = g->t.phase == T_EMPTY;
    bool t_to_p = false;   /* T empties at this edge by loading P */
    switch (g->t.phase) {
    case T_EMPTY:
        break;
    case T_LOOKUP:
        step_lookup(g, take, &p_next, out, &rec);
        t_to_p = p_next.valid;
        break;
    case T_READY:
        if (take) {
            p_next = request_port(&g->t, g->t.pa);
            g->t.phase = T_EMPTY;
            t_to_p = true;
        }
        break;
    case T_WALK_ISSUE:
        if (take) {
            p_next = (gam_port){ .valid = true, .addr = g->t.entry_addr & ~LINE_MASK, .src = GTREF_GAM_SRC_WALKER };
            g->t.phase = T_WALK_WAIT;
            g->cov.walk_reads++;   /* D5 */
        }
        break;
    case T_WALK_WAIT:
        if (walk_data) step_walk_data(g, in->mem_rsp_data, out, &rec);
        break;
    }

    /* 3. Arbitration, if T can accept: empty at the start of the cycle, or emptied by loading P (not by a fault). */
    if (t_was_empty || t_to_p) {
        out->arb_valid = true;
        int e = arbitrate(g, v);   /* the gated v: grant and goto index (GAM-9, GAM-23, GAM-26) */
        casc_edge(g, in, gac_ctl, &cc, e);   /* GAM-27, GAM-28: only in an arbitration */
        if (e >= 0) {
            g->outstanding[e]++;   /* GAM-23: counts from its grant */
            if (in->req[e].client < GTREF_GAM_CLIENTS) g->cov.grant[e][in->req[e].client]++;   /* §4: (engine, client) */
            out->gnt_valid = true;
            out->gnt_engine = (uint8_t)e;
            out->gnt_req = in->req[e];
            g->t = (stage_t){ .phase = T_LOOKUP, .engine = (uint8_t)e, .req = in->req[e] };
        }
    }
    out->arb_state = g->arb_state;
    out->casc = casc_pack(g);   /* GAM-29: every cycle; a host write (step 5) never changes it (GAM-27) */

    /* 4. Port: a transfer acknowledges a write (GAM-11) or queues a read; then P reloads or empties. */
    if (g->p.valid && in->mem_req_ready) {
        if (g->p.write) {
            out->wr_ack |= (uint8_t)(1u << g->p.src);
            release(g, g->p.src);   /* GAM-23 */
        } else {
            rspq_push(&g->rspq, g->p.src);
        }
    }
    if (take) g->p = p_next;
    out->port = g->p;

    /* 5. Invalidations (GAM-12, GAM-22: also an entry filled at this edge), the host write (GAM-16; one to
     * GFX_FLSH_CNTL invalidates every GGTT entry of every engine, also one filled at this edge, GAM-21), then the
     * fault record, whose lock test sees the host write (GAM-14). */
    for (int e = 0; e < g->engines; e++)
        if (in->invalidate & (1u << e))
            for (int i = 0; i < GTREF_TLB_ENTRIES; i++) g->tlb[e][i].valid = false;
    if (in->host_write && reg_index(g, in->host_off) >= 0) {
        gam_reg *w = reg_at(g, in->host_off);
        w->val = gtref_reg_apply_write(w->def, w->val, in->host_data);
        if (in->host_off == GTREF_CVS_TLB_LRA_0 || in->host_off == GTREF_CVS_TLB_LRA_1) reset_lra_ptrs(g);   /* GAM-8 */
        if (in->host_off == GTREF_GFX_FLSH_CNTL) {   /* GAM-21: any value */
            for (int e = 0; e < g->engines; e++)
                for (int i = 0; i < GTREF_TLB_ENTRIES; i++)
                    if (g->tlb[e][i].ggtt) g->tlb[e][i].valid = false;
            out->flsh_invalidate = true;
            g->cov.flsh_invalidations++;
        }
    }
    if (rec.valid) {
        gam_reg *fr = reg_at(g, rec.reg);
        if (!(fr->val & GTREF_FR_VALID)) fr->val = rec.value;
        reg_at(g, GTREF_GFX_ARB_ERROR_RPT)->val |= rec.arb_bit;
    }
}

/* ---- observers ---- */

void gam_port_now(const gam_model *g, gam_port *out) { *out = g->p; }

void gam_tlb_get(const gam_model *g, int e, gam_tlb_entry out[GTREF_TLB_ENTRIES])
{
    memcpy(out, g->tlb[e], sizeof g->tlb[e]);
}

uint8_t gam_lra_ptr(const gam_model *g, int e, int lra) { return g->lra_ptr[e][lra]; }

unsigned gam_outstanding(const gam_model *g, int e) { return e >= 0 && e < ENGINES_MAX ? g->outstanding[e] : 0; }

bool gam_engine_busy(const gam_model *g, int e)
{
    if (g->t.phase != T_EMPTY && g->t.engine == e) return true;
    if (g->p.valid && g->p.src == e) return true;
    for (size_t i = 0; i < g->rspq.count; i++)
        if (g->rspq.src[(g->rspq.head + i) % g->rspq.cap] == e) return true;
    return false;
}

void gam_get_coverage(const gam_model *g, gam_coverage *out) { *out = g->cov; }
