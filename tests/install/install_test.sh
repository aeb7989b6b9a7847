#!/usr/bin/env bash
# The installed toolkit, as a user gets it (README "Installing", "Using the library"):
# `cmake --install` into a fresh prefix puts the program, libgibo (static, and shared with
# its SONAME), every public header (each compiles alone; gibo/gibo.h includes them all),
# the CMake package (version checked), gibo.pc, a man page per command (rendered by
# `man -l`), bash and zsh completion and the documentation; samples/library builds against
# it with find_package(gibo CONFIG) (shared and static) and with pkg-config, and its output
# on a sample agrees with `gibo validate`; `cpack -G DEB` makes a .deb listing bin, lib,
# include, cmake and man. With GIBO_TEST_DEB_INSTALL=1 (CI, as root) the .deb is also
# installed with apt-get, checked (gibo, man gibo, completion, find_package) and removed.
#
#   usage: install_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }
# Fails, naming $1, unless $out holds a whole line matching each line of standard input
# (a grep regular expression).
expect_lines() {
  local pattern
  while IFS= read -r pattern; do
    grep -qx -- "$pattern" <<< "$out" || fail "$1: no line '$pattern' in the output above"
  done
}

prefix=$tmp/prefix
step "cmake --install --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/gibo lib/libgibo.a lib/libgibo.so include/gibo/gibo.h include/gibo/version.h \
         include/gibo/formats/game_reader.h lib/cmake/gibo/giboConfig.cmake \
         lib/cmake/gibo/giboConfigVersion.cmake lib/cmake/gibo/giboTargets.cmake lib/pkgconfig/gibo.pc \
         share/bash-completion/completions/gibo share/zsh/vendor-completions/_gibo \
         share/doc/gibo/README.md share/doc/gibo/exit-status.md share/doc/gibo/formats/gib/README.md \
         share/doc/gibo/formats/pgn/README.md share/doc/gibo/formats/json/game.schema.json; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
grep -q '^| 3 |' "$prefix/share/doc/gibo/exit-status.md" || fail "exit-status.md has no table"
soname=$(readelf -d "$prefix/lib/libgibo.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ -n "$soname" ] && [ -e "$prefix/lib/$soname" ] || fail "libgibo.so has no SONAME, or its file is missing ($soname)"
echo "SONAME $soname"
version=$("$prefix/bin/gibo" --version)
number=$(echo "$version" | cut -d' ' -f2)
echo "$version"
# The installed program finds its Korean catalogue under share/locale (not the build tree's).
[ -f "$prefix/share/locale/ko/LC_MESSAGES/gibo.mo" ] || fail "not installed: share/locale/ko/LC_MESSAGES/gibo.mo"
(cd "$tmp" && "$prefix/bin/gibo" --lang ko help) | grep -q '명령:' || fail "the installed gibo prints no Korean help with --lang ko"

if [ "${GIBO_PYTHON:-0}" = 1 ]; then
  step "the Python package under $GIBO_PYTHON_DIR"
  for f in __init__.py __init__.pyi py.typed; do
    [ -f "$prefix/$GIBO_PYTHON_DIR/gibo/$f" ] || fail "not installed: $GIBO_PYTHON_DIR/gibo/$f"
  done
  out=$(cd "$tmp" && PYTHONPATH=$prefix/$GIBO_PYTHON_DIR "${PYTHON:-python3}" -c "
import gibo, sys
g = next(iter(gibo.read(sys.argv[1])))
print(gibo.__file__.startswith(sys.argv[2]), gibo.__version__, len(g.moves), g.valid)" \
    "$src/samples/pobsiz_2010_kbs_chuseok.gib" "$prefix")
  [ "$out" = "True $number 107 True" ] || fail "import gibo from the prefix: $out"
fi

step "every public header compiles on its own; gibo/gibo.h includes every one"
headers=$(cd "$prefix/include" && find gibo -name '*.h' | sort)
for h in $headers; do
  [ "$h" = gibo/gibo.h ] || [ "$h" = gibo/version.h ] || grep -q "#include \"$h\"" "$prefix/include/gibo/gibo.h" ||
    fail "gibo/gibo.h does not include $h"
done
# One compiler per header, as many at once as there are cores.
printf '%s\n' $headers | xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} sh -c \
  'echo "#include \"{}\"" | g++ -std=c++20 -fsyntax-only -Wall -Wextra -I"$1" -x c++ - || { echo "FAIL: {} does not compile alone" >&2; exit 255; }' \
  sh "$prefix/include" || fail "a public header does not compile alone"

step "man pages: gibo(1) and one per command, rendered by man -l"
commands=$("$prefix/bin/gibo" help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p')
[ -n "$commands" ] || fail "gibo help lists no command"
for page in gibo $(for c in $commands; do echo "gibo-$c"; done); do
  file=$prefix/share/man/man1/$page.1
  [ -f "$file" ] || fail "no man page $page(1)"
  text=$(MANWIDTH=80 man -l "$file" 2>&1) || fail "man -l $file failed"
  grep -q '^NAME' <<< "$text" || fail "$page(1) has no NAME section"
  grep -qE "^ *$page +- " <<< "$text" || fail "$page(1) does not name $page"
done
# The page says what --help says (generated from it): an option of each command's --help.
for c in $commands; do
  option=$("$prefix/bin/gibo" "$c" --help | grep -oE -- '--[a-z][a-z-]+' | grep -v -- '--help' | head -n 1 || true)
  text=$(MANWIDTH=200 man -l "$prefix/share/man/man1/gibo-$c.1")
  [ -z "$option" ] || grep -q -- "$option" <<< "$text" || fail "gibo-$c(1) lacks $option of its --help"
  # and the command's reference page: its first example under EXAMPLES, as --help prints it.
  example=$("$prefix/bin/gibo" "$c" --help | sed -n '/^examples:$/{n;s/^  //p;q}')
  [ -z "$example" ] || grep -A3 '^EXAMPLES' <<< "$text" | grep -qF -- "$example" \
    || fail "gibo-$c(1) lacks the example '$example' of its reference page under EXAMPLES"
done

step "bash completion"
out=$(PATH=$prefix/bin:$PATH bash -c "source '$prefix/share/bash-completion/completions/gibo'; complete -p gibo
  COMP_WORDS=(gibo val); COMP_CWORD=1; _gibo; echo \"commands: \${COMPREPLY[*]}\"
  COMP_WORDS=(gibo validate --rules fs-); COMP_CWORD=3; _gibo; echo \"profiles: \${COMPREPLY[*]}\"
  COMP_WORDS=(gibo convert x --to j); COMP_CWORD=4; _gibo; echo \"formats: \${COMPREPLY[*]}\"
  COMP_WORDS=(gibo stats --format ''); COMP_CWORD=3; _gibo; echo \"values: \${COMPREPLY[*]}\"
  COMP_WORDS=(gibo rescore --bikjang ''); COMP_CWORD=3; _gibo; echo \"after a colon: \${COMPREPLY[*]}\"
  COMP_WORDS=(gibo analyze --format ''); COMP_CWORD=3; _gibo; echo \"over two lines: \${COMPREPLY[*]}\"
  COMP_WORDS=(gibo import --va); COMP_CWORD=2; _gibo; echo \"options: \${COMPREPLY[*]}\"
  cd '$src'; COMP_WORDS=(gibo validate sampl); COMP_CWORD=2; _gibo; echo \"files: \${COMPREPLY[*]}\"")
echo "$out"
expect_lines "bash completion" <<'LINES'
complete .*-F _gibo gibo
commands: validate
profiles: fs-janggi fs-traditional fs-modern fs-casual
formats: json jsonl
values: text csv json html
after a colon: on off
over two lines: text jsonl
options: --valid-only
files: samples
LINES
if command -v zsh >/dev/null; then
  zsh -n "$prefix/share/zsh/vendor-completions/_gibo" || fail "_gibo is not valid zsh"
  zsh -fc "fpath=('$prefix/share/zsh/vendor-completions' \$fpath); autoload -U compinit; compinit -u -d '$tmp/zcompdump'; [[ \${_comps[gibo]} == _gibo ]]" ||
    fail "zsh does not register _gibo for gibo"
  # The completion function itself, with zsh's completion builtins replaced by printers.
  out=$(PATH=$prefix/bin:$PATH zsh -fc "
    fpath=('$prefix/share/zsh/vendor-completions' \$fpath)
    autoload -U _gibo
    compadd() { [[ \$1 == -- ]] && shift; print -r -- \"values: \$*\"; }
    _describe() { print -r -- describe; }
    _files() { print -r -- files; }
    words=(gibo convert x --to ''); CURRENT=5; PREFIX=''; _gibo
    words=(gibo validate --rules ''); CURRENT=4; _gibo
    words=(gibo stats --format ''); CURRENT=4; _gibo
    words=(gibo serve --letters ''); CURRENT=4; _gibo
    words=(gibo import --va); CURRENT=3; PREFIX=--va; _gibo
    words=(gibo validate sa); CURRENT=3; PREFIX=sa; _gibo")
  echo "$out"
  expect_lines "zsh completion" <<'LINES'
values: gib pgn json jsonl fen uci
values: janggi-gg .*fs-janggi.*
values: text csv json html
values: hanja hangul mixed latin
values: .*--valid-only.*
files
LINES
  echo "zsh: _gibo registered and completes"
else
  [ -z "${CI:-}" ] || fail "zsh is missing (.ci/setup installs it)"
  echo "note: zsh is not installed; the zsh completion was not tried"
fi

step "samples/library with find_package(gibo CONFIG): shared, static"
sample=$src/samples/pobsiz_2010_kbs_chuseok.gib
expected=$("$prefix/bin/gibo" validate "$sample" | sed -n 's/^summary: [0-9]* files, \(.*\)$/summary: \1/p')
db=$tmp/samples.db
"$prefix/bin/gibo" import --db "$db" "$src/samples" >/dev/null || [ $? -eq 1 ]
stored=$(sqlite3 "$db" 'SELECT count(*) FROM games')
check_output() {  # $1: program, $2: what
  local out
  out=$("$1" "$sample" "$db" "year >= 2010") || [ $? -eq 1 ] || fail "$2: exit status"
  echo "$out" | tail -n 4 | cut -c1-160
  grep -qx "libgibo $number" <<< "$out" || fail "$2: library version"
  grep -qx "$expected" <<< "$out" || fail "$2: '$expected' not in its output"
  grep -q '^game 1: 107 plies, 107 valid, profile janggi-gg, stored "초 완승", agrees, end .*, 0 legal moves, in check$' <<< "$out" ||
    fail "$2: game line"
  grep -q '^format gib, first game as UCI: position fen .* moves i4h4 ' <<< "$out" || fail "$2: UCI line"
  grep -qE "^archive: $stored games, [1-9][0-9]* selected$" <<< "$out" || fail "$2: archive line"
}
for kind in shared static; do
  flag=OFF; [ $kind = static ] && flag=ON
  cmake -S "$src/samples/library" -B "$tmp/sample-$kind" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
        -DGIBO_SAMPLE_STATIC=$flag >/dev/null
  cmake --build "$tmp/sample-$kind" >/dev/null
  check_output "$tmp/sample-$kind/gibo_summary" "find_package ($kind)"
done
readelf -d "$tmp/sample-shared/gibo_summary" > "$tmp/needed"
grep -q "NEEDED.*$soname" "$tmp/needed" || fail "the shared sample does not link $soname"
readelf -d "$tmp/sample-static/gibo_summary" > "$tmp/needed"
if grep -q "NEEDED.*libgibo" "$tmp/needed"; then fail "the static sample links libgibo.so"; fi

step "the CMake package checks the version asked for"
mkdir -p "$tmp/version"
cat > "$tmp/version/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(version_check CXX)
find_package(gibo ${WANT} CONFIG)
message(STATUS "gibo_FOUND=${gibo_FOUND} gibo_VERSION=${gibo_VERSION}")
CMAKE
major_minor=${number%.*}
out=$(cmake -S "$tmp/version" -B "$tmp/version/b1" -DWANT="$major_minor" -DCMAKE_PREFIX_PATH="$prefix")
grep -q "gibo_FOUND=1 gibo_VERSION=$number" <<< "$out" || fail "find_package(gibo $major_minor) does not find $number"
out=$(cmake -S "$tmp/version" -B "$tmp/version/b2" -DWANT=99.0 -DCMAKE_PREFIX_PATH="$prefix" 2>/dev/null)
grep -q "gibo_FOUND=0" <<< "$out" || fail "find_package(gibo 99.0) accepts $number"

step "samples/library with pkg-config --cflags --libs gibo"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
[ "$(pkg-config --modversion gibo)" = "$number" ] || fail "pkg-config version"
g++ -O1 -o "$tmp/summary-pc" "$src/samples/library/summary.cpp" $(pkg-config --cflags --libs gibo)
LD_LIBRARY_PATH=$prefix/lib check_output "$tmp/summary-pc" "pkg-config"

step "cpack -G DEB"
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/deb" >/dev/null
deb=$(ls "$tmp"/deb/gibo_*.deb)
echo "$(basename "$deb"): $(dpkg-deb -f "$deb" Depends)"
depends=$(dpkg-deb -f "$deb" Depends)
grep -q 'libsqlite3' <<< "$depends" || fail "the .deb does not declare libsqlite3"
grep -q 'libc6' <<< "$depends" || fail "the .deb's shared-library dependencies are missing"
contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/gibo ./usr/lib/libgibo.a "./usr/lib/$soname" ./usr/include/gibo/gibo.h \
         ./usr/lib/cmake/gibo/giboConfig.cmake ./usr/lib/pkgconfig/gibo.pc ./usr/share/man/man1/gibo.1 \
         ./usr/share/man/man1/gibo-import.1 ./usr/share/bash-completion/completions/gibo; do
  grep -qE " $f(\.gz)?( ->.*)?$" <<< "$contents" || fail "the .deb lacks $f"
done
if [ "${GIBO_PYTHON:-0}" = 1 ]; then
  grep -qE " ./usr/$GIBO_PYTHON_DIR/gibo/_gibo[^ ]*\.so$" <<< "$contents" || fail "the .deb lacks the Python module"
  grep -q "python3 (>=" <<< "$depends" || fail "the .deb does not declare python3"
fi

if [ "${GIBO_TEST_DEB_INSTALL:-0}" = 1 ]; then
  step "apt-get install the .deb, use it, remove it"
  [ "$(id -u)" -eq 0 ] || fail "GIBO_TEST_DEB_INSTALL needs root"
  if [ "$(dpkg-query -W -f='${Status}' gibo 2>/dev/null || true)" = "install ok installed" ]; then
    fail "a gibo package is installed already; not replacing it"
  fi
  cp "$deb" "$tmp/gibo.deb"
  trap 'DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq gibo >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$tmp/gibo.deb" >/dev/null
  dpkg -L gibo > "$tmp/listed"
  for d in /usr/bin/gibo /usr/lib/libgibo.a /usr/include/gibo /usr/lib/cmake/gibo /usr/share/man/man1; do
    grep -q "^$d" "$tmp/listed" || fail "dpkg -L gibo lacks $d"
  done
  [ "$(/usr/bin/gibo --version)" = "$version" ] || fail "the installed gibo --version"
  if [ -e /usr/share/man/man1/gibo.1 ] || [ -e /usr/share/man/man1/gibo.1.gz ]; then
    out=$(MANWIDTH=80 man gibo)
    grep -q '^NAME' <<< "$out" || fail "man gibo"
    out=$(MANWIDTH=80 man gibo-import)
    grep -qE '^ *gibo-import +- ' <<< "$out" || fail "man gibo-import"
  else
    # Minimal Docker images tell dpkg not to install man pages (path-exclude in /etc/dpkg/dpkg.cfg.d).
    grep -rqs 'path-exclude.*/usr/share/man' /etc/dpkg/dpkg.cfg.d || fail "the .deb's man pages were not installed"
    echo "note: dpkg's configuration leaves out /usr/share/man here (path-exclude); man gibo not tried"
  fi
  out=$(bash -c 'source /usr/share/bash-completion/completions/gibo; complete -p gibo')
  echo "$out" | grep -q _gibo || fail "completion"
  if [ "${GIBO_PYTHON:-0}" = 1 ]; then
    out=$(cd "$tmp" && /usr/bin/python3 -c 'import gibo; print(gibo.__file__)')
    [ "$out" = /usr/lib/python3/dist-packages/gibo/__init__.py ] || fail "import gibo after installing the .deb: $out"
  fi
  cmake -S "$src/samples/library" -B "$tmp/sample-deb" -G Ninja >/dev/null
  cmake --build "$tmp/sample-deb" >/dev/null
  check_output "$tmp/sample-deb/gibo_summary" "find_package (from the .deb)"
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq gibo >/dev/null
  [ ! -e /usr/bin/gibo ] || fail "apt-get purge left /usr/bin/gibo"
  [ "$(dpkg-query -W -f='${Status}' gibo 2>/dev/null || true)" != "install ok installed" ] || fail "gibo still installed"
fi
echo "install test: all checks passed"
