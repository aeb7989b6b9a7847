// Text for people: the characters that would act on a terminal or reorder what is shown,
// written as visible escapes. A record, an alias table or an opening book may hold ESC,
// BEL, a carriage return or a right-to-left override; printed raw, such a value could
// clear a screen, retitle a window, hide text or show a line in another order.
//
// Policy: escaped are the C0 controls but tab and line feed (ESC as \e, the others \xHH),
// DEL (\u007f), the C1 controls (\u0080 … \u009f) and the bidirectional formatting
// characters U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069 (\u202e). Every
// other byte is kept as it is (invalid UTF-8 included: a terminal shows it as a
// replacement character and cannot be driven by it). The \u forms are also JSON's.
#pragma once

#include <string>
#include <string_view>

namespace gibo::text {

// `text` with its control characters escaped (above).
std::string visible(std::string_view text);

// The same over text that arrives in pieces (an output stream's buffer): a sequence cut
// between two pieces is held back until the next piece or finish().
class VisibleFilter {
 public:
  // The visible form of `piece`, as far as it can be told.
  std::string feed(std::string_view piece);
  // What is held back, as it is (an unfinished sequence is no control character).
  std::string finish();

 private:
  std::string held_;
};

}  // namespace gibo::text
