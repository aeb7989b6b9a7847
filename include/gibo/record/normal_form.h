// Unicode normalisation of the names gibo compares: players, sites, events and the ranks
// written in player tags. The one place where text is normalised (ICU's NFKC): every
// comparison of a name goes through name_key (name_aliases.h), which goes through here.
//
// NFKC folds the compatibility forms records hold: the CJK compatibility ideographs a CP949
// decoding gives (六 U+F9D1 is 六 U+516D, 龍 U+F9C4 is 龍), full-width letters and digits
// (ＨＡＮＧＡＭＥ, ９단), the ideographic and no-break spaces, ™ (TM). Two kinds of
// characters are kept as written, because NFKC would change which name they spell: the
// Hangul compatibility jamo (U+3131-U+318E, ㅇ ㅋ ㅣ as typed on a Korean keyboard) and the
// half-width Hangul letters (U+FFA0-U+FFDC). NFKC maps them to conjoining jamo, which then
// compose with the letters after them: the nickname ㅁㅣ스터사탄 would become 미스터사탄, another
// account's name, and ㅇㅇ a lone initial consonant.
#pragma once

#include <string>
#include <string_view>

namespace gibo {

// `text` (UTF-8) in NFKC, the Hangul compatibility jamo and half-width Hangul letters kept.
// Ill-formed UTF-8 bytes become U+FFFD (core/utf8.h's policy).
std::string normal_form(std::string_view text);

// normal_form with Unicode case folding (NFKC_Casefold, which also drops default-ignorable
// code points such as U+200B): the form two spellings of one name share.
std::string folded_form(std::string_view text);

}  // namespace gibo
