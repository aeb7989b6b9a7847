// The message catalogue: help, messages, text reports and pages in English (the
// messages as written in the code) or Korean, from gettext catalogues (po/ko.po,
// compiled by msgfmt into LOCALEDIR/ko/LC_MESSAGES/gibo.mo) read with Boost.Locale (its
// ICU backend: no system locale needs to be installed). README "Languages".
//
// Policy: the language is chosen once, at start-up, before any thread runs (set_language);
// afterwards translate() and number() only read. A message missing from the catalogue,
// or a catalogue that cannot be found, gives the English text: never an error.
#pragma once

#include <string>
#include <string_view>

namespace gibo::i18n {

// The language a run asks for: `option` (--lang) when given, else the first of LANGUAGE,
// LC_ALL, LC_MESSAGES, LANG that is set; "ko" for any Korean locale (ko, ko_KR.UTF-8),
// else "en".
std::string requested_language(std::string_view option);

// Chooses the language ("en" or "ko") and the folder holding the catalogues.
void set_language(const std::string& language, const std::string& locale_dir);

// "en" or "ko", as chosen.
const std::string& language();

// The message `english` in the chosen language.
std::string translate(const char* english);

// `n` with the language's thousands separators ("24,668").
std::string number(long long n);

}  // namespace gibo::i18n
