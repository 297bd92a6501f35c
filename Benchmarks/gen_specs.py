#!/usr/bin/env python3
"""Deterministic generator of accordion specs for the benchmark.

Writes `sample.yaml` (a ~30-line spec like those in samples/) and
`panels-N.yaml` for each requested size into the output directory. Every
byte depends only on N (no clock, no global random state), so runs on
different days and machines measure the same files.

The specs use what real authors use, so every tool pays for it:
- anchors kept under a top-level `x-styles` key and pulled into panels with
  merge keys (`<<: *tall`, `<<: [*compact, *card]`), with keys written in
  the panel overriding merged ones;
- both colour forms: `0xRRGGBBAA` (and decimal) integers, "#RRGGBB" and
  "#RRGGBBAA" strings;
- per-panel overrides of headerHeight, titleColor and contentHeight, and
  some panels in flow style;
- a script of taps, waits and `at`-timed taps that is valid per the spec's
  clock rules: the generator simulates the clock (idle taps start when the
  running transition ends, `wait` adds to the previous step's time, `at`
  never earlier than the previous step) and the expanded panel, so `at`
  times never go back, tap targets are ids (or indices) of existing panels,
  and `at` taps land when the container is idle (a tap inside a running
  transition is ignored, and `validate` warns `tap-ignored` about it: a
  script an author means to keep has none).

The container is tall enough that all headers fit with 600 points to spare
(`fit` layout; no contentHeight exceeds that space), so the specs are valid
and every validator does the full work with no early exit.

Usage: gen_specs.py OUTDIR [SIZE...]   (default sizes 10 1000 10000 100000)
"""

import os
import sys

DURATION_MS = 250          # container.animation.duration
SPARE = 600                # points left under the headers
PALETTE = [0x1ABC9CFF, 0x3498DBFF, 0x9B59B6FF, 0xE67E22FF,
           0x2ECC71FF, 0xE74C3CFF, 0x34495EFF, 0xF1C40FFF]
WORDS = ["Inbox", "Drafts", "Sent", "Archive", "Flagged", "Travel",
         "Receipts", "Family", "Work", "Newsletters", "Photos", "Notes"]
# Header heights merged in from the anchors below.
TALL, COMPACT = 56, 36


class Lcg:
    """A tiny linear congruential generator: the same numbers everywhere."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self, bound):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (self.state >> 33) % bound


def seconds(ms):
    """Milliseconds as a YAML float that every loader reads the same way."""
    whole, frac = divmod(ms, 1000)
    text = f"{whole}.{frac:03d}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def hex_colour(rgba):
    return f"0x{rgba:08X}"


def panel_lines(i):
    """One panel's YAML lines, and its header height."""
    base = PALETTE[i % len(PALETTE)]
    title = f"{WORDS[i % len(WORDS)]} {i} ({(i * 37) % 120} unread)"
    pid = f"panel-{i}"
    kind = i % 10
    if kind == 0:
        return [f"  - id: {pid}", f"    title: {title}", f"    color: {hex_colour(base)}"], 44
    if kind == 1:
        return [f"  - id: {pid}", f"    title: {title}", f'    color: "#{base >> 8:06X}"',
                "    <<: *tall"], TALL
    if kind == 2:
        return [f"  - id: {pid}", f"    title: {title}", f"    color: {hex_colour(base)}",
                '    titleColor: "#1C1C1E"'], 44
    if kind == 3:
        # Written keys win over merged ones: headerHeight 40, not 36.
        return [f"  - id: {pid}", f"    title: {title}", f"    color: {hex_colour(base)}",
                "    <<: [*compact, *card]", "    headerHeight: 40"], 40
    if kind == 4:
        return [f"  - id: {pid}", f"    title: {title}", f"    color: {hex_colour(base)}",
                f"    contentHeight: {120 + (i % 7) * 40}"], 44
    if kind == 5:
        return [f"  - id: {pid}", f"    title: {title}", f"    color: {base}"], 44
    if kind == 6:
        return [f"  - id: {pid}", f"    title: {title}", f'    color: "#{base:08x}"',
                "    headerHeight: 48"], 48
    if kind == 7:
        return [f"  - id: {pid}", f"    title: {title}", f"    color: {hex_colour(base)}",
                "    <<: *card", "    titleColor: 0xFFFFFFFF"], 44
    if kind == 8:
        return [f"  - id: {pid}", f"    title: {title}", f'    color: "#{base >> 8:06x}"'], 44
    return [f"  - {{id: {pid}, title: {title}, color: {hex_colour(base)}, headerHeight: 44}}"], 44


def script_lines(n, steps, rng):
    """A valid script: the generator keeps the clock and the expanded panel."""
    lines = []
    expanded = 0            # container.expanded: panel-0
    clock = 0               # time of the previous step, ms
    transition_end = 0      # end of the running transition, ms
    for _ in range(steps):
        roll = rng.next(100)
        if roll < 15:
            wait = 100 * (1 + rng.next(8))
            clock += wait
            lines.append(f"  - wait: {seconds(wait)}")
            continue
        # Users tap headers near the open one; now and then one far away.
        if roll < 18 or expanded is None:
            target = rng.next(n)
        else:
            target = max(0, min(n - 1, expanded + rng.next(17) - 8))
        ref = str(target) if rng.next(10) == 0 else f"panel-{target}"
        if roll < 35:
            # An `at` tap, once the running transition is over.
            at = max(clock, transition_end) + (10 + rng.next(DURATION_MS + 200))
            lines.append(f"  - {{tap: {ref}, at: {seconds(at)}}}")
            clock = at
            transition_end = at + DURATION_MS
        else:
            lines.append(f"  - tap: {ref}")
            clock = max(clock, transition_end)
            transition_end = clock + DURATION_MS
        expanded = None if target == expanded else target
    return lines


def spec(n):
    rng = Lcg(n * 7919 + 6)
    panels, heights = [], 0
    for i in range(n):
        lines, height = panel_lines(i)
        panels.extend(lines)
        heights += height
    out = [
        "# yaml-language-server: $schema=../../Schemas/accordion.schema.json",
        f"# Generated by Benchmarks/gen_specs.py: {n} panels. Do not edit.",
        "accordion: 1",
        f"title: Generated accordion ({n} panels)",
        "x-styles:",
        "  tall: &tall",
        f"    headerHeight: {TALL}",
        '    titleColor: "#F5F5F5"',
        "  compact: &compact",
        f"    headerHeight: {COMPACT}",
        "    titleColor: 0x202020FF",
        "  card: &card",
        "    contentHeight: 240",
        '    titleColor: "#FFEEDDFF"',
        "container:",
        "  width: 375",
        f"  height: {heights + SPARE}",
        "  headerHeight: 44",
        "  layout: fit",
        "  expanded: panel-0",
        "  animation:",
        f"    duration: {seconds(DURATION_MS)}",
        "    curve: easeInOut",
        '  background: "#F2F2F7"',
        "panels:",
    ]
    out.extend(panels)
    out.append("script:")
    out.extend(script_lines(n, max(4, n // 3), rng))
    return "\n".join(out) + "\n"


SAMPLE = """\
# yaml-language-server: $schema=../../Schemas/accordion.schema.json
# A mail client: four mailboxes, shared styles, a short session.
accordion: 1
title: Mail
x-styles:
  mailbox: &mailbox
    titleColor: "#FFFFFF"
    headerHeight: 48
container:
  width: 390
  height: 844
  layout: fit
  expanded: inbox
  animation: {duration: 0.3, curve: easeOut}
  background: 0xF2F2F7FF
panels:
  - id: inbox
    title: Inbox
    color: 0x007AFFFF
    <<: *mailbox
    contentHeight: 420
  - id: drafts
    title: Drafts
    color: "#8E8E93"
    <<: *mailbox
  - {id: sent, title: Sent, color: 0x34C759FF, headerHeight: 44}
  - {id: trash, title: Trash, color: "#FF3B30FF"}
script:
  - tap: drafts
  - wait: 0.5
  - {tap: sent, at: 1.2}
  - tap: 0
"""


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    outdir = argv[1]
    sizes = [int(s) for s in argv[2:]] or [10, 1000, 10000, 100000]
    os.makedirs(outdir, exist_ok=True)
    written = {"sample": os.path.join(outdir, "sample.yaml")}
    with open(written["sample"], "w") as f:
        f.write(SAMPLE)
    for n in sizes:
        path = os.path.join(outdir, f"panels-{n}.yaml")
        text = spec(n)
        # Rewrite only when the content changed, so timestamps stay put.
        if not os.path.exists(path) or open(path).read() != text:
            with open(path, "w") as f:
                f.write(text)
        written[str(n)] = path
    for name, path in written.items():
        print(f"{name}\t{path}\t{os.path.getsize(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
