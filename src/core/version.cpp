// gibo::version(): the library's version number and the git description it was built from.
#include "gibo/version.h"

namespace gibo {

Version version() {
  return Version{kVersionMajor, kVersionMinor, kVersionPatch, kVersion, detail::git_description()};
}

}  // namespace gibo
