#!/bin/bash
# make slurm-test: first the skip itself, on a munge key that does not exist: one SKIPPED line and exit status 3, or 1
# with CI=true; then the Slurm launcher against a real single-node Slurm started on this machine (single-node.sh): a
# small test list through it gives the same records as the local run. The check records its own status: "passed",
# or "skipped: <reason>" where Slurm cannot run.
#   usage: check.sh GTREF OUT STATUS_FILE
set -u
gtref=$1 out=$2 status=$3
mkdir -p "$(dirname "$status")" && rm -f "$status" || exit
skip=$out/slurm-skip
env -u CI MUNGE_KEY=/nonexistent/munge.key sh tests/slurm/single-node.sh "$gtref" "$skip" tests/slurm/lists.txt slurm \
  > "$skip.log" 2>&1; rc=$?
test $rc = 3 && test "$(wc -l < "$skip.log")" = 1 && grep -qE '^slurm-test: SKIPPED: Slurm cannot run on this machine: .+' "$skip.log" \
  || { echo "slurm-test: a Slurm that cannot start (no munge key) was not one SKIPPED line with exit status 3 (got $rc):"
       cat "$skip.log"; exit 1; }
CI=true MUNGE_KEY=/nonexistent/munge.key sh tests/slurm/single-node.sh "$gtref" "$skip" tests/slurm/lists.txt slurm \
  > "$skip.log" 2>&1; rc=$?
test $rc = 1 && grep -q '^slurm-test: FAILED: .*CI=true requires it' "$skip.log" \
  || { echo "slurm-test: with CI=true, a Slurm that cannot start did not fail (exit status $rc):"; cat "$skip.log"; exit 1; }
set -o pipefail
sh tests/slurm/single-node.sh "$gtref" "$out/slurm-real" tests/slurm/lists.txt slurm 2>&1 | tee "$out/slurm-test.log"; rc=$?
case $rc in
0) echo passed > "$status" ;;
3) echo "skipped: $(tail -n 1 "$out/slurm-test.log" | sed 's/^slurm-test: SKIPPED: //')" > "$status" ;;
*) exit 1 ;;
esac
