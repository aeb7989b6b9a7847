#!/usr/bin/env python3
"""Writes a made-up archive with the real archive's shape, for bench_players: 25,500 distinct
games (prefixes of the 300 games of tests/data/notations.jsonl, cut after 20 plies or more)
among 9,178 players whose activity follows a Zipf-like law (a few play hundreds of games, most
one or two), over 2003-2020, each player's strength drifting a little from year to year; the
results drawn from the Elo model with Cho 35 Elo ahead and a few draws; the rank written in
each name follows the player's strength that year, give or take a rank. Three sites in four
are online (nicknames), one KBS; events: 친선대국 (casual games), one game in ten a 리그 N of
forty games.

usage: tests/bench/archive_like_pgn.py OUT.pgn [GAMES [PLAYERS]]
"""
import json, math, random, sys, os

out = sys.argv[1]
games = int(sys.argv[2]) if len(sys.argv) > 2 else 25500
players = int(sys.argv[3]) if len(sys.argv) > 3 else 9178
here = os.path.dirname(os.path.abspath(__file__))
source = [json.loads(l) for l in open(os.path.join(here, "..", "data", "notations.jsonl"), encoding="utf-8")]
rng = random.Random(34)
strength = [rng.gauss(0, 200) for _ in range(players)]
drift = [rng.gauss(0, 30) for _ in range(players)]
weights, total = [], 0.0
for i in range(players):
    total += (i + 1) ** -0.9
    weights.append(total)
first = [rng.randrange(2003, 2019) for _ in range(players)]
span = [1 + rng.randrange(6) for _ in range(players)]
sites = ["한게임", "엠게임", "장기 for Kakao", "KBS"]

def pick():
    u = rng.random() * total
    lo, hi = 0, players - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if weights[mid] < u: lo = mid + 1
        else: hi = mid
    return lo

cuts = []  # (source game, plies kept): distinct prefixes
for g in source:
    n = len(g["san"].split())
    for k in range(20, n + 1):
        cuts.append((g, k))
rng.shuffle(cuts)
with open(out, "w", encoding="utf-8") as f:
    for i in range(min(games, len(cuts))):
        g, k = cuts[i]
        a = pick()
        b = pick()
        for _ in range(5):
            if b != a and abs(strength[a] - strength[b]) < 250: break
            b = pick()
        if b == a: b = (a + 1) % players
        year = min(2020, first[a] + rng.randrange(span[a]))
        ra = strength[a] + drift[a] * (year - first[a])
        rb = strength[b] + drift[b] * (year - first[b])
        p_cho = 1 / (1 + 10 ** (-(ra - rb + 35 - 25) / 400))
        p_han = 1 / (1 + 10 ** ((ra - rb + 35 + 25) / 400))
        u = rng.random()
        result = "1-0" if u < p_cho else ("0-1" if u < p_cho + p_han else "1/2-1/2")
        site = sites[a % 4]
        def rank(r):
            return max(1, min(9, round(5 + r / 70 + rng.gauss(0, 1))))
        event = "친선대국" if i % 10 else "리그 %d" % (i // 400)
        moves = g["san"].split()[:k]
        text = " ".join(("%d. %s" % (j // 2 + 1, m)) if j % 2 == 0 else m for j, m in enumerate(moves))
        f.write('[Event "%s"]\n[Site "%s"]\n[Date "%d.%02d.%02d"]\n[White "p%04d %d단"]\n[Black "p%04d %d단"]\n'
                '[Result "%s"]\n[Variant "Janggi"]\n[FEN "%s"]\n[SetUp "1"]\n\n%s %s\n\n'
                % (event, site, year, 1 + i % 12, 1 + i % 28, a, rank(ra), b, rank(rb), result, g["start_fen"], text, result))
