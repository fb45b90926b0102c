#!/bin/sh
# make test's real Slurm check (docs/regress.md "Slurm"): start a single-node Slurm on this machine -- munged,
# slurmctld and slurmd from Debian's munge and slurm-wlm, all state in a temporary folder, with a slurm.conf
# written here -- run a small test list through `gtref night --launcher slurm`, run the same list locally,
# and compare the records. The daemons are stopped on every exit path.
#
# usage: tests/slurm/single-node.sh GTREF WORKDIR LISTS_FILE LIST
set -u
gtref=$1 work=$2 lists=$3 list=$4
rm -rf "$work" && mkdir -p "$work/state" "$work/spool" || exit 1
work=$(cd "$work" && pwd)
host=$(hostname -s)
port=$((20000 + $$ % 20000))

stop() {
    for p in slurmd slurmctld munged; do
        [ -f "$work/$p.pid" ] && kill "$(cat "$work/$p.pid")" 2>/dev/null
    done
    sleep 1
}
trap stop EXIT INT TERM

for t in munged slurmctld slurmd sbatch sinfo; do
    command -v "$t" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin
    command -v "$t" >/dev/null 2>&1 || { echo "slurm-test: $t is missing (apt-get install slurm-wlm munge)"; exit 1; }
done
key=/etc/munge/munge.key
[ -r "$key" ] || { echo "slurm-test: no readable $key (the munge package makes it; run as root)"; exit 1; }
munged --socket="$work/munge.sock" --key-file="$key" --pid-file="$work/munged.pid" --log-file="$work/munged.log" \
    --seed-file="$work/munged.seed" --force || { echo "slurm-test: munged did not start"; exit 1; }

cat > "$work/slurm.conf" <<CONF
# written by tests/slurm/single-node.sh: one node, this machine, everything under $work
ClusterName=gtref-test
SlurmctldHost=$host
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
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=gtref Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D > "$work/slurmctld.out" 2>&1 &
slurmd -D > "$work/slurmd.out" 2>&1 &
i=0
until sinfo -h -o %t 2>/dev/null | grep -q idle; do
    i=$((i + 1))
    [ $i -gt 60 ] && { echo "slurm-test: the node never became idle"; tail -5 "$work/slurmctld.log" "$work/slurmd.log"; exit 1; }
    sleep 0.5
done
echo "slurm-test: single-node Slurm up ($(sinfo -h -o '%P %D %t %N'))"

"$gtref" night "$list" --lists "$lists" --master-seed 7 --out "$work/slurm" --launcher slurm \
    --slurm-opts "--partition=gtref" > "$work/night-slurm.log" 2>&1
"$gtref" night "$list" --lists "$lists" --master-seed 7 --out "$work/local" > "$work/night-local.log" 2>&1
records() {
    for r in $(find "$1" -path '*/results/*.result' | sort); do
        echo "== ${r#$1/}"
        "$gtref" show "$r" | grep -vE '^  (ran|replay|stimulus):' | sed 's/, build [^)]*)/)/'
    done
}
records "$work/slurm" > "$work/slurm.txt"
records "$work/local" > "$work/local.txt"
n=$(grep -c '^== ' "$work/slurm.txt")
[ "$n" -gt 0 ] || { echo "slurm-test: the Slurm night wrote no records"; tail -20 "$work/night-slurm.log"; exit 1; }
grep -q 'Submitted batch job' "$work"/slurm/*/*/*/slurm/sbatch.out || { echo "slurm-test: nothing went through sbatch"; exit 1; }
if cmp -s "$work/slurm.txt" "$work/local.txt"; then
    echo "slurm-test: a real single-node Slurm ran list $list ($n tests) with the same records as the local run"
else
    echo "slurm-test: the Slurm records differ from the local ones:"; diff "$work/local.txt" "$work/slurm.txt" | head -20
    exit 1
fi
