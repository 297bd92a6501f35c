#!/usr/bin/env python3
"""Real-browser tests for `accordion render --format html`.

Opens each generated page from disk in headless chromium (network off),
drives it with real mouse clicks and key presses over the DevTools protocol,
and compares every header and content rectangle the browser lays out
(getBoundingClientRect, CSS px at scale 1) with the Swift model's JSON dump
for the same taps (`accordion render --format json --tap ... [--at T]`),
within 0.5 px, settled and mid-transition. Also checks keyboard-only use,
the demo's pixel colours in a screenshot, the containment log, that the
page loads nothing, and that the page's size is linear in the panel count.
Then random specs and clicks on the page's test clock against the model
(random_test.py; seed printed, `--seed` or ACCORDION_BROWSER_SEED to change
it), and, for each wrong page rule in random_test.MUTATIONS, that the
randomized test catches it.

Standard library only. Usage: browser_test.py [--accordion PATH] [-v] [-k TEXT]
[--seed N] [--random N] [--clicks N] [--mutate NAME]
Prints one line per check and `N passed, N failed`; exits 1 on any failure.
"""
import argparse
import glob
import html
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from cdp import CDPError, launch, setup_failed  # noqa: E402
import random_test  # noqa: E402
import frames  # noqa: E402

TOLERANCE = 0.5  # px


class Failure(Exception):
    pass


class Run:
    def __init__(self, accordion, workdir, verbose):
        self.accordion = accordion
        self.workdir = workdir
        self.verbose = verbose
        self.passed = 0
        self.failed = 0
        self.mid_checks = 0
        self.settled_checks = 0
        self.ignored_clicks = 0

    def check(self, name, fn):
        start = time.monotonic()
        try:
            fn()
        except (Failure, CDPError, AssertionError, subprocess.CalledProcessError) as e:
            self.failed += 1
            print(f"FAIL {name}: {e}", flush=True)
            return
        self.passed += 1
        print(f"ok   {name} ({time.monotonic() - start:.1f} s)", flush=True)

    # -- the model's side ---------------------------------------------------
    def cli(self, *args):
        result = subprocess.run([self.accordion, *args], capture_output=True, text=True)
        if result.returncode != 0:
            raise Failure(f"accordion {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}")
        return result.stdout

    def dump(self, spec, taps=(), at=None, extra=()):
        args = ["render", "--format", "json", *extra]
        for t in taps:
            args += ["--tap", t]
        if at is not None:
            args += ["--at", repr(at)]
        return json.loads(self.cli(*args, spec))

    def page(self, spec, name, extra=()):
        out = os.path.join(self.workdir, name + ".html")
        self.cli("render", "--format", "html", *extra, "-o", out, spec)
        return out


# -- reading the page -------------------------------------------------------
READ = """(() => {
  // The page may scale the device to fit the window: rectangles are read
  // back in container points, and points on the screen map through the scale.
  const screen = document.getElementById('screen'), s = screen.getBoundingClientRect();
  const W = parseFloat(screen.style.width), H = parseFloat(screen.style.height);
  const k = s.width > 0 && W > 0 ? s.width / W : 1;
  // A scrolling container shows [top, top + H) of the stack: rectangles are
  // read in stack points, as the model's dump gives them.
  const top = screen.scrollTop;
  const rel = (r) => [(r.x - s.x) / k, (r.y - s.y) / k + top, r.width / k, r.height / k];
  const topView = (x, y) => {
    const e = document.elementFromPoint(s.x + x * k, s.y + (y - top) * k);
    const v = e && e.closest('.header, .content');
    return v ? v.id : null;
  };
  const panels = [];
  for (const h of document.querySelectorAll('#screen .header')) {
    const i = Number(h.id.slice(1));
    const c = document.getElementById(h.getAttribute('aria-controls'));
    const shown = c && !c.hidden && getComputedStyle(c).display !== 'none' && c.checkVisibility();
    const r = h.getBoundingClientRect();
    const cx = (r.x - s.x + r.width / 2) / k, cy = (r.y - s.y + r.height / 2) / k + top;
    panels[i] = { header: rel(r), content: shown ? rel(c.getBoundingClientRect()) : null,
                  expanded: h.getAttribute('aria-expanded'), tag: h.tagName, controls: h.getAttribute('aria-controls'),
                  visible: h.checkVisibility(), nested: h.parentElement.closest('#screen .content') !== null,
                  // For a nested header: whether what the browser shows at its centre lies in its holder's region.
                  hitInHolder: (() => {
                    const holder = h.parentElement.closest('#screen .content');
                    const e = holder && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                    return e ? holder.contains(e) : null;
                  })(),
                  // A nested header's centre inside every region holding it (else that region clips it there).
                  unclipped: (() => {
                    const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
                    for (let up = h.parentElement.closest('#screen .content'); up; up = up.parentElement.closest('#screen .content')) {
                      const b = up.getBoundingClientRect();
                      if (cx < b.left || cx >= b.right || cy < b.top || cy >= b.bottom) return false;
                    }
                    return true;
                  })(),
                  hitAtCentre: (r.height >= 2 && cx >= 0 && cx < W && cy >= top && cy < top + H) ? topView(cx, cy) : undefined };
  }
  // Where both contents of a running transition lie and no header covers them,
  // which one does the browser show on top?
  const state = window.__accordion.state();
  let overlap = null;
  const t = state.transition;
  if (t && t.from !== null && t.to !== null) {
    const a = panels[t.from].content, b = panels[t.to].content;
    const upper = Math.max(a[1], b[1], top), bottom = Math.min(a[1] + a[3], b[1] + b[3], top + H);
    for (let y = upper + 1; y < bottom - 1; y += 2) {
      if (panels.some((p) => p.header[1] <= y && y < p.header[1] + p.header[3])) continue;
      // Past a section's rounded corner (insetGrouped: the contents start at their own x).
      overlap = { y, to: t.to, seen: topView(Math.max(a[0], b[0]) + 3, y) };
      break;
    }
  }
  return { screen: [s.x, s.y, W, H], scale: k, scrollTop: top, panels, state, overlap,
           active: document.activeElement ? document.activeElement.id : null };
})()"""


def read(browser):
    return browser.eval(READ)


def close(a, b):
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b))


def rect_of(r):
    return [r["x"], r["y"], r["width"], r["height"]]


def compare(view, dump, label):
    """The browser's rectangles against the model's dump, within 0.5 px (in a
    tree every level's, a header inside a closed panel not shown at all)."""
    panels = random_test.tree_panels(dump)
    if len(view["panels"]) != len(panels):
        raise Failure(f"{label}: page has {len(view['panels'])} headers, model {len(panels)}")
    if not close(view["screen"][2:], [dump["container"]["width"], dump["container"]["height"]]):
        raise Failure(f"{label}: container {view['screen'][2:]} vs model {dump['container']}")
    scroll = dump.get("scroll")
    page_scroll = view["state"]["scroll"]
    if (scroll is None) != (page_scroll is None):
        raise Failure(f"{label}: page scroll {page_scroll}, model {scroll}")
    if scroll is not None:
        if not close([page_scroll["offset"], page_scroll["contentHeight"]], [scroll["offset"], scroll["contentHeight"]]):
            raise Failure(f"{label}: page scroll {page_scroll}, model {scroll}")
        if abs(view["scrollTop"] - scroll["offset"]) > 1:
            raise Failure(f"{label}: the screen is scrolled to {view['scrollTop']}, model offset {scroll['offset']}")
    elif view["scrollTop"] != 0:
        raise Failure(f"{label}: a container that does not scroll is scrolled to {view['scrollTop']}")
    for p, m in zip(view["panels"], panels):
        if m["header"] is None:
            if p["visible"] or p["content"] is not None:
                raise Failure(f"{label}: {m['id']} is shown, model: inside a closed panel")
            continue
        want = rect_of(m["header"])
        if not close(p["header"], want):
            raise Failure(f"{label}: header {m['id']} at {fmt(p['header'])}, model {fmt(want)}")
        if (p["content"] is None) != (m["content"] is None):
            raise Failure(f"{label}: content of {m['id']} is {fmt(p['content'])}, model {m['content']}")
        if m["content"] is not None and not close(p["content"], rect_of(m["content"])):
            raise Failure(f"{label}: content {m['id']} at {fmt(p['content'])}, model {fmt(rect_of(m['content']))}")
        if p["tag"] != "BUTTON":
            raise Failure(f"{label}: header {m['id']} is a {p['tag']}, not a button")
        want_expanded = "true" if m["expanded"] else "false"
        if p["expanded"] != want_expanded:
            raise Failure(f"{label}: {m['id']} aria-expanded={p['expanded']}, model expandedIndices {dump['expandedIndices']}")
    if view["state"]["expandedIndex"] != dump["expandedIndex"]:
        raise Failure(f"{label}: expandedIndex {view['state']['expandedIndex']}, model {dump['expandedIndex']}")


def fmt(r):
    return "null" if r is None else "(" + ", ".join(f"{v:.3f}" for v in r) + ")"


def log_shape(entries):
    return [(e[1], e[2], e[3]) for e in entries]


def dump_log_shape(dump):
    return [(e["event"], e.get("panel"), e.get("reason")) for e in dump["events"]]


def centre(view, i):
    """Where to click header i: its centre, when the browser shows it on top there."""
    x, y, w, h = view["panels"][i]["header"]
    sx, sy, sw, sh = view["screen"]
    if view["panels"][i].get("hitAtCentre") != f"h{i}" or h < 1:
        return None
    k = view["scale"]
    return sx + (x + w / 2) * k, sy + (y + h / 2 - view["scrollTop"]) * k


def wait_settled(browser, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = read(browser)
        if view["state"]["transition"] is None:
            return view
        time.sleep(0.02)
    raise Failure("the page's transition never ended")


def open_page(run, browser, path):
    url = "file://" + path
    browser.navigate(url)
    browser.drain()
    requests = [e["params"]["request"]["url"] for e in browser.events if e["method"] == "Network.requestWillBeSent"]
    # The fonts a font-measured page carries are data URLs: nothing leaves the file.
    others = [u for u in requests if u != url and not u.startswith("data:font/")]
    if others:
        raise Failure(f"the page loaded {others}")
    errors = [e for e in browser.events if e["method"] in ("Runtime.exceptionThrown",)]
    if errors:
        raise Failure(f"script error: {errors[0]['params']}")
    # A container larger than the window: grow the window so every header can be clicked.
    width, height = browser.eval("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    if width > browser.width or height > browser.height:
        browser.viewport(max(width, browser.width), max(height, browser.height))
        # The page refits its device to the new window on the resize event: read after it.
        browser.eval("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return read(browser)


def static_checks(path):
    text = open(path, encoding="utf-8").read()
    # A font's `src: url(data:font/...)` is inline; any other url( is a request.
    for pattern in (r"<script[^>]*\ssrc=", r"<link\b", r"<img\b", r"<iframe\b", r"url\((?!data:font/)", r"@import",
                    r"\bsrc\s*=", r"href\s*="):
        if re.search(pattern, text, re.I):
            raise Failure(f"{os.path.basename(path)} references an external resource ({pattern})")
    return text


# -- scenarios --------------------------------------------------------------
def click_sequence(run, browser, spec, name, candidates, extra=()):
    """Clicks headers in sequence; after each click compares the page with the
    model mid-transition (and clicks another header then, which must be
    ignored) and once settled, rectangles and containment log alike."""
    path = run.page(spec, name, extra=extra)
    static_checks(path)
    view = open_page(run, browser, path)
    base = run.dump(spec)
    compare(view, base, f"{name} at load")
    check_log(view["state"]["log"], set(), base, f"{name} at load")
    n = len(base["panels"])
    taps, dropped, previous = [], set(), None
    # Untimed --tap steps happen when the container is idle: first at the moment
    # the page starts from, then each one transition later. The dump rounds
    # times to 3 decimals; the page holds the model's exact values, which
    # keeps the mid-transition moment exact.
    start_model = view["state"]["loadedAt"]
    if abs(start_model - base["time"]) > 1e-3:
        raise Failure(f"{name}: the page starts at {start_model} s, the model's dump at {base['time']} s")
    transitions = mids = ignored = 0
    for step, cand in enumerate(candidates):
        if n == 0:
            break
        i = previous if cand == "same" else cand % n
        if i is None:
            continue
        spot = centre(view, i)
        if spot is None:
            continue
        panel_id = base["panels"][i]["id"]
        browser.click(*spot)
        taps.append(panel_id)
        previous = i
        # Read the page first (timing matters), ask the model afterwards.
        clicked = read(browser)
        running = clicked["state"]["transition"]
        mid = None
        if running is not None:
            time.sleep((running["end"] - running["start"]) * 0.4)
            mid = read(browser)
            # (Only where the container ignores taps during a transition.)
            if step % 2 == 0 and base["container"]["interruption"] == "ignore" and \
                    ignored_click(browser, base, dropped, name):
                ignored += 1
                run.ignored_clicks += 1
        settled = run.dump(spec, taps)
        duration = settled["time"] - start_model
        if abs(duration) < 2e-3 and running is None:
            duration = 0.0  # ignored, or zero duration: the clock stays
        if (duration > 1e-9) != (running is not None):
            raise Failure(f"{name}: clicking {panel_id} started {'a' if running else 'no'} transition; "
                          f"the model's tap lasts {duration} s")
        if running is not None:
            transitions += 1
            tr = mid["state"]["transition"]
            # (tr is None when the machine was too slow to catch it mid-way: at
            # least one mid-transition check per spec is required below.)
            if tr is not None and abs((tr["end"] - tr["start"]) - duration) > 2e-3:
                raise Failure(f"{name}: the page animates for {tr['end'] - tr['start']} s, the model for {duration} s")
            progress = (mid["state"]["shownTime"] - tr["start"]) / (tr["end"] - tr["start"]) if tr else -1
            if 0.02 < progress < 0.98:
                at = start_model + (mid["state"]["shownTime"] - tr["start"])
                model_mid = run.dump(spec, taps, at=at)
                if model_mid["transition"] is None:
                    raise Failure(f"{name}: the model shows no transition at {at} s")
                compare(mid, model_mid, f"{name} mid-transition after clicking {panel_id} (progress {progress:.2f})")
                z_order(mid, name)
                mids += 1
                run.mid_checks += 1
        view = wait_settled(browser)
        compare(view, settled, f"{name} settled after clicking {panel_id}")
        z_order(view, name)
        check_log(view["state"]["log"], dropped, settled, f"{name} after clicking {panel_id}")
        run.settled_checks += 1
        if running is not None:
            start_model += view["state"]["duration"]
    if transitions and not mids:
        raise Failure(f"{name}: no click could be checked mid-transition")
    if transitions >= 3 and not ignored and base["container"]["interruption"] == "ignore":
        raise Failure(f"{name}: no click during a transition could be checked")


def ignored_click(browser, base, dropped, name):
    """Clicks a header while a transition runs: the page must log tapIgnored
    (reason transition) and change nothing, as the model does. The first
    header is the one that never moves (only headers below the expanded
    panel do), so the click cannot miss it. The page's clock is held (its
    test clock) while the click lands, so a slow machine cannot let the
    transition end between the look and the click."""
    browser.eval("window.__accordion.setTime(window.__accordion.state().now)")
    try:
        before = read(browser)
        if before["state"]["transition"] is None:
            return
        # The first header shown (header 0 unless the container has scrolled it away).
        target = next((i for i in range(len(before["panels"])) if centre(before, i) is not None), None)
        if target is None:
            return
        spot = centre(before, target)
        browser.click(*spot)
        after = read(browser)
    finally:
        browser.eval("window.__accordion.setTime(null)")
    last = after["state"]["log"][-1]
    if (last[1], last[2], last[3]) != ("tapIgnored", base["panels"][target]["id"], "transition"):
        raise Failure(f"{name}: a click during the transition logged {last}")
    if after["state"]["expandedIndex"] != before["state"]["expandedIndex"]:
        raise Failure(f"{name}: a click during the transition changed expandedIndex")
    dropped.add(len(after["state"]["log"]) - 1)
    return True


def check_log(page_log, dropped, dump, label):
    """The page's containment log (less the taps the model never saw) ends
    with the model's log, event by event."""
    page = log_shape([e for k, e in enumerate(page_log) if k not in dropped])
    model = dump_log_shape(dump)
    k = min(len(page), len(model))
    if len(page) < len(model) and len(page) < 500:
        raise Failure(f"{label}: the page's log has {len(page)} entries, the model's {len(model)}")
    if page[len(page) - k:] != model[len(model) - k:]:
        raise Failure(f"{label}: the page's log differs from the model's:\n  page  {page[-10:]}\n  model {model[-10:]}")


def z_order(view, name):
    """Headers are drawn above content views, and `to`'s content above `from`'s:
    the browser's own hit test (elementFromPoint), read with the rectangles."""
    for i, p in enumerate(view["panels"]):
        # (A nested header inside a closed panel is not shown at all, and one
        # sticking out of its holder's box, mid-transition, is clipped by it.)
        hit = p.get("hitAtCentre")
        # A nested header lies in its holder's content view, which is drawn as
        # a content is: under the headers, the opening one above the closing one.
        covered = p["nested"] and not p["hitInHolder"]
        if p["visible"] and p["unclipped"] and not covered and hit not in (None, f"h{i}"):
            raise Failure(f"{name}: at the centre of header {i} the browser shows {p['hitAtCentre']!r} on top")
    o = view["overlap"]
    if o and o["seen"] != f"c{o['to']}":
        raise Failure(f"{name}: where both contents lie (y {o['y']}) the browser shows {o['seen']!r}, not to's content c{o['to']}")


def keyboard_run(run, browser, spec, name):
    path = run.page(spec, name)
    view = open_page(run, browser, path)
    base = run.dump(spec)
    n = len(base["panels"])
    if n < 2:
        raise Failure("keyboard run needs two panels")
    ids = [p["id"] for p in base["panels"]]
    browser.key("Tab")
    view = read(browser)
    if view["active"] != "h0":
        raise Failure(f"Tab focused {view['active']!r}, not the first header")
    taps = []
    plan = [("Enter", 0), ("ArrowDown", 1), ("Space", 1), ("ArrowDown", 2 % n), ("ArrowUp", 1), ("Enter", 1),
            ("ArrowUp", 0), ("ArrowUp", n - 1), ("Space", n - 1)]
    for key, focus in plan:
        browser.key(key)
        if key in ("Enter", "Space"):
            taps.append(ids[focus])
            time.sleep(0.05)
            view = wait_settled(browser)
            compare(view, run.dump(spec, taps), f"{name} after {key} on {ids[focus]}")
            run.settled_checks += 1
        else:
            view = read(browser)
        if view["active"] != f"h{focus}":
            raise Failure(f"after {key} focus is on {view['active']!r}, expected h{focus}")


REFUSING_SPEC = """accordion: 1
title: Refusing headers
container:
  collapsible: false
  headingLevel: 2
  expanded: wifi
panels:
  - {id: airplane, title: Airplane mode, color: '#8E8E93', disabled: true}
  - {id: wifi, title: Wi-Fi, color: '#1E88E5'}
  - {id: cellular, title: Cellular, color: '#43A047'}
script: []
"""


def keyboard_refusals(run, browser):
    """Keyboard only, on headers whose panel refuses a tap: a disabled header
    and the open one of a container that is not collapsible are buttons with
    aria-disabled="true" inside an h2 (headingLevel), still reached by Tab
    and the arrows; Enter and Space on them log what the model logs."""
    spec = os.path.join(run.workdir, "refusing.yaml")
    with open(spec, "w") as f:
        f.write(REFUSING_SPEC)
    path = run.page(spec, "refusing")
    open_page(run, browser, path)
    aria = "[...document.querySelectorAll('#screen .header')].map((h) => [h.parentElement.tagName, h.getAttribute('aria-disabled'), h.getAttribute('aria-expanded')])"
    taps = []
    plan = [("Tab", 0, None), ("Enter", 0, "disabled"), ("ArrowDown", 1, None), ("Space", 1, "notCollapsible"),
            ("ArrowDown", 2, None), ("Enter", 2, None), ("ArrowUp", 1, None), ("Enter", 1, None)]
    ids = ["airplane", "wifi", "cellular"]
    for key, focus, reason in plan:
        browser.key(key)
        if key in ("Enter", "Space"):
            taps.append(ids[focus])
            time.sleep(0.05)
        view = wait_settled(browser)
        if view["active"] != f"h{focus}":
            raise Failure(f"after {key} focus is on {view['active']!r}, expected h{focus}")
        dump = run.dump(spec, taps)
        compare(view, dump, f"refusing headers after {key} on {ids[focus]}")
        check_log(view["state"]["log"], set(), dump, f"refusing headers after {key}")
        last = view["state"]["log"][-1]
        if reason and (last[1], last[2], last[3]) != ("tapIgnored", ids[focus], reason):
            raise Failure(f"{key} on {ids[focus]} logged {last}, expected tapIgnored ({reason})")
        # Disabled: airplane always; pinned: the one open panel (collapsible: false).
        want = [["H2", "true" if i == 0 or p["expanded"] else None, "true" if p["expanded"] else "false"]
                for i, p in enumerate(dump["panels"])]
        got = browser.eval(aria)
        if got != want:
            raise Failure(f"after {key} on {ids[focus]}: heading, aria-disabled, aria-expanded {got}, expected {want}")
        run.settled_checks += 1


CHANGE_SPEC = """accordion: 1
title: Change events
container:
  expanded: a
  animation: {duration: 0.5}
panels:
  - {id: a, title: Alpha, color: '#1E88E5'}
  - {id: b, title: Beta, color: '#43A047'}
  - {id: c, title: Gamma, color: '#8E24AA'}
  - {id: d, title: Delta, color: '#8E8E93', disabled: true}
script: []
"""

# Records every accordionchange the page dispatches: where it was
# dispatched, its detail, whether it bubbles, and the header's
# aria-expanded when the listener ran (the page shows the change first).
LISTEN = """(() => {
  window.__changes = [];
  document.addEventListener('accordionchange', (e) => {
    const h = [...document.querySelectorAll('#screen .header')].find((x) => x.textContent.startsWith(
      ({a: 'Alpha', b: 'Beta', c: 'Gamma', d: 'Delta'})[e.detail.panel]));
    window.__changes.push([e.target.id, e.detail.panel, e.detail.expanded, e.detail.reason, e.bubbles,
                           h.getAttribute('aria-expanded')]);
  });
  return true;
})()"""


def open_listening(browser, url, listener):
    """Opens `url` from another document (from the same one a new fragment
    would only change the fragment) with `listener` run before the page's
    own script, so it hears what the page does at load."""
    script = browser.call("Page.addScriptToEvaluateOnNewDocument", source=listener)["identifier"]
    try:
        browser.navigate("about:blank")
        browser.navigate(url)
    finally:
        browser.call("Page.removeScriptToEvaluateOnNewDocument", identifier=script)


def change_events(run, browser):
    """A host page's listener receives one `accordionchange` per panel whose
    expanded state changes, on the container (#screen) and bubbling to the
    document, with the panel's id, its new state and the reason: `tap` for a
    click, `key` for Enter or Space on a focused header, `fragment` for a
    URL fragment naming a closed panel (at load and when it changes).
    Switching panels is two events (the closing one first), an ignored tap
    (a disabled header, a transition running under `interruption: ignore`)
    none; the page's log carries the same cause on every entry of the change."""
    spec = os.path.join(run.workdir, "change-events.yaml")
    with open(spec, "w") as f:
        f.write(CHANGE_SPEC)
    path = run.page(spec, "change-events")
    view = open_page(run, browser, path)
    browser.eval(LISTEN)
    ids = ["a", "b", "c", "d"]

    def act(what, want, label, settle=True, ignored=True):
        before = len(browser.eval("window.__changes"))
        logged = len(read(browser)["state"]["log"])
        what()
        changes = browser.eval("window.__changes")[before:]
        expected = [["screen", panel, expanded, reason, True, "true" if expanded else "false"]
                    for panel, expanded, reason in want]
        if changes != expected:
            raise Failure(f"{label}: accordionchange {changes}, expected {expected}")
        at_once = read(browser)["state"]["log"][logged:]
        now = wait_settled(browser) if settle else read(browser)
        if want:
            # Its start entries, and once settled its end entries too, carry its cause.
            entries = now["state"]["log"][logged:]
            causes = {e[4] for e in entries}
            if causes != {want[0][2]} or len(entries) < (len(at_once) + 1 if settle else 1):
                raise Failure(f"{label}: the page logged causes {causes} for the change, expected {want[0][2]!r}: {entries}")
        elif [(e[1], e[4]) for e in at_once] != ([("tapIgnored", None)] if ignored else []):
            raise Failure(f"{label}: the page logged {at_once}, expected {'one tapIgnored without a cause' if ignored else 'nothing'}")
        run.settled_checks += 1
        return now

    def click(i):
        def go():
            point = centre(read(browser), i)
            if point is None:
                raise Failure(f"header {ids[i]} cannot be clicked")
            browser.click(*point)
        return go

    view = act(click(1), [("a", False, "tap"), ("b", True, "tap")], "click on b, a open")
    view = act(click(1), [("b", False, "tap")], "click on b, open")
    view = act(click(3), [], "click on the disabled d")
    # A click while a transition runs (interruption: ignore) changes nothing.
    act(click(2), [("c", True, "tap")], "click on c", settle=False)
    view = act(click(0), [], "click on a during c's transition")
    # The keyboard, from the first header (Home, from the header last clicked):
    # Enter; ArrowDown, Space; Enter again; End, Space on the disabled one.
    browser.key("Home")
    if read(browser)["active"] != "h0":
        raise Failure(f"Home focused {read(browser)['active']!r}, not the first header")
    view = act(lambda: browser.key("Enter"), [("c", False, "key"), ("a", True, "key")], "Enter on a, c open")
    browser.key("ArrowDown")
    view = act(lambda: browser.key("Space"), [("a", False, "key"), ("b", True, "key")], "Space on b, a open")
    view = act(lambda: browser.key("Enter"), [("b", False, "key")], "Enter on b, open")
    browser.key("End")
    view = act(lambda: browser.key("Space"), [], "Space on the disabled d")
    # The page agrees with the model on what it did: the model's untimed taps
    # come when idle, so the one the page ignored mid-transition is left out.
    dump = run.dump(spec, ["b", "b", "d", "c", "a", "b", "b", "d"])
    compare(view, dump, "change events, settled")

    # A URL fragment naming a panel opens it as a tap would, at load (the
    # listener is in place before the page's script runs) and when it changes.
    open_listening(browser, "file://" + path + "#b", LISTEN)
    want = [["screen", "a", False, "fragment", True, "false"], ["screen", "b", True, "fragment", True, "true"]]
    if browser.eval("window.__changes") != want:
        raise Failure(f"page.html#b at load: accordionchange {browser.eval('window.__changes')}, expected {want}")
    wait_settled(browser)

    def fragment(name):
        def go():
            browser.eval(f"location.hash = {json.dumps(name)}")
            browser.eval("new Promise((done) => setTimeout(done, 50))")  # hashchange is dispatched as a task
        return go

    act(fragment("c"), [("b", False, "fragment"), ("c", True, "fragment")], "the fragment changed to #c")
    act(fragment("d"), [], "the fragment changed to the disabled #d")
    act(fragment("nowhere"), [], "the fragment changed to one naming no panel", ignored=False)
    view = act(fragment("c"), [], "the fragment changed back to the open #c", ignored=False)
    compare(view, run.dump(spec, ["b", "c", "d"]), "after the fragments")


NESTED_LISTEN = """(() => {
  window.__changes = [];
  document.addEventListener('accordionchange', (e) => window.__changes.push([e.detail.panel, e.detail.expanded, e.detail.reason]));
  return true;
})()"""

# Each level of the page is its own accordion in the WAI-ARIA pattern: per
# header, its heading's level (an h1-h6, or role=heading with aria-level),
# the level of the heading of the header whose region holds it (null at the
# top), whether its button's aria-controls names a region labelled by it,
# and the ids of the headers whose regions hold it, innermost first.
NESTED_STRUCTURE = r"""(() => {
  const level = (heading) => heading.getAttribute('role') === 'heading' ? Number(heading.getAttribute('aria-level'))
    : /^H[1-6]$/.test(heading.tagName) ? Number(heading.tagName.slice(1)) : null;
  const out = {};
  for (const h of document.querySelectorAll('#screen .header')) {
    const region = document.getElementById(h.getAttribute('aria-controls'));
    const holders = [];
    for (let up = h.parentElement.closest('#screen [role=region]'); up; up = up.parentElement.closest('#screen [role=region]')) {
      holders.push(up.getAttribute('aria-labelledby'));
    }
    const parent = holders.length ? document.getElementById(holders[0]) : null;
    out[h.id] = { title: h.textContent, level: level(h.parentElement), parentLevel: parent ? level(parent.parentElement) : null,
                  controls: region !== null && region.getAttribute('role') === 'region' && region.getAttribute('aria-labelledby') === h.id,
                  holders, hidden: region ? region.getAttribute('hidden') : null };
  }
  return out;
})()"""


def revealing(run, spec, target):
    """A copy of `spec` whose script is one `reveal: {panel: target, open: true}`."""
    text = open(spec, encoding="utf-8").read()
    out = os.path.join(run.workdir, f"revealing-{target}.yaml")
    with open(out, "w", encoding="utf-8") as f:
        f.write(text[:text.index("\nscript:")] + f"\nscript:\n  - reveal: {{panel: {target}, open: true}}\n")
    return out


def nested_links(run, browser):
    """A nested page, `samples/settings-nested.yaml` without its script:
    each level is its own accordion in the WAI-ARIA pattern (headings one
    level deeper than their holder's, buttons controlling their regions,
    nested inside their holder's region); arrow keys stay within a level; a
    fragment naming a nested panel reveals it with every panel above it at
    once (cause `fragment`), a text fragment opens the panel holding the
    match (cause `find`), and a match in the content of disabled VPN opens
    nothing (its content is plainly hidden). Each state is the model's:
    the same spec with the `reveal` the guide says the link is."""
    spec = os.path.join(ROOT, "samples", "settings-nested.yaml")
    path = run.page(spec, "settings-nested-links", extra=["--no-script"])
    view = open_page(run, browser, path)
    base = run.dump(spec, extra=["--no-script"])
    compare(view, base, "settings-nested at load")
    structure = browser.eval(NESTED_STRUCTURE)
    ids = [p["id"] for p in random_test.tree_panels(base)]
    for hid, info in structure.items():
        panel = ids[int(hid[1:])]
        want = 3 + len(info["holders"])
        if info["level"] != want or (info["holders"] and info["parentLevel"] != want - 1) or not info["controls"]:
            raise Failure(f"{panel}: heading level {info['level']} under one of {info['parentLevel']}, controls its region "
                          f"{info['controls']}; expected level {want}")
    of = lambda panel: structure["h" + str(ids.index(panel))]  # noqa: E731
    if of("other-devices")["holders"] != ["h" + str(ids.index("bluetooth")), "h" + str(ids.index("network"))]:
        raise Failure(f"other-devices sits in the regions of {of('other-devices')['holders']}")
    if of("vpn")["hidden"] != "":
        raise Failure(f"the content of closed, disabled VPN is hidden as {of('vpn')['hidden']!r}, not plainly")
    if of("wifi")["hidden"] != "until-found":
        raise Failure("the closed content of Wi-Fi's parent is not hidden until found")
    # Arrow keys move within a level: from Wi-Fi, down to Bluetooth, VPN, and round to Wi-Fi.
    browser.eval(f"document.getElementById('h{ids.index('network')}').click()")
    wait_settled(browser)
    browser.eval(f"document.getElementById('h{ids.index('wifi')}').focus()")
    for key, want in (("ArrowDown", "bluetooth"), ("ArrowDown", "vpn"), ("ArrowDown", "wifi"), ("End", "vpn"),
                      ("Home", "wifi"), ("ArrowUp", "vpn")):
        browser.key(key)
        active = read(browser)["active"]
        if active != f"h{ids.index(want)}":
            raise Failure(f"{key} in Network's level focused {active}, expected {want}'s header")
    for link, cause, target, changes in (
            ("#other-devices", "fragment", "other-devices",
             [["general", False], ["network", True], ["wifi", False], ["bluetooth", True], ["my-devices", False],
              ["other-devices", True]]),
            ("#:~:text=Living%20Room%20Speaker", "find", "other-devices",
             [["general", False], ["network", True], ["wifi", False], ["bluetooth", True], ["my-devices", False],
              ["other-devices", True]]),
            ("#:~:text=Managed%20by%20your%20organisation", "find", None, [])):
        open_listening(browser, "file://" + path + "?clock=manual" + link, NESTED_LISTEN)
        # A text fragment is looked for once the page has been drawn.
        for _ in range(30):
            browser.eval("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            if browser.eval("window.__changes.length") >= len(changes) and (changes or _ > 10):
                break
        browser.eval("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        got = browser.eval("window.__changes")
        want = [[panel, expanded, cause] for panel, expanded in changes]
        if got != want:
            raise Failure(f"page.html{link}: accordionchange {got}, expected {want}")
        view = read(browser)
        dump = base if target is None else run.dump(revealing(run, spec, target))
        compare(view, dump, f"page.html{link}")
        entries = view["state"]["log"][len(base["events"]):]
        if target is None and entries:
            raise Failure(f"page.html{link} logged {entries}, expected nothing")
        if target is not None and [e[:4] for e in entries] != [[e["time"], e["event"], e.get("panel"), e.get("reason")]
                                                                for e in dump["events"][len(base["events"]):]]:
            raise Failure(f"page.html{link} logged {entries}, the model {dump['events'][len(base['events']):]}")
        if target is not None and {e[4] for e in entries} != {cause}:
            raise Failure(f"page.html{link}: causes {({e[4] for e in entries})}, expected {cause!r}")
        run.settled_checks += 1
    # A flat page finds too: faq's closed Payment answer opens (multiple: Shipping stays open). The phrase
    # lies on one of the model's lines: each line is a block of its own, which a match does not cross.
    faq = os.path.join(ROOT, "samples", "faq.yaml")
    page = run.page(faq, "faq-find", extra=["--no-script"])
    open_listening(browser, "file://" + page + "?clock=manual#:~:text=PayPal%20and%20Apple%20Pay", NESTED_LISTEN)
    for _ in range(30):
        browser.eval("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        if browser.eval("window.__changes.length"):
            break
    browser.eval("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    if browser.eval("window.__changes") != [["payment", True, "find"]]:
        raise Failure(f"faq.html#:~:text=PayPal and Apple Pay: accordionchange {browser.eval('window.__changes')}, expected payment opened by find")
    compare(read(browser), run.dump(revealing(run, faq, "payment")), "faq.html#:~:text=PayPal and Apple Pay")


# -- PNG --------------------------------------------------------------------
def decode_png(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failure("screenshot is not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        elif kind == b"IEND":
            break
    if depth != 8 or interlace != 0 or color not in (2, 6):
        raise Failure(f"unsupported PNG (depth {depth}, colour type {color}, interlace {interlace})")
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, at = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[at]
        line = bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        if kind == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 0xFF
        elif kind == 2:
            for x in range(stride):
                line[x] = (line[x] + prev[x]) & 0xFF
        elif kind == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 0xFF
        elif kind == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 0xFF
        rows.append(line)
        prev = line
    return width, height, lambda x, y: tuple(rows[y][x * bpp:x * bpp + 3])


def hex_rgb(color):
    return tuple(int(color[k:k + 2], 16) for k in (1, 3, 5))


def screenshot_demo(run, browser, spec):
    path = run.page(spec, "screenshot-demo")
    view = open_page(run, browser, path)
    dump = run.dump(spec)
    compare(view, dump, "demo before the screenshot")
    sx, sy, sw, sh = view["screen"]
    shot = browser.call("Page.captureScreenshot", format="png",
                        clip={"x": sx, "y": sy, "width": sw, "height": sh, "scale": 1})
    import base64
    png = base64.b64decode(shot["data"])
    with open(os.path.join(run.workdir, "demo.png"), "wb") as f:
        f.write(png)
    width, height, pixel = decode_png(png)
    if (width, height) != (round(sw), round(sh)):
        raise Failure(f"screenshot is {width}x{height}, container {sw}x{sh}")
    if len(dump["panels"]) != 3:
        raise Failure("the demo should have three panels")
    for p in dump["panels"]:
        h = p["header"]
        x, y = int(h["x"] + h["width"] / 2), int(h["y"] + h["height"] / 2)
        got, want = pixel(x, y), hex_rgb(p["color"])
        if any(abs(g - w) > 2 for g, w in zip(got, want)):
            raise Failure(f"header {p['id']} centre ({x},{y}) is #{bytes(got).hex()}, spec colour {p['color']}")
    opened = [p for p in dump["panels"] if p["content"]]
    if len(opened) != 1:
        raise Failure("the demo should show one open panel")
    c = opened[0]["content"]
    # The demo's panels hold text: the content is white in its padding (16 pt)
    # and below the last line, and its first line (20 pt high, under the top
    # padding) has the text's dark ink in it.
    for (x, y) in ((c["x"] + c["width"] * 0.1, c["y"] + 5), (c["x"] + c["width"] * 0.1, c["y"] + c["height"] - 5)):
        got = pixel(int(x), int(y))
        if got != (0xFF, 0xFF, 0xFF):
            raise Failure(f"the open panel's content at ({x:.0f},{y:.0f}) is #{bytes(got).hex()}, not the content colour")
    line = [(x, y) for x in range(int(c["x"]) + 16, int(c["x"]) + 200) for y in range(int(c["y"]) + 16, int(c["y"]) + 36)]
    inked = sum(1 for (x, y) in line if max(pixel(x, y)) < 0x80)
    if inked < 50:
        raise Failure(f"the open panel's first line of text has {inked} dark pixels: its text is not drawn")
    print(f"     demo headers {[p['color'] for p in dump['panels']]} found at their centres; open panel {opened[0]['id']} at y {c['y']}..{c['y'] + c['height']}, its first line {inked} dark pixels")


def scripted(run, spec, name, steps):
    """`spec` with its script replaced by `steps` (YAML lines)."""
    text = open(spec, encoding="utf-8").read()
    text = text[:text.index("\nscript:")] + "\nscript:\n" + "".join(f"  - {step}\n" for step in steps)
    path = os.path.join(run.workdir, name + ".yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def scroll_into_view(run, browser, spec):
    """Scrolled to 120, question 18's header shows at the bottom; opening it
    scrolls down to its whole answer, mid-transition and settled alike."""
    path = scripted(run, spec, "faq-scrolled", ["scroll: 120"])
    ids = [p["id"] for p in run.dump(path)["panels"]]
    click_sequence(run, browser, path, "faq-scrolled", [ids.index("privacy"), ids.index("privacy") - 1, "same"])
    settled = run.dump(path, ["privacy"])
    if settled["scroll"]["offset"] <= 120:
        raise Failure(f"opening question 18 did not scroll down: {settled['scroll']}")


def user_scroll(run, browser, spec):
    """A mouse wheel over the screen scrolls it; the page's offset follows,
    and the next tap starts from it as the model's does after a scroll step."""
    path = scripted(run, spec, "faq-wheel", ["wait: 0"])
    view = open_page(run, browser, run.page(path, "faq-wheel"))
    sx, sy, sw, sh = view["screen"]
    k = view["scale"]
    browser.call("Input.dispatchMouseEvent", type="mouseWheel", x=sx + sw * k / 2, y=sy + sh * k / 2, deltaX=0, deltaY=200)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        view = read(browser)
        if view["scrollTop"] > 0 and abs(view["state"]["scroll"]["offset"] - view["scrollTop"]) < 0.5:
            break
        time.sleep(0.05)
    offset = view["state"]["scroll"]["offset"]
    if not offset > 0 or abs(offset - view["scrollTop"]) > 0.5:
        raise Failure(f"after a wheel the screen is at {view['scrollTop']}, the page's offset {offset}")
    model = scripted(run, spec, "faq-wheel-model", ["wait: 0", f"scroll: {offset!r}"])
    compare(view, run.dump(model), "after the wheel")
    ids = [p["id"] for p in view["panels"] and run.dump(model)["panels"]]
    i = next(i for i in range(len(ids)) if centre(view, i) is not None and i > 3)
    browser.click(*centre(view, i))
    compare(wait_settled(browser), run.dump(model, [ids[i]]), f"after the wheel and a click on {ids[i]}")


def long_stack(run, browser, spec):
    """A scrolling stack of hundreds of panels, scrolled anywhere: every header
    in the window is drawn where the model puts it and is what the browser
    hits at its centre, also in the chunks of headers the browser skipped
    while they were far from the window (a chunk's box must hold its
    headers); a click there is the model's tap after a scroll step."""
    path = scripted(run, spec, "long-stack", ["wait: 0"])
    view = open_page(run, browser, run.page(path, "long-stack"))
    compare(view, run.dump(path), "at load")
    total, height = view["state"]["scroll"]["contentHeight"], view["screen"][3]
    for top in (total / 2 + 123.5, total - height, total / 3, 0, 2 * total / 3):
        browser.eval(f"document.getElementById('screen').scrollTop = {top!r}")
        browser.eval("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        seen = read(browser)
        for i, (p, q) in enumerate(zip(seen["panels"], view["panels"])):
            if not close(p["header"], q["header"]):
                raise Failure(f"scrolled to {top:.0f}: header {i} at {fmt(p['header'])}, at load {fmt(q['header'])}")
        window = [i for i, p in enumerate(seen["panels"]) if p["header"][3] >= 2 and
                  seen["scrollTop"] <= p["header"][1] + p["header"][3] / 2 < seen["scrollTop"] + height]
        if not window:
            raise Failure(f"scrolled to {top:.0f}: no header in the window")
        for i in window:
            if seen["panels"][i].get("hitAtCentre") != f"h{i}":
                raise Failure(f"scrolled to {seen['scrollTop']:.0f}: at the centre of header {i} the browser shows "
                              f"{seen['panels'][i].get('hitAtCentre')!r}")
        z_order(seen, f"scrolled to {top:.0f}")
    offset = seen["state"]["scroll"]["offset"]
    model = scripted(run, spec, "long-stack-model", ["wait: 0", f"scroll: {offset!r}"])
    ids = [p["id"] for p in run.dump(model)["panels"]]
    i = next(i for i in range(len(ids)) if centre(seen, i) is not None)
    browser.click(*centre(seen, i))
    compare(wait_settled(browser), run.dump(model, [ids[i]]), f"scrolled to {offset:.0f} and a click on {ids[i]}")


def frame_check(run, browser, spec, name):
    view = frames.check_spec(run, browser, spec, name, open_page, decode_png, hex_rgb, Failure)
    if run.verbose:
        print(f"     {name}: {view['label']}")


# -- sizes ------------------------------------------------------------------
RTL_READ = """(() => {
  const screen = document.getElementById('screen'), s = screen.getBoundingClientRect();
  const k = s.width / parseFloat(screen.style.width);
  const heads = [...document.querySelectorAll('#screen .header')].map((h) => {
    const r = h.getBoundingClientRect(), range = document.createRange();
    range.selectNodeContents(h.firstChild);
    const t = range.getBoundingClientRect(), m = h.lastChild.getBoundingClientRect();
    return { id: h.id, lang: h.closest('[lang]').lang, dir: getComputedStyle(h).direction,
             expanded: h.getAttribute('aria-expanded'), left: (t.left - r.left) / k, right: (r.right - t.right) / k,
             mark: (m.left + m.width / 2 - r.left) / k, width: r.width / k,
             transform: getComputedStyle(h.lastChild).transform };
  });
  const lines = [...document.querySelectorAll('#screen .content:not([hidden]) .line')].map((l) => {
    const c = l.closest('.content').getBoundingClientRect(), r = l.getBoundingClientRect();
    return { text: l.textContent, dir: getComputedStyle(l).direction, lang: l.closest('[lang]').lang,
             left: (r.left - c.left) / k, right: (c.right - r.right) / k };
  });
  return { lang: document.documentElement.lang, dir: document.documentElement.dir, heads, lines,
           aside: getComputedStyle(document.querySelector('aside')).direction };
})()"""


def right_to_left(run, browser, spec):
    """A right-to-left spec's page: `<html lang="ar" dir="rtl">`; each
    Arabic header's title ends 16 px from its right edge, its chevron sits at
    the left and a closed one points left (rotated 135°, not -45°); each
    line of an open answer starts at the right padding; the English panel
    keeps its title at the left; the page's own English state panel stays
    left to right."""
    view = open_page(run, browser, run.page(spec, "right-to-left"))
    got = browser.eval(RTL_READ)
    if (got["lang"], got["dir"], got["aside"]) != ("ar", "rtl", "ltr"):
        raise Failure(f"html lang/dir and the state panel's direction: {got['lang']!r}, {got['dir']!r}, {got['aside']!r}")
    dump = run.dump(spec)
    english = {p["id"] for p in dump["panels"] if p["title"].isascii()}
    for i, h in enumerate(got["heads"]):
        rtl = dump["panels"][i]["id"] not in english
        if h["dir"] != ("rtl" if rtl else "ltr"):
            raise Failure(f"header {i} runs {h['dir']}")
        start = h["right"] if rtl else h["left"]
        if abs(start - 16) > 1.5:
            raise Failure(f"header {i}: its title starts {start:.1f} px from its start edge, not 16: {h}")
        mark_at_end = h["mark"] < 40 if rtl else h["mark"] > h["width"] - 40
        if not mark_at_end:
            raise Failure(f"header {i}: its chevron is at x = {h['mark']:.1f} of {h['width']:.1f}")
        a = float(h["transform"][7:].split(",")[0]) if h["transform"].startswith("matrix(") else None
        if h["expanded"] == "false" and (a is None or (a < 0) != rtl):
            raise Failure(f"header {i}: a closed chevron is not mirrored ({h['transform']})")
        if rtl and h["lang"] != "ar" or not rtl and h["lang"] != "en":
            raise Failure(f"header {i} has lang {h['lang']!r}")
    if not got["lines"]:
        raise Failure("no line of text is shown")
    for line in got["lines"]:
        if line["dir"] != "rtl" or abs(line["right"] - 16) > 1.5 or line["lang"] != "ar":
            raise Failure(f"a line does not start at the right padding: {line}")
    # The model's frames hold in the mirrored page too.
    compare(view, dump, "right-to-left")


# -- world-ready text: fonts and lines ---------------------------------------
# What each sample's texts need of the fonts `make browser-deps` installs
# (Debian's fonts-noto-cjk, fonts-noto-color-emoji, fonts-noto-core): a
# character of the script, and the family that must draw it.
SCRIPT_FONTS = [
    ("Han or kana", re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]"), "Noto Sans CJK"),
    ("Hangul", re.compile("[\uac00-\ud7af]"), "Noto Sans CJK"),
    # Any face fontconfig says covers Arabic (chromium takes DejaVu Sans's for sans-serif).
    ("Arabic", re.compile("[\u0600-\u06ff]"), ":lang=ar"),
    ("emoji", re.compile("[\U0001F300-\U0001FAFF\U0001F1E6-\U0001F1FF]"), "Noto Color Emoji"),
]
CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]")

WORLD_READ = """(() => {
  const screen = document.getElementById('screen');
  const k = screen.getBoundingClientRect().width / parseFloat(screen.style.width);
  const out = [];
  document.querySelectorAll('#screen .content:not([hidden])').forEach((c) => {
    const box = c.getBoundingClientRect();
    c.querySelectorAll('.line, .row b').forEach((l, i) => {
      const r = l.getBoundingClientRect(), cs = getComputedStyle(l);
      l.setAttribute('data-probe', c.id + ':' + i);
      out.push({ probe: c.id + ':' + i, content: c.id, kind: l.className || 'row', text: l.textContent,
                 width: r.width / k, left: (r.left - box.left) / k, right: (box.right - r.right) / k,
                 box: box.width / k, dir: cs.direction, lang: l.closest('[lang]').lang, lineBreak: cs.lineBreak });
    });
  });
  document.querySelectorAll('#screen .header').forEach((h) => {
    h.setAttribute('data-probe', h.id);
    out.push({ probe: h.id, kind: 'header', text: h.textContent, lang: h.closest('[lang]').lang });
  });
  return out;
})()"""


def platform_fonts(browser, probe):
    """The font families chromium drew the text of the element marked
    `probe` with (CSS.getPlatformFontsForNode), with their glyph counts."""
    root = browser.call("DOM.getDocument", depth=0)["root"]["nodeId"]
    node = browser.call("DOM.querySelector", nodeId=root, selector=f'[data-probe="{probe}"]')["nodeId"]
    fonts = {}
    for n in [node] + [c["nodeId"] for c in browser.call("DOM.describeNode", nodeId=node, depth=1)["node"].get("children", [])
                       if c.get("nodeType") == 1 and c.get("nodeId")]:
        for f in browser.call("CSS.getPlatformFontsForNode", nodeId=n)["fonts"]:
            fonts[f["familyName"]] = fonts.get(f["familyName"], 0) + f["glyphCount"]
    return fonts


_covering = {}


def covering(pattern):
    """The font families fontconfig lists for `pattern` (such as `lang=ar`)."""
    if pattern not in _covering:
        listed = subprocess.run(["fc-list", ":" + pattern, "family"], capture_output=True, text=True).stdout
        _covering[pattern] = sorted({name.strip() for line in listed.splitlines() for name in line.split(",") if name.strip()})
        if not _covering[pattern]:
            raise Failure(f"fontconfig lists no font for {pattern} (make browser-deps installs them)")
    return _covering[pattern]


def world_text(run, browser, spec):
    """A sample in other scripts, each text panel opened in turn: every line
    the page draws is the model's (the dump's `content.lines`, in order);
    chromium draws Chinese, Japanese and Korean with Noto Sans CJK and
    emoji with Noto Color Emoji (the fonts
    `make browser-deps` installs), Arabic with a face fontconfig says covers
    it, so no glyph is a fallback box; no line of
    a CJK text is wider than its content view's padded box; and a Chinese
    or Japanese text is laid out with `line-break: strict` under its `lang`."""
    base = run.dump(spec)
    ids = [p["id"] for p in base["panels"]]
    states = [([], base)]
    for i, p in enumerate(base["panels"]):
        if p["content"] is None:
            states.append(([ids[i]], run.dump(spec, [ids[i]])))
    browser.call("DOM.enable")
    browser.call("CSS.enable")
    seen_fonts, checked, widest = set(), 0, 0.0
    for taps, dump in states:
        path = run.page(spec, "world-" + "-".join(["load", *taps]), extra=[a for t in taps for a in ("--tap", t)])
        view = open_page(run, browser, path)
        compare(view, dump, f"tapped {taps}")
        items = browser.eval(WORLD_READ)
        label = f"{os.path.basename(spec)} tapped {taps or 'nothing'}"
        # The page's lines are the model's, content by content.
        for i, m in enumerate(dump["panels"]):
            want = (m["content"] or {}).get("lines")
            if want is None:
                continue
            got = [x["text"] for x in items if x["kind"] == "line" and x["content"] == view["panels"][i]["controls"]]
            if got != want:
                raise Failure(f"{label}: panel {m['id']} draws {got}, the model wrapped {want}")
        for x in items:
            needs = [(name, family) for name, pattern, family in SCRIPT_FONTS if pattern.search(x["text"])]
            if not needs:
                continue
            fonts = platform_fonts(browser, x["probe"])
            for name, family in needs:
                families = covering(family[1:]) if family.startswith(":") else [family]
                if not any(want in f for f in fonts for want in families):
                    raise Failure(f"{label}: {x['kind']} {x['text']!r} ({name}, lang {x['lang']!r}) is drawn with "
                                  f"{fonts}, not {family}")
            seen_fonts.update(fonts)
            checked += 1
            if x["kind"] == "line" and CJK.search(x["text"]):
                # The padding on the line's start side is the padding on both.
                room = x["box"] - 2 * (x["right"] if x["dir"] == "rtl" else x["left"])
                widest = max(widest, x["width"] / room)
                if x["width"] > room + 0.5:
                    raise Failure(f"{label}: the line {x['text']!r} is drawn {x['width']:.1f} px wide in a "
                                  f"{room:.1f} px box")
                if x["lang"].split("-")[0] in ("zh", "ja") and x["lineBreak"] != "strict":
                    raise Failure(f"{label}: the {x['lang']} line {x['text']!r} has line-break {x['lineBreak']!r}")
    if checked == 0:
        raise Failure(f"{os.path.basename(spec)}: no text in another script was found to check")
    print(f"     {checked} lines, rows and titles checked; fonts drawn: {', '.join(sorted(seen_fonts))}; "
          + (f"widest CJK line {widest:.0%} of its box" if widest else "no CJK line"))


def custom_fonts(browser, probe):
    """Whether every font chromium drew the element marked `probe` with is a
    web font the page carries (`isCustomFont`), with the families it used."""
    root = browser.call("DOM.getDocument", depth=0)["root"]["nodeId"]
    node = browser.call("DOM.querySelector", nodeId=root, selector=f'[data-probe="{probe}"]')["nodeId"]
    fonts = browser.call("CSS.getPlatformFontsForNode", nodeId=node)["fonts"]
    return all(f.get("isCustomFont") for f in fonts), sorted({f["familyName"] for f in fonts})


OVERLAY = re.compile(r'<g class="measure-overlay".*?</g>', re.S)
MEASURED = re.compile(r'<rect [^>]*width="([0-9.]+)"[^>]*stroke="#FF3B30"')


CHROMIUM_LINES = """((texts) => texts.map((t) => {
  const line = document.querySelector('#' + CSS.escape(t.content) + ' .line'), cs = getComputedStyle(line);
  const box = line.closest('.content'), k = box.getBoundingClientRect().width / box.offsetWidth;
  const d = document.createElement('div');
  d.lang = t.lang || document.documentElement.lang;
  d.dir = getComputedStyle(line).direction;
  Object.assign(d.style, { position: 'absolute', left: '0', top: '0', width: t.room + 'px', fontFamily: cs.fontFamily,
                           fontSize: cs.fontSize, fontWeight: cs.fontWeight, lineHeight: '3em', whiteSpace: 'normal',
                           overflowWrap: 'anywhere', lineBreak: /^(zh|ja)/.test(d.lang) ? 'strict' : 'auto' });
  d.textContent = t.text;
  document.body.append(d);
  const node = d.firstChild, lines = [];
  let current = '', top = null;
  for (const { segment, index } of new Intl.Segmenter(d.lang, { granularity: 'grapheme' }).segment(t.text)) {
    const r = document.createRange();
    r.setStart(node, index);
    r.setEnd(node, index + segment.length);
    const rects = r.getClientRects(), y = rects.length ? rects[0].top : top;
    if (top !== null && Math.abs(y - top) > 1 && segment.trim()) { lines.push(current); current = ''; }
    if (segment.trim() || current) top = y;
    current += segment;
  }
  lines.push(current);
  d.remove();
  return lines.map((l) => l.trim());
}))"""

BLINK_ASCII_TAILORING = re.compile(r"/[A-Za-z]")
SPEC_TEXT = re.compile(r'- id: (\w+)\n(?:    .*\n)*?      text: ("(?:[^"\\]|\\.)*")')


def chromium_lines(browser, spec, dump, view, items):
    """Each text's paragraph laid out by chromium itself in a box as wide as
    the model's room (the content's width less the padding the page drew
    its lines at), in the faces, size and weight the page draws the lines
    in and the text's lang; returns (chromium's lines, how many of them are
    the model's line at the same place)."""
    texts = {m.group(1): json.loads(m.group(2)) for m in SPEC_TEXT.finditer(open(spec, encoding="utf-8").read())}
    asks = []
    for i, m in enumerate(dump["panels"]):
        lines = (m["content"] or {}).get("lines")
        if not lines or m["id"] not in texts:
            continue
        first = next(x for x in items if x["kind"] == "line" and x["content"] == view["panels"][i]["controls"])
        padding = first["right"] if first["dir"] == "rtl" else first["left"]
        asks.append({"content": view["panels"][i]["controls"], "text": texts[m["id"]], "lang": first["lang"],
                     "room": first["box"] - 2 * padding, "model": [line for line in lines if line]})
    if not asks:
        raise Failure("no text of the spec was found to lay out")
    got = browser.eval(CHROMIUM_LINES + "(" + json.dumps([{k: a[k] for k in ("content", "text", "lang", "room")} for a in asks]) + ")")
    own = same = 0
    for a, lines in zip(asks, got):
        if BLINK_ASCII_TAILORING.search(a["text"]):
            # Blink breaks between two ASCII characters by its own legacy table,
            # never after `/` (https://|example), where UAX #14 and ICU, the
            # model's rule, allow a break: reported, not counted.
            if lines != a["model"]:
                print(f"     (Blink's ASCII table, not UAX #14: chromium {lines[:3]}, the model {a['model'][:3]})")
            continue
        own += len(lines)
        same += sum(1 for x, y in zip(lines, a["model"]) if x == y)
        if lines != a["model"]:
            print(f"     {a['content']}: chromium {lines} the model {a['model']}")
    return own, same


def font_measured(run, browser, spec):
    """A spec measured with real fonts (`measure: font`) in twelve scripts,
    every panel open: the page draws the model's lines (the dump's), each in
    the web fonts the page carries (the subsets of the faces the model
    shaped it with, never a local font), and each line is as wide as the
    model measured it (the SVG's measure overlay) within half a point."""
    dump = run.dump(spec)
    svg = run.cli("render", "--format", "svg", "--measure-overlay", spec)
    measured = [[float(w) for w in MEASURED.findall(g)] for g in OVERLAY.findall(svg)]
    view = open_page(run, browser, run.page(spec, "font-measured"))
    compare(view, dump, "font-measured")
    items = browser.eval(WORLD_READ)
    browser.call("DOM.enable")
    browser.call("CSS.enable")
    texts = [i for i, m in enumerate(dump["panels"]) if (m["content"] or {}).get("lines")]
    if len(measured) != len(texts):
        raise Failure(f"{len(measured)} measure overlays for {len(texts)} open texts")
    lines = agree = 0
    worst = (0.0, "")
    families = set()
    for i, widths in zip(texts, measured):
        m = dump["panels"][i]
        got = [x for x in items if x["kind"] == "line" and x["content"] == view["panels"][i]["controls"]]
        want = [line for line in m["content"]["lines"] if line]
        if [x["text"] for x in got] != want:
            raise Failure(f"panel {m['id']} draws {[x['text'] for x in got]}, the model wrapped {want}")
        if len(widths) != len(got):
            raise Failure(f"panel {m['id']}: {len(widths)} measured widths for {len(got)} lines")
        for x, width in zip(got, widths):
            embedded, used = custom_fonts(browser, x["probe"])
            if not embedded:
                raise Failure(f"panel {m['id']}: the line {x['text']!r} is drawn with a font the page does not carry: {used}")
            families.update(used)
            lines += 1
            off = abs(x["width"] - width)
            if off <= 0.5:
                agree += 1
            if off > worst[0]:
                worst = (off, f"{m['id']}: {x['text']!r} drawn {x['width']:.2f}, measured {width:.2f}")
    if lines == 0:
        raise Failure("no font-measured line is shown")
    if agree < 0.99 * lines:
        raise Failure(f"{agree} of {lines} lines within 0.5 pt of the model's width; worst {worst[1]}")
    # Chromium's own line breaking of the same paragraphs, in the same faces,
    # size and width, with the text's lang: the lines agree with the model's.
    own, same = chromium_lines(browser, spec, dump, view, items)
    if same < 0.99 * own:
        raise Failure(f"chromium breaks {own - same} of {own} lines elsewhere than the model")
    # The SVG carries the same subsets: chromium draws each of its lines as wide.
    picture = os.path.join(run.workdir, "font-measured.svg")
    with open(picture, "w", encoding="utf-8") as f:
        f.write(svg)
    browser.navigate("file://" + picture)
    browser.drain()
    browser.eval("document.fonts.ready.then(() => true)")
    # A content line (xml:space="preserve"), not a header's title, which is drawn in the carried fonts too.
    drawn = browser.eval("""[...document.querySelectorAll('text[font-family*="accordion-font"]')]
      .filter((t) => t.getAttribute('xml:space') === 'preserve')
      .map((t) => [t.textContent, t.getComputedTextLength()])""")
    root = browser.call("DOM.getDocument", depth=0)["root"]["nodeId"]
    for node in browser.call("DOM.querySelectorAll", nodeId=root, selector='text[font-family*="accordion-font"]')["nodeIds"]:
        fonts = browser.call("CSS.getPlatformFontsForNode", nodeId=node)["fonts"]
        if not all(f.get("isCustomFont") for f in fonts):
            raise Failure(f"an SVG line is drawn with a font the picture does not carry: {[f['familyName'] for f in fonts]}")
    flat = [w for widths in measured for w in widths]
    if len(drawn) != len(flat):
        raise Failure(f"the SVG draws {len(drawn)} font-measured lines, the overlay measured {len(flat)}")
    svg_agree = sum(1 for (_, got), want in zip(drawn, flat) if abs(got - want) <= 0.5)
    svg_worst = max(abs(got - want) for (_, got), want in zip(drawn, flat))
    if svg_agree < 0.99 * len(flat):
        raise Failure(f"SVG: {svg_agree} of {len(flat)} lines within 0.5 pt of the model's width (worst {svg_worst:.2f} pt)")
    print(f"     page: {agree} of {lines} lines within 0.5 pt of the measured width (worst {worst[0]:.2f} pt"
          + (f", {worst[1]}" if worst[0] > 0.5 else "") + f"); SVG: {svg_agree} of {len(flat)} (worst {svg_worst:.2f} pt); "
          + f"chromium's own breaking: {same} of {own} lines as the model's; "
          + f"drawn in {', '.join(sorted(families))}")


TITLES_READ = """(() => {
  // By panel number (h<num>): a nested level's headers lie inside its holder's region, before the top level's in the page.
  const heads = [...document.querySelectorAll('#screen .header')].sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
  return heads.map((h) => {
    // A header with accessories holds its title (and badge) in its .line.
    const line = h.querySelector(':scope > .line');
    const drawn = (line || h).firstChild, range = document.createRange(), cs = getComputedStyle(h);
    range.selectNodeContents(drawn);
    const t = range.getBoundingClientRect(), r = h.getBoundingClientRect();
    const k = r.width / h.offsetWidth;
    return { id: h.id, drawn: drawn.textContent, hidden: drawn.nodeType === 1 && drawn.getAttribute('aria-hidden') === 'true',
             whole: h.textContent, width: t.width / k,
             room: h.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
  });
})()"""


def header_titles(run, browser, spec):
    """Every header of the page draws the title the model's one title rule
    (HeaderTitle) gives it, which the SVG of the same moment draws too: cut
    where it is cut, beside the mark or (a disabled, closed header) without
    it; a cut title's whole text is still the button's name for a screen
    reader; and what is drawn fits the header's padded room in the page's
    fonts."""
    name = os.path.splitext(os.path.basename(spec))[0]
    svg = run.cli("render", "--format", "svg", spec)
    want = {}
    dump = run.dump(spec)
    top = len(dump["panels"])
    # A nested header's clip is `-nh<slot>`: panel number top + slot.
    for nested, index, text in re.findall(r'<clipPath id="[^"]*-(n?)h(\d+)">.*?<text[^>]*>(.*?)</text>', svg, re.S):
        want[int(index) + (top if nested else 0)] = html.unescape(text)
    open_page(run, browser, run.page(spec, "titles-" + name))
    heads = browser.eval(TITLES_READ)
    tree = random_test.tree_panels(dump)
    # A scrolling container's SVG draws only the headers in its window.
    # (A tree's page has every level's headers, the top level's first.)
    if not want or len(heads) != len(tree) or max(want) >= len(heads):
        raise Failure(f"the page has {len(heads)} headers, the SVG draws titles {sorted(want)}")
    cut = 0
    for i in sorted(want):
        h = heads[i]
        title = tree[i]["title"]
        if h["drawn"] != want[i]:
            raise Failure(f"header {i} draws {h['drawn']!r}, the model's cut (the SVG) is {want[i]!r}")
        if h["drawn"] != title:
            cut += 1
            if not h["hidden"] or title not in h["whole"]:
                raise Failure(f"header {i}'s cut title {h['drawn']!r} hides the whole title from a screen reader: {h}")
        if h["width"] > h["room"] + 0.5:
            raise Failure(f"header {i} draws {h['drawn']!r} {h['width']:.1f} px wide in a {h['room']:.1f} px room")
    print(f"     {len(want)} titles as the model cuts them, {cut} cut")


def must_fail(check, words):
    """`check` must raise a Failure whose message says `words`."""
    try:
        check()
    except Failure as e:
        if words not in str(e):
            raise Failure(f"failed for another reason: {e}")
        print(f"     failed as it must: {str(e)[:160]}")
        return
    raise Failure("passed where it must fail")


SVG_SCREEN = """(() => {
  const r = document.querySelector('g[clip-path="url(#p0-screen)"] > rect').getBoundingClientRect();
  return [r.x, r.y, r.width, r.height];
})()"""


def page_and_svg_screens(run, browser, spec, tag, dump=None):
    """The screen of `spec`'s page, then of its SVG, each as (label, pixel
    reader) from a screenshot at scale 1; the page is first compared with
    `dump`'s frames when one is given."""
    import base64
    name = os.path.splitext(os.path.basename(spec))[0]
    svg_path = os.path.join(run.workdir, f"{name}-{tag}.svg")
    with open(svg_path, "w", encoding="utf-8") as f:
        f.write(run.cli("render", "--format", "svg", spec))
    for label, path in (("page", run.page(spec, f"{tag}-{name}")), ("svg", svg_path)):
        if label == "page":
            view = open_page(run, browser, path)
            if dump is not None:
                compare(view, dump, label)
            sx, sy, sw, sh = view["screen"]
        else:
            browser.navigate("file://" + path)
            sx, sy, sw, sh = browser.eval(SVG_SCREEN)
        shot = browser.call("Page.captureScreenshot", format="png",
                            clip={"x": sx, "y": sy, "width": sw, "height": sh, "scale": 1})
        yield label, decode_png(base64.b64decode(shot["data"]))[2]


def separated_headers(run, browser, spec):
    """No two adjacent headers merge into one band, in the page and in the
    SVG: where a header touches the one above it and both have the same
    colour, the pixel row on the lower header's top edge differs from the
    header's own colour (the separator, HeaderSeparator), sampled across the
    header in a screenshot. Headers of different colours are told apart by
    their colours."""
    name = os.path.splitext(os.path.basename(spec))[0]
    dump = run.dump(spec)
    panels = dump["panels"]
    pairs = [(a, b) for a, b in zip(panels, panels[1:])
             if a["color"] == b["color"] and abs(a["header"]["y"] + a["header"]["height"] - b["header"]["y"]) < 0.01]
    if not pairs:
        raise Failure(f"{name} has no two touching headers of one colour to check")
    checked = 0
    for label, pixel in page_and_svg_screens(run, browser, spec, "separators"):
        for a, b in pairs:
            y = int(round(b["header"]["y"]))
            colour = hex_rgb(b["color"])
            # Sample where nothing is drawn on the header: just inside its start, and a third of the way along.
            xs = [int(b["header"]["x"] + 4), int(b["header"]["x"] + b["header"]["width"] / 3)]
            for x in xs:
                edge, inside = pixel(x, y), pixel(x, y + 6)
                if sum(abs(e - c) for e, c in zip(inside, colour)) > 6:
                    raise Failure(f"{label}: header {b['id']} at ({x},{y + 6}) is #{bytes(inside).hex()}, not its colour {b['color']}")
                if sum(abs(e - c) for e, c in zip(edge, colour)) < 24:
                    raise Failure(f"{label}: headers {a['id']} and {b['id']} merge: the row at y {y} is #{bytes(edge).hex()}, "
                                  f"their colour {b['color']}")
                checked += 1
    print(f"     {len(pairs)} touching pairs of one colour, {checked} samples of the separator row, page and SVG")


def font_titles(run, browser, spec):
    """Titles the model shaped in a font: the page draws the model's cuts
    (header_titles, the room judged in the page's fonts), every title in the
    web fonts the page carries, never a local one."""
    header_titles(run, browser, spec)
    browser.call("DOM.enable")
    browser.call("CSS.enable")
    count = browser.eval("""(() => { const hs = [...document.querySelectorAll('#screen .header')];
      hs.forEach((h, i) => h.firstChild.nodeType === 1 ? h.firstChild.setAttribute('data-probe', 't' + i)
                                                    : h.setAttribute('data-probe', 't' + i));
      return hs.length; })()""")
    families = set()
    for i in range(count):
        embedded, used = custom_fonts(browser, f"t{i}")
        if not embedded:
            raise Failure(f"header {i}'s title is drawn with a font the page does not carry: {used}")
        families.update(used)
    print(f"     {count} titles drawn in the page's own fonts: {', '.join(sorted(families))}")


def generated_spec(workdir, n, header=None, scroll=False):
    """n panels with the middle one opened by the script; their headers share
    the 667 pt screen, or (`scroll`) are 44 pt high in a screen that scrolls."""
    header = header if header is not None else 44 if scroll else min(44, 600 / n)
    lines = ["accordion: 1", f"title: {n} generated panels", "container:", "  width: 375", "  height: 667",
             f"  headerHeight: {header:g}", "  layout: fit", *(["  overflow: scroll"] if scroll else []), "panels:"]
    for i in range(n):
        lines += [f"  - id: panel_{i}", f"    title: Panel number {i}", f"    color: 0x{(0x204060 + i * 0x0F0B07) & 0xFFFFFF:06X}FF",
                  f"    contentHeight: {40 + (i * 37) % 200}"]
    lines += ["script:", f"  - tap: {n // 2}"]
    path = os.path.join(workdir, f"generated-{n}{'-scroll' if scroll else ''}.yaml")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def sizes(run, browser):
    counts = [10, 50, 200]
    size = {}
    for n in counts:
        spec = generated_spec(run.workdir, n)
        size[n] = os.path.getsize(run.page(spec, f"generated-{n}"))
    print(f"     page sizes: " + ", ".join(f"{n} panels {size[n]} B" for n in counts))
    if size[10] >= 100_000:
        raise Failure(f"the 10-panel page is {size[10]} bytes, over 100 KB")
    per_small = (size[50] - size[10]) / 40
    per_large = (size[200] - size[50]) / 150
    print(f"     bytes per panel: {per_small:.0f} (10→50), {per_large:.0f} (50→200)")
    if per_large > 1.25 * per_small + 8:
        raise Failure(f"page size grows faster than linearly: {per_small:.0f} B/panel then {per_large:.0f} B/panel")
    if size[200] > 25 * size[10]:
        raise Failure(f"200-panel page {size[200]} B is over 25 × the 10-panel page")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--accordion", default=os.environ.get("ACCORDION_BIN") or os.path.join(ROOT, ".build/release/accordion"))
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("-k", help="only scenarios whose name contains this")
    parser.add_argument("specs", nargs="*", help="more specs (files or directories) to click through")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("ACCORDION_BROWSER_SEED", "20261201")),
                        help="seed of the randomized test (default: $ACCORDION_BROWSER_SEED or 20261201)")
    parser.add_argument("--random", type=int, default=40, metavar="N", help="random specs to play (default 40)")
    parser.add_argument("--clicks", type=int, default=6, help="clicks per random spec (default 6)")
    parser.add_argument("--mutate", choices=sorted(random_test.MUTATIONS),
                        help="only check that the randomized test catches this wrong page rule")
    args = parser.parse_args()
    if not os.access(args.accordion, os.X_OK):
        return setup_failed(f"no accordion binary at {args.accordion} (build it first)")
    workdir = tempfile.mkdtemp(prefix="accordion-browser-")
    run = Run(os.path.abspath(args.accordion), workdir, args.verbose)
    started = time.monotonic()
    browser = launch(1280, 1000)
    if browser is None:
        return 1
    try:
        # The samples' test files (*.test.yaml) name a spec; they are none.
        samples = sorted(p for p in glob.glob(os.path.join(ROOT, "samples", "*.yaml")) + glob.glob(os.path.join(ROOT, "samples", "*.yml"))
                         if ".test." not in os.path.basename(p))
        own = sorted(glob.glob(os.path.join(HERE, "specs", "*.yaml")))
        for extra in args.specs:
            own += sorted(glob.glob(os.path.join(extra, "**", "*.y*ml"), recursive=True)) if os.path.isdir(extra) else [extra]
        scenarios = []
        for spec in samples + own:
            name = os.path.splitext(os.path.basename(spec))[0]
            scenarios.append((f"clicks {name}", lambda spec=spec, name=name:
                              click_sequence(run, browser, spec, name, [-1, 0, 1, "same", -1, 2, 0])))
        demo = os.path.join(ROOT, "samples", "article-demo.yaml")
        for chrome in ("none", "device"):
            scenarios.append((f"--chrome {chrome}: the demo plays back as the debug page does, without state or log",
                              lambda chrome=chrome: chromeless(run, browser, demo, chrome)))
        scenarios.append(("device: phone: the container in the safe area, under the status bar, plays back as the model does",
                          lambda: on_device(run, browser, os.path.join(ROOT, "Tests", "Fixtures", "render-formats", "device-phone.yaml"), demo)))
        scenarios.append(("keyboard article-demo", lambda: keyboard_run(run, browser, demo, "keyboard-demo")))
        for spec in own[:1]:
            scenarios.append((f"keyboard {os.path.basename(spec)}", lambda spec=spec: keyboard_run(run, browser, spec, "keyboard-own")))
        scenarios.append(("keyboard on disabled and pinned headers", lambda: keyboard_refusals(run, browser)))
        scenarios.append(("accordionchange: one event per change, reason tap for clicks, key for keys, fragment for fragments",
                          lambda: change_events(run, browser)))
        scenarios.append(("screenshot article-demo colours", lambda: screenshot_demo(run, browser, demo)))
        scenarios.append(("nested links: each level its own accordion; #ID and #:~:text= reveal as the model does",
                          lambda: nested_links(run, browser)))
        # Every sample, and a tablet and phones on their side, as SVG and page screenshots.
        framed = samples + [os.path.join(HERE, "specs", f) for f in
                            ("edge-big-tablet.yaml", "tablet-landscape.yaml", "ease-in-landscape.yaml", "fit-mixed-heights.yaml")]
        for spec in framed:
            name = os.path.splitext(os.path.basename(spec))[0]
            scenarios.append((f"frame {name}: first and last headers inside the screen (SVG and page)",
                              lambda spec=spec, name=name: frame_check(run, browser, spec, name)))
        faq = os.path.join(ROOT, "samples", "faq-twenty.yaml")
        scenarios.append(("faq-twenty: question 18 scrolls into view as the model says",
                          lambda: scroll_into_view(run, browser, faq)))
        scenarios.append(("faq-twenty: the user's scrolling moves the offset taps start from",
                          lambda: user_scroll(run, browser, faq)))
        arabic = os.path.join(ROOT, "samples", "faq-ar.yaml")
        scenarios.append(("faq-ar: the right-to-left page is mirrored and its text starts at the right",
                          lambda: right_to_left(run, browser, arabic)))
        for spec in samples + [os.path.join(HERE, "specs", "titles-cut.yaml")]:
            name = os.path.splitext(os.path.basename(spec))[0]
            scenarios.append((f"titles {name}: the page draws the model's title cuts (the SVG's)",
                              lambda spec=spec: header_titles(run, browser, spec)))
        for spec in (os.path.join(ROOT, "Tests", "Fixtures", "render-formats", "header-accessories.yaml"),):
            name = os.path.splitext(os.path.basename(spec))[0]
            scenarios.append((f"separators {name}: no two touching headers of one colour merge (page and SVG pixels)",
                              lambda spec=spec: separated_headers(run, browser, spec)))
        for spec in (os.path.join(ROOT, "samples", "settings-ios.yaml"),
                     os.path.join(ROOT, "Tests", "Fixtures", "render-formats", "inset-grouped.yaml")):
            name = os.path.splitext(os.path.basename(spec))[0]
            scenarios.append((f"sections {name}: rounded corners, gaps and joined contents where the model's frames are (page and SVG pixels)",
                              lambda spec=spec: rounded_sections(run, browser, spec)))
        # The check must fail where separators are turned off.
        scenarios.append(("separators: the check fails for `separator: none`", lambda: must_fail(
            lambda: separated_headers(run, browser, os.path.join(ROOT, "Tests", "Fixtures", "render-formats",
                                                                 "separators-none.yaml")), "merge")))
        font_titles_spec = os.path.join(HERE, "specs", "titles-font.yaml")
        scenarios.append(("titles titles-font: the model's cuts of titles shaped in a font, drawn in the fonts the page carries",
                          lambda: font_titles(run, browser, font_titles_spec)))
        for world in ("faq-zh", "world-faq", "faq-ar"):
            spec = os.path.join(ROOT, "samples", world + ".yaml")
            scenarios.append((f"{world}: the model's lines, drawn with Noto CJK, Arabic and emoji fonts, within their boxes",
                              lambda spec=spec: world_text(run, browser, spec)))
        fonts = os.path.join(HERE, "specs", "font-measured.yaml")
        scenarios.append(("font-measured: twelve scripts drawn in the fonts the page carries, at the widths the model measured",
                          lambda: font_measured(run, browser, fonts)))
        # The same texts in a narrower container: other lines, other breaks.
        narrow = os.path.join(run.workdir, "font-measured-narrow.yaml")
        with open(fonts, encoding="utf-8") as f, open(narrow, "w", encoding="utf-8") as out:
            out.write(f.read().replace("  width: 360\n", "  width: 250\n"))
        scenarios.append(("font-measured, 250 points wide: the same, at other breaks",
                          lambda: font_measured(run, browser, narrow)))
        demo = os.path.join(ROOT, "samples", "article-demo.yaml")
        scenarios.append(("reduced motion: a click applies at once, as the model does for a viewer who asks",
                          lambda: reduced_motion(run, browser, demo)))
        themed = os.path.join(HERE, "specs", "appearances.yaml")
        scenarios.append(("appearances: dark and reduced motion emulated, the page draws the model's dark colours",
                          lambda: appearances(run, browser, themed)))
        collapsed = os.path.join(HERE, "specs", "collapsed-ease-in-out.yaml")
        scenarios.append(("mid-transition at load (--at)", lambda: at_load(run, browser, collapsed, 0.3)))
        scenarios.append(("page size linear in panels", lambda: sizes(run, browser)))
        scenarios.append(("200-panel page plays back", lambda: click_sequence(
            run, browser, generated_spec(run.workdir, 200), "generated-200", [-1, 0, 150, "same"])))
        # Scrolled to its middle at load: the chunks of headers far from the
        # window are skipped by the browser until they come near it.
        scenarios.append(("300-panel scrolling page plays back", lambda: click_sequence(
            run, browser, generated_spec(run.workdir, 300, scroll=True), "generated-300-scroll",
            [150, 151, "same", 149, 153, 152, 150])))
        scenarios.append(("300-panel scrolling page, scrolled anywhere, draws every header in the window",
                          lambda: long_stack(run, browser, generated_spec(run.workdir, 300, scroll=True))))
        scenarios.append((f"randomized: {args.random} specs x {args.clicks} clicks against the model (seed {args.seed})",
                          lambda: randomized(run, browser, args)))
        # Cases the randomized test found once (other seeds), kept with their clicks.
        for spec in sorted(glob.glob(os.path.join(HERE, "specs", "pinned", "*.yaml"))):
            name = os.path.splitext(os.path.basename(spec))[0]
            scenarios.append((f"pinned {name}", lambda spec=spec, name=name: pinned(run, browser, spec, name)))
        # A wrong rule in the page's player must fail the randomized test.
        for mutation in sorted(random_test.MUTATIONS):
            scenarios.append((f"mutation {mutation} is caught", lambda mutation=mutation: caught(run, browser, args, mutation)))
        if args.mutate:
            scenarios = [(name, fn) for name, fn in scenarios if name == f"mutation {args.mutate} is caught"]
        for name, fn in scenarios:
            if args.k and args.k not in name:
                continue
            run.check(name, fn)
    finally:
        browser.close()
    if not args.verbose:
        shutil.rmtree(workdir, ignore_errors=True)
    else:
        print(f"pages kept in {workdir}")
    print(f"{run.settled_checks} settled and {run.mid_checks} mid-transition comparisons, "
          f"{run.ignored_clicks} clicks ignored during transitions, in {time.monotonic() - started:.1f} s")
    print(f"{run.passed} passed, {run.failed} failed")
    return 0 if run.failed == 0 and run.passed > 0 else 1


def randomized(run, browser, args):
    """Random specs and clicks: the page's player against the model (random_test.py)."""
    print(f"     seed {args.seed} (set ACCORDION_BROWSER_SEED or --seed to change it)", flush=True)
    stats, failures = random_test.run_random(run, browser, args.seed, args.random, args.clicks)
    modes = stats.pop("modes")
    print("     " + ", ".join(f"{value} {key.replace('_', ' ')}" for key, value in stats.items()), flush=True)
    print("     specs per expansion/interruption: " + ", ".join(f"{k} {v}" for k, v in sorted(modes.items())), flush=True)
    if failures:
        raise Failure(f"{len(failures)} of {stats['specs']} random specs differ from the model "
                      f"(seed {args.seed}); first: {failures[0]}")
    if stats["specs"] < args.random:
        raise Failure(f"only {stats['specs']} of {args.random} random specs were valid")
    # A run that never met a mode, a policy or a reason tested nothing about it.
    missing = [f"{e}/{i}" for e in ("single", "multiple") for i in ("ignore", "finish", "retarget") if f"{e}/{i}" not in modes]
    missing += [k for k in ("ignored transition", "ignored modal", "ignored disabled", "ignored notCollapsible", "interrupting",
                            "updates", "accessories")
                if not stats.get(k)]
    if missing and args.random >= 40:
        raise Failure(f"the random specs never exercised {', '.join(missing)} (seed {args.seed})")
    run.settled_checks += stats["samples"] - stats["mid_samples"]
    run.mid_checks += stats["mid_samples"]


def pinned(run, browser, spec, name):
    """A case of specs/pinned replayed with its clicks (random_test.replay_pinned)."""
    try:
        random_test.replay_pinned(run, browser, spec, "pinned-" + name)
    except random_test.Mismatch as e:
        raise Failure(str(e))


def caught(run, browser, args, mutation):
    """The page with one wrong rule (random_test.MUTATIONS) must fail the randomized test."""
    # Twice the specs at most: a wrong rule that only rare specs reach may need more of them.
    stats, failures = random_test.run_random(run, browser, args.seed, 2 * args.random, args.clicks, mutate=mutation,
                                             stop_at_first=True, log=lambda line: None)
    if not failures:
        raise Failure(f"the page with {mutation} ({random_test.MUTATIONS[mutation][2]}) passed "
                      f"{stats['specs']} random specs")
    print(f"     caught at random spec {stats['specs']}: {failures[0][:300]}", flush=True)


def reduced_motion(run, browser, spec):
    """With prefers-reduced-motion: reduce emulated, the page applies a click
    at once, as the model does for a viewer who asks for it
    (`render --reduced-motion`, the spec's default `instant`): no transition
    runs, interaction stays enabled, and the frames and the log are the
    model's settled ones at the moment of the click; a second click right
    after is taken, not ignored. A spec that keeps its motion
    (`animation.reducedMotion: keep`) still animates."""
    browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-reduced-motion", "value": "reduce"}])
    try:
        view = open_page(run, browser, run.page(spec, "reduced-motion"))
        base = run.dump(spec)
        n = len(base["panels"])
        taps = []
        for i in [n - 1, 1 % n]:
            spot = centre(view, i)
            if spot is None:
                raise Failure(f"header {i} cannot be clicked")
            browser.click(*spot)
            taps.append(base["panels"][i]["id"])
            clicked = read(browser)
            if clicked["state"]["transition"] is not None or not clicked["state"]["interactionEnabled"]:
                raise Failure(f"after clicking {taps[-1]} the page runs a transition: {clicked['state']['transition']}")
            want = run.dump(spec, taps, extra=["--reduced-motion"])
            if want["transition"] is not None:
                raise Failure(f"the model, asked for reduced motion, runs {want['transition']}")
            compare(clicked, want, f"reduced motion, clicked {taps}")
            check_log(clicked["state"]["log"], set(), want, f"reduced motion, clicked {taps}")
            view = clicked
        # The same spec keeping its motion animates under the same setting.
        kept_spec = os.path.join(run.workdir, "reduced-motion-keep.yaml")
        text = open(spec, encoding="utf-8").read()
        if "\n  animation: {" not in text:
            raise Failure("the spec has no container.animation mapping to keep motion in")
        with open(kept_spec, "w", encoding="utf-8") as f:
            f.write(text.replace("\n  animation: {", "\n  animation: {reducedMotion: keep, ", 1))
        kept = open_page(run, browser, run.page(kept_spec, "reduced-motion-keep"))
        spot = centre(kept, n - 1)
        browser.click(*spot)
        if read(browser)["state"]["transition"] is None:
            raise Failure("with reducedMotion: keep the click runs no transition")
    finally:
        browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-reduced-motion", "value": "no-preference"}])
    print(f"     clicks {taps} applied at once with the model's settled frames and log; keep animates")


def screen_pixels(browser, view):
    """The screen's pixels now, at scale 1, and a reader of one."""
    import base64
    sx, sy, sw, sh = view["screen"]
    shot = browser.call("Page.captureScreenshot", format="png", clip={"x": sx, "y": sy, "width": sw, "height": sh, "scale": 1})
    return decode_png(base64.b64decode(shot["data"]))[2]


def header_colours(pixel, dump, label):
    """Each header's pixel just inside its start edge, and the background
    below the stack, are the dump's colours (within 2 per channel)."""
    for p in dump["panels"]:
        h = p["header"]
        x, y = int(h["x"] + 3), int(h["y"] + h["height"] - 4)
        got, want = pixel(x, y), hex_rgb(p["color"])
        if any(abs(g - w) > 2 for g, w in zip(got, want)):
            raise Failure(f"{label}: header {p['id']} at ({x},{y}) is #{bytes(got).hex()}, the model's colour is {p['color']}")
    # Below everything the stack draws: the container's background.
    y = int(max(max(p["header"]["y"] + p["header"]["height"], (p["content"] or {"y": 0, "height": 0})["y"]
                    + (p["content"] or {"height": 0})["height"]) for p in dump["panels"]) + 20)
    if y < dump["container"]["height"]:
        got = pixel(5, y)
        want = hex_rgb(BACKGROUNDS[dump["container"].get("appearance", "light")])
        if any(abs(g - w) > 2 for g, w in zip(got, want)):
            raise Failure(f"{label}: the background at (5,{y}) is #{bytes(got).hex()}, not #{bytes(want).hex()}")


# appearances.yaml's background in each appearance.
BACKGROUNDS = {"light": "#F2F2F7", "dark": "#101012"}


def appearances(run, browser, spec):
    """With prefers-color-scheme: dark and prefers-reduced-motion: reduce
    emulated, the page draws the model's dark colours (`render --appearance
    dark`: pixels sampled on every header and the background) and applies a
    click at once with the model's settled frames; its toggle turns it
    light (the light dump's colours), and with the viewer's light
    preference it starts light."""
    features = [{"name": "prefers-color-scheme", "value": "dark"}, {"name": "prefers-reduced-motion", "value": "reduce"}]
    browser.call("Emulation.setEmulatedMedia", features=features)
    try:
        view = open_page(run, browser, run.page(spec, "appearances"))
        dark = run.dump(spec, extra=["--appearance", "dark"])
        if dark["container"].get("appearance") != "dark":
            raise Failure(f"the dark dump does not say so: {dark['container']}")
        header_colours(screen_pixels(browser, view), dark, "dark at load")
        if browser.eval("document.documentElement.classList.contains('dark')") is not True:
            raise Failure("the page under prefers-color-scheme: dark is not dark")
        n = len(dark["panels"])
        browser.click(*centre(view, n - 1))
        clicked = read(browser)
        want = run.dump(spec, [dark["panels"][n - 1]["id"]], extra=["--reduced-motion", "--appearance", "dark"])
        if clicked["state"]["transition"] is not None:
            raise Failure("under reduced motion the click runs a transition")
        compare(clicked, want, "dark, reduced motion, clicked the last header")
        header_colours(screen_pixels(browser, clicked), want, "dark after the click")
        # The toggle: the light appearance, the light dump's colours.
        browser.eval("document.getElementById('appearance').click()")
        light = run.dump(spec, [dark["panels"][n - 1]["id"]], extra=["--reduced-motion"])
        header_colours(screen_pixels(browser, clicked), light, "light after the toggle")
        if browser.eval("document.getElementById('appearance').getAttribute('aria-pressed')") != "false":
            raise Failure("the toggle does not say it is off")
        browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": "light"}])
        view = open_page(run, browser, run.page(spec, "appearances-light"))
        header_colours(screen_pixels(browser, view), run.dump(spec), "light at load")
    finally:
        browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": "light"},
                                                             {"name": "prefers-reduced-motion", "value": "no-preference"}])
    print(f"     {n} headers and the background in the model's dark colours, a click applied at once, the toggle light")


def rounded_sections(run, browser, spec):
    """`insetGrouped` as pixels, in the page and the SVG: each section's
    corner pixel is the background (a rounded corner) while a point 12
    points in along its top edge is the header's colour; the gap above each
    section is the background; an open panel's header has square lower
    corners (its content joins it), a closed one's are rounded."""
    name = os.path.splitext(os.path.basename(spec))[0]
    dump = run.dump(spec)
    if dump["container"].get("style", {}).get("name") != "insetGrouped":
        raise Failure(f"{name} is not in inset-grouped sections")
    background = hex_rgb(dump["container"].get("background", "#F2F2F7FF"))
    checked = 0

    def near(got, want, label):
        if sum(abs(g - w) for g, w in zip(got, want)) > 12:
            raise Failure(f"{label}: #{bytes(got).hex()}, expected #{bytes(want).hex()}")

    for label, pixel in page_and_svg_screens(run, browser, spec, "sections", dump):
        for p in dump["panels"]:
            h = p["header"]
            x, y, w, hh = h["x"], h["y"], h["width"], h["height"]
            colour = hex_rgb(p["color"])
            near(pixel(int(x), int(y)), background, f"{label}: {p['id']}'s top left corner ({x},{y})")
            near(pixel(int(x + w - 1), int(y)), background, f"{label}: {p['id']}'s top right corner")
            near(pixel(int(x + 12), int(y + 1)), colour, f"{label}: {p['id']}'s top edge 12 in")
            near(pixel(int(x + 20), int(y - 10)), background, f"{label}: the gap above {p['id']}")
            lower = pixel(int(x), int(y + hh - 1))
            joined = p["content"] is not None and p["content"]["height"] > 1
            if joined:
                near(lower, colour, f"{label}: open {p['id']}'s lower left corner (joined to its content)")
            else:
                near(lower, background, f"{label}: closed {p['id']}'s lower left corner (rounded)")
            checked += 5
    print(f"     {len(dump['panels'])} sections, {checked} corner, edge and gap pixels, page and SVG")


def chromeless(run, browser, spec, chrome):
    """A page rendered with --chrome none or device plays back as the debug
    page does (click_sequence: frames mid-transition and settled, ignored
    clicks, the log the player keeps), and its document holds no controller
    state and no containment log; none has no title and no device around
    the screen either."""
    name = os.path.splitext(os.path.basename(spec))[0] + "-chrome-" + chrome
    click_sequence(run, browser, spec, name, [2, 0, "same", 1], extra=["--chrome", chrome])
    parts = browser.eval("""({ aside: !!document.querySelector('aside'), log: !!document.getElementById('log'),
      title: !!document.getElementById('title'), scale: !!document.getElementById('scale'),
      device: getComputedStyle(document.getElementById('device')).backgroundColor,
      padding: getComputedStyle(document.getElementById('device')).paddingTop })""")
    if parts["aside"] or parts["log"]:
        raise Failure(f"--chrome {chrome}: the page still has its state or log: {parts}")
    if chrome == "none" and (parts["title"] or parts["scale"] or parts["padding"] != "0px"
                             or parts["device"] not in ("rgba(0, 0, 0, 0)", "transparent")):
        raise Failure(f"--chrome none: something is drawn around the screen: {parts}")
    if chrome == "device" and not parts["title"]:
        raise Failure(f"--chrome device: no title: {parts}")


def on_device(run, browser, spec, plain_spec):
    """A page of a spec with `device: phone` (`--chrome device`) plays back as the debug page does
    (click_sequence compares the container's frames, which stay in its own
    coordinates), with the screen (the glass: status bar, island, home
    indicator) under it and the container 59 pt below the screen's top, as
    the dump's frame says; a spec without a device has no glass."""
    name = os.path.splitext(os.path.basename(spec))[0] + "-chrome-device"
    click_sequence(run, browser, spec, name, [2, 0, "same", 1], extra=["--chrome", "device"])
    parts = browser.eval("""(() => { const g = document.querySelector('#device .glass'), s = document.getElementById('screen');
      if (!g) return null;
      const gr = g.getBoundingClientRect(), sr = s.getBoundingClientRect();
      return { top: sr.top - gr.top, left: sr.left - gr.left, width: gr.width, height: gr.height, sw: sr.width, sh: sr.height,
        time: g.textContent, island: !!g.querySelector('rect[rx="18.5"]') }; })()""")
    if parts is None:
        raise Failure("--device phone: the page has no screen around the container")
    scale = parts["width"] / 393
    if abs(parts["top"] - 59 * scale) > 0.5 or abs(parts["left"]) > 0.5 or abs(parts["height"] - 852 * scale) > 0.5 \
            or abs(parts["sh"] - 759 * scale) > 0.5 or "9:41" not in parts["time"] or not parts["island"]:
        raise Failure(f"--device phone: the screen or the safe area is not where the dump says: {parts}")
    plain = run.page(plain_spec, os.path.splitext(os.path.basename(plain_spec))[0] + "-no-device", extra=["--chrome", "device"])
    open_page(run, browser, plain)
    if browser.eval("!!document.querySelector('#device .glass')"):
        raise Failure("a spec without a device: the page draws a screen around the container")


def at_load(run, browser, spec, at):
    """A page rendered with --at inside a transition starts there and plays the rest."""
    probe = run.dump(spec, at=at)
    if probe["transition"] is None:
        raise Failure(f"{os.path.basename(spec)} has no transition at {at} s")
    path = run.page(spec, "at-load", extra=["--at", repr(at)])
    browser.navigate("file://" + path)
    view = read(browser)
    tr = view["state"]["transition"]
    if tr is None:
        raise Failure(f"the page rendered --at {at} shows no transition {view['state']['shownTime'] - at:.3f} s after load")
    if abs(tr["start"] - probe["transition"]["start"]) > 1e-3 or abs(tr["end"] - probe["transition"]["end"]) > 1e-3:
        raise Failure(f"the page plays {tr}, the model {probe['transition']}")
    model = run.dump(spec, at=view["state"]["shownTime"])
    compare(view, model, f"--at {at} page at {view['state']['shownTime']:.4f} s")
    check_log(read(browser)["state"]["log"][:len(probe["events"])], set(), probe, f"--at {at} page at load")
    z_order(view, "--at page")
    run.mid_checks += 1
    view = wait_settled(browser)
    # Just before the end: an untimed step of the script may happen right at it,
    # and the page (which stopped at --at) never plays later steps.
    # The model then still shows from's content, which the page has removed.
    end = run.dump(spec, at=tr["end"] - 1e-7)
    if tr["from"] is not None:
        end["panels"][tr["from"]]["content"] = None
    compare(view, end, f"--at {at} page after its transition")


if __name__ == "__main__":
    sys.exit(main())
