// gibo's JSON game record (formats/json/README.md, schema formats/json/game.schema.json):
// a lossless record of one game — every tag verbatim and in order, setups or start FEN,
// each ply with its squares, piece, capture, check, pass, time and comments (and what
// the source file stated about it), the stored result text with its normalised form,
// the saved rules and the source location. A file holds one game object, an array of
// them, or JSON Lines (one object per line).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/formats/text_format.h"
#include "gibo/formats/json_writer.h"
#include "gibo/record/game.h"
#include "gibo/record/opening.h"

namespace gibo {

inline constexpr std::string_view kJsonFormatName = "gibo-game";
inline constexpr int kJsonFormatVersion = 3;

struct JsonWriteOptions {
  const Profile* profile = nullptr;  // for games that name none; nullptr = the default
  bool diagnostics = true;           // also write the game's diagnostics (not read back)
  // false (the default): compact plies, the moves once in UCI with the record's texts and
  // claims as columns (formats/json/README.md "Compact plies"); true: one object a ply
  // with what the board says about it (piece, capture, check, SAN) and the FEN after it.
  bool positions = false;
  const OpeningBook* openings = nullptr;  // names the game's "opening"; nullptr = the built-in book
};

// Appends one game object to `w` (derived fields from replaying the game on the board).
void write_json_game(json::Writer& w, const Game& game, const JsonWriteOptions& options = {});
// Appends the opening `o` as one object (formats/json/README.md "Opening"): code, Korean and
// English names, the set-up pair with its names, each side's formations with their plies,
// the line.
void write_json_opening(json::Writer& w, const Opening& o);
// Appends diagnostic `d` as one object: code, severity, line, the column under `column_key`
// ("column" in the game record; the commands' JSON Lines say "col"), ply, token, message.
void write_json_diagnostic(json::Writer& w, const Diagnostic& d, std::string_view column_key = "column");
// A JSON array of game objects, one game per line.
std::string write_json(const std::vector<Game>& games, const JsonWriteOptions& options = {});
// JSON Lines: one game object per line.
std::string write_jsonl(const std::vector<Game>& games, const JsonWriteOptions& options = {});

// Reads games from JSON: one game object, an array of them, or a sequence of them (JSON
// Lines). Malformed JSON is a file error (`bad-json`, with line and column; reading goes
// on at the next line); an object that is not a game record becomes a `bad-record` error.
// Never throws.
void read_json(std::string_view bytes, const TextReadOptions& options, TextFileInfo& info,
               const std::function<void(Game&&)>& on_game);

// English names used in the record: "general" … "soldier" (None: ""), "cho"/"han".
std::string_view piece_type_name(PieceType t);
PieceType piece_type_from_name(std::string_view name);  // PieceType::None if unknown
// The one-letter piece names of compact claims: g a e h r c s; PieceType::None otherwise.
PieceType piece_type_from_letter(char c);

}  // namespace gibo
