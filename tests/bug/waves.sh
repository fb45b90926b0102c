#!/bin/bash
# make waves-test: replay --waves of a known failure (a record of make bug-test): an FST that starts before the first
# mismatch and was closed properly, and the decoded command trace.
#   usage: waves.sh GTREF RUN TEST      (RUN: the bug-test output folder, TEST: a failing test of it)
set -u
gtref=$1 run=$2 test=$3
f=$run/replay/$test
rm -f "$f".fst*
"$gtref" replay "$run/results/$test.result" --waves --window 100 | tail -n 4
test "$(stat -c %s "$f.fst")" -gt 4096 && test ! -e "$f.fst.hier" && grep -q "every command the engines retired" "$f.commands.txt" \
  && echo "waves-test: $f.fst ($(stat -c %s "$f.fst") bytes) and $f.commands.txt written" \
  || { echo "waves-test: no usable waveform or command trace"; exit 1; }
