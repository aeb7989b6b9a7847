// The UCI engine driver: handshake, options and variant, `position … go …`, and the parsing of its answers.
#include "gibo/analysis/uci_engine.h"

#include <charconv>
#include <sstream>

namespace gibo::analysis {
namespace {

bool to_int(const std::string& s, int& v) {
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

// Is a UCI move text of the shape the engine may send ("b1c3", "a10a9", "e2e2")?
bool move_shaped(const std::string& m) {
  if (m.size() < 4 || m.size() > 6) return false;
  std::size_t i = 0;
  for (int sq = 0; sq < 2; ++sq) {
    if (i >= m.size() || m[i] < 'a' || m[i] > 'i') return false;
    ++i;
    const std::size_t start = i;
    while (i < m.size() && m[i] >= '0' && m[i] <= '9') ++i;
    if (i == start || i - start > 2) return false;
  }
  return i == m.size();
}

}  // namespace

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

const std::string& engine_variant(const Profile& profile, bool bikjang_option) {
  return engine_mapping(profile, bikjang_option).variant;
}

std::string Limit::go() const { return "go " + text(); }

std::string Limit::text() const {
  switch (kind) {
    case Kind::Depth: return "depth " + std::to_string(value);
    case Kind::Nodes: return "nodes " + std::to_string(value);
    case Kind::Movetime: return "movetime " + std::to_string(value);
  }
  return "";
}

int Score::clamped_cp(int limit) const {
  if (mate) return winner == Side::Cho ? limit : -limit;
  return cp > limit ? limit : cp < -limit ? -limit : cp;
}

Score to_cho(bool mate, int value, Side to_move) {
  Score s;
  const bool flip = to_move == Side::Han;
  if (!mate) {
    s.cp = flip ? -value : value;
    return s;
  }
  s.mate = true;
  // mate N > 0: the side to move mates; N <= 0: it is mated ("mate 0" included).
  const bool mover_wins = value > 0;
  s.mate_moves = value < 0 ? -value : value;
  s.winner = mover_wins ? to_move : ~to_move;
  return s;
}

InfoLine parse_info(const std::string& line, bool& ok) {
  ok = true;
  InfoLine info;
  const std::vector<std::string> w = split_words(line);
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (w[i] == "depth" && i + 1 < w.size()) {
      if (!to_int(w[++i], info.depth)) ok = false;
    } else if (w[i] == "score") {
      if (i + 2 >= w.size() || (w[i + 1] != "cp" && w[i + 1] != "mate") || !to_int(w[i + 2], info.value)) {
        ok = false;
        return info;
      }
      info.has_score = true;
      info.mate = w[i + 1] == "mate";
      i += 2;
      if (i + 1 < w.size() && (w[i + 1] == "lowerbound" || w[i + 1] == "upperbound")) info.bound = true, ++i;
    } else if (w[i] == "pv") {
      for (++i; i < w.size(); ++i) {
        if (!move_shaped(w[i])) {
          ok = false;
          return info;
        }
        info.pv.push_back(w[i]);
      }
    } else if (w[i] == "string") {
      return info;  // free text to the end of the line
    }
  }
  return info;
}

Expected<std::unique_ptr<UciEngine>> UciEngine::start(const EngineConfig& config) {
  auto process = Process::spawn(config.command);
  if (!process) return process.error();
  std::unique_ptr<UciEngine> engine(new UciEngine());
  engine->process_ = std::move(*process);
  engine->name_ = config.command.empty() ? "" : config.command.front();
  Process& p = *engine->process_;
  if (!p.write_line("uci")) return Error{"the engine closed its input before 'uci'"};
  std::string line;
  for (;;) {
    const Process::Read r = p.read_line(line, config.handshake_timeout_ms);
    if (r == Process::Read::Eof) return Error{"the engine ended before answering 'uci' with 'uciok'"};
    if (r == Process::Read::Timeout)
      return Error{"the engine did not answer 'uci' with 'uciok' within " +
                   std::to_string(config.handshake_timeout_ms / 1000) + " s"};
    const std::vector<std::string> w = split_words(line);
    if (w.empty()) continue;
    if (w[0] == "uciok") break;
    if (w[0] == "id" && w.size() > 2 && w[1] == "name") engine->name_ = line.substr(line.find("name") + 5);
    if (w[0] == "option" && w.size() > 2 && w[1] == "name" && w[2] == "UCI_Variant") {
      for (std::size_t i = 3; i + 1 < w.size(); ++i)
        if (w[i] == "var") engine->variants_.push_back(w[i + 1]);
        else if (w[i] == "default") engine->variant_ = w[i + 1];
    }
  }
  for (const auto& [name, value] : config.options)
    if (!p.write_line("setoption name " + name + " value " + value))
      return Error{"the engine ended while taking option " + name};
  if (auto e = engine->wait_ready(config.handshake_timeout_ms)) return *e;
  return engine;
}

std::optional<Error> UciEngine::wait_ready(int timeout_ms) {
  if (!process_->write_line("isready")) return Error{"the engine ended (no answer to 'isready')"};
  std::string line;
  for (;;) {
    const Process::Read r = process_->read_line(line, timeout_ms);
    if (r == Process::Read::Eof) return Error{"the engine ended before answering 'isready'"};
    if (r == Process::Read::Timeout) return Error{"the engine did not answer 'isready' in time"};
    if (line == "readyok") return std::nullopt;
  }
}

std::optional<Error> UciEngine::set_variant(const std::string& variant) {
  if (variant == variant_) return std::nullopt;
  bool listed = false;
  for (const std::string& v : variants_) listed = listed || v == variant;
  if (!listed)
    return Error{"engine '" + name_ + "' does not play variant " + variant +
                 (variants_.empty() ? " (it has no UCI_Variant option)" : " (not among its UCI_Variant values)")};
  if (!process_->write_line("setoption name UCI_Variant value " + variant))
    return Error{"the engine ended while taking UCI_Variant"};
  if (auto e = wait_ready(10000)) return e;
  variant_ = variant;
  return std::nullopt;
}

std::optional<Error> UciEngine::new_game() {
  if (!process_->write_line("ucinewgame")) return Error{"the engine ended (its input is closed)"};
  return wait_ready(10000);
}

Expected<SearchResult, SearchError> UciEngine::search(const std::string& fen, const std::vector<std::string>& moves,
                                                      Side to_move, const Limit& limit, int timeout_ms,
                                                      const std::vector<std::string>& searchmoves) {
  using K = SearchError::Kind;
  std::string position = "position fen " + fen;
  if (!moves.empty()) {
    position += " moves";
    for (const std::string& m : moves) position += " " + m;
  }
  std::string go = limit.go();
  if (!searchmoves.empty()) {
    go += " searchmoves";
    for (const std::string& m : searchmoves) go += " " + m;
  }
  if (!process_->write_line(position) || !process_->write_line(go))
    return SearchError{K::Crashed, "the engine ended (its input is closed)"};
  SearchResult result;
  bool have_score = false;
  std::string line;
  for (;;) {
    const Process::Read r = process_->read_line(line, timeout_ms);
    if (r == Process::Read::Eof) {
      process_->kill();
      return SearchError{K::Crashed, "the engine ended during the search"};
    }
    if (r == Process::Read::Timeout) {
      process_->kill();
      return SearchError{K::TimedOut, "no bestmove within " + std::to_string(timeout_ms) + " ms; engine stopped"};
    }
    const std::vector<std::string> w = split_words(line);
    if (w.empty()) continue;
    if (w[0] == "info") {
      bool ok = true;
      const InfoLine info = parse_info(line, ok);
      if (!ok) {
        result.malformed.push_back(line);
        continue;
      }
      // multipv > 1 is never asked for; a bound is not a final score.
      if (info.has_score && !info.bound && info.depth >= result.depth) {
        result.depth = info.depth;
        result.score = to_cho(info.mate, info.value, to_move);
        result.pv = info.pv;
        have_score = true;
      }
      continue;
    }
    if (w[0] == "bestmove") {
      if (w.size() < 2) return SearchError{K::Protocol, "'bestmove' without a move"};
      if (w[1] == "(none)" || w[1] == "0000") {
        result.best_move.clear();
      } else if (!move_shaped(w[1])) {
        return SearchError{K::Protocol, "malformed best move '" + w[1] + "'"};
      } else {
        result.best_move = w[1];
      }
      if (!have_score) return SearchError{K::Protocol, "'bestmove' without any 'info … score' before it"};
      return result;
    }
    result.malformed.push_back(line);
  }
}

void UciEngine::quit() {
  if (process_) {
    process_->write_line("quit");
    process_.reset();
  }
}

}  // namespace gibo::analysis
