#!/bin/sh
# The catalogue of RTL bugs is the table of docs/rtl-bugs.md: one row per bug, its name in the first column, in the
# order make bugs runs them and the mutation report lists them. Everything else is derived from it or checked
# against it.
#   tools/rtl-bugs.sh           the names, in the table's order (the Makefile's BUGS)
#   tools/rtl-bugs.sh --check   (make check) every name is one `ifdef/`ifndef/`elsif GTREF_BUG_<NAME> of the RTL
#                               (rtl/), in the file its row names, and every such block has its row; the DUT-only harnesses' expectations
#                               (tests/rtl/*.expect) name catalogued bugs only
table=docs/rtl-bugs.md
names() { sed -n 's/^| `\([A-Z0-9_]*\)` |.*/\1/p' "$table"; }
[ "${1:-}" = --check ] || { names; exit; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
names | sort > "$tmp/table"
grep -rhoE '`(ifdef|ifndef|elsif)[[:space:]]+GTREF_BUG_[A-Za-z0-9_]+' rtl/ | sed 's/.*GTREF_BUG_//' | sort -u > "$tmp/rtl"
bad=0
dup=$(uniq -d "$tmp/table")
[ -z "$dup" ] || { echo "check: $table has more than one row for:" $dup; bad=1; }
only=$(comm -23 "$tmp/rtl" "$tmp/table")
[ -z "$only" ] || { echo "check: GTREF_BUG_<NAME> in rtl/ without a row in $table:" $only; bad=1; }
only=$(comm -13 "$tmp/rtl" "$tmp/table" | sort -u)
[ -z "$only" ] || { echo "check: $table rows without a GTREF_BUG_<NAME> block in rtl/:" $only; bad=1; }
# the file a row names (its first `rtl/<file>.sv`) holds the bug's block
for n in $(names); do
  f=$(grep "^| \`$n\` |" "$table" | grep -o '`rtl/[A-Za-z0-9_]*\.sv`' | head -n 1 | tr -d '`')
  if [ -z "$f" ]; then echo "check: $table row $n names no rtl/<file>.sv"; bad=1
  elif ! grep -qE "\`(ifdef|ifndef|elsif)[[:space:]]+GTREF_BUG_$n([^A-Za-z0-9_]|\$)" "$f" 2>/dev/null; then
    echo "check: $table row $n names $f, which has no GTREF_BUG_$n block"; bad=1
  fi
done
for e in tests/rtl/*.expect; do
  sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's/^extra //' -e 's/:.*//' "$e" | grep -vxE 'tests|clean' | sort -u > "$tmp/expect"
  only=$(comm -23 "$tmp/expect" "$tmp/table")
  [ -z "$only" ] || { echo "check: $e names bugs that $table does not catalogue:" $only; bad=1; }
done
[ $bad = 0 ] && echo "check: $(wc -l < "$tmp/table") catalogued RTL bugs ($table), each behind GTREF_BUG_<NAME> in the rtl/ file its row names;" \
  "the harness expectations (tests/rtl/*.expect) name catalogued bugs only"
exit $bad
