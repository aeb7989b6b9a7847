# gibo.Pattern and Archive.search: the pattern language from Python, the same answers as
# `gibo search --pattern`.
import json
import subprocess

import pytest

import gibo


@pytest.fixture(scope="module")
def archive_path(imported, corpus):
    return imported(corpus)


def test_a_pattern_matches_a_game(corpus):
    game = next(iter(gibo.read(corpus / "pobsiz_2010_kbs_chuseok.gib")))
    start = gibo.Pattern("ply = 0 and R = 2 and material cho = 72")
    assert not start.reads_board
    assert start.match(game) == {"matches": [0], "ply": 0, "value": None}
    checks = gibo.Pattern("check").match(game)
    boards = list(game.replay())
    assert checks["matches"] == [i for i, b in enumerate(boards) if b.is_check()]
    assert gibo.Pattern("final").match(game)["matches"] == [len(boards) - 1]
    longest = gibo.Pattern("any sort max ply").match(game)
    assert longest["value"] == len(boards) - 1 and longest["ply"] == len(boards) - 1


def test_a_bad_pattern_names_its_column():
    with pytest.raises(gibo.Error) as e:
        gibo.Pattern("R >= x")
    assert e.value.code == "bad-pattern"
    assert "column 6" in str(e.value)
    with pytest.raises(gibo.Error) as e:
        gibo.Pattern("K >= 2")
    assert "can never match" in str(e.value)


def test_search_equals_the_command(archive_path, gibo_binary):
    pattern = "check then within 2 check"
    with gibo.Archive(archive_path) as db:
        found = db.search(pattern, jobs=2)
        recent = db.search(pattern, where="year >= 2010")
    assert found["games"] and len(recent["games"]) <= len(found["games"])
    assert found["positions"] == sum(g["positions"] for g in found["games"])
    out = subprocess.run([gibo_binary, "search", "--db", str(archive_path), "--pattern", pattern, "--format", "jsonl"],
                         capture_output=True, text=True, check=True)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    want = [(g["id"], g["ply"], g["matches"]) for g in lines if g["type"] == "game"]
    assert [(g["id"], g["ply"], g["matches"]) for g in found["games"]] == want
    summary = lines[-1]
    assert summary["type"] == "summary" and summary["positions"] == found["positions"]
    with pytest.raises(gibo.Error) as e:
        gibo.Archive(archive_path).search("check and")
    assert e.value.code == "bad-pattern"
