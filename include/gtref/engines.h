/* Engine descriptors: every engine is an instance of the same command streamer, placed by this table.
 * Adding an engine to a run is a matter of the engine count (1..4), never of new code. */
#ifndef GTREF_ENGINES_H
#define GTREF_ENGINES_H
#include <stdint.h>

#define GTREF_MAX_ENGINES 4

typedef struct gtref_engine_def {
    const char *name;       /* RCS0, BCS0, VCS0, VECS0 */
    uint32_t base;          /* MMIO base of the engine's register block */
    uint8_t klass;          /* Gen11 engine class: 0 render, 1 video, 2 enhance, 3 copy */
    uint8_t instance;
    uint8_t intr_dw;        /* GT_INTR_DW0/1 that reports it */
    uint8_t intr_bit;       /* bit in that DW */
    uint32_t intr_enable_reg; uint8_t intr_enable_shift;  /* 16-bit enable field */
    uint32_t intr_mask_reg;   uint8_t intr_mask_shift;    /* 16-bit mask field */
    uint8_t sem_target;     /* its MI_SEMAPHORE_SIGNAL Target Engine Select value (C32: 0 RCS, 1 VCS0, 2 BCS, 3 VECS) */
} gtref_engine_def;

extern const gtref_engine_def gtref_engines[GTREF_MAX_ENGINES];

/* Index of an engine by name, or -1. */
int gtref_engine_by_name(const char *name);
/* The engine that MI_SEMAPHORE_SIGNAL Target Engine Select value t names in a GT of `engines` engines, or -1
 * (4 = VCS1, which the kit lacks, or an engine beyond the count: docs/commands.md §5). */
int gtref_engine_by_sem_target(unsigned t, int engines);
#endif
