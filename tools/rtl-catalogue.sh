#!/bin/sh
# The catalogues of RTL builds other than clean, each the table of a doc: one row per entry, its name in the first
# column, in the order make runs them (make bugs, make variants) and the reports list them. Everything else is
# derived from the table or checked against it.
#   tools/rtl-catalogue.sh bug|variant           the names, in the table's order (the Makefile's BUGS, VARIANTS)
#   tools/rtl-catalogue.sh bug|variant --check   (make check) every name is one `ifdef/`ifndef/`elsif
#       GTREF_<KIND>_<NAME> of the RTL (rtl/), in the file its row names, and every such block has its row; for bugs,
#       the DUT-only harnesses' expectations (tests/rtl/*.expect) name catalogued bugs only, and the bugs per block
#   tools/rtl-catalogue.sh bug --blocks          the number of bugs per block of the design (docs/rtl-bugs.md "Blocks":
#       the block of the bug's RTL file, or the block its name is placed in) and the blocks with fewer than two
case "${1:-}" in
  bug) table=docs/rtl-bugs.md macro=GTREF_BUG_ what="catalogued RTL bugs" ;;
  variant) table=docs/rtl-variants.md macro=GTREF_VARIANT_ what="catalogued legal RTL variants" ;;
  *) echo "usage: tools/rtl-catalogue.sh bug|variant [--check]; tools/rtl-catalogue.sh bug --blocks" >&2; exit 2 ;;
esac
kind=$1
names() { sed -n 's/^| `\([A-Z0-9_]*\)` |.*/\1/p' "$table"; }
# the first rtl/<file>.sv a row names
row_file() { grep "^| \`$1\` |" "$table" | grep -o '`rtl/[A-Za-z0-9_]*\.sv`' | head -n 1 | tr -d '`'; }
# "Blocks" of docs/rtl-bugs.md: "| `rtl/<file>.sv` | block |" and "| NAME | block |" rows
block_of() {
  b=$(sed -n "s/^| $1 | \(.*[^ ]\) *|\$/\1/p" "$table" | head -n 1)
  [ -n "$b" ] || b=$(sed -n "s@^| \`$2\` | \(.*[^ ]\) *|\$@\1@p" "$table" | head -n 1)
  printf '%s\n' "$b"
}
# Every block the "Blocks" tables name with its number of bugs, most first; blocks under 2 named; 1 when a bug has none.
blocks() {
  : > "$tmp/blocks"
  nb=0
  for n in $(names); do
    b=$(block_of "$n" "$(row_file "$n")")
    if [ -z "$b" ]; then echo "check: $table row $n: its file $(row_file "$n") has no block and the bug is not placed by name (\"Blocks\")"; nb=1; continue; fi
    printf '%s\t%s\n' "$b" "$n" >> "$tmp/blocks"
  done
  # every block named in the tables, with its count (0 for a block no bug lands in)
  { sed -n 's/^| `rtl\/[A-Za-z0-9_]*\.sv` | \(.*[^ ]\) *|$/\1/p; s/^| [A-Z0-9_][A-Z0-9_]* | \(.*[^ ]\) *|$/\1/p' "$table"; cut -f1 "$tmp/blocks"; } |
    sort -u > "$tmp/allblocks"
  : > "$tmp/counts"
  while IFS= read -r b; do
    printf '%s\t%s\n' "$(awk -F '\t' -v b="$b" '$1 == b' "$tmp/blocks" | wc -l | tr -d ' ')" "$b" >> "$tmp/counts"
  done < "$tmp/allblocks"
  sort -t "$(printf '\t')" -k1,1nr -k2,2 "$tmp/counts" > "$tmp/sorted"
  printf 'bugs per block:'
  sep=' '
  while IFS="$(printf '\t')" read -r c b; do printf '%s%s %s' "$sep" "$b" "$c"; sep=', '; done < "$tmp/sorted"
  printf '\n'
  few=$(awk -F '\t' '$1 < 2 { printf "%s%s (%s)", s, $2, $1; s = ", " }' "$tmp/sorted")
  if [ -n "$few" ]; then echo "blocks with fewer than 2 bugs: $few"; else echo "blocks with fewer than 2 bugs: none"; fi
  return $nb
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
if [ "${2:-}" = --blocks ] && [ "$kind" = bug ]; then blocks; exit; fi
[ "${2:-}" = --check ] || { names; exit; }
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
  blocks || bad=1
fi
[ $bad = 0 ] && echo "check: $(wc -l < "$tmp/table") $what ($table), each behind ${macro}<NAME> in the rtl/ file its row names$extra"
exit $bad
