#!/bin/sh
# The catalogues of RTL builds other than clean, each the table of a doc: one row per entry, its name in the first
# column, in the order make runs them (make bugs, make variants) and the reports list them. Everything else is
# derived from the table or checked against it.
#   tools/rtl-catalogue.sh bug|variant           the names, in the table's order (the Makefile's BUGS, VARIANTS)
#   tools/rtl-catalogue.sh bug|variant --check   (make check) every name is one `ifdef/`ifndef/`elsif
#       GTREF_<KIND>_<NAME> of the RTL (rtl/), in the file its row names, and every such block has its row; for bugs,
#       the DUT-only harnesses' expectations (tests/rtl/*.expect) name catalogued bugs only
case "${1:-}" in
  bug) table=docs/rtl-bugs.md macro=GTREF_BUG_ what="catalogued RTL bugs" ;;
  variant) table=docs/rtl-variants.md macro=GTREF_VARIANT_ what="catalogued legal RTL variants" ;;
  *) echo "usage: tools/rtl-catalogue.sh bug|variant [--check]" >&2; exit 2 ;;
esac
kind=$1
names() { sed -n 's/^| `\([A-Z0-9_]*\)` |.*/\1/p' "$table"; }
[ "${2:-}" = --check ] || { names; exit; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
names | sort > "$tmp/table"
grep -rhoE "\`(ifdef|ifndef|elsif)[[:space:]]+${macro}[A-Za-z0-9_]+" rtl/ | sed "s/.*${macro}//" | sort -u > "$tmp/rtl"
bad=0
dup=$(uniq -d "$tmp/table")
[ -z "$dup" ] || { echo "check: $table has more than one row for:" $dup; bad=1; }
only=$(comm -23 "$tmp/rtl" "$tmp/table")
[ -z "$only" ] || { echo "check: ${macro}<NAME> in rtl/ without a row in $table:" $only; bad=1; }
only=$(comm -13 "$tmp/rtl" "$tmp/table" | sort -u)
[ -z "$only" ] || { echo "check: $table rows without a ${macro}<NAME> block in rtl/:" $only; bad=1; }
# the file a row names (its first `rtl/<file>.sv`) holds the block
for n in $(names); do
  f=$(grep "^| \`$n\` |" "$table" | grep -o '`rtl/[A-Za-z0-9_]*\.sv`' | head -n 1 | tr -d '`')
  if [ -z "$f" ]; then echo "check: $table row $n names no rtl/<file>.sv"; bad=1
  elif ! grep -qE "\`(ifdef|ifndef|elsif)[[:space:]]+${macro}$n([^A-Za-z0-9_]|\$)" "$f" 2>/dev/null; then
    echo "check: $table row $n names $f, which has no ${macro}$n block"; bad=1
  fi
done
extra=""
if [ "$kind" = bug ]; then
  for e in tests/rtl/*.expect; do
    sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's/^extra //' -e 's/:.*//' "$e" | grep -vxE 'tests|clean' | sort -u > "$tmp/expect"
    only=$(comm -23 "$tmp/expect" "$tmp/table")
    [ -z "$only" ] || { echo "check: $e names bugs that $table does not catalogue:" $only; bad=1; }
  done
  extra="; the harness expectations (tests/rtl/*.expect) name catalogued bugs only"
fi
[ $bad = 0 ] && echo "check: $(wc -l < "$tmp/table") $what ($table), each behind ${macro}<NAME> in the rtl/ file its row names$extra"
exit $bad
