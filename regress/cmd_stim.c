/* Thin wrappers over the stimulus API: gtref gen, gtref asm, gtref disasm. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gtref_cli.h"

/* Print a stimulus as .gts text to stdout. */
static int disassemble_to_stdout(const char *command, const gtref_stim *s)
{
    if (gtref_gts_disassemble(s, stdout) || fflush(stdout))
        return cli_error(command, "cannot print the stimulus: %s", strerror(errno ? errno : EIO));
    return 0;
}

int gtref_cmd_gen(const gtref_cli *cli, int argc, char **argv)
{
    (void)cli;
    uint64_t seed = 0;
    bool have_seed = false;
    const char *out = NULL;
    const char *seed_text = NULL;
    gen_opts go;
    const cli_opt own[] = {
        {"--seed", CLI_STRING, &seed_text, 0, 0},
        {"-o", CLI_STRING, &out, 0, 0},
    };
    GEN_OPTS_TABLE(opts, own, &go);
    const char *none[1];
    size_t npositional;
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], none, 0, &npositional);
    if (pr == CLI_HELP) return gtref_print_usage("gen"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (seed_text) have_seed = cli_parse_u64(seed_text, &seed);
    if (!have_seed)
        return cli_usage_error("gen", seed_text ? "--seed: '%s' is not a number" : "--seed N is required", seed_text);

    gtref_gen_config config;
    gen_opts_config(&go, &config);
    if (config.min_cmds > config.max_cmds)
        return cli_usage_error("gen", "--min-cmds %u is more than --max-cmds %u", config.min_cmds, config.max_cmds);
    gtref_stim s;
    gtref_stim_init(&s);
    char err[1024];
    int rc = 0;
    if (gtref_stim_generate(&s, seed, &config)) rc = cli_error("gen", "the generator failed for seed %" PRIu64, seed);
    else if (out && gtref_stim_write_file(&s, out, err, sizeof err)) rc = cli_error("gen", "%s", err);
    else if (!out) rc = disassemble_to_stdout("gen", &s);
    gtref_stim_free(&s);
    return rc;
}

int gtref_cmd_asm(const gtref_cli *cli, int argc, char **argv)
{
    (void)cli;
    const char *out = NULL;
    const cli_opt opts[] = {{"-o", CLI_STRING, &out, 0, 0}};
    const char *file[1];
    size_t nfile;
    enum cli_parse_result pr = cli_parse(argc, argv, opts, 1, file, 1, &nfile);
    if (pr == CLI_HELP) return gtref_print_usage("asm"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (nfile != 1) return cli_usage_error("asm", "which file? give a .gts file");
    if (!out) return cli_usage_error("asm", "-o FILE.stim is required");

    gtref_stim s;
    gtref_stim_init(&s);
    char err[1024];
    int rc = 0;
    if (gtref_gts_assemble_file(&s, file[0], err, sizeof err) || gtref_stim_write_file(&s, out, err, sizeof err))
        rc = cli_error("asm", "%s", err);
    gtref_stim_free(&s);
    return rc;
}

int gtref_cmd_disasm(const gtref_cli *cli, int argc, char **argv)
{
    (void)cli;
    const char *file[1];
    size_t nfile;
    enum cli_parse_result pr = cli_parse(argc, argv, NULL, 0, file, 1, &nfile);
    if (pr == CLI_HELP) return gtref_print_usage("disasm"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (nfile != 1) return cli_usage_error("disasm", "which file? give a .stim file");

    gtref_stim s;
    gtref_stim_init(&s);
    char err[1024];
    int rc = gtref_stim_read_file(&s, file[0], err, sizeof err) ? cli_error("disasm", "%s", err)
                                                                  : disassemble_to_stdout("disasm", &s);
    gtref_stim_free(&s);
    return rc;
}
