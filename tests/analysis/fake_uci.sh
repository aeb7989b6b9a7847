#!/usr/bin/env bash
# A scripted UCI engine for the analysis tests: deterministic answers from a table, and
# faults on demand.
#   fake_uci.sh TABLE [MODE [STATE]]
# TABLE: lines "K KIND VALUE BEST [PV...]": for a position K moves from the start, answer
# "info depth 1 score KIND VALUE pv BEST PV..." and "bestmove BEST" (KIND cp or mate,
# VALUE from the side to move's view). A position not in the table: cp 0, bestmove (none).
# MODE: normal; crash-once (the first `go` ends the engine, once per STATE file);
# crash (every `go`); hang (never answers `go`; with STATE, its process id written there at
# the start, before the handshake, and kept by the process that hangs); garbage (nonsense lines around the
# answer); illegal (best move a1a9); novariant (no UCI_Variant option); noscore (bestmove
# without info); nouciok (never finishes the handshake); slow (normal, 0.05 s per `go`).
# A `go … searchmoves M …` is answered with its first move (score cp 0).
table=$1
mode=${2:-normal}
state=${3:-}
if [ "$mode" = hang ] && [ -n "$state" ]; then echo $$ > "$state"; fi
moves=0
while IFS= read -r line; do
  read -ra w <<< "$line"
  case "${w[0]:-}" in
    uci)
      echo "id name FakeUCI 1.0"
      echo "id author gibo tests"
      [ "$mode" = novariant ] || echo "option name UCI_Variant type combo default chess var chess var janggi var janggimodern"
      echo "option name Hash type spin default 16 min 1 max 1024"
      [ "$mode" = nouciok ] || echo "uciok" ;;
    isready) echo "readyok" ;;
    position)
      moves=0
      seen=0
      for word in "${w[@]}"; do
        if [ $seen -eq 1 ]; then moves=$((moves + 1)); fi
        [ "$word" = moves ] && seen=1
      done ;;
    go)
      for ((i = 1; i < ${#w[@]}; i++)); do
        if [ "${w[i]}" = searchmoves ] && [ $((i + 1)) -lt ${#w[@]} ]; then
          echo "info depth 1 score cp 0 pv ${w[i+1]}"; echo "bestmove ${w[i+1]}"; continue 2
        fi
      done
      case "$mode" in
        crash) exit 3 ;;
        slow) sleep 0.05 ;;
        crash-once) if [ ! -e "$state" ]; then : > "$state"; exit 3; fi ;;
        hang) exec sleep infinity ;;
        garbage) echo "info depth 1 score cp"; echo "this is not uci"; echo "info depth 1 score cp 5 pv zz99" ;;
        illegal) echo "info depth 1 score cp 0 pv a1a9"; echo "bestmove a1a9"; continue ;;
        noscore) echo "bestmove (none)"; continue ;;
      esac
      row=$(awk -v k="$moves" '$1 == k { $1 = ""; print; exit }' "$table")
      read -ra r <<< "$row"
      if [ ${#r[@]} -ge 3 ]; then
        echo "info depth 1 seldepth 1 multipv 1 score ${r[0]} ${r[1]} nodes 1 pv ${r[*]:2}"
        echo "bestmove ${r[2]}"
      else
        echo "info depth 1 score cp 0"
        echo "bestmove (none)"
      fi
      [ "$mode" = garbage ] && echo "trailing garbage after bestmove" ;;
    quit) exit 0 ;;
  esac
done
