#!/bin/bash
# Runs tests/rtl/feat_tb.sv (DUT only, self-checking) on the clean RTL and on the catalogued bugs that concern
# signal-mode semaphores and the watchdog; every test must pass on the clean RTL and each bug must fail the
# tests named for it. Usage (from the repository root): tests/rtl/run_feat.sh [VARIANT...]   (default: all)
set -u
cd "$(dirname "$0")/../.."
make -s build/gen/gtref_pkg.sv || exit 1
TESTS="regs sig_wait sig_count sig_flag poll wd_clock wd_ts wd_lri wd_or"
declare -A EXPECT_FAIL=(
  [clean]=""
  [SIGNAL_TARGET]="sig_wait sig_count sig_flag"
  [SIGNAL_AS_POLL]="sig_wait sig_count sig_flag"
  [WATCHDOG_LATE]="wd_clock wd_ts wd_lri wd_or"
  [WATCHDOG_COUNT_SELECT]="wd_clock wd_ts wd_lri wd_or"
)
VARIANTS=${*:-"clean SIGNAL_TARGET SIGNAL_AS_POLL WATCHDOG_LATE WATCHDOG_COUNT_SELECT"}
RTL="build/gen/gtref_pkg.sv rtl/gt_reg_rules_pkg.sv rtl/gt_cmd_fetch.sv rtl/gt_engine.sv rtl/gt_irq.sv rtl/gt_mem_arb.sv
  rtl/gt_pkg_check.sv rtl/gt_top.sv"
bad=0
for v in $VARIANTS; do
  dir=build/sim/feat_tb/$v
  def=""; [ "$v" != clean ] && def="+define+GTREF_BUG_$v"
  mkdir -p "$dir"
  verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style --top-module feat_tb $def -Mdir "$dir/obj" -o ../Vfeat_tb \
    $RTL tests/rtl/feat_tb.sv > "$dir/build.log" 2>&1 || { tail -20 "$dir/build.log"; exit 1; }
  line="$v:"
  for t in $TESTS; do
    out=$("$dir/Vfeat_tb" +test=$t 2>&1)
    echo "$out" > "$dir/$t.log"
    if grep -q "^PASS $t" <<<"$out"; then r=pass; else r=FAIL; fi
    case " ${EXPECT_FAIL[$v]} " in *" $t "*) want=FAIL;; *) want=pass;; esac
    [ "$r" = "$want" ] || { bad=1; r="$r(expected $want)"; }
    line="$line $t=$r"
  done
  echo "$line"
done
[ $bad = 0 ] && echo "run_feat: all as expected" || echo "run_feat: UNEXPECTED results (logs in build/sim/feat_tb/)"
exit $bad
