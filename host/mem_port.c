/* The DUT's memory port (include/gtref/host.h; docs/cycle-contract.md §3): the system memory the DUT reads and
 * writes, with the stimulus's back-pressure and random read latency; reads answered in request order. */
#include "gtref/host.h"

#include <string.h>

void gtref_mem_port_init(gtref_mem_port *p, gtref_mem *mem, const gtref_latency *lat, uint64_t stim_seed)
{
    memset(p, 0, sizeof *p);
    p->mem = mem;
    p->lat = *lat;
    gtref_rng_seed(&p->rng, stim_seed ^ 0x6774726566ull /* "gtref": latency stream != generator stream */);
}

bool gtref_mem_port_ready(gtref_mem_port *p) { return gtref_rng_pct(&p->rng, p->lat.req_ready_pct); }

size_t gtref_mem_port_reads(const gtref_mem_port *p) { return p->count; }

void gtref_mem_port_write(gtref_mem_port *p, uint64_t addr, uint64_t wdata, uint8_t be)
{
    gtref_mem_write_be64(p->mem, addr, wdata, be);
}

void gtref_mem_port_read(gtref_mem_port *p, uint64_t cycle, uint64_t addr)
{
    if (p->count == GTREF_MEM_PORT_READS) return;
    uint64_t lat = gtref_rng_range(&p->rng, p->lat.rd_lat_min, p->lat.rd_lat_max);
    p->rq[(p->head + p->count++) % GTREF_MEM_PORT_READS] = (gtref_mem_port_req){ cycle + (lat ? lat : 1), addr };
}

bool gtref_mem_port_response(gtref_mem_port *p, uint64_t cycle, uint8_t line[64])
{
    if (!p->count || p->rq[p->head].due > cycle) return false;
    gtref_mem_read(p->mem, p->rq[p->head].addr, line, 64);
    p->head = (p->head + 1) % GTREF_MEM_PORT_READS;
    p->count--;
    return true;
}
