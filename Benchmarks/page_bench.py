#!/usr/bin/env python3
"""Times the interactive page (`accordion render --format html`) in headless
chromium beside a floor page measured in the same run.

For each size N the bench writes a spec of N panels (a 375 x 667 phone
screen, 44 pt headers, 300 pt contents, `overflow: scroll`, nothing open, a
1 s easeInOut animation) and renders its page, and writes the floor: a plain
page of N absolutely positioned header divs (a colour and a title each) in
a box of the same size, whose click handler moves every div below the
clicked one by 300 px with `transform` in a requestAnimationFrame loop for
the same second. Both are opened from disk in the same headless chromium
(Tests/Browser/cdp.py, one window of 1200 x 1000 CSS px, scale 1), in turn,
`rounds` times each; each visit

- loads the page and times it: navigation start to the end of the first
  frame after the load event (a requestAnimationFrame callback, then a
  message posted from it: its handler runs once that frame's style, layout
  and paint are done, the page being idle);
- clicks the first header (a real mouse click over the DevTools protocol)
  and, once that transition is over, clicks it again: on the page the
  first panel opens, then closes, so both times N - 1 headers move; on the
  floor N - 1 divs.

Per click it keeps the time from the click event to the end of the first
frame after it (the moment the frame after that one begins), and the
timestamps of every animation frame during the transition
(requestAnimationFrame's own, from a recorder started by the click: the
frames the main thread produced); the intervals between them give the
frame rate. "Interactive" is the load time plus the first click's time to
its first frame: the moment the first click is answered.

A small recorder (addScriptToEvaluateOnNewDocument) is the same on both
pages; neither page is changed. Standard library only; run.py calls
`run()` for its targets.
usage: page_bench.py ACCORDION [--sizes 1000,10000] [--rounds 5] [--out DIR]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
from cdp import Browser, CDPError  # noqa: E402

WIDTH, HEIGHT = 375, 667
HEADER, CONTENT = 44, 300
DURATION = 1.0  # s
COLORS = ["#1ABC9CFF", "#3498DBFF", "#9B59B6FF", "#E67E22FF", "#2ECC71FF", "#E74C3CFF", "#34495EFF", "#F1C40FFF"]
WINDOW = (1200, 1000)
FRAME_MS = 1000 / 60  # a frame of the display, which the floor holds at 1,000 panels

# The recorder both pages get before their own scripts run. Times are
# performance.now() (ms since navigation start) unless named otherwise.
RECORDER = r"""
(() => {
  const bench = window.__bench = { ready: null, clicks: [] };
  // Runs `done` once the next frame's main-thread work (style, layout, paint) is over.
  const afterNextFrame = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(0);
  });
  addEventListener("load", () => afterNextFrame((t) => { bench.ready = t; }));
  // On the document, bubbling: after the page's own click handler. The
  // first frame after the click is over when the next one begins (a task
  // posted from it may wait several frames while frames keep coming).
  document.addEventListener("click", (ev) => {
    const click = { at: ev.timeStamp, handled: performance.now(), firstFrame: null, frames: [] };
    bench.clicks.push(click);
    const until = click.at + DURATION_MS + 150;
    const tick = (ts) => {
      click.frames.push(ts);
      if (click.frames.length === 2) click.firstFrame = performance.now();
      if (ts < until) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
})();
""".replace("DURATION_MS", str(int(DURATION * 1000)))


def spec_text(n):
    lines = ["accordion: 1", f"title: Page bench ({n} panels)", "container:",
             f"  width: {WIDTH}", f"  height: {HEIGHT}", f"  headerHeight: {HEADER}", "  layout: fit",
             "  overflow: scroll", "  expanded: null", f"  animation: {{duration: {DURATION}, curve: easeInOut}}",
             "panels:"]
    for i in range(n):
        lines.append(f"  - {{id: p{i}, title: Panel {i}, color: \"{COLORS[i % len(COLORS)]}\", "
                     f"titleColor: \"#000000FF\", contentHeight: {CONTENT}}}")
    lines.append("script: []")
    return "\n".join(lines) + "\n"


def floor_page(n):
    """N header divs moved with `transform` in a requestAnimationFrame loop:
    what the platform costs for the same motion."""
    divs = "".join(f'<div class="h" style="background:{COLORS[i % len(COLORS)]};transform:translate(0px,{i * HEADER}px)">'
                   f"Panel {i}</div>" for i in range(n))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>floor ({n} divs)</title>
<style>
body {{ margin: 0; padding: 24px; font: 14px/1.4 system-ui, sans-serif; }}
#box {{ position: relative; width: {WIDTH}px; height: {HEIGHT}px; overflow: hidden; }}
.h {{ position: absolute; left: 0; top: 0; width: {WIDTH}px; height: {HEADER}px; padding: 0 16px;
  font-weight: 600; line-height: {HEADER}px; white-space: nowrap; overflow: hidden; cursor: pointer; }}
</style></head><body><div id="box">{divs}</div>
<script>
"use strict";
const box = document.getElementById("box"), divs = box.children, n = divs.length;
let open = -1;
window.__floorRunning = false;
box.addEventListener("click", (ev) => {{
  if (window.__floorRunning) return;
  const i = Array.prototype.indexOf.call(divs, ev.target);
  if (i < 0) return;
  const from = open === i ? {CONTENT} : 0, to = open === i ? 0 : {CONTENT};
  open = open === i ? -1 : i;
  window.__floorRunning = true;
  const start = performance.now();
  const frame = (now) => {{
    const p = Math.min(1, Math.max(0, (now - start) / {DURATION * 1000})), f = p * p * (3 - 2 * p);
    const shift = from + (to - from) * f;
    for (let j = i + 1; j < n; j++) divs[j].style.transform = "translate(0px," + (j * {HEADER} + shift) + "px)";
    if (p < 1) requestAnimationFrame(frame); else window.__floorRunning = false;
  }};
  requestAnimationFrame(frame);
}});
</script></body></html>
"""


def percentile(values, q):
    """The q-th percentile (0-100) by linear interpolation."""
    if not values:
        return None
    s = sorted(values)
    k = (len(s) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def wait_for(browser, expression, what, timeout=120):
    deadline = time.monotonic() + timeout
    while not browser.eval(expression):
        if time.monotonic() > deadline:
            raise CDPError(f"{what} within {timeout} s")
        time.sleep(0.05)


# Where each page is clicked, and how it says its transition is over.
PAGES = {
    "page": ("#h0", "window.__accordion.state().interactionEnabled"),
    "floor": ("#box > .h", "!window.__floorRunning"),
}


def visit(browser, url, kind):
    """One load and two clicks; returns {load_ms, clicks: [{first_frame_ms, handler_ms, intervals_ms}]}."""
    target, idle = PAGES[kind]
    browser.navigate(url)
    wait_for(browser, "window.__bench.ready !== null", "the page did not finish its first frame")
    rect = browser.eval(f"(() => {{ const r = document.querySelector({json.dumps(target)}).getBoundingClientRect();"
                        " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    for _ in range(2):
        browser.click(*rect)
        time.sleep(DURATION + 0.2)
        wait_for(browser, f"window.__bench.clicks.every((c) => c.firstFrame !== null) && {idle}",
                 "the transition did not end")
        time.sleep(0.2)
    bench = browser.eval("window.__bench")
    clicks = []
    for c in bench["clicks"]:
        if c["firstFrame"] is None:
            raise CDPError("a click's first frame never came")
        end = c["at"] + DURATION * 1000
        frames = [t for t in c["frames"] if t <= end]
        clicks.append({"first_frame_ms": c["firstFrame"] - c["at"], "handler_ms": c["handled"] - c["at"],
                       "intervals_ms": [b - a for a, b in zip(frames, frames[1:])]})
    if len(clicks) != 2:
        raise CDPError(f"{len(clicks)} clicks arrived, not 2")
    return {"load_ms": bench["ready"], "clicks": clicks}


def summary(visits):
    """Medians over the visits of each figure, the pooled frame intervals'
    percentiles, and the best visit's (the steadier reading under load)."""
    intervals = [x for v in visits for c in v["clicks"] for x in c["intervals_ms"]]
    first = [c["first_frame_ms"] for v in visits for c in v["clicks"]]
    per_visit = [percentile([x for c in v["clicks"] for x in c["intervals_ms"]], 95) for v in visits]
    loads = [v["load_ms"] for v in visits]
    interactive = [v["load_ms"] + v["clicks"][0]["first_frame_ms"] for v in visits]
    return {
        "visits": len(visits),
        "load_ms": statistics.median(loads),
        "interactive_ms": statistics.median(interactive),
        "interactive_min_ms": min(interactive),
        "first_frame_ms": statistics.median(first),
        "first_frame_min_ms": min(first),
        "handler_ms": statistics.median(c["handler_ms"] for v in visits for c in v["clicks"]),
        "frames": len(intervals),
        "frames_per_transition": len(intervals) / max(1, sum(len(v["clicks"]) for v in visits)),
        "interval_p50_ms": percentile(intervals, 50),
        "interval_p95_ms": percentile(intervals, 95),
        "interval_max_ms": max(intervals) if intervals else None,
        "interval_p95_best_visit_ms": min((p for p in per_visit if p is not None), default=None),
        "per_visit": [{"load_ms": round(v["load_ms"], 1),
                       "first_frame_ms": [round(c["first_frame_ms"], 1) for c in v["clicks"]],
                       "interval_p95_ms": None if p is None else round(p, 1)} for v, p in zip(visits, per_visit)],
    }


def describe(s):
    """One line of a summary, for logs."""
    ms = lambda v: "–" if v is None else f"{v:.1f}"  # noqa: E731
    return (f"load {ms(s['load_ms'])} ms, first click answered {ms(s['interactive_ms'])} ms, "
            f"click to first frame {ms(s['first_frame_ms'])} ms (handler {ms(s['handler_ms'])}), "
            f"frames p50 {ms(s['interval_p50_ms'])} p95 {ms(s['interval_p95_ms'])} max {ms(s['interval_max_ms'])} ms, "
            f"{s['frames_per_transition']:.0f} frames a transition")


def run(accordion, sizes, rounds, workdir=None):
    """{"sizes": [{panels, bytes, page: summary, floor: summary}], "note"}; the
    page and the floor alternate, so a burst of load hits both alike."""
    out = {"sizes": [], "note": None, "rounds": rounds, "loadavg": [list(os.getloadavg())]}
    with tempfile.TemporaryDirectory(prefix="accordion-page-bench-") as tmp:
        directory = workdir or tmp
        os.makedirs(directory, exist_ok=True)
        try:
            browser = Browser(width=WINDOW[0], height=WINDOW[1])
        except Exception as e:  # noqa: BLE001 (any reason chromium cannot start breaks the bench)
            out["note"] = f"cannot start headless chromium: {e}"
            return out
        try:
            browser.call("Page.addScriptToEvaluateOnNewDocument", source=RECORDER)
            for n in sizes:
                spec = os.path.join(directory, f"page-{n}.yaml")
                with open(spec, "w") as f:
                    f.write(spec_text(n))
                page = os.path.join(directory, f"page-{n}.html")
                result = subprocess.run([accordion, "render", "--format", "html", "-o", page, spec],
                                        capture_output=True, text=True)
                if result.returncode != 0:
                    out["note"] = f"render of {n} panels: exit {result.returncode}: {result.stderr[:300]}"
                    return out
                floor = os.path.join(directory, f"floor-{n}.html")
                with open(floor, "w") as f:
                    f.write(floor_page(n))
                runs = {"page": [], "floor": []}
                for _ in range(rounds):
                    runs["floor"].append(visit(browser, "file://" + floor, "floor"))
                    runs["page"].append(visit(browser, "file://" + page, "page"))
                out["sizes"].append({"panels": n, "bytes": os.path.getsize(page), "floor_bytes": os.path.getsize(floor),
                                     "page": summary(runs["page"]), "floor": summary(runs["floor"])})
                out["loadavg"].append(list(os.getloadavg()))
        except CDPError as e:
            out["note"] = f"page bench: {e}"
        finally:
            browser.close()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("accordion")
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", help="keep the specs and pages in this directory")
    ap.add_argument("--json", action="store_true", help="print the whole result as JSON")
    args = ap.parse_args()
    result = run(args.accordion, [int(x) for x in args.sizes.split(",")], args.rounds, args.out)
    if args.json:
        print(json.dumps(result, indent=1))
    for r in result["sizes"]:
        for kind in ("floor", "page"):
            print(f"{r['panels']:>6} {kind:5}: " + describe(r[kind]))
    print("load average", result["loadavg"])
    if result["note"]:
        sys.exit(result["note"])


if __name__ == "__main__":
    main()
