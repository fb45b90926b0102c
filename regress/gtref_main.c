/* gtref: the command-line entry point and the usage text of every subcommand. */
#include <stdio.h>
#include <string.h>

#include "gtref_cli.h"

typedef struct subcommand {
    const char *name;
    int (*run)(const gtref_cli *cli, int argc, char **argv);
    const char *summary;
    const char *usage;
} subcommand;

static const subcommand subcommands[] = {
    {"regress", gtref_cmd_regress, "run directed tests and random seeds in parallel; summary, JUnit, buckets",
     "usage: gtref regress --rtl NAME [--sim PATH] [--directed DIR] [--seeds N] [--seed0 S] [--jobs J]\n"
     "                     [--out DIR] [--timeout SEC] [--max-memory MB] [--max-log MB]\n"
     "                     [--expect-fail] [--require-coverage]\n"
     "                     [--coverage [--coverage-waivers FILE] [--coverage-goal]]\n"
     "                     [--waivers PATH] [--today YYYY-MM-DD] [--resume | --rerun-failed] [--max-cycles N]\n"
     "                     [--launcher local|slurm] [--slurm-opts '...'] [--tests-per-process N]\n"
     "                     [generator options]\n"
     "\n"
     "Makes the stimulus of random seeds S..S+N-1 (OUT/stim/rand-<seed>.stim) and assembles every DIR/*.gts\n"
     "(OUT/stim/<name>.stim), then runs the simulator once per test, at most J at a time:\n"
     "    SIM +stim=OUT/stim/<test>.stim +result=OUT/results/<test>.result +rtl=NAME\n"
     "with its output in OUT/logs/<test>.log. Each result record is completed (wall time, replay command,\n"
     "CRASH when the simulator dies without a record, TIMEOUT when it runs longer than SEC and is killed)\n"
     "and rewritten as soon as the test ends. At the end: OUT/coverage.md, OUT/summary.md, OUT/junit.xml,\n"
     "OUT/report.html, and on stdout a coverage summary, the commands that rerun the run and its failed tests,\n"
     "the failure buckets, each with the command that replays its first test, the verdict (what decides the exit\n"
     "status, also in every report) and the line 'N passed, M failed' (ERROR, CRASH and TIMEOUT count as\n"
     "failed; ', K waived' when waivers accepted K failures). A .gts that does not assemble is an ERROR for that\n"
     "test.\n"
     "\n"
     "  --rtl NAME       RTL configuration (\"clean\", \"bug-<NAME>\", \"variant-<NAME>\"); passed to the simulator, kept\n"
     "                   in records\n"
     "  --sim PATH       simulator (default: build/sim/NAME/eN/Vtb_top beside this gtref)\n"
     "  --directed DIR   directed tests, DIR/*.gts (default: none)\n"
     "  --seeds N        number of random seeds (default 200; 0 for directed tests only)\n"
     "  --seed0 S        first random seed (default 1)\n"
     "  --jobs J         simulators in parallel (default: the number of cores)\n"
     "  --out DIR        output directory (default build/regress/NAME)\n"
     "  --timeout SEC    wall-clock limit per test (default 120)\n"
     "  --max-memory MB  address-space limit per test (default 4096); past it: CRASH 'memory limit'\n"
     "  --max-log MB     log cap per test (default 256); past it the test is stopped: CRASH 'log limit'\n"
     "  --tests-per-process N  tests one simulator process runs one after another, each after a reset (default 8;\n"
     "                   1: a process per test). A process that crashes or hangs costs only the test in flight:\n"
     "                   its tests without a record run again one per process (docs/regress.md, tests per process)\n"
     "  --expect-fail    check that a known RTL bug is caught: exit 0 iff a test FAILED with a mismatch\n"
     "                   and none ended in ERROR, CRASH or TIMEOUT\n"
     "  --require-coverage  exit 1 when the functional coverage table (OUT/coverage.md) has a hole; without it\n"
     "                   holes are reported (summary on stdout) and do not fail the run\n"
     "  --coverage       RTL code coverage (docs/regress.md \"RTL code coverage\"): run on the coverage build\n"
     "                   (default --sim build/sim/NAME/eN/coverage/Vtb_top, make it first), merge every process's\n"
     "                   Verilator counts into OUT/rtl-coverage/ (tools/rtl-coverage.sh) and print and report the\n"
     "                   per-module table and the goal (lines >= 98%, toggle bits >= 90%, waived points left out)\n"
     "  --coverage-waivers FILE  coverage waivers (docs/waivers.md; default waivers/rtl-coverage.txt of the kit);\n"
     "                   a malformed or expired entry stops the run (exit 2)\n"
     "  --coverage-goal  exit 1 when the RTL coverage is under the goal (make coverage passes it)\n"
     "  --rerun-failed   rerun only the tests of OUT that did not pass (a passed record with the same stimulus is\n"
     "                   kept, whichever build ran it), then write every report again\n"
     "  --waivers PATH   a .waive file or a folder of them (docs/waivers.md): matching failures are waived,\n"
     "                   counted apart and do not fail the run; a malformed file stops the run (exit 2)\n"
     "  --today DATE     the date waiver expiry is judged against (default: today, UTC)\n"
     "  --sim-arg +ARG   one more plusarg for every simulator run (tests of the harness, e.g.\n"
     "                   +gtref_selftest_crash=TEST or +gtref_selftest_hang=TEST: that test aborts or hangs)\n"     "generator options (the random seeds' stimuli):\n" GEN_OPTS_USAGE
     "\n"
     "Exit status: 0 all passed (or, with --expect-fail, the bug was caught), 1 otherwise, 2 bad usage.\n"
     "A progress line goes to stderr: on a terminal continuously, otherwise every 10% or 10 s.\n"},
    {"night", gtref_cmd_night, "run a named test list (tests/lists.txt): every group on every RTL build, one master seed",
     "usage: gtref night LIST [--lists FILE] [--master-seed S] [--out DIR] [--jobs J] [--resume]\n"
     "                  [--waivers PATH] [--today YYYY-MM-DD] [--launcher local|slurm] [--slurm-opts S]\n"
     "                  [--print-sims] [--check] [--tests-per-process N] [--rerun-failed]\n"
     "                  [--coverage [--coverage-goal] [--coverage-waivers FILE]] [--max-seeds N]\n"
     "                  [--max-min-cycles C]\n"
     "\n"
     "Runs every group of LIST (a 'directed DIR' or 'random seeds=N' line with regress options, docs/test-lists.md)\n"
     "on every RTL build the list names, each as one gtref regress into OUT/LIST/<rtl>/<NN>-<kind>-e<engines>/,\n"
     "then writes OUT/LIST/night.md and prints each group's totals, the rerun commands, the failure buckets of\n"
     "every group with their replay commands, the night's verdict and its closing line.\n"
     "Random group i starts at a seed derived from the master seed and i (or at its own seed0=), so one number\n"
     "replays the whole night.\n"
     "\n"
     "  --lists FILE       the test-list file (default tests/lists.txt)\n"
     "  --master-seed S    the night's master seed (default: the date, YYYYMMDD; printed)\n"
     "  --out DIR          output directory (default build/night)\n"
     "  --jobs J           simulators in parallel (default: the number of cores)\n"
     "  --resume           keep the records an interrupted night already has (gtref help regress)\n"
     "  --rerun-failed     rerun only the tests that did not pass, in every group (gtref help regress)\n"
     "  --waivers PATH     waivers for every group (docs/waivers.md)\n"
     "  --today DATE       the date for waiver expiry and the default master seed\n"
     "  --launcher L       local (default) or slurm: how every group runs its tests (gtref help regress)\n"
     "  --slurm-opts S     further sbatch options for --launcher slurm\n"
     "  --tests-per-process N  tests one simulator process runs one after another (gtref help regress)\n"
     "  --check            check the list and every group's options, run nothing\n"
     "  --print-sims       print the simulators the list needs (make targets) and stop\n"
     "  --coverage         every group on the coverage build (build/sim/<rtl>/eN/coverage/Vtb_top, per-test\n"
     "                     timeout 600 s unless the group sets timeout=), its counts merged in its folder; then\n"
     "                     the counts of all groups of each RTL build merged and reported in OUT/LIST/<rtl>/\n"
     "                     rtl-coverage/ (tools/rtl-coverage.sh report), printed and added to night.md\n"
     "  --coverage-goal    fail the night (exit 1) when the clean RTL misses the goal (lines >= 98 %, toggle\n"
     "                     bits >= 90 %, waived points left out)\n"
     "  --coverage-waivers FILE  the RTL coverage waivers (default waivers/rtl-coverage.txt of the kit)\n"
     "  --max-seeds N      a sample: every random group runs at most its first N seeds; a group's min-cycles=\n"
     "                     is then capped at 100000 too (the soak tests), unless --max-min-cycles says otherwise\n"
     "  --max-min-cycles C a group's min-cycles= above C runs with C (0: ordinary-length tests)\n"
     "\n"
     "The closing lines count this night's tests only (records --resume kept are said apart). Ctrl-C stops the night\n"
     "at the group it is in, prints the counts so far and the command that resumes it (--resume, master seed kept).\n"
     "\n"
     "A --coverage night does not resume: rerun it whole.\n"
     "\n"
     "Exit status: 0 every group passed, 1 a group failed (or, with --coverage-goal, the clean RTL's coverage is\n"
     "under the goal), 2 bad usage, a list file error (FILE:LINE) or RTL coverage that could not be merged,\n"
     "128+N interrupted by signal N (130 for Ctrl-C).\n"},
    {"replay", gtref_cmd_replay, "rerun the test of a result record and check that it reproduces",
     "usage: gtref replay RESULT [--waves [--window N]] [--sim PATH] [--timeout SEC] [--max-memory MB]\n"
     "                    [--max-log MB]\n"
     "\n"
     "Reruns the stimulus of the record RESULT on the same RTL configuration, prints the new report and\n"
     "says whether it reproduced: same status and same signature. The new record and log go to\n"
     "OUT/replay/<test>.{result,log} for a record in OUT/results/, else to replay/ beside RESULT.\n"
     "Every record holds the exact replay command in its 'replay' field.\n"
     "\n"
     "  --sim PATH       simulator (default: build/sim/<rtl>/e<engines>/Vtb_top of the record, beside this gtref)\n"
     "  --timeout SEC    wall-clock limit (default 120)\n"
     "  --max-memory MB  address-space limit per test (default 4096); past it: CRASH 'memory limit'\n"
     "  --max-log MB     log cap per test (default 256); past it the test is stopped: CRASH 'log limit'\n"
     "  --waves          also write <test>.fst, an FST waveform from N cycles before the first mismatch to the\n"
     "                   end (the test stops at its first mismatch), and <test>.commands.txt, every command each\n"
     "                   engine retired, decoded; uses the tracing build SIMDIR/trace/Vtb_top (made if missing)\n"
     "  --window N       cycles of waveform before the first mismatch (default 200)\n"     "\n"
     "Exit status: 0 reproduced, 1 not reproduced, 2 bad usage or unusable record.\n"},
    {"minimize", gtref_cmd_minimize, "shrink a failing test while its signature stays the same; write it as a .gts",
     "usage: gtref minimize RESULT [-o OUT.gts] [--jobs J] [--max-seconds S] [--sim PATH] [--timeout SEC]\n"
     "\n"
     "Delta debugging (ddmin) over the commands of the failing test's rings and batches (a removed command\n"
     "becomes MI_NOOPs, so no address moves; batch starts and ends stay) and its host operations, rerunning the\n"
     "simulator of the record's build on every candidate, J at a time; a candidate is kept when it fails with the\n"
     "same status and signature. Writes OUT.gts (default RESULT's folder/<test>-min.gts) with a header saying\n"
     "where it came from, checks that it assembles and reproduces as is, and prints how to run it.\n"
     "\n"
     "  -o OUT.gts        where to write the test\n"
     "  --jobs J          candidates run in parallel (default: the number of cores)\n"
     "  --max-seconds S   stop shrinking after S seconds and write the smallest so far (default 300)\n"
     "  --sim PATH        simulator (default: the record's build beside this gtref)\n"
     "  --timeout SEC     wall-clock limit per candidate (default 60)\n"
     "\n"
     "Exit status: 0 written and reproduces, 1 written but does not reproduce, 2 could not minimize.\n"},
    {"run", gtref_cmd_run, "run one test and print its report",
     "usage: gtref run FILE.gts|FILE.stim [--sim PATH] [--rtl NAME] [--engines N] [--out DIR] [--timeout SEC]\n"
     "\n"
     "Runs one test (a .gts is assembled into OUT/stim/<name>.stim first) and prints its report.\n"
     "The record goes to OUT/results/<name>.result, the log to OUT/logs/<name>.log.\n"
     "\n"
     "  --sim PATH       simulator (default: build/sim/NAME/eN/Vtb_top beside this gtref)\n"
     "  --rtl NAME       RTL configuration (default clean)\n"
     "  --engines N      engine count of the default simulator (default 4)\n"
     "  --out DIR        output directory (default build/run)\n"
     "  --timeout SEC    wall-clock limit (default 120)\n"
     "  --max-memory MB  address-space limit per test (default 4096); past it: CRASH 'memory limit'\n"
     "  --max-log MB     log cap per test (default 256); past it the test is stopped: CRASH 'log limit'\n"
     "\n"
     "Exit status: 0 passed, 1 did not pass, 2 bad usage.\n"},
    {"coverage", gtref_cmd_coverage, "the functional coverage table of tests, run on the model alone",
     "usage: gtref coverage FILE.gts|FILE.stim... [--require-full]\n"
     "\n"
     "Runs every test on the reference model alone and prints which commands, variants (ALU and atomic\n"
     "opcodes, compare operations, post-sync operations, ...), engines, batch levels and error cases they\n"
     "reached: command x variant x engine, command x engine x level, error case x engine x level,\n"
     "event x engine, and the execlist bins (docs/execlists.md section 7): CSB event x engine and\n"
     "the execlist scenarios (preemption, lite restore, CSB wrap, resume, both modes, ...).\n"
     "A bin no test reached is a HOLE, listed at the end.\n"
     "\n"
     "  --require-full   exit 1 when there is a hole\n"
     "\n"
     "Exit status: 0 (with --require-full: no hole), 1 a hole, 2 bad usage.\n"},
    {"check", gtref_cmd_check, "check the spec-derived expectations of tests on the model alone (no simulator)",
     "usage: gtref check FILE.gts|FILE.stim...\n"
     "\n"
     "Runs each test on the reference model alone and evaluates its expectations (expect blocks, 'read ...\n"
     "expect' lines; docs/stimulus-format.md). Timing rule: before each host operation, and after the last,\n"
     "every engine runs until it is idle, halted or stalled (an infinitely fast GT); waits do nothing.\n"
     "Prints PASS or FAIL per test, each failed expectation with its line, expected and actual values and\n"
     "its spec source, then 'N passed, M failed'. Needs no simulator.\n"
     "\n"
     "Exit status: 0 all passed, 1 an expectation failed, 2 a file could not be read or run, or bad usage.\n"},
    {"mutation-report", gtref_cmd_mutation_report, "per catalogued RTL bug: caught or not, by which check (make bugs)",
     "usage: gtref mutation-report DIR... [--clean DIR] [-o FILE]\n"
     "\n"
     "Reads the result records of one regression per catalogued RTL bug (DIR/results/*.result, e.g.\n"
     "build/regress/bug-*/) and prints a Markdown table: per bug, caught or not (a test FAILED with a mismatch),\n"
     "by which checks (mismatch kind/field, e.g. gam/grant, mem-write/byte-enable, with how many tests), how many\n"
     "tests failed of how many (ERROR/CRASH/TIMEOUT counted apart), the first failing seed (or directed test);\n"
     "then the score, caught of catalogued (every DIR given; one without records is not caught), the random seeds\n"
     "that catch each bug, its failure buckets (each bug over 3 named with its buckets), the clean RTL's false\n"
     "failures on the same tests, and the verdict.\n"
     "\n"
     "  --clean DIR   the clean RTL's regression on the same tests: its failures are false failures\n"
     "  -o FILE       also write the report to FILE (Markdown)\n"
     "\n"
     "Exit status: 0 every bug caught by at least 5 random seeds in at most 3 buckets, the median bug's first\n"
     "catching seed at most 20 and no false failure; 1 otherwise (the verdict line says why); 2 bad usage or an\n"
     "unreadable record.\n"},
    {"show", gtref_cmd_show, "print the report of result records",
     "usage: gtref show RESULT...\n"
     "\n"
     "Prints the report of each result record: status, test, seed, RTL, the mismatch (what, where, the\n"
     "command in flight, expected and actual, the last commands), its signature and the replay command.\n"},
    {"gen", gtref_cmd_gen, "generate the stimulus of a seed",
     "usage: gtref gen --seed N [-o FILE.stim] [generator options]\n"
     "\n"
     "Generates the constrained-random stimulus of seed N (same seed and options, same bytes) into\n"
     "FILE.stim, or prints it as .gts text when -o is not given.\n"
     "\n" GEN_OPTS_USAGE},
    {"asm", gtref_cmd_asm, "assemble a .gts text test into a stimulus",
     "usage: gtref asm FILE.gts -o FILE.stim\n"
     "\n"
     "Assembles a .gts text test (the directed-test language: setup, rings, batches, host operations and\n"
     "expectations; docs/stimulus-format.md) into the binary stimulus the simulator and the model read. The text\n"
     "is checked as it is assembled: an error names FILE.gts:LINE and nothing is written. The same text always\n"
     "gives the same bytes. gtref run and gtref regress --directed assemble .gts files themselves; asm is for\n"
     "keeping or handing on the stimulus.\n"
     "\n"
     "  -o FILE.stim   where to write the stimulus (required; written whole or not at all)\n"
     "\n"
     "example:\n"
     "  gtref asm tests/directed/sdi_qword.gts -o sdi_qword.stim\n"
     "  gtref run sdi_qword.stim\n"
     "\n"
     "Exit status: 0 written, 2 bad usage or a file that could not be read, assembled or written.\n"},
    {"disasm", gtref_cmd_disasm, "print a stimulus as .gts text",
     "usage: gtref disasm FILE.stim\n"
     "\n"
     "Prints a stimulus (a regression's OUT/stim/<test>.stim, or what gtref gen -o or gtref asm wrote) as .gts\n"
     "text on stdout: its setup, every ring and batch with each command decoded, and the host operations\n"
     "(docs/stimulus-format.md). gtref asm turns the text back into the same bytes, so a random seed that found\n"
     "something can be kept, read and edited as a directed test.\n"
     "\n"
     "example:\n"
     "  gtref disasm build/regress/clean/stim/rand-7.stim > rand-7.gts\n"
     "  gtref asm rand-7.gts -o rand-7.stim && cmp rand-7.stim build/regress/clean/stim/rand-7.stim\n"
     "\n"
     "Exit status: 0 printed, 2 bad usage or a file that is not a stimulus (the byte where reading stopped named).\n"},
    {"bench", gtref_cmd_bench, "throughput figures, each beside its target (docs/performance.md)",
     "usage: gtref bench [--sim PATH] [--rtl NAME] [--seeds N] [--seed0 S] [--out DIR] [--timeout SEC]\n"
     "                   [--long-seed S] [--pairs N] [--directed DIR] [--regress-jobs J] [--rebuild-report FILE]\n"
     "                   [--tests-per-process N] [--model-only] [generator options]\n"
     "\n"
     "Prints figures measured side by side in this one run, then the targets table (docs/performance.md):\n"
     "stimulus generation over seeds S..S+N-1; the reference model alone on a long stimulus (commands per CPU\n"
     "second); the same long stimulus co-simulated and RTL-only (GTREF_RTL_ONLY=1: no model, no checks) in turn,\n"
     "N pairs, same simulator; the N seeds with 1 job and with 2 jobs in turn; the default regression (the\n"
     "directed tests and 200 seeds) against its tests' fixed cost (the simulator's start-up and exit without a\n"
     "test, +describe, and the making of one stimulus); a rebuild report from make rebuild-check.\n"
     "\n"
     "  --sim PATH       simulator (default: build/sim/NAME/eN/Vtb_top beside this gtref)\n"
     "  --rtl NAME       RTL configuration (default clean)\n"
     "  --engines N      engine count of the default simulator (default 4)\n"
     "  --seeds N        number of seeds (default 40)\n"
     "  --seed0 S        first seed (default 1)\n"
     "  --out DIR        where the stimuli, records and logs go (default build/bench)\n"
     "  --timeout SEC    wall-clock limit per test (default 120)\n"
     "  --long-seed S    seed of the long stimulus (default 7)\n"
     "  --pairs N        co-simulation / RTL-only pairs (default 5; the jobs figure takes at most 2)\n"
     "  --directed DIR   the default regression's directed tests (default tests/directed; missing: not run)\n"
     "  --regress-jobs J jobs of the default regression (default 2)\n"
     "  --rebuild-report FILE  the rebuild figure as make rebuild-check writes it\n"
     "  --tests-per-process N  tests one simulator process runs one after another (default 8; gtref help regress)\n"
     "  --model-only     only the model figure (the long stimulus on the model alone; no simulator needed)\n"
     GEN_OPTS_USAGE},
};
#define NSUBCOMMANDS (sizeof subcommands / sizeof subcommands[0])

static const subcommand *find_subcommand(const char *name)
{
    for (size_t i = 0; i < NSUBCOMMANDS; i++)
        if (strcmp(subcommands[i].name, name) == 0) return &subcommands[i];
    return NULL;
}

static void print_overview(FILE *f)
{
    fputs("usage: gtref COMMAND [ARGS]\n\nGPU front-end verification kit: regressions, replay, stimulus tools.\n\n"
          "commands:\n",
          f);
    for (size_t i = 0; i < NSUBCOMMANDS; i++) fprintf(f, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
    fputs("  help     this text, or 'gtref help COMMAND' for one command\n"
          "\n"
          "first steps (from the project folder, after make):\n"
          "  gtref run tests/directed/sdi_qword.gts         one test and its report\n"
          "  gtref regress --rtl clean --seeds 20           20 random seeds in parallel (make regress: the full run)\n"
          "  gtref replay OUT/results/TEST.result           rerun a failing test from its record\n"
          "\n"
          "Exit status of every command: 0 passed, 1 tests failed, 2 bad usage or input, 128+N interrupted by\n"
          "signal N (130 for Ctrl-C). README.md and docs/regress.md say more.\n",
          f);
}

bool gtref_print_usage(const char *command)
{
    const subcommand *c = find_subcommand(command);
    if (!c) return false;
    fputs(c->usage, stdout);
    return true;
}

int main(int argc, char **argv)
{
    const gtref_cli cli = {.argv0 = argc > 0 && argv[0] && argv[0][0] ? argv[0] : "gtref"};
    if (argc < 2) { /* no command: the help, as `gtref help` prints it (exit status 0) */
        print_overview(stdout);
        return 0;
    }
    const char *name = argv[1];
    if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        if (argc < 3) {
            print_overview(stdout);
            return 0;
        }
        if (gtref_print_usage(argv[2])) return 0;
        return cli_usage_error(NULL, "unknown command '%s'", argv[2]);
    }
    const subcommand *c = find_subcommand(name);
    if (!c) return cli_usage_error(NULL, "unknown command '%s'", name);
    return c->run(&cli, argc - 1, argv + 1);
}
