// The collection's merges of identities; see identity_merge.h for the rule.
#include "gibo/record/identity_merge.h"

#include <algorithm>
#include <map>
#include <set>

#include "gibo/core/enum_names.h"

namespace gibo {

std::string_view open_merge_reason_name(OpenMergeReason reason) {
  static constexpr auto kNames = std::to_array<Named<OpenMergeReason>>({
      {OpenMergeReason::SeveralSites, "several-sites"}, {OpenMergeReason::KnownSite, "known-site"},
      {OpenMergeReason::MetEachOther, "met-each-other"}, {OpenMergeReason::NicknameSeveralSites, "nickname-several-sites"},
      {OpenMergeReason::DigitsAdded, "digits-added"}});
  return name_of(kNames, reason);
}

namespace {

// The pairs of names at one site (both rule name, or both name-at-site) of which one is the
// other with digits added at its end, never met, and not merged by the rule: listed.
void open_digit_variants(std::span<const SeenIdentity> seen, MergePlan& plan,
                         const std::set<std::pair<std::size_t, std::size_t>>& met) {
  std::map<std::pair<std::string_view, std::string_view>, std::size_t> at;  // (site, name) -> identity
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (plan.into[i] == i && (seen[i].rule == IdentityRule::Name || seen[i].rule == IdentityRule::NameAtSite))
      at.emplace(std::pair<std::string_view, std::string_view>{seen[i].site_key, seen[i].name_key}, i);
  for (const auto& [where, i] : at) {
    std::string_view name = where.second;
    while (!name.empty() && name.back() >= '0' && name.back() <= '9') {
      name.remove_suffix(1);
      if (name.empty()) break;
      const auto shorter = at.find({where.first, name});
      if (shorter == at.end()) continue;
      const std::size_t j = shorter->second;
      if (!met.count({std::min(i, j), std::max(i, j)})) plan.open.push_back({OpenMergeReason::DigitsAdded, {j, i}});
      break;
    }
  }
}

}  // namespace

MergePlan plan_merges(std::span<const SeenIdentity> seen, std::span<const std::pair<std::size_t, std::size_t>> met) {
  MergePlan plan;
  plan.into.resize(seen.size());
  for (std::size_t i = 0; i < seen.size(); ++i) plan.into[i] = i;
  // Per name: its plain identity (rule name) and its nicknames (rule name-at-site).
  struct Name {
    std::size_t plain = SIZE_MAX;
    std::vector<std::size_t> nicknames;
  };
  std::map<std::string_view, Name> names;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    const SeenIdentity& s = seen[i];
    if (s.site_key.empty() && s.rule == IdentityRule::Name) names[s.name_key].plain = i;
    else if (!s.site_key.empty() && s.rule == IdentityRule::NameAtSite) names[s.name_key].nicknames.push_back(i);
  }
  std::set<std::pair<std::size_t, std::size_t>> met_pairs;
  for (const auto& [a, b] : met) met_pairs.insert({std::min(a, b), std::max(a, b)});
  for (const auto& [key, n] : names) {
    if (n.nicknames.empty()) continue;
    if (n.plain == SIZE_MAX) {
      if (n.nicknames.size() >= 2) plan.open.push_back({OpenMergeReason::NicknameSeveralSites, n.nicknames});
      continue;
    }
    std::vector<std::size_t> all = {n.plain};
    all.insert(all.end(), n.nicknames.begin(), n.nicknames.end());
    if (n.nicknames.size() >= 2) {
      plan.open.push_back({OpenMergeReason::SeveralSites, all});
      continue;
    }
    if (seen[n.plain].at_known_site) {
      plan.open.push_back({OpenMergeReason::KnownSite, all});
      continue;
    }
    const std::size_t nick = n.nicknames.front();
    if (met_pairs.count({std::min(n.plain, nick), std::max(n.plain, nick)})) {
      plan.open.push_back({OpenMergeReason::MetEachOther, all});
      continue;
    }
    plan.into[n.plain] = nick;
  }
  open_digit_variants(seen, plan, met_pairs);
  std::sort(plan.open.begin(), plan.open.end(),
            [](const OpenMerge& a, const OpenMerge& b) { return a.identities.front() < b.identities.front(); });
  return plan;
}

}  // namespace gibo
