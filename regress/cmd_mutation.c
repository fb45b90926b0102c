/* gtref mutation-report: the table `make bugs` ends with (report/mutation_report.c), from the result records
 * of one regression per catalogued bug and, optionally, of the clean RTL on the same tests. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtref/mutation_report.h"
#include "gtref_cli.h"

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The records of DIR/results/ *.result (sorted by file name) into one row. 0, or EXIT_USAGE after a message. */
static int read_row(const char *dir, gtref_mutation_row *row)
{
    char results_dir[GTREF_PATH_MAX], name[64];
    if (!path_format(results_dir, sizeof results_dir, "mutation-report", "%s/results", dir)) return EXIT_USAGE;
    snprintf(name, sizeof name, "%s", strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir);
    DIR *d = opendir(results_dir);
    if (!d) {
        if (errno == ENOENT) { /* the regression never ran: a row without records */
            gtref_mutation_row_build(row, name, NULL, 0);
            return 0;
        }
        return cli_error("mutation-report", "%s: %s", results_dir, strerror(errno));
    }
    char **files = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!has_suffix(e->d_name, ".result") || e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            char **grown = realloc(files, cap * sizeof *files);
            if (!grown) { rc = cli_error("mutation-report", "out of memory"); break; }
            files = grown;
        }
        if (!(files[n] = strdup(e->d_name))) { rc = cli_error("mutation-report", "out of memory"); break; }
        n++;
    }
    closedir(d);
    gtref_result *results = rc == 0 && n ? calloc(n, sizeof *results) : NULL;
    if (rc == 0 && n && !results) rc = cli_error("mutation-report", "out of memory for %zu records", n);
    if (rc == 0) {
        if (n) qsort(files, n, sizeof *files, by_name);
        for (size_t i = 0; i < n && rc == 0; i++) {
            char path[GTREF_PATH_MAX], err[512];
            if (!path_format(path, sizeof path, "mutation-report", "%s/%s", results_dir, files[i])) rc = EXIT_USAGE;
            else if (gtref_result_read_file(&results[i], path, err, sizeof err))
                rc = cli_error("mutation-report", "%s: %s (regenerate it: rerun the regression of %s)", path, err, dir);
        }
    }
    if (rc == 0) gtref_mutation_row_build(row, name, results, n);
    for (size_t i = 0; i < n; i++) free(files[i]);
    free(files);
    free(results);
    return rc;
}

int gtref_cmd_mutation_report(const gtref_cli *cli, int argc, char **argv)
{
    (void)cli;
    const char *clean_dir = NULL, *out = NULL;
    const cli_opt opts[] = {
        {"--clean", CLI_STRING, &clean_dir, 0, 0},
        {"-o", CLI_STRING, &out, 0, 0},
    };
    enum { MAX_BUGS = 256 };
    const char *dirs[MAX_BUGS];
    size_t ndirs;
    enum cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], dirs, MAX_BUGS, &ndirs);
    if (pr == CLI_HELP) return gtref_print_usage("mutation-report"), 0;
    if (pr == CLI_BAD) return EXIT_USAGE;
    if (ndirs == 0) return cli_usage_error("mutation-report", "which regressions? give one output folder per bug");

    gtref_mutation_row *rows = calloc(ndirs, sizeof *rows), clean;
    if (!rows) return cli_error("mutation-report", "out of memory");
    int rc = 0;
    for (size_t i = 0; i < ndirs && rc == 0; i++) rc = read_row(dirs[i], &rows[i]);
    if (rc == 0 && clean_dir) rc = read_row(clean_dir, &clean);
    if (rc == 0) {
        gtref_mutation_report_write(stdout, rows, ndirs, clean_dir ? &clean : NULL);
        if (out) {
            FILE *f = fopen(out, "w");
            if (!f) rc = cli_error("mutation-report", "cannot write %s: %s", out, strerror(errno));
            else {
                fputs("# Mutation report: every catalogued RTL bug against the same regression (make bugs)\n\n", f);
                gtref_mutation_report_write(f, rows, ndirs, clean_dir ? &clean : NULL);
                if (fclose(f)) rc = cli_error("mutation-report", "cannot write %s: %s", out, strerror(errno));
                else printf("mutation report: %s\n", out);
            }
        }
    }
    if (rc == 0 && !gtref_mutation_all_good(rows, ndirs, clean_dir ? &clean : NULL)) rc = EXIT_TESTS_FAILED;
    free(rows);
    return rc;
}
