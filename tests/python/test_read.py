# gibo.read and gibo.validate against the gibo program: reading the repository corpus
# gives the same games, moves and diagnostics as `gibo validate --format jsonl` (and the
# moves `gibo convert --to jsonl` writes), from a path, bytes or a file object.
import json
import subprocess

import pytest

import gibo


def jsonl(gibo_binary, *args):
    out = subprocess.run([gibo_binary, *args], capture_output=True, check=False, text=True)
    assert out.returncode in (0, 1), out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def diag_rows(ds, severity, rows=None):
    # The fields `gibo validate --format jsonl` writes (with "severity" when it writes it).
    keys = set(rows[0]) if rows else None
    out = []
    for d in ds:
        if d.severity != severity:
            continue
        r = {"code": d.code, "severity": d.severity, "line": d.line, "col": d.column, "ply": d.ply,
             "token": d.token, "message": d.message}
        out.append({k: v for k, v in r.items() if keys is None or k in keys})
    return out


def corpus_files(corpus):
    files = sorted(p for p in corpus.iterdir() if p.suffix == ".gib")
    assert len(files) >= 30
    return files


def test_corpus_games_and_diagnostics_match_validate(gibo_binary, corpus):
    games_seen = 0
    for path in corpus_files(corpus):
        rows = jsonl(gibo_binary, "validate", "--format", "jsonl", str(path))
        expected = [r for r in rows if r["type"] == "game"]
        file_row = next(r for r in rows if r["type"] == "file")
        it = gibo.read(str(path))
        games = list(it)
        assert len(games) == len(expected), path
        for game, want in zip(games, expected):
            assert game.file == want["file"]
            assert game.index == want["index"]
            assert game.line == want["line"]
            assert game.plies == want["plies"] == len(game.moves)
            assert game.valid_plies == want["valid_plies"]
            assert game.valid == want["valid"]
            assert game.annotated == want["annotated"]
            assert game.profile == want["profile"]
            assert game.result == want["result"]
            for severity, key in (("error", "errors"), ("warning", "warnings"), ("note", "notes")):
                assert diag_rows(game.diagnostics, severity, want[key]) == want[key], (path, game.index, key)
            games_seen += 1
        assert it.format == file_row["format"]
        assert it.encoding == file_row["encoding"]
        assert diag_rows(it.file_diagnostics, "error", file_row["errors"]) == file_row["errors"]
        assert diag_rows(it.file_diagnostics, "warning", file_row["warnings"]) == file_row["warnings"]
    assert games_seen > 80


def test_corpus_moves_match_convert(gibo_binary, corpus):
    compared = 0
    for path in corpus_files(corpus):
        # convert writes the games that validate (the others are reported and skipped).
        written = jsonl(gibo_binary, "convert", str(path), "--to", "jsonl")
        valid = [g for g in gibo.read(str(path)) if g.valid]
        assert len(written) == len(valid), path
        for game, want in zip(valid, written):
            moves = game.moves
            if "plies" in want:  # JSON Lines version 1: one object a ply
                assert [m.uci for m in moves] == [p["uci"] for p in want["plies"]]
                assert [m.comments for m in moves] == [p["comments"] for p in want["plies"]]
                assert game.tag_list == [(t["name"], t["value"]) for t in want["tags"]]
            else:  # versions 2 and 3 (compact): the moves in one string, the ply texts in a list
                assert [m.uci for m in moves] == want["moves"].split()
                assert [m.text for m in moves] == want["texts"]
                assert game.tag_list == [tuple(t) for t in want["tags"]]
            compared += 1
    assert compared > 50


def test_bytes_and_file_objects_read_as_the_path(samples):
    path = samples / "pobsiz_2010_kbs_chuseok.gib"
    data = path.read_bytes()
    by_path = [[m.uci for m in g.moves] for g in gibo.read(path)]
    by_bytes = [[m.uci for m in g.moves] for g in gibo.read(data)]
    by_view = [[m.uci for m in g.moves] for g in gibo.read(memoryview(data))]
    with open(path, "rb") as f:
        by_file = [[m.uci for m in g.moves] for g in gibo.read(f)]
    assert by_path == by_bytes == by_view == by_file
    assert len(by_path) == 1 and len(by_path[0]) == 107


def test_game_fields(samples):
    (game,) = gibo.read(samples / "pobsiz_2010_kbs_chuseok.gib")
    assert game.tags["대회명"] == "2010 추석 특집 KBS장기왕전"
    assert game.tags["초차림"] == "마상마상"
    assert game.result == "초 완승"
    first = game.moves[0]
    assert (first.ply, first.uci, first.korean, first.text) == (1, "i4h4", "79졸78", "79楚卒78")
    assert game.moves[1].korean == "41병42"
    assert first.comment is None
    assert game.valid and game.valid_plies == 107 and game.profile == "janggi-gg"


def test_comments_and_unreplayed_plies(samples):
    pgn = b'[Event "t"]\n\n1. Pih4 {a comment} Pab7 2. Hc3 Hc8 3. Rxa9 *\n'
    (game,) = gibo.read(pgn)
    assert game.moves[0].comment == "a comment"
    assert not game.valid  # Rxa9 names no move: reported, not read as a ply
    assert game.errors[0].code == "no-such-move" and game.errors[0].ply == 5
    data = (samples / "pobsiz_2010_kbs_chuseok.gib").read_bytes()
    illegal = data.replace("02楚馬83".encode("cp949"), "02楚馬84".encode("cp949"))  # b1 to d3
    (game,) = gibo.read(illegal)
    assert game.valid_plies == 2 and game.plies == 107
    assert [m.uci for m in game.moves[:2]] == ["i4h4", "a7b7"]
    assert all(m.uci is None for m in game.moves[2:])
    assert game.moves[2].korean == game.moves[2].text == "02楚馬84"
    assert len(game.replay()) == 3


def test_broken_games_are_delivered_not_dropped(samples):
    data = (samples / "pobsiz_2010_kbs_chuseok.gib").read_bytes()
    broken = data.replace("02楚馬83".encode("cp949"), "02楚象83".encode("cp949"))
    games = list(gibo.read(broken + b"\r\n\r\n" + data))
    assert [g.valid for g in games] == [False, True]
    assert games[0].errors[0].code == "wrong-piece"
    assert games[0].errors[0].ply == 3


def test_validate_returns_diagnostic_objects(gibo_binary, corpus):
    ds = gibo.validate(corpus)
    rows = jsonl(gibo_binary, "validate", "--format", "jsonl", str(corpus))
    want = sum(len(r.get(k, [])) for r in rows if r["type"] in ("game", "file") for k in ("errors", "warnings", "notes"))
    assert len(ds) == want
    assert all(isinstance(d, gibo.Diagnostic) for d in ds)
    assert all(d.file.startswith(str(corpus)) for d in ds)
    assert str(ds[0]).startswith(ds[0].file + ":")


def test_options(samples):
    path = samples / "pobsiz_2010_kbs_chuseok.gib"
    (g,) = gibo.read(path, rules="fs-janggi")
    assert g.profile == "fs-janggi"
    (g,) = gibo.read(path, replay=False)
    assert g.valid_plies == 0
    (g,) = gibo.read(path, format="gib", encoding="cp949")
    assert g.valid


def test_errors_are_exceptions_with_fields(tmp_path):
    with pytest.raises(gibo.Error) as e:
        gibo.read(tmp_path / "missing.gib")
    assert e.value.code == "io-error"
    assert e.value.file == str(tmp_path / "missing.gib")
    assert "no such file or directory" in e.value.message
    with pytest.raises(gibo.Error) as e:
        gibo.read(tmp_path)
    assert "is a directory" in e.value.message
    with pytest.raises(gibo.Error) as e:
        gibo.read(b"", rules="no-such-profile")
    assert e.value.code == "unknown-profile"
    with pytest.raises(gibo.Error) as e:
        gibo.read(b"", format="docx")
    assert e.value.code == "unknown-format"


def test_file_diagnostics_of_a_file_with_no_game():
    it = gibo.read(b"hello\n")
    assert list(it) == []
    assert [d.code for d in it.file_diagnostics] == ["unknown-format"]


def test_reading_releases_the_gil(corpus):
    # Two threads reading at once both finish with the same games (the reading thread
    # and the waits in __next__ run without the GIL).
    import threading

    files = corpus_files(corpus)
    results = [None, None]

    def work(k):
        results[k] = [(g.file, g.plies, g.valid_plies) for f in files for g in gibo.read(f)]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == results[1] and len(results[0]) > 80
