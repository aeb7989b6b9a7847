# gibo.Archive on an archive `gibo import` made: games(where=...), query(sql), explore(fen).
import subprocess

import pytest

import gibo


@pytest.fixture(scope="module")
def archive_path(imported, samples):
    return imported(samples)


def test_games_and_where(archive_path, gibo_binary):
    with gibo.Archive(archive_path) as db:
        every = db.games()
        assert len(every) == len(db) > 10
        recent = db.games(where="year >= 2010")
        assert 0 < len(recent) < len(every)
        assert all(int(g.tags.get("대국일자", "0")[:4]) >= 2010 for g in recent)
        g = every[0]
        assert g.moves and g.moves[0].uci
        with pytest.raises(gibo.Error) as e:
            db.games(where="no_such_field = 1")
        assert e.value.code == "bad-query"
    with pytest.raises(gibo.Error):
        db.games()  # closed


def test_query_is_a_select_of_game_ids(archive_path):
    db = gibo.Archive(archive_path)
    games = db.query("SELECT id FROM games WHERE plies > 100 ORDER BY id")
    assert games and all(g.plies > 100 for g in games)


def test_explore_the_start(archive_path, gibo_binary):
    db = gibo.Archive(archive_path)
    e = db.explore()
    assert e["games"] > 0
    assert sum(m["games"] for m in e["moves"]) + e["ended_here"] + e["broken_here"] == e["games"]
    import json

    out = subprocess.run([gibo_binary, "explore", "--db", str(archive_path), "--setup", "HEEH,HEEH", "--format", "json"],
                         capture_output=True, text=True, check=True)
    want = json.loads(out.stdout)
    assert [(m["uci"], m["games"]) for m in e["moves"]] == [(m["uci"], m["games"]) for m in want["moves"]]


def test_missing_archive_is_an_error(tmp_path):
    with pytest.raises(gibo.Error):
        gibo.Archive(tmp_path / "none.db")
