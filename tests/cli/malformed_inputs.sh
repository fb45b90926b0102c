#!/bin/sh
# Every reader of a file a user gives gtref, fed a malformed file through the gtref command: exit status 2 and a
# message that names the file and a position in it (a byte offset for msgpack, FILE:LINE: for text), never a
# crash or a silent pass. Usage: malformed_inputs.sh GTREF OUTDIR   (make inputs-test)
gtref=$1
out=$2
[ -x "$gtref" ] && [ -n "$out" ] || { echo "usage: $0 GTREF OUTDIR"; exit 2; }
rm -rf "$out" && mkdir -p "$out" || exit 1
fails=0

# expect NAME PATTERN COMMAND...: the command exits 2 and its message (stderr, or stdout for check) matches the
# extended regex PATTERN
expect() {
  name=$1 pattern=$2
  shift 2
  "$@" > "$out/$name.out" 2> "$out/$name.err"
  rc=$?
  if [ "$rc" != 2 ]; then
    echo "inputs-test: $name: expected exit status 2, got $rc from: $*"; fails=$((fails + 1))
  elif ! cat "$out/$name.err" "$out/$name.out" | grep -Eq -- "$pattern"; then
    echo "inputs-test: $name: expected a message matching '$pattern' from: $*"
    echo "  got: $(head -3 "$out/$name.err")"; fails=$((fails + 1))
  fi
}

# msgpack stimulus: cut short, and not msgpack at all
head -c 300 tests/fuzz/corpus/stim/gen-1.stim > "$out/short.stim"
printf 'not a stimulus' > "$out/text.stim"
expect disasm-short "$out/short.stim: .*truncated data.*\(at byte [0-9]+ of 300\)" "$gtref" disasm "$out/short.stim"
expect disasm-text "$out/text.stim: .*\(at byte [0-9]+ of 14\)" "$gtref" disasm "$out/text.stim"
expect coverage-short "$out/short.stim: .*\(at byte [0-9]+ of 300\)" "$gtref" coverage "$out/short.stim"
expect coverage-mixed "$out/short.stim: .*\(at byte [0-9]+ of 300\)" "$gtref" coverage tests/directed/sdi_qword.gts "$out/short.stim"

# msgpack result record: cut short
head -c 200 tests/fuzz/corpus/result/fail.result > "$out/short.result"
expect show-short "$out/short.result: result: truncated record \(200 bytes; byte [0-9]+" "$gtref" show "$out/short.result"
expect replay-short "$out/short.result: result: truncated record \(200 bytes; byte [0-9]+" "$gtref" replay "$out/short.result"
printf '\301' > "$out/junk.result"
expect show-junk "$out/junk.result: result: not msgpack data \(byte 0 " "$gtref" show "$out/junk.result"
expect minimize-short "$out/short.result: result: truncated record" "$gtref" minimize "$out/short.result" -o "$out/m.gts"

# .gts text: an unknown command on line 4
printf 'test bad\nengines 1\nring RCS0 0x100000 size 4096 {\n  MI_FROBNICATE\n}\n' > "$out/bad.gts"
expect asm-bad "$out/bad.gts:[34]: " "$gtref" asm "$out/bad.gts" -o "$out/bad.stim"
expect check-bad "$out/bad.gts:[34]: " "$gtref" check "$out/bad.gts"
expect run-bad-gts "$out/bad.gts:[34]: " "$gtref" run "$out/bad.gts" --out "$out/run"
expect run-short-stim "$out/short.stim: .*\(at byte [0-9]+ of 300\)" "$gtref" run "$out/short.stim" --out "$out/run"
expect coverage-bad "$out/bad.gts:[34]: " "$gtref" coverage "$out/bad.gts"

# waiver file: a misspelt key on line 3
printf 'waiver w1\n  signature 5b3189bc04bfcc2b\n  reasn "typo"\n' > "$out/bad.waive"
expect waiver-bad "$out/bad.waive:3: unknown key 'reasn'" "$gtref" regress --rtl clean --seeds 1 --out "$out/run" --waivers "$out/bad.waive"

# test list: a value out of range on line 3
printf 'list l\n  rtl clean\n  random seeds=0\n' > "$out/bad-lists.txt"
expect lists-bad "$out/bad-lists.txt:3: seeds=0" "$gtref" night l --lists "$out/bad-lists.txt" --check

# history file: a run line with a field missing on line 2
printf '# history\nrun\t1\ts@clean\t2026-01-01T00:00:00Z\tclean\tb\t1\t1\t0\t0\t0\t0\n' > "$out/bad-history.tsv"
expect history-bad "$out/bad-history.tsv:2: a run line has 13 tab-separated fields" \
  "$gtref" regress --rtl clean --seeds 1 --out "$out/run" --history "$out/bad-history.tsv"

# the length knob: out of range, not a number
expect min-cycles-range "--min-cycles: '100000001' is not a number in 0..100000000" "$gtref" gen --seed 1 --min-cycles 100000001
expect min-cycles-word "--min-cycles: 'long' is not a number" "$gtref" regress --rtl clean --seeds 1 --out "$out/run" --min-cycles long

if [ "$fails" != 0 ]; then echo "inputs-test: $fails of the malformed inputs were not refused as they should be"; exit 1; fi
echo "inputs-test: every malformed input refused with exit status 2, its file and a position"
