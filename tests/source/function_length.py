#!/usr/bin/env python3
"""Lists the functions and classes of the C++ sources that are longer than their limits, and
fails if any is.

    function_length.py [--limit N] [--class-limit N] [--self-test] ROOT

A function is a brace-enclosed body whose head (the text since the previous `;`, `{` or `}`)
ends with a parameter list and its qualifiers: free and member functions, constructors,
lambdas, and test bodies (TEST(...) { ... }); not namespaces, classes, initialisers, or
control statements. Its length is the lines from the first line of its head to its closing
brace. Comments, strings and character literals (raw strings too) are blanked first, so a
brace in them counts for nothing.

Scanned: the .cpp and .h files under src/, formats/, include/, tests/ (not tests/data/) and
samples/. A tree of generated code (none today) would be left out here by name.
A class is a `class` or `struct` definition (local ones and those in headers too); its length
is the lines from its head to its closing brace, member functions defined in it included
(those defined outside it are functions of their own). The limits are the house's (issue
41): a function at most 80 lines, a class at most 300; a longer one is split by concept.
Exit status: 0 when nothing is longer than its limit, 1 otherwise (each listed as
FILE:LINE: NAME is N lines), 2 on a usage error.
"""
import argparse
import os
import re
import sys

FOLDERS = ["src", "formats", "include", "tests", "samples"]
SKIPPED = [os.path.join("tests", "data")]
CONTROL = re.compile(r"^(if|for|while|switch|catch|else\s+if|return|do|else|try)\b")
CLASS_HEAD = re.compile(r"^(?:template\s*<.*>\s*)?(?:class|struct)\s+(?:\[\[[^\]]*\]\]\s*)?(\w+)")
NOT_FUNCTION = re.compile(r"^(template\s*<.*>\s*)?(namespace|class|struct|enum|union|extern)\b")
# A head that ends with a parameter list: `)` then qualifiers, an optional trailing return
# type, or a constructor's initialiser list (whose braces are part of it: handled by the caller).
FUNCTION_END = re.compile(
    r"\)\s*(?:const|volatile|noexcept(?:\s*\([^()]*\))?|override|final|mutable|&&|&|\s)*"
    r"(?:->\s*[\w:<>,\s\*&\[\]]+)?\s*$")


HEX = set("0123456789abcdefABCDEF")


def digit_separator(text, i):
    """Is the quote at text[i] a digit separator (1'000, 0xFF'FF) rather than a literal's?"""
    j = i - 1
    while j >= 0 and (text[j] in HEX or text[j] in "xXbB'"):
        j -= 1
    number = text[j + 1:i]
    return bool(number) and number[0].isdigit() and (j < 0 or not (text[j].isalnum() or text[j] == "_")) \
        and i + 1 < len(text) and text[i + 1] in HEX


def blank(text):
    """The text with comments, strings and character literals replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and i + 1 < n and text[i + 1] == '"' and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")) \
                or (c in "uUL8" and re.match(r'(u8|u|U|L)R"', text[i:i + 4]) and
                    (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_"))):
            start = text.index('"', i)
            paren = text.find("(", start)
            delim = text[start + 1:paren]
            end = text.find(")" + delim + '"', paren)
            end = n if end < 0 else end + len(delim) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == '"' or (c == "'" and not digit_separator(text, i)):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(text):
    """(name, first line, lines) of each function body in the C++ source `text`."""
    return bodies(text)[0]


def classes(text):
    """(name, first line, lines) of each class or struct definition in the C++ source `text`."""
    return bodies(text)[1]


def bodies(text):
    """The functions and the classes of `text`, each as (name, first line, lines)."""
    code = blank(text)
    line_of = [0] * (len(code) + 1)
    line = 1
    for k, ch in enumerate(code):
        line_of[k] = line
        if ch == "\n":
            line += 1
    line_of[len(code)] = line
    found = []
    kinds = []
    stack = []  # (first character of the head, the head's start, is a function, name, is an initialiser, class)
    head_start = 0
    for k, ch in enumerate(code):
        if ch == "{":
            head = " ".join(code[head_start:k].split())
            plain = not CONTROL.match(head) and not NOT_FUNCTION.match(head)
            function = bool(head) and plain and FUNCTION_END.search(head) is not None
            # A brace initialiser (`a_{x}` in a constructor's initialiser list, `T{...}`):
            # the head goes on after it.
            initialiser = plain and not function and re.search(r"[\w>]$", head) is not None
            name = ""
            if function:
                if re.search(r"\]\s*\((?:[^()]|\([^()]*\))*\)[^()]*$", head):
                    name = "lambda"
                else:
                    # The name before the parameter list (an initialiser list may follow it).
                    m = re.search(r"(operator\s*\(\)|operator\s*\S+?|[\w:~]+)\s*\(", head)
                    name = m.group(1) if m else head[:40]
            first = head_start + (len(code[head_start:k]) - len(code[head_start:k].lstrip()))
            kind = CLASS_HEAD.match(head)
            stack.append((first, head_start, function, name, initialiser, kind.group(1) if kind else None))
            head_start = k + 1
        elif ch == "}":
            if stack:
                first, start, function, name, initialiser, kind = stack.pop()
                if function:
                    found.append((name, line_of[first], line_of[k] - line_of[first] + 1))
                elif kind:
                    kinds.append((kind, line_of[first], line_of[k] - line_of[first] + 1))
                head_start = start if initialiser else k + 1
            else:
                head_start = k + 1
        elif ch == ";":
            head_start = k + 1
        elif ch == "#" and code[code.rfind("\n", 0, k) + 1:k].strip() == "":
            # A preprocessor line is no part of a head.
            end = code.find("\n", k)
            head_start = len(code) if end < 0 else end
    return found, kinds


def scan(root, limit, class_limit):
    long_ones = []
    for folder in FOLDERS:
        for base, dirs, files in os.walk(os.path.join(root, folder)):
            rel = os.path.relpath(base, root)
            if any(rel == s or rel.startswith(s + os.sep) for s in SKIPPED):
                dirs[:] = []
                continue
            dirs.sort()
            for f in sorted(files):
                if not f.endswith((".cpp", ".h")):
                    continue
                path = os.path.join(base, f)
                with open(path, encoding="utf-8", errors="replace") as handle:
                    text = handle.read()
                found, kinds = bodies(text)
                for name, first, lines in found:
                    if lines > limit:
                        long_ones.append((os.path.relpath(path, root), first, name, lines))
                for name, first, lines in kinds:
                    if lines > class_limit:
                        long_ones.append((os.path.relpath(path, root), first, "class " + name, lines))
    return long_ones


def self_test():
    """The scanner on code whose function lengths are known."""
    body = "\n".join("  x += %d;" % i for i in range(5))
    sample = (
        "// a comment with a brace {\n"
        "namespace n {\n"
        "struct S {\n"
        "  S(int a) : a_{a}, b_(2) {\n" + body + "\n  }\n"        # 7 lines
        "  int f() const { return 1; }\n"                         # 1 line
        "  int e() const {\n    return 2;\n  }\n"                # 3 lines, after a const one
        "  int a_, b_;\n"
        "};\n"
        "const char* s = \"}{\";\n"
        "const char* r = R\"x(}})x\";\n"
        "int g(int v)\n{\n  if (v) {\n    return 1;\n  }\n"     # 10 lines, from the head's
        "  auto h = [&](int w) {\n    return w + (U'장' == '}') + 1'000;\n  };\n"   # 3 lines
        "  return h(v);\n}\n"
        "}  // namespace n\n")
    found, kinds = bodies(sample)
    got = {(name, lines) for name, _, lines in found} | {("class " + name, lines) for name, _, lines in kinds}
    want = {("S", 7), ("f", 1), ("e", 3), ("g", 10), ("lambda", 3), ("class S", 14)}
    missing = {w for w in want if w not in got}
    extra = {g for g in got if g not in want}
    if missing or extra:
        print("self-test: missing %s, unexpected %s" % (sorted(missing), sorted(extra)), file=sys.stderr)
        return 1
    print("self-test: the lengths of the sample's %d functions and classes are right" % len(want))
    return 0


def main():
    parser = argparse.ArgumentParser(description="Lists the functions longer than a limit.")
    parser.add_argument("root")
    parser.add_argument("--limit", type=int, default=80)
    parser.add_argument("--class-limit", type=int, default=300)
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    long_ones = scan(args.root, args.limit, args.class_limit)
    for path, first, name, lines in long_ones:
        print("%s:%d: %s is %d lines" % (path, first, name, lines))
    if long_ones:
        print("%d function(s) or class(es) longer than %d or %d lines" % (len(long_ones), args.limit, args.class_limit),
              file=sys.stderr)
        return 1
    print("no function longer than %d lines, no class longer than %d" % (args.limit, args.class_limit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
