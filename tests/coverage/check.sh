#!/bin/bash
# make coverage-test: make coverage's script (tools/rtl-coverage.sh) on a small run (5 random seeds) of the clean
# coverage build: one coverage file per simulator process, the merged counts, the annotated sources, the never-hit
# list, and a per-module table with line and toggle figures on stdout and in summary.md; the testbench is not
# measured. Then the script's refusal of a run that wrote no coverage (a simulator that is not the coverage build).
#
# usage: tests/coverage/check.sh GTREF COVERAGE_SIM ENGINES OUT
set -u
gtref=$1 sim=$2 engines=$3 out=$4
again="bash tests/coverage/check.sh $*"
fail() {
    echo "coverage-test: FAILED: $*; to reproduce: $again" >&2
    exit 1
}
rm -rf "$out"
mkdir -p "$out" || exit 1
run=$out/run
bash tools/rtl-coverage.sh "$run" "$gtref" regress --sim "$sim" --rtl clean --seeds 5 --engines "$engines" --jobs 2 \
    --out "$run" > "$out/run.log" 2>&1 || fail "expected the 5-seed coverage run to pass, exit status $? (log $out/run.log)"
cov=$run/rtl-coverage
shopt -s nullglob
dats=("$cov"/dat/cov-*.dat)
[ ${#dats[@]} -ge 1 ] || fail "expected at least one coverage file per simulator process in $cov/dat, found none"
[ -s "$cov/merged.dat" ] || fail "expected the merged counts $cov/merged.dat, missing or empty"
[ -s "$cov/annotated/gt_top.sv" ] || fail "expected the annotated source $cov/annotated/gt_top.sv, missing or empty"
grep -q '%000000' "$cov"/annotated/*.sv ||
    fail "expected never-hit points (%000000) in the annotated sources $cov/annotated/ after 5 seeds, found none"
[ -f "$cov/never-hit.txt" ] || fail "expected the never-hit list $cov/never-hit.txt, missing"
bad=$(grep -cvE '^rtl/[A-Za-z0-9_]+\.sv:[0-9-]+	' "$cov/never-hit.txt")
[ "$bad" = 0 ] || fail "expected every line of $cov/never-hit.txt to start with rtl/<file>.sv:<line>, $bad do not"
# the table: | module | line h/t p% | branch h/t p% | toggle h/t p% |, on stdout and in summary.md
for f in "$out/run.log" "$run/summary.md"; do
    grep -q '^## RTL code coverage' "$f" || fail "expected the section '## RTL code coverage' in $f"
    row=$(grep '^| gt_top |' "$f") || fail "expected a row for module gt_top in $f's coverage table"
    all=$(grep '^| \*\*all\*\* |' "$f") || fail "expected the overall row '| **all** |' in $f"
    for r in "$row" "$all"; do
        echo "$r" | awk -F' *\\| *' '{ split($3, l, "[/ ]"); split($5, t, "[/ ]");
            exit !(l[1] > 0 && l[2] >= l[1] && t[1] > 0 && t[2] >= t[1] && $3 ~ /%$/ && $5 ~ /%$/) }' ||
            fail "expected line and toggle figures hit/total p% with points hit in '$r' ($f)"
    done
    ! grep -q '^| tb_top |' "$f" || fail "expected the testbench tb_top not to be measured, but $f has a row for it"
done
# no coverage written: an error that says so, exit status 1
neg=$out/none
if bash tools/rtl-coverage.sh "$neg" true > "$out/none.log" 2>&1; then
    fail "expected tools/rtl-coverage.sh to fail on a run that wrote no coverage file, it passed (log $out/none.log)"
fi
grep -q 'found none' "$out/none.log" ||
    fail "expected the message that no coverage file was found in $out/none.log"
# gtref regress --coverage: the same merge from gtref itself, the figures and the goal in summary.md and report.html;
# --coverage-goal fails a 3-seed run (far under the goal) with exit status 1 and says why in the verdict
g=$out/gtref
"$gtref" regress --coverage --sim "$sim" --rtl clean --seeds 3 --engines "$engines" --jobs 2 --out "$g" \
    --coverage-waivers waivers/rtl-coverage.txt --coverage-goal > "$out/gtref.log" 2>&1
st=$?
[ $st = 1 ] || fail "expected gtref regress --coverage --coverage-goal on 3 seeds to exit 1 (under the goal), got $st (log $out/gtref.log)"
grep -q '^verdict: FAIL: RTL coverage under the goal (--coverage-goal)' "$out/gtref.log" ||
    fail "expected the verdict 'FAIL: RTL coverage under the goal (--coverage-goal)' in $out/gtref.log"
grep -q '^Goal: lines >= 98% and toggle bits >= 90%.*\*\*FAIL\*\*' "$g/summary.md" ||
    fail "expected the goal line with FAIL in $g/summary.md"
grep -q '^| RTL code coverage | lines [0-9.]*% (' "$g/summary.md" ||
    fail "expected the fact 'RTL code coverage | lines N% (...' in $g/summary.md's first table"
grep -q '<th>RTL code coverage</th><td>lines [0-9.]*% (' "$g/report.html" ||
    fail "expected the row 'RTL code coverage' with the figures in $g/report.html"
ls "$g"/rtl-coverage/dat/cov-*.dat > /dev/null 2>&1 || fail "expected coverage files in $g/rtl-coverage/dat"
echo "coverage-test: ${#dats[@]} coverage files merged; $(grep '^| \*\*all\*\* |' "$run/summary.md")"
