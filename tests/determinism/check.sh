#!/bin/bash
# make determinism-test: the same seeds with 1 and 2 jobs, and with the default number of tests per simulator process
# and one per process, give the same records (timings aside); a run killed part-way then finished with --resume gives
# them too, running only what was missing. A test that crashes (or hangs) in the middle of a batch gets its CRASH
# (TIMEOUT), and every other test its real record.
#   usage: check.sh GTREF SIM RTL ENGINES OUT
set -u
gtref=$1 sim=$2 rtl=$3 engines=$4 dir=$5
# the records of run $1, timings, paths and the build aside
show_records() { for r in "$1"/results/*.result; do "$gtref" show "$r" | grep -vE '^  (ran|replay|stimulus):' | sed 's/, build [^)]*)/)/'; done; }
# the records of run $1 but test $2
show_others() { show_records "$1" | awk -v t="$2" '/^[A-Z]+ /{skip = ($2 == t)} !skip'; }
run() { "$gtref" regress --sim "$sim" --rtl "$rtl" --seeds 30 --engines "$engines" "$@"; }

rm -rf "$dir" && mkdir -p "$dir" || exit
for j in 1 2; do run --jobs $j --out "$dir/j$j" --history "$dir/h$j.tsv" > /dev/null 2>&1
  show_records "$dir/j$j" > "$dir/j$j.txt"; done
cmp "$dir/j1.txt" "$dir/j2.txt" || exit
run --jobs 2 --tests-per-process 1 --out "$dir/p1" --history "$dir/hp.tsv" > /dev/null 2>&1
show_records "$dir/p1" > "$dir/p1.txt"
cmp "$dir/j1.txt" "$dir/p1.txt" || exit

# in_batch NAME TEST HOW STATUS DETAIL [OPTION...]: TEST, made to HOW by +gtref_selftest_NAME in the middle of a batch
# of 8, is recorded as its STATUS (DETAIL in its report), and every other test's record is that of the 1-job run
in_batch() {
  local name=$1 t=$2 how=$3 status=$4 detail=$5; shift 5
  run --jobs 1 --tests-per-process 8 "$@" --sim-arg "+gtref_selftest_$name=$t" --out "$dir/$name" \
    --history "$dir/h${name:0:1}.tsv" > /dev/null 2>&1
  "$gtref" show "$dir/$name/results/$t.result" | grep -E "^$status $t |$detail" | wc -l | grep -qx 2 \
    || { echo "determinism-test: $t, made to $how in a batch, is not recorded as its $status:"
         "$gtref" show "$dir/$name/results/$t.result"; exit 1; }
  show_others "$dir/$name" "$t" > "$dir/$name.txt"; show_others "$dir/j1" "$t" > "$dir/j1-${t#rand-}.txt"
  cmp "$dir/j1-${t#rand-}.txt" "$dir/$name.txt" || exit
}
in_batch crash rand-5 abort CRASH 'killed by signal 6 '
in_batch hang rand-12 hang TIMEOUT 'killed after the 8 s ' --timeout 8
echo "determinism-test: batches of 7 (1 job), 3 (2 jobs: at least 4 batches a job) and 1 test per process" \
  "gave the same 30 records; a crash and a hang in the middle of a batch of 7 were recorded on their own tests," \
  "the others unchanged"

# (not through run: $! must be gtref itself, which the interrupt is for)
"$gtref" regress --sim "$sim" --rtl "$rtl" --seeds 30 --engines "$engines" \
  --jobs 1 --out "$dir/killed" --history "$dir/hk.tsv" > "$dir/killed.log" 2>&1 & pid=$!
while [ "$(ls "$dir/killed/results" 2>/dev/null | wc -l)" -lt 10 ]; do sleep 0.05; done; kill -INT $pid; wait $pid
test $? = 130 || { echo "determinism-test: the interrupted run did not stop on SIGINT"; exit 1; }
grep -qE '^gtref regress: interrupted \(Interrupt\) after [0-9]+ of 30 tests: [0-9]+ passed, [0-9]+ failed \(this run\)' "$dir/killed.log" \
  && grep -qE '^resume with: cd .* && .* regress .* --resume$' "$dir/killed.log" \
  || { echo "determinism-test: the interrupted run did not end with its counts and a resume command:"; cat "$dir/killed.log"; exit 1; }
run --jobs 2 --out "$dir/killed" --history "$dir/hk.tsv" --resume 2>&1 >/dev/null | grep -F -- '--resume:' || exit
show_records "$dir/killed" > "$dir/killed.txt"
cmp "$dir/j1.txt" "$dir/killed.txt" && echo "determinism-test: 1 job, 2 jobs, and killed + resumed runs gave the same 30 records" || exit
# --resume after a complete run keeps every record (same build, byte-identical stimuli) and runs nothing
run --jobs 2 --out "$dir/killed" --history "$dir/hk.tsv" --resume 2>&1 >/dev/null \
  | grep -E -e '--resume: 30 of 30 tests already have a record.*running the other 0$'
