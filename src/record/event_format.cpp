// The names of the event formats (event_format.h).
#include "gibo/record/event_format.h"

#include "gibo/core/enum_names.h"

namespace gibo {
namespace {

constexpr auto kEventFormatNames = std::to_array<Named<EventFormat>>({{EventFormat::RoundRobin, "round-robin"},
                                                                      {EventFormat::Knockout, "knockout"},
                                                                      {EventFormat::League, "league"},
                                                                      {EventFormat::Match, "match"},
                                                                      {EventFormat::Casual, "casual"}});

}  // namespace

std::string_view event_format_name(EventFormat f) { return name_of(kEventFormatNames, f); }

std::optional<EventFormat> event_format_named(std::string_view name) { return value_named(kEventFormatNames, name); }

}  // namespace gibo
