/* Helpers shared by the gtref subcommands: option parsing, paths, stimulus files, time. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "gtref_cli.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gtref/file_io.h"
#include "gtref/regress_report.h"

/* ---- errors ---- */

static void vreport(const char *command, const char *fmt, va_list ap)
{
    fprintf(stderr, "gtref%s%s: ", command ? " " : "", command ? command : "");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int cli_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(command, fmt, ap);
    va_end(ap);
    fprintf(stderr, "Run 'gtref help%s%s' for usage.\n", command ? " " : "", command ? command : "");
    return EXIT_USAGE;
}

int cli_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(command, fmt, ap);
    va_end(ap);
    return EXIT_USAGE;
}

/* ---- options ---- */

bool cli_parse_u64(const char *text, uint64_t *value)
{
    bool hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const char *digits = hex ? text + 2 : text;
    if (!(hex ? isxdigit((unsigned char)*digits) : isdigit((unsigned char)*digits))) return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(digits, &end, hex ? 16 : 10); /* never octal */
    if (errno || *end) return false;
    *value = v;
    return true;
}

static const cli_opt *find_opt(const cli_opt *opts, size_t nopts, const char *arg, size_t namelen)
{
    for (size_t i = 0; i < nopts; i++)
        if (strlen(opts[i].name) == namelen && strncmp(opts[i].name, arg, namelen) == 0) return &opts[i];
    return NULL;
}

enum cli_parse_result cli_parse(int argc, char **argv, const cli_opt *opts, size_t nopts, const char **positional,
                                size_t maxpos, size_t *npositional)
{
    const char *command = argv[0];
    bool options_done = false;
    *npositional = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (options_done || arg[0] != '-' || arg[1] == '\0') {
            if (*npositional == maxpos) {
                cli_usage_error(command, "unexpected argument '%s'", arg);
                return CLI_BAD;
            }
            positional[(*npositional)++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            options_done = true;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) return CLI_HELP;
        const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
        size_t namelen = eq ? (size_t)(eq - arg) : strlen(arg);
        const cli_opt *o = find_opt(opts, nopts, arg, namelen);
        if (!o) {
            cli_usage_error(command, "unknown option '%.*s'", (int)namelen, arg);
            return CLI_BAD;
        }
        if (o->kind == CLI_FLAG) {
            if (eq) {
                cli_usage_error(command, "%s takes no value", o->name);
                return CLI_BAD;
            }
            *(bool *)o->dest = true;
            continue;
        }
        const char *value = eq ? eq + 1 : NULL;
        if (!value) {
            if (i + 1 >= argc) {
                cli_usage_error(command, "%s needs a value", o->name);
                return CLI_BAD;
            }
            value = argv[++i];
        }
        if (o->kind == CLI_STRING) {
            if (!*value) {
                cli_usage_error(command, "%s needs a non-empty value", o->name);
                return CLI_BAD;
            }
            *(const char **)o->dest = value;
        } else {
            uint64_t v;
            if (!cli_parse_u64(value, &v) || v < o->min || v > o->max) {
                cli_usage_error(command, "%s: '%s' is not a number in %" PRIu64 "..%" PRIu64, o->name, value, o->min,
                                o->max);
                return CLI_BAD;
            }
            *(uint64_t *)o->dest = v;
        }
    }
    return CLI_OK;
}

bool valid_rtl_name(const char *rtl)
{
    size_t n = strlen(rtl);
    if (n == 0 || n > RTL_NAME_MAX) return false;
    for (const char *p = rtl; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_') return false;
    return true;
}

/* ---- paths ---- */

bool path_format(char *dst, size_t dstsz, const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(dst, dstsz, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= dstsz) {
        cli_error(command, "path too long: %.80s...", dst);
        return false;
    }
    return true;
}

bool copy_string(char *dst, size_t dstsz, const char *src)
{
    size_t n = strlen(src);
    if (n >= dstsz) return false;
    memcpy(dst, src, n + 1);
    return true;
}

int make_dirs(const char *path)
{
    char buf[GTREF_PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = buf + 1;; p++) {
        bool end = *p == '\0';
        if (*p == '/' || end) {
            *p = '\0';
            if (mkdir(buf, 0777) && errno != EEXIST) return -1;
            struct stat st;
            if (stat(buf, &st)) return -1;
            if (!S_ISDIR(st.st_mode)) {
                errno = ENOTDIR;
                return -1;
            }
            if (end) return 0;
            *p = '/';
        }
    }
}

void test_name_of(const char *path, char *name, size_t namesz)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    snprintf(name, namesz, "%.*s", (int)n, base);
}

bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool default_sim_path(const char *rtl, unsigned engines, char *dst, size_t dstsz)
{
    char exe[GTREF_PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return false;
    exe[n] = '\0';
    char bindir[GTREF_PATH_MAX], dir[GTREF_PATH_MAX];
    gtref_dir_of(exe, bindir, sizeof bindir); /* /proc/self/exe has no symbolic link and no "..": nor has the result */
    gtref_dir_of(bindir, dir, sizeof dir);
    int w = snprintf(dst, dstsz, "%s/sim/%s/e%u/Vtb_top", dir, rtl, engines);
    return w > 0 && (size_t)w < dstsz;
}

bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool is_executable_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* Append one shell-quoted word (preceded by a space unless first); false when it does not fit. */
static bool append_word(char *dst, size_t dstsz, size_t *len, const char *word)
{
    if (*len) {
        if (*len + 1 >= dstsz) return false;
        dst[(*len)++] = ' ';
        dst[*len] = '\0';
    }
    size_t n = gtref_shell_quote(dst + *len, dstsz - *len, word);
    if (*len + n >= dstsz) return false;
    *len += n;
    return true;
}

const char *gtref_self(const gtref_cli *cli, char *buf, size_t bufsz)
{
    if (!strchr(cli->argv0, '/')) return cli->argv0; /* found through PATH: it will be again */
    char real[PATH_MAX];
    if (realpath(cli->argv0, real) && strlen(real) < bufsz) return memcpy(buf, real, strlen(real) + 1);
    ssize_t n = readlink("/proc/self/exe", real, sizeof real - 1);
    if (n > 0 && (size_t)n < bufsz) {
        real[n] = '\0';
        return memcpy(buf, real, (size_t)n + 1);
    }
    return cli->argv0;
}

bool replay_command(const gtref_cli *cli, const char *result_path, const char *sim, const char *rtl, unsigned engines,
                    unsigned timeout_s, char *dst, size_t dstsz)
{
    size_t len = 0;
    if (dstsz) dst[0] = '\0';
    char self[GTREF_PATH_MAX], result_abs[GTREF_PATH_MAX], sim_abs[GTREF_PATH_MAX];
    if (!gtref_abs_path(result_path, result_abs, sizeof result_abs)) return false;
    bool ok = append_word(dst, dstsz, &len, gtref_self(cli, self, sizeof self)) &&
              append_word(dst, dstsz, &len, "replay") && append_word(dst, dstsz, &len, result_abs);
    char default_sim[GTREF_PATH_MAX];
    if (ok && !(default_sim_path(rtl, engines, default_sim, sizeof default_sim) && same_file(sim, default_sim)))
        ok = gtref_abs_path(sim, sim_abs, sizeof sim_abs) && append_word(dst, dstsz, &len, "--sim") &&
             append_word(dst, dstsz, &len, sim_abs);
    if (ok && timeout_s != DEFAULT_TIMEOUT_S) {
        char t[24];
        snprintf(t, sizeof t, "%u", timeout_s);
        ok = append_word(dst, dstsz, &len, "--timeout") && append_word(dst, dstsz, &len, t);
    }
    return ok;
}

/* A command line made from a command's own (argv[0] the subcommand): a resume command starts with "cd DIR &&" and
 * gtref as typed, a rerun command with gtref_self(); the words of argv follow, those in drop (NULL-terminated) left
 * out and the value of every option in path_opts (NULL-terminated) made absolute; then each of adds[] that argv
 * does not give, by option name, with its value (none when NULL; made absolute when it is a path). */
typedef struct command_line {
    bool resume;
    const char *const *path_opts, *const *drop;
    const cli_rerun_default *adds;
    size_t nadds;
} command_line;

static bool make_command_line(const gtref_cli *cli, int argc, char **argv, const command_line *c, char *dst,
                              size_t dstsz)
{
    char word[GTREF_PATH_MAX + 32];
    size_t len = 0;
    if (dstsz) dst[0] = '\0';
    bool given[16] = {false};
    if (c->nadds > 16) return false;
    if (c->resume) {
        char cwd[GTREF_PATH_MAX];
        if (!getcwd(cwd, sizeof cwd) || !append_word(dst, dstsz, &len, "cd") || !append_word(dst, dstsz, &len, cwd) ||
            len + 3 >= dstsz)
            return false;
        memcpy(dst + len, " &&", 4); /* the one word not to quote */
        len += 3;
    }
    if (!append_word(dst, dstsz, &len, c->resume ? cli->argv0 : gtref_self(cli, word, sizeof word))) return false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool dropped = false;
        for (size_t k = 0; c->drop && c->drop[k]; k++) dropped |= strcmp(a, c->drop[k]) == 0;
        if (dropped) continue;
        const char *opt = NULL;
        for (size_t k = 0; c->path_opts && c->path_opts[k]; k++) {
            size_t m = strlen(c->path_opts[k]);
            if (strncmp(a, c->path_opts[k], m) == 0 && (a[m] == '\0' || a[m] == '=')) opt = c->path_opts[k];
        }
        const char *name_end = strchr(a, '=');
        size_t name_len = a[0] == '-' ? (name_end ? (size_t)(name_end - a) : strlen(a)) : 0;
        for (size_t k = 0; k < c->nadds; k++)
            given[k] |= name_len && strlen(c->adds[k].opt) == name_len && strncmp(a, c->adds[k].opt, name_len) == 0;
        if (!opt) {
            if (!append_word(dst, dstsz, &len, a)) return false;
            continue;
        }
        const char *value = name_end ? name_end + 1 : i + 1 < argc ? argv[++i] : NULL;
        if (!value || !gtref_abs_path(value, word, sizeof word)) return false;
        if (!append_word(dst, dstsz, &len, opt) || !append_word(dst, dstsz, &len, word)) return false;
    }
    for (size_t k = 0; k < c->nadds; k++) {
        if (given[k]) continue;
        const char *v = c->adds[k].value;
        if (v && c->adds[k].is_path) {
            if (!gtref_abs_path(v, word, sizeof word)) return false;
            v = word;
        }
        if (!append_word(dst, dstsz, &len, c->adds[k].opt) || (v && !append_word(dst, dstsz, &len, v))) return false;
    }
    return true;
}

bool rerun_command(const gtref_cli *cli, int argc, char **argv, const char *const *path_opts,
                   const char *const *drop, const cli_rerun_default *defaults, size_t ndefaults, char *dst, size_t dstsz)
{
    const command_line c = {.resume = false, .path_opts = path_opts, .drop = drop, .adds = defaults,
                            .nadds = ndefaults};
    return make_command_line(cli, argc, argv, &c, dst, dstsz);
}

bool resume_command(const gtref_cli *cli, int argc, char **argv, const cli_rerun_default *adds, size_t nadds,
                    char *dst, size_t dstsz)
{
    const command_line c = {.resume = true, .adds = adds, .nadds = nadds};
    return make_command_line(cli, argc, argv, &c, dst, dstsz);
}

volatile sig_atomic_t gtref_interrupted;

static void note_interrupt(int sig)
{
    if (!gtref_interrupted) gtref_interrupted = sig;
}

static const int interrupt_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define NINTERRUPT_SIGNALS (sizeof interrupt_signals / sizeof interrupt_signals[0])
static struct sigaction saved_actions[NINTERRUPT_SIGNALS];
static bool caught[NINTERRUPT_SIGNALS];

void gtref_catch_interrupts(void)
{
    struct sigaction sa = {.sa_handler = note_interrupt, .sa_flags = SA_RESTART}, old;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < NINTERRUPT_SIGNALS; i++) { /* a signal ignored on purpose (nohup) stays so */
        if (caught[i] || sigaction(interrupt_signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue;
        saved_actions[i] = old;
        caught[i] = sigaction(interrupt_signals[i], &sa, NULL) == 0;
    }
}

void gtref_release_interrupts(void)
{
    for (size_t i = 0; i < NINTERRUPT_SIGNALS; i++)
        if (caught[i]) {
            sigaction(interrupt_signals[i], &saved_actions[i], NULL);
            caught[i] = false;
        }
    if (gtref_interrupted) raise(gtref_interrupted); /* one that came in between: its own action now */
}

bool replay_command_limits(unsigned max_memory_mb, unsigned max_log_mb, char *dst, size_t dstsz)
{
    size_t len = strlen(dst);
    char v[24];
    bool ok = true;
    if (max_memory_mb && max_memory_mb != DEFAULT_MAX_MEMORY_MB) {
        snprintf(v, sizeof v, "%u", max_memory_mb);
        ok = append_word(dst, dstsz, &len, "--max-memory") && append_word(dst, dstsz, &len, v);
    }
    if (ok && max_log_mb && max_log_mb != DEFAULT_MAX_LOG_MB) {
        snprintf(v, sizeof v, "%u", max_log_mb);
        ok = append_word(dst, dstsz, &len, "--max-log") && append_word(dst, dstsz, &len, v);
    }
    return ok;
}

/* ---- stimulus files ---- */

void gen_opts_table(gen_opts *o, const cli_opt *own, size_t nown, cli_opt *opts)
{
    memcpy(opts, own, nown * sizeof *own);
    gen_opts_init(o, opts + nown);
}

void gen_opts_init(gen_opts *o, cli_opt opts[GEN_OPTS_COUNT])
{
    gtref_gen_config c;
    gtref_gen_config_default(&c);
    *o = (gen_opts){.engines = c.engines, .min_cmds = c.min_cmds, .max_cmds = c.max_cmds,
                    .all_engines_pct = c.all_engines_pct, .malformed_pct = c.malformed_pct,
                    .multi_page_pct = c.multi_page_pct, .max_ring_pages = c.max_ring_pages,
                    .split_tail_pct = c.split_tail_pct, .back_to_back_pct = c.back_to_back_pct,
                    .lri_other_pct = c.lri_other_pct, .nonpriv_pct = c.nonpriv_pct,
                    .max_sem_slots = c.max_sem_slots,
                    .sem_signal_pct = c.sem_signal_pct, .watchdog_pct = c.watchdog_pct, .host_race_pct = c.host_race_pct,
                    .ppgtt_pct = c.ppgtt_pct, .fault_pct = c.fault_pct, .ggtt_remap_pct = c.ggtt_remap_pct,
                    .flsh_cntl_pct = c.flsh_cntl_pct, .instpm_pct = c.instpm_pct, .req_limit_pct = c.req_limit_pct,
                    .gac_gab_pct = c.gac_gab_pct, .gac_gam_pct = c.gac_gam_pct, .casc_contend_pct = c.casc_contend_pct,
                    .irq_burst_pct = c.irq_burst_pct,
                    .irq_race_pct = c.irq_race_pct,
                    .irq_dense_pct = c.irq_dense_pct,
                    .alias_signal_pct = c.alias_signal_pct,
                    .gen11_unit_pct = c.gen11_unit_pct,
                    .cs_mmio_pct = c.cs_mmio_pct,
                    .math_load1_pct = c.math_load1_pct,
                    .pred_jump_pct = c.pred_jump_pct,
                    .atomic_forms_pct = c.atomic_forms_pct,
                    .cbbe_pct = c.cbbe_pct,
                    .sig_target_pct = c.sig_target_pct,
                    .nonpriv_entries_pct = c.nonpriv_entries_pct,
                    .space_meet_pct = c.space_meet_pct,
                    .sdi2_pct = c.sdi2_pct,
                    .reg_poll_pct = c.reg_poll_pct,
                    .long_lri_pct = c.long_lri_pct,
                    .priv_violation_pct = c.priv_violation_pct,
                    .execlist_pct = c.execlist_pct,
                    .host_reg_pct = c.host_reg_pct,
                    .high_place_pct = c.high_place_pct,
                    .min_cycles = c.min_cycles};
#define GEN_W_INIT(name, option, weight, cli, cmds) GEN_W_IF_##cli(o->w_##name = c.w_##name;)
    GTREF_GEN_FAMILIES(GEN_W_INIT)
#undef GEN_W_INIT
    const cli_opt table[GEN_OPTS_COUNT] = {
        {"--engines", CLI_U64, &o->engines, 1, 4},
        {"--min-cmds", CLI_U64, &o->min_cmds, 0, 100000},
        {"--max-cmds", CLI_U64, &o->max_cmds, 1, 100000},
        {"--all-engines-pct", CLI_U64, &o->all_engines_pct, 0, 100},
        {"--malformed-pct", CLI_U64, &o->malformed_pct, 0, 100},
        {"--multi-page-pct", CLI_U64, &o->multi_page_pct, 0, 100},
        {"--max-ring-pages", CLI_U64, &o->max_ring_pages, 1, 16},
        {"--split-tail-pct", CLI_U64, &o->split_tail_pct, 0, 100},
        {"--back-to-back-pct", CLI_U64, &o->back_to_back_pct, 0, 100},
        {"--lri-other-pct", CLI_U64, &o->lri_other_pct, 0, 100},
        GTREF_GEN_FAMILIES(GEN_W_LISTED)
        {"--nonpriv-pct", CLI_U64, &o->nonpriv_pct, 0, 100},
        {"--max-sem-slots", CLI_U64, &o->max_sem_slots, 0, 4},
        GTREF_GEN_FAMILIES(GEN_W_UNLISTED)
        {"--sem-signal-pct", CLI_U64, &o->sem_signal_pct, 0, 100},
        {"--watchdog-pct", CLI_U64, &o->watchdog_pct, 0, 100},
        {"--host-race-pct", CLI_U64, &o->host_race_pct, 0, 100},
        {"--ppgtt-pct", CLI_U64, &o->ppgtt_pct, 0, 100},
        {"--fault-pct", CLI_U64, &o->fault_pct, 0, 100},
        {"--ggtt-remap-pct", CLI_U64, &o->ggtt_remap_pct, 0, 100},
        {"--flsh-cntl-pct", CLI_U64, &o->flsh_cntl_pct, 0, 100},
        {"--instpm-pct", CLI_U64, &o->instpm_pct, 0, 100},
        {"--req-limit-pct", CLI_U64, &o->req_limit_pct, 0, 100},
        {"--gac-gab-pct", CLI_U64, &o->gac_gab_pct, 0, 100},
        {"--gac-gam-pct", CLI_U64, &o->gac_gam_pct, 0, 100},
        {"--casc-contend-pct", CLI_U64, &o->casc_contend_pct, 0, 100},
        {"--irq-burst-pct", CLI_U64, &o->irq_burst_pct, 0, 100},
        {"--irq-race-pct", CLI_U64, &o->irq_race_pct, 0, 100},
        {"--irq-dense-pct", CLI_U64, &o->irq_dense_pct, 0, 100},
        {"--alias-signal-pct", CLI_U64, &o->alias_signal_pct, 0, 100},
        {"--gen11-unit-pct", CLI_U64, &o->gen11_unit_pct, 0, 100},
        {"--cs-mmio-pct", CLI_U64, &o->cs_mmio_pct, 0, 100},
        {"--math-load1-pct", CLI_U64, &o->math_load1_pct, 0, 100},
        {"--pred-jump-pct", CLI_U64, &o->pred_jump_pct, 0, 100},
        {"--atomic-forms-pct", CLI_U64, &o->atomic_forms_pct, 0, 100},
        {"--cbbe-pct", CLI_U64, &o->cbbe_pct, 0, 100},
        {"--sig-target-pct", CLI_U64, &o->sig_target_pct, 0, 100},
        {"--nonpriv-entries-pct", CLI_U64, &o->nonpriv_entries_pct, 0, 100},
        {"--space-meet-pct", CLI_U64, &o->space_meet_pct, 0, 100},
        {"--sdi2-pct", CLI_U64, &o->sdi2_pct, 0, 100},
        {"--reg-poll-pct", CLI_U64, &o->reg_poll_pct, 0, 100},
        {"--long-lri-pct", CLI_U64, &o->long_lri_pct, 0, 100},
        {"--priv-violation-pct", CLI_U64, &o->priv_violation_pct, 0, 100},
        {"--execlist-pct", CLI_U64, &o->execlist_pct, 0, 100},
        {"--host-reg-pct", CLI_U64, &o->host_reg_pct, 0, 100},
        {"--high-place-pct", CLI_U64, &o->high_place_pct, 0, 100},
        {"--min-cycles", CLI_U64, &o->min_cycles, 0, GTREF_GEN_MAX_MIN_CYCLES},
    };
    memcpy(opts, table, sizeof table);
}

void gen_opts_config(const gen_opts *o, gtref_gen_config *c)
{
    gtref_gen_config_default(c);
    c->engines = (uint8_t)o->engines;
    c->min_cmds = (unsigned)o->min_cmds;
    c->max_cmds = (unsigned)o->max_cmds;
#define GEN_W_CONFIG(name, option, weight, cli, cmds) GEN_W_IF_##cli(c->w_##name = (unsigned)o->w_##name;)
    GTREF_GEN_FAMILIES(GEN_W_CONFIG)
#undef GEN_W_CONFIG
    c->all_engines_pct = (unsigned)o->all_engines_pct;
    c->malformed_pct = (unsigned)o->malformed_pct;
    c->multi_page_pct = (unsigned)o->multi_page_pct;
    c->max_ring_pages = (unsigned)o->max_ring_pages;
    c->split_tail_pct = (unsigned)o->split_tail_pct;
    c->back_to_back_pct = (unsigned)o->back_to_back_pct;
    c->lri_other_pct = (unsigned)o->lri_other_pct;
    c->nonpriv_pct = (unsigned)o->nonpriv_pct;
    c->max_sem_slots = (unsigned)o->max_sem_slots;
    c->sem_signal_pct = (unsigned)o->sem_signal_pct;
    c->watchdog_pct = (unsigned)o->watchdog_pct;
    c->host_race_pct = (unsigned)o->host_race_pct;
    c->ppgtt_pct = (unsigned)o->ppgtt_pct;
    c->fault_pct = (unsigned)o->fault_pct;
    c->ggtt_remap_pct = (unsigned)o->ggtt_remap_pct;
    c->flsh_cntl_pct = (unsigned)o->flsh_cntl_pct;
    c->instpm_pct = (unsigned)o->instpm_pct;
    c->req_limit_pct = (unsigned)o->req_limit_pct;
    c->gac_gab_pct = (unsigned)o->gac_gab_pct;
    c->gac_gam_pct = (unsigned)o->gac_gam_pct;
    c->casc_contend_pct = (unsigned)o->casc_contend_pct;
    c->irq_burst_pct = (unsigned)o->irq_burst_pct;
    c->irq_race_pct = (unsigned)o->irq_race_pct;
    c->irq_dense_pct = (unsigned)o->irq_dense_pct;
    c->alias_signal_pct = (unsigned)o->alias_signal_pct;
    c->gen11_unit_pct = (unsigned)o->gen11_unit_pct;
    c->cs_mmio_pct = (unsigned)o->cs_mmio_pct;
    c->math_load1_pct = (unsigned)o->math_load1_pct;
    c->pred_jump_pct = (unsigned)o->pred_jump_pct;
    c->atomic_forms_pct = (unsigned)o->atomic_forms_pct;
    c->cbbe_pct = (unsigned)o->cbbe_pct;
    c->sig_target_pct = (unsigned)o->sig_target_pct;
    c->nonpriv_entries_pct = (unsigned)o->nonpriv_entries_pct;
    c->space_meet_pct = (unsigned)o->space_meet_pct;
    c->sdi2_pct = (unsigned)o->sdi2_pct;
    c->reg_poll_pct = (unsigned)o->reg_poll_pct;
    c->long_lri_pct = (unsigned)o->long_lri_pct;
    c->priv_violation_pct = (unsigned)o->priv_violation_pct;
    c->execlist_pct = (unsigned)o->execlist_pct;
    c->host_reg_pct = (unsigned)o->host_reg_pct;
    c->high_place_pct = (unsigned)o->high_place_pct;
    c->min_cycles = o->min_cycles;
}

int stim_file_from_seed(uint64_t seed, const gtref_gen_config *config, const char *stim_path, char *err, size_t errsz)
{
    gtref_stim stim;
    gtref_stim_init(&stim);
    int rc = 0;
    if (gtref_stim_generate(&stim, seed, config)) {
        snprintf(err, errsz, "the generator failed for seed %" PRIu64, seed);
        rc = -1;
    } else {
        rc = gtref_stim_write_file(&stim, stim_path, err, errsz);
    }
    gtref_stim_free(&stim);
    return rc;
}

int stim_file_from_gts(const char *gts_path, const char *stim_path, uint64_t *seed, char *err, size_t errsz)
{
    gtref_stim stim;
    gtref_stim_init(&stim);
    int rc = gtref_gts_assemble_file(&stim, gts_path, err, errsz);
    if (rc == 0) {
        *seed = stim.seed;
        rc = gtref_stim_write_file(&stim, stim_path, err, errsz);
    }
    gtref_stim_free(&stim);
    return rc;
}

double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

unsigned default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n >= 1 && n <= 256 ? (unsigned)n : 2;
}

/* ---- the kit's scripts ---- */

/* The kit's folder: the one above the build folder this gtref was built in (build/bin/gtref). */
bool gtref_kit_root(char *dst, size_t dstsz)
{
    char exe[GTREF_PATH_MAX], bindir[GTREF_PATH_MAX], build[GTREF_PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return false;
    exe[n] = '\0';
    gtref_dir_of(exe, bindir, sizeof bindir);
    gtref_dir_of(bindir, build, sizeof build);
    gtref_dir_of(build, dst, dstsz);
    return true;
}

/* Run a command given as words (each shell-quoted; its output on ours); its exit status, or -1 when it could not run. */
int gtref_run_script(const char *const *words)
{
    char cmd[4 * GTREF_PATH_MAX + 512];
    size_t len = 0;
    cmd[0] = '\0';
    for (size_t i = 0; words[i]; i++) {
        if (len + 2 >= sizeof cmd) return -1;
        if (i) cmd[len++] = ' ';
        size_t q = gtref_shell_quote(cmd + len, sizeof cmd - len, words[i]);
        if (len + q >= sizeof cmd) return -1;
        len += q;
    }
    fflush(stdout);
    fflush(stderr);
    int st = system(cmd);
    return st == -1 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st);
}
