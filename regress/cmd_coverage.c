/* gtref coverage, and the coverage table at the end of gtref regress: the functional coverage of a set of
 * stimuli, measured by running each on the reference model alone (include/gtref/coverage.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/coverage.h"
#include "gtref/model_only.h"
#include "gtref_cli.h"

static int read_stimulus(const char *path, gtref_stim *s, char *err, size_t errsz)
{
    return has_suffix(path, ".gts") ? gtref_gts_assemble_file(s, path, err, errsz)
                                    : gtref_stim_read_file(s, path, err, errsz);
}

int gtref_coverage_report(const char *const *paths, size_t n, FILE *out, size_t *holes, size_t *bins)
{
    int engines = 1;
    gtref_stim s;
    gtref_stim_init(&s);
    char err[1024];
    for (size_t i = 0; i < n; i++) {   /* the widest GT any test uses decides the engine columns */
        if (read_stimulus(paths[i], &s, err, sizeof err)) continue;
        if (s.engines > engines) engines = s.engines;
    }
    gtref_cov *cov = gtref_cov_create(engines);
    if (!cov) { gtref_stim_free(&s); return cli_error("coverage", "out of memory"); }
    size_t unreadable = 0, unimplemented = 0;
    for (size_t i = 0; i < n; i++) {
        if (read_stimulus(paths[i], &s, err, sizeof err)) { unreadable++; continue; }
        gtref_model_run r;
        gtref_model_only_run_cov(&s, &r, cov);   /* a run that stops early still counts what it executed */
        if (r.unimplemented) unimplemented++;
        gtref_model_run_free(&r);
    }
    gtref_stim_free(&s);
    gtref_cov_print(cov, out);
    if (unreadable) fprintf(out, "\n%zu stimulus file%s could not be read\n", unreadable, unreadable == 1 ? "" : "s");
    if (unimplemented) fprintf(out, "\n%zu test%s stopped at an unimplemented command\n", unimplemented, unimplemented == 1 ? "" : "s");
    *holes = gtref_cov_holes(cov);
    if (bins) *bins = gtref_cov_bins(cov);
    gtref_cov_destroy(cov);
    return 0;
}

int gtref_cmd_coverage(const gtref_cli *cli, int argc, char **argv)
{
    (void)cli;
    enum { MAX_FILES = 60000 };
    static const char *files[MAX_FILES];
    size_t nfiles;
    bool require_full = false;
    const cli_opt opts[] = { {"--require-full", CLI_FLAG, &require_full, 0, 0} };
    enum cli_parse_result pr = cli_parse(argc, argv, opts, 1, files, MAX_FILES, &nfiles);
    if (pr == CLI_HELP) return gtref_print_usage("coverage"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (nfiles == 0) return cli_usage_error("coverage", "which tests? give .gts or .stim files");
    /* every file must be a test: a coverage table that silently leaves one out would claim less than was asked */
    gtref_stim s;
    gtref_stim_init(&s);
    char err[1024];
    for (size_t i = 0; i < nfiles; i++)
        if (read_stimulus(files[i], &s, err, sizeof err)) {
            gtref_stim_free(&s);
            return cli_error("coverage", "%s", err);
        }
    gtref_stim_free(&s);
    size_t holes = 0;
    int rc = gtref_coverage_report(files, nfiles, stdout, &holes, NULL);
    if (rc) return rc;
    return require_full && holes ? EXIT_TESTS_FAILED : 0;
}
