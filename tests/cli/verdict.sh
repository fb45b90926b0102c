#!/bin/sh
# The verdict of gtref regress in every report, the order of its output, and the rerun commands (docs/regress.md §3):
#  (a) a clean run with coverage holes, without --require-coverage: exit 0, verdict PASS with the holes reported;
#  (b) the same with --require-coverage: exit 1, verdict FAIL naming coverage in stdout, summary.md, junit.xml and
#      report.html (a failing testcase "coverage" in its own suite);
#  (c) a run with failing tests (a build with a known bug): exit 1, its last lines the buckets with their replay
#      commands, the verdict and the counts; a printed replay command, the rerun command and the rerun-failed command
#      work from another directory;
#  every report says when the run started, its seeds, the kit and Verilator versions, the RTL build and engines and
#  how to rerun it; a night prints a few lines per group and ends with its buckets, verdict and totals.
#   usage: verdict.sh GTREF CLEAN_SIM BUG_SIM OUT ENGINES JOBS
set -u
gtref=$(realpath "$1") clean_sim=$(realpath "$2") bug_sim=$(realpath "$3") out=$4 engines=$5 jobs=$6
rm -rf "$out" && mkdir -p "$out" || exit 1
out=$(realpath "$out")
fails=0
fail() { echo "verdict-test: $*"; fails=$((fails + 1)); }
has() { grep -qF -- "$2" "$1" || fail "$1 lacks '$2'"; }
lacks() { ! grep -qF -- "$2" "$1" || fail "$1 has '$2'"; }
regress() { # NAME EXPECTED-EXIT ARGS...: run gtref regress into $out/NAME from /tmp
  name=$1 want=$2; shift 2
  (cd /tmp && "$gtref" regress --engines "$engines" --jobs "$jobs" --out "$out/$name" --history "$out/history.tsv" "$@") \
    > "$out/$name.out" 2> "$out/$name.err"
  rc=$?
  [ $rc = "$want" ] || fail "$name: exit $rc, expected $want ($out/$name.out, $out/$name.err)"
}
# the fields of a run that every report shows (docs/regress.md §3, "When and what")
when_and_what() { # FILE RUN SIM
  grep -qE '20[0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z' "$1" || fail "$1: no start time (UTC)"
  has "$1" "$("$3" +describe | sed -n 's/.*build=\([^ ]*\).*/\1/p')"
  has "$1" "Verilator $(verilator --version | awk '{print $2}')"
  has "$1" "$gtref regress --engines $engines --jobs $jobs --out $out/$2"
}

# (a) clean, 3 seeds, holes not required
regress a 0 --sim "$clean_sim" --rtl clean --seeds 3 --seed0 11
has "$out/a.out" "verdict: PASS ("
has "$out/a.out" "coverage holes, reported, not required"
grep -q '^coverage: [0-9]* of [0-9]* bins hit, [1-9][0-9]* holes (reported; .*; full table: /' "$out/a.out" \
  || fail "a: no one-line coverage summary with the holes and the table's absolute path ($out/a.out)"
grep -q '^  holes: ' "$out/a.out" || fail "a: the first holes are not named ($out/a.out)"
[ "$(grep -c '^| ' "$out/a.out")" = 0 ] || fail "a: the coverage table was printed on stdout ($out/a.out)"
[ "$(tail -1 "$out/a.out")" = "3 passed, 0 failed" ] || fail "a: last line '$(tail -1 "$out/a.out")'"
has "$out/a/summary.md" "**Verdict: PASS ("
has "$out/a/summary.md" "| seeds | first seed 11, 3 seeds |"
has "$out/a/summary.md" "| RTL build | clean, $engines engines |"
has "$out/a/summary.md" "No test failed."
has "$out/a/junit.xml" '<property name="verdict" value="PASS ('
has "$out/a/junit.xml" '<testsuite name="gtref.clean.coverage" tests="1" failures="0"'
has "$out/a/report.html" '<p class="verdict pass" id="verdict">PASS ('
for f in summary.md junit.xml report.html; do when_and_what "$out/a/$f" a "$clean_sim"; done

# (b) the same with --require-coverage
regress b 1 --sim "$clean_sim" --rtl clean --seeds 3 --seed0 11 --require-coverage
grep -q '^verdict: FAIL: [0-9]* coverage holes (--require-coverage)$' "$out/b.out" || fail "b: no coverage verdict ($out/b.out)"
[ "$(tail -1 "$out/b.out")" = "3 passed, 0 failed" ] || fail "b: last line '$(tail -1 "$out/b.out")'"
verdict=$(sed -n 's/^verdict: //p' "$out/b.out")
has "$out/b/summary.md" "**Verdict: $verdict** (exit status 1)"
has "$out/b/summary.md" "No test failed, but the verdict is"
has "$out/b/junit.xml" "<property name=\"verdict\" value=\"$verdict\"/>"
has "$out/b/junit.xml" '<testsuite name="gtref.clean.coverage" tests="1" failures="1"'
has "$out/b/junit.xml" "<failure type=\"COVERAGE\" message=\"$verdict\">"
has "$out/b/report.html" "<p class=\"verdict fail\" id=\"verdict\">$verdict"
lacks "$out/b/report.html" '<p class="pass">No test failed'
lacks "$out/b/report.html" 'No failures'

# (c) failing tests: the known bug
regress c 1 --sim "$bug_sim" --rtl bug-SDI_QWORD_BE --seeds 4 --seed0 1 --directed "$(realpath tests/directed)"
tail -5 "$out/c.out" > "$out/c.tail"
sed -n 1p "$out/c.tail" | grep -q '^  \[1\] [0-9a-f]* *[0-9]* tests\? *FAIL ' || fail "c: the last lines do not start with the bucket ($out/c.tail)"
sed -n 2p "$out/c.tail" | grep -q '^      first: ' || fail "c: no first failing test ($out/c.tail)"
sed -n 3p "$out/c.tail" | grep -q "^      replay: $gtref replay $out/c/results/[a-z0-9_-]*.result$" \
  || fail "c: no absolute replay command before the verdict ($out/c.tail)"
sed -n 4p "$out/c.tail" | grep -q '^verdict: FAIL: [1-9][0-9]* tests\? failed$' || fail "c: no verdict before the counts ($out/c.tail)"
sed -n 5p "$out/c.tail" | grep -qE '^[0-9]+ passed, [1-9][0-9]* failed$' || fail "c: no closing counts ($out/c.tail)"
nfailed=$(tail -1 "$out/c.out" | sed 's/.* passed, \([0-9]*\) failed$/\1/')
ntests=$(tail -1 "$out/c.out" | awk '{print $1 + $3}')
for f in summary.md junit.xml report.html; do when_and_what "$out/c/$f" c "$bug_sim"; has "$out/c/$f" "--rerun-failed"; done
xmllint --noout --schema tests/schema/jenkins-junit.xsd "$out/a/junit.xml" "$out/b/junit.xml" "$out/c/junit.xml" 2> "$out/xmllint.log" \
  || fail "junit.xml does not validate ($out/xmllint.log)"
# the printed commands work from another directory
replay=$(sed -n 's/^      replay: //p' "$out/c.out" | head -1)
(cd /tmp && sh -c "$replay") > "$out/c.replay" 2>&1; rc=$?
[ $rc = 0 ] && grep -q '^reproduced: FAIL ' "$out/c.replay" || fail "c: '$replay' run in /tmp did not reproduce ($out/c.replay)"
rerun_failed=$(sed -n 's/^rerun failed: //p' "$out/c.out")
(cd /tmp && sh -c "$rerun_failed") > "$out/c2.out" 2> "$out/c2.err"; rc=$?
[ $rc = 1 ] || fail "c: '$rerun_failed' exited $rc, expected 1"
[ "$nfailed" -lt "$ntests" ] || fail "c: every test failed: --rerun-failed cannot be told from a full rerun"
grep -q "^gtref regress: --rerun-failed: $((ntests - nfailed)) of $ntests tests passed before .* running the other $nfailed$" "$out/c2.err" \
  || fail "c: --rerun-failed did not rerun exactly the $nfailed failed tests ($out/c2.err)"
[ "$(tail -1 "$out/c2.out")" = "$(tail -1 "$out/c.out")" ] || fail "c: the rerun of the failed tests gave other counts"
rerun=$(sed -n 's/^rerun all: //p' "$out/a.out")
(cd / && sh -c "$rerun") > "$out/a2.out" 2>&1 || fail "a: '$rerun' run in / failed ($out/a2.out)"
[ "$(tail -1 "$out/a2.out")" = "3 passed, 0 failed" ] || fail "a: the rerun gave '$(tail -1 "$out/a2.out")'"

# gtref called through PATH: its replay commands say plain gtref (found again through PATH), the paths still absolute
(cd /tmp && PATH="$(dirname "$gtref"):$PATH" gtref regress --sim "$bug_sim" --rtl bug-SDI_QWORD_BE --seeds 1 \
  --engines "$engines" --out "$out/p" --history "$out/history.tsv") > "$out/p.out" 2>&1
grep -q "^      replay: gtref replay $out/p/results/rand-1.result$" "$out/p.out" \
  || fail "p: gtref called through PATH: no 'gtref replay ABSOLUTE-RECORD' ($out/p.out)"

# a night: a few lines per group, no coverage table, the buckets, verdict and totals at its end
printf 'list v\n  rtl clean bug-SDI_QWORD_BE\n  random seeds=3 engines=%s\n' "$engines" > "$out/lists.txt"
(cd /tmp && "$gtref" night v --lists "$out/lists.txt" --out "$out/night" --master-seed 5 --jobs "$jobs") \
  > "$out/night.out" 2> "$out/night.err"; rc=$?
[ $rc = 1 ] || fail "night: exit $rc, expected 1 ($out/night.out)"
lines=$(wc -l < "$out/night.out")
[ "$lines" -le 40 ] || fail "night: $lines lines on stdout for two groups of 3 tests ($out/night.out)"
[ "$(grep -c '^| ' "$out/night.out")" = 0 ] || fail "night: a coverage table was printed ($out/night.out)"
tail -3 "$out/night.out" | head -1 | grep -q "^      replay: $gtref replay $out/night/v/bug-SDI_QWORD_BE/" \
  || fail "night: the failing bucket's replay command is not at the end ($out/night.out)"
tail -2 "$out/night.out" | head -1 | grep -q '^verdict: FAIL: 1 of 2 groups failed (bug-SDI_QWORD_BE 01-random-e' \
  || fail "night: no verdict before the totals ($out/night.out)"
tail -1 "$out/night.out" | grep -qE '^3 passed, 3 failed$' || fail "night: totals '$(tail -1 "$out/night.out")'"
for want in "master seed: 5" "Verilator " "kit version: " "started: " "rerun this night: " "--rerun-failed" "**Verdict: FAIL: 1 of 2"; do
  has "$out/night/v/night.md" "$want"; done

[ $fails = 0 ] || exit 1
echo "verdict-test: clean with holes PASS (exit 0), with --require-coverage FAIL on coverage (exit 1) and a failing run" \
  "(exit 1) say their verdict in stdout, summary.md, junit.xml and report.html with when and what; the failing run ends" \
  "with its bucket, replay, verdict and counts; replay, rerun and rerun-failed work from another directory;" \
  "a two-group night printed $lines lines"
