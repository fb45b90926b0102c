/* The `gtref` command: subcommands, option parsing, paths and stimulus-file helpers shared by them.
 * Exit codes of every subcommand: 0 success, 1 a test failed (or did not reproduce), 2 bad usage or
 * a file or program that could not be used. */
#ifndef GTREF_CLI_H
#define GTREF_CLI_H
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gtref/file_io.h"
#include "gtref/result.h"
#include "gtref/stim.h"
#include "gtref/regress_report.h"

#define EXIT_TESTS_FAILED 1
#define EXIT_USAGE 2

#define GTREF_PATH_MAX 4096
#define DEFAULT_TIMEOUT_S 120
#define DEFAULT_MAX_MEMORY_MB 4096 /* per-test address-space limit (--max-memory) */
#define DEFAULT_MAX_LOG_MB 256     /* per-test log cap (--max-log) */
/* Tests run one after another in one simulator process by regress, night and bench (--tests-per-process). */
#define DEFAULT_TESTS_PER_PROCESS 8
#define MAX_TESTS_PER_PROCESS 1000

/* What a gtref regress run called by gtref night hands back (cli->sink): a copy of its records, its verdict and
 * what the night's report says about it. */
typedef struct regress_sink {
    gtref_result *results;   /* malloc'd (free() it): the tests that did not pass, in test order */
    size_t n;
    bool ran;                /* the run got as far as its verdict */
    gtref_verdict verdict;
    char build[128], verilator[96];
    bool cov_measured;
    size_t cov_bins, cov_holes;
} regress_sink;

/* What every subcommand gets besides its own arguments. */
typedef struct gtref_cli {
    const char *argv0;  /* as the user typed it; replay commands start with gtref_self() */
    bool compact;       /* gtref night's groups: no bucket list, no rerun lines (the night prints them at its end) */
    regress_sink *sink; /* when not NULL, gtref regress fills it */
} gtref_cli;

/* The gtref to put in a printed command: argv0 as an absolute path when it names a file (it contains a '/'),
 * plain argv0 when gtref was found through PATH. Returns buf or argv0. */
const char *gtref_self(const gtref_cli *cli, char *buf, size_t bufsz);

/* Subcommands: argv[0] is the subcommand's name. */
int gtref_cmd_regress(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_night(const gtref_cli *cli, int argc, char **argv);
/* Whether a gtref regress command line is valid, without running it: 0, or an exit code after a message. */
int gtref_regress_check_options(int argc, char **argv);
int gtref_cmd_minimize(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_replay(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_run(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_show(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_gen(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_asm(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_disasm(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_bench(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_check(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_coverage(const gtref_cli *cli, int argc, char **argv);
int gtref_cmd_mutation_report(const gtref_cli *cli, int argc, char **argv);
/* The functional coverage table of the stimuli in paths (.gts or .stim), run on the model alone, printed to
 * out; *holes gets the number of bins no test hit. 0, or EXIT_USAGE when out of memory. */
int gtref_coverage_report(const char *const *paths, size_t n, FILE *out, size_t *holes, size_t *bins);
/* What the last gtref_cmd_regress call did: gtref night runs each group through it, in this process. */
typedef struct gtref_regress_outcome {
    size_t total;                    /* tests of the run */
    size_t done;                     /* of them, with a record of this run: run now or kept */
    size_t passed, failed, waived;   /* of those done, run now or kept */
    size_t kept, kept_passed, kept_failed, kept_waived; /* kept by --resume: records an earlier run left */
    int sig;                         /* the signal that interrupted it; 0 when it ran to the end */
} gtref_regress_outcome;
void gtref_regress_last_outcome(gtref_regress_outcome *o);
/* gtref night: while set (non-NULL), gtref_cmd_regress is one group of a night: when interrupted it leaves the
 * resume command to night, and instead of saying which waivers matched nothing it adds each waiver's matches
 * and whether the group covered its scope to the waiver of the same name in night_waivers. */
struct gtref_waivers;
void gtref_regress_set_night(struct gtref_waivers *night_waivers);

/* The kit's folder (the one above the build folder this gtref was built in: build/bin/gtref), into dst. */
bool gtref_kit_root(char *dst, size_t dstsz);
/* Run a command given as words (each shell-quoted, through system(); its output on ours, after a flush): its exit
 * status, or -1 when it could not run or was killed. */
int gtref_run_script(const char *const *words);

/* Ctrl-C (SIGINT), SIGTERM and SIGHUP: the first one's number, once gtref_catch_interrupts() was called. While
 * tests run, sim_run_tests takes these signals itself; between runs (stimuli being made, a night between groups)
 * the handler only records the signal here, and the command stops at its next step. */
extern volatile sig_atomic_t gtref_interrupted;
void gtref_catch_interrupts(void);
/* The actions before gtref_catch_interrupts() again (a later Ctrl-C ends the process at once, as usual), after
 * raising a signal that came while caught and was not acted on. */
void gtref_release_interrupts(void);

/* Usage text of a subcommand to stdout; false if there is no such subcommand. */
bool gtref_print_usage(const char *command);

/* ---- options ---- */

enum cli_opt_kind {
    CLI_FLAG,   /* bool */
    CLI_STRING, /* const char * */
    CLI_U64,    /* uint64_t, within [min, max] */
};

typedef struct cli_opt {
    const char *name;  /* "--seeds", "-o" */
    enum cli_opt_kind kind;
    void *dest;
    uint64_t min, max;
} cli_opt;

enum cli_parse_result { CLI_OK = 0, CLI_HELP = 1, CLI_BAD = -1 };

/* Options ("--name value" or "--name=value") anywhere among the positional arguments, which are
 * collected into positional[] (at most maxpos); "--" ends the options. Prints what is wrong to stderr,
 * prefixed with "gtref COMMAND: ". */
enum cli_parse_result cli_parse(int argc, char **argv, const cli_opt *opts, size_t nopts, const char **positional,
                                size_t maxpos, size_t *npositional);
/* A decimal (or 0x hexadecimal) unsigned number, nothing else. */
bool cli_parse_u64(const char *text, uint64_t *value);
/* Report a usage error: "gtref COMMAND: message" and a hint to `gtref help COMMAND`. Returns EXIT_USAGE. */
int cli_usage_error(const char *command, const char *fmt, ...);
/* Report any other error: "gtref COMMAND: message". Returns EXIT_USAGE. */
int cli_error(const char *command, const char *fmt, ...);

/* An RTL configuration name: it names build/sim/<rtl>/e<engines>/ and fills the record's rtl field. */
#define RTL_NAME_MAX ((size_t)63)
bool valid_rtl_name(const char *rtl);

/* ---- paths ---- */

/* snprintf into a path buffer; false (and an error printed for command) when it does not fit. */
bool path_format(char *dst, size_t dstsz, const char *command, const char *fmt, ...);
/* Copy a string into a fixed buffer; false (dst untouched) when it does not fit. */
bool copy_string(char *dst, size_t dstsz, const char *src);
/* mkdir -p; 0 or -1 with errno set. */
int make_dirs(const char *path);
/* "dir/name.ext" → "name" (the test name of a stimulus or .gts file). */
void test_name_of(const char *path, char *name, size_t namesz);
bool has_suffix(const char *s, const char *suffix);
/* The simulator a configuration uses when --sim is not given: <dir of gtref>/../sim/<rtl>/e<engines>/Vtb_top,
 * written without "..": build/bin/gtref gives build/sim/<rtl>/e<engines>/Vtb_top. */
bool default_sim_path(const char *rtl, unsigned engines, char *dst, size_t dstsz);
bool same_file(const char *a, const char *b);
bool is_executable_file(const char *path);

/* The replay command of a result written at result_path: "<gtref> replay <result_path>", plus --sim when
 * sim is not the configuration's default simulator and --timeout when timeout_s is not the default. gtref (see
 * gtref_self), result_path and sim are made absolute, so that the command works from any directory.
 * Every word shell-quoted when it needs to be. False when it does not fit. */
bool replay_command(const gtref_cli *cli, const char *result_path, const char *sim, const char *rtl, unsigned engines,
                    unsigned timeout_s, char *dst, size_t dstsz);
/* The command that reruns a whole run, to copy and paste from any directory: gtref (gtref_self), argv[0] (the
 * subcommand), then argv's arguments with the value of every option in path_opts (NULL-terminated) made absolute,
 * those in drop (NULL-terminated) left out, and each of defaults[] the run did not give (by option name) added.
 * False when it does not fit. */
typedef struct cli_rerun_default {
    const char *opt, *value; /* value NULL: a flag */
    bool is_path;
} cli_rerun_default;
bool rerun_command(const gtref_cli *cli, int argc, char **argv, const char *const *path_opts,
                   const char *const *drop, const cli_rerun_default *defaults, size_t ndefaults, char *dst, size_t dstsz);
/* The command line that resumes an interrupted command: "cd DIR && ARGV0 ARGS... ADDS..." with every word
 * shell-quoted (DIR the current directory, ARGV0 gtref as typed), each of adds[] left out when ARGS already gives
 * its option. False when it does not fit. */
bool resume_command(const gtref_cli *cli, int argc, char **argv, const cli_rerun_default *adds, size_t nadds,
                    char *dst, size_t dstsz);
/* Append --max-memory MB and --max-log MB to a replay command when they are not the defaults (0 is the default). */
bool replay_command_limits(unsigned max_memory_mb, unsigned max_log_mb, char *dst, size_t dstsz);
#define MAX_MEMORY_MB_LIMIT (1u << 20) /* --max-memory at most 1 TiB */
#define MAX_LOG_MB_LIMIT (1u << 20)    /* --max-log at most 1 TiB */

/* ---- stimulus files ---- */

/* The generator options that gen, regress and bench share (each a field of gtref_gen_config):
 *   --engines N  --min-cmds N  --max-cmds N  --all-engines-pct P  --malformed-pct P  --multi-page-pct P
 *   --max-ring-pages N  --split-tail-pct P  --back-to-back-pct P  --lri-other-pct P
 *   --w-<option> W of the command families whose GTREF_GEN_FAMILIES row has one (below)
 *   --nonpriv-pct P  --max-sem-slots N  --ppgtt-pct P  --fault-pct P  --ggtt-remap-pct P
 *   --flsh-cntl-pct P  --instpm-pct P  --req-limit-pct P  --gac-gab-pct P  --gac-gam-pct P  --casc-contend-pct P
 *   --gen11-unit-pct P  --cs-mmio-pct P  --math-load1-pct P  --pred-jump-pct P  --atomic-forms-pct P  --cbbe-pct P
 *   --sig-target-pct P  --nonpriv-entries-pct P  --sdi2-pct P  --reg-poll-pct P  --long-lri-pct P
 *   --priv-violation-pct P  --host-reg-pct P  --irq-dense-pct P  --alias-signal-pct P
 *   --min-cycles N */
/* The weight options of the command families, derived from their GTREF_GEN_FAMILIES rows (include/gtref/stim.h):
 * --w-<option> W (0..1000) for each row whose cli column is not NONE, in the order of the rows; the rows HELP1 and
 * HELP are listed on one usage line with their defaults, in the option table where --w-batch stands; OPT rows are
 * options not in the usage text, in the table after --max-sem-slots. */
#define GEN_W_IF_NONE(x)
#define GEN_W_IF_OPT(x) x
#define GEN_W_IF_HELP1(x) x
#define GEN_W_IF_HELP(x) x
#define GEN_W_FIELD(name, option, weight, cli, cmds) GEN_W_IF_##cli(uint64_t w_##name;)
#define GEN_W_COUNT(name, option, weight, cli, cmds) GEN_W_IF_##cli(+ 1)
#define GEN_W_OPT_ENTRY(name, option) {"--w-" option, CLI_U64, &o->w_##name, 0, 1000},
#define GEN_W_LISTED_NONE(name, option)
#define GEN_W_LISTED_OPT(name, option)
#define GEN_W_LISTED_HELP1(name, option) GEN_W_OPT_ENTRY(name, option)
#define GEN_W_LISTED_HELP(name, option) GEN_W_OPT_ENTRY(name, option)
#define GEN_W_LISTED(name, option, weight, cli, cmds) GEN_W_LISTED_##cli(name, option)
#define GEN_W_UNLISTED_NONE(name, option)
#define GEN_W_UNLISTED_OPT(name, option) GEN_W_OPT_ENTRY(name, option)
#define GEN_W_UNLISTED_HELP1(name, option)
#define GEN_W_UNLISTED_HELP(name, option)
#define GEN_W_UNLISTED(name, option, weight, cli, cmds) GEN_W_UNLISTED_##cli(name, option)
#define GEN_W_USAGE_NONE(option)
#define GEN_W_USAGE_OPT(option)
#define GEN_W_USAGE_HELP1(option) "--w-" option " W"
#define GEN_W_USAGE_HELP(option) ", --w-" option " W"
#define GEN_W_USAGE(name, option, weight, cli, cmds) GEN_W_USAGE_##cli(option)
#define GEN_W_DEFAULT_NONE(weight)
#define GEN_W_DEFAULT_OPT(weight)
#define GEN_W_DEFAULT_HELP1(weight) " " #weight
#define GEN_W_DEFAULT_HELP(weight) " " #weight
#define GEN_W_DEFAULT(name, option, weight, cli, cmds) GEN_W_DEFAULT_##cli(weight)

typedef struct gen_opts {
    uint64_t engines, min_cmds, max_cmds, all_engines_pct, malformed_pct, multi_page_pct, max_ring_pages,
        split_tail_pct, back_to_back_pct, lri_other_pct;
    GTREF_GEN_FAMILIES(GEN_W_FIELD)   /* --w-<option> of the command families */
    uint64_t nonpriv_pct, max_sem_slots;
    uint64_t sem_signal_pct, watchdog_pct, host_race_pct;
    uint64_t ppgtt_pct, fault_pct, ggtt_remap_pct;
    uint64_t flsh_cntl_pct, instpm_pct, req_limit_pct;
    uint64_t gac_gab_pct, gac_gam_pct, casc_contend_pct;
    uint64_t irq_burst_pct, irq_race_pct, irq_dense_pct, alias_signal_pct;
    uint64_t gen11_unit_pct, cs_mmio_pct, math_load1_pct, pred_jump_pct, atomic_forms_pct, cbbe_pct, sig_target_pct, nonpriv_entries_pct, space_meet_pct, sdi2_pct, reg_poll_pct, long_lri_pct, priv_violation_pct, execlist_pct, host_reg_pct, high_place_pct;
    uint64_t min_cycles;
} gen_opts;
#define GEN_OPTS_COUNT (45 GTREF_GEN_FAMILIES(GEN_W_COUNT))
/* Fill o with the generator's defaults and opts[] with the option table entries that write into o. */
void gen_opts_init(gen_opts *o, cli_opt opts[GEN_OPTS_COUNT]);
/* A command's option table: its own options (the array own) followed by the generator's, which write into *gen:
 *     GEN_OPTS_TABLE(opts, own, &go);   declares cli_opt opts[] sized from own, so no count is kept by hand */
#define GEN_OPTS_TABLE(opts, own, gen)                                   \
    cli_opt opts[sizeof(own) / sizeof((own)[0]) + GEN_OPTS_COUNT];      \
    gen_opts_table((gen), (own), sizeof(own) / sizeof((own)[0]), opts)
void gen_opts_table(gen_opts *o, const cli_opt *own, size_t nown, cli_opt *opts);
/* The generator's configuration with o applied. */
void gen_opts_config(const gen_opts *o, gtref_gen_config *c);
/* The usage lines of those options (for the subcommands' help). */
#define GEN_OPTS_USAGE \
    "  --engines N      engines of the GT the seeds drive (1..4, default 4; the simulator must have as many)\n" \
    "  --min-cmds N, --max-cmds N   ring commands per engine (default 20, 200)\n" \
    "  --all-engines-pct P   seeds that drive every engine, the others a random subset (default 75)\n" \
    "  --malformed-pct P     seeds with illegal commands (default 60)\n" \
    "  --multi-page-pct P    rings of 2..max pages (default 25); --max-ring-pages N (1..16, default 4)\n" \
    "  --split-tail-pct P    submissions that first write a TAIL inside themselves (default 15)\n" \
    "  --back-to-back-pct P  submissions followed at once by the next (default 40)\n" \
    "  --lri-other-pct P     LRI slots that are not a CS_GPR (default 15)\n" \
    "  " GTREF_GEN_FAMILIES(GEN_W_USAGE) "\n" \
    "                        weights of those command families (default" GTREF_GEN_FAMILIES(GEN_W_DEFAULT) \
    "; docs/stimulus-format.md §3)\n" \
    "  --nonpriv-pct P       first-level batches started non-privileged (ppgtt) (default 35)\n" \
    "  --max-sem-slots N     semaphores each engine writes, 0..4 (default 3)\n" \
    "  --ppgtt-pct P         seeds with PPGTT engines (RING_MODE[9], four-level tables) (default 60)\n" \
    "  --space-meet-pct P    seeds whose PPGTT data meets GGTT data at equal page numbers (own stream) (default 50)\n" \
    "  --high-place-pct P    seeds with rings, batches, status pages, contexts and data anywhere in the GGTT, rings\n" \
    "                        up to 2 MB, physical pages up to 2^39 (own stream) (default 50)\n" \
    "  --fault-pct P         seeds with page faults, hang or continue mode (default 25)\n" \
    "  --ggtt-remap-pct P    seeds whose GGTT maps pages elsewhere than identity (default 40)\n" \
    "  --flsh-cntl-pct P     remaps invalidated by a host write of GFX_FLSH_CNTL (GGTT entries) (default 40)\n" \
    "  --instpm-pct P        remaps invalidated by a host write of INSTPM bits 9 and 5, engines idle (default 30)\n" \
    "  --req-limit-pct P     seeds with MEDIA_MAX_REQ_COUNT limits 0..3 programmed at setup (default 40)\n" \
    "  --gac-gab-pct P       seeds with GAC_ARB_CTL_REG (the GAC/GAB cascade, limits 0..3) at setup (default 60)\n" \
    "  --gac-gam-pct P       seeds with random ARB_RO/R/WR_GAC_GAM0..3 (the GAC->GAM machines) at setup (default 60)\n" \
    "  --casc-contend-pct P  seeds whose BCS0, VCS0, VECS0 run data-heavy streams together (default 35)\n" \
    "  --irq-burst-pct P     seeds ending with rounds of back-to-back user-interrupt bursts (default 25)\n" \
    "  --irq-race-pct P      seeds whose host writes interrupt registers in the cycles of engine events (default 70)\n" \
    "  --irq-dense-pct P     seeds whose host writes one engine's mask, IMR or selector every cycle over its events\n" \
    "                        (own stream) (default 60)\n" \
    "  --alias-signal-pct P  seeds whose quiet semaphore bursts signal targets 8..11, C32 (own stream) (default 90)\n" \
    "  --host-reg-pct P      seeds whose host writes the engine registers nothing else writes from the host,\n" \
    "                        at setup and EXECLIST_SQ elements 2..7 while engines run (own stream) (default 50)\n" \
    "  Gen11 variants, each in the seeds its knob fires in (a stream of their own; docs/stimulus-format.md §3):\n" \
    "  --gen11-unit-pct P    command draws that are a variant unit, in such seeds (default 12)\n" \
    "  --cs-mmio-pct P       LRI/LRM/SRM/LRR with engine-relative offsets and the CS MMIO bits, C38 (default 50)\n" \
    "  --math-load1-pct P    MI_MATH with LOAD1 as all ones, results stored to memory, C21 (default 50)\n" \
    "  --pred-jump-pct P     RCS0 jumps and loops on MI_PREDICATE_RESULT_1, C17 (default 60)\n" \
    "  --atomic-forms-pct P  MI_ATOMIC 5/7/11-dword and GPR-operand forms, return data stored, C28 (default 50)\n" \
    "  --cbbe-pct P          MI_CONDITIONAL_BATCH_BUFFER_END: no semaphore, mask mode, both levels, C26 (default 50)\n" \
    "  --sig-target-pct P    MI_SEMAPHORE_SIGNAL targets 4, 6..14 (no effect), C32 (default 40)\n" \
    "  --nonpriv-entries-pct P   all 12 FORCE_TO_NONPRIV entries, deny, whole-LRI NOOPs, C13/C37 (default 50)\n" \
    "  --sdi2-pct P          5-dword MI_STORE_DATA_IMM without Store Qword, C35 (default 50)\n" \
    "  --reg-poll-pct P      register-poll waits the host releases with one write, C33 (default 40)\n" \
    "  --long-lri-pct P      MI_LOAD_REGISTER_IMM of up to 257 dwords in batches, C36 (default 30)\n" \
    "  --priv-violation-pct P  seeds whose non-privileged batches select the GGTT on purpose: privilege violations,\n" \
    "                        G1/C41; half of their engines unmask EMR bit 2 (default 50)\n" \
    "  --min-cycles N        a long test: rings go round until the generator's estimate reaches N cycles\n" \
    "                        (0..100000000, default 0: off; docs/test-lists.md \"Long tests\")\n"

/* Generate the stimulus of seed with config c and write it to stim_path. */
int stim_file_from_seed(uint64_t seed, const gtref_gen_config *c, const char *stim_path, char *err, size_t errsz);
/* Assemble a .gts file and write the stimulus to stim_path; *seed gets the stimulus's seed. */
int stim_file_from_gts(const char *gts_path, const char *stim_path, uint64_t *seed, char *err, size_t errsz);

double monotonic_seconds(void);
/* The default number of simulators in parallel: the cores this machine has online. */
unsigned default_jobs(void);
#endif
