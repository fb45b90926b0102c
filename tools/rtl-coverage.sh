#!/bin/bash
# RTL code coverage of a regression (make coverage, docs/regress.md "RTL code coverage"): runs the gtref command given
# after OUT with GTREF_RTL_COVERAGE_DIR set, so that every process of the coverage simulator
# (build/sim/<rtl>/eN/coverage/Vtb_top) writes its Verilator counts to OUT/rtl-coverage/dat/cov-*.dat; then merges
# them (verilator_coverage --write), writes the annotated sources (verilator_coverage --annotate, every point hit
# fewer than once marked %000000) and prints per-module line, branch and toggle totals with the overall figures,
# on stdout and at the end of OUT/summary.md. The never-hit lines are listed in OUT/rtl-coverage/never-hit.txt.
#
# usage: tools/rtl-coverage.sh OUT GTREF regress --sim COVERAGE_SIM --out OUT ...
# Exit status: the regression's, or 1 when it wrote no coverage (then the message says why).
set -u
out=$1
shift
cov=$out/rtl-coverage
rm -rf "$cov"
mkdir -p "$cov/dat" || exit 1
dat=$(cd "$cov/dat" && pwd)

start=$(date +%s)
GTREF_RTL_COVERAGE_DIR=$dat "$@"
rc=$?
secs=$(($(date +%s) - start))

shopt -s nullglob
files=("$dat"/cov-*.dat)
if [ ${#files[@]} = 0 ]; then
    echo "rtl-coverage: expected a coverage file per simulator process in $dat, found none (regression exit status" \
        "$rc); the simulator must be a coverage build (make build/sim/<rtl>/e<N>/coverage/Vtb_top); to reproduce:" \
        "GTREF_RTL_COVERAGE_DIR=$dat $*" >&2
    exit 1
fi
verilator_coverage --write "$cov/merged.dat" "${files[@]}" > "$cov/merge.log" 2>&1 || {
    cat "$cov/merge.log" >&2
    echo "rtl-coverage: verilator_coverage could not merge the ${#files[@]} files of $dat (log $cov/merge.log); to" \
        "reproduce: verilator_coverage --write $cov/merged.dat $dat/cov-*.dat" >&2
    exit 1
}
verilator_coverage --annotate "$cov/annotated" --annotate-min 1 --annotate-all "$cov/merged.dat" > "$cov/annotate.log" 2>&1 || {
    cat "$cov/annotate.log" >&2
    echo "rtl-coverage: verilator_coverage could not annotate $cov/merged.dat (log $cov/annotate.log); to reproduce:" \
        "verilator_coverage --annotate $cov/annotated --annotate-min 1 --annotate-all $cov/merged.dat" >&2
    exit 1
}

# merged.dat: one line per point, C '<\001key\002value...>' COUNT; keys t (line, branch, toggle), page
# (v_<type>/<module>), f (file), l (line), o (comment), h (hierarchy). A point counts as hit from 1 on.
LC_ALL=C awk -v never="$cov/never-hit.txt" -v table="$cov/table.md" -v files="${#files[@]}" -v secs="$secs" '
function pct(h, t) { return t ? sprintf("%.1f%%", 100.0 * h / t) : "-" }
/^C / {
    count = $NF + 0
    rec = $0; sub(/^C \x27/, "", rec); sub(/\x27 [0-9]+$/, "", rec)
    n = split(rec, kv, "\001")
    delete k
    for (i = 2; i <= n; i++) { j = index(kv[i], "\002"); k[substr(kv[i], 1, j - 1)] = substr(kv[i], j + 1) }
    page = k["page"]; type = page; sub(/^v_/, "", type); sub(/\/.*/, "", type)
    # the specialisations of a module (gt_engine__E1, gt_top__N4) are one source: a point of it (file, line, column,
    # type, comment) is hit when any instance of any specialisation hit it
    mod = page; sub(/^[^\/]*\//, "", mod); sub(/__[A-Za-z0-9]+$/, "", mod)
    if (type != "line" && type != "branch" && type != "toggle") next
    key = mod SUBSEP type SUBSEP k["f"] SUBSEP k["l"] SUBSEP k["n"] SUBSEP k["o"]
    if (!(key in pt)) { pt[key] = 0; pmod[key] = mod; ptype[key] = type; pf[key] = k["f"]; pl[key] = k["l"]; po[key] = k["o"] }
    if (count > 0) pt[key] = 1
}
END {
    for (key in pt) {
        mod = pmod[key]; type = ptype[key]; mods[mod] = 1
        tot[mod, type]++; all[type]++
        if (pt[key]) { hit[mod, type]++; allhit[type]++ }
        else if (type == "toggle") { zt[mod]++; zfile[mod] = pf[key] }
        else if (!((pf[key], pl[key], mod, type) in listed)) {
            listed[pf[key], pl[key], mod, type] = 1
            printf "%s:%s\t%s\t%s\t%s\n", pf[key], pl[key], mod, type, po[key] > never
        }
    }
    printf "| module | line | branch | toggle |\n| --- | --- | --- | --- |\n" > table
    nm = 0; for (m in mods) names[++nm] = m
    for (i = 2; i <= nm; i++) { x = names[i]; for (j = i - 1; j >= 1 && names[j] > x; j--) names[j + 1] = names[j]; names[j + 1] = x }
    for (i = 1; i <= nm; i++) {
        m = names[i]
        printf "| %s | %d/%d %s | %d/%d %s | %d/%d %s |\n", m, hit[m, "line"], tot[m, "line"], pct(hit[m, "line"], tot[m, "line"]),
            hit[m, "branch"], tot[m, "branch"], pct(hit[m, "branch"], tot[m, "branch"]),
            hit[m, "toggle"], tot[m, "toggle"], pct(hit[m, "toggle"], tot[m, "toggle"]) > table
    }
    printf "| **all** | %d/%d %s | %d/%d %s | %d/%d %s |\n", allhit["line"], all["line"], pct(allhit["line"], all["line"]),
        allhit["branch"], all["branch"], pct(allhit["branch"], all["branch"]),
        allhit["toggle"], all["toggle"], pct(allhit["toggle"], all["toggle"]) > table
    for (m in zt) printf "%s:-\t%s\ttoggle\t%d signal bits never toggled (see the annotated source)\n", zfile[m], m, zt[m] > never
    printf "%d %d %d %d %d %d\n", allhit["line"], all["line"], allhit["branch"], all["branch"], allhit["toggle"], all["toggle"]
}' "$cov/merged.dat" > "$cov/totals" || { echo "rtl-coverage: could not read $cov/merged.dat" >&2; exit 1; }
touch "$cov/never-hit.txt"
sort -t: -k1,1 -k2,2n -o "$cov/never-hit.txt" "$cov/never-hit.txt"
read -r lh lt bh bt th tt < "$cov/totals"
if [ "${lt:-0}" = 0 ] && [ "${tt:-0}" = 0 ]; then
    echo "rtl-coverage: expected line and toggle points in $cov/merged.dat, found none; the simulator must be" \
        "verilated with --coverage-line --coverage-toggle (make build/sim/<rtl>/e<N>/coverage/Vtb_top)" >&2
    exit 1
fi
holes=$(grep -vc $'\ttoggle\t' "$cov/never-hit.txt")
overall=$(awk -v a="$((lh + bh + th))" -v b="$((lt + bt + tt))" 'BEGIN { printf "%.1f%%", b ? 100 * a / b : 0 }')

report() {
    echo "## RTL code coverage"
    echo
    echo "Verilator line, branch and toggle coverage of the RTL over this run's ${#files[@]} simulator processes" \
        "($secs s), merged in \`$cov/merged.dat\`, annotated sources in \`$cov/annotated/\`. Overall: $overall of" \
        "$((lt + bt + tt)) points ($lh/$lt lines, $bh/$bt branches, $th/$tt toggle bits)."
    echo
    cat "$cov/table.md"
    echo
    echo "Never-hit lines and branches: $holes, listed in \`$cov/never-hit.txt\` (file:line, module, type," \
        "Verilator's comment), with the count of never-toggled signal bits per module."
}
echo
report | tee -a "$out/summary.md"
exit $rc
