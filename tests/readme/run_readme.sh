#!/usr/bin/env bash
# Runs every shell example of the README as written, in a scratch copy of the source tree
# whose build/gibo is the program under test, so that a README change that breaks an
# example fails the tests.
#
# Usage: tests/readme/run_readme.sh SOURCE_DIR GIBO_BINARY [README]
#
# Conventions (README, "For developers"):
# * Every block fenced ```sh is run, one command at a time, in README order, all in the
#   same scratch directory (a later block may use a file an earlier one made). A line
#   ending in `\` continues on the next. Standard input is /dev/null unless the command
#   redirects it.
# * A command must exit 0, or N when its trailing comment says `# exit N` (e.g. `# exit 1:
#   some games are rejected`).
# * A fence ```sh no-test marks a block that is not run here (the set-up and build
#   commands, benchmarks); a trailing `# no-test` comment marks one such command.
# * Each command gets READMETEST_TIMEOUT seconds (default 300).
# On failure it names the block, its README line, the command, the exit status expected and
# got, and prints the end of the command's output; the exit status is 1 when any failed.
set -uo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 SOURCE_DIR GIBO_BINARY [README]" >&2
  exit 2
fi
src=$(cd "$1" && pwd) || exit 2
gibo=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
readme=${3:-$src/README.md}
name=$(basename "$readme")
timeout_s=${READMETEST_TIMEOUT:-300}
[ -x "$gibo" ] || { echo "run_readme: $gibo is not an executable" >&2; exit 2; }
[ -r "$readme" ] || { echo "run_readme: cannot read $readme" >&2; exit 2; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/gibo-readme.XXXXXX") || exit 2
running=""  # the process group of the command running (timeout gives it its own)
trap 'rm -rf "$scratch"' EXIT
trap '[ -n "$running" ] && kill -TERM -- "-$running" 2>/dev/null; exit 1' INT TERM
work=$scratch/tree
mkdir -p "$work"
# The source tree as a fresh clone has it (no build trees, no .git), then the program.
(cd "$src" && tar -cf - --exclude=./.git --exclude='./build*' .) | (cd "$work" && tar -xf -) || exit 2
mkdir -p "$work/build"
ln -s "$gibo" "$work/build/gibo"

# The commands: "block<TAB>line<TAB>expected<TAB>command" per command to run.
plan=$scratch/plan
awk '
  function flush() {
    if (cmd == "") return
    expected = 0; skip = 0
    if (match(cmd, /(^|[ \t])#[ \t]*no-test([ \t:;,.]|$)/)) skip = 1
    if (match(cmd, /(^|[ \t])#[ \t]*exit[ \t]+[0-9]+/)) {
      e = substr(cmd, RSTART, RLENGTH); sub(/.*exit[ \t]+/, "", e); expected = e + 0
    }
    if (!skip) printf "%d\t%d\t%d\t%s\n", block, start, expected, cmd
    cmd = ""
  }
  /^```/ {
    if (!inblock) {
      if ($0 ~ /^```sh[ \t]*$/) { inblock = 1; run = 1; block++ }
      else if ($0 ~ /^```sh[ \t]+no-test/) { inblock = 1; run = 0; block++ }
      else { inblock = 1; run = 0 }
      blockline = NR
      next
    }
    flush(); inblock = 0; next
  }
  inblock && run {
    line = $0
    if (cmd == "") {
      if (line ~ /^[ \t]*(#.*)?$/) next   # blank lines and whole-line comments
      start = NR
    }
    if (line ~ /\\$/) { cmd = cmd substr(line, 1, length(line) - 1) " "; next }
    cmd = cmd line
    flush()
  }
' "$readme" >"$plan"

total=$(wc -l <"$plan")
if [ "$total" -eq 0 ]; then
  echo "run_readme: no command found in $readme" >&2
  exit 1
fi

failed=0 n=0
while IFS=$'\t' read -r block line expected cmd; do
  n=$((n + 1))
  log=$scratch/out.$n
  (cd "$work" && exec timeout "$timeout_s" bash -c "$cmd" </dev/null >"$log" 2>&1) &
  running=$!
  wait "$running"
  status=$?
  running=""
  if [ "$status" -eq "$expected" ]; then
    echo "ok   $name:$line (block $block): $cmd"
  else
    failed=$((failed + 1))
    why="exit status $status, expected $expected"
    [ "$status" -eq 124 ] && why="timed out after ${timeout_s}s (exit 124), expected $expected"
    echo "FAIL $name:$line (block $block): $cmd"
    echo "     $why; last lines of its output:"
    tail -n 15 "$log" | sed 's/^/     | /'
  fi
done <"$plan"

echo "run_readme: $n commands, $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
