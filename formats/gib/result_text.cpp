// Normalising the stored result text (대국결과) by its grammar (grammar.h "results",
// formats/gib/README.md "Results"), not by a table of known strings.
#include <functional>
#include <string>

#include "gibo/formats/gib.h"
#include "grammar.h"

namespace gibo {

NormalizedResult normalize_gib_result(std::string_view text) {
  namespace x3 = boost::spirit::x3;
  std::string canonical;
  canonical.reserve(text.size());
  const char* at = text.data();
  x3::parse(at, text.data() + text.size(), x3::with<gib::grammar::canonical_out_tag>(std::ref(canonical))[gib::grammar::result_text]);

  const char* first = canonical.data();
  const char* end = first;
  x3::parse(end, first + canonical.size(), gib::grammar::result_body);
  gib::grammar::ResultState state;
  if (x3::parse(first, end, x3::with<gib::grammar::result_state_tag>(std::ref(state))[gib::grammar::result]))
    state.result.recognised = true;
  return state.result;
}

}  // namespace gibo
