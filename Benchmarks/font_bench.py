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

Each program runs once checked (the render's dump holds every
paragraph's lines; the floor prints a count) and then `--runs` timed
times (median wall time and CPU time).

Standard library only; run.py calls `run()` for its target.
usage: font_bench.py ACCORDION [--paragraphs 10000] [--runs 5]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

from cjk_bench import time_against_floor  # the same alternating runs and ratios
from content_bench import timed

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


def build_floor(directory):
    binary = os.path.join(directory, "harfbuzz_floor")
    result = subprocess.run(["cc", "-O2", "-o", binary, FLOOR_SOURCE, "-I/usr/include/harfbuzz", "-lharfbuzz", "-licuuc"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        return None, "the HarfBuzz floor did not build: " + result.stderr.strip()[:300]
    return binary, None


def run(accordion, count, runs):
    """{"paragraphs", "render": {median_ms, min_ms, cpu_median_ms, lines},
    "floor": {..., lines}, "ratio", "cpu_ratio", "note"}."""
    out = {"paragraphs": count, "render": None, "floor": None, "ratio": None, "cpu_ratio": None, "note": None}
    font = font_file()
    if not font:
        out["note"] = "fontconfig finds no Noto Sans (make deps installs it)"
        return out
    with tempfile.TemporaryDirectory() as directory:
        floor, note = build_floor(directory)
        if note:
            out["note"] = note
            return out
        texts = paragraphs(count)
        spec_path = os.path.join(directory, "font-%d.yaml" % count)
        text_path = os.path.join(directory, "font-%d.txt" % count)
        with open(spec_path, "w", encoding="utf-8") as f:
            f.write(spec(texts))
        with open(text_path, "w", encoding="utf-8") as f:
            f.write("\n".join(texts) + "\n")
        commands = {"render": [accordion, "render", "--format", "json", spec_path],
                    "floor": [floor, font, "15", str(ROOM), text_path]}
        # Checked once: the dump has every paragraph's lines, and about as
        # many as the floor fills (the floor has no grapheme clusters and no
        # fallback, and breaks with ICU's root locale: a few may differ).
        proc, _, _ = timed(commands["render"])
        if proc.returncode != 0:
            out["note"] = "render exited %d: %s" % (proc.returncode, proc.stderr.decode()[:300])
            return out
        lines = json.loads(proc.stdout)["panels"][0]["content"]["lines"]
        drawn = len([l for l in lines if l])
        if len([l for l in lines if l == ""]) != count - 1:
            out["note"] = "render's lines are not the paragraphs' (%d lines)" % len(lines)
            return out
        proc, _, _ = timed(commands["floor"])
        floor_lines = int(proc.stdout) if proc.returncode == 0 and proc.stdout.strip().isdigit() else 0
        if floor_lines < count or abs(floor_lines - drawn) > 0.01 * drawn:
            out["note"] = "the HarfBuzz floor filled %d lines where the render made %d: %s" % (
                floor_lines, drawn, proc.stderr.decode()[:300])
            return out
        time_against_floor(commands, runs, out)
        out["render"]["lines"] = drawn
        out["floor"]["lines"] = floor_lines
    return out


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("accordion")
    parser.add_argument("--paragraphs", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    result = run(args.accordion, args.paragraphs, args.runs)
    json.dump(result, sys.stdout, indent=2)
    print()
    return 1 if result["note"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
