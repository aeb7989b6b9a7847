#!/usr/bin/env bash
# How -j N engines speed up `gibo analyze` and `gibo rescore --engine` (issue 30: N = 2
# should give >= 1.8x one job on an idle two-core machine). Runs each command with -j 1
# and -j N on the same real corpus games (tests/data/corpus), each engine single-threaded
# (--option Threads=1), checks that the outputs are byte-identical, and prints the wall
# times, the speed-up and the load average before and after (the figure means something
# only on a quiet machine). A benchmark: never run as a test.
#
# Usage: tests/bench/bench_jobs.sh [N] [DEPTH]        (default N 2, DEPTH 8)
# Environment: BUILD (default build).
set -euo pipefail
cd "$(dirname "$0")/../.."
gibo=${BUILD:-build}/gibo
[ -x "$gibo" ] || { echo "bench_jobs.sh: $gibo not built" >&2; exit 2; }
jobs=${1:-2}
depth=${2:-8}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
corpus=tests/data/corpus
games=("$corpus"/pobsiz_kakao0*.gib "$corpus"/pobsiz_amateur0*.gib)

seconds() {  # the wall time of a command, its output into $1
  local out=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  "$@" > "$out" 2> /dev/null || true
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }' 
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); cores: $(nproc)"
for cmd in analyze rescore; do
  if [ $cmd = analyze ]; then args=(analyze --depth "$depth" --option Threads=1 --format jsonl "${games[@]}")
  else args=(rescore --engine --depth $((depth + 4)) --option Threads=1 --format jsonl "$corpus"); fi
  one=$(seconds "$work/$cmd.1" "$gibo" "${args[@]}" -j 1)
  many=$(seconds "$work/$cmd.$jobs" "$gibo" "${args[@]}" -j "$jobs")
  same=identical
  cmp -s "$work/$cmd.1" "$work/$cmd.$jobs" || same=DIFFERENT
  printf '%-8s -j 1 %7.2f s   -j %d %7.2f s   speed-up %.2fx   output %s\n' "$cmd" "$one" "$jobs" "$many" \
    "$(awk -v a="$one" -v b="$many" 'BEGIN { print a / b }')" "$same"
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
