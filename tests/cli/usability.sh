#!/bin/sh
# What a new user meets at the command line (make usability-test):
#  - gtref show / run / replay of a failing test: the FAIL line, then the mismatch; coverage counters after it;
#  - gtref run of a test that never ran (its .gts does not assemble): says so and why, no replay line; gtref show of
#    its record too;
#  - gtref asm --help and gtref disasm --help: a full help (what it does, options, an example, exit status);
#  - a direct simulator run ends with the test's report, not Verilator's "$finish" line; simulator paths are
#    printed without "..";
#  - a write error names the file asked for, not a temporary file;
#  - gtref with no arguments prints its help (exit status 0).
#   usage: usability.sh GTREF OUT     (the clean and bug-SDI_QWORD_BE simulators with 4 engines must exist)
set -u
gtref=$1 out=$2
[ -x "$gtref" ] && [ -n "$out" ] || { echo "usage: $0 GTREF OUT"; exit 2; }
rm -rf "$out" && mkdir -p "$out" || exit 1
fails=0
fail() { echo "usability-test: $*"; fails=$((fails + 1)); }
sim_dir=$(cd "$(dirname "$gtref")/../sim" && pwd)

# ---- a failing test: the mismatch first ----
"$gtref" run tests/directed/sdi_qword.gts --rtl bug-SDI_QWORD_BE --out "$out/run" > "$out/run-fail.txt" 2>&1
[ $? = 1 ] || fail "gtref run of a failing test: exit status $?, expected 1 ($out/run-fail.txt)"
rec="$out/run/results/sdi_qword.result"
"$gtref" show "$rec" > "$out/show-fail.txt" || fail "gtref show $rec failed"
for f in run-fail show-fail; do
  sed -n 1p "$out/$f.txt" | grep -q '^FAIL sdi_qword ' || fail "$f: the first line is not the FAIL line: $(sed -n 1p "$out/$f.txt")"
  sed -n 2p "$out/$f.txt" | grep -qE '^  [a-z-]+ on [A-Z0-9]+ at cycle [0-9]+$' \
    || fail "$f: the second line is not the mismatch: $(sed -n 2p "$out/$f.txt")"
  # the coverage counters (corners) come after the signature and the replay command
  sig=$(grep -n '^  signature ' "$out/$f.txt" | cut -d: -f1) corners=$(grep -n '^  corners: ' "$out/$f.txt" | cut -d: -f1)
  [ -n "$sig" ] && [ -n "$corners" ] && [ "$corners" -gt "$sig" ] \
    || fail "$f: the coverage counters (line ${corners:-none}) are not after the mismatch's signature (line ${sig:-none})"
done
"$gtref" replay "$rec" > "$out/replay.txt" 2>&1
[ $? = 0 ] || fail "gtref replay $rec did not reproduce ($out/replay.txt)"
awk 'NF && !/^replaying /' "$out/replay.txt" | sed -n 2p | grep -qE '^  [a-z-]+ on [A-Z0-9]+ at cycle [0-9]+$' \
  || fail "replay: the mismatch does not follow the FAIL line ($out/replay.txt)"
grep -q '^replaying sdi_qword on bug-SDI_QWORD_BE with /' "$out/replay.txt" || fail "replay: the simulator path is not absolute"

# ---- a test that never ran ----
printf 'test bad\nengines 1\nring RCS0 0x100000 size 4096 {\n  MI_FROBNICATE\n}\n' > "$out/bad.gts"
"$gtref" run "$out/bad.gts" --out "$out/run" > "$out/run-bad.txt" 2> "$out/run-bad.err"
rc=$?
[ $rc = 2 ] || fail "gtref run of a .gts that does not assemble: exit status $rc, expected 2"
"$gtref" show "$out/run/results/bad.result" > "$out/show-bad.txt" || fail "gtref show of the ERROR record failed"
for f in run-bad show-bad; do
  sed -n 1p "$out/$f.txt" | grep -q '^ERROR bad .*the test did not run$' || fail "$f: does not say the test did not run: $(sed -n 1p "$out/$f.txt")"
  grep -qE "^  why: +$out/bad.gts:[34]: " "$out/$f.txt" || fail "$f: does not say why ($out/$f.txt)"
  ! grep -q 'replay' "$out/$f.txt" || fail "$f: a replay line for a test that never ran ($out/$f.txt)"
done

# ---- asm and disasm help ----
for c in asm disasm; do
  "$gtref" $c --help > "$out/$c-help.txt" 2>&1
  rc=$?
  [ $rc = 0 ] || fail "gtref $c --help: exit status $rc"
  for want in "usage: gtref $c" 'example:' 'Exit status:' 'docs/stimulus-format.md'; do
    grep -qF "$want" "$out/$c-help.txt" || fail "gtref $c --help lacks '$want'"
  done
  [ "$(wc -l < "$out/$c-help.txt")" -ge 8 ] || fail "gtref $c --help is $(wc -l < "$out/$c-help.txt") lines"
done
grep -qF -- '-o FILE.stim' "$out/asm-help.txt" || fail "gtref asm --help does not explain -o"

# ---- a direct simulator run ----
"$gtref" asm tests/directed/sdi_qword.gts -o "$out/sdi_qword.stim" || fail "gtref asm failed"
"$sim_dir/clean/e4/Vtb_top" +stim="$out/sdi_qword.stim" +result="$out/direct.result" > "$out/direct.txt" 2>&1
rc=$?
[ $rc = 0 ] || fail "the clean simulator run directly: exit status $rc"
! grep -qF '$finish' "$out/direct.txt" || fail "a direct simulator run prints Verilator's \$finish line: $(grep -F '$finish' "$out/direct.txt")"
sed -n 1p "$out/direct.txt" | grep -q '^PASS sdi_qword ' || fail "a direct simulator run does not start with its report"
"$gtref" replay "$rec" --sim "$(dirname "$gtref")/../sim/bug-SDI_QWORD_BE/e4/Vtb_top" > "$out/replay-sim.txt" 2>&1
! grep -qF '/../' "$out/replay-sim.txt" || fail "a simulator path printed with '..': $(grep -F '/../' "$out/replay-sim.txt" | head -1)"

# ---- a write error names the file asked for ----
"$gtref" asm tests/directed/sdi_qword.gts -o "$out/no-such-dir/x.stim" > "$out/write.txt" 2>&1
rc=$?
[ $rc = 2 ] || fail "gtref asm -o into a missing folder: exit status $rc, expected 2"
grep -qF "$out/no-such-dir/x.stim: No such file or directory" "$out/write.txt" || fail "the write error does not name the file asked for: $(cat "$out/write.txt")"
! grep -q '\.tmp' "$out/write.txt" || fail "the write error names the temporary file: $(cat "$out/write.txt")"

# ---- gtref alone ----
"$gtref" > "$out/noargs.txt" 2> "$out/noargs.err"
rc=$?
[ $rc = 0 ] || fail "gtref with no arguments: exit status $rc, expected 0 (its help)"
"$gtref" help > "$out/help.txt"
cmp -s "$out/noargs.txt" "$out/help.txt" || fail "gtref with no arguments does not print what gtref help prints"
grep -q 'first steps' "$out/noargs.txt" || fail "gtref's help has no first steps"

if [ $fails != 0 ]; then echo "usability-test: $fails check(s) failed"; exit 1; fi
echo "usability-test: reports lead with the mismatch, a test that never ran says so (no replay), asm/disasm help," \
  "no \$finish line, paths without '..', write errors name the file, gtref alone prints its help"
