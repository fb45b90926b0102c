#!/bin/bash
# make check, beyond the directed tests' expectations: every test list and every option of every group is valid (a
# typo would otherwise stop a night part-way); the RTL bug catalogue (tools/rtl-bugs.sh --check) and the legal variants' (tools/rtl-variants.sh --check).
#   usage: check.sh GTREF
set -u
gtref=$1
for l in smoke nightly full; do "$gtref" night $l --check 2>/dev/null || { "$gtref" night $l --check; exit 1; }; done
"$gtref" night slurm --lists tests/slurm/lists.txt --check 2>/dev/null || exit
sh tools/rtl-bugs.sh --check && sh tools/rtl-variants.sh --check
