#!/bin/bash
# make check: the coverage-waiver parser (tools/rtl-coverage-waivers.awk through tools/rtl-coverage.sh
# check-waivers, docs/waivers.md "RTL coverage waivers") and the goal's figures of tools/rtl-coverage.sh report on
# a small hand-made counts file. Each case: a waiver file, the exit status expected and the FILE:LINE: message
# expected on stderr.
#
# usage: tests/coverage/waivers.sh [WORKDIR]
set -u
work=${1:-$(mktemp -d)}
rm -rf "$work"
mkdir -p "$work" || exit 1
again="bash tests/coverage/waivers.sh $work"
failed=0 passed=0
fail() {
    echo "coverage-waivers: FAILED: $*; to reproduce: $again" >&2
    failed=$((failed + 1))
}

# a valid entry of each kind, written into every case below after the case's own lines
good='waiver ok-lines
  lines   rtl/gt_pkg_check.sv:1-20
  reason  "elaboration-time checks: no simulated cycle runs them"
  owner   rtl-team
  expires 2027-06-30
waiver ok-toggle
  toggle  gt_irq.imr[3*]
  reason  "bits 30 and 31 of IMR are reserved: the register reads them as zero"
  owner   rtl-team
  ticket  GT-7
  expires 2027-06-30'

# case NAME STATUS 'MESSAGE' TEXT: TEXT (then the good entries) in a file; check-waivers must exit STATUS and, when
# MESSAGE is given, print it (a grep -F pattern that starts with the file's name and line) on stderr
case_() {
    local name=$1 want=$2 msg=$3 text=$4 file=$work/$1.txt
    printf '%s\n%s\n' "$text" "$good" > "$file"
    bash tools/rtl-coverage.sh check-waivers "$file" --today 2026-11-28 > "$work/$name.out" 2> "$work/$name.err"
    local st=$?
    if [ $st != "$want" ]; then
        fail "$name: expected exit status $want, got $st (stderr $work/$name.err: $(head -c 300 "$work/$name.err"))"
        return
    fi
    if [ -n "$msg" ] && ! grep -qF -- "$file:$msg" "$work/$name.err"; then
        fail "$name: expected '$file:$msg' on stderr, got: $(head -c 400 "$work/$name.err")"
        return
    fi
    passed=$((passed + 1))
}

case_ valid 0 '' '# only the good entries'
grep -q ': 2 coverage waivers' "$work/valid.out" || fail "valid: expected '2 coverage waivers' on stdout, got: $(cat "$work/valid.out")"
case_ typo-key 2 "3: unknown key 'reson'" 'waiver a
  lines   rtl/gt_irq.sv:10-12
  reson   "the word reason misspelt, so there is no reason"
  owner   x
  expires 2027-01-01'
case_ unknown-file 2 "2: waiver a: no such file rtl/gt_nope.sv" 'waiver a
  lines   rtl/gt_nope.sv:1-2
  reason  "a file the RTL does not have at all"
  owner   x
  expires 2027-01-01'
case_ not-rtl 2 "2: waiver a: expected a file of the reference RTL" 'waiver a
  lines   dpi/tb_top.sv:1-2
  reason  "the testbench is not measured by coverage"
  owner   x
  expires 2027-01-01'
case_ line-gone 2 "2: waiver a: line 9999 of rtl/gt_irq.sv does not exist" 'waiver a
  lines   rtl/gt_irq.sv:9990-9999
  reason  "a range past the end of the file"
  owner   x
  expires 2027-01-01'
case_ backwards 2 "2: waiver a: expected FIRST <= LAST" 'waiver a
  lines   rtl/gt_irq.sv:12-10
  reason  "a range written the wrong way round"
  owner   x
  expires 2027-01-01'
case_ expired 2 "5: waiver a: expired on 2026-11-28 (today 2026-11-28)" 'waiver a
  lines   rtl/gt_irq.sv:10-12
  reason  "expires today, so it no longer holds"
  owner   x
  expires 2026-11-28'
case_ bad-date 2 "5: waiver a: expected \`expires YYYY-MM-DD\`, found '2027-02-29'" 'waiver a
  lines   rtl/gt_irq.sv:10-12
  reason  "a date that is not in the calendar"
  owner   x
  expires 2027-02-29'
case_ no-owner 2 "1: waiver a: expected the key \`owner\`, found none" 'waiver a
  lines   rtl/gt_irq.sv:10-12
  reason  "nobody answers for this waiver"
  expires 2027-01-01'
case_ short-reason 2 "3: waiver a: expected a reason that says why" 'waiver a
  lines   rtl/gt_irq.sv:10-12
  reason  unreachable
  owner   x
  expires 2027-01-01'
case_ neither 2 "1: waiver a: expected exactly one of" 'waiver a
  reason  "a waiver that names nothing to waive"
  owner   x
  expires 2027-01-01'
case_ both 2 "1: waiver a: expected exactly one of" 'waiver a
  lines   rtl/gt_irq.sv:10-12
  toggle  gt_irq.imr
  reason  "a waiver that names two things at once"
  owner   x
  expires 2027-01-01'
case_ blanket 2 "2: waiver a: expected a signal name that starts with a letter" 'waiver a
  toggle  gt_irq.*
  reason  "every signal of the module, a blanket waiver"
  owner   x
  expires 2027-01-01'
case_ no-module 2 "2: waiver a: no module gt_nope in the RTL" 'waiver a
  toggle  gt_nope.x
  reason  "a module the RTL does not have at all"
  owner   x
  expires 2027-01-01'
case_ twice 2 "6: waiver name a used twice (first at line 1)" 'waiver a
  lines   rtl/gt_irq.sv:10-12
  reason  "the first waiver of this name"
  owner   x
  expires 2027-01-01
waiver a'
case_ key-twice 2 "3: waiver a: \`lines\` given twice" 'waiver a
  lines   rtl/gt_irq.sv:10-12
  lines   rtl/gt_irq.sv:20-22
  reason  "two ranges in one waiver"
  owner   x
  expires 2027-01-01'
case_ range-backwards 2 "2: waiver a: expected a bit range [HI:LO] with HI >= LO, found [3:7]" 'waiver a
  toggle  gt_irq.imr[3:7]
  reason  "a bit range written the wrong way round"
  owner   x
  expires 2027-01-01'
case_ range 0 '' 'waiver a
  toggle  gt_irq.imr[31:30]
  reason  "bits 30 and 31 of IMR named by a bit range"
  owner   x
  expires 2027-01-01'
case_ outside 2 "1: \`owner\` outside a waiver" 'owner x'
case_ quote 2 "3: unclosed quote" 'waiver a
  lines   rtl/gt_irq.sv:10-12
  reason  "a reason whose quote is never closed
  owner   x
  expires 2027-01-01'
case_ bad-name 2 "1: expected \`waiver NAME\`" 'waiver a b'
# a file that does not exist
bash tools/rtl-coverage.sh check-waivers "$work/none.txt" > /dev/null 2> "$work/none.err"
[ $? = 2 ] && grep -q 'no such file' "$work/none.err" && passed=$((passed + 1)) ||
    fail "missing file: expected exit status 2 and 'no such file', got: $(cat "$work/none.err")"
# the kit's own waivers are valid today
if [ -f waivers/rtl-coverage.txt ]; then
    bash tools/rtl-coverage.sh check-waivers waivers/rtl-coverage.txt > /dev/null 2> "$work/kit.err" && passed=$((passed + 1)) ||
        fail "waivers/rtl-coverage.txt: expected it valid, got: $(cat "$work/kit.err")"
fi

# report on hand-made counts: gt_pkg_check lines 10 and 11 never hit (both waived by ok-lines), gt_irq line 50 hit,
# line 60 never hit (not waived); toggle: imr[30] and imr[31] never toggled (waived by ok-toggle), imr[0] toggled,
# iir[0] never toggled. Lines: 1 hit of 4, 2 waived: 1/2 = 50.0%; toggle: 1 of 4, 2 waived: 1/2 = 50.0%.
out=$work/report
mkdir -p "$out/rtl-coverage/dat"
pt() { printf "C '\001t\002%s\001page\002v_%s/%s\001f\002%s\001l\002%s\001n\0020\001o\002%s\001h\002TOP.tb_top.dut' %s\n" "$@"; }
{
    echo "# SystemC::Coverage-3"
    pt line line gt_pkg_check rtl/gt_pkg_check.sv 10 block 0
    pt line line gt_pkg_check rtl/gt_pkg_check.sv 11 block 0
    pt line line gt_irq rtl/gt_irq.sv 50 block 3
    pt line line gt_irq rtl/gt_irq.sv 60 block 0
    pt toggle toggle gt_irq rtl/gt_irq.sv 20 'imr[30]' 0
    pt toggle toggle gt_irq rtl/gt_irq.sv 20 'imr[31]' 0
    pt toggle toggle gt_irq rtl/gt_irq.sv 20 'imr[0]' 2
    pt toggle toggle gt_irq rtl/gt_irq.sv 21 'iir[0]' 0
} > "$out/rtl-coverage/dat/cov-test.dat"
: > "$out/summary.md"
printf '%s\nwaiver stale\n  lines rtl/gt_irq.sv:50-50\n  reason "line 50 is hit: this waiver waives nothing"\n  owner x\n  expires 2027-01-01\n' \
    "$good" > "$work/report.txt"
bash tools/rtl-coverage.sh report "$out" --waivers "$work/report.txt" --today 2026-11-28 > "$work/report.out" 2>&1
st=$?
read -r lh lt lw bh bt bw th tt tw gl gtg GL GT verdict holes < "$out/rtl-coverage/figures" 2>/dev/null
[ $st = 0 ] || fail "report: expected exit status 0 without --goal, got $st ($work/report.out)"
[ "$lh/$lt/$lw $th/$tt/$tw $gl $gtg $verdict $holes" = "1/4/2 1/4/2 50.0 50.0 FAIL 1" ] ||
    fail "report: expected figures '1/4/2 1/4/2 50.0 50.0 FAIL 1' (lines hit/total/waived, toggle, goal %, verdict," \
        "unwaived holes), got '$lh/$lt/$lw $th/$tt/$tw $gl $gtg $verdict $holes'"
grep -q $'^rtl/gt_irq.sv:60\tgt_irq\tline' "$out/rtl-coverage/never-hit.txt" ||
    fail "report: expected rtl/gt_irq.sv:60 in never-hit.txt, got: $(cat "$out/rtl-coverage/never-hit.txt")"
! grep -q 'gt_pkg_check.sv:1[01]' "$out/rtl-coverage/never-hit.txt" ||
    fail "report: expected the waived lines 10 and 11 of gt_pkg_check.sv left out of never-hit.txt"
[ "$(grep -c ok-lines "$out/rtl-coverage/waived.txt")/$(grep -c ok-toggle "$out/rtl-coverage/waived.txt")" = 2/2 ] ||
    fail "report: expected 2 points waived by ok-lines and 2 by ok-toggle in waived.txt, got: $(cat "$out/rtl-coverage/waived.txt")"
grep -q $'^rtl/gt_irq.sv:21\tgt_irq\tiir\\[0\\]' "$out/rtl-coverage/never-toggled.txt" ||
    fail "report: expected iir[0] in never-toggled.txt, got: $(cat "$out/rtl-coverage/never-toggled.txt")"
grep -q 'waived nothing in this run.*: stale' "$out/rtl-coverage/section.md" ||
    fail "report: expected the waiver 'stale' named as having waived nothing in section.md"
grep -q '^Goal: lines >= 98% and toggle bits >= 90%.*\*\*FAIL\*\*' "$out/summary.md" ||
    fail "report: expected the goal line with FAIL at the end of summary.md"
bash tools/rtl-coverage.sh report "$out" --waivers "$work/report.txt" --today 2026-11-28 --goal --no-summary > "$work/goal.out" 2>&1
st=$?
[ $st = 3 ] || fail "report --goal: expected exit status 3 under the goal, got $st ($work/goal.out)"
# every never-hit line waived: 1 of 1 line, toggle 1/2 (iir[0] still under): FAIL; with iir waived: PASS
printf '%s\nwaiver l60\n  lines rtl/gt_irq.sv:60\n  reason "line 60 waived for the goal test"\n  owner x\n  expires 2027-01-01\nwaiver iir\n  toggle gt_irq.iir[0:0]\n  reason "iir bit 0 waived for the goal test"\n  owner x\n  expires 2027-01-01\n' \
    "$good" > "$work/pass.txt"
bash tools/rtl-coverage.sh report "$out" --waivers "$work/pass.txt" --goal --no-summary > "$work/pass.out" 2>&1
st=$?
read -r lh lt lw bh bt bw th tt tw gl gtg GL GT verdict holes < "$out/rtl-coverage/figures"
[ $st = 0 ] && [ "$gl $gtg $verdict" = "100.0 100.0 PASS" ] ||
    fail "report --goal with every hole waived: expected exit 0 and '100.0 100.0 PASS', got $st and '$gl $gtg $verdict'"
# a waiver file without a waiver: every point counted, none waived (4 lines, 1 hit; 4 toggle bits, 1 toggled)
printf '# no waiver yet\n' > "$work/empty.txt"
bash tools/rtl-coverage.sh report "$out" --waivers "$work/empty.txt" --no-summary > "$work/empty.out" 2>&1
st=$?
read -r lh lt lw bh bt bw th tt tw gl gtg GL GT verdict holes < "$out/rtl-coverage/figures"
[ $st = 0 ] && [ "$lh/$lt/$lw $th/$tt/$tw $holes" = "1/4/0 1/4/0 3" ] ||
    fail "report with an empty waiver file: expected exit 0 and '1/4/0 1/4/0 3', got $st and '$lh/$lt/$lw $th/$tt/$tw $holes'"
# a bad waiver file stops report with exit 2
bash tools/rtl-coverage.sh report "$out" --waivers "$work/typo-key.txt" > "$work/bad.out" 2>&1
[ $? = 2 ] || fail "report with a bad waiver file: expected exit status 2 ($work/bad.out)"
[ $failed = 0 ] || { echo "coverage-waivers: $failed failed, $passed cases passed" >&2; exit 1; }
echo "coverage-waivers: $passed parser cases and the report's goal figures passed"
