// The first error of a game or a file: the one it is rejected for, which the summaries
// count and the one-line reports show (validate, import, convert, rescore).
#pragma once

#include <span>

#include "gibo/record/diagnostic.h"

namespace gibo {

// The first diagnostic of severity Error among `diagnostics`; nullptr when there is none.
const Diagnostic* first_error(std::span<const Diagnostic> diagnostics);

}  // namespace gibo
