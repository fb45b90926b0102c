/* gtref check: the expectations of tests, against the reference model alone (no simulator needed). */
#include <stdio.h>
#include <string.h>

#include "gtref/expect.h"
#include "gtref/model_only.h"
#include "gtref_cli.h"

#define MAX_REPORTED 64

/* 0 pass, 1 an expectation failed, 2 the test could not be read or run. */
static int check_one(const char *path)
{
    gtref_stim s;
    gtref_stim_init(&s);
    char err[1024];
    int rc = has_suffix(path, ".gts") ? gtref_gts_assemble_file(&s, path, err, sizeof err)
                                      : gtref_stim_read_file(&s, path, err, sizeof err);
    if (rc) {
        printf("ERROR %s\n  %s\n", path, err);
        gtref_stim_free(&s);
        return EXIT_USAGE;
    }
    static gtref_expect_failure f[MAX_REPORTED];
    long nfail = gtref_model_only_check(&s, f, MAX_REPORTED, err, sizeof err);
    /* kinds only co-simulation observes (tlb: the command model has no TLB, docs/gam.md GAM-20) are skipped here */
    size_t skipped = 0;
    for (size_t i = 0; i < s.nexpects; i++) skipped += gtref_expect_kind_cosim_only(s.expects[i].kind);
    char note[128] = "";
    if (skipped)
        snprintf(note, sizeof note, "; %zu tlb not evaluated on the model alone (co-simulation only)", skipped);
    if (nfail < 0) {
        printf("ERROR %s (%s)\n  the model could not run the test: %s\n", s.name, path, err);
        rc = EXIT_USAGE;
    } else if (nfail == 0) {
        printf("PASS  %s (%zu expectations%s)\n", s.name, s.nexpects - skipped, note);
        rc = 0;
    } else {
        printf("FAIL  %s: %ld of %zu expectations failed on the model%s\n", s.name, nfail, s.nexpects - skipped, note);
        for (long i = 0; i < nfail && i < MAX_REPORTED; i++) gtref_expect_failure_print(&f[i], path, stdout);
        if (nfail > MAX_REPORTED) printf("  ... and %ld more\n", nfail - MAX_REPORTED);
        rc = EXIT_TESTS_FAILED;
    }
    gtref_stim_free(&s);
    return rc;
}

int gtref_cmd_check(const gtref_cli *cli, int argc, char **argv)
{
    (void)cli;
    enum { MAX_FILES = 4096 };
    static const char *files[MAX_FILES];
    size_t nfiles;
    enum cli_parse_result pr = cli_parse(argc, argv, NULL, 0, files, MAX_FILES, &nfiles);
    if (pr == CLI_HELP) return gtref_print_usage("check"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (nfiles == 0) return cli_usage_error("check", "which tests? give .gts or .stim files");
    size_t passed = 0, failed = 0, bad = 0;
    for (size_t i = 0; i < nfiles; i++) {
        int rc = check_one(files[i]);
        if (rc == 0) passed++;
        else if (rc == EXIT_TESTS_FAILED) failed++;
        else bad++;
    }
    printf("%zu passed, %zu failed", passed, failed);
    if (bad) printf(", %zu could not run", bad);
    printf(" (model only)\n");
    fflush(stdout);
    return bad ? EXIT_USAGE : failed ? EXIT_TESTS_FAILED : 0;
}
