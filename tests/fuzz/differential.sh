#!/usr/bin/env bash
# Differential check of two gibo programs (say main's and a branch's): the outputs of
# `validate --format jsonl`, `validate --strict --format jsonl` and
# `convert --to jsonl --keep-broken` must be byte-identical (the timing field aside),
# with the same exit status and standard error, for every input given (files or folders).
# Usage: tests/fuzz/differential.sh OLD_GIBO NEW_GIBO INPUT...
# Mutated .gib inputs: tests/fuzz/gib_mutants.py OUT 3000 tests/data/corpus/*.gib
set -uo pipefail
old=$1 new=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bad=0
for input in "$@"; do
  for args in "validate --format jsonl --jobs 1" "validate --strict --format jsonl --jobs 1" \
              "convert --to jsonl --keep-broken"; do
    # shellcheck disable=SC2086
    "$old" $args "$input" > "$work/a" 2> "$work/a.err"; a=$?
    # shellcheck disable=SC2086
    "$new" $args "$input" > "$work/b" 2> "$work/b.err"; b=$?
    sed -Ei 's/"seconds":[0-9.e+-]*//' "$work/a" "$work/b"
    if [ $a != $b ] || ! cmp -s "$work/a" "$work/b" || ! cmp -s "$work/a.err" "$work/b.err"; then
      echo "DIFFERENT: gibo $args $input (exit $a / $b)"
      bad=$((bad + 1))
    fi
  done
done
echo "differential: $# inputs, $bad differing outputs"
[ $bad = 0 ]
