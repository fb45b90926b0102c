/* gts2mem: a .gts test as plain text for the DUT-only harness (tests/rtl/dut_tb.sv):
 *   M <addr hex> <dword hex>     one line per dword of every segment
 *   W <off hex> <val hex>        host writes, in order (reads and waits are dropped)
 * Debug aid for RTL work before the model implements a command; not part of the regression. */
#include "gtref/stim.h"
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 2) { fprintf(stderr, "usage: gts2mem FILE.gts\n"); return 2; }
    gtref_stim s;
    char err[256];
    gtref_stim_init(&s);
    if (gtref_gts_assemble_file(&s, argv[1], err, sizeof err)) { fprintf(stderr, "%s\n", err); return 1; }
    for (size_t i = 0; i < s.nsegs; i++)
        for (uint32_t b = 0; b < s.segs[i].len; b += 4) {
            uint32_t d;
            memcpy(&d, s.segs[i].bytes + b, 4);
            printf("M %llx %x\n", (unsigned long long)(s.segs[i].addr + b), d);
        }
    for (size_t i = 0; i < s.nops; i++)
        if (s.ops[i].op == 1) printf("W %x %x\n", s.ops[i].off, s.ops[i].val);
    gtref_stim_free(&s);
    return 0;
}
