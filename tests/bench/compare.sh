#!/usr/bin/env bash
# Runs build/tests/bench/bench_cli (validate, import and perft throughput of the gibo
# program) together with the reference programs when they are installed, in the same run:
# pgn-extract on a chess PGN (the validate reference: `pgn-extract -r -s` reads, replays
# and checks every move) and Fairy-Stockfish's perft. Prints the table and the ratios.
#
# Usage: tests/bench/compare.sh [CHESS_PGN] [bench_cli options...]
#   CHESS_PGN   a chess PGN for pgn-extract (e.g. 20,000 games, about 2.3 M plies);
#               without it, or without pgn-extract, the pgn-extract comparison is skipped
# Environment: BUILD (default build), PGN_EXTRACT, FAIRY_STOCKFISH (default: found on
# PATH or in /usr/games; Debian packages pgn-extract and fairy-stockfish).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
bench="$build/tests/bench/bench_cli"
[ -x "$bench" ] || { echo "compare.sh: $bench not built (cmake --build $build)" >&2; exit 2; }

find_tool() {  # name, override
  if [ -n "$2" ]; then echo "$2"; return; fi
  command -v "$1" 2>/dev/null || { [ -x "/usr/games/$1" ] && echo "/usr/games/$1"; } || true
}

args=()
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then
  pgn=$1
  shift
  [ -r "$pgn" ] || { echo "compare.sh: cannot read $pgn" >&2; exit 2; }
  tool=$(find_tool pgn-extract "${PGN_EXTRACT:-}")
  if [ -n "$tool" ]; then args+=(--pgn-extract "$tool" --chess-pgn "$pgn")
  else echo "compare.sh: pgn-extract is not installed; no validate reference" >&2; fi
fi
tool=$(find_tool fairy-stockfish "${FAIRY_STOCKFISH:-}")
if [ -n "$tool" ]; then args+=(--fairy-stockfish "$tool")
else echo "compare.sh: fairy-stockfish is not installed; no perft reference" >&2; fi

uptime
"$bench" "${args[@]}" "$@"
uptime
