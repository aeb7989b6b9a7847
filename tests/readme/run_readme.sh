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
# * A fence ```sh postgresql marks a block whose commands run with GIBO_DB naming a
#   database on a PostgreSQL server of the runner's own (tests/pg/pg_server.sh: initdb and
#   pg_ctl in a temporary directory), started for the first such block and stopped at the
#   end, one for the whole README. Without PostgreSQL's server programs those commands
#   are skipped (counted as such), except under CI (CI set), where they fail.
# * Each command gets READMETEST_TIMEOUT seconds (default 300). A set-up (.ci/), cmake, ctest
#   or benchmark command outside a no-test block fails without being run.
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
pg_dir=/tmp/gibo-readme-pg-$$  # short: a unix socket's path takes at most 107 bytes
pg_state=none pg_uri=""
stop_pg() { [ "$pg_state" = up ] && bash "$src/tests/pg/pg_server.sh" stop "$pg_dir" >/dev/null 2>&1; }
trap 'stop_pg; rm -rf "$scratch"' EXIT
trap '[ -n "$running" ] && kill -TERM -- "-$running" 2>/dev/null; exit 1' INT TERM
work=$scratch/tree
mkdir -p "$work"
# The source tree as a fresh clone has it (no build trees, no .git), then the program.
(cd "$src" && tar -cf - --exclude=./.git --exclude='./build*' .) | (cd "$work" && tar -xf -) || exit 2
mkdir -p "$work/build"
ln -s "$gibo" "$work/build/gibo"

# The commands: "block<TAB>line<TAB>expected<TAB>postgresql<TAB>command" per command to
# run (postgresql: 1 in a ```sh postgresql block).
plan=$scratch/plan
awk '
  function flush() {
    if (cmd == "") return
    expected = 0; skip = 0
    if (match(cmd, /(^|[ \t])#[ \t]*no-test([ \t:;,.]|$)/)) skip = 1
    if (match(cmd, /(^|[ \t])#[ \t]*exit[ \t]+[0-9]+/)) {
      e = substr(cmd, RSTART, RLENGTH); sub(/.*exit[ \t]+/, "", e); expected = e + 0
    }
    if (!skip) printf "%d\t%d\t%d\t%d\t%s\n", block, start, expected, pg, cmd
    cmd = ""
  }
  /^```/ {
    if (!inblock) {
      pg = 0
      if ($0 ~ /^```sh[ \t]*$/) { inblock = 1; run = 1; block++ }
      else if ($0 ~ /^```sh[ \t]+postgresql[ \t]*$/) { inblock = 1; run = 1; pg = 1; block++ }
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

failed=0 skipped=0 n=0
while IFS=$'\t' read -r block line expected pg cmd; do
  n=$((n + 1))
  log=$scratch/out.$n
  if [ "$pg" -eq 1 ] && [ "$pg_state" = none ]; then
    pg_uri=$(bash "$src/tests/pg/pg_server.sh" start "$pg_dir" 2>"$scratch/pg.err")
    case $? in
      0) pg_state=up ;;
      77) pg_state=absent ;;
      *) pg_state=failed ;;
    esac
  fi
  if [ "$pg" -eq 1 ] && [ "$pg_state" != up ]; then
    if [ "$pg_state" = absent ]; then
      skipped=$((skipped + 1))
      echo "skip $name:$line (block $block): $cmd"
      echo "     not run: PostgreSQL's server programs are not installed"
    else
      failed=$((failed + 1))
      echo "FAIL $name:$line (block $block): $cmd"
      echo "     no PostgreSQL server for the block:"
      tail -n 15 "$scratch/pg.err" | sed 's/^/     | /'
    fi
    continue
  fi
  if [[ $cmd =~ (^|[[:space:]\;\&\|\(])((bash[[:space:]]+)?\.ci/|cmake[[:space:]]|ctest[[:space:]]|(build/)?tests/bench/) ]]; then
    # Set-up, builds and benchmarks take many minutes: never from inside the tests.
    failed=$((failed + 1))
    echo "FAIL $name:$line (block $block): $cmd"
    echo "     not run: set-up (.ci/), cmake, ctest and benchmark commands belong in a \`\`\`sh no-test block"
    continue
  fi
  (cd "$work" && { [ "$pg" -eq 0 ] || export GIBO_DB="$pg_uri"; } &&
    exec timeout "$timeout_s" bash -c "$cmd" </dev/null >"$log" 2>&1) &
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

echo "run_readme: $n commands, $((n - failed - skipped)) passed, $failed failed$([ "$skipped" -eq 0 ] || echo ", $skipped skipped")"
[ "$failed" -eq 0 ]
