/* DPI-C imports of dpi/tb_top.sv, implemented in dpi/tb.c (types as Verilator maps them, via svdpi.h). */
#ifndef GTREF_TB_H
#define GTREF_TB_H
#include "svdpi.h"

/* rtl_built, build_id: what the simulator was built as; rtl_asked: the +rtl= the caller expects ("" = any). */
void *gtref_tb_open(const char *stim_path, const char *result_path, const char *rtl_built, const char *rtl_asked,
                    const char *build_id, int num_engines);
void gtref_tb_engine_probe(void *tb, int e, svBit retire, unsigned int retire_dw0, unsigned long long retire_addr,
                           svBit retire_err, svBit commit_valid, unsigned int commit_off, unsigned int commit_data,
                           svBit idle, svBit halted, svBit req_valid, int req_client, svBit req_ggtt,
                           unsigned long long req_va, svBit req_write, unsigned long long req_wdata,
                           unsigned char req_be);
/* The GAM's probes of this cycle (docs/gam.md GAM-17): the previous closing edge's grant, lookup, fill, fault,
 * write acknowledgements and read routing. Called every cycle before gtref_tb_cycle. */
void gtref_tb_gam_probe(void *tb, svBit gnt_valid, int gnt_engine, int arb_state, svBit lookup_valid, int lookup_engine,
                        svBit lookup_hit, int lookup_index, svBit fill_valid, int fill_engine, int fill_index,
                        svBit fault_valid, int fault_engine, int fault_type, int wr_ack, int rsp,
                        unsigned casc);
int gtref_tb_cycle(void *tb, svBit mmio_req_ready, svBit mmio_rsp_valid, unsigned int mmio_rsp_rdata,
                   svBit mmio_commit_valid, unsigned int mmio_commit_off, unsigned int mmio_commit_data,
                   svBit mem_req_valid, svBit mem_req_write, unsigned long long mem_req_addr,
                   unsigned long long mem_req_wdata, unsigned char mem_req_be, int mem_req_src, svBit irq,
                   svBit *o_mmio_req_valid, svBit *o_mmio_req_write, unsigned int *o_mmio_req_addr,
                   unsigned int *o_mmio_req_wdata, svBit *o_mem_req_ready, svBit *o_mem_rsp_valid,
                   svBitVecVal *o_mem_rsp_data);
int gtref_tb_close(void *tb);
/* Called from the testbench's final block: exits with status when it is not 0. */
void gtref_tb_exit(int status);
/* A regression's per-test cycle limit (+max_cycles=N): the test stops at the smaller of N and its own. */
void gtref_tb_cap_cycles(void *tb, unsigned long long max_cycles);
/* +cmdtrace=FILE: write every retired command, decoded, to FILE. 0, or -1 when it cannot be written. */
int gtref_tb_cmdtrace(void *tb, const char *path);
/* +stims=LIST: several tests one after another in one process. LIST has one test a line, "stim<TAB>result<TAB>log";
 * each test's output goes to its log (appended). NULL when the list cannot be read. */
void *gtref_tb_batch_open(const char *list_path, unsigned long long max_cycles);
/* Open the next test of the list (its output from now on to its log): its handle, or NULL when the list is over
 * (or a line is malformed: said on stderr). A test that cannot start gets its ERROR record and is skipped. */
void *gtref_tb_batch_next(void *batch, const char *rtl_built, const char *rtl_asked, const char *build_id, int num_engines);
/* Test-only: the tests so named abort (crash_test) or hang (hang_test) in their 50th cycle; "" for none. */
void gtref_tb_selftest(const char *crash_test, const char *hang_test);
#endif
