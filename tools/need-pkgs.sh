#!/bin/sh
# The Debian packages a make goal needs: the missing ones are installed with apt-get when run as root (without the
# packages they merely recommend); otherwise the whole list is printed at once, with the command to run as root, and
# the exit status is 1. ccache is optional: installed with the others as root, suggested otherwise, never required.
#
# usage: tools/need-pkgs.sh GOAL PACKAGE...    (GOAL only names the make goal in the messages)
goal=$1
shift

present() {
    case $1 in
    verilator|g++|ccache) command -v "$1" ;;
    libmsgpack-dev) test -f /usr/include/msgpack.h ;;
    libcriterion-dev) test -f /usr/include/criterion/criterion.h ;;
    chromium) command -v chromium ;;
    libxml2-utils) command -v xmllint ;;
    slurm-wlm) command -v slurmctld || test -x /usr/sbin/slurmctld ;;
    munge) command -v munged || test -x /usr/sbin/munged ;;
    clang) command -v clang ;;
    *) dpkg -s "$1" ;;
    esac > /dev/null 2>&1
}
why() {
    case $1 in
    verilator) echo "builds the simulators from the RTL" ;;
    g++) echo "compiles the C libraries and the simulators" ;;
    libmsgpack-dev) echo "the result and stimulus records (msgpack)" ;;
    libcriterion-dev) echo "the unit tests (make unit)" ;;
    chromium) echo "renders report.html headless (make report-test)" ;;
    libxml2-utils) echo "xmllint validates junit.xml against the JUnit schema (make report-test)" ;;
    slurm-wlm) echo "a single-node Slurm for the Slurm launcher check (make slurm-test)" ;;
    munge) echo "Slurm's authentication (make slurm-test)" ;;
    ccache) echo "optional: faster rebuilds" ;;
    clang) echo "libFuzzer (make fuzz)" ;;
    esac
}

missing=""
for p in "$@"; do present "$p" || missing="$missing $p"; done
optional=""
present ccache || optional=" ccache"
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ]; then
    echo "gtref: $goal needs Debian packages that are missing; installing them with apt-get (a few minutes on a fresh machine):"
    for p in $missing $optional; do printf '  %-17s %s\n' "$p" "$(why "$p")"; done
    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing $optional \
        || { echo "gtref: apt-get could not install$missing$optional"; exit 1; }
    for p in $missing; do
        present "$p" || { echo "gtref: $p was installed but is still not usable"; exit 1; }
    done
    exit 0
fi
echo "gtref: $goal needs Debian packages that are missing:"
for p in $missing $optional; do printf '  %-17s %s\n' "$p" "$(why "$p")"; done
echo "gtref: install them, then run make again; as root:"
echo "  apt-get update && apt-get install -y --no-install-recommends$missing$optional"
exit 1
