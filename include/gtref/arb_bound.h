/* The starvation bound of the MIDARB NP arbiter (docs/gam.md GAM-24). */
#ifndef GTREF_ARB_BOUND_H
#define GTREF_ARB_BOUND_H
#include <stdbool.h>
#include <stdint.h>

#define GTREF_ARB_UNBOUNDED (-1)

/* The most arbitrations in a row in which engine e (0..engines-1) takes part without being granted, over every start
 * state and every request vector of the build's engines that contains e, for MIDARB_PRIO_NP = prio_np and
 * MIDARB_GOTOFIELD_NP0..3 = goto_np; GTREF_ARB_UNBOUNDED when a cycle of states never grants e. */
int gtref_arb_bound(uint32_t prio_np, const uint32_t goto_np[4], int engines, int e);
#endif
