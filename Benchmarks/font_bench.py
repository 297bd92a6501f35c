#!/usr/bin/env python3
"""Times `accordion render --format json` of one text content of N English
paragraphs measured with a real font (`measure: font`, Noto Sans at 15
points) against the floor, a C program that shapes the same paragraphs with
HarfBuzz in the same font file, takes ICU's line break opportunities and
fills lines greedily (Benchmarks/floor/harfbuzz_floor.c, built here with the
system cc against -lharfbuzz -licuuc). The render loads the YAML, finds the
font through fontconfig, shapes and breaks every paragraph (clusters,
fallback, HarfBuzz's advances, ICU's breaks) and writes every line in the
dump; the ratio says what all that costs beyond shaping and breaking.

floor_bench.py builds the floor, runs each program once checked and then
`--runs` timed times.

Standard library only; run.py calls `run()` for its target.
usage: font_bench.py ACCORDION [--paragraphs 10000] [--runs 5]
"""
import os
import subprocess
import sys

import floor_bench  # the build, the checked run and the alternating timed runs

HERE = os.path.dirname(os.path.abspath(__file__))
FLOOR_SOURCE = os.path.join(HERE, "floor", "harfbuzz_floor.c")
ROOM = 375 - 2 * 16  # the content's width less its padding, in points

WORDS = ("orders paid before two in the afternoon leave the warehouse the same day standard delivery takes "
         "between two and four working days and express delivery arrives on the next one returns are free "
         "within thirty days of delivery when the tags are still attached").split()


def paragraphs(n):
    """N paragraphs of 12 to 40 words, the same every run."""
    out = []
    state = 24
    for _ in range(n):
        state = (state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        count = 12 + (state >> 33) % 29
        start = (state >> 40) % len(WORDS)
        words = [WORDS[(start + 7 * k) % len(WORDS)] for k in range(count)]
        out.append(" ".join(words).capitalize() + ".")
    return out


def spec(texts):
    body = "\n\n".join(texts).replace("\n", "\n        ")
    return ("accordion: 1\n"
            "measure: font\n"
            "font: {family: [Noto Sans], size: 15}\n"
            "container: {width: 375, layout: fit, overflow: scroll, expanded: faq}\n"
            "panels:\n"
            "  - id: faq\n    title: Questions\n    content:\n      text: |\n        " + body + "\n")


def font_file():
    result = subprocess.run(["fc-match", "-f", "%{file}", "Noto Sans"], capture_output=True, text=True)
    path = result.stdout.strip()
    return path if result.returncode == 0 and path and "NotoSans" in os.path.basename(path) else None


def run(accordion, count, runs):
    """floor_bench.run's result for `count` paragraphs: the dump must hold
    every paragraph's lines, and about as many as the floor fills (the
    floor has no grapheme clusters and no fallback, and breaks with ICU's
    root locale: a few may differ)."""
    font = font_file()
    if not font:
        return {"paragraphs": count, "render": None, "floor": None, "ratio": None, "cpu_ratio": None,
                "note": "fontconfig finds no Noto Sans (make deps installs it)"}
    texts = paragraphs(count)

    def check(lines, floor_lines):
        drawn = len([l for l in lines if l])
        if len([l for l in lines if l == ""]) != count - 1:
            return "render's lines are not the paragraphs' (%d lines)" % len(lines)
        if floor_lines < count or abs(floor_lines - drawn) > 0.01 * drawn:
            return "the HarfBuzz floor filled %d lines where the render made %d" % (floor_lines, drawn)
        return None

    return floor_bench.run(accordion, "font", spec(texts), texts, FLOOR_SOURCE,
                           ["-I/usr/include/harfbuzz", "-lharfbuzz", "-licuuc"],
                           lambda path: [font, "15", str(ROOM), path], check, runs)


if __name__ == "__main__":
    sys.exit(floor_bench.main(run, __doc__.split("\n\n")[0], 10000, sys.argv[1:]))
