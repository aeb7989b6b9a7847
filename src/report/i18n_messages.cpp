// Messages built elsewhere (diagnostics, usage errors) translated by pattern (i18n.h message()).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/report/i18n.h"

namespace gibo::i18n {

namespace {

// The English patterns of the messages other layers build, {N} standing for a value
// (a square, a count, a quoted token, a piece). Each is a msgid of the catalogue; its
// Korean may reorder the values. A clause is matched against them in this order, so a
// more specific pattern comes before a more general one.
constexpr const char* kPatterns[] = {
    // a verdict in words (adjudication/rescore.h verdict_text; rescore_engine's words)
    N_("stored result {1}"),
    N_("under {1} the board shows no ending after {2} plies (Cho {3}, Han {4}): {5} ({6})"),
    N_("under {1} the board shows no ending after {2} plies (Cho {3}, Han {4}): {5}"),
    N_("under {1} the game ends by {2} at ply {3}, {4} (Cho {5}, Han {6}): {7} ({8})"),
    N_("under {1} the game ends by {2} at ply {3}, {4} (Cho {5}, Han {6}): {7}"),
    N_("under {1} the game ends by {2} at ply {3}, {4} (Cho {5}, Han {6})"),
    N_("under {1} the record is rejected at ply {2} ({3}): {4}"),
    N_("under {1} the record is rejected ({2}): {3}"),
    N_("the record plays on to ply {1}: {2} ({3})"),
    N_("the record plays on to ply {1}: {2}"),
    N_("error[{1}]: {2}"),  // a diagnostic inside a verdict
    // the replay (src/record/replay.cpp)
    N_("start position is invalid: {1}"),
    N_("{1} has no general left to pass with"),
    N_("{1} may not pass here (in check)"),
    N_("{1} may not pass here"),
    N_("legal under {1}: use --rules {2}"),
    N_("side mark says {1} but {2} is to move"),
    N_("no piece on {1} for {2} to move"),
    N_("{1} holds {2} but {3} is to move"),
    N_("names the piece {1} but {2} holds {3}"),
    N_("{1} cannot move from {2} to {3} ({4} holds {5})"),
    N_("{1} cannot move from {2} to {3}"),
    N_("names a captured {1} but {2} is empty"),
    N_("marked as a capture but {1} is empty"),
    N_("names a captured {1} but {2} holds {3}"),
    N_("marked 장군 but the move gives no check"),
    N_("{1} captures the general, which is no move under strict rules"),
    N_("{1} leaves its own general in check"),
    N_("{1} makes the generals face each other, illegal under these rules"),
    N_("{1} does not break the bikjang (the generals still face)"),
    N_("{1} is not legal here"),
    N_("gives check but has no 장군 mark"),
    N_("captures {1} on {2} but names no captured piece"),
    N_("no ply marks a capture or a check, although the board shows {1} capture and {2} check (an unannotated "
       "record; the game is valid)"),
    N_("no ply marks a capture or a check, although the board shows {1} capture and {2} checks (an unannotated "
       "record; the game is valid)"),
    N_("no ply marks a capture or a check, although the board shows {1} captures and {2} check (an unannotated "
       "record; the game is valid)"),
    N_("no ply marks a capture or a check, although the board shows {1} captures and {2} checks (an unannotated "
       "record; the game is valid)"),
    N_("setups inferred from the moves: Cho {1}, Han {2}"),
    N_("the record names an unknown rules profile"),
    N_("using {1}"),
    N_("({1} more {2} diagnostics in this game not listed)"),
    // the readers (formats/)
    N_("the file holds no games"),
    N_("not a game file gibo knows (.gib, PGN, JSON, JSON Lines, FEN, UCI move list)"),
    N_("this is a Tygem Go (baduk) .gib file, not a Janggi record"),
    N_("the game is not Janggi"),
    N_("its moves are not read"),
    N_("{1} moves not read (no usable start position)"),
    N_("총수 says {1} plies, the record has {2} (it matches the plies without the passes)"),
    N_("총수 says {1} plies, the record has {2}"),
    N_("no 초차림/한차림 tag for both sides"),
    N_("the missing setup is inferred from the moves"),
    N_("'{1}' ({2}) is not legal in this position"),
    N_("'{1}' is not legal in this position"),
    N_("the move is not read"),
    N_("'{1}' names no move of the side to move"),
    N_("'{1}': unknown piece letter '{2}'"),
    N_("this and the {1} moves after it are not read"),
    N_("the movetext ends with {1} but the Result tag says {2}"),
    N_("annotation glyph {1} skipped"),
    N_("variation skipped (gibo keeps the main line only)"),
    N_("{1} bytes after the end-of-file mark ({2}) are not read"),
    N_("{1} byte after the end-of-file mark ({2}) are not read"),
    N_("ply token is cut short ({1})"),
    N_("one digit of the destination square"),  // its value (formats/gib/reader.cpp)
    N_("not a ply (squares, piece, optional capture and 장군, or 한수쉼)"),
    N_("comment opened here is never closed"),
    N_("it ends at line {1}"),
    N_("it ends at the next tag line"),
    N_("not a gibo game record (an object with \"tags\" and \"plies\" or \"moves\")"),
    N_("[FEN] is not a janggi position: {1}"),
    N_("FEN has {1} ranks"),
    N_("expected {1}"),
    N_("byte {1} cannot be decoded as {2}"),
    N_("reading stopped: {1}"),
    N_("not a game file (no format gibo reads)"),  // src/cli/inputs.cpp, a file a search found
    N_("not read"),
    // notes under the statistics tables (src/report/stats_tables.cpp)
    N_("the first {1} of {2} rows"),
    N_("{1} players"),
    N_("{1} sides without a name"),
    N_("the rank written in the name (\"5단\", \"四단\", \"(7단)\", \"프로\") is removed"),
    N_("{1} files without findings not listed"),
    N_("{1} games from a standard start, one tree per set-up pair (Cho / Han)"),
    N_("lines played in at least {1} games, up to {2} plies, {3} continuations each"),
    N_("each cell: games, then Cho's wins in percent of the games won or drawn"),
    N_("{1} games from a custom position are not in the matrix"),
    N_("{1} games from a set-up pair, named from the board (code: the set-up pair, each side's formations, the line; ? "
       "a side no formation fits)"),
    N_("{1} games from a position of their own"),
    N_("games in which the formation's predicate held for that side in the first 24 plies, and that side's results"),
    N_("a side may hold several"),
    N_("sides (two a game) holding each formation, by its code"),
    N_("the formations a player held most often on each side (games from a set-up pair)"),
    N_("filler bytes removed ({1} run)"),
    N_("filler bytes removed ({1} runs)"),
    // notes under the ratings and events tables (src/report/stats_tables_players.cpp)
    N_("{1} rated"),
    N_("{1} ranked"),
    N_("maximum likelihood, Bradley–Terry (Elo) with draws and Cho's first move"),
    N_("maximum a posteriori (a normal prior), Bradley–Terry (Elo) with draws and Cho's first move"),
    N_("{1} events (an event's name as counted, each year its own)"),
    N_("scoring: classic"),
    N_("scoring: janggi"),
    N_("scoring: classic (1, ½, 0)"),
    N_("scoring: janggi (7, 4–2 on points, 3.5 a draw)"),
    N_("scored by the board's ending where it shows one (--by-verdict): {1} games re-scored"),
    N_("round robin"),
    N_("double round robin"),
    N_("round robin ×{1}"),
    N_("match"),
    N_("no game between two players"),
    N_("{1} games of one player against himself left out"),
    N_("{1} games without a player's name left out"),
    // issue 39: identities, events and the counts (src/report/stats_tables*.cpp)
    N_("{1} players (identities: the rank written in the name removed, a site's nicknames apart, the alias table's "
       "and the collection's merges, src/cli/help/stats.md \"Players and events\")"),
    N_("{1} sides without a name left out"),
    N_("{1} groups of identities that may be one person"),
    N_("{1} events ({2} round robins, {3} knockouts, {4} leagues)"),
    N_("{1} matches"),
    N_("{1} pools of casual games"),
    N_("an event is its name as counted in one season (its games with no gap of more than {1} days)"),
    N_("{1} games"),
    N_("stages: {1}"),
    N_("round {1}"),  // where a knockout's player went out (stats_tables_players.cpp went_out_in)
    // usage errors (src/cli)
    N_("give {1} or {2}, not both"),
    N_("{1} needs {2}"),
    N_("{1} is required"),
    N_("{1} must be between {2} and {3}"),
    N_("{1} must be at least {2}"),
    N_("{1} must be positive"),
    N_("{1} must be {2}"),
    N_("no input"),
    N_("no input could be read"),
    N_("no game file found"),
    N_("unknown rules profile '{1}'"),
    N_("unrecognised option '{1}'"),
    N_("unrecognised option '{1}': {2} is an argument, given without an option name"),
    N_("{1} is required but missing"),
    N_("the required argument for option '{1}' is missing"),
    N_("the argument ('{1}') for option '{2}' is invalid"),
    N_("the argument ('{1}') for {2} is invalid"),
    N_("option '{1}' cannot be specified more than once"),
    N_("too many positional options have been specified on the command line"),
    N_("{1} is left as it was"),
    N_("cannot open {1}: {2}"),
    N_("cannot listen on {1}: {2}"),  // gibo serve (src/server/http_server.cpp)
    N_("--host {1}: not an IP address"),
    N_("no such file or directory"),
    // opening books (formats/openings/reader.cpp, src/record/opening.cpp)
    N_("a row is KIND<TAB>CODE<TAB>KOREAN<TAB>ENGLISH<TAB>DEFINITION<TAB>SOURCE: six fields, this line has {1}"),
    N_("KIND is formation or line"),
    N_("CODE is a capital letter, then capitals, digits or '-', 16 characters at most"),
    N_("KOREAN, ENGLISH, DEFINITION and SOURCE must not be empty"),
    N_("not a row of an opening book"),
    N_("expected a condition: setup ARRANGEMENT[|ARRANGEMENT…], PIECE on POINT[|POINT…] or horses guard each other, "
       "joined by 'and'"),
    N_("expected the set-up pair and the moves: CHO,HAN: MOVE MOVE … (HEEH,EHHE: b1c3 c10d8)"),
    N_("the code {1} is already in the book"),
    N_("a formation needs a condition on pieces (PIECE on POINT, horses guard each other)"),
    N_("a formation needs at least one set-up"),
    N_("a piece condition needs a piece and points on the board"),
    N_("ply {1} ({2}) is not a legal move there"),
    N_("the line {1} ({2}) names the same position"),
    N_("no game can match {1}: {2}"),
    N_("no {1} of a side can stand on that point"),
    N_("no {1} of a side can stand on any of those points"),
    N_("it needs more pieces of one kind on distinct points than a side has"),
    N_("the two horse points are not a horse's move apart"),
    N_("its position comes after ply {1}, and lines are looked for in the first {2} plies"),
    N_("ply {1} {2}: {3}"),  // play_move_list's "ply 1 'z9z9': ..."
    N_("ply {1}: {2}"),
    // moves as a user types them (formats/notation/any_move.cpp), the inner
    // message of "--moves: ply {1} {2}: {3}" translated in its turn
    N_("--moves: ply {1} {2}: {3}"),
    N_("more than {1} moves"),
    N_("{1} deeper lines left out (CSV and JSON have all)"),
    N_("--game: game {1} has {2} plies; no ply {3}"),
    N_("--game: ply {1} comes after the game's first invalid ply ({2})"),
    N_("--game: {1}"),
    N_("--fen: {1}"),
    N_("give --game, or --fen (or --setup) and/or --moves, not both"),
    N_("--setup takes CHO,HAN, each one of HEEH EHHE HEHE EHEH (마상상마 상마마상 마상마상 상마상마)"),
    N_("{1}: expected a move in UCI (c4c5, pass e2e2), Korean notation (79졸78, 7978, 한수쉼), SAN (Hc3) or JANGGI "
       "(H02-83)"),
    N_("{1} is not a UCI move"),
    N_("{1} is not a SAN move"),
    N_("empty SAN move {1}"),
    N_("an empty move"),
    N_("{1} is ambiguous: it fits {2}"),
    N_("{1}: no piece of the side to move on {2}"),
    N_("{1}: the piece on {2} cannot move there"),
    N_("{1}: the piece on {2} is no {3}"),
    N_("{1}: the side to move has no general"),
    N_("{1}: passing is not legal here"),
    N_("{1}: not Korean notation (79졸78)"),
    N_("{1}: expected the to-square's two digits"),
    N_("{1}: unexpected '{2}' at the end"),
    N_("{1}: a square is two digits, row 0-9 then column 1-9"),
    N_("{1} ({2} at depth {3}, {4}: {5})"),
    // a pattern (src/pattern: parse.cpp, compile.cpp, bounds.cpp) and what its grammar's
    // rules name as expected
    N_("column {1}: expected {2}, found {3}"),
    N_("column {1}: {2} is a value, not a condition: compare it ({3})"),
    N_("column {1}: {2} is a condition, not a value"),
    N_("column {1}: {2} is not a set of points"),
    N_("column {1}: a step `within 0` plies is no later step: give a distance of 1 or more"),
    N_("the pattern can never match: {1} (column {2}) can never hold: {3} is from {4} to {5}"),
    N_("the pattern can never match: {1} (column {2}) can never hold: {3} is {4}"),
    N_("the pattern can never match: {1} (column {2}) is always empty"),
    N_("the pattern can never match: {1} (column {2}) can never hold"),
    N_("the pattern is not UTF-8 text"),
    N_("the end of the pattern"),
    N_("a condition"),
    N_("a value (a number, a quantity or a set of points)"),
    N_("a set of points (pieces, squares or a region)"),
    N_("a set of points"),
    N_("and, or, then, sort or the end of the pattern"),
    N_("a whole number"),
    N_("a number"),
    N_("a side (cho or han)"),
    N_("a piece"),
    N_("a square (a1 to i10)"),
    N_("a file (a to i)"),
    N_("a rank (1 to 10)"),
    N_("attacks or defends"),
    N_("a comparison"),
    N_("a range"),
    N_("a piece letter"),
    N_("the pieces of a side (RRC, 차차포)"),
    N_("max or min"),
    N_("give the position or --pattern, not both"),
};

// The words a value may hold that the catalogue translates (sides, pieces).
constexpr const char* kWords[] = {
    N_("Cho"),     N_("Han"),    N_("general"), N_("advisor"), N_("elephant"), N_("horse"),
    N_("chariot"), N_("cannon"), N_("soldier"), N_("nothing"), N_("Han soldier"),
};

// A pattern cut into its literal parts: literals[0] {1} literals[1] {2} ...; order[i] is
// the number of the i-th placeholder.
struct Compiled {
  const char* english;
  std::vector<std::string> literals;
  std::vector<int> order;
};

const std::vector<Compiled>& compiled() {
  static const std::vector<Compiled> all = [] {
    std::vector<Compiled> out;
    for (const char* p : kPatterns) {
      Compiled c{p, {""}, {}};
      const std::string_view s(p);
      for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '{' && i + 2 < s.size() && s[i + 1] >= '1' && s[i + 1] <= '9' && s[i + 2] == '}') {
          c.order.push_back(s[i + 1] - '0');
          c.literals.emplace_back();
          i += 2;
        } else {
          c.literals.back() += s[i];
        }
      }
      out.push_back(std::move(c));
    }
    return out;
  }();
  return all;
}

// The values of `text` under `c` (by placeholder number, from 1), or false when it does
// not match. Each value holds no "; " (a clause's end) unless the pattern puts it in parentheses; each is the shortest that lets the rest match from left to right; the
// last literal must end the text.
bool match(const Compiled& c, std::string_view text, std::vector<std::string>& values) {
  const std::vector<std::string>& lit = c.literals;
  if (text.substr(0, lit[0].size()) != lit[0]) return false;
  std::size_t at = lit[0].size();
  values.assign(10, "");
  for (std::size_t i = 0; i < c.order.size(); ++i) {
    const std::string& next = lit[i + 1];
    // A value the pattern puts in parentheses holds balanced ones: "(a (b); c)".
    const bool enclosed = !lit[i].empty() && lit[i].back() == '(' && !next.empty() && next.front() == ')';
    auto balanced = [&](std::size_t end) {
      int open = 0;
      for (std::size_t k = at; k < end; ++k)
        if (text[k] == '(') ++open;
        else if (text[k] == ')' && --open < 0) return false;
      return open == 0;
    };
    std::size_t end;
    if (i + 1 == c.order.size()) {
      if (text.size() < at + next.size() || text.substr(text.size() - next.size()) != next) return false;
      end = text.size() - next.size();
    } else {
      end = text.find(next, at + 1);
      while (enclosed && end != std::string_view::npos && !balanced(end)) end = text.find(next, end + 1);
      if (end == std::string_view::npos) return false;
    }
    if (end <= at) return false;  // values are never empty
    // nor cross clauses, unless the pattern encloses the value in parentheses ("({6})")
    if (!enclosed && text.substr(at, end - at).find("; ") != std::string_view::npos) return false;
    values[static_cast<std::size_t>(c.order[i])] = std::string(text.substr(at, end - at));
    at = end + next.size();
  }
  return c.order.empty() ? text.size() == at : true;
}

// The phrases a value may hold that the catalogue translates (replay.cpp's profile hint:
// "kjf-site (assumed: its rules do not say), fs-janggi and pychess").
constexpr const char* kPhrases[] = {N_(" (assumed: its rules do not say)"), N_(" and ")};

// A value with each phrase and word the catalogue knows translated ("Cho chariot" -> "초 차").
std::string translate_value(std::string value) {
  if (value == "Han soldier") return translate("Han soldier");  // 병, not 졸
  for (const char* phrase : kPhrases) {
    const std::string english(phrase), shown = translate(phrase);
    for (std::size_t at = value.find(english); at != std::string::npos; at = value.find(english, at + shown.size()))
      value.replace(at, english.size(), shown);
  }
  std::string out, word;
  auto flush = [&] {
    bool known = false;
    for (const char* w : kWords)
      if (word == w) known = true;
    out += known ? translate(word.c_str()) : word;
    word.clear();
  };
  for (char ch : value) {
    if (ch == ' ') {
      flush();
      out += ' ';
    } else {
      word += ch;
    }
  }
  flush();
  return out;
}

std::optional<std::string> translated(std::string_view english, int depth);

// `english` translated by the first pattern it matches; nullopt when none does. A value
// that is itself a message (`depth` levels down) is translated as one, else word by word.
std::optional<std::string> clause(std::string_view english, int depth) {
  const std::string whole(english);
  if (std::string known = translate_known(whole); known != whole) return known;
  std::vector<std::string> values;
  for (const Compiled& c : compiled()) {
    if (!match(c, english, values)) continue;
    std::vector<std::string> shown;
    for (int n = 1; n <= 9; ++n) {
      const std::string& v = values[static_cast<std::size_t>(n)];
      const auto inner = depth > 0 && !v.empty() ? translated(v, depth - 1) : std::nullopt;
      shown.push_back(inner ? *inner : translate_value(v));
    }
    return format(c.english, {shown[0], shown[1], shown[2], shown[3], shown[4], shown[5], shown[6], shown[7], shown[8]});
  }
  return std::nullopt;
}

// `english` as one clause, else clause by clause (split at each "; " outside parentheses;
// a clause no pattern matches kept as it is); nullopt when no clause matches.
std::optional<std::string> translated(std::string_view english, int depth) {
  if (auto whole = clause(english, depth)) return whole;
  auto clause_end = [&](std::size_t from) {
    int open = 0;
    for (std::size_t i = from; i + 1 < english.size(); ++i) {
      if (english[i] == '(') ++open;
      else if (english[i] == ')' && open > 0) --open;
      else if (open == 0 && english[i] == ';' && english[i + 1] == ' ') return i;
    }
    return std::string_view::npos;
  };
  std::string out;
  bool any = false;
  std::size_t at = 0;
  while (true) {
    const std::size_t end = clause_end(at);
    const std::string_view part = english.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    if (end == std::string_view::npos && at == 0) return std::nullopt;  // one clause, which matched nothing
    const auto shown = clause(part, depth);
    any |= shown.has_value();
    out += shown.value_or(std::string(part));
    if (end == std::string_view::npos) break;
    out += "; ";
    at = end + 2;
  }
  if (!any) return std::nullopt;
  return out;
}

}  // namespace

std::string message(std::string_view english) {
  if (language() == "en") return std::string(english);
  return translated(english, 3).value_or(std::string(english));
}

}  // namespace gibo::i18n
