#!/bin/bash
# make bug-test: a catalogued RTL bug (TEST_BUG) caught by the directed tests and 40 random seeds (--expect-fail), and
# a directed test that catches it (TEST_BUG_REPLAY) replayed with the same signature.
#   usage: caught.sh GTREF SIM BUG REPLAY_TEST ENGINES JOBS OUT
set -u
gtref=$1 sim=$2 bug=$3 replay=$4 engines=$5 jobs=$6 out=$7
"$gtref" regress --sim "$sim" --rtl "bug-$bug" --directed tests/directed \
  --seeds 40 --engines "$engines" --jobs "$jobs" --out "$out/bug-$bug" --expect-fail || exit
# replayed from inside the results folder: a record replays from any directory
gtref_abs=$(realpath -s "$gtref")
(cd "$out/bug-$bug/results" && "$gtref_abs" replay "$replay.result") || exit
# a waiver that accepts the bug's failures turns the run green, counting them apart; a mistyped waiver file
# stops the run with its file and line
"$gtref" regress --sim "$sim" --rtl "bug-$bug" --seeds 10 --engines "$engines" \
  --jobs "$jobs" --out "$out/waived" --waivers tests/waivers/sdi_qword_be.waive | tail -n 1 | grep -E ' 0 failed, [1-9][0-9]* waived$' || exit
"$gtref" regress --sim "$sim" --rtl "bug-$bug" --seeds 1 --out "$out/waived" \
  --waivers tests/waivers/bad > "$out/waived.log" 2>&1; test $? = 2 || exit
grep -F "tests/waivers/bad/typo.waive:4: unknown key 'reasn'" "$out/waived.log"
