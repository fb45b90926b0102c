#!/bin/sh
# Failure isolation (docs/regress.md §2.1): one regression through the stand-in simulator (stand_in_sim.c), whose
# isolate_* tests crash, abort, run out of memory and flood their logs, with two real DUT hangs (hang_dut: the
# testbench's hang detection; hang_wall: the wall-clock limit) and real passing tests (four random seeds and
# tests/directed/noop_only.gts, run by the real simulator through the stand-in). Each failure must be recorded as
# what it is, with a replay command that reproduces it, and every other test must pass.
#   usage: check.sh GTREF STAND_IN REAL_SIM OUT ENGINES JOBS
set -u
gtref=$1 stand_in=$2 real_sim=$3 out=$4 engines=$5 jobs=$6
GTREF_REAL_SIM=$real_sim; export GTREF_REAL_SIM
# the simulator as records and replay commands name it: an absolute path
stand_in_abs=$(cd "$(dirname "$stand_in")" && pwd)/$(basename "$stand_in")
fails=0
fail() { echo "isolation-test: $*"; fails=$((fails + 1)); }

rm -rf "$out" && mkdir -p "$out/directed" || exit 1
cp tests/isolation/*.gts tests/directed/noop_only.gts "$out/directed/" || exit 1
timeout=10
"$gtref" regress --sim "$stand_in" --rtl clean --directed "$out/directed" --seeds 4 --engines "$engines" --jobs "$jobs" \
  --timeout $timeout --max-memory 256 --max-log 4 --out "$out/run" --history "$out/history.tsv" \
  > "$out/run.log" 2> "$out/run.err"
rc=$?
[ $rc = 1 ] || fail "regress exited $rc, expected 1 (tests failed); $out/run.log"
last=$(tail -1 "$out/run.log")
[ "$last" = "5 passed, 7 failed" ] || fail "last line '$last', expected '5 passed, 7 failed'"

# record TEST STATUS TEXT: the test's record has the status and its report contains TEXT
record() {
  r="$out/run/results/$1.result"
  "$gtref" show "$r" > "$out/$1.show" 2>&1 || { fail "$1: gtref show $r failed"; return; }
  head -1 "$out/$1.show" | grep -q "^$2 $1 " || fail "$1: expected status $2, got: $(head -1 "$out/$1.show")"
  grep -qF -- "$3" "$out/$1.show" || fail "$1: the report lacks '$3' (see $out/$1.show)"
  # replay commands name gtref, the record and the simulator by absolute paths (they work from any directory)
  grep -qF "replay:   $(realpath "$gtref") replay $(realpath "$r") --sim $(realpath "$stand_in") --timeout $timeout --max-memory 256 --max-log 4" "$out/$1.show" \
    || fail "$1: no replay command with the run's simulator and limits (see $out/$1.show)"
}
record isolate_segv CRASH "killed by signal 11 (Segmentation fault) without a result; log: $out/run/logs/isolate_segv.log"
record isolate_abort CRASH "killed by signal 6 (Aborted) without a result"
record isolate_memory CRASH "memory limit: the simulator used"
grep -qF "of its 256 MiB limit (--max-memory) and ended without a result: killed by signal 6 (Aborted)" "$out/isolate_memory.show" \
  || fail "isolate_memory: the memory limit and the signal are not both named (see $out/isolate_memory.show)"
record isolate_log_flood CRASH "log limit: the log reached the 4 MiB cap (--max-log) and the simulator was stopped (killed by signal 25 (File size limit exceeded))"
record isolate_log_flood_nosig CRASH "log limit: the log reached the 4 MiB cap (--max-log) and the simulator was stopped (killed by signal 9 (Killed))"
record hang_dut FAIL "hang on RCS0 at cycle"
grep -qF "actual:   RCS0 busy, no retire for 2001 cycles" "$out/hang_dut.show" || fail "hang_dut: what stalled is not named"
record hang_wall TIMEOUT "killed after the $timeout s wall-clock limit"
for t in noop_only rand-1 rand-2 rand-3 rand-4; do record $t PASS "PASS $t"; done

# the flooded logs keep their head (the command line) and are cut at the cap, with a last line that says so
for t in isolate_log_flood isolate_log_flood_nosig; do
  log="$out/run/logs/$t.log"
  size=$(stat -c %s "$log")
  [ "$size" -ge 4194304 ] && [ "$size" -le 4194560 ] || fail "$t: log of $size bytes, expected the 4 MiB cap and a line"
  head -1 "$log" | grep -q '^# gtref: ' || fail "$t: the head of the log was not kept"
  tail -1 "$log" | grep -qF 'the log reached the 4 MiB cap (--max-log)' || fail "$t: the log does not say it was cut"
done

# the summary names each failure; a replay reproduces each (same status)
for t in isolate_segv isolate_memory isolate_log_flood hang_dut; do
  grep -qF "| $t |" "$out/run/summary.md" || grep -qF "$t" "$out/run/summary.md" || fail "summary.md does not list $t"
  cmd=$(sed -n 's/^  replay:   //p' "$out/$t.show")
  sh -c "$cmd" > "$out/$t.replay" 2>&1
  grep -q '^reproduced: ' "$out/$t.replay" || fail "$t: '$cmd' did not reproduce (see $out/$t.replay)"
done

[ $fails = 0 ] || { echo "isolation-test: $fails checks failed; the run is in $out"; exit 1; }
echo "isolation-test: segv, abort, memory limit, log limit (SIGXFSZ and polled), DUT hang (testbench and wall clock)" \
  "each recorded as what it is and reproduced by its replay command; the 5 other tests passed"
