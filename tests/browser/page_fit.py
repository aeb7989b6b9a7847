#!/usr/bin/env python3
"""Loads pages in headless Chromium at given widths and reports what does not fit.

    page_fit.py CHROMIUM BASE_URL OUT_DIR WIDTHS NAME=PATH...

For each page and width (WIDTHS: comma-separated pixels) it saves OUT_DIR/NAME-WIDTH.png
(the whole page) and prints one line per element that overflows, measured in the page:
the document wider than the screen (a mobile browser would widen its viewport to it), an element whose content is wider than its box
(scrollWidth > clientWidth) where that box does not scroll or clip, or an element that
sticks out of its card (the <section> around it) without a scrolling box between them.
A line is "NAME WIDTH: WHAT"; no line, exit 0: everything fits. Chromium is driven
through the DevTools protocol over a pipe (--remote-debugging-pipe: NUL-ended JSON
messages on file descriptors 3 and 4), so no client library is needed.
"""
import base64
import json
import os
import subprocess
import sys
import tempfile

MEASURE = r"""
(() => {
  const out = [];
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
      (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '') +
      ' "' + (e.textContent || '').trim().slice(0, 40).replace(/\s+/g, ' ') + '"';
  const clips = (e) => { const o = getComputedStyle(e).overflowX; return o === 'auto' || o === 'scroll' || o === 'hidden'; };
  const doc = document.documentElement;
  // WIDTH: the emulated screen's (a mobile browser widens its viewport to a page wider than it).
  if (doc.scrollWidth > WIDTH + 1) out.push('the page is ' + doc.scrollWidth + ' px wide in a ' + WIDTH + ' px viewport');
  for (const e of document.querySelectorAll('body *')) {
    if (!(e instanceof HTMLElement) || e.closest('svg')) continue;
    const s = getComputedStyle(e);
    if (s.display === 'none' || s.display === 'inline' || e.clientWidth === 0) continue;
    if (!clips(e) && e.scrollWidth > e.clientWidth + 1 && !e.querySelector('section'))  // a card, not the page around it
      out.push(name(e) + ': content ' + e.scrollWidth + ' px in a box of ' + e.clientWidth);
  }
  for (const card of document.querySelectorAll('section')) {
    const box = card.getBoundingClientRect();
    const out_of_card = new Set();
    for (const e of card.querySelectorAll('*')) {
      if (getComputedStyle(e).display === 'none' || out_of_card.has(e.parentElement)) continue;  // the outermost only
      let scrolled = false;
      for (let a = e.parentElement; a && a !== card; a = a.parentElement) if (clips(a)) { scrolled = true; break; }
      if (scrolled) continue;
      const r = e.getBoundingClientRect();
      if (r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1) && out_of_card.add(e))
        out.push(name(e) + ': out of its card (' + Math.round(r.left) + '..' + Math.round(r.right) + ' px, the card ' +
                 Math.round(box.left) + '..' + Math.round(box.right) + ')');
    }
  }
  return JSON.stringify([...new Set(out)]);
})()
"""


class Browser:
    def __init__(self, chromium, profile):
        self.to_r, self.to_w = os.pipe()
        self.from_r, self.from_w = os.pipe()
        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-extensions", "--user-data-dir=" + profile, "--remote-debugging-pipe", "about:blank"]
        self.proc = subprocess.Popen([chromium] + flags, close_fds=False,
                                     preexec_fn=self._fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(self.to_r)
        os.close(self.from_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def _fds(self):  # in the child: the protocol's descriptors 3 (to Chromium) and 4 (from it)
        to_r, from_w = os.dup(self.to_r), os.dup(self.from_w)  # above 4, so neither is overwritten
        os.dup2(to_r, 3)  # inheritable, unlike the pipe's own descriptors
        os.dup2(from_w, 4)

    def _read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_r, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the protocol pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=None, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.to_w, json.dumps(message).encode() + b"\0")
        while True:
            m = self._read()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(method + ": " + json.dumps(m["error"]))
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method, session):
        while True:
            for i, m in enumerate(self.events):
                if m.get("method") == method and m.get("sessionId") == session:
                    del self.events[i]
                    return m
            self.events.append(self._read())

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        self.proc.wait(timeout=30)


def main():
    chromium, base, out_dir, widths = sys.argv[1:5]
    pages = [a.split("=", 1) for a in sys.argv[5:]]
    os.makedirs(out_dir, exist_ok=True)
    bad = 0
    with tempfile.TemporaryDirectory() as profile:
        b = Browser(chromium, profile)
        try:
            target = b.call("Target.createTarget", url="about:blank")["targetId"]
            session = b.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
            b.call("Page.enable", session)
            for width in [int(w) for w in widths.split(",")]:
                b.call("Emulation.setDeviceMetricsOverride", session, width=width, height=900, deviceScaleFactor=1,
                       mobile=width < 600)
                for name, path in pages:
                    b.call("Page.navigate", session, url=base + path)
                    b.wait_event("Page.loadEventFired", session)
                    result = b.call("Runtime.evaluate", session, expression=MEASURE.replace("WIDTH", str(width)),
                                    returnByValue=True)
                    for line in json.loads(result["result"]["value"]):
                        print(f"{name} {width}: {line}")
                        bad += 1
                    shot = b.call("Page.captureScreenshot", session, format="png", captureBeyondViewport=True)
                    with open(os.path.join(out_dir, f"{name}-{width}.png"), "wb") as f:
                        f.write(base64.b64decode(shot["data"]))
        finally:
            b.close()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
