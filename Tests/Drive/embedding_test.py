#!/usr/bin/env python3
"""Checks the embedding example (Examples/EmbeddingHost) against the model's dumps.

For each sample, runs the example (a host driving the container from a
simulated 60 fps display clock) and replays its frame log: the view state it
builds (every panel's header and content rect, as the example's `move` and
`drop` lines leave it) and the child views it added and removed. At a
sample of frame times (every frame the example says changed, thinned to
at most --frames per sample, plus frames where it says nothing changed),
`accordion render --format json --at T` must show the same rects (to the
dump's 3 decimals) and, among its events, the same addChild/removeFromParent
entries in the same order.

With --host-measure the example plugs its own text measure (every
character 0.6 em, lines broken at spaces: a stand-in for a platform's text
system); the lines it prints must be that rule's, computed here
independently, and the open text panel's content must be as tall as those
lines make it in `fit`.

Standard library only. Usage: embedding_test.py EMBEDDINGHOST ACCORDION [--frames N]
Prints one line per sample and `embedding-example: N passed, N failed`.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


from stage import Failure, run_checks


def parse_log(text):
    """The example's output as frames: (number, time string, actions)."""
    frames, settled = [], None
    for line in text.splitlines():
        m = re.match(r"^frame (\d+) t=(\S+)$", line)
        if m:
            if float(m.group(2)) != int(m.group(1)) / 60:
                raise Failure(f"{line!r}: frame N of a 60 fps clock is at N/60 s")
            frames.append((int(m.group(1)), m.group(2), []))
        elif line.startswith("  "):
            if not frames:
                raise Failure(f"action before any frame: {line!r}")
            frames[-1][2].append(line.strip())
        elif line.startswith("settled after frame "):
            settled = int(line.split()[-1])
        else:
            raise Failure(f"unexpected line {line!r}")
    if settled is None:
        raise Failure("no closing 'settled after frame N' line")
    return frames, settled


def rect(words):
    return [float(w) for w in words]


def replay(frames):
    """The view state and the child events after each frame of the log."""
    shown, children, states = {}, [], {}
    for number, t, actions in frames:
        for a in actions:
            words = a.split()
            if words[0] == "move":
                pid = words[1]
                if words[2] != "header" or words[7] != "content":
                    raise Failure(f"malformed move {a!r}")
                shown[pid] = (rect(words[3:7]), None if words[8] == "none" else rect(words[8:12]))
            elif words[0] == "drop":
                shown.pop(words[1], None)
            elif words[0] in ("add", "remove"):
                children.append((words[0], words[1]))
            else:
                raise Failure(f"unknown action {a!r}")
        states[number] = (t, dict(shown), list(children))
    return states


def compare(accordion, sample, t, shown, children, what):
    p = subprocess.run([accordion, "render", "--format", "json", "--at", t, sample], capture_output=True, timeout=60)
    if p.returncode != 0:
        raise Failure(f"render --at {t} exited {p.returncode}: {p.stderr.decode()[-300:]}")
    dump = json.loads(p.stdout)
    ids = [panel["id"] for panel in dump["panels"]]
    if sorted(ids) != sorted(shown):
        raise Failure(f"{what}: the example shows panels {sorted(shown)}, the dump {sorted(ids)}")
    for panel in dump["panels"]:
        header, content = shown[panel["id"]]
        h = panel["header"]
        if [round(v, 3) for v in header] != [h["x"], h["y"], h["width"], h["height"]]:
            raise Failure(f"{what}: {panel['id']} header {header} vs dump {h}")
        c = panel["content"]
        if (content is None) != (c is None) or (
                c is not None and [round(v, 3) for v in content] != [c["x"], c["y"], c["width"], c["height"]]):
            raise Failure(f"{what}: {panel['id']} content {content} vs dump {c}")
    events = [("add" if e["event"] == "addChild" else "remove", e["panel"]) for e in dump["events"]
              if e["event"] in ("addChild", "removeFromParent")]
    if events != children:
        raise Failure(f"{what}: the example added/removed {children}, the dump's log says {events}")


def check_sample(host, accordion, sample, max_frames):
    p = subprocess.run([host, sample], capture_output=True, timeout=120)
    if p.returncode != 0:
        raise Failure(f"exit {p.returncode}: {p.stderr.decode()[-300:]}")
    frames, settled = parse_log(p.stdout.decode())
    if not frames or frames[0][0] != 0:
        raise Failure("the first frame (0) is not reported")
    states = replay(frames)
    changed = sorted(states)
    # Every changed frame when there are few; else an even spread that keeps the first and last.
    if len(changed) > max_frames:
        step = (len(changed) - 1) / (max_frames - 1)
        changed = sorted({changed[round(i * step)] for i in range(max_frames)})
    # Frames where nothing changed must show the last reported state.
    quiet = [n for n in range(0, settled + 1) if n not in states][:8:2]
    compared = 0
    for n in changed:
        t, shown, children = states[n]
        compare(accordion, sample, t, shown, children, f"frame {n} (t={t})")
        compared += 1
    for n in quiet:
        last = max(k for k in states if k < n)
        t = repr(n / 60.0)
        _, shown, children = states[last]
        compare(accordion, sample, t, shown, children, f"quiet frame {n} (t={t})")
        compared += 1
    return f"{len(states)} frames with changes over {settled + 1}; {compared} compared with render --at"


HOST_SPEC = """accordion: 1
container: {width: 180, layout: fit}
panels:
  - {id: a, title: A, content: {text: "Refunds arrive within fourteen business days after the returned parcel reaches our warehouse in Leipzig.", padding: 10}}
  - {id: b, title: B}
"""


def check_host_measure(host, tmp):
    path = os.path.join(tmp, "host-measure.yaml")
    with open(path, "w") as f:
        f.write(HOST_SPEC)
    out = subprocess.run([host, "--host-measure", path], capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise Failure(f"--host-measure exited {out.returncode}: {out.stderr}")
    words = "Refunds arrive within fourteen business days after the returned parcel reaches our warehouse in Leipzig.".split()
    room, em = 180 - 20, 0.6 * 15
    lines, line = [], ""
    for word in words:
        candidate = word if not line else line + " " + word
        if line and len(candidate) * em > room + 1e-9:
            lines.append(line)
            line = word
        else:
            line = candidate
    lines.append(line)
    expected = "measured a: " + " ".join(f"{len(l)}:{float(len(l) * em)}" for l in lines)
    first = out.stdout.splitlines()[0]
    if first != expected:
        raise Failure(f"host measure printed {first!r}, expected {expected!r}")
    height = len(lines) * 20 + 20
    want = f"content 0.0 44.0 180.0 {float(height)}"
    if want not in out.stdout:
        raise Failure(f"the open panel's content is not {height} points tall ({want!r} not in its frame log)")
    # The format's own measure (0.55 em a letter) makes 7 lines of this text: the host's measure changed the layout.
    return f"{len(lines)} lines by the host's measure, content {height} points"


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("host")
    ap.add_argument("accordion")
    ap.add_argument("--frames", type=int, default=40)
    args = ap.parse_args(argv)
    # The samples' test files (*.test.yaml) name a spec; they are none.
    samples = sorted(p for p in glob.glob(os.path.join(ROOT, "samples", "*.yaml")) if not p.endswith(".test.yaml"))
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        return run_checks("embedding-example", [
            (os.path.basename(sample),
             lambda sample=sample: check_sample(args.host, args.accordion, sample, args.frames))
            for sample in samples] + [("host-measure", lambda: check_host_measure(args.host, tmp))])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
