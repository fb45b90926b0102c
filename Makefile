# gtref: build, test and regression entry points. Everything is built into build/.
#   make            build the libraries, the gtref command and the clean simulator
#   make test       unit tests, expectations on the model, directed co-simulation tests, a short random run,
#                   a known RTL bug caught
#   make check      the directed tests' spec-derived expectations on the model alone (no Verilator)
#   make regress    the default regression: directed tests + 200 random seeds, one job per core (SEEDS=, RESUME=1,
#                   REQUIRE_COVERAGE=0|1: by default every coverage bin must be hit from 200 seeds up)
#   make night      a named test list (LIST=smoke|nightly|full, MASTER_SEED=, RESUME=1; COVERAGE=1 [COVERAGE_GOAL=1]
#                   on the coverage build, merged over the night; MAX_SEEDS=N a sample of the list)
#   make bench      throughput figures, each beside its target (docs/performance.md)
#   make lint       Verilator lint of the RTL
#   make coverage   the default regression on the coverage build: RTL line/branch/toggle coverage per module
#   make rtl-test   the DUT-only RTL harnesses (tests/rtl) on the clean RTL and on the bugs they expect to catch
# Missing Debian packages are installed with apt-get when run as root; otherwise make says what to install
# (tools/need-pkgs.sh). make test checks everything it needs (the build's packages and the test tools) before it
# builds anything.

SHELL := /bin/bash
BUILD := build
CC ?= gcc
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
SEEDS ?= 200
RTL ?= clean
ENGINES ?= 4

CPPFLAGS := -Iinclude -I$(BUILD)/gen/include -I/usr/share/verilator/include/vltstd -D_POSIX_C_SOURCE=200809L
CFLAGS := -std=c11 -Wall -Wextra -Werror -O2 -g
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDLIBS := -lmsgpackc

CORE_SRCS := $(wildcard common/*.c refmodel/*.c stimulus/*.c stimulus/gen/*.c host/*.c scoreboard/*.c report/*.c)
TB_SRCS := $(wildcard dpi/*.c)
GTREF_SRCS := $(wildcard regress/*.c)
UNIT_SRCS := $(wildcard tests/unit/*.c) tests/fuzz/targets.c
RTL_PKGS := rtl/gt_reg_rules_pkg.sv rtl/gt_cs_pkg.sv   # the packages first, each after those it imports
RTL_SRCS := $(RTL_PKGS) $(filter-out $(RTL_PKGS),$(wildcard rtl/*.sv))
# The register table's C constants are generated (include/gtref/reg_table.def -> REGCONSTS, included by gtref/regs.h).
REGCONSTS := $(BUILD)/gen/include/gtref/reg_consts.h
HDRS := $(wildcard include/gtref/*.h refmodel/*.h scoreboard/*.h stimulus/gen/*.h regress/*.h dpi/*.h tests/unit/*.h tests/fuzz/*.h) \
  include/gtref/reg_table.def $(REGCONSTS)

CORE_OBJS := $(CORE_SRCS:%.c=$(BUILD)/obj/%.o)
CORE_SAN_OBJS := $(CORE_SRCS:%.c=$(BUILD)/san/%.o)
TB_OBJS := $(TB_SRCS:%.c=$(BUILD)/obj/%.o)
GTREF_OBJS := $(GTREF_SRCS:%.c=$(BUILD)/obj/%.o)
UNIT_OBJS := $(UNIT_SRCS:%.c=$(BUILD)/san/%.o)
# unit tests name the fuzz targets' header and refmodel's white-box header by folder, not by a ../ path
$(UNIT_OBJS): CPPFLAGS += -Itests
$(BUILD)/san/tests/unit/test_watchdog.o: CPPFLAGS += -Irefmodel

LIBGTREF := $(BUILD)/lib/libgtref.a
LIBTB := $(BUILD)/lib/libgtref_tb.a
GTREF := $(BUILD)/bin/gtref
SVPKG := $(BUILD)/gen/gtref_pkg.sv
# One simulator per configuration (RTL build x engine count): build/sim/<rtl>/e<engines>/Vtb_top.
SIMDIR = $(BUILD)/sim/$(1)/e$(ENGINES)
SIM = $(call SIMDIR,$(RTL))/Vtb_top
UNIT := $(BUILD)/tests/unit_tests

# RTL bugs that can be switched on: the rows of docs/rtl-bugs.md, in its order (tools/rtl-catalogue.sh bug; make check checks
# them against the RTL's GTREF_BUG_<NAME> blocks); make test checks TEST_BUG is caught.
BUGS := $(shell sh tools/rtl-catalogue.sh bug)
TEST_BUG ?= SDI_QWORD_BE
# A directed test that catches TEST_BUG: make test replays it and requires the same signature.
TEST_BUG_REPLAY ?= sdi_qword
# Legal variants of the RTL (other timings the cycle contract allows): the rows of docs/rtl-variants.md
# (tools/rtl-catalogue.sh variant; make check checks them against the RTL's GTREF_VARIANT_<NAME> blocks); make variants runs
# the default regression on each, and every test must pass.
VARIANTS := $(shell sh tools/rtl-catalogue.sh variant)

# Verilation and the C++ build are two steps (docs/performance.md): Verilator writes build/sim/<cfg>/obj/ from the SV
# sources and the generated package only (--binary without --build), then Verilator's own makefile compiles and links
# it with the C libraries. A change in refmodel/ or any C library thus relinks the simulator without re-verilating.
# Verilator's makefile puts its OPT_* flags after -CFLAGS, so the optimisation level is set there: OPT_FAST is the
# per-cycle code (-Os by default), OPT_GLOBAL the Verilator runtime, OPT_SLOW the one-time initialisation.
VERILATOR_FLAGS := --cc --exe --main --timing -Wall -O2 --x-assign fast --x-initial fast -j $(JOBS) --top-module tb_top
VERILATED_OPT := OPT_FAST=-O2 OPT_GLOBAL=-O2 OPT_SLOW=-O1
VERILATED_MAKE = $(MAKE) --no-print-directory -j$(JOBS) -C $(1) -f Vtb_top.mk $(VERILATED_OPT)
KNOWN_RTL := clean $(BUGS:%=bug-%) $(VARIANTS:%=variant-%)
ifeq ($(filter $(RTL),$(KNOWN_RTL)),)
$(error RTL=$(RTL) is not a known RTL build; known: $(KNOWN_RTL) (docs/rtl-bugs.md, docs/rtl-variants.md))
endif
ifeq ($(filter $(ENGINES),1 2 3 4),)
$(error ENGINES=$(ENGINES): the design has 1 to 4 engines)
endif
BUILD_ID := $(shell git describe --always --dirty --tags 2>/dev/null || echo unknown)
export OBJCACHE := $(shell command -v ccache >/dev/null 2>&1 && echo ccache)

.PHONY: coverage coverage-test rebuild-check all deps lib sim test unit check inputs-test usability-test night-test waiver-test cosim-test bug-test slurm-test minimize-test waves-test determinism-test isolation-test report-test rtl-test rtl-srcs verdict-test test-deps unit-deps fuzz fuzz-deps regress night bench lint clean bugs variants install

all: deps $(GTREF) sim

# ---- dependencies ----
# The build (make, make regress, make night): BUILD_PKGS. make test adds TEST_PKGS: Criterion for the unit tests,
# Chromium and xmllint for the reports, Slurm and munge for the Slurm launcher check. With test among the goals,
# deps checks them all, so that the whole list is known (or installed) before anything is built.
BUILD_PKGS := verilator g++ libmsgpack-dev
TEST_PKGS := libcriterion-dev chromium libxml2-utils slurm-wlm munge
DEPS_PKGS := $(BUILD_PKGS) $(if $(filter test,$(MAKECMDGOALS)),$(TEST_PKGS))
deps:
	@sh tools/need-pkgs.sh "make$(if $(MAKECMDGOALS), $(firstword $(MAKECMDGOALS)))" $(DEPS_PKGS)
# What make test needs beyond the build (a check run by name checks them too; root installs them).
test-deps:
	@sh tools/need-pkgs.sh "make test" $(BUILD_PKGS) $(TEST_PKGS)
unit-deps:
	@sh tools/need-pkgs.sh "make unit" $(BUILD_PKGS) libcriterion-dev

# ---- C libraries and programs ----
$(BUILD)/obj/%.o: %.c $(HDRS) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/san/%.o: %.c $(HDRS) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -O1 $(SANFLAGS) -c $< -o $@

$(LIBGTREF): $(CORE_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(LIBTB): $(TB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

lib: $(LIBGTREF) $(LIBTB)

$(GTREF): $(GTREF_OBJS) $(LIBGTREF)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

$(BUILD)/bin/gen_regs_h: tools/gen_regs_h.c include/gtref/reg_table.def | deps
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $< -o $@

# Written only when its content changes, as the package below.
$(REGCONSTS): $(BUILD)/bin/gen_regs_h
	@mkdir -p $(dir $@)
	@$< $@.tmp && if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@ && echo "generated $@"; fi

$(BUILD)/bin/gen_svpkg: tools/gen_svpkg.c refmodel/reg_table.c refmodel/cmd_table.c $(HDRS) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) tools/gen_svpkg.c refmodel/reg_table.c refmodel/cmd_table.c -o $@

# Written only when its content changes: a refmodel/ change that leaves the register and command tables' SV view as it
# was must not re-verilate every simulator.
$(SVPKG): $(BUILD)/bin/gen_svpkg
	@mkdir -p $(dir $@)
	@$< $@.tmp && if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@ && echo "generated $@"; fi

# ---- simulator (one build per configuration, reused across seeds) ----
# build/sim/<rtl>/e<N>/Vtb_top: the RTL build and the engine count are both in the path, so changing either
# builds (or reuses) the simulator of that configuration; the simulator records both in every result.
sim: $(SIM)
# Verilation of configuration <rtl>/e<N> (with trace/: the tracing build): $(1) extra Verilator flags.
define VERILATE
	@mkdir -p $(dir $@)
	@cfg=$*; rtl=$${cfg%%/*}; n=$${cfg#*/e}; n=$${n%%/*}; \
	case " $(KNOWN_RTL) " in *" $$rtl "*) ;; *) echo "gtref: unknown RTL build '$$rtl'; known: $(KNOWN_RTL)"; exit 1;; esac; \
	def=""; case $$rtl in bug-*) def="+define+GTREF_BUG_$${rtl#bug-}";; variant-*) def="+define+GTREF_VARIANT_$${rtl#variant-}";; esac; \
	log=$(abspath $(dir $@)../build.log); \
	echo "gtref: verilating simulator $$rtl with $$n engines $(2)(about a minute the first time; log $$log)"; \
	sh tools/ticker.sh 20 "echo \"gtref: still verilating simulator $$rtl with $$n engines $(2)(\$$elapsed s)\"" -o $$log \
	verilator $(VERILATOR_FLAGS) $(1) -GNUM_ENGINES=$$n -GRTL_NAME="\"$$rtl\"" -GBUILD_ID="\"$(BUILD_ID)\"" $$def \
	  -Mdir $(dir $@) -o ../Vtb_top \
	  -LDFLAGS "$(abspath $(LIBTB)) $(abspath $(LIBGTREF)) -lmsgpackc" -CFLAGS -DVL_USER_FINISH \
	  $(SVPKG) $(RTL_SRCS) dpi/tb_top.sv $(abspath dpi/vl_finish.cpp) \
	  || { tail -n 40 $$log; exit 1; }
	@touch $@
endef
# The C++ build and link: Verilator's makefile recompiles what verilation changed; the C libraries are not among its
# dependencies, so the old binary is removed to force the link. Its VPATH holds .., so for the tracing build (trace/obj)
# its target ../Vtb_top is also found as ../../Vtb_top, the non-tracing simulator, which counts as up to date when it is
# newer than the archive: the archive is touched (if it exists) so that the link is made.
define LINK_SIM
	@rm -f $@ && touch -c $(dir $@)obj/Vtb_top__ALL.a
	@log=$(abspath $(dir $@)build.log); echo "gtref: compiling and linking $@ ($(VERILATED_OPT); log $$log)"; \
	sh tools/ticker.sh 20 "echo \"gtref: still compiling $@ (\$$elapsed s, \$$(ls $(dir $@)obj/*.o 2>/dev/null | wc -l) of \$$(grep -c '^	[A-Za-z0-9_]* \\\\$$' $(dir $@)obj/Vtb_top_classes.mk) objects)\"" -a $$log \
	$(call VERILATED_MAKE,$(dir $@)obj) || { tail -n 40 $$log; exit 1; }
	@echo "built $@"
endef

$(BUILD)/sim/%/obj/verilated.stamp: $(SVPKG) $(RTL_SRCS) dpi/tb_top.sv dpi/vl_finish.cpp
	$(call VERILATE,,)
$(BUILD)/sim/%/Vtb_top: $(BUILD)/sim/%/obj/verilated.stamp $(LIBTB) $(LIBGTREF)
	$(LINK_SIM)

# The tracing build of a configuration, for gtref replay --waves only: FST tracing, switched on for a window.
$(BUILD)/sim/%/trace/obj/verilated.stamp: $(SVPKG) $(RTL_SRCS) dpi/tb_top.sv dpi/vl_finish.cpp
	$(call VERILATE,--trace-fst +define+GTREF_TRACE,with tracing )
$(BUILD)/sim/%/trace/Vtb_top: $(BUILD)/sim/%/trace/obj/verilated.stamp $(LIBTB) $(LIBGTREF)
	$(LINK_SIM)
# The coverage build of a configuration, for make coverage only: Verilator's line (with branch) and toggle coverage
# of the RTL (the testbench excluded), each process writing its counts at exit (dpi/vl_coverage.cpp).
COVERAGE_VFLAGS := --coverage-line --coverage-toggle +define+GTREF_COVERAGE $(abspath dpi/vl_coverage.cpp)
$(BUILD)/sim/%/coverage/obj/verilated.stamp: $(SVPKG) $(RTL_SRCS) dpi/tb_top.sv dpi/vl_finish.cpp dpi/vl_coverage.cpp
	$(call VERILATE,$(COVERAGE_VFLAGS),with coverage )
# Its C++ build keeps the per-cycle code at -O2 (the run, about 10x an ordinary run's CPU, is most of its cost) and
# compiles the one-time initialisation (the __Slow files: 40 of the 74 MB of generated C++, most of it Verilator's
# coverage-point set-up) at -O0 (docs/regress.md "RTL code coverage": measured build and run times).
COVERAGE_OPT := OPT_FAST=-O2 OPT_GLOBAL=-O2 OPT_SLOW=-O0
$(BUILD)/sim/%/coverage/Vtb_top: VERILATED_OPT = $(COVERAGE_OPT)
$(BUILD)/sim/%/coverage/Vtb_top: $(BUILD)/sim/%/coverage/obj/verilated.stamp $(LIBTB) $(LIBGTREF)
	$(LINK_SIM)
# Named here so that make does not treat them as intermediate files (a missing stamp must verilate).
SIM_STAMPS := $(foreach r,$(KNOWN_RTL),$(foreach n,1 2 3 4,$(BUILD)/sim/$(r)/e$(n)/obj/verilated.stamp \
  $(BUILD)/sim/$(r)/e$(n)/trace/obj/verilated.stamp $(BUILD)/sim/$(r)/e$(n)/coverage/obj/verilated.stamp))
$(SIM_STAMPS):

# The catalogued bug and variant builds are linted too (each is the reference RTL with one define: an ifdef block
# that does not elaborate cleanly would first show in make bugs or make variants), two at a time, a log each.
lint: $(SVPKG)
	verilator --lint-only -Wall --top-module gt_top $(SVPKG) $(RTL_SRCS)
	verilator --lint-only -Wall --timing --top-module tb_top $(SVPKG) $(RTL_SRCS) dpi/tb_top.sv
	@mkdir -p $(BUILD)/lint
	@printf '%s\n' $(addprefix BUG_,$(BUGS)) $(addprefix VARIANT_,$(VARIANTS)) | xargs -P 2 -I{} sh -c \
	  'verilator --lint-only -Wall --top-module gt_top +define+GTREF_{} $(SVPKG) $(RTL_SRCS) >$(BUILD)/lint/{}.log 2>&1 \
	   || { echo "lint: the build with GTREF_{} has warnings or errors ($(BUILD)/lint/{}.log):"; cat $(BUILD)/lint/{}.log; exit 255; }'
	@echo "lint: $(words $(BUGS)) bug builds and $(words $(VARIANTS)) variant builds lint clean"
	$(PASSED)

# ---- tests ----
# Each check of make test records how it ended in build/test/status/<check>: "passed", or "skipped: <reason>" (only
# slurm-test skips, where Slurm cannot run); make test ends with a line that counts them and names every skip.
STATUS := $(BUILD)/test/status
PASSED = @mkdir -p $(STATUS) && echo passed > $(STATUS)/$@
TEST_CHECKS := lint unit check inputs-test usability-test night-test waiver-test bug-test slurm-test report-test \
  verdict-test determinism-test waves-test minimize-test isolation-test cosim-test
$(UNIT): $(UNIT_OBJS) $(CORE_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SANFLAGS) $^ -lcriterion $(LDLIBS) -o $@

$(UNIT_OBJS): | unit-deps
# The Criterion tests run for minutes under the sanitizers: a count every 20 s, then everything but the passes
# (failures, sanitizer reports, Criterion's closing Synthesis line); the full log in build/tests/unit.log.
UNIT_LOG := $(BUILD)/tests/unit.log
unit: $(UNIT)
	@total=$$($(UNIT) --list | grep -c '── '); \
	echo "unit: $$total Criterion tests with ASan/UBSan, $(JOBS) jobs (a few minutes; log $(UNIT_LOG))"; \
	sh tools/ticker.sh 20 "echo \"unit: \$$(grep -c '^\[PASS\]' $(UNIT_LOG)) of $$total passed, \$$(grep -cE '^\[(FAIL|CRASH)' $(UNIT_LOG)) failed so far (\$$elapsed s)\"" \
	  -o $(UNIT_LOG) $(UNIT) --jobs $(JOBS) --verbose; rc=$$?; \
	grep -vE '^\[(RUN |PASS)\] |^\[====\] Running |^\[----\] Criterion v' $(UNIT_LOG); \
	test $$rc = 0 || { echo "unit: FAILED (exit status $$rc; log $(UNIT_LOG)); one test alone: $(UNIT) --filter 'suite/test' --verbose"; exit 1; }
	$(PASSED)

cosim-test: $(GTREF) $(call SIMDIR,clean)/Vtb_top
	$(GTREF) regress --sim $(call SIMDIR,clean)/Vtb_top --rtl clean --directed tests/directed \
	  --seeds 40 --engines $(ENGINES) --jobs $(JOBS) --out $(BUILD)/test/clean
	$(PASSED)

# The known bug caught, replayed, waived (tests/bug/caught.sh).
bug-test: $(GTREF) $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top
	bash tests/bug/caught.sh $(GTREF) $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top $(TEST_BUG) $(TEST_BUG_REPLAY) $(ENGINES) $(JOBS) \
	  $(BUILD)/test
	$(PASSED)

# The Slurm launcher against a real single-node Slurm started on this machine (munge, slurmctld, slurmd; state in
# build/test/slurm-real): a small test list through it gives the same records as the local run.
# Where Slurm cannot run (a daemon exits or never comes up: tests/slurm/single-node.sh), the check is skipped with the
# reason in one line, and make test goes on; with CI=true that is a failure.
# First the skip itself, on a munge key that does not exist: one SKIPPED line and exit status 3, or 1 with CI=true
# (tests/slurm/check.sh, which records the check's status itself).
slurm-test: test-deps $(GTREF) $(call SIMDIR,clean)/Vtb_top $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top
	bash tests/slurm/check.sh $(GTREF) $(BUILD)/test $(STATUS)/$@

# The reports of two runs of one series: junit.xml valid against the JUnit schema Jenkins reads, report.html
# rendered by headless Chromium (its DOM checked, a screenshot kept) with the second run's buckets still failing
# and a two-point history chart.
report-test: test-deps bug-test $(GTREF) $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top
	bash tests/report/check.sh $(GTREF) $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top bug-$(TEST_BUG) $(ENGINES) $(JOBS) \
	  $(BUILD)/test/waived $(BUILD)/test/report
	$(PASSED)

# The verdict of a run in every report (stdout, summary.md, junit.xml, report.html) for a clean run with coverage holes
# (PASS), the same with --require-coverage (FAIL on coverage) and a run with failing tests; the end of a failing run's
# output (buckets, replay commands, verdict, counts); when and what each report says; replay, rerun and rerun-failed
# commands run from another directory; a night's compact output (tests/cli/verdict.sh).
verdict-test: $(GTREF) $(call SIMDIR,clean)/Vtb_top $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top
	sh tests/cli/verdict.sh $(GTREF) $(call SIMDIR,clean)/Vtb_top $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top \
	  $(BUILD)/test/verdict $(ENGINES) $(JOBS)
	$(PASSED)

# Determinism and resume: the same seeds with 1 and 2 jobs, and with the default number of tests per simulator
# process and one per process, give the same records (timings aside); a run killed part-way then finished with
# --resume gives them too, running only what was missing. A test that crashes (or hangs) in the middle of a batch
# gets its CRASH (TIMEOUT), and every other test its real record.
determinism-test: $(GTREF) $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top
	bash tests/determinism/check.sh $(GTREF) $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top bug-$(TEST_BUG) $(ENGINES) \
	  $(BUILD)/test/determinism
	$(PASSED)

# replay --waves of a known failure: an FST that starts before the first mismatch and was closed properly, and the
# decoded command trace.
waves-test: bug-test $(GTREF) $(call SIMDIR,bug-$(TEST_BUG))/trace/Vtb_top
	bash tests/bug/waves.sh $(GTREF) $(BUILD)/test/bug-$(TEST_BUG) $(TEST_BUG_REPLAY)
	$(PASSED)

# gtref minimize on a random seed that finds the known bug: a .gts at least 10 times smaller (commands and host
# operations) that reproduces the same signature as it is written.
minimize-test: bug-test $(GTREF) $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top
	bash tests/bug/minimize.sh $(GTREF) $(BUILD)/test/bug-$(TEST_BUG)/results/rand-1.result $(BUILD)/test
	$(PASSED)

# Failure isolation (docs/regress.md §2.1): a crash, an abort, runaway memory, a log flood (stand-in simulator) and
# two real DUT hangs in one regression, each recorded as what it is and replayed; the other tests pass.
ISOLATION_SIM := $(BUILD)/tests/stand_in_sim
$(ISOLATION_SIM): tests/isolation/stand_in_sim.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< -o $@
isolation-test: $(GTREF) $(ISOLATION_SIM) $(call SIMDIR,clean)/Vtb_top
	sh tests/isolation/check.sh $(GTREF) $(ISOLATION_SIM) $(abspath $(call SIMDIR,clean)/Vtb_top) $(BUILD)/test/isolation \
	  $(ENGINES) $(JOBS)
	$(PASSED)

# Every reader of a user's file, through the gtref command, on a malformed file: exit status 2, the file and a
# position (tests/cli/malformed_inputs.sh; the readers themselves are fuzzed by make fuzz, docs/fuzzing.md). gtref
# run looks for its simulator before it reads the file, so the clean simulator must exist.
inputs-test: $(GTREF) $(call SIMDIR,clean)/Vtb_top
	sh tests/cli/malformed_inputs.sh $(GTREF) $(BUILD)/test/inputs
	$(PASSED)

# What a new user meets at the command line (tests/cli/usability.sh): reports that lead with the mismatch, a test
# that never ran said plainly, asm/disasm help, a direct simulator run without Verilator's $finish line, paths
# without "..", write errors that name the file asked for, gtref alone printing its help.
usability-test: $(GTREF) $(call SIMDIR,clean)/Vtb_top $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top
	sh tests/cli/usability.sh $(GTREF) $(BUILD)/test/usability
	$(PASSED)

# Waivers across runs (tests/waivers/history.sh): a bucket failing in one run and waived in the next is "waived" (by
# which waiver, since when), not "fixed", on stdout, in summary.md and report.html; a bug build's waiver is not
# called stale by a clean run or night; a waiver whose scope was run and that matched nothing is.
waiver-test: $(GTREF) $(call SIMDIR,clean)/Vtb_top $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top
	sh tests/waivers/history.sh $(GTREF) $(BUILD)/test/waiver-history
	$(PASSED)

# gtref night interrupted with Ctrl-C part-way (tests/night/interrupt.sh): exit status 130, the night's own counts,
# a resume command that finishes it with the records of an uninterrupted night; stale records not counted.
night-test: $(GTREF) $(call SIMDIR,clean)/Vtb_top $(call SIMDIR,bug-$(TEST_BUG))/Vtb_top
	sh tests/night/interrupt.sh $(GTREF) $(BUILD)/test/night
	$(PASSED)

# The DUT-only harnesses (tests/rtl/NAME.sv with NAME.expect, docs/rtl-bugs.md): each on the clean RTL and on the
# catalogued bugs its expectations name, every one failing exactly its tests (tests/rtl/run_harness.sh; its own make
# and Verilator's run as they do by hand, without this make's jobserver). Not part of make test: one Verilator build
# per variant of each harness (42 today; about 66 s each on two idle cores, some 45 minutes in all).
RTL_HARNESSES := $(patsubst tests/rtl/%.expect,%,$(wildcard tests/rtl/*.expect))
rtl-test: deps $(SVPKG)
	@bad=0; for h in $(RTL_HARNESSES); do MAKEFLAGS= RTL_SRCS="$(RTL_SRCS)" bash tests/rtl/run_harness.sh $$h || bad=1; done; \
	  exit $$bad
	$(PASSED)
# The RTL sources, for tests/rtl/run_harness.sh run by hand.
rtl-srcs:
	@echo $(RTL_SRCS)

# The spec-derived expectations of the directed tests, on the model alone (no Verilator); then the test lists,
# make regress's flags and the RTL bug catalogue (tests/make/).
check: deps $(GTREF)
	$(GTREF) check tests/directed/*.gts
	bash tools/rtl-coverage.sh check-waivers waivers/rtl-coverage.txt
	@bash tests/coverage/waivers.sh $(BUILD)/test/coverage-waivers
	@bash tests/make/check.sh $(GTREF)
	@bash tests/make/regress_flags.sh "$(MAKE)"
	$(PASSED)

test: deps $(TEST_CHECKS)
	@passed=0; skipped=0; why=""; other=""; \
	for c in $(TEST_CHECKS); do st=$$(cat $(STATUS)/$$c 2>/dev/null); case $$st in \
	  passed) passed=$$((passed + 1)) ;; \
	  skipped:*) skipped=$$((skipped + 1)); why="$$why$${why:+; }$$c: $${st#skipped: }" ;; \
	  *) other="$$other $$c" ;; esac; done; \
	test -z "$$other" || { echo "make test: no status recorded for$$other"; exit 1; }; \
	if [ $$skipped = 0 ]; then echo "make test: all $$passed checks passed"; \
	else echo "make test: $$passed checks passed, $$skipped skipped ($$why)"; fi

# ---- fuzzing (docs/fuzzing.md): libFuzzer harnesses for every reader of outside input ----
FUZZ_TARGETS := stim result gts waiver lists model history
FUZZ_SECONDS ?= 60
FUZZ_CC := clang
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_SRCS := $(CORE_SRCS) tests/fuzz/targets.c
$(BUILD)/fuzz/fuzz_%: tests/fuzz/harness.c $(FUZZ_SRCS) $(HDRS) | fuzz-deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) -std=c11 $(FUZZ_FLAGS) -DGTREF_FUZZ_TARGET=gtref_fuzz_$* tests/fuzz/harness.c $(FUZZ_SRCS) \
	  $(LDLIBS) -o $@
fuzz-deps:
	@sh tools/need-pkgs.sh "make fuzz" $(BUILD_PKGS) clang
# Each target for FUZZ_SECONDS on its corpus (the tree's seeds in tests/fuzz/corpus/<target>, new inputs in
# build/fuzz/corpus-<target>); a crash, leak, timeout or sanitizer report stops with its input in build/fuzz/.
fuzz: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(BUILD)/fuzz/corpus-$$t $(BUILD)/fuzz/crash-$$t; \
	  echo "fuzz $$t: $(FUZZ_SECONDS) s"; \
	  $(BUILD)/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
	    -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/crash-$$t/ $(BUILD)/fuzz/corpus-$$t tests/fuzz/corpus/$$t \
	    > $(BUILD)/fuzz/$$t.log 2>&1 || { tail -n 30 $(BUILD)/fuzz/$$t.log; \
	    echo "fuzz $$t: FAILED; the input is in $(BUILD)/fuzz/crash-$$t/ (copy it to tests/fuzz/regress/$$t/ once fixed)"; exit 1; }; \
	  grep -E 'stat::number_of_executed_units|stat::new_units_added' $(BUILD)/fuzz/$$t.log | tr '\n' ' '; echo; \
	 done

# ---- regression ----
# Coverage closure (every bin hit, --require-coverage) is required of the default run and larger ones (SEEDS >= 200);
# a smaller run reports its holes without failing on them. REQUIRE_COVERAGE=1 or 0 decides it whatever SEEDS is.
# RESUME=1 finishes an interrupted run into the same folder without repeating a test (--resume).
ifeq ($(origin REQUIRE_COVERAGE),undefined)
REQUIRE_COVERAGE := $(shell [ "$(SEEDS)" -ge 200 ] 2>/dev/null && echo 1 || echo 0)
endif
ifeq ($(filter $(REQUIRE_COVERAGE),0 1),)
$(error REQUIRE_COVERAGE=$(REQUIRE_COVERAGE): 1 (fail on coverage holes) or 0 (report them only))
endif
RESUME_FLAG = $(if $(filter-out 0,$(RESUME)),--resume)
regress: deps $(GTREF) $(SIM)
	$(GTREF) regress --sim $(SIM) --rtl $(RTL) --directed tests/directed --seeds $(SEEDS) --engines $(ENGINES) \
	  $(if $(filter 1,$(REQUIRE_COVERAGE)),--require-coverage) --waivers waivers --jobs $(JOBS) --out $(BUILD)/regress/$(RTL) \
	  $(RESUME_FLAG)

# RTL code coverage (docs/regress.md "RTL code coverage"): the default regression (SEEDS=, RTL=, ENGINES=) on the
# coverage build of the simulator (build/sim/<rtl>/e<N>/coverage/Vtb_top, Verilator line, branch and toggle
# coverage) with gtref regress --coverage: each simulator process's counts merged and annotated in
# build/coverage/<rtl>/rtl-coverage/, the per-module totals and the goal (lines >= 98 %, toggle bits >= 90 %, the
# points of waivers/rtl-coverage.txt left out: docs/waivers.md) printed and added to summary.md and report.html
# (tools/rtl-coverage.sh). COVERAGE_GOAL=1 (the default) fails the run under the goal, 0 reports it only. Coverage
# closure of the functional bins is not required here (that is make regress's); the run must pass.
COVSIM = $(call SIMDIR,$(RTL))/coverage/Vtb_top
# The coverage build runs about 10x slower than the ordinary one: a test's time limit is 600 s, not 120 s (a
# directed test timed out at 120 s on a loaded machine).
COVERAGE_GOAL ?= 1
COVERAGE_TIMEOUT ?= 600
coverage: deps $(GTREF) $(COVSIM)
	$(GTREF) regress --coverage --sim $(COVSIM) --rtl $(RTL) --directed tests/directed --seeds $(SEEDS) \
	  --timeout $(COVERAGE_TIMEOUT) \
	  --engines $(ENGINES) --waivers waivers --coverage-waivers waivers/rtl-coverage.txt \
	  $(if $(filter 1,$(COVERAGE_GOAL)),--coverage-goal) --jobs $(JOBS) --out $(BUILD)/coverage/$(RTL)

# A small run of make coverage's script (5 seeds, no directed tests) on the clean coverage build: the merged counts,
# the annotated sources, the never-hit list and the per-module table exist and carry figures (tests/coverage/check.sh).
# Then gtref night --coverage on a two-group list (tests/coverage/night.sh, tests/coverage/lists.txt: one and four
# engines): both groups' counts merged, the goal's verdict and exit status, a --max-seeds sample.
# Not part of make test: the coverage builds alone take minutes.
coverage-test: deps $(GTREF) $(call SIMDIR,clean)/coverage/Vtb_top $(BUILD)/sim/clean/e1/coverage/Vtb_top \
  $(BUILD)/sim/clean/e4/coverage/Vtb_top
	bash tests/coverage/check.sh $(GTREF) $(call SIMDIR,clean)/coverage/Vtb_top $(ENGINES) $(BUILD)/test/coverage
	bash tests/coverage/night.sh $(GTREF) $(BUILD)/test/coverage-night
	$(PASSED)

# A named test list (tests/lists.txt, docs/test-lists.md): build the simulators it needs, then run it.
# COVERAGE=1: every group on the coverage build, the RTL coverage merged over the night's groups into
# build/night/<list>/<rtl>/rtl-coverage/ and night.md; COVERAGE_GOAL=1 given here (make coverage's default does not
# count) fails the night when the clean RTL misses the goal. MAX_SEEDS=N: at most N seeds per random group (and the
# soak tests' min-cycles capped: gtref help night), e.g. make night LIST=nightly COVERAGE=1 MAX_SEEDS=20.
LIST ?= smoke
NIGHT_COV_FLAG = $(if $(filter 1,$(COVERAGE)),--coverage)
NIGHT_GOAL_FLAG = $(if $(filter command line environment override,$(origin COVERAGE_GOAL)),$(if $(filter 1,$(COVERAGE_GOAL)),--coverage-goal))
night: deps $(GTREF)
	@for s in $$($(GTREF) night $(LIST) --print-sims $(NIGHT_COV_FLAG)); do $(MAKE) --no-print-directory $$s || exit 1; done
	$(GTREF) night $(LIST) --jobs $(JOBS) --waivers waivers $(if $(MASTER_SEED),--master-seed $(MASTER_SEED)) $(RESUME_FLAG) \
	  $(NIGHT_COV_FLAG) $(if $(NIGHT_COV_FLAG),--coverage-waivers waivers/rtl-coverage.txt) $(NIGHT_GOAL_FLAG) \
	  $(if $(MAX_SEEDS),--max-seeds $(MAX_SEEDS))

# Every catalogued bug against the default regression (slow: one simulator build per bug), then the clean RTL on the
# same tests, then the mutation report (build/regress/mutation.md): per bug caught or not, by which check, how many
# tests failed and the first failing seed; the score and the clean RTL's false failures. Old records are removed
# first, so the report counts this run's tests only. Fails when a bug was not caught or the clean RTL failed.
bugs: deps $(GTREF) $(foreach b,$(BUGS),$(call SIMDIR,bug-$(b))/Vtb_top) $(call SIMDIR,clean)/Vtb_top
	@for b in $(BUGS); do \
	  rm -rf $(BUILD)/regress/bug-$$b/results; \
	  $(GTREF) regress --sim $(BUILD)/sim/bug-$$b/e$(ENGINES)/Vtb_top --rtl bug-$$b --directed tests/directed \
	    --seeds $(SEEDS) --engines $(ENGINES) --jobs $(JOBS) --out $(BUILD)/regress/bug-$$b --expect-fail; \
	done; \
	rm -rf $(BUILD)/regress/clean/results; \
	$(GTREF) regress --sim $(call SIMDIR,clean)/Vtb_top --rtl clean --directed tests/directed \
	  --seeds $(SEEDS) --engines $(ENGINES) --jobs $(JOBS) --out $(BUILD)/regress/clean > $(BUILD)/regress/clean.log; \
	echo "clean RTL on the same tests: $$(tail -n 1 $(BUILD)/regress/clean.log) ($(BUILD)/regress/clean.log)"; echo; \
	$(GTREF) mutation-report $(BUGS:%=$(BUILD)/regress/bug-%) --clean $(BUILD)/regress/clean \
	  -o $(BUILD)/regress/mutation.md

# Every catalogued legal variant (docs/rtl-variants.md) against the default regression (directed tests and SEEDS
# random seeds; one simulator build per variant): a legal RTL must pass every test, so any failure is a false alarm
# of the kit. Coverage is reported per variant, not required: a variant's timing may make a timing corner unreachable
# (docs/rtl-variants.md "Coverage"); make regress and make coverage require it of the reference RTL. Old records are
# removed first. Fails when a test of any variant failed; ends with one line per variant.
variants: deps $(GTREF) $(foreach v,$(VARIANTS),$(call SIMDIR,variant-$(v))/Vtb_top)
	@mkdir -p $(BUILD)/regress; bad=""; sum=""; for v in $(VARIANTS); do \
	  rm -rf $(BUILD)/regress/variant-$$v/results; \
	  $(GTREF) regress --sim $(call SIMDIR,variant-$$v)/Vtb_top --rtl variant-$$v --directed tests/directed \
	    --seeds $(SEEDS) --engines $(ENGINES) --jobs $(JOBS) \
	    --out $(BUILD)/regress/variant-$$v > $(BUILD)/regress/variant-$$v.log 2>&1; st=$$?; \
	  log=$(BUILD)/regress/variant-$$v.log; \
	  cov=$$(grep '^coverage: ' $$log | tail -n 1 | sed 's/^coverage: \([0-9]* of [0-9]* bins hit\).*/\1/'); \
	  holes=$$(grep '^  holes: ' $$log | tail -n 1 | sed 's/^  holes: //'); \
	  line="variant-$$v: $$(grep '^verdict:' $$log | tail -n 1 | sed 's/ (.*//'), $$(tail -n 1 $$log)$${cov:+; $$cov}$${holes:+; not hit (reported, not required): $$holes} ($$log)"; \
	  echo "$$line"; sum="$$sum$$line\n"; [ $$st = 0 ] || bad="$$bad variant-$$v"; \
	done; echo; printf "$$sum"; \
	if [ -n "$$bad" ]; then echo "make variants: FAIL: the regression failed on legal RTL:$$bad (each log ends with its verdict, the failures and their replay commands)"; exit 1; fi; \
	echo "make variants: PASS: every test passed on all $(words $(VARIANTS)) legal variants"

# Throughput figures, each beside its target (docs/performance.md); a couple of minutes on an idle machine.
bench: deps $(GTREF) rebuild-check
	$(GTREF) bench --sim $(call SIMDIR,clean)/Vtb_top --engines $(ENGINES) --rebuild-report $(REBUILD_REPORT)

# The rebuild figure: a refmodel/ source (the register table, which also feeds gtref_pkg.sv) touched and the clean
# simulator rebuilt; Verilator's outputs and the package must keep their timestamps (a relink, no re-verilation).
REBUILD_REPORT := $(BUILD)/bench/rebuild.txt
rebuild-check: $(call SIMDIR,clean)/Vtb_top
	@mkdir -p $(dir $(REBUILD_REPORT))
	@o=$(call SIMDIR,clean)/obj; stamps() { stat -c '%n %.9Y' $$o/verilated.stamp $$o/Vtb_top.mk $$o/Vtb_top.cpp $(SVPKG); }; \
	before=$$(stamps); sleep 0.01; touch refmodel/reg_table.c; t0=$$(date +%s.%N); \
	$(MAKE) --no-print-directory $(call SIMDIR,clean)/Vtb_top > $(BUILD)/bench/rebuild.log 2>&1 \
	  || { cat $(BUILD)/bench/rebuild.log; exit 1; }; \
	t1=$$(date +%s.%N); after=$$(stamps); rev=0; \
	if [ "$$before" != "$$after" ] || grep -q 'verilating' $(BUILD)/bench/rebuild.log; then rev=1; fi; \
	test -x $(call SIMDIR,clean)/Vtb_top && test $(call SIMDIR,clean)/Vtb_top -nt refmodel/reg_table.c \
	  || { echo "rebuild-check: the simulator was not relinked after refmodel/reg_table.c changed"; exit 1; }; \
	echo "reverilated $$rev relink_s $$(awk "BEGIN { printf \"%.2f\", $$t1 - $$t0 }")" > $(REBUILD_REPORT); \
	echo "rebuild-check: refmodel/reg_table.c touched: $$([ $$rev = 0 ] && echo 'relinked without re-verilation' || echo 'RE-VERILATED') ($$(cat $(REBUILD_REPORT)))"

# gtref on PATH: a symbolic link in PREFIX/bin (default ~/.local/bin) to build/bin/gtref, which finds the
# simulators beside itself.
PREFIX ?= $(HOME)/.local
install: $(GTREF)
	@mkdir -p $(PREFIX)/bin
	ln -sf $(abspath $(GTREF)) $(PREFIX)/bin/gtref
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "gtref: add $(PREFIX)/bin to PATH to call it as gtref";; esac

clean:
	rm -rf $(BUILD)
