#!/usr/bin/env python3
"""Python's reading speed beside the command line's (not run by CI).

Copies tests/data/corpus COPIES times into a temporary folder, then times, best of
ROUNDS interleaved rounds, from disk:
  cli     `gibo validate --format jsonl --jobs 1 DIR > file` (every ply replayed)
  python  `for g in gibo.read(f): plies += g.plies` over the same files (every ply
          replayed, in the library's reading thread)
  moves   the same, also building every game's Move objects (UCI, Korean notation)
and prints plies/s and Python's share of the command line's speed (goal: at least 0.5).

  usage: PYTHONPATH=build/python python3 tests/bench/bench_python.py build/gibo [COPIES] [ROUNDS]
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import gibo

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main():
    binary = sys.argv[1]
    copies = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    corpus = sorted(p for p in (ROOT / "tests" / "data" / "corpus").iterdir() if p.suffix == ".gib")
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for k in range(copies):
            d = pathlib.Path(tmp) / f"copy{k:04d}"
            d.mkdir()
            for p in corpus:
                shutil.copyfile(p, d / p.name)
                files.append(str(d / p.name))
        files.sort()
        plies = sum(g.plies for f in files[: len(corpus)] for g in gibo.read(f)) * copies
        best = {"cli": float("inf"), "python": float("inf"), "moves": float("inf")}
        for _ in range(rounds):
            t = time.perf_counter()
            with open(os.path.join(tmp, "out.jsonl"), "wb") as out:
                subprocess.run([binary, "validate", "--format", "jsonl", "--jobs", "1", tmp], stdout=out, check=False)
            best["cli"] = min(best["cli"], time.perf_counter() - t)

            t = time.perf_counter()
            n = 0
            for f in files:
                for g in gibo.read(f):
                    n += g.plies
            best["python"] = min(best["python"], time.perf_counter() - t)
            assert n == plies, (n, plies)

            t = time.perf_counter()
            n = 0
            for f in files:
                for g in gibo.read(f):
                    n += len(g.moves)
            best["moves"] = min(best["moves"], time.perf_counter() - t)
        print(f"{len(files)} files, {plies} plies; best of {rounds}; load average {os.getloadavg()[0]:.1f}")
        for name, seconds in best.items():
            print(f"{name:7s} {plies / seconds / 1e6:6.2f} M plies/s  ({seconds:.2f} s)")
        print(f"python / cli: {best['cli'] / best['python']:.2f}  (with moves: {best['cli'] / best['moves']:.2f})")


if __name__ == "__main__":
    main()
