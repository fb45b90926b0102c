/* The kit's execlist context image layout (include/gtref/el_image.h; docs/execlists.md §3.2). */
#include "gtref/el_image.h"
#include "gtref/engines.h"

#include <string.h>

/* One LRI block of §3.2: its header DW, the header per class (0: none on that class, a NOOP) and its pairs. */
typedef struct pair { uint32_t rel, val; bool skipped; } pair;

static const pair ring_ctx[15] = {   /* DW 0x02..0x1F; CCID (RCS0 only) last */
    { 0x244, 0, false }, { 0x034, 0, false }, { 0x030, 0, false }, { 0x038, 0, false }, { 0x03C, 1, false },
    { 0x168, 0, false }, { 0x140, 0, false }, { 0x110, 0, false }, { 0x11C, 0, false }, { 0x114, 0, false },
    { 0x118, 0, false }, { 0x1C0, 0, false }, { 0x1C4, 0, false }, { 0x1C8, 0, false }, { 0x180, 0, false } };
static const pair pdp_ctx[9] = {     /* DW 0x22..0x33 */
    { 0x3A8, 0, false }, { 0x28C, 0, false }, { 0x288, 0, false }, { 0x284, 0, false }, { 0x280, 0, false },
    { 0x27C, 0, false }, { 0x278, 0, false }, { 0x274, 0, false }, { 0x270, 0, false } };
static const pair eng_ctx[11] = {    /* DW 0x52..0x67; then CS_GPR0..31 and IPEHR */
    { 0x028, 0, true }, { 0x09C, 0, true }, { 0x0C0, 0xFFFF0000u, false }, { 0x178, 1, false },
    { 0x17C, 0x00150000u, false }, { 0x358, 0, true }, { 0x170, 0, true }, { 0x150, 0, true }, { 0x154, 0, true },
    { 0x158, 0, false }, { 0x41C, 0, false } };

static bool render(int e) { return gtref_engines[e].klass == 0; }

static void put_pair(uint32_t *dw, unsigned k, int e, uint32_t rel, uint32_t val)
{
    dw[k] = gtref_engines[e].base + rel;
    dw[k + 1] = val;
}

void gtref_el_image_build(uint32_t dw[GTREF_EL_IMAGE_DWORDS], int e, uint32_t ctx_ctl, uint32_t ring, uint32_t tail)
{
    memset(dw, 0, GTREF_EL_IMAGE_DWORDS * sizeof *dw);
    bool r = render(e);
    unsigned k = 1, n = r ? 15 : 14;
    dw[k++] = r ? 0x1108101Du : 0x1108101Bu;
    for (unsigned i = 0; i < n; i++, k += 2) {
        uint32_t v = ring_ctx[i].val;
        if (ring_ctx[i].rel == 0x244) v = ctx_ctl;
        else if (ring_ctx[i].rel == 0x030) v = tail;
        else if (ring_ctx[i].rel == 0x038) v = ring;
        put_pair(dw, k, e, ring_ctx[i].rel, v);
    }
    k = 0x21;
    dw[k++] = 0x11081011u;
    for (unsigned i = 0; i < 9; i++, k += 2) put_pair(dw, k, e, pdp_ctx[i].rel, pdp_ctx[i].val);
    if (r) { dw[0x34] = 0x11081001u; put_pair(dw, 0x35, e, 0x1B0, 0); }           /* POSH_LRCA (skipped) */
    if (r) { dw[0x41] = 0x11080001u; put_pair(dw, 0x42, e, 0x0C8, 0); }           /* R_PWR_CLK_STATE (skipped) */
    else if (gtref_engines[e].klass == 3) { dw[0x41] = 0x11080001u; put_pair(dw, 0x42, e, 0x200, 0); }   /* BCS tile */
    k = 0x51;
    dw[k++] = 0x11081057u;
    for (unsigned i = 0; i < 11; i++, k += 2) put_pair(dw, k, e, eng_ctx[i].rel, eng_ctx[i].val);
    for (unsigned i = 0; i < 32; i++, k += 2) put_pair(dw, k, e, 0x600 + 4u * i, 0);
    put_pair(dw, k, e, 0x068, 0);   /* IPEHR, DW 0xA8 */
    if (!r) { dw[0xB0] = 0x05000001u; return; }
    dw[0xB1] = 0x1108100Du;
    for (unsigned i = 0; i < 7; i++) put_pair(dw, 0xB2 + 2 * i, e, 0x400 + 4u * i, 0);
    dw[0xC0] = 0x05000001u;
}

int gtref_el_image_slot(int e, uint32_t rel)
{
    bool r = render(e);
    for (unsigned i = 0; i < (r ? 15u : 14u); i++)
        if (ring_ctx[i].rel == rel) return (int)(0x03 + 2 * i);
    for (unsigned i = 0; i < 9; i++)
        if (pdp_ctx[i].rel == rel) return (int)(0x23 + 2 * i);
    for (unsigned i = 0; i < 11; i++)
        if (eng_ctx[i].rel == rel) {
            if (eng_ctx[i].skipped || (!r && (rel == 0x178 || rel == 0x17C))) return -1;
            return (int)(0x53 + 2 * i);
        }
    if (rel >= 0x600 && rel <= 0x67C && rel % 4 == 0) return (int)(0x69 + 2 * ((rel - 0x600) / 4));
    if (rel == 0x068) return 0xA9;
    if (r && rel >= 0x400 && rel <= 0x418 && rel % 4 == 0) return (int)(0xB3 + 2 * ((rel - 0x400) / 4));
    return -1;
}
