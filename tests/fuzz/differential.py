#!/usr/bin/env python3
"""Differential check of two gibo binaries on the text formats (PGN, FEN, UCI, JSONL).

Runs `validate --format jsonl` and `convert --to jsonl --keep-broken` with both binaries on
the given seed files and on randomly mutated copies of them, and reports every file whose
output (standard output, standard error, exit status) differs. Used to show that a reader
rewrite changes no game, ply or diagnostic:

    python3 tests/fuzz/differential.py OLD_GIBO NEW_GIBO --mutants 3000 tests/data samples
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

TEXT_ENDINGS = (".pgn", ".fen", ".uci", ".txt", ".jsonl")

# Pieces of the text grammars, spliced into the seeds so the mutants reach every rule.
TOKENS = [
    b"{", b"}", b"(", b")", b"[", b"]", b"\n[", b"\n[Event \"x\"]\n", b"\n  [", b"$", b"$12", b";", b"\n%",
    b"%", b"1-0", b"0-1", b"1/2-1/2", b"*", b"{[%emt 0:01:02]}", b"[%emt 61]", b"[%emt 1:2:3:4]", b'"', b"\\",
    b'\\"', b"\\n", b"10", b"0", b"1.", b"12...", b"x", b":", b"+", b"#", b"!", b"?", b"-", b"/", b" w ", b" b ",
    b" W ", b" B ", b" - - ", b" 0 1", b" -1 ", b" +3 ", b"99999999999", b"moves", b" moves ", b"fen", b" fen ",
    b"position", b"startpos", b"\t", b"\r\n", b"\r", b"\n", b"\n\n", b" ", b"K", b"Hc3", b"Nc3", b"e2e2",
    b"pass", b"PASS", b"@@@@", b"0000", b"H02-83", b"K95-95", b"a10", b"i10", b"j1", b"\xed\x95\x9c",
    b"\xc7\xd1", b"\x1a", b"\xff", b"#", b"rnba1abnr", b"9/", b"4k4", b"Q", b"z",
]


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(6)
        at = rng.randint(0, len(data))
        if op == 0 and data:  # flip a byte
            i = rng.randrange(len(data))
            data[i] = rng.randrange(256)
        elif op == 1:  # insert a grammar token
            data[at:at] = rng.choice(TOKENS)
        elif op == 2 and data:  # delete a stretch
            data[at:at + rng.randint(1, 16)] = b""
        elif op == 3 and data:  # duplicate a stretch
            n = rng.randint(1, 64)
            data[at:at] = data[at:at + n]
        elif op == 4 and data:  # replace a byte with a grammar token
            i = rng.randrange(len(data))
            data[i:i + 1] = rng.choice(TOKENS)
        else:  # truncate
            del data[at:]
    return bytes(data)


def seeds(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                for f in sorted(files):
                    if f.endswith(TEXT_ENDINGS):
                        yield os.path.join(root, f)
        elif p.endswith(TEXT_ENDINGS):
            yield p


SECONDS = re.compile(rb'"seconds":[-+0-9.e]+')


def run(binary, args, cwd):
    """Exit status, output and errors; the run's own time (validate's summary) left out."""
    r = subprocess.run([binary] + args, cwd=cwd, capture_output=True, timeout=600)
    return r.returncode, SECONDS.sub(b'"seconds":_', r.stdout), r.stderr


def compare(old, new, names, cwd):
    """Runs both commands on each file; returns the names whose outputs differ."""
    bad = []
    for args in (["validate", "--format", "jsonl"], ["convert", "--to", "jsonl", "--keep-broken"]):
        for name in names:
            a = run(old, args + [name], cwd)
            b = run(new, args + [name], cwd)
            if a != b:
                bad.append((" ".join(args), name))
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--mutants", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=23)
    args = ap.parse_args()
    args.old, args.new = os.path.abspath(args.old), os.path.abspath(args.new)
    rng = random.Random(args.seed)
    originals = list(seeds(args.paths))
    with tempfile.TemporaryDirectory() as work:
        names = []
        for i, path in enumerate(originals):
            name = "seed%03d%s" % (i, os.path.splitext(path)[1])
            with open(path, "rb") as f, open(os.path.join(work, name), "wb") as out:
                out.write(f.read())
            names.append(name)
        bodies = [open(p, "rb").read() for p in originals]
        for i in range(args.mutants):
            k = rng.randrange(len(originals))
            name = "mut%05d%s" % (i, os.path.splitext(originals[k])[1])
            with open(os.path.join(work, name), "wb") as out:
                out.write(mutate(bodies[k], rng))
            names.append(name)
        bad = compare(args.old, args.new, names, work)
        for command, name in bad[:20]:
            print("DIFFERS: %s %s" % (command, name))
        print("%d seed files, %d mutants, %d runs per binary, %d differences"
              % (len(originals), args.mutants, 2 * len(names), len(bad)))
        if bad:
            keep = os.path.join(tempfile.gettempdir(), "gibo-differential")
            os.makedirs(keep, exist_ok=True)
            for _, name in bad:
                os.replace(os.path.join(work, name), os.path.join(keep, name)) if os.path.exists(
                    os.path.join(work, name)) else None
            print("differing inputs kept in " + keep)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
