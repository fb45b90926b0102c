#!/bin/bash
# Runs tests/rtl/irq_tb.sv (DUT only, self-checking) on the clean RTL and on the catalogued interrupt bugs; every
# test must pass on the clean RTL and each bug must fail exactly the tests named for it.
# Usage (from the repository root): tests/rtl/run_irq.sh [VARIANT...]   (default: all)
set -u
cd "$(dirname "$0")/../.."
make -s build/gen/gtref_pkg.sv || exit 1
TESTS="sel_latency window same_cycle_host held disabled imr hwstam ipehr two_engines isr protocol"
declare -A EXPECT_FAIL=(
  [clean]=""
  [IRQ_WINDOW_LOST]="window same_cycle_host isr"
  [IRQ_MASK_BEFORE_LATCH]="held"
  [IRQ_SELECTOR_KEPT]="sel_latency"
  [IRQ_MASTER_EDGE]="window isr"
  [IRQ_SAME_CYCLE_MERGE]="two_engines"
  [LATE_IRQ]="window same_cycle_host held imr ipehr"   # the older interrupt bug; not in the default list
)
VARIANTS=${*:-"clean IRQ_WINDOW_LOST IRQ_MASK_BEFORE_LATCH IRQ_SELECTOR_KEPT IRQ_MASTER_EDGE IRQ_SAME_CYCLE_MERGE"}
RTL="build/gen/gtref_pkg.sv rtl/gt_reg_rules_pkg.sv rtl/gt_cmd_fetch.sv rtl/gt_engine.sv rtl/gt_irq.sv rtl/gt_mem_arb.sv
  rtl/gt_pkg_check.sv rtl/gt_top.sv"
bad=0
for v in $VARIANTS; do
  dir=build/sim/irq_tb/$v
  def=""; [ "$v" != clean ] && def="+define+GTREF_BUG_$v"
  mkdir -p "$dir"
  verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style --top-module irq_tb $def -Mdir "$dir/obj" -o ../Virq_tb \
    $RTL tests/rtl/irq_tb.sv > "$dir/build.log" 2>&1 || { tail -20 "$dir/build.log"; exit 1; }
  line="$v:"
  for t in $TESTS; do
    out=$(timeout 60 "$dir/Virq_tb" +test=$t 2>&1)
    echo "$out" > "$dir/$t.log"
    if grep -q "^PASS $t" <<<"$out"; then r=pass; else r=FAIL; fi
    case " ${EXPECT_FAIL[$v]-} " in *" $t "*) want=FAIL;; *) want=pass;; esac
    [ "$r" = "$want" ] || { bad=1; r="$r(expected $want)"; }
    line="$line $t=$r"
  done
  echo "$line"
done
[ $bad = 0 ] && echo "run_irq: all as expected" || echo "run_irq: UNEXPECTED results (logs in build/sim/irq_tb/)"
exit $bad
