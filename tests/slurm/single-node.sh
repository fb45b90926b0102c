#!/bin/sh
# make test's real Slurm check (docs/regress.md "Slurm"): start a single-node Slurm on this machine -- munged,
# slurmctld and slurmd from Debian's munge and slurm-wlm, all state in a temporary folder, with a slurm.conf
# written here -- run a small test list through `gtref night --launcher slurm`, run the same list locally,
# and compare the records. The daemons are stopped on every exit path.
#
# The Slurm needs neither cgroups nor a resolvable host name (a chroot, a container): the node and the controller
# are named for the loopback address (NodeName=localhost NodeAddr=127.0.0.1, SlurmctldHost=localhost(127.0.0.1),
# slurmd -N localhost), processes are tracked through /proc (proctrack/linuxproc), tasks are not bound (task/none),
# nothing is gathered for accounting (jobacct_gather/none), and no job container is used.
#
# Every wait is bounded (SLURM_UP_SECONDS for the daemons, default 60; each Slurm command under `timeout`), with a
# progress line every 10 s.
#
# usage: tests/slurm/single-node.sh GTREF WORKDIR LISTS_FILE LIST    (MUNGE_KEY= another munge key file)
# exit status: 0 passed; 1 failed; 3 skipped: Slurm cannot run on this machine (a daemon exited or never came up);
#   the reason is the last line printed. With CI=true a Slurm that does not come up is a failure (1), not a skip.
set -u
gtref=$1 work=$2 lists=$3 list=$4
rm -rf "$work" && mkdir -p "$work/state" "$work/spool" || exit 1
work=$(cd "$work" && pwd)
port=$((20000 + $$ % 20000))
up_seconds=${SLURM_UP_SECONDS:-60}
PATH=$PATH:/usr/sbin:/sbin

stop() {
    for p in slurmd slurmctld munged; do
        [ -f "$work/$p.pid" ] && kill "$(cat "$work/$p.pid")" 2>/dev/null
    done
    for p in $bg_pids; do kill "$p" 2>/dev/null; done
    sleep 1
}
bg_pids=""
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The last lines of each daemon log that exists, one file at a time.
show_logs() {
    for f in "$work/munged.log" "$work/slurmctld.log" "$work/slurmctld.out" "$work/slurmd.log" "$work/slurmd.out"; do
        [ -s "$f" ] || continue
        echo "---- last lines of $f"
        tail -n 20 "$f"
    done
}
# Slurm cannot run here: say why in one line (the daemon logs stay in $work), then exit 3 (skipped); under CI, where
# it must run, show the logs and exit 1.
cannot_run() {
    if [ "${CI:-}" = true ]; then
        show_logs
        echo "slurm-test: FAILED: the single-node Slurm did not come up: $1; CI=true requires it (logs above, in $work)"
        exit 1
    fi
    echo "slurm-test: SKIPPED: Slurm cannot run on this machine: $1 (logs in $work)"
    exit 3
}
# The last three error or fatal lines of a log (the harmless ones -- no saved state yet, no PMIx -- left out), joined.
log_errors() {
    [ -s "$1" ] && grep -E 'error|fatal|Failed|failed|Error' "$1" \
        | grep -vE 'state file|Trying backup|pmix|PMIx|MPI: Cannot create context|MailProg' | tail -n 3 \
        | sed 's/^\[[^]]*\] *//; s/^[a-z]*: //' | tr '\n' ';' | sed 's/;$//; s/;/; /g'
}
# Why a daemon stopped, from the first of the given logs that has something: its errors, else its last line.
log_reason() {
    for f in "$@"; do
        [ -s "$f" ] || continue
        r=$(log_errors "$f")
        [ -n "$r" ] || r=$(tail -n 1 "$f" | sed 's/^\[[^]]*\] *//')
        echo "$r"
        return
    done
    echo "no log"
}

for t in munged slurmctld slurmd sbatch sinfo timeout; do
    command -v "$t" >/dev/null 2>&1 || { echo "slurm-test: $t is missing (apt-get install slurm-wlm munge)"; exit 1; }
done
key=${MUNGE_KEY:-/etc/munge/munge.key}
[ "$(id -u)" = 0 ] || cannot_run "slurmd and slurmctld must run as root here (SlurmUser=root); run make test as root"
[ -r "$key" ] || cannot_run "no readable $key (the munge package makes it)"
munged --socket="$work/munge.sock" --key-file="$key" --pid-file="$work/munged.pid" --log-file="$work/munged.log" \
    --seed-file="$work/munged.seed" --force > "$work/munged.out" 2>&1 \
    || cannot_run "munged did not start: $(log_reason "$work/munged.log" "$work/munged.out")"

cat > "$work/slurm.conf" <<CONF
# written by tests/slurm/single-node.sh: one node, this machine through its loopback address, everything under $work
ClusterName=gtref-test
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge.sock
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobContainerType=job_container/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=localhost NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=$(nproc) State=UNKNOWN
PartitionName=gtref Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
# slurmd loads a cgroup plugin even when no other plugin uses it; "autodetect" fails where /sys/fs/cgroup is not a
# cgroup file system (a chroot, some containers), while cgroup/v1, named, only loads (it mounts and touches nothing
# until a plugin asks for a cgroup, and none of the plugins above does).
case $(stat -f -c %T /sys/fs/cgroup 2>/dev/null) in
    cgroup2fs|tmpfs) echo "CgroupPlugin=autodetect" ;;
    *) echo "CgroupPlugin=cgroup/v1" ;;
esac > "$work/cgroup.conf"
echo "CgroupAutomount=no" >> "$work/cgroup.conf"
export SLURM_CONF="$work/slurm.conf"
slurmctld -D > "$work/slurmctld.out" 2>&1 &
ctld=$!
slurmd -D -N localhost > "$work/slurmd.out" 2>&1 &
sd=$!
bg_pids="$ctld $sd"

start=$(date +%s)
last=$start
state=""
while :; do
    state=$(timeout 10 sinfo -h -o %t 2>/dev/null | head -n 1)
    case $state in idle*) break;; esac
    now=$(date +%s)
    kill -0 $ctld 2>/dev/null || { wait $ctld; cannot_run "slurmctld exited (status $?): $(log_reason "$work/slurmctld.log" "$work/slurmctld.out")"; }
    kill -0 $sd 2>/dev/null || { wait $sd; cannot_run "slurmd exited (status $?): $(log_reason "$work/slurmd.log" "$work/slurmd.out")"; }
    if [ $((now - start)) -ge "$up_seconds" ]; then
        r=$( (log_errors "$work/slurmd.log"; echo; log_errors "$work/slurmctld.log") | grep . | tr '\n' ';' | sed 's/;$//; s/;/; /g')
        cannot_run "the node was not idle after ${up_seconds} s (state '${state:-no answer from slurmctld}'): ${r:-no error in slurmd.log or slurmctld.log}"
    fi
    if [ $((now - last)) -ge 10 ]; then
        echo "slurm-test: waiting for the single-node Slurm ($((now - start)) s of at most ${up_seconds} s, node state '${state:-no answer yet}')"
        last=$now
    fi
    sleep 1
done
echo "slurm-test: single-node Slurm up after $(( $(date +%s) - start )) s ($(timeout 10 sinfo -h -o '%P %D %t %N'))"

# The Slurm night, bounded: each test is short, and gtref's own Slurm launcher polls with its own limits; a hung
# Slurm must not hang make test.
ticker=$(dirname "$0")/../../tools/ticker.sh
count() { echo "echo \"slurm-test: list $list $1: \$(find '$work/$2' -path '*/results/*.result' 2>/dev/null | wc -l) records so far (\$elapsed s)\""; }
sh "$ticker" 15 "$(count 'through Slurm' slurm)" -o "$work/night-slurm.log" \
    timeout 600 "$gtref" night "$list" --lists "$lists" --master-seed 7 --out "$work/slurm" --launcher slurm \
    --slurm-opts "--partition=gtref"
rc=$?
[ $rc = 124 ] && { echo "slurm-test: the Slurm night did not finish in 600 s"; tail -n 20 "$work/night-slurm.log"; show_logs; exit 1; }
sh "$ticker" 15 "$(count locally local)" -o "$work/night-local.log" \
    "$gtref" night "$list" --lists "$lists" --master-seed 7 --out "$work/local"
records() {
    for r in $(find "$1" -path '*/results/*.result' | sort); do
        echo "== ${r#$1/}"
        "$gtref" show "$r" | grep -vE '^  (ran|replay|stimulus):' | sed 's/, build [^)]*)/)/'
    done
}
records "$work/slurm" > "$work/slurm.txt"
records "$work/local" > "$work/local.txt"
n=$(grep -c '^== ' "$work/slurm.txt")
[ "$n" -gt 0 ] || { echo "slurm-test: the Slurm night wrote no records"; tail -n 20 "$work/night-slurm.log"; show_logs; exit 1; }
grep -q 'Submitted batch job' "$work"/slurm/*/*/*/slurm/sbatch.out || { echo "slurm-test: nothing went through sbatch"; exit 1; }
if cmp -s "$work/slurm.txt" "$work/local.txt"; then
    echo "slurm-test: a real single-node Slurm ran list $list ($n tests) with the same records as the local run"
else
    echo "slurm-test: the Slurm records differ from the local ones:"; diff "$work/local.txt" "$work/slurm.txt" | head -20
    exit 1
fi
