#!/bin/bash
# make check, beyond the directed tests' expectations: every test list and every option of every group is valid (a
# typo would otherwise stop a night part-way); the RTL bug catalogue (tools/rtl-catalogue.sh bug --check) and the legal variants' (tools/rtl-catalogue.sh variant --check).
#   usage: check.sh GTREF
set -u
gtref=$1
for l in smoke nightly full; do "$gtref" night $l --check 2>/dev/null || { "$gtref" night $l --check; exit 1; }; done
"$gtref" night slurm --lists tests/slurm/lists.txt --check 2>/dev/null || exit
"$gtref" night cov --lists tests/coverage/lists.txt --check 2>/dev/null || exit
sh tools/rtl-catalogue.sh bug --check && sh tools/rtl-catalogue.sh variant --check
