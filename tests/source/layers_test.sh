#!/usr/bin/env bash
# The layer check (cmake/layers.cmake), which every build runs: it passes on the source tree
# and on a tree whose includes keep the order, and fails, naming the file, the include and
# both layers, on each kind of include against the order (by the public include folder, with
# <>, through src/, by a relative path).
#   layers_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$(cd "$1" && pwd)
check="$source_dir/cmake/layers.cmake"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# A small tree with one header in each layer a case uses.
make_tree() {
  local tree=$1
  rm -rf "$tree"
  mkdir -p "$tree"/include/gibo/{core,record,archive,analysis} "$tree"/src/{core,record,report,archive} \
           "$tree"/formats/gib
  echo '#pragma once' > "$tree/include/gibo/core/position.h"
  echo '#pragma once' > "$tree/include/gibo/record/game.h"
  echo '#pragma once' > "$tree/include/gibo/archive/archive.h"
  echo '#pragma once' > "$tree/include/gibo/analysis/process.h"
  echo '#pragma once' > "$tree/src/report/stats.h"
  echo '#pragma once' > "$tree/src/archive/sqlite.h"
  # Includes that keep the order: a lower layer's public header, the layer's own private
  # header, a relative path into a lower layer, a generated header, a system header.
  printf '#include "gibo/core/position.h"\n#include <gibo/record/game.h>\n#include "sqlite.h"\n' \
    > "$tree/src/archive/archive.cpp"
  printf '#include "../../include/gibo/core/position.h"\n#include "gibo/version.h"\n#include <vector>\n' \
    > "$tree/formats/gib/reader.cpp"
  printf '#include "report/stats.h"\n#include "gibo/archive/archive.h"\n' > "$tree/src/report/tables.cpp"
}

# expect_pass NAME TREE
expect_pass() {
  if ! cmake -DROOT="$2" -P "$check" > "$scratch/out" 2>&1; then
    fail "$1: the check failed on includes that keep the order:"
    cat "$scratch/out" >&2
  fi
}

# expect_violation NAME TREE FILE INCLUDE LAYER LATER_LAYER
expect_violation() {
  local name=$1 tree=$2 file=$3 include=$4 layer=$5 later=$6
  if cmake -DROOT="$tree" -P "$check" > "$scratch/out" 2>&1; then
    fail "$name: the check passed a tree where $file includes $include"
    return
  fi
  local expected="$file: the $layer layer includes $include"
  grep -qF "$expected" "$scratch/out" || fail "$name: no line '$expected'"
  grep -qF "of the later layer $later" "$scratch/out" || fail "$name: the later layer $later is not named"
  grep -qF "1 include(s) against the layer order" "$scratch/out" || fail "$name: not counted as one violation"
}

expect_pass "source tree" "$source_dir"

tree="$scratch/tree"
make_tree "$tree"
expect_pass "clean tree" "$tree"

make_tree "$tree"
echo '#include "gibo/archive/archive.h"' >> "$tree/src/core/position.cpp"
expect_violation "public header" "$tree" src/core/position.cpp gibo/archive/archive.h core archive

make_tree "$tree"
echo '#include <gibo/analysis/process.h>' >> "$tree/include/gibo/record/game.h"
expect_violation "angle include in a public header" "$tree" include/gibo/record/game.h gibo/analysis/process.h \
  record analysis

make_tree "$tree"
echo '#include "report/stats.h"' >> "$tree/src/archive/sqlite.h"
expect_violation "through src/" "$tree" src/archive/sqlite.h report/stats.h archive report

make_tree "$tree"
echo '#include "../../src/report/stats.h"' >> "$tree/formats/gib/reader.cpp"
expect_violation "relative path" "$tree" formats/gib/reader.cpp ../../src/report/stats.h formats report

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "layers_test: all cases passed"
