// Engine analyses as text in the run's language (gibo/report/analysis_text.h).
#include "gibo/report/analysis_text.h"

#include <cstdio>
#include <sstream>

#include "gibo/analysis/pawns_text.h"
#include "gibo/report/i18n.h"

namespace gibo {
namespace {

using namespace gibo::analysis;

std::string score_text(const Score& s) {
  if (s.mate) return std::string(s.winner == Side::Cho ? "+" : "-") + "M" + std::to_string(s.mate_moves);
  return pawns_text(s.cp);
}

}  // namespace

std::string one_decimal(double d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", d);
  return buf;
}

std::string analysis_text(const std::string& ref, const GameAnalysis& a, const std::string& engine, const Limit& limit) {
  // The limit in UCI's own words: "depth 10".
  using i18n::format;
  std::string s;
  if (!a.error.empty()) return ref + "  " + format("error: {1}", {i18n::message(a.error)}) + "\n";
  s = ref + "  " +
      format("variant {1}  engine {2}  {3}  plies {4}", {a.variant, engine, limit.text(), std::to_string(a.plies.size())}) +
      (a.failed_positions ? "  " + format("failed positions {1}", {std::to_string(a.failed_positions)}) : "") + "\n";
  if (!a.positions.empty() && a.positions.back().ok)
    s += "  " + format("final evaluation {1} (Cho's view)", {score_text(a.positions.back().result.score)}) + "\n";
  for (Side side : {Side::Cho, Side::Han}) {
    const SideSummary& m = a.sides[static_cast<std::size_t>(index(side))];
    s += "  " + format("{1}: {2} moves, accuracy {3}%, average loss {4} cp, {5} inaccuracies, {6} mistakes, {7} blunders",
                       {i18n::translate(side == Side::Cho ? "Cho" : "Han"), std::to_string(m.moves), one_decimal(m.accuracy),
                        one_decimal(m.average_loss), std::to_string(m.counts[1]), std::to_string(m.counts[2]),
                        std::to_string(m.counts[3])});
    if (m.largest_swing_ply)
      s += ", " + format("largest swing {1} at ply {2}", {one_decimal(m.largest_swing), std::to_string(m.largest_swing_ply)});
    s += "\n";
  }
  return s;
}

std::string analysis_summary_text(const AnalysisTally& t, bool archive) {
  // The causes first (the summary stays the last line): "3 games failed: …", "12 positions failed: …".
  std::string s;
  for (const auto& [cause, n] : t.game_causes)
    s += "  " + i18n::format("{1} games failed: {2}", {std::to_string(n), i18n::message(cause)}) + "\n";
  for (const auto& [cause, n] : t.position_causes)
    s += "  " + i18n::format("{1} positions failed: {2}", {std::to_string(n), i18n::message(cause)}) + "\n";
  s += i18n::format("summary: {1} games analysed, {2} failed, {3} with failed positions",
                    {std::to_string(t.games - t.not_analysed), std::to_string(t.not_analysed),
                     std::to_string(t.with_failed_positions)});
  if (archive) s += ", " + i18n::format("{1} taken from the archive", {std::to_string(t.from_archive)});
  return s + "\n";
}

std::string already_analysed_text(const std::string& archive_name, long from_archive, long games,
                                  const std::string& engine, const analysis::Limit& limit) {
  if (from_archive == 0) return "";
  if (from_archive == games)
    return i18n::format("every selected game was already analysed in {1} under this request ({2}, {3}); "
                        "nothing was searched, the stored analyses are shown",
                        {archive_name, engine, limit.text()});
  return i18n::format("{1} of {2} games were already analysed in {3} under this request; the others "
                      "were analysed and stored",
                      {std::to_string(from_archive), std::to_string(games), archive_name});
}

std::string nothing_queued_text(const std::string& archive_name, const std::string& engine, const analysis::Limit& limit) {
  return i18n::format("nothing is queued in {1} for this engine and limit ({2}, {3}); queue games with --where",
                      {archive_name, engine, limit.text()});
}

std::string queue_worker_text(const archive::QueueWorkerSummary& s) {
  return i18n::format("worker {1}: {2} games queued, {3} analysed and stored, {4} too late, {5} failed",
                      {s.worker, std::to_string(s.queued), std::to_string(s.stored), std::to_string(s.too_late),
                       std::to_string(s.failed)});
}

namespace {

// Seconds between two times of the queue's clock (milliseconds), as "12".
std::string seconds_between(std::int64_t from_ms, std::int64_t to_ms) {
  return std::to_string((to_ms - from_ms + 500) / 1000);
}

}  // namespace

std::string queue_status_text(const std::string& archive_name, const archive::Archive::QueueStatus& st) {
  using i18n::format;
  std::ostringstream out;
  out << format("analysis queue of {1}", {archive_name}) << "\n";
  if (st.requests.empty()) out << "  " << i18n::translate("(no game queued)") << "\n";
  for (const auto& r : st.requests)
    out << "  " << format("request {1}: {2}, {3}, {4}", {std::to_string(r.id), r.engine, r.limit, r.variant}) << ": "
              << format("{1} pending, {2} leased, {3} done, {4} failed",
                        {std::to_string(r.pending), std::to_string(r.leased), std::to_string(r.done), std::to_string(r.failed)})
              << "\n";
  if (!st.leases.empty()) out << i18n::translate("leased:") << "\n";
  for (const auto& l : st.leases)
    out << "  " << l.game << "  "
              << format("request {1}, by {2} for {3} s, lease runs out in {4} s, try {5}",
                        {std::to_string(l.request_id), l.worker, seconds_between(l.leased_at, st.now_ms),
                         seconds_between(st.now_ms, l.lease_until), std::to_string(l.tries)})
              << "\n";
  if (!st.failures.empty()) out << i18n::translate("failed:") << "\n";
  for (const auto& f : st.failures)
    out << "  " << f.game << "  "
              << format("request {1}, after {2} tries: {3}", {std::to_string(f.request_id), std::to_string(f.tries),
                                                              i18n::message(f.error)})
              << "\n";
  if (!st.workers.empty()) out << i18n::translate("workers:") << "\n";
  for (const auto& w : st.workers) {
    const double rate = w.busy_ms > 0 ? static_cast<double>(w.positions) * 1000.0 / static_cast<double>(w.busy_ms) : 0;
    using State = archive::Archive::QueueStatus::Worker::State;
    const std::string state = w.state == State::Running   ? i18n::translate("running")
                              : w.state == State::Stopped ? i18n::translate("stopped")
                                                          : i18n::translate("lost (no renewal within its lease)");
    out << "  " << w.worker << "  " << state << ", "
              << format("started {1} s ago, last seen {2} s ago: {3} games, {4} positions, {5} positions/s",
                        {seconds_between(w.started_at, st.now_ms), seconds_between(w.seen_at, st.now_ms),
                         std::to_string(w.games), std::to_string(w.positions), one_decimal(rate)})
              << "\n";
  }
  return out.str();
}

}  // namespace gibo
