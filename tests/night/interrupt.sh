#!/bin/sh
# gtref night, interrupted and resumed (docs/regress.md "Interrupting and resuming"):
#  - Ctrl-C (SIGINT) in the middle of the first group ends the night with exit status 130, the night's own counts
#    ("night interrupt interrupted (Interrupt) after N of 80 tests: P passed, F failed (this night)"), the groups
#    not started named as such, and a copy-paste resume command;
#  - that command, run from another directory, finishes the night with the records and the closing line of an
#    uninterrupted night with the same master seed, and counts this night's tests only: a stale record left in a
#    group's folder by an earlier night (with more seeds) is not counted.
#   usage: interrupt.sh GTREF OUT
set -u
gtref=$1 out=$2
lists=tests/night/lists.txt
fails=0
fail() { echo "night-test: $*"; fails=$((fails + 1)); }
rm -rf "$out" && mkdir -p "$out" || exit 1
night() { "$gtref" night interrupt --lists "$lists" --master-seed 7 --jobs 1 "$@"; }
# the records of a night, without what differs between two runs of it (times, paths, the build)
records() {
  for r in $(cd "$1" && find . -name '*.result' | sort); do
    echo "== $r"; "$gtref" show "$1/$r" | grep -vE '^  (ran|replay|stimulus):' | sed 's/, build [^)]*)/)/'
  done
}

night --out "$out/ref" > "$out/ref.log" 2>&1
ref_rc=$?
[ $ref_rc = 1 ] || fail "the uninterrupted night exited $ref_rc, expected 1 (its bug group fails); $out/ref.log"
tail -1 "$out/ref.log" | grep -qx '40 passed, 40 failed' || fail "the uninterrupted night ended '$(tail -1 "$out/ref.log")'"

# interrupted once 10 records of the first group exist
"$gtref" night interrupt --lists "$lists" --master-seed 7 --jobs 1 --out "$out/int" > "$out/int.log" 2>&1 &
pid=$!   # gtref itself, not a subshell: the signal must reach it
first="$out/int/interrupt/clean/01-random-e4/results"
n=0
while [ "$(ls "$first" 2>/dev/null | grep -c '\.result$')" -lt 10 ] && [ $n -lt 1200 ]; do sleep 0.05; n=$((n + 1)); done
kill -INT $pid
wait $pid
rc=$?
[ $rc = 130 ] || fail "the interrupted night exited $rc, expected 130 (128 + SIGINT); $out/int.log"
line=$(grep '^night interrupt interrupted' "$out/int.log")
echo "$line" | grep -qE '^night interrupt interrupted \(Interrupt\) after ([1-9]|[1-3][0-9]) of 80 tests: [0-9]+ passed, 0 failed \(this night\)$' \
  || fail "no counts line of this night's tests in $out/int.log: '$line'"
done_tests=$(echo "$line" | sed -n 's/.* after \([0-9]*\) of.*/\1/p')
passed=$(echo "$line" | sed -n 's/.*: \([0-9]*\) passed.*/\1/p')
[ "$done_tests" = "$passed" ] || fail "the counts line does not add up: $line"
grep -qE '^  bug-SDI_QWORD_BE 01-random-e4 +not run' "$out/int.log" || fail "the group not started is not named as such; $out/int.log"
cmd=$(sed -n 's/^resume with: //p' "$out/int.log")
case "$cmd" in
  "cd $(pwd) && "*" night interrupt --lists $lists --master-seed 7 --jobs 1 --out $out/int --resume") ;;
  *) fail "resume command '$cmd' is not the night's command with --resume, from this directory" ;;
esac

# a record an earlier night with more seeds left in the second group's folder: not this night's test
stale="$out/int/interrupt/bug-SDI_QWORD_BE/01-random-e4/results"
mkdir -p "$stale" && cp "$(ls -d "$out"/ref/interrupt/bug-SDI_QWORD_BE/01-random-e4/results/*.result | head -1)" \
  "$stale/rand-999999.result" || exit 1

# the resume command, as printed, from another directory
(cd / && sh -c "$cmd") > "$out/resume.log" 2>&1
rc=$?
[ $rc = $ref_rc ] || fail "the resumed night exited $rc, expected $ref_rc as the uninterrupted one; $out/resume.log"
grep -qE '^gtref regress: --resume: [1-9][0-9]* of 40 tests already have a record' "$out/resume.log" \
  || fail "the resumed night did not keep the first group's records; $out/resume.log"
[ "$(tail -1 "$out/resume.log")" = "$(tail -1 "$out/ref.log")" ] \
  || fail "the resumed night ended '$(tail -1 "$out/resume.log")', the uninterrupted one '$(tail -1 "$out/ref.log")'"
grep -qE '^  clean +01-random-e4 +40 passed, 0 failed, 0 waived  PASS  \([1-9][0-9]* of them kept from an earlier run by --resume\)$' "$out/resume.log" \
  || fail "the resumed group does not say how many records --resume kept; $out/resume.log"
records "$out/ref" > "$out/ref.txt"
rm -f "$stale/rand-999999.result"
records "$out/int" > "$out/int.txt"
cmp -s "$out/ref.txt" "$out/int.txt" || fail "the interrupted + resumed night's records differ from the uninterrupted one's: diff $out/ref.txt $out/int.txt"

if [ $fails != 0 ]; then echo "night-test: $fails check(s) failed"; exit 1; fi
echo "night-test: interrupted night: exit 130, its own counts ($line), a resume command that finished it as an uninterrupted night (same records, '$(tail -1 "$out/ref.log")'), a stale record not counted"
