// The usage text of --setup (setup_names.h).
#include "setup_names.h"

namespace gibo::cli {

const char* const kSetupPairHelp =
    "--setup takes CHO,HAN, each one of HEEH EHHE HEHE EHEH (마상상마 상마마상 마상마상 상마상마)";

}  // namespace gibo::cli
