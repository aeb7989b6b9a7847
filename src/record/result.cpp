// Names of winners and result methods, both ways (gibo/record/result.h).
#include "gibo/record/result.h"

#include "gibo/core/enum_names.h"

namespace gibo {

namespace {

constexpr auto kWinnerNames = std::to_array<Named<Winner>>({
    {Winner::Cho, "cho"}, {Winner::Han, "han"}, {Winner::Draw, "draw"}, {Winner::Void, "void"},
    {Winner::Unknown, "unknown"}});

constexpr auto kMethodNames = std::to_array<Named<ResultMethod>>({
    {ResultMethod::Unspecified, "unspecified"}, {ResultMethod::Outright, "outright"},
    {ResultMethod::Checkmate, "checkmate"}, {ResultMethod::Resignation, "resignation"}, {ResultMethod::Time, "time"},
    {ResultMethod::Points, "points"}, {ResultMethod::Bikjang, "bikjang"}, {ResultMethod::Forfeit, "forfeit"},
    {ResultMethod::Disconnection, "disconnection"}, {ResultMethod::Agreement, "agreement"},
    {ResultMethod::Automatic, "automatic"}, {ResultMethod::None, "none"}});

}  // namespace

std::string_view winner_name(Winner w) { return name_of(kWinnerNames, w); }

std::string_view method_name(ResultMethod m) { return name_of(kMethodNames, m); }

Winner winner_from_name(std::string_view name) { return value_named(kWinnerNames, name).value_or(Winner::Unknown); }

ResultMethod method_from_name(std::string_view name) {
  return value_named(kMethodNames, name).value_or(ResultMethod::None);
}

}  // namespace gibo
