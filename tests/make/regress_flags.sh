#!/bin/bash
# make check: make regress passes the coverage and resume flags its variables ask for (make -n regress).
#   usage: regress_flags.sh MAKE
set -u
make=$1
# make regress asks for coverage closure from 200 seeds up or when told (REQUIRE_COVERAGE), resumes with RESUME=1
for c in "SEEDS=200:--require-coverage" "SEEDS=5000:--require-coverage" "SEEDS=20:" "SEEDS=199:" \
  "SEEDS=20 REQUIRE_COVERAGE=1:--require-coverage" "SEEDS=200 REQUIRE_COVERAGE=0:" \
  "SEEDS=20 RESUME=1:--resume" "SEEDS=20 RESUME=0:"; do
  args=${c%%:*}; want=${c#*:}
  got=$(env -u MAKEFLAGS -u MAKELEVEL $make --no-print-directory -n regress $args 2>&1 | grep -oE -e '--(require-coverage|resume)( |$)' | tr -d ' ')
  test "$got" = "$want" || { echo "check: make regress $args passes '$got' to gtref regress, expected '$want' (make -n regress $args)"; exit 1; }
done
# make night measures RTL coverage with COVERAGE=1, judges the goal only with COVERAGE_GOAL=1 given, samples with
# MAX_SEEDS=N (docs/test-lists.md "RTL coverage of a night")
for c in ":" "COVERAGE=1:--coverage --coverage-waivers" "COVERAGE=1 COVERAGE_GOAL=0:--coverage --coverage-waivers" \
  "COVERAGE=1 COVERAGE_GOAL=1 MAX_SEEDS=20:--coverage --coverage-waivers --coverage-goal --max-seeds 20"; do
  args=${c%%:*}; want=${c#*:}
  got=$(env -u MAKEFLAGS -u MAKELEVEL -u COVERAGE_GOAL $make --no-print-directory -n night LIST=smoke $args 2>&1 |
    sed -n '/ night smoke --jobs/,$p' | grep -oE -e '--(coverage|coverage-waivers|coverage-goal|max-seeds [0-9]+)( |$)' |
    sed 's/ $//' | tr '\n' ' ' | sed 's/ $//')
  test "$got" = "$want" || { echo "check: make night $args passes '$got' to gtref night, expected '$want' (make -n night LIST=smoke $args)"; exit 1; }
done
