#!/usr/bin/env bash
# A change against the main it came from, both built beside each other (the house rule for
# "outputs byte-equal to main's" and "speed kept"): first the outputs of the two programs on
# the corpus (tests/data/corpus and corpus_sample), compared byte for byte — validate
# --format jsonl, convert to every format, stats --format json, import, then explore --format
# json (the set-up list and one pair), search --format jsonl and export --to jsonl of that
# archive — with the archive's path and validate's "seconds" made equal; then, with a PGN,
# ROUNDS alternating rounds (old, new, old, new, …) of `validate --jobs 1` on the PGN and
# `import --jobs 2` of it into a fresh SQLite file, each timed (wall, user, system seconds),
# and the medians. A benchmark: never run as a test; the times mean something only on a
# quiet machine (the load average is printed each round).
#
# Usage: tests/bench/beside.sh OLD_GIBO NEW_GIBO [PGN [ROUNDS]]
#   PGN     e.g. the 25,500 games `python3 tests/bench/archive_like_pgn.py arch.pgn` writes;
#           without it only the outputs are compared
#   ROUNDS  default 6
# Exit status 1 when an output differs.
set -uo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 OLD_GIBO NEW_GIBO [PGN [ROUNDS]]" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2") pgn=${3:-} rounds=${4:-6}
for g in "$old" "$new"; do [ -x "$g" ] || { echo "beside.sh: $g is not a program" >&2; exit 2; }; done
[ -z "$pgn" ] || [ -x /usr/bin/time ] || { echo "beside.sh: /usr/bin/time is missing (Debian package time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

outputs() {  # program, folder
  local g=$1 o=$2 in=(tests/data/corpus tests/data/corpus_sample) f
  mkdir -p "$o"
  "$g" validate --format jsonl "${in[@]}" > "$o/validate.jsonl" 2>&1
  for f in gib pgn json jsonl fen uci; do "$g" convert --to $f "${in[@]}" > "$o/convert.$f" 2>&1; done
  "$g" stats --format json "${in[@]}" > "$o/stats.json" 2>&1
  "$g" import --db "$o/archive.db" "${in[@]}" > "$o/import.txt" 2>&1
  "$g" explore --db "$o/archive.db" --format json > "$o/explore.json" 2>&1
  "$g" explore --db "$o/archive.db" --setup HEHE,HEHE --format json > "$o/explore_hehe.json" 2>&1
  "$g" search --db "$o/archive.db" --setup HEHE,HEHE --format jsonl > "$o/search.jsonl" 2>&1
  "$g" export --db "$o/archive.db" --to jsonl > "$o/export.jsonl" 2>&1
  rm "$o/archive.db"*
  for f in "$o"/*; do  # the run's own: where the archive was, how long it took
    sed -i "s#$o/#ARCHIVE/#g; s/\"seconds\":[0-9.e-]*/\"seconds\":S/g; s/([0-9.]* s, [0-9,.]* games\/s)/(S s, R games\/s)/g" "$f"
  done
}
echo "outputs on the corpus (old: $("$old" --version), new: $("$new" --version)):"
outputs "$old" "$work/old"
outputs "$new" "$work/new"
differ=0
for f in "$work"/old/*; do
  name=$(basename "$f")
  if cmp -s "$f" "$work/new/$name"; then printf '  same    %-20s %9d bytes\n' "$name" "$(wc -c < "$f")"
  else printf '  DIFFERS %s\n' "$name"; differ=1; fi
done
[ -n "$pgn" ] || exit $differ

echo "times (wall user system, seconds) on $pgn:"
for r in $(seq "$rounds"); do
  for who in old new; do
    g=$old; [ $who = new ] && g=$new
    /usr/bin/time -o "$work/t" -f "%e %U %S" "$g" validate --jobs 1 "$pgn" > /dev/null 2>&1
    echo "validate $who $(tail -n 1 "$work/t")" >> "$work/times"
    /usr/bin/time -o "$work/t" -f "%e %U %S" "$g" import --jobs 2 --db "$work/$who.db" "$pgn" > /dev/null 2>&1
    echo "import $who $(tail -n 1 "$work/t")" >> "$work/times"
    rm -f "$work/$who.db"*
  done
  echo "  round $r: load $(cut -d' ' -f1 /proc/loadavg)"
done
for cmd in validate import; do
  for who in old new; do
    for column in 3 4; do  # wall, user
      awk -v c=$cmd -v w=$who -v k=$column '$1 == c && $2 == w { print $k }' "$work/times" | sort -n |
        awk -v c=$cmd -v w=$who -v what=$([ $column = 3 ] && echo wall || echo user) '{ v[NR] = $1 } END {
          m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
          printf "  %-8s %s: median %.2f s %s (%.2f to %.2f)\n", c, w, m, what, v[1], v[NR] }'
    done
  done
done
exit $differ
