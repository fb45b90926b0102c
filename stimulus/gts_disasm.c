/* The .gts disassembler: any stimulus as text that assembles back to the same bytes
 * (syntax in docs/stimulus-format.md).
 *
 * Ring and batch segments are printed as commands (gtref_cmd_format); a command whose text would not
 * parse back to exactly its dwords is printed as a raw `DW` line instead, so the output is lossless
 * whatever the bytes are. A ring is walked circularly from the offset the host program first writes to
 * that ring's RING_HEAD, so that a command straddling the end of the ring prints as one command. Runs of
 * zero dwords are skipped with an `@offset` line (the assembler zero-fills). */
#include "gtref/cmds.h"
#include "gtref/engines.h"
#include "gtref/gam.h"
#include "gtref/regs.h"
#include "gtref/stim.h"
#include "gtref/stim_lint.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#define MAX_CMD_DW       256u   /* longest command: LRI, 255 dwords */
#define ZERO_RUN_SKIP    16u    /* runs of at least this many zero dwords are skipped, not listed */
#define DATA_DW_PER_LINE 4u
#define COMMENT_COLUMN   56

static const char *el_engine_name(uint32_t e) { return e < GTREF_MAX_ENGINES ? gtref_engines[e].name : "?"; }

static uint32_t seg_dword(const gtref_segment *g, uint32_t i)
{
    const uint8_t *b = g->bytes + 4u * i;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static const char *kind_keyword(uint8_t kind)
{
    switch (kind) {
    case GTREF_SEG_RING: return "ring";
    case GTREF_SEG_BATCH: return "batch";
    default: return "data";
    }
}

/* Where the host program starts the ring of segment g: the first value written to RING_HEAD of an engine
 * whose RING_START is written with g's address; 0 when there is none (dword index). */
static uint32_t ring_walk_start(const gtref_stim *s, const gtref_segment *g)
{
    for (int e = 0; e < s->engines && e < GTREF_MAX_ENGINES; e++) {
        uint32_t start_off = gtref_engines[e].base + GTREF_RING_START, head_off = gtref_engines[e].base + GTREF_RING_HEAD;
        bool uses_segment = false;
        for (size_t i = 0; i < s->nops; i++)
            if (s->ops[i].op == GTREF_HOST_WRITE && s->ops[i].off == start_off && (uint64_t)(s->ops[i].val & 0xFFFFF000u) == g->addr)
                uses_segment = true;
        if (!uses_segment) continue;
        for (size_t i = 0; i < s->nops; i++)
            if (s->ops[i].op == GTREF_HOST_WRITE && s->ops[i].off == head_off) {
                uint32_t head = s->ops[i].val & GTREF_HEAD_OFFSET_MASK;
                return head < g->len ? head / 4u : 0;
            }
    }
    return 0;
}

static void print_line(FILE *out, const char *text, const char *comment)
{
    int n = fprintf(out, "  %s", text);
    fprintf(out, "%*s# %s\n", n < COMMENT_COLUMN ? COMMENT_COLUMN - n : 1, "", comment);
}

/* Zero dwords from dword i on (circularly when circular), at most max of them. */
static uint32_t zero_run(const gtref_segment *g, uint32_t i, uint32_t max, bool circular)
{
    uint32_t ndw = g->len / 4u, n = 0;
    while (n < max && (circular || i + n < ndw) && seg_dword(g, (i + n) % ndw) == 0) n++;
    return n;
}

/* Commands of a ring (circular, from start) or batch (linear, from 0). */
static void print_commands(const gtref_stim *s, const gtref_segment *g, FILE *out)
{
    bool circular = g->kind == GTREF_SEG_RING;
    uint32_t ndw = g->len / 4u, pos = circular ? ring_walk_start(s, g) : 0, done = 0;
    bool need_at = pos != 0;
    while (done < ndw) {
        uint32_t left = ndw - done;
        uint32_t zeros = zero_run(g, pos, left, circular);
        if (zeros == left) break;                           /* the rest is zero: the assembler fills it */
        if (zeros >= ZERO_RUN_SKIP) {
            fprintf(out, "  # 0x%x zero bytes (MI_NOOP) from offset 0x%x\n", 4u * zeros, 4u * pos);
            done += zeros;
            pos = (pos + zeros) % ndw;
            need_at = true;
            continue;
        }
        if (need_at) {
            fprintf(out, "  @0x%x\n", 4u * pos);
            need_at = false;
        }
        uint32_t dw[MAX_CMD_DW], back[MAX_CMD_DW];
        uint32_t avail = left < MAX_CMD_DW ? left : MAX_CMD_DW;
        for (uint32_t i = 0; i < avail; i++) dw[i] = seg_dword(g, (pos + i) % ndw);
        char text[8192], why[256];
        gtref_cmd_format(dw, avail, s->engines, text, sizeof text);
        int n = gtref_cmd_parse(text, s->engines, back, MAX_CMD_DW, why, sizeof why);
        if (n <= 0 || (uint32_t)n > avail || memcmp(back, dw, (size_t)n * 4u) != 0) {
            snprintf(text, sizeof text, "DW 0x%08x", dw[0]);
            n = 1;
        }
        char comment[64];
        if (circular && pos + (uint32_t)n > ndw)
            snprintf(comment, sizeof comment, "0x%04x, wraps to 0x0000", 4u * pos);
        else
            snprintf(comment, sizeof comment, "0x%04x", 4u * pos);
        print_line(out, text, comment);
        done += (uint32_t)n;
        pos = (pos + (uint32_t)n) % ndw;
    }
}

static void print_data(const gtref_segment *g, FILE *out)
{
    uint32_t ndw = g->len / 4u, pos = 0;
    bool need_at = false;
    while (pos < ndw) {
        uint32_t zeros = zero_run(g, pos, ndw - pos, false);
        if (pos + zeros == ndw) break;
        if (zeros >= ZERO_RUN_SKIP) {
            fprintf(out, "  # 0x%x zero bytes from offset 0x%x\n", 4u * zeros, 4u * pos);
            pos += zeros;
            need_at = true;
            continue;
        }
        if (need_at) {
            fprintf(out, "  @0x%x\n", 4u * pos);
            need_at = false;
        }
        char text[128];
        size_t w = (size_t)snprintf(text, sizeof text, "DW");
        uint32_t n = ndw - pos < DATA_DW_PER_LINE ? ndw - pos : DATA_DW_PER_LINE;
        for (uint32_t i = 0; i < n; i++) w += (size_t)snprintf(text + w, sizeof text - w, " 0x%08x", seg_dword(g, pos + i));
        char comment[32];
        snprintf(comment, sizeof comment, "0x%04x", 4u * pos);
        print_line(out, text, comment);
        pos += n;
    }
}

static const gtref_expect *read_expect(const gtref_stim *s, size_t op)
{
    for (size_t i = 0; i < s->nexpects; i++)
        if (s->expects[i].kind == GTREF_EXPECT_READ && s->expects[i].op == op) return &s->expects[i];
    return NULL;
}

static const char *engine_word(unsigned e) { return e < GTREF_MAX_ENGINES ? gtref_engines[e].name : "?"; }

/* The expectations that are not about a host read, as an expect block (none: no block). */
static void print_expects(const gtref_stim *s, FILE *out)
{
    bool any = false;
    for (size_t i = 0; i < s->nexpects; i++) any |= s->expects[i].kind != GTREF_EXPECT_READ;
    if (!any) return;
    fprintf(out, "\nexpect {\n");
    for (size_t i = 0; i < s->nexpects; i++) {
        const gtref_expect *x = &s->expects[i];
        char reg[64];
        switch (x->kind) {
        case GTREF_EXPECT_READ: continue;
        case GTREF_EXPECT_REG:
            fprintf(out, "  reg %s == 0x%08" PRIx64, gtref_reg_name(x->off, s->engines, reg, sizeof reg), x->value);
            if (x->mask != UINT32_MAX) fprintf(out, " mask 0x%08" PRIx64, x->mask);
            break;
        case GTREF_EXPECT_MEM32: fprintf(out, "  mem32 0x%" PRIx64 " == 0x%08" PRIx64, x->addr, x->value); break;
        case GTREF_EXPECT_MEM64: fprintf(out, "  mem64 0x%" PRIx64 " == 0x%016" PRIx64, x->addr, x->value); break;
        case GTREF_EXPECT_HALTED: fprintf(out, "  halted %s", engine_word(x->engine)); break;
        case GTREF_EXPECT_NOT_HALTED: fprintf(out, "  not_halted %s", engine_word(x->engine)); break;
        case GTREF_EXPECT_NO_WRITE: fprintf(out, "  no_write 0x%" PRIx64 "..0x%" PRIx64, x->addr, x->last); break;
        case GTREF_EXPECT_ERRORS: fprintf(out, "  errors %s == %" PRIu64, engine_word(x->engine), x->value); break;
        case GTREF_EXPECT_IRQ: fprintf(out, "  irq == %" PRIu64, x->value); break;
        case GTREF_EXPECT_WRITES:
            fprintf(out, "  writes %s {\n", engine_word(x->engine));
            for (size_t w = 0; w < x->nwrites; w++)
                fprintf(out, "    0x%" PRIx64 " be=0x%02x data=0x%016" PRIx64 "\n", x->writes[w].addr, x->writes[w].be,
                        x->writes[w].data);
            fprintf(out, "  }");
            break;
        case GTREF_EXPECT_TLB:
            fprintf(out, "  tlb %s {\n", engine_word(x->engine));
            for (size_t t = 0; t < x->ntlb; t++) {
                const gtref_expect_tlb *l = &x->tlb[t];
                if (l->what == GTREF_TLB_HIT) fprintf(out, "    hit 0x%" PRIx64 " index=%u\n", l->va, l->index);
                else if (l->what == GTREF_TLB_MISS) fprintf(out, "    miss 0x%" PRIx64 " fill=%u\n", l->va, l->index);
                else fprintf(out, "    fault 0x%" PRIx64 "\n", l->va);
            }
            fprintf(out, "  }");
            break;
        default: fprintf(out, "  # unknown expectation kind %u", x->kind); break;
        }
        fprintf(out, " from \"%s\"\n", x->source);
    }
    fprintf(out, "}\n");
}

static void print_host(const gtref_stim *s, FILE *out)
{
    fprintf(out, "host {\n");
    for (size_t i = 0; i < s->nops; i++) {
        const gtref_host_op *o = &s->ops[i];
        char reg[64];
        switch (o->op) {
        case GTREF_HOST_WRITE:
            fprintf(out, "  write %s 0x%08" PRIx32 "\n", gtref_reg_name(o->off, s->engines, reg, sizeof reg), o->val);
            break;
        case GTREF_HOST_READ: {
            fprintf(out, "  read %s", gtref_reg_name(o->off, s->engines, reg, sizeof reg));
            const gtref_expect *x = read_expect(s, i);
            if (x) {
                fprintf(out, " expect 0x%08" PRIx64, x->value);
                if (x->mask != UINT32_MAX) fprintf(out, " mask 0x%08" PRIx64, x->mask);
                fprintf(out, " from \"%s\"", x->source);
            }
            fprintf(out, "\n");
            break;
        }
        case GTREF_HOST_WAIT: fprintf(out, "  wait %" PRIu32 "\n", o->cycles); break;
        case GTREF_HOST_WAIT_IDLE: fprintf(out, "  wait_idle\n"); break;
        case GTREF_HOST_WAIT_IRQ: fprintf(out, "  wait_irq %" PRIu32 "\n", o->cycles); break;
        case GTREF_HOST_ISR: fprintf(out, "  isr %" PRIu32 "%s\n", o->cycles, o->val ? " clear-each" : ""); break;
        case GTREF_HOST_MEM_WRITE:
            fprintf(out, "  mem_write 0x%" PRIx64 " 0x%016" PRIx64, o->addr, o->data);
            if (o->val != 0xFF) fprintf(out, " be=0x%02" PRIx32, o->val);
            fprintf(out, "\n");
            break;
        case GTREF_HOST_EL_INIT:
            fprintf(out, "  el_init %s hwsp=0x%" PRIx32 "\n", el_engine_name(o->off), o->val);
            break;
        case GTREF_HOST_EL_CONTEXT:
            fprintf(out, "  el_context %s lrca=0x%" PRIx64 " ring=0x%" PRIx32 " tail=0x%" PRIx32 "%s\n", el_engine_name(o->val & 0xFF),
                    o->addr, (uint32_t)o->data, (uint32_t)(o->data >> 32),
                    o->val >> 8 & GTREF_EL_CTX_RESTORE_INHIBIT ? " restore-inhibit" : "");
            break;
        case GTREF_HOST_EL_CTX_REG:
            fprintf(out, "  el_ctx_reg lrca=0x%" PRIx64 " %s 0x%08" PRIx32 "\n", o->addr,
                    gtref_reg_name(o->val, s->engines, reg, sizeof reg), (uint32_t)o->data);
            break;
        case GTREF_HOST_EL_SUBMIT:
            fprintf(out, "  el_submit %s 0x%016" PRIx64, el_engine_name(o->val & 0xFF), o->addr);
            if (o->data) fprintf(out, " 0x%016" PRIx64, o->data);
            fprintf(out, "%s\n", o->val >> 8 & GTREF_EL_SUBMIT_REPLACE ? " replace" : "");
            break;
        case GTREF_HOST_EL_RESUBMIT:
            fprintf(out, "  el_resubmit %s 0x%016" PRIx64 " tail=0x%" PRIx64 "\n", el_engine_name(o->val), o->addr, o->data);
            break;
        case GTREF_HOST_EL_CSB: fprintf(out, "  el_csb %s\n", el_engine_name(o->off)); break;
        case GTREF_HOST_EL_WAIT: fprintf(out, "  el_wait %s cycles=%" PRIu32 "\n", el_engine_name(o->off), o->cycles); break;
        default:   /* not a valid stimulus; say so rather than drop it silently */
            fprintf(out, "  # unknown host op %u off=0x%08" PRIx32 " val=0x%08" PRIx32 " cycles=%" PRIu32 "\n", o->op,
                    o->off, o->val, o->cycles);
            break;
        }
    }
    fprintf(out, "}\n");
}

/* GGTT entries (docs/gam.md GAM-4) print as `ggtt` lines, which the assembler turns back into data segments at the
 * end of the segment list, one per run of consecutive pages. So a segment prints that way only if it is such a run
 * of well-formed entries and it and every later segment are: a suffix of the list, in increasing address order,
 * no two adjacent. */
static bool ggtt_segment(const gtref_segment *g)
{
    if (g->kind != GTREF_SEG_DATA || g->addr < GTREF_GSM_BASE || g->addr % 8 || g->len % 8 || g->len == 0
        || g->addr + g->len > GTREF_GSM_BASE + (GTREF_GGTT_RANGE >> GTREF_PAGE_SHIFT) * 8u)
        return false;
    for (uint32_t i = 0; i < g->len / 8u; i++) {
        uint64_t v = (uint64_t)seg_dword(g, 2 * i) | (uint64_t)seg_dword(g, 2 * i + 1) << 32;
        if (v & ~(GTREF_PTE_ADDR_MASK | GTREF_PTE_PRESENT)) return false;
    }
    return true;
}

static size_t ggtt_tail(const gtref_stim *s)
{
    size_t i = s->nsegs;
    while (i > 0 && ggtt_segment(&s->segs[i - 1])
           && (i == s->nsegs || s->segs[i - 1].addr + s->segs[i - 1].len < s->segs[i].addr))
        i--;
    return i;
}

/* One `ggtt` line per run of consecutive pages mapped to consecutive physical pages with the same present bit. */
static void print_ggtt(const gtref_segment *g, FILE *out)
{
    uint32_t n = g->len / 8u;
    for (uint32_t i = 0; i < n;) {
        uint64_t v = (uint64_t)seg_dword(g, 2 * i) | (uint64_t)seg_dword(g, 2 * i + 1) << 32, j = i + 1;
        for (; j < n; j++) {
            uint64_t w = (uint64_t)seg_dword(g, 2 * (uint32_t)j) | (uint64_t)seg_dword(g, 2 * (uint32_t)j + 1) << 32;
            if ((w & GTREF_PTE_PRESENT) != (v & GTREF_PTE_PRESENT)
                || (w & GTREF_PTE_ADDR_MASK) != (v & GTREF_PTE_ADDR_MASK) + ((j - i) << GTREF_PAGE_SHIFT))
                break;
        }
        uint64_t va = ((g->addr - GTREF_GSM_BASE) / 8u + i) << GTREF_PAGE_SHIFT;
        fprintf(out, "ggtt 0x%" PRIx64 " 0x%" PRIx64, va, (uint64_t)(v & GTREF_PTE_ADDR_MASK));
        if (j - i > 1) fprintf(out, " pages %" PRIu64, j - i);
        fprintf(out, "%s\n", v & GTREF_PTE_PRESENT ? "" : " invalid");
        i = (uint32_t)j;
    }
}

int gtref_gts_disassemble(const gtref_stim *s, FILE *out)
{
    if (!s || !out) return -1;
    fprintf(out, "# gtref stimulus (%s version %" PRIu32 "), disassembled; `gtref asm` turns it back into the same bytes\n",
            GTREF_STIM_FORMAT, s->version);
    fprintf(out, "test %.*s\n", (int)sizeof s->name, s->name);
    fprintf(out, "seed %" PRIu64 "\n", s->seed);
    fprintf(out, "profile %.*s\n", (int)sizeof s->profile, s->profile);
    fprintf(out, "engines %u\n", s->engines);
    fprintf(out, "latency rd=%u..%u ready=%u\n", s->lat.rd_lat_min, s->lat.rd_lat_max, s->lat.req_ready_pct);
    fprintf(out, "hang_cycles %" PRIu32 "\n", s->hang_cycles);
    fprintf(out, "max_cycles %" PRIu64 "\n", s->max_cycles);
    /* a stimulus that breaks a linter rule says so, so that its text assembles back to the same bytes */
    for (size_t r = 0; r < gtref_lint_nrules; r++) {
        const char *others[32];
        size_t k = 0;
        for (size_t j = 0; j < gtref_lint_nrules && k < 32; j++) if (j != r) others[k++] = gtref_lint_rules[j].id;
        if (gtref_stim_lint(s, others, k, NULL, 0))
            fprintf(out, "out-of-spec %s \"disassembled: the stimulus breaks this rule (%s)\"\n", gtref_lint_rules[r].id,
                    gtref_lint_rules[r].source);
    }
    size_t ggtt_from = ggtt_tail(s);
    for (size_t i = ggtt_from; i < s->nsegs; i++) print_ggtt(&s->segs[i], out);
    for (size_t i = 0; i < ggtt_from; i++) {
        const gtref_segment *g = &s->segs[i];
        fprintf(out, "\n%s 0x%" PRIx64 " size 0x%" PRIx32 " {\n", kind_keyword(g->kind), g->addr, g->len);
        if (g->kind == GTREF_SEG_DATA) print_data(g, out);
        else print_commands(s, g, out);
        fprintf(out, "}\n");
    }
    fprintf(out, "\n");
    print_host(s, out);
    print_expects(s, out);
    return ferror(out) ? -1 : 0;
}
