#!/bin/bash
# make report-test: the reports of two runs of one series: junit.xml valid against the JUnit schema Jenkins reads
# (with the waived run's of make bug-test), report.html rendered by headless Chromium (its DOM checked, a screenshot
# kept) with the second run's buckets still failing and a two-point history chart.
#   usage: check.sh GTREF SIM RTL ENGINES JOBS WAIVED_RUN OUT
set -u
gtref=$1 sim=$2 rtl=$3 engines=$4 jobs=$5 waived=$6 dir=$7
chromium=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars)
rm -rf "$dir" && mkdir -p "$dir" || exit
for s in 6 8; do "$gtref" regress --sim "$sim" --rtl "$rtl" --seeds $s \
  --engines "$engines" --jobs "$jobs" --out "$dir/night" > "$dir/run-$s.log" 2>&1; test $? = 1 || exit 1; done
xmllint --noout --schema tests/schema/jenkins-junit.xsd "$dir/night/junit.xml" "$waived/junit.xml" || exit
abs=$(realpath -s "$dir")
"${chromium[@]}" --dump-dom "file://$abs/night/report.html" 2>/dev/null > "$dir/dom.html" || exit
bins=$(sed -n 's/^Total: .* of \([0-9]*\) bins hit.*/\1/p' "$dir/night/coverage.md" | head -1)
for want in '0 passed</span>' 'still failing, since' '<polyline' "of $bins bins" 'mem-write/qword-write/byte-enable' \
  '<p class="verdict fail" id="verdict">FAIL: ' '<th>started</th>' '<th>rerun the failed tests</th>'; do
  grep -qF "$want" "$dir/dom.html" || { echo "report-test: the rendered report lacks '$want'"; exit 1; }; done
"${chromium[@]}" --screenshot="$abs/report.png" --window-size=1100,1400 "file://$abs/night/report.html" > /dev/null 2>&1
test -s "$dir/report.png" && echo "report-test: junit.xml valid, report.html rendered by Chromium as expected (screenshot $dir/report.png)"
