#!/usr/bin/env python3
"""What import takes, export gives back (issue 40): a measurement over game files.

    export_equals_convert.py GIBO PATH... [--db DB]

Imports the game files under PATH (files, or directories searched for .gib .pgn .json
.jsonl) into a fresh archive (a SQLite file in a temporary directory, or the empty
PostgreSQL archive --db names), exports every record it keeps -- each game and its
copies, `export --copies --to jsonl` -- and compares each, field for field, with
`convert --to jsonl` of its source file's record (matched by file and game index; convert
writes the valid games, so a record with errors is counted, not compared). Then reads
gibo's own PGN back: `convert --to pgn`, then `convert --to jsonl`, must keep each game's
stored result (winner, method, margin). Prints the figures (games, copies, twins, copies
that say otherwise, records compared, the fields that differ) and exits 1 on any
difference. Run by ctest on tests/data/twins and tests/data/corpus; run by hand on the
real archive (src/archive/README.md "What export gives back" has the figures):

    tests/cli/export_equals_convert.py build/gibo ../shared/corpus/archive
"""
import collections
import json
import os
import subprocess
import sys
import tempfile

GAME_EXTENSIONS = ('.gib', '.pgn', '.json', '.jsonl')


def game_files(paths):
    """The game files under `paths`, in the order given (a directory's sorted)."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in sorted(os.walk(p)):
                out += [os.path.join(root, n) for n in sorted(names) if n.lower().endswith(GAME_EXTENSIONS)]
        else:
            out.append(p)
    return out


def run(args, ok=(0, 1)):
    r = subprocess.run(args, capture_output=True)
    if r.returncode not in ok:
        sys.exit(f'{" ".join(args[:3])} ...: exit {r.returncode}\n{r.stderr.decode(errors="replace")}')
    return r.stdout.decode('utf-8')


def records(jsonl):
    """The records of JSON Lines text, by (source file, game index)."""
    out = {}
    for line in jsonl.splitlines():
        if line.strip():
            r = json.loads(line)
            out[(r['source']['file'], r['source']['game_index'])] = r
    return out


def differences(a, b):
    """The fields (a.b for a field of an object) in which records a and b differ."""
    out = []
    for key in sorted(set(a) | set(b)):
        x, y = a.get(key), b.get(key)
        if isinstance(x, dict) and isinstance(y, dict):
            out += [f'{key}.{k}' for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k)]
        elif x != y:
            out.append(key)
    return out


def summary(import_out):
    """The import's summary, and the files it skipped as holding the bytes of another."""
    skipped, out = [], None
    for line in import_out.splitlines():
        if '"type":"summary"' in line:
            out = json.loads(line)
        elif '"type":"file"' in line and '"status":"same-content"' in line:
            skipped.append(json.loads(line)['file'])
    if out is None:
        sys.exit('import printed no summary')
    return out, skipped


def converted_records(gibo, f, exported):
    """convert --to jsonl of file `f`, by the key its records have in `exported`: (file,
    game index). A JSON record names the file it came from first in its `source`, which
    the archive does not keep (it keeps the file it read it from and the rank there): its
    records are matched in order with the valid records exported from `f`, and compared
    without their `source`."""
    converted = records(run([gibo, 'convert', '--to', 'jsonl', f]))
    if not f.lower().endswith(('.json', '.jsonl')):
        return converted
    def valid(record):
        return all(d['severity'] != 'error' for d in record.get('diagnostics', []))
    mine = sorted((k for k, r in exported.items() if k[0] == f and valid(r)), key=lambda k: k[1])
    out = {}
    for key, record in zip(mine, converted.values()):
        record['source'] = exported[key]['source']
        out[key] = record
    return out


def compare_export(gibo, files, db):
    """Imports `files` into `db`, exports every record, compares with convert; the figures."""
    s, same_bytes = summary(run([gibo, 'import', '--db', db, '--format', 'jsonl'] + files))
    exported = records(run([gibo, 'export', '--db', db, '--to', 'jsonl', '--copies']))
    converted = {}
    # A file with the same bytes as an earlier one is the same source: kept once.
    for f in files:
        if f not in same_bytes:
            converted.update(converted_records(gibo, f, exported))
    fields = collections.Counter()
    compared = unmatched = 0
    example = {}
    for key, e in exported.items():
        c = converted.get(key)
        if c is None:
            unmatched += 1  # a record with errors: convert writes the valid games only
            continue
        compared += 1
        for field in differences(e, c):
            fields[field] += 1
            example.setdefault(field, key)
    print(f'records read {s["games"]}: games {s["added"]} (twins {s["twins"]}), copies {s["duplicates"]} '
          f'(saying otherwise {s["conflicts"]}), invalid {s["invalid"]}; {len(same_bytes)} files skipped, '
          f'the bytes of an earlier one')
    print(f'export --copies --to jsonl: {len(exported)} records; {compared} compared with convert --to jsonl, '
          f'{unmatched} with errors not compared')
    missing = len(converted) - compared
    if missing:
        print(f'  {missing} records converted but not exported')
    for field, n in fields.most_common():
        print(f'  {n} records differ in {field} (first: {example[field][0]}:{example[field][1] + 1})')
    return len(exported) == s['games'] - s['rejected'] and not fields and not missing


def compare_pgn(gibo, files, scratch):
    """convert --to pgn, then --to jsonl, keeps each game's stored result; the figures."""
    fields = collections.Counter()
    games = 0
    for n, f in enumerate(files):
        direct = list(records(run([gibo, 'convert', '--to', 'jsonl', f])).values())
        pgn = os.path.join(scratch, f'{n}.pgn')
        run([gibo, 'convert', '--to', 'pgn', f, '-o', pgn])
        back = list(records(run([gibo, 'convert', '--to', 'jsonl', pgn])).values()) if os.path.exists(pgn) else []
        if len(back) != len(direct):
            fields['games'] += 1
            continue
        for a, b in zip(direct, back):
            games += 1
            for key in ('winner', 'method', 'margin_half_points', 'recognised', 'pgn'):
                if a['result'].get(key) != b['result'].get(key):
                    fields[f'result.{key}'] += 1
    print(f'convert --to pgn, then --to jsonl: {games} games')
    for field, n in fields.most_common():
        print(f'  {n} differ in {field}')
    return not fields


def main():
    args = sys.argv[1:]
    db = None
    if '--db' in args:
        at = args.index('--db')
        db = args[at + 1]
        del args[at:at + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    gibo, files = args[0], game_files(args[1:])
    with tempfile.TemporaryDirectory() as scratch:
        same = compare_export(gibo, files, db or os.path.join(scratch, 'archive.sqlite'))
        kept = compare_pgn(gibo, files, scratch)
    print('same' if same and kept else 'DIFFERENT')
    return 0 if same and kept else 1


if __name__ == '__main__':
    sys.exit(main())
