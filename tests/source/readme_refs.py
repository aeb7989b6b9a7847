#!/usr/bin/env python3
"""Every `README "Section"` a source file names resolves (issue 41).

A comment or message in src/, include/, formats/ or tests/ that points a reader at a README
section — `README "Exit status"`, `README.md, "Endings"`, `src/core/README.md "Profiles"`,
`formats/gib/README.md, "Bytes"` — must name a section the README has: a heading (`#`
lines) or a bold lead-in (`**Limits.**`) holding those words (case aside). A README named
by its path is that file; a bare `README`/`README.md` is the file's own folder's README, or
for a public header (include/gibo/LAYER/) its layer's, or the top README.md. Prints each
reference that resolves nowhere with its file and line; exit 1 when there is one.

usage: readme_refs.py ROOT          (--self-test ROOT checks the rules on small examples)
"""
import os
import re
import sys

REFERENCE = re.compile(r'((?:[\w./-]+/)?README(?:\.md)?),? "([^"\n]+)"')
SOURCE_DIRS = ("src", "include", "formats", "tests")
SOURCE_SUFFIXES = (".cpp", ".h", ".hpp", ".py", ".sh", ".in", ".cmake", ".md")


def sections(readme_text):
    """The section names a README offers: its headings and its bold lead-ins, lower-cased."""
    names = []
    for line in readme_text.splitlines():
        if line.startswith("#"):
            names.append(line.lstrip("#").strip().lower())
        for bold in re.findall(r"\*\*([^*]+)\*\*", line):
            names.append(bold.strip().rstrip(".:").lower())
    return names


def resolves(section, names):
    wanted = section.strip().lower().rstrip(".")
    return any(wanted == n or wanted in n for n in names)


def candidates(root, source, named):
    """The README files a reference from `source` (relative to root) may mean."""
    if "/" in named:
        path = named if named.endswith(".md") else named + ".md"
        return [os.path.join(root, path)]
    here = os.path.dirname(source)
    out = [os.path.join(root, here, "README.md")]
    parts = source.split("/")
    if len(parts) >= 3 and parts[0] == "include" and parts[1] == "gibo":
        layer = parts[2]
        out += [os.path.join(root, "src", layer, "README.md"), os.path.join(root, layer, "README.md")]
        if layer == "formats":
            stem = os.path.splitext(parts[-1])[0]
            out.append(os.path.join(root, "formats", stem, "README.md"))
    out.append(os.path.join(root, "README.md"))
    return out


def check(root):
    cache = {}
    failures = []
    for top in SOURCE_DIRS:
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if not name.endswith(SOURCE_SUFFIXES) or name == "README.md":
                    continue
                path = os.path.join(folder, name)
                source = os.path.relpath(path, root)
                if source.startswith("tests/data/") or source == "tests/source/readme_refs.py":
                    continue
                with open(path, encoding="utf-8", errors="replace") as f:
                    lines = f.read().splitlines()
                for number, line in enumerate(lines, 1):
                    for named, section in REFERENCE.findall(line):
                        ok = False
                        for readme in candidates(root, source, named):
                            if readme not in cache:
                                try:
                                    with open(readme, encoding="utf-8") as r:
                                        cache[readme] = sections(r.read())
                                except OSError:
                                    cache[readme] = None
                            if cache[readme] is not None and resolves(section, cache[readme]):
                                ok = True
                                break
                        if not ok:
                            failures.append(f'{source}:{number}: {named} "{section}" names no section there')
    return failures


def self_test():
    names = sections("# Top\n\n## Exit status\n\n**Limits.** Every file ...\n### The `rescore --engine` run\n")
    assert resolves("Exit status", names)
    assert resolves("limits", names)
    assert resolves("rescore --engine", names)
    assert not resolves("Nothing like it", names)
    assert REFERENCE.findall('see README "Exit status"') == [("README", "Exit status")]
    assert REFERENCE.findall('formats/gib/README.md, "Bytes"') == [("formats/gib/README.md", "Bytes")]
    assert candidates("/r", "include/gibo/core/rules.h", "README.md")[1] == "/r/src/core/README.md"
    print("readme_refs self-test: ok")
    return 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--self-test":
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    failures = check(sys.argv[1])
    for f in failures:
        print(f)
    if failures:
        print(f"{len(failures)} README references resolve nowhere")
        return 1
    print("every README reference resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
