/* The register table (see include/gtref/regs.h), built from the rows of include/gtref/reg_table.def. Sources: BYT-REG = shared/spec/volumes/003 digest §2-3,
 * LKF-IRQ = volume 004 digest §3 ([EXT] i915 offsets), ICL-RCS = volume 000 digest. */
#include "gtref/regs.h"

/* Rows name eng_reset/eng_rw only when GTREF_REGF_PER_ENGINE is set; the rest are zero on purpose. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include "gtref/engines.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#define ENG GTREF_REGF_ENGINE
#define CTX GTREF_REGF_CTX
#define HW  GTREF_REGF_HWUPD
#define SIDE GTREF_REGF_SIDE
#define NONPRIV GTREF_REGF_NONPRIV

/* The rows of include/gtref/reg_table.def, in its order. */
#define GTREF_REG(name, off, reset, rw, w1c, cmp, access, flags, src) \
    { #name, off, reset, rw, w1c, cmp, access, flags, src },
#define GTREF_REG_PE(name, off, reset, rw, w1c, cmp, access, flags, src, r0, r1, r2, r3, w0, w1, w2, w3) \
    { #name, off, reset, rw, w1c, cmp, access, flags, src, { r0, r1, r2, r3 }, { w0, w1, w2, w3 } },
const gtref_reg_def gtref_regs[] = {
#include "gtref/reg_table.def"
};
const size_t gtref_nregs = sizeof gtref_regs / sizeof gtref_regs[0];

/* Its fields, in its order. */
#define GTREF_FIELD(reg, name, hi, lo) { #name, #reg, hi, lo, GTREF_FIELDK_FIELD },
#define GTREF_BIT(reg, name, bit) { #name, #reg, bit, bit, GTREF_FIELDK_BIT },
#define GTREF_EVENT(name, bit) { #name, NULL, bit, bit, GTREF_FIELDK_EVENT },
const gtref_reg_field gtref_reg_fields[] = {
#include "gtref/reg_table.def"
};
const size_t gtref_nreg_fields = sizeof gtref_reg_fields / sizeof gtref_reg_fields[0];

const gtref_engine_def gtref_engines[GTREF_MAX_ENGINES] = {
    { "RCS0", 0x002000u, 0, 0, 0, 0, GTREF_RENDER_COPY_INTR_ENABLE, 16, GTREF_RCS0_INTR_MASK, 16, 0 },
    { "BCS0", 0x022000u, 3, 0, 0, 15, GTREF_RENDER_COPY_INTR_ENABLE, 0, GTREF_BCS_INTR_MASK, 16, 2 },
    { "VCS0", 0x1C0000u, 1, 0, 1, 0, GTREF_VCS_VECS_INTR_ENABLE, 16, GTREF_VCS0_VCS1_INTR_MASK, 16, 1 },
    { "VECS0", 0x1C8000u, 2, 0, 1, 31, GTREF_VCS_VECS_INTR_ENABLE, 0, GTREF_VECS0_VECS1_INTR_MASK, 16, 3 },
};

int gtref_engine_by_name(const char *name)
{
    for (int i = 0; i < GTREF_MAX_ENGINES; i++)
        if (strcmp(gtref_engines[i].name, name) == 0) return i;
    return -1;
}

int gtref_engine_by_sem_target(unsigned t, int engines)
{
    for (int i = 0; i < engines && i < GTREF_MAX_ENGINES; i++)
        if (gtref_engines[i].sem_target == t) return i;
    return -1;
}

uint32_t gtref_reg_reset(const gtref_reg_def *d, int e)
{
    return (d->flags & GTREF_REGF_PER_ENGINE) && e >= 0 && e < GTREF_MAX_ENGINES ? d->eng_reset[e] : d->reset;
}

uint32_t gtref_reg_rw(const gtref_reg_def *d, int e)
{
    return (d->flags & GTREF_REGF_PER_ENGINE) && e >= 0 && e < GTREF_MAX_ENGINES ? d->eng_rw[e] : d->rw_mask;
}

static uint32_t apply_write(const gtref_reg_def *d, uint32_t rw, uint32_t old, uint32_t val)
{
    if (d->access == GTREF_ACC_MASKED) {
        uint32_t we = (val >> 16) & rw & 0xFFFFu;
        return (old & ~we) | (val & we);
    }
    uint32_t v = (old & ~rw) | (val & rw);
    v &= ~(val & d->w1c_mask);
    return v;
}

uint32_t gtref_reg_apply_write(const gtref_reg_def *d, uint32_t old, uint32_t val)
{
    return apply_write(d, d->rw_mask, old, val);
}

uint32_t gtref_reg_apply_write_engine(const gtref_reg_def *d, int e, uint32_t old, uint32_t val)
{
    return apply_write(d, gtref_reg_rw(d, e), old, val);
}

uint32_t gtref_reg_abs(const gtref_reg_def *d, int e)
{
    return (d->flags & GTREF_REGF_ENGINE) ? gtref_engines[e].base + d->offset : d->offset;
}

/* The table in order: the first register (and engine, lowest first) whose absolute offset is off, among engines
 * 0..engines-1. */
static const gtref_reg_def *reg_lookup_scan(uint32_t off, int engines, int *engine)
{
    for (size_t i = 0; i < gtref_nregs; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        if (d->flags & GTREF_REGF_ENGINE) {
            for (int e = 0; e < engines && e < GTREF_MAX_ENGINES; e++)
                if (gtref_engines[e].base + d->offset == off && gtref_reg_present(d, e)) {
                    if (engine) *engine = e;
                    return d;
                }
        } else if (d->offset == off) {
            if (engine) *engine = -1;
            return d;
        }
    }
    return NULL;
}

/* gtref_reg_lookup runs on every register access of the model and the scoreboard: a hash of every absolute offset
 * the table defines, each with the scan's answer for every engine count 0..GTREF_MAX_ENGINES (an offset that is no
 * key matches no register for any count), built once. */
#define REG_HASH_SIZE 2048u   /* a power of two, well above the table's offsets (registers x engines) */
typedef struct reg_hash_slot {
    uint32_t off;
    bool used;
    int16_t def[GTREF_MAX_ENGINES + 1];   /* index in gtref_regs, or -1: no register */
    int8_t engine[GTREF_MAX_ENGINES + 1];
} reg_hash_slot;
static reg_hash_slot reg_hash[REG_HASH_SIZE];
static bool reg_hash_ok;
static once_flag reg_hash_once = ONCE_FLAG_INIT;

static uint32_t reg_hash_index(uint32_t off) { return (off * 2654435761u) >> 21; }   /* 11 bits */

static void reg_hash_add(uint32_t off)
{
    uint32_t i = reg_hash_index(off);
    for (uint32_t probes = 0; reg_hash[i].used; probes++, i = (i + 1) % REG_HASH_SIZE) {
        if (reg_hash[i].off == off) return;
        if (probes == REG_HASH_SIZE) { reg_hash_ok = false; return; }
    }
    reg_hash_slot *h = &reg_hash[i];
    h->used = true;
    h->off = off;
    for (int n = 0; n <= GTREF_MAX_ENGINES; n++) {
        int e = -1;
        const gtref_reg_def *d = reg_lookup_scan(off, n, &e);
        h->def[n] = d ? (int16_t)(d - gtref_regs) : -1;
        h->engine[n] = (int8_t)e;
    }
}

static void reg_hash_build(void)
{
    reg_hash_ok = gtref_nregs < INT16_MAX;
    for (size_t i = 0; i < gtref_nregs && reg_hash_ok; i++) {
        const gtref_reg_def *d = &gtref_regs[i];
        if (!(d->flags & GTREF_REGF_ENGINE)) reg_hash_add(d->offset);
        else
            for (int e = 0; e < GTREF_MAX_ENGINES; e++) reg_hash_add(gtref_engines[e].base + d->offset);
    }
}

const gtref_reg_def *gtref_reg_lookup(uint32_t off, int engines, int *engine)
{
    call_once(&reg_hash_once, reg_hash_build);
    if (!reg_hash_ok) return reg_lookup_scan(off, engines, engine);
    int n = engines < 0 ? 0 : engines > GTREF_MAX_ENGINES ? GTREF_MAX_ENGINES : engines;
    for (uint32_t i = reg_hash_index(off); reg_hash[i].used; i = (i + 1) % REG_HASH_SIZE) {
        if (reg_hash[i].off != off) continue;
        if (reg_hash[i].def[n] < 0) return NULL;
        if (engine) *engine = reg_hash[i].engine[n];
        return &gtref_regs[reg_hash[i].def[n]];
    }
    return NULL;
}

const gtref_reg_def *gtref_reg_by_name(const char *name)
{
    for (size_t i = 0; i < gtref_nregs; i++)
        if (strcmp(gtref_regs[i].name, name) == 0) return &gtref_regs[i];
    return NULL;
}

const char *gtref_reg_name(uint32_t off, int engines, char *buf, size_t sz)
{
    int e;
    const gtref_reg_def *d = gtref_reg_lookup(off, engines, &e);
    if (!d) snprintf(buf, sz, "0x%08x", off);
    else if (e >= 0) snprintf(buf, sz, "%s.%s", gtref_engines[e].name, d->name);
    else snprintf(buf, sz, "%s", d->name);
    return buf;
}

int gtref_reg_parse(const char *text, uint32_t *off)
{
    char *end;
    if (text[0] >= '0' && text[0] <= '9') {
        unsigned long v = strtoul(text, &end, 0);
        if (*end || v > 0xFFFFFFFFul) return -1;
        *off = (uint32_t)v;
        return 0;
    }
    const char *dot = strchr(text, '.');
    if (dot) {
        char eng[16];
        size_t n = (size_t)(dot - text);
        if (n >= sizeof eng) return -1;
        memcpy(eng, text, n);
        eng[n] = 0;
        int e = gtref_engine_by_name(eng);
        const gtref_reg_def *d = gtref_reg_by_name(dot + 1);
        if (e < 0 || !d || !(d->flags & GTREF_REGF_ENGINE) || !gtref_reg_present(d, e)) return -1;
        *off = gtref_reg_abs(d, e);
        return 0;
    }
    const gtref_reg_def *d = gtref_reg_by_name(text);
    if (!d || (d->flags & GTREF_REGF_ENGINE)) return -1;
    *off = d->offset;
    return 0;
}
