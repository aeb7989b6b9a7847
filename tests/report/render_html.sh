#!/usr/bin/env bash
# Renders an HTML report to PNG in headless Chromium (Debian package `chromium`) and
# fails when Chromium fails, reports a console error, or writes no picture.
#
#   tests/report/render_html.sh REPORT.html OUT.png [WIDTH [HEIGHT [SECTION_IDS]]]
#
# SECTION_IDS (blank-separated) are the <section id=...> the page must hold; the default
# is the stats report's.
#
# Chromium runs with a fresh empty profile, no network services, no GPU and no sandbox
# (so it works as root in a container). The DOM is dumped too, to check that the page
# parsed to the sections the report writes.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 REPORT.html OUT.png [WIDTH [HEIGHT]]" >&2
  exit 2
fi
html=$(realpath "$1")
png=$(realpath -m "$2")
width=${3:-1280}
height=${4:-6000}
sections=${5:-"overview results setups openings lengths years players ratings events adjudication quality"}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "render_html: chromium is not installed (apt-get install chromium)" >&2
  exit 77
fi
profile=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$profile" "$log"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
       --disable-background-networking --disable-component-update --disable-sync
       --disable-extensions --disable-default-apps --hide-scrollbars
       --user-data-dir="$profile" --enable-logging=stderr --log-level=0)
rm -f "$png"
timeout 120 "$browser" "${flags[@]}" --window-size="$width,$height" --screenshot="$png" "file://$html" \
  >"$log" 2>&1 || { cat "$log" >&2; echo "render_html: chromium failed" >&2; exit 1; }
if [ ! -s "$png" ]; then
  cat "$log" >&2
  echo "render_html: no picture written" >&2
  exit 1
fi
# Console messages from the page (script errors, resources that failed to load) are
# logged as "INFO:CONSOLE:<line>"; the report has no script and no resource, so any
# message is an error.
if grep -qE ":CONSOLE[:(]" "$log"; then
  grep -E ":CONSOLE[:(]" "$log" >&2
  echo "render_html: the page logged console messages" >&2
  exit 1
fi
dom=$(timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$html" 2>/dev/null)
for id in $sections; do
  if ! grep -q "<section id=\"$id\"" <<<"$dom"; then
    echo "render_html: section $id missing from the rendered page" >&2
    exit 1
  fi
done
echo "render_html: $png (${width}x${height})"
