#!/bin/sh
# Progress for a long silent step: run COMMAND and, every SECONDS while it runs, print one line made by the shell
# command PROGRESS (which sees the seconds so far in $elapsed). The exit status is COMMAND's; an interrupt stops it.
#
# usage: tools/ticker.sh SECONDS PROGRESS [-o LOG | -a LOG] COMMAND [ARG...]
#   -o LOG / -a LOG: COMMAND's output (stdout and stderr) written to / appended to LOG; the progress lines are not.
# e.g.   tools/ticker.sh 20 'echo "still compiling ($elapsed s, $(ls obj/*.o | wc -l) objects)"' -a log make -C obj
every=${TICKER_SECONDS:-$1} progress=$2
shift 2
case ${1:-} in
-o) log=$2; shift 2; "$@" > "$log" 2>&1 & ;;
-a) log=$2; shift 2; "$@" >> "$log" 2>&1 & ;;
*) "$@" & ;;
esac
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; exit 130' INT
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; exit 143' TERM
start=$(date +%s)
next=$((start + every))
while kill -0 $pid 2>/dev/null; do
    sleep 1
    now=$(date +%s)
    if [ "$now" -ge "$next" ] && kill -0 $pid 2>/dev/null; then
        elapsed=$((now - start)) sh -c "$progress"
        next=$((now + every))
    fi
done
wait $pid
