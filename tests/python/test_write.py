# gibo.convert and gibo.export: the library's conversion and export give what `gibo convert`
# and `gibo export` write to standard output, byte for byte.
import subprocess

import pytest

import gibo


def cli(gibo_binary, *args):
    r = subprocess.run([gibo_binary, *args], capture_output=True)
    assert r.returncode in (0, 1), r.stderr
    return r.stdout.decode("utf-8")


@pytest.mark.parametrize("to", ["gib", "pgn", "jsonl", "uci"])
def test_convert_writes_what_the_command_writes(gibo_binary, corpus, to):
    paths = sorted(corpus.glob("*.gib"))[:3]
    got = gibo.convert(paths, to)
    assert got["text"] == cli(gibo_binary, "convert", "--to", to, *map(str, paths))
    assert got["written"] == got["games"] - got["rejected"] > 0


def test_convert_keeps_broken_games_on_request(gibo_binary, corpus):
    paths = sorted((corpus.parent / "fixtures" / "gib").glob("*.gib"))  # games that do not replay among them
    plain = gibo.convert(paths, "pgn")
    assert plain["rejected"] > 0 and len(plain["errors"]) >= plain["rejected"]
    assert all(d.severity == "error" for d in plain["errors"])
    kept = gibo.convert(paths, "pgn", keep_broken=True)
    assert kept["written"] == kept["games"]
    assert kept["text"] == cli(gibo_binary, "convert", "--to", "pgn", "--keep-broken", *map(str, paths))
    with pytest.raises(gibo.Error) as e:
        gibo.convert(paths, "docx")
    assert e.value.code == "bad-format"


def test_export_writes_what_the_command_writes(gibo_binary, corpus, imported):
    db = imported(corpus)
    for where in ["", "plies < 60"]:
        got = gibo.export(db, "jsonl", where=where)
        assert got["text"] == cli(gibo_binary, "export", "--db", str(db), "--to", "jsonl", *(["--where", where] if where else []))
        assert got["written"] == got["text"].count("\n") > 0
    first = gibo.export(db, "pgn", query="SELECT id FROM games ORDER BY id LIMIT 2")
    assert first["written"] == 2
    with pytest.raises(gibo.Error) as e:
        gibo.export(db, "pgn", query="SELECT 987654")
    assert e.value.code == "bad-query"
