#!/bin/bash
# make coverage-test: gtref night --coverage (docs/test-lists.md "RTL coverage of a night") on the tiny list cov of
# tests/coverage/lists.txt (2 seeds on one engine, 3 on four), on the clean coverage builds e1 and e4:
#  - usage errors (--coverage-goal or --coverage-waivers without --coverage, --coverage with --resume): exit 2, a
#    message naming the option; --print-sims --coverage names the coverage builds;
#  - --coverage --coverage-goal: every group's counts merged in its folder (its per-process files gone), the night's
#    merge of both groups in OUT/cov/clean/rtl-coverage/ (the figures, the section, night.md's section), every count
#    of each group in it (the night's counts are the sum of the groups'), the goal missed by 5 seeds: exit 1 and the
#    verdict says so while every test passed;
#  - --coverage --max-seeds 1 --max-min-cycles 0 without the goal: exit 0, each group one seed, the long test capped,
#    night.md says the sample's coverage is a lower bound of the list's.
#
# usage: tests/coverage/night.sh GTREF OUT
set -u
gtref=$1 out=$2
again="bash tests/coverage/night.sh $*"
lists=tests/coverage/lists.txt
failed=0
fail() {
    echo "coverage-night-test: FAILED: $*; to reproduce: $again" >&2
    failed=$((failed + 1))
}
rm -rf "$out"
mkdir -p "$out" || exit 1
night() { "$gtref" night cov --lists "$lists" --master-seed 11 --jobs 2 "$@"; }

# usage errors: exit 2 and a message that names what is wrong
usage() { # EXPECTED-TEXT ARGS...
    local want=$1
    shift
    night --out "$out/usage" "$@" > "$out/usage.log" 2>&1
    local st=$?
    [ $st = 2 ] || fail "expected gtref night $* to exit 2 (usage), got $st (log $out/usage.log)"
    grep -qF -- "$want" "$out/usage.log" || fail "expected '$want' in the message of gtref night $* ($out/usage.log)"
}
usage "--coverage-goal without --coverage" --coverage-goal
usage "--coverage-waivers without --coverage" --coverage-waivers waivers/rtl-coverage.txt
usage "--coverage with --resume" --coverage --resume
usage "--max-min-cycles 'many'" --max-min-cycles many
sims=$(night --coverage --print-sims | tr '\n' ' ')
[ "$sims" = "build/sim/clean/e1/coverage/Vtb_top build/sim/clean/e4/coverage/Vtb_top " ] ||
    fail "expected --print-sims --coverage to name the coverage builds e1 and e4, got '$sims'"

# the night with the goal: both groups pass, the goal is missed, exit 1
g=$out/goal
night --out "$g" --coverage --coverage-goal --coverage-waivers waivers/rtl-coverage.txt > "$out/goal.log" 2>&1
st=$?
[ $st = 1 ] || fail "expected the 5-test night with --coverage-goal to exit 1 (under the goal), got $st (log $out/goal.log)"
grep -q '^5 passed, 0 failed$' "$out/goal.log" || fail "expected every test of the night to pass ('5 passed, 0 failed' in $out/goal.log)"
grep -q '^verdict: FAIL: RTL coverage of clean under the goal (--coverage-goal): lines [0-9.]*% .*: FAIL$' "$out/goal.log" ||
    fail "expected the verdict 'FAIL: RTL coverage of clean under the goal (--coverage-goal): lines ...' in $out/goal.log"
grep -q '^rtl coverage clean (2 groups merged): lines [0-9.]*% ' "$out/goal.log" ||
    fail "expected the night's figures 'rtl coverage clean (2 groups merged): lines ...' in $out/goal.log"
cov=$g/cov/clean/rtl-coverage
for f in merged.dat figures section.md never-toggled.txt; do
    [ -s "$cov/$f" ] || fail "expected the night's merged $cov/$f, missing or empty"
done
md=$g/cov/night.md
grep -q '^\*\*Verdict: FAIL: RTL coverage of clean under the goal' "$md" || fail "expected the goal's verdict in $md"
grep -q '^## RTL code coverage: clean$' "$md" || fail "expected the section '## RTL code coverage: clean' in $md"
grep -q '^Merged over 2 groups (judged: --coverage-goal): lines ' "$md" || fail "expected 'Merged over 2 groups' with the figures in $md"
grep -q '^| \*\*all\*\* |' "$md" || fail "expected the per-module table (its '| **all** |' row) in $md"
# each group: its counts merged in its folder, the per-process files removed; the night's counts are their sum
sum() { awk '/^C / { s += $NF } END { printf "%.0f\n", s }' "$1"; }
total=0
for grp in 01-random-e1 02-random-e4; do
    m=$g/cov/clean/$grp/rtl-coverage/merged.dat
    [ -s "$m" ] || { fail "expected group $grp's merged counts $m, missing or empty"; continue; }
    ! ls "$g/cov/clean/$grp/rtl-coverage/dat/"cov-*.dat > /dev/null 2>&1 ||
        fail "expected group $grp's per-process counts removed once merged, some are left in $g/cov/clean/$grp/rtl-coverage/dat"
    [ -e "$cov/dat/cov-$grp.dat" ] || fail "expected $cov/dat/cov-$grp.dat (group $grp's counts in the night's merge)"
    s=$(sum "$m")
    [ "$s" -gt 0 ] || fail "expected counts in $m, their sum is $s"
    total=$((total + s))
done
night_sum=$(sum "$cov/merged.dat")
[ "$night_sum" = "$total" ] ||
    fail "expected the night's counts ($cov/merged.dat, sum $night_sum) to be both groups' together (sum $total)"

# a sample without the goal: one seed a group, the long test capped; exit 0 although under the goal
s=$out/sample
night --out "$s" --coverage --max-seeds 1 --max-min-cycles 0 > "$out/sample.log" 2>&1
st=$?
[ $st = 0 ] || fail "expected the sampled night without --coverage-goal to exit 0, got $st (log $out/sample.log)"
grep -q '^verdict: PASS$' "$out/sample.log" || fail "expected 'verdict: PASS' in $out/sample.log"
grep -q '^2 passed, 0 failed$' "$out/sample.log" || fail "expected one test a group, '2 passed, 0 failed' in $out/sample.log"
grep -q '^rtl coverage clean (2 groups merged, a sample: a lower bound of the list.s): lines .*: FAIL; section: ' "$out/sample.log" ||
    fail "expected the sample's figures, called a lower bound, with the goal's FAIL reported in $out/sample.log"
md=$s/cov/night.md
grep -qF '1 of 3 seeds from' "$md" || fail "expected the capped group's row '1 of 3 seeds from ...' in $md"
grep -qF 'min-cycles 0 of 5000' "$md" || fail "expected the capped long test 'min-cycles 0 of 5000' in $md"
grep -q '^\*\*A sample of the list\*\*:.*its RTL coverage is a lower bound of the full list.s\.$' "$md" ||
    fail "expected night.md to say the sample's RTL coverage is a lower bound of the list's ($md)"

[ $failed = 0 ] || exit 1
echo "coverage-night-test: $(grep '^rtl coverage clean' "$out/goal.log" | cut -c1-120)"
