# gibo.Board and Game.replay: positions, legal moves, check, push/pop, planes.
import pytest

import gibo
from conftest import require_module

START = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"


def test_start_board():
    b = gibo.Board()
    assert b.fen() == START
    assert b.turn == "cho" and b.ply == 0 and b.profile == "janggi-gg"
    moves = b.legal_moves()
    assert "b1c3" in moves and "i4h4" in moves and "e2e2" in moves  # a pass is the general's own square
    assert len(moves) == len(set(moves))
    assert not b.is_check()


def test_push_pop_and_illegal_moves():
    b = gibo.Board()
    b.push("i4h4")
    assert b.turn == "han" and b.ply == 1
    b.pop()
    assert b.fen() == START
    with pytest.raises(gibo.Error) as e:
        b.push("a1a9")
    assert e.value.code in ("no-match", "illegal")
    with pytest.raises(gibo.Error):
        b.pop()
    with pytest.raises(gibo.Error) as e:
        gibo.Board("not a fen")
    assert e.value.code == "invalid-fen"


def test_replay_boards_follow_the_moves(samples):
    (game,) = gibo.read(samples / "pobsiz_2010_kbs_chuseok.gib")
    boards = game.replay()
    assert len(boards) == game.plies + 1
    assert boards[0].fen() == game.start_fen
    b = gibo.Board(game.start_fen)
    for move, after in zip(game.moves, boards[1:]):
        assert move.uci in b.legal_moves()
        b.push(move)
        assert b.fen() == after.fen()
    end = boards[-1]
    assert end.is_check() and end.legal_moves() == []  # 초 완승: checkmate
    checks = [m.ply for m in game.moves if "장군" in m.text]
    assert checks and all(boards[p].is_check() for p in checks)
    assert game.replay(rules="fs-janggi")[-1].profile == "fs-janggi"


def test_planes():
    planes = gibo.Board().planes()
    np = require_module("numpy", "python3-numpy")
    assert isinstance(planes, np.ndarray)
    assert planes.shape == (14, 10, 9) and planes.dtype == np.uint8
    assert int(planes.sum()) == 32
    assert planes[0, 1, 4] == 1  # Cho's general on e2
    assert planes[7, 8, 4] == 1  # Han's general on e9
    assert planes[6, 3].tolist() == [1, 0, 1, 0, 1, 0, 1, 0, 1]  # Cho's soldiers on rank 4
