#!/bin/bash
# make minimize-test: gtref minimize on a random seed that finds the known bug (a record of make bug-test): a .gts at
# least 10 times smaller (commands and host operations) that reproduces the same signature as it is written.
#   usage: minimize.sh GTREF RECORD OUT
set -u
gtref=$1 r=$2 out=$3
sh tools/ticker.sh 20 "echo \"minimize-test: still minimizing (at most 120 s): \$(tail -n 1 $out/minimize.err | sed 's/^gtref minimize: //')\"" \
  sh -c "$gtref minimize $r -o $out/minimized.gts --max-seconds 120 2> $out/minimize.err > $out/minimize.log"
rc=$?; cat "$out/minimize.log"; test $rc = 0 || exit 1
ratio=$(sed -n 's/.*(\([0-9]*\)\.[0-9]x smaller).*/\1/p' "$out/minimize.log")
test "$ratio" -ge 10 || { echo "minimize-test: only ${ratio}x smaller"; exit 1; }
