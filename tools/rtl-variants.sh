#!/bin/sh
# The catalogue of legal RTL variants is the table of docs/rtl-variants.md: one row per variant, its name in the first
# column, in the order make variants runs them.
#   tools/rtl-variants.sh           the names, in the table's order (the Makefile's VARIANTS)
#   tools/rtl-variants.sh --check   (make check) every name is one `ifdef/`elsif GTREF_VARIANT_<NAME> of the RTL (rtl/),
#                                   in the file its row names, and every such block has its row
table=docs/rtl-variants.md
names() { sed -n 's/^| `\([A-Z0-9_]*\)` |.*/\1/p' "$table"; }
[ "${1:-}" = --check ] || { names; exit; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
names | sort > "$tmp/table"
grep -rhoE '`(ifdef|ifndef|elsif)[[:space:]]+GTREF_VARIANT_[A-Za-z0-9_]+' rtl/ | sed 's/.*GTREF_VARIANT_//' | sort -u > "$tmp/rtl"
bad=0
dup=$(uniq -d "$tmp/table")
[ -z "$dup" ] || { echo "check: $table has more than one row for:" $dup; bad=1; }
only=$(comm -23 "$tmp/rtl" "$tmp/table")
[ -z "$only" ] || { echo "check: GTREF_VARIANT_<NAME> in rtl/ without a row in $table:" $only; bad=1; }
only=$(comm -13 "$tmp/rtl" "$tmp/table" | sort -u)
[ -z "$only" ] || { echo "check: $table rows without a GTREF_VARIANT_<NAME> block in rtl/:" $only; bad=1; }
for n in $(names); do
  f=$(grep "^| \`$n\` |" "$table" | grep -o '`rtl/[A-Za-z0-9_]*\.sv`' | head -n 1 | tr -d '`')
  if [ -z "$f" ]; then echo "check: $table row $n names no rtl/<file>.sv"; bad=1
  elif ! grep -qE "\`(ifdef|ifndef|elsif)[[:space:]]+GTREF_VARIANT_$n([^A-Za-z0-9_]|\$)" "$f" 2>/dev/null; then
    echo "check: $table row $n names $f, which has no GTREF_VARIANT_$n block"; bad=1
  fi
done
[ $bad = 0 ] && echo "check: $(wc -l < "$tmp/table") catalogued legal RTL variants ($table), each behind GTREF_VARIANT_<NAME> in the rtl/ file its row names"
exit $bad
