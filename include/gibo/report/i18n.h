// The message catalogue: help, messages, text reports and pages in English (the
// messages as written in the code) or Korean, from gettext catalogues (po/ko.po,
// compiled by msgfmt into LOCALEDIR/ko/LC_MESSAGES/gibo.mo) read with Boost.Locale (its
// ICU backend: no system locale needs to be installed). README "Languages".
//
// Policy: the language is chosen once, at start-up, before any thread runs (set_language);
// afterwards translate() and number() only read. GIBO_I18N_LOG=FILE appends each msgid
// asked for to FILE, as "ok\tMSGID" or "missing\tMSGID" (newlines as \n): how po/update-pot
// finds the help texts and the tests find a message the Korean catalogue lacks. A message missing from the catalogue,
// or a catalogue that cannot be found, gives the English text: never an error.
#pragma once

#include <initializer_list>
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

// `text` translated when the catalogue holds it as a msgid, else `text` as it is (a row
// label that may also be data, like a player's name). Logged as "data", never "missing".
std::string translate_known(const std::string& text);

// A numeric cell with the language's thousands separators: "8329" -> "8,329"; "-1234"
// too; any other text (a percentage, a date, a decimal) unchanged.
std::string grouped(const std::string& cell);

// `n` with the language's thousands separators ("24,668").
std::string number(long long n);

// The date `text` names, in the language's form: English as ISO 8601 writes it
// ("2010-03-12", "2010-03", "2010": the form the machine formats keep), Korean as Korean
// writes it ("2010년 3월 12일", "2010년 3월", "2010년"). `text` is a date key or a date
// tag as records write it ("2010.03.12", "20100312", "2010년 3월 12일"; record/game_date.h);
// text that names no single date (empty, "미상", a range "2020.01~2020.06") is returned
// as it is. Text reports and pages show every date through this.
std::string date(std::string_view text);

// The message `english`, translated, with {1}, {2}, ... replaced by `args` in order (a
// translation may reorder them): format("{1} games", {"3"}) -> "대국 3개".
std::string format(const char* english, std::initializer_list<std::string_view> args);

// A message built by code elsewhere (a diagnostic's, a usage error's), in the chosen
// language (i18n_messages.cpp): the whole text when a pattern matches it, else each
// clause (split at "; " outside parentheses) matched against the catalogue's message
// patterns ("{1} says {2} plies, the record has {3}"), its values kept (a value that is
// itself a catalogue word, like "Cho" or "chariot", or a message, translated). A clause
// no pattern matches stays in English.
std::string message(std::string_view english);

// Marks a message pattern for the catalogue (po/update-pot extracts N_, translate, tr
// and format strings), without translating it here.
constexpr const char* N_(const char* english) { return english; }

}  // namespace gibo::i18n
