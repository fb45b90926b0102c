#!/bin/bash
# RTL code coverage of a regression (make coverage, gtref regress --coverage; docs/regress.md "RTL code coverage").
#
#   tools/rtl-coverage.sh OUT CMD...             runs CMD (a gtref regress on the coverage simulator, --out OUT) with
#                                                GTREF_RTL_COVERAGE_DIR=OUT/rtl-coverage/dat, then `report OUT`
#   tools/rtl-coverage.sh report OUT [--waivers FILE] [--goal] [--today YYYY-MM-DD] [--secs S] [--no-summary]
#                                    [--of TEXT]  merges and reports the counts in OUT/rtl-coverage/dat (what gtref
#                                                regress --coverage calls after its run; gtref night --coverage with
#                                                --of "the counts of N groups (P simulator processes)")
#   tools/rtl-coverage.sh check-waivers FILE [--today YYYY-MM-DD]
#                                                checks a coverage-waiver file (make check)
#   tools/rtl-coverage.sh merge OUT              merges the counts in OUT/rtl-coverage/dat into OUT/rtl-coverage/
#                                                merged.dat and removes the per-process files, no report (a group
#                                                of gtref night --coverage: the night reports its groups merged)
#
# Every process of the coverage simulator (build/sim/<rtl>/eN/coverage/Vtb_top) writes its Verilator counts to
# OUT/rtl-coverage/dat/cov-*.dat; report merges them (verilator_coverage --write), writes the annotated sources
# (verilator_coverage --annotate, every point hit fewer than once marked %000000), prints per-module line, branch and
# toggle totals, the goal's figures (lines and toggle bits with the waived points left out: docs/waivers.md "RTL
# coverage waivers"), PASS or FAIL against the goal, the waived points and the waivers that waived nothing; the same
# section goes to OUT/rtl-coverage/section.md and (unless --no-summary) at the end of OUT/summary.md. The never-hit
# lines and branches are listed in OUT/rtl-coverage/never-hit.txt, the never-toggled bits in never-toggled.txt, the
# waived points in waived.txt; OUT/rtl-coverage/figures holds the figures on one line (for gtref).
#
# Exit status: run: the regression's, or report's when that is not 0. report, merge: 0; 1 no coverage to merge (the
# message says why); 2 a bad waiver file (FILE:LINE: what is wrong); 3 the goal not met and --goal given.
set -u
GOAL_LINE=98
GOAL_TOGGLE=90
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
parser=$root/tools/rtl-coverage-waivers.awk

rtl_modules() {
    sed -n 's/^[[:space:]]*module[[:space:]]\{1,\}\([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' "$root"/rtl/*.sv | sort -u | tr '\n' ' '
}

# check_waivers FILE TODAY: the parsed waivers on stdout (tools/rtl-coverage-waivers.awk), errors on stderr; 2 on one
check_waivers() {
    if [ ! -f "$1" ]; then
        echo "rtl-coverage: expected a coverage-waiver file $1, no such file" >&2
        return 2
    fi
    LC_ALL=C awk -v root="$root" -v today="$2" -v modules="$(rtl_modules)" -f "$parser" "$1"
}

today=$(date -u +%F)
if [ "${1:-}" = check-waivers ]; then
    [ $# -ge 2 ] || { echo "usage: tools/rtl-coverage.sh check-waivers FILE [--today YYYY-MM-DD]" >&2; exit 2; }
    file=$2
    [ "${3:-}" = --today ] && today=${4:-}
    parsed=$(check_waivers "$file" "$today") || exit 2
    n=$(printf '%s' "$parsed" | grep -c .)
    echo "rtl-coverage: $file: $n coverage waivers, each valid until its expiry (judged on $today)"
    exit 0
fi

if [ "${1:-}" = merge ]; then
    [ $# = 2 ] || { echo "usage: tools/rtl-coverage.sh merge OUT" >&2; exit 2; }
    cov=$2/rtl-coverage
    shopt -s nullglob
    files=("$cov"/dat/cov-*.dat)
    if [ ${#files[@]} = 0 ]; then
        echo "rtl-coverage: expected a coverage file per simulator process in $cov/dat, found none; the simulator" \
            "must be a coverage build (make build/sim/<rtl>/e<N>/coverage/Vtb_top)" >&2
        exit 1
    fi
    verilator_coverage --write "$cov/merged.dat" "${files[@]}" > "$cov/merge.log" 2>&1 || {
        cat "$cov/merge.log" >&2
        echo "rtl-coverage: verilator_coverage could not merge the ${#files[@]} files of $cov/dat (log" \
            "$cov/merge.log); to reproduce: verilator_coverage --write $cov/merged.dat $cov/dat/cov-*.dat" >&2
        exit 1
    }
    # merged.dat holds every count of them (5 MB against about 5 MB per process)
    rm -f "${files[@]}"
    {
        echo "## RTL code coverage"
        echo
        echo "The counts of this run's ${#files[@]} simulator processes, merged in \`$cov/merged.dat\`; their figures" \
            "are in the night's report (night.md), merged over its groups."
    } > "$cov/section.md"
    echo "${#files[@]}" > "$cov/processes"
    exit 0
fi

report_only=0 rc=0 secs=- waivers= goal=0 summary=1 of=
if [ "${1:-}" = report ]; then
    report_only=1
    out=${2:?usage: tools/rtl-coverage.sh report OUT [--waivers FILE] [--goal] [--today YYYY-MM-DD]}
    shift 2
    while [ $# -gt 0 ]; do
        case $1 in
        --waivers) waivers=${2:?--waivers FILE}; shift 2 ;;
        --goal) goal=1; shift ;;
        --today) today=${2:?--today YYYY-MM-DD}; shift 2 ;;
        --secs) secs=${2:?--secs S}; shift 2 ;;
        --no-summary) summary=0; shift ;;
        --of) of=${2:?--of TEXT}; shift 2 ;;
        *) echo "rtl-coverage: unknown option '$1' of report (expected --waivers FILE, --goal, --today, --secs, --no-summary, --of TEXT)" >&2; exit 2 ;;
        esac
    done
else
    out=$1
    shift
fi
cov=$out/rtl-coverage
wtab=$(mktemp)
trap 'rm -f "$wtab"' EXIT
if [ -n "$waivers" ]; then
    check_waivers "$waivers" "$today" > "$wtab" || {
        echo "rtl-coverage: the coverage-waiver file $waivers is not valid (above); to check it alone:" \
            "bash tools/rtl-coverage.sh check-waivers $waivers" >&2
        exit 2
    }
fi
if [ $report_only = 0 ]; then
rm -rf "$cov"
mkdir -p "$cov/dat" || exit 1
dat=$(cd "$cov/dat" && pwd)

start=$(date +%s)
GTREF_RTL_COVERAGE_DIR=$dat "$@"
rc=$?
secs=$(($(date +%s) - start))
fi
dat=$cov/dat

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
# (v_<type>/<module>), f (file), l (line), o (comment; for toggle the signal bit, name[3]), h (hierarchy). A point
# counts as hit from 1 on. The first file is the parsed waivers (tools/rtl-coverage-waivers.awk): a never-hit line
# or branch point whose file and line a `lines` waiver covers, or a never-toggled bit of a module whose name a
# `toggle` waiver's signal pattern matches, is waived: out of the goal's figures, listed in waived.txt.
LC_ALL=C awk -v never="$cov/never-hit.txt" -v untoggled="$cov/never-toggled.txt" -v waived="$cov/waived.txt" \
    -v byw="$cov/waivers-used.txt" -v table="$cov/table.md" -v files="${#files[@]}" -v secs="$secs" -F'\t' '
function pct(h, t) { return t ? sprintf("%.1f%%", 100.0 * h / t) : "-" }
FILENAME == ARGV[1] { nw++; wk[nw] = $1; wn[nw] = $2; wf[nw] = $3; wa[nw] = $4; wb[nw] = $5; wo[nw] = $6; we[nw] = $7; wr[nw] = $8; used[nw] = 0; next }
/^C / {
    count = $NF; sub(/.* /, "", count); count += 0
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
function waiver_of(key,    i, base, bit, lohi) {
    for (i = 1; i <= nw; i++) {
        if (ptype[key] == "toggle") {
            if (wk[i] != "toggle" || wf[i] != pmod[key]) continue
            if (wb[i] == "-") { if (po[key] ~ wa[i]) return i; continue }
            # SIGNAL[HI:LO]: the name without its last index matches, the index is in LO..HI
            if (!match(po[key], /\[[0-9]+\]$/)) continue
            base = substr(po[key], 1, RSTART - 1); bit = substr(po[key], RSTART + 1, RLENGTH - 2) + 0
            split(wb[i], lohi, ":")
            if (base ~ wa[i] && bit >= lohi[1] + 0 && bit <= lohi[2] + 0) return i
        } else if (wk[i] == "lines" && wf[i] == pf[key] && pl[key] + 0 >= wa[i] + 0 && pl[key] + 0 <= wb[i] + 0) return i
    }
    return 0
}
END {
    for (key in pt) {
        mod = pmod[key]; type = ptype[key]; mods[mod] = 1
        tot[mod, type]++; all[type]++
        if (pt[key]) { hit[mod, type]++; allhit[type]++; continue }
        if ((wi = waiver_of(key))) {
            allw[type]++; used[wi]++
            printf "%s:%s\t%s\t%s\t%s\t%s\n", pf[key], pl[key], mod, type, po[key], wn[wi] > waived
            continue
        }
        if (type == "toggle") {
            zt[mod]++; zfile[mod] = pf[key]
            printf "%s:%s\t%s\t%s\n", pf[key], pl[key], mod, po[key] > untoggled
        } else if (!((pf[key], pl[key], mod, type) in listed)) {
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
    for (m in zt) printf "%s:-\t%s\ttoggle\t%d signal bits never toggled (never-toggled.txt)\n", zfile[m], m, zt[m] > never
    for (i = 1; i <= nw; i++)
        printf "%s\t%s\t%d\t%s\t%s\t%s\n", wn[i], wk[i], used[i], wo[i], we[i], wr[i] > byw
    printf "%d %d %d %d %d %d %d %d %d\n", allhit["line"], all["line"], allhit["branch"], all["branch"], allhit["toggle"],
        all["toggle"], allw["line"], allw["branch"], allw["toggle"]
}' "$wtab" "$cov/merged.dat" > "$cov/totals" || { echo "rtl-coverage: could not read $cov/merged.dat" >&2; exit 1; }
for f in never-hit.txt never-toggled.txt waived.txt waivers-used.txt; do touch "$cov/$f"; done
sort -t: -k1,1 -k2,2n -o "$cov/never-hit.txt" "$cov/never-hit.txt"
sort -t: -k1,1 -k2,2n -o "$cov/never-toggled.txt" "$cov/never-toggled.txt"
sort -t: -k1,1 -k2,2n -o "$cov/waived.txt" "$cov/waived.txt"
read -r lh lt bh bt th tt lw bw tw < "$cov/totals"
if [ "${lt:-0}" = 0 ] && [ "${tt:-0}" = 0 ]; then
    echo "rtl-coverage: expected line and toggle points in $cov/merged.dat, found none; the simulator must be" \
        "verilated with --coverage-line --coverage-toggle (make build/sim/<rtl>/e<N>/coverage/Vtb_top)" >&2
    exit 1
fi
holes=$(grep -vc $'\ttoggle\t' "$cov/never-hit.txt")
overall=$(awk -v a="$((lh + bh + th))" -v b="$((lt + bt + tt))" 'BEGIN { printf "%.1f%%", b ? 100 * a / b : 0 }')
# the goal: hit / (total - waived) for lines and toggle bits, each against its level
read -r gl gt gverdict <<< "$(awk -v lh="$lh" -v lt="$lt" -v lw="$lw" -v th="$th" -v tt="$tt" -v tw="$tw" \
    -v GL="$GOAL_LINE" -v GT="$GOAL_TOGGLE" 'BEGIN {
        l = lt - lw > 0 ? 100 * lh / (lt - lw) : 100; t = tt - tw > 0 ? 100 * th / (tt - tw) : 100
        # compared on the printed figure floored to 0.1 (98.0 passes, 97.96 does not)
        lf = int(l * 10) / 10; tf = int(t * 10) / 10
        printf "%.1f %.1f %s\n", lf, tf, (lf >= GL && tf >= GT) ? "PASS" : "FAIL" }')"
echo "$lh $lt $lw $bh $bt $bw $th $tt $tw $gl $gt $GOAL_LINE $GOAL_TOGGLE $gverdict $holes" > "$cov/figures"
nwaivers=$(grep -c . "$cov/waivers-used.txt")
stale=$(awk -F'\t' '$3 == 0 { printf "%s%s", n++ ? ", " : "", $1 }' "$cov/waivers-used.txt")

[ -n "$of" ] || of="this run's ${#files[@]} simulator processes"
report() {
    echo "## RTL code coverage"
    echo
    echo "Verilator line, branch and toggle coverage of the RTL over $of" \
        "(${secs} s), merged in \`$cov/merged.dat\`, annotated sources in \`$cov/annotated/\`. Overall: $overall of" \
        "$((lt + bt + tt)) points ($lh/$lt lines, $bh/$bt branches, $th/$tt toggle bits)."
    echo
    cat "$cov/table.md"
    echo
    echo "Goal: lines >= $GOAL_LINE% and toggle bits >= $GOAL_TOGGLE%, waived points left out:" \
        "lines $gl% ($lh/$((lt - lw)), $lw waived), toggle $gt% ($th/$((tt - tw)), $tw waived)" \
        "(branches $bh/$((bt - bw)), $bw waived): **$gverdict**$([ $goal = 1 ] && echo " (--coverage-goal: the run fails under it)")."
    echo
    echo "Never-hit lines and branches not waived: $holes, listed in \`$cov/never-hit.txt\` (file:line, module, type," \
        "Verilator's comment); never-toggled bits not waived in \`$cov/never-toggled.txt\`."
    if [ -n "$waivers" ]; then
        echo
        echo "Waived ($nwaivers waivers of \`$waivers\`, $((lw + bw + tw)) points, each listed in \`$cov/waived.txt\`):"
        echo
        echo "| waiver | kind | points | owner | expires | reason |"
        echo "| --- | --- | --- | --- | --- | --- |"
        awk -F'\t' '{ gsub(/\|/, "\\|", $6); printf "| %s | %s | %d | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 }' "$cov/waivers-used.txt"
        [ -z "$stale" ] || { echo; echo "Waivers that waived nothing in this run (the point is hit now, or the waiver is wrong: remove or fix them): $stale."; }
    fi
}
report > "$cov/section.md"
echo
cat "$cov/section.md"
[ $summary = 0 ] || cat "$cov/section.md" >> "$out/summary.md"
[ $rc != 0 ] && exit $rc
[ $goal = 1 ] && [ "$gverdict" = FAIL ] && exit 3
exit 0
