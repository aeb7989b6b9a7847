"""gibo: Janggi (Korean chess) game records in Python, on the gibo C++ library.

    import gibo
    for game in gibo.read("games.gib"):          # any format: .gib, PGN, JSON, JSONL, FEN, UCI
        print(game.tags.get("대회명"), game.result, len(game.moves), game.valid)
        for board in game.replay():              # the start, then after each ply
            x = board.planes()                   # 14 x 10 x 9 piece planes (NumPy)
    for d in gibo.validate("games/"):            # every diagnostic, as objects
        print(d)
    for v in gibo.rescore("games.gib"):          # each ending re-scored, as `gibo rescore`
        print(v["verdict"], v["text"])
    pgn = gibo.convert(["games.gib"], "pgn")["text"]   # as `gibo convert --to pgn`
    with gibo.Archive("games.db") as db:         # an archive made by `gibo import`
        for game in db.games(where="year >= 2010"):
            ...
        found = db.search("swap (R & han-palace >= 2)")   # the pattern language (gibo.Pattern)
    text = gibo.export("games.db", "jsonl", where="year >= 2010")["text"]   # as `gibo export`

Errors are gibo.Error exceptions carrying a diagnostic's fields (code, file, line,
column, game, ply, token, message). Reading runs in a thread of the library, without
the GIL, while Python works on the games already read.
"""
from ._gibo import (  # noqa: F401
    Archive,
    Board,
    Diagnostic,
    Error,
    Game,
    GameIterator,
    Move,
    Pattern,
    convert,
    export,
    __version__,
    git_description,
    profiles,
    read,
    rescore,
    rescore_archive,
    validate,
)

__all__ = [
    "Archive", "Board", "Diagnostic", "Error", "Game", "GameIterator", "Move",
    "__version__", "convert", "export", "git_description", "profiles", "read", "rescore",
    "rescore_archive", "validate",
]
