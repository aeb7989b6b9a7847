#!/usr/bin/env python3
"""Where the line between twins and copies lies (issue 40): a measurement over game files.

    twins_line.py GIBO PATH...

Imports PATH (game files or directories) into a temporary SQLite archive and reads back
every record it keeps (games and copies) with gibo's own facts (the players' identities,
the dates): among pairs of records from one start whose players are others (both sides
named, not the same pair of identities) and whose dates do not agree, how many plies from
the start they share at most (so a game that short can be played twice, move for move);
and among the groups of identical move lists, the shortest whose records name other
players. src/archive/README.md "Copies and twins" gives the real archive's figures:

    tests/cli/twins_line.py build/gibo ../shared/corpus/archive
"""
import collections
import os
import sqlite3
import subprocess
import sys
import tempfile


def agree(a, b):
    """Do two date keys agree (one missing, or one a part of the other)?"""
    return not a or not b or a.startswith(b) or b.startswith(a)


def shared(a, b):
    """The plies two moves blobs share from the start."""
    n = 0
    while 2 * n + 1 < min(len(a), len(b)) and a[2 * n:2 * n + 2] == b[2 * n:2 * n + 2]:
        n += 1
    return n


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    gibo, paths = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as scratch:
        db = os.path.join(scratch, 'archive.sqlite')
        r = subprocess.run([gibo, 'import', '--db', db] + paths, capture_output=True)
        if r.returncode not in (0, 1):
            sys.exit(r.stderr.decode(errors='replace'))
        con = sqlite3.connect(db)
        rows = con.execute('SELECT g.start_id, g.moves, f.cho_id, f.han_id, coalesce(f.date, \'\') FROM games AS g '
                           'JOIN game_facts AS f ON f.game_id = g.id ORDER BY g.start_id, g.moves').fetchall()
        groups = con.execute('SELECT min(g.plies) FROM games AS g JOIN copy_conflicts AS x ON x.game_id = g.id '
                             'WHERE x.conflicts LIKE \'%cho%\' OR x.conflicts LIKE \'%han%\'').fetchone()[0]
    # Sorted by moves, the records sharing the most plies with one are its neighbours: each is
    # compared with the next ones while they share any ply.
    longest, pairs = 0, collections.Counter()
    for i, (start, moves, cho, han, date) in enumerate(rows):
        for other in rows[i + 1:i + 60]:
            if other[0] != start:
                break
            n = shared(moves, other[1])
            if n == 0:
                break
            named = cho and han and other[2] and other[3]
            if named and {cho, han} != {other[2], other[3]} and not agree(date, other[4]) and moves != other[1]:
                pairs[min(n // 5 * 5, 40)] += 1
                longest = max(longest, n)
    print(f'{len(rows)} records; two records of other players and dates share at most {longest} plies '
          f'(pairs by plies shared, in fives: {sorted(pairs.items())})')
    print(f'the shortest group of identical move lists whose records name other players: {groups} plies')
    return 0


if __name__ == '__main__':
    sys.exit(main())
