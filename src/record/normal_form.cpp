// Unicode normalisation through ICU (normal_form.h): NFKC and NFKC_Casefold, each filtered
// so that the Hangul compatibility jamo and half-width Hangul letters pass unchanged.
#include "gibo/record/normal_form.h"

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/uniset.h>

#include <memory>
#include <stdexcept>

#include "gibo/core/utf8.h"

namespace gibo {
namespace {

// ICU's normalisers, each restricted to the code points outside the kept Hangul letters.
class Normalizers {
 public:
  Normalizers() {
    UErrorCode status = U_ZERO_ERROR;
    normalised_.applyPattern(icu::UnicodeString(u"[^\\u3131-\\u318E\\uFFA0-\\uFFDC]"), status);
    normalised_.freeze();
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    const icu::Normalizer2* folded = icu::Normalizer2::getNFKCCasefoldInstance(status);
    if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU normalisation is unavailable: ") + u_errorName(status));
    nfkc_ = std::make_unique<icu::FilteredNormalizer2>(*nfkc, normalised_);
    folded_ = std::make_unique<icu::FilteredNormalizer2>(*folded, normalised_);
  }
  const icu::Normalizer2& nfkc() const { return *nfkc_; }
  const icu::Normalizer2& folded() const { return *folded_; }

 private:
  icu::UnicodeSet normalised_;
  std::unique_ptr<icu::FilteredNormalizer2> nfkc_, folded_;
};

const Normalizers& normalizers() {
  static const Normalizers n;
  return n;
}

// ASCII and Hangul syllables (U+AC00-U+D7A3), most of what names hold, are unchanged by NFKC
// (ICU's quick check says the same) and only ASCII letters fold: no need to ask ICU.
bool stable(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const utf8::CodePoint c = utf8::decode(text, i);
    if (c.bad || (c.value >= 0x80 && (c.value < 0xAC00 || c.value > 0xD7A3))) return false;
    i += c.length;
  }
  return true;
}

// `text` with every ill-formed byte made U+FFFD (core/utf8.h's policy; ICU would pass them on).
std::string well_formed(std::string_view text) {
  if (utf8::valid(text)) return std::string(text);
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const utf8::CodePoint c = utf8::decode(text, i);
    utf8::append(out, c.value);
    i += c.length;
  }
  return out;
}

std::string run(const icu::Normalizer2& n, std::string_view raw) {
  const std::string checked = well_formed(raw);
  const std::string_view text = checked;
  std::string out;
  icu::StringByteSink<std::string> sink(&out, static_cast<int32_t>(text.size()));
  UErrorCode status = U_ZERO_ERROR;
  n.normalizeUTF8(0, icu::StringPiece(text.data(), static_cast<int32_t>(text.size())), sink, nullptr, status);
  if (U_FAILURE(status)) return checked;  // only on exhausted memory: the text as it was
  return out;
}

}  // namespace

std::string normal_form(std::string_view text) {
  if (stable(text)) return std::string(text);
  return run(normalizers().nfkc(), text);
}

std::string folded_form(std::string_view text) {
  if (stable(text)) {
    std::string out(text);
    for (char& c : out)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
  }
  return run(normalizers().folded(), text);
}

}  // namespace gibo
