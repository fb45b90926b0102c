#!/bin/sh
# Waivers across runs and the stale-waiver rule (docs/waivers.md, docs/regress.md "History"), on the
# bug-SDI_QWORD_BE build whose failures tests/waivers/sdi_qword_be.waive accepts (make waiver-test):
#  - a bucket failing in one run and waived in the next is "waived" (by which waiver, since when), not "fixed", on
#    stdout, in summary.md and in report.html; a run later it is "waived since run 2";
#  - a waiver for one bug build is not called stale ("matched nothing") by a clean run, nor by a night whose bug
#    group it matched; a waiver whose scope was run and that matched nothing is, once, at the end of the night.
#   usage: history.sh GTREF OUT
set -u
gtref=$1 out=$2
waiver=tests/waivers/sdi_qword_be.waive
fails=0
fail() { echo "waiver-test: $*"; fails=$((fails + 1)); }
rm -rf "$out" && mkdir -p "$out" || exit 1
run() { # run N RTL LOG [regress options]: one run of the series in $out/s (history $out/h.tsv)
  n=$1 rtl=$2 log=$3
  shift 3
  "$gtref" regress --rtl "$rtl" --seeds 4 --jobs 2 --out "$out/$rtl" --history "$out/h.tsv" "$@" > "$out/$log" 2>&1
}

run 1 bug-SDI_QWORD_BE run1.log
[ $? = 1 ] || fail "run 1 (no waiver) did not fail; $out/run1.log"
run 2 bug-SDI_QWORD_BE run2.log --waivers "$waiver"
[ $? = 0 ] || fail "run 2 (its failures waived) did not pass; $out/run2.log"
grep -qE '^  waived +[0-9a-f]{16}  [0-9]+ tests  mem-write/qword-write/byte-enable  \(waived by sdi-qword-be-lanes since this run; it failed unwaived in the previous run: not fixed\)$' "$out/run2.log" \
  || fail "run 2 does not say its bucket is waived, by which waiver, since this run; $out/run2.log"
! grep -qE '^  fixed ' "$out/run2.log" || fail "run 2 calls the waived bucket fixed: $(grep -E '^  fixed ' "$out/run2.log")"
grep -qF '| waived by `sdi-qword-be-lanes`, not fixed | waived since this run |' "$out/bug-SDI_QWORD_BE/summary.md" \
  || fail "summary.md of run 2 does not say the bucket is waived, not fixed"
html="$out/bug-SDI_QWORD_BE/report.html"
! grep -qF 'Fixed since the previous run' "$html" || fail "report.html of run 2 lists the waived bucket as fixed"
grep -qF '<td>this run (it failed unwaived in the previous run: not fixed)</td>' "$html" \
  || fail "report.html of run 2 does not say since when the bucket is waived"
run 3 bug-SDI_QWORD_BE run3.log --waivers "$waiver"
grep -qE '\(waived by sdi-qword-be-lanes since run 2, [0-9T:Z-]+\)$' "$out/run3.log" || fail "run 3 does not say 'waived since run 2'; $out/run3.log"
grep -qE '<td>[0-9T:Z-]+ \(run 2\)</td>' "$html" || fail "report.html of run 3 does not say 'since run 2'"

# a clean run does not cover the bug build's waiver: not stale; a waiver for the clean build that matched nothing is
printf 'waiver clean-gone\n  kind mem-write\n  rtl clean\n  reason "fixed long ago"\n  owner o\n  ticket T-1\n  expires 2999-01-01\n' \
  > "$out/clean-gone.waive"
mkdir -p "$out/w" && cp "$waiver" "$out/clean-gone.waive" "$out/w/"
run 4 clean clean.log --waivers "$out/w"
grep -q 'matched nothing.*sdi\|sdi-qword-be-lanes.*matched nothing' "$out/clean.log" \
  && fail "a clean run calls the bug build's waiver stale: $(grep 'matched nothing' "$out/clean.log")"
grep -qE '^waiver clean-gone \(.*\) matched nothing in this run, which covered its scope' "$out/clean.log" \
  || fail "a clean run does not name the clean waiver that matched nothing; $out/clean.log"

# a night on clean and the bug build: the bug build's waiver matched in its group, so it is not stale; the clean
# waiver is, once, at the end of the night (not in each group)
"$gtref" night slurm --lists tests/slurm/lists.txt --master-seed 3 --jobs 2 --waivers "$out/w" --out "$out/night" \
  > "$out/night.log" 2>&1
grep -q 'sdi-qword-be-lanes.*matched nothing' "$out/night.log" \
  && fail "the night calls the bug build's waiver stale: $(grep 'matched nothing' "$out/night.log")"
[ "$(grep -c 'matched nothing' "$out/night.log")" = 1 ] && \
  grep -qE '^waiver clean-gone \(.*\) matched nothing in the 1 group of this night that covered its scope' "$out/night.log" \
  || fail "the night does not name the clean waiver that matched nothing once, at its end; $out/night.log"

if [ $fails != 0 ]; then echo "waiver-test: $fails check(s) failed"; exit 1; fi
echo "waiver-test: a waived bucket is waived (by which waiver, since when), not fixed, on stdout, in summary.md and" \
  "report.html; a bug build's waiver is not stale on a clean run or night; a clean waiver that matched nothing is"
