// Tag mapping between the .gib and PGN vocabularies (see gibo/formats/tag_map.h and
// formats/tags/README.md). The two directions are built so that each undoes the other;
// where the default layout would not restore a .gib header's order, the PGN side carries
// a GibTagOrder tag naming the .gib tags in order.
#include "gibo/formats/tag_map.h"

#include <algorithm>

#include "gibo/formats/fen.h"
#include "gibo/formats/gib.h"
#include "gibo/record/game_date.h"

namespace gibo {
namespace {

struct RosterEntry {
  std::string_view pgn, gib, unknown;
};
// The PGN roster order (without Result).
constexpr RosterEntry kRoster[] = {
    {"Event", "대회명", "?"}, {"Site", "대국장소", "?"}, {"Date", "대국일자", "????.??.??"},
    {"Round", "회전", "?"},   {"White", "초대국자", "?"}, {"Black", "한대국자", "?"},
};
// The roster in the usual .gib order: 대회명 회전 대국일자 대국장소 초대국자 한대국자.
constexpr int kGibRosterOrder[] = {0, 3, 2, 1, 4, 5};

constexpr std::string_view kVariant = "Janggi";

// The first value of tag `name`, or nullptr.
const std::string* find(const std::vector<Tag>& tags, std::string_view name) {
  for (const Tag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

// The tag keeping a roster value the PGN writer normalised: "Gib" + the PGN name
// (GibDate "2010-03-12" beside Date "2010.03.12").
std::string original_name(const RosterEntry& e) { return "Gib" + std::string(e.pgn); }

// Is `name` a roster tag in either vocabulary (Result and 대국결과 included), or a kept
// original of one (GibDate …)?
bool is_roster_name(std::string_view name) {
  for (const RosterEntry& e : kRoster)
    if (name == e.pgn || name == e.gib || name == original_name(e)) return true;
  return name == "Result" || name == "대국결과";
}

// A roster value as the game states it: its kept original (GibDate …), else the PGN tag,
// else the .gib tag; nullptr when it has none.
const std::string* roster_value(const std::vector<Tag>& tags, const RosterEntry& e) {
  if (const std::string* v = find(tags, original_name(e))) return v;
  if (const std::string* v = find(tags, e.pgn)) return v;
  return find(tags, e.gib);
}

// A value that says the game's record does not know: nothing, "?", "미상" (blanks aside).
bool is_unknown_value(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  return v.empty() || v == "?" || v == "미상" || v == "????.??.??";
}

// The PGN standard's form of a roster value (formats/tags/README.md): unknown values are
// "?", a date is YYYY.MM.DD with "??" for the parts it does not give.
std::string standard_roster_value(const RosterEntry& e, const std::string* value) {
  if (!value || is_unknown_value(*value)) return std::string(e.unknown);
  if (e.pgn != "Date") return *value;
  const GameDate d = parse_game_date(*value);
  if (!d.year) return std::string(e.unknown);
  std::string out = d.key.substr(0, 4);
  out += '.';
  out += d.key.size() >= 7 ? d.key.substr(5, 2) : "??";
  out += '.';
  out += d.key.size() >= 10 ? d.key.substr(8, 2) : "??";
  return out;
}

// Does the tag list use the PGN vocabulary (so that gib_tags has something to rename)?
bool has_pgn_roster(const std::vector<Tag>& tags) {
  for (const Tag& t : tags) {
    for (const RosterEntry& e : kRoster)
      if (t.name == e.pgn || t.name == original_name(e)) return true;
    if (t.name == "Result" || t.name == "GibResult" || t.name == "GibTagOrder") return true;
  }
  return false;
}

// The space-separated names of a GibTagOrder value.
std::vector<std::string> split_names(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// [판] value for a custom start; an Error if the start does not parse.
Expected<std::string> pan_of(const Game& g) {
  Position pos;
  if (auto err = start_position(g, LegalityRules{}, pos)) return std::move(*err);
  return fen_to_pan(pos);
}

// Can the start be stated only as a [판] (a custom position, or setups with Han first)?
bool needs_pan(const Game& g) { return g.start.custom || g.start.first_to_move == Side::Han; }

// The Result token the game states: its Result tag if that is a token, else from the
// stored result text.
std::string result_token(const Game& g) {
  if (const std::string* r = find(g.tags, "Result"); r && is_pgn_result_token(*r)) return *r;
  return pgn_result_of(g);
}

// The PGN tags of `g` (see pgn_tags), with `order_marker` as GibTagOrder if given.
std::vector<Tag> pgn_tags_with(const Game& g, const std::string* order_marker) {
  std::vector<Tag> out;
  std::vector<Tag> originals;  // roster values the standard form changes, kept verbatim
  for (const RosterEntry& e : kRoster) {
    const std::string* v = roster_value(g.tags, e);
    std::string standard = standard_roster_value(e, v);
    if (v && standard != *v) originals.push_back({original_name(e), *v});
    out.push_back({std::string(e.pgn), std::move(standard)});
  }
  const std::string token = result_token(g);
  out.push_back({"Result", token});
  // Right after the roster, where a game read back from this PGN has them too.
  out.insert(out.end(), originals.begin(), originals.end());

  if (!find(g.tags, "Variant")) out.push_back({"Variant", std::string(kVariant)});
  if (!find(g.tags, "FEN")) out.push_back({"FEN", start_fen(g).value_or(g.start.fen)});
  if (!find(g.tags, "SetUp")) out.push_back({"SetUp", "1"});
  const std::string* gib_result = find(g.tags, "대국결과");
  if (gib_result && *gib_result != gib_result_for_token(token)) out.push_back({"GibResult", *gib_result});
  if (g.saved_profile_id && !find(g.tags, "규칙") && !find(g.tags, "Ruleset"))
    out.push_back({"Ruleset", *g.saved_profile_id});
  if (g.saved_bikjang_option && !find(g.tags, "빅장") && !find(g.tags, "Bikjang"))
    out.push_back({"Bikjang", *g.saved_bikjang_option ? "on" : "off"});
  const bool had_marker = find(g.tags, "GibTagOrder") != nullptr;  // then it keeps its place
  if (order_marker && !had_marker) out.push_back({"GibTagOrder", *order_marker});

  std::optional<std::string> pan;
  for (const Tag& t : g.tags) {
    if (t.name == "GibTagOrder") {
      if (order_marker) out.push_back({t.name, *order_marker});
      order_marker = nullptr;  // once
      continue;
    }
    if (is_roster_name(t.name)) continue;
    if (t.name == "GibResult" && gib_result) continue;
    if (!needs_pan(g) && ((t.name == "초차림" && t.value == gib_setup_name(g.start.cho)) ||
                            (t.name == "한차림" && t.value == gib_setup_name(g.start.han))))
      continue;
    if (needs_pan(g) && t.name == "판") {
      if (!pan) pan = pan_of(g).value_or("");
      if (*pan == t.value) continue;
    }
    if (t.name == "규칙") out.push_back({"Ruleset", t.value});
    else if (t.name == "빅장" && (t.value == "on" || t.value == "off")) out.push_back({"Bikjang", t.value});
    else out.push_back(t);
  }
  return out;
}

struct Produced {
  Tag tag;
  bool generated = false;  // made up from the game's structure, not carried from a tag
};

// Variant, FEN and SetUp right after the roster with the values the PGN writer would
// write are left out (the writer puts them back there); anywhere else they are kept.
// Given a game's tags in turn (the roster's left aside), says which of them those are.
class WriterHead {
 public:
  explicit WriterHead(const Expected<std::string>& fen) : fen_(fen) {}
  bool leaves_out(const Tag& t) {
    if (!in_head_) return false;
    if (t.name == "Variant" && stage_ < 1 && t.value == kVariant) return at(1);
    if (t.name == "FEN" && stage_ < 2 && fen_ && t.value == *fen_) return at(2);
    if (t.name == "SetUp" && stage_ < 3 && t.value == "1") return at(3);
    // The opening the PGN writer names from the board (formats/pgn/README.md "Opening").
    if (t.name == "Opening" && stage_ < 4) return at(4);
    if (t.name == "OpeningCode" && stage_ < 5) return at(5);
    in_head_ = false;
    return false;
  }

 private:
  bool at(int stage) {
    stage_ = stage;
    return true;
  }
  const Expected<std::string>& fen_;
  bool in_head_ = true;
  int stage_ = 0;
};

// The tags in the order a GibTagOrder `marker` gives: those it names first, in its
// order, then the others but the generated ones; without a marker, all as produced.
std::vector<Tag> in_marker_order(std::vector<Produced>& produced, const std::vector<std::string>& marker) {
  std::vector<Tag> out;
  if (marker.empty()) {
    for (Produced& p : produced) out.push_back(std::move(p.tag));
    return out;
  }
  std::vector<bool> used(produced.size(), false);
  for (const std::string& name : marker)
    for (std::size_t i = 0; i < produced.size(); ++i)
      if (!used[i] && produced[i].tag.name == name) {
        out.push_back(produced[i].tag);
        used[i] = true;
        break;
      }
  for (std::size_t i = 0; i < produced.size(); ++i)
    if (!used[i] && !produced[i].generated) out.push_back(produced[i].tag);
  return out;
}

// The .gib tags of a game whose tags use the PGN vocabulary (see gib_tags).
std::vector<Tag> gib_tags_from_pgn(const Game& g) {
  std::vector<std::string> marker;
  if (const std::string* m = find(g.tags, "GibTagOrder")) marker = split_names(*m);
  auto in_marker = [&](std::string_view name) { return std::find(marker.begin(), marker.end(), name) != marker.end(); };

  std::vector<Produced> produced;
  for (int idx : kGibRosterOrder) {
    const RosterEntry& e = kRoster[idx];
    const std::string* original = find(g.tags, original_name(e));
    const std::string* v = roster_value(g.tags, e);
    if (v && (original || *v != e.unknown || in_marker(e.gib))) produced.push_back({{std::string(e.gib), *v}, false});
  }
  std::optional<std::string> generated_pan;  // goes last, where 장기 for Kakao writes it
  if (needs_pan(g)) {
    if (!find(g.tags, "판")) {
      if (auto pan = pan_of(g)) generated_pan = std::move(*pan);
    }
  } else {
    if (!find(g.tags, "초차림") && !find(g.tags, "초포진"))
      produced.push_back({{"초차림", std::string(gib_setup_name(g.start.cho))}, true});
    if (!find(g.tags, "한차림") && !find(g.tags, "한포진"))
      produced.push_back({{"한차림", std::string(gib_setup_name(g.start.han))}, true});
  }

  const std::string token = result_token(g);
  const std::string* gib_result = find(g.tags, "GibResult");
  const bool gib_result_used = gib_result && gib_result == restoring_gib_result(g.tags, token);
  const Expected<std::string> fen = start_fen(g);

  WriterHead head{fen};
  for (const Tag& t : g.tags) {
    if (is_roster_name(t.name) || t.name == "GibTagOrder") continue;
    if (t.name == "GibResult" && gib_result_used) continue;
    if (head.leaves_out(t)) continue;
    if (t.name == "Ruleset") produced.push_back({{"규칙", t.value}, false});
    else if (t.name == "Bikjang") produced.push_back({{"빅장", t.value}, false});
    else produced.push_back({t, false});
  }
  if (gib_result_used) produced.push_back({{"대국결과", *gib_result}, false});
  else if (const std::string_view text = gib_result_for_token(token); !text.empty())
    produced.push_back({{"대국결과", std::string(text)}, false});
  if (generated_pan) produced.push_back({{"판", *generated_pan}, true});

  return in_marker_order(produced, marker);
}

// Adds the start tags a .gib reader needs to a .gib-vocabulary tag list, after the
// roster-like tags at its front.
std::vector<Tag> complete_gib_start(const Game& g) {
  std::vector<Tag> out = g.tags;
  std::vector<Tag> missing;
  if (needs_pan(g)) {
    if (!find(out, "판"))
      if (auto pan = pan_of(g)) missing.push_back({"판", *pan});
  } else {
    // The .gib reader infers a missing setup from the moves (with a warning): a setup the
    // game states (from a FEN, a JSON record …) is written, one inferred only when it is
    // not 마상상마, as before.
    if ((g.start.cho_setup_stated || g.start.cho != Setup::HEEH) && !find(out, "초차림") && !find(out, "초포진"))
      missing.push_back({"초차림", std::string(gib_setup_name(g.start.cho))});
    if ((g.start.han_setup_stated || g.start.han != Setup::HEEH) && !find(out, "한차림") && !find(out, "한포진"))
      missing.push_back({"한차림", std::string(gib_setup_name(g.start.han))});
  }
  if (missing.empty()) return out;
  std::size_t at = 0;
  for (std::size_t i = 0; i < out.size(); ++i)
    if (is_roster_name(out[i].name) && out[i].name != "대국결과") at = i + 1;
  out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), missing.begin(), missing.end());
  return out;
}

}  // namespace

const std::string* restoring_gib_result(const std::vector<Tag>& tags, std::string_view token) {
  const std::string* gib_result = find(tags, "GibResult");
  if (!gib_result || pgn_result_token(normalize_result(*gib_result)) != token) return nullptr;
  return gib_result;
}

std::vector<Tag> gib_tags(const Game& game) {
  if (!has_pgn_roster(game.tags)) return complete_gib_start(game);
  return gib_tags_from_pgn(game);
}

std::vector<Tag> pgn_tags(const Game& game) {
  std::vector<Tag> tags = pgn_tags_with(game, nullptr);
  // Would these tags give back the game's .gib tags? If not, name the order explicitly.
  Game probe = header_of(game);
  probe.tags = tags;
  const std::vector<Tag> want = gib_tags(game);
  if (gib_tags(probe) == want) return tags;
  std::string order;
  for (const Tag& t : want) {
    if (t.name.find(' ') != std::string::npos) return tags;  // not expressible; keep the default
    if (!order.empty()) order += ' ';
    order += t.name;
  }
  return pgn_tags_with(game, &order);
}

Game with_gib_tags(const Game& game) {
  Game g = game;
  g.tags = gib_tags(game);
  const std::string* r = find(g.tags, "대국결과");
  g.has_result = r != nullptr;
  g.result_text = r ? *r : std::string();
  return g;
}

}  // namespace gibo
