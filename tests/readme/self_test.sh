#!/usr/bin/env bash
# The README runner (run_readme.sh) on a small made-up README: it runs ```sh blocks command
# by command, honours `# exit N`, `no-test` blocks and `# no-test` lines and `\` continuations,
# runs ```sh postgresql blocks with GIBO_DB on a server of its own (or skips them where
# PostgreSQL's server programs are not installed), and names the block, line and command
# that failed.
# Usage: tests/readme/self_test.sh SOURCE_DIR GIBO_BINARY
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gibo-readme-self.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
fail() { echo "self_test: $*"; echo "--- runner output:"; cat "$tmp/out"; exit 1; }

cat >"$tmp/EXAMPLE.md" <<'MD'
# example

```sh no-test
false
```

```sh
build/gibo --version
# a comment line is not a command
build/gibo validate \
  samples/pobsiz_2010_kbs_chuseok.gib
build/gibo validate tests/data/fixtures/gib/wrong_piece.gib   # exit 1: rejected
echo made > made.txt
test -f made.txt
sleep 100   # no-test
```

```
false (not a shell block)
```

```sh
build/gibo validate tests/data/fixtures/gib/wrong_piece.gib
exit 3   # exit 2
bash .ci/main
cmake --build build
```

```sh postgresql
test -n "$GIBO_DB"
build/gibo import --db "$GIBO_DB" samples/pobsiz_2010_kbs_chuseok.gib
```
MD

bash "$here/run_readme.sh" "$1" "$2" "$tmp/EXAMPLE.md" >"$tmp/out" 2>&1
status=$?
[ "$status" -eq 1 ] || fail "exit status $status, expected 1 (two commands fail)"
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null; then
  grep -q '^run_readme: 11 commands, 7 passed, 4 failed$' "$tmp/out" || fail "wrong count of commands"
  grep -q '^ok   EXAMPLE.md:31 (block 4): build/gibo import --db "$GIBO_DB"' "$tmp/out" || fail "no PostgreSQL block"
elif [ -z "${CI:-}" ]; then
  grep -q '^run_readme: 11 commands, 5 passed, 4 failed, 2 skipped$' "$tmp/out" || fail "wrong count of commands"
fi
grep -q '^ok   EXAMPLE.md:10 (block 2): build/gibo validate    samples/' "$tmp/out" || fail "continuation not joined"
grep -q '^ok   EXAMPLE.md:12 (block 2): build/gibo validate tests/data/fixtures/gib/wrong_piece.gib' "$tmp/out" ||
  fail "# exit 1 not honoured"
grep -q '^FAIL EXAMPLE.md:23 (block 3): build/gibo validate tests/data/fixtures/gib/wrong_piece.gib$' "$tmp/out" ||
  fail "the failing command is not named with its block and line"
grep -q 'exit status 1, expected 0' "$tmp/out" || fail "statuses not reported"
grep -q 'error\[wrong-piece\]' "$tmp/out" || fail "the failing command's output is not shown"
grep -q '^FAIL EXAMPLE.md:24 (block 3): exit 3   # exit 2$' "$tmp/out" || fail "a wrong status passed"
grep -q '^FAIL EXAMPLE.md:25 (block 3): bash .ci/main$' "$tmp/out" || fail "a .ci/ command was not refused"
grep -q '^FAIL EXAMPLE.md:26 (block 3): cmake --build build$' "$tmp/out" || fail "a build command was not refused"
grep -q 'sleep 100' "$tmp/out" && fail "a # no-test line was run"
[ -e "$1/made.txt" ] && fail "a command wrote into the source tree"
echo "self_test: ok"
