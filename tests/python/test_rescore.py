# gibo.rescore and gibo.rescore_archive: the library's rescore run gives what `gibo rescore`
# prints (the CSV's verdict, winner, reason and note per game), and on an archive stores it.
import csv
import io
import sqlite3
import subprocess

import pytest

import gibo


def cli_rows(gibo_binary, *args):
    r = subprocess.run([gibo_binary, "rescore", "--format", "csv", *args], capture_output=True, text=True)
    assert r.returncode in (0, 1), r.stderr
    return list(csv.DictReader(io.StringIO(r.stdout)))


def test_a_file_as_the_command_rescores_it(gibo_binary, corpus):
    path = corpus / "pobsiz_2008_hangame_festival.gib"
    games = gibo.rescore(path)
    rows = cli_rows(gibo_binary, str(path))
    assert len(games) == len(rows) > 0
    for g, row in zip(games, rows):
        assert (g["index"], g["verdict"], g["winner"], g["note"], g["profile"]) == (
            int(row["index"]), row["verdict"], row["winner"], row["note"], row["profile"])
        assert g["reason"] == (None if row["reason"] == "none" else row["reason"])
    assert {g["verdict"] for g in games} <= {"agrees", "disagrees", "unverifiable", "indeterminate", "no-result",
                                            "invalid"}
    forced = gibo.rescore(path, rules="kja")
    assert {g["profile"] for g in forced} == {"kja"}  # the file saves no rules: every game under the one asked for
    with pytest.raises(gibo.Error) as e:
        gibo.rescore(corpus / "no such file.gib")
    assert e.value.code == "io-error"


def test_an_archive_rescored_and_stored(gibo_binary, corpus, tmp_path):
    db = tmp_path / "a.db"
    r = subprocess.run([gibo_binary, "import", "--db", str(db), str(corpus / "pobsiz_2010_kbs_chuseok.gib")],
                       capture_output=True, text=True)
    assert r.returncode in (0, 1), r.stderr
    games = gibo.rescore_archive(db)
    assert games
    with sqlite3.connect(db) as c:
        stored = dict(c.execute("SELECT game_id, verdict FROM verdicts WHERE profile_id = ?",
                                (games[0]["profile"],)).fetchall())
    assert sorted(stored.values()) == sorted(g["verdict"] for g in games if g["profile"] == games[0]["profile"])
    rows = cli_rows(gibo_binary, "--db", str(db))
    assert [(g["verdict"], g["note"]) for g in games] == [(row["verdict"], row["note"]) for row in rows]
    assert gibo.rescore_archive(db, where="plies < 0") == []
    with pytest.raises(gibo.Error) as e:
        gibo.rescore_archive(db, where="no_such_field = 1")
    assert e.value.code == "bad-query"
