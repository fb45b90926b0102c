#!/bin/bash
# Runs a DUT-only self-checking harness, tests/rtl/NAME.sv (top module NAME), on the clean RTL and on catalogued
# bugs: every test must pass on the clean RTL and each bug must fail exactly the tests its line names. What to
# run and expect is data, in tests/rtl/NAME.expect:
#   tests: T1 T2 ...            the harness's tests (+test=T)
#   VARIANT: T...               clean or a bug name, and the tests it must fail (run by default)
#   extra VARIANT: T...         the same, run only when named on the command line
# Usage (from anywhere): tests/rtl/run_harness.sh NAME [VARIANT...]; make rtl-test runs every harness
set -u
cd "$(dirname "$0")/../.."
name=${1:?usage: tests/rtl/run_harness.sh NAME [VARIANT...]}; shift
spec=tests/rtl/$name.expect
[ -f "$spec" ] && [ -f "tests/rtl/$name.sv" ] || { echo "run_harness: no tests/rtl/$name.sv and $name.expect" >&2; exit 2; }
make -s build/gen/gtref_pkg.sv || exit 1
TESTS=""; DEFAULT=""; declare -A EXPECT_FAIL=()
while IFS= read -r l; do
  l=${l%%#*}; [ -z "${l// }" ] && continue
  key=${l%%:*}; val=${l#*:}
  case $key in
    tests) TESTS=$val ;;
    "extra "*) EXPECT_FAIL[${key#extra }]=$val ;;
    *) EXPECT_FAIL[$key]=$val; DEFAULT="$DEFAULT $key" ;;
  esac
done < "$spec"
VARIANTS=${*:-$DEFAULT}
# the RTL sources: the Makefile's RTL_SRCS (make rtl-test passes it; run by hand, make prints it)
RTL="build/gen/gtref_pkg.sv ${RTL_SRCS:-$(make -s --no-print-directory rtl-srcs)}"
bad=0
for v in $VARIANTS; do
  [ -n "${EXPECT_FAIL[$v]+x}" ] || { echo "run_harness: $spec has no line for $v" >&2; exit 2; }
  dir=build/sim/$name/$v
  def=""; [ "$v" != clean ] && def="+define+GTREF_BUG_$v"
  mkdir -p "$dir"
  verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style +incdir+tests/rtl --top-module "$name" $def -Mdir "$dir/obj" -o "../V$name" \
    $RTL "tests/rtl/$name.sv" > "$dir/build.log" 2>&1 || { tail -20 "$dir/build.log"; exit 1; }
  line="$v:"
  for t in $TESTS; do
    out=$(timeout 60 "$dir/V$name" +test=$t 2>&1)
    echo "$out" > "$dir/$t.log"
    if grep -q "^PASS $t" <<<"$out"; then r=pass; else r=FAIL; fi
    case " ${EXPECT_FAIL[$v]} " in *" $t "*) want=FAIL;; *) want=pass;; esac
    [ "$r" = "$want" ] || { bad=1; r="$r(expected $want)"; }
    line="$line $t=$r"
  done
  echo "$line"
done
[ $bad = 0 ] && echo "run_harness $name: all as expected" || echo "run_harness $name: UNEXPECTED results (logs in build/sim/$name/)"
exit $bad
