#!/usr/bin/env python3
"""The text measure's lines against an independent reading of UAX #14 and
UAX #29: ICU's own iterators called from C (Tests/Text/icu_breaks.c, built
here with the system cc and -licuuc, not the package's CICU), over a
held-back corpus in fourteen scripts and mixes that no other test uses
(Chinese, Japanese with Latin, Korean, Thai, Lao, Arabic, Hebrew, Hindi,
Tamil, Vietnamese with combining marks, Greek, Russian, emoji sequences,
Latin with hyphens and URLs), each at several widths, through `accordion
render --format json` (the dump's `content.lines`) and `--format svg` (the
header titles the model cuts).

For every line the model makes: it is the paragraph's own text (spaces
between lines only); every break is a cluster boundary (no cluster split,
so no line starts with a combining mark, ZWJ, variation selector or half a
flag); every break is a UAX #14 opportunity for the text's `lang` (strict
for Chinese and Japanese), or else lies inside a segment that began its
line because it is wider than one (the measure's forced break); a cut
title ends at a cluster boundary. Then that the check can fail: the same
lines with one break moved inside a cluster are caught.

Standard library only. Usage: breaks_test.py [--accordion PATH] [-v]
Prints one line per check and `N passed, N failed`; exits 1 on any failure.
"""
import argparse
import html
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

CORPUS = [
    ("zh-Hans", "为了让每一行都符合中文排版规则，标点符号“不能”出现在行首，例如句号。逗号，还有书名号《红楼梦》和括号（注释）。"),
    ("ja", "スマートフォンのアプリは17とmacOS 15に対応しています。ちょっと待ってください！ーーっ、キャッシュを消去してから再起動してね。"),
    ("ko", "한국어 문장은 띄어쓰기 단위로 줄을 바꿉니다. 하지만 아주긴단어는중간에서끊어야할수도있습니다."),
    ("th", "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำจึงต้องใช้พจนานุกรมเพื่อหาตำแหน่งที่สามารถตัดบรรทัดได้อย่างถูกต้อง"),
    ("lo", "ພາສາລາວບໍ່ມີການເວັ້ນວັກລະຫວ່າງຄຳເຊັ່ນດຽວກັນກັບພາສາໄທ"),
    ("ar", "يمكنك إرجاع أي منتج خلال 30 يومًا من تاريخ الاستلام، بشرط أن يكون بحالته الأصلية (مع الملصقات)."),
    ("he", "אפשר להחזיר מוצר תוך 14 יום מיום הקבלה, כל עוד הוא באריזתו המקורית – כולל \"תוויות\"."),
    ("hi", "हिन्दी में संयुक्ताक्षर जैसे क्षत्रिय, श्रृंगार और द्वार कभी भी बीच से नहीं टूटने चाहिए।"),
    ("ta", "தமிழ் எழுத்துகளில் உயிர்மெய் எழுத்துகள் பிரிக்கப்படக்கூடாது என்பது முக்கியம்."),
    ("vi", unicodedata.normalize("NFD", "Tiếng Việt dùng nhiều dấu thanh: người, được, những, nghiêng, khuỷu tay.")),
    ("el", "Η ελληνική γλώσσα χρησιμοποιεί τόνους και διαλυτικά: ϊ, ΰ, αϋπνία, πρωτεύουσα."),
    ("ru", "Русский текст с дефисами: кто-нибудь, северо-западный, из-за, по-моему — и тире."),
    ("en", "Family 👩‍👩‍👧‍👦 and flags 🇯🇵🇨🇳🇰🇷🇫🇷 keycaps 1️⃣#️⃣ skin tones 👍🏽👋🏿 hearts ❤️❤ ☕⌚🚀 together👩‍💻🧑🏾‍🚀."),
    ("en", "Well-known, state-of-the-art tools live at https://example.com/docs/getting-started?lang=en&v=2 and "
           "mail goes to support@example.org; see RFC-3986 (URIs) or run `npm install left-pad@1.3.0`."),
]
WIDTHS = [96, 150, 233, 375]
ZERO_START = {"\u200d", "\ufe0e", "\ufe0f"}


class Failure(Exception):
    pass


def build_helper(directory):
    binary = os.path.join(directory, "icu_breaks")
    result = subprocess.run(["cc", "-O2", "-o", binary, os.path.join(HERE, "icu_breaks.c"), "-licuuc"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure("the ICU helper did not build (make deps installs libicu-dev): " + result.stderr.strip()[:300])
    return binary


def icu_breaks(helper, records):
    """[(line opportunities, cluster boundaries)] for [(lang, text)], as UTF-8 offsets."""
    data = "".join(f"{lang}\t{1 if lang.split('-')[0] in ('zh', 'ja') else 0}\t{text}\n" for lang, text in records)
    out = subprocess.run([helper], input=data.encode(), capture_output=True, check=True).stdout.decode().splitlines()
    result = []
    for i in range(0, len(out), 2):
        result.append((set(map(int, out[i].split()[1:])), set(map(int, out[i + 1].split()[1:]))))
    return result


def paragraph(text):
    """The text as the measure reads it: ASCII whitespace runs collapsed to one space."""
    return " ".join(w for w in re.split("[ \t\r\n]+", text) if w)


def spec(width):
    lines = ["accordion: 1", "title: Held-back corpus", "container:", f"  width: {width}", "  height: 600",
             "  layout: fit", "  overflow: scroll", "  expansion: multiple",
             f"  expanded: [{', '.join(f'p{i}' for i in range(len(CORPUS)))}]", "panels:"]
    for i, (lang, text) in enumerate(CORPUS):
        lines += [f"  - id: p{i}", f"    title: {json.dumps(text, ensure_ascii=False)}", f"    lang: {lang}",
                  "    content:", f"      text: {json.dumps(text, ensure_ascii=False)}"]
    return "\n".join(lines) + "\n"


def line_starts(par, lines):
    """The UTF-8 offset in `par` where each line after the first starts,
    checking that the lines are the paragraph's text with spaces between."""
    data = par.encode()
    pos, starts = 0, []
    for n, line in enumerate(lines):
        while n > 0 and data[pos:pos + 1] == b" ":
            pos += 1
        chunk = line.encode()
        if data[pos:pos + len(chunk)] != chunk:
            raise Failure(f"line {n} {line!r} is not the paragraph's text at byte {pos}")
        if n > 0:
            starts.append(pos)
        pos += len(chunk)
    if data[pos:].strip(b" "):
        raise Failure(f"the lines end at byte {pos} of {len(data)}")
    return starts


def check_lines(par, lines, opportunities, clusters):
    """Every break a cluster boundary and an opportunity or a forced break; returns the forced ones."""
    starts = line_starts(par, lines)
    data = par.encode()
    forced = 0
    previous = 0
    for n, b in enumerate(starts, start=1):
        first = data[b:].decode()[:1]
        if b not in clusters or unicodedata.category(first) in ("Mn", "Me") or first in ZERO_START:
            raise Failure(f"line {n} {lines[n]!r} starts inside a cluster (byte {b})")
        # The measure breaks after a line's trailing spaces: the opportunity is where the next line starts.
        if b not in opportunities:
            segment = max(o for o in opportunities if o < b)
            if previous < segment:
                raise Failure(f"line {n} {lines[n]!r} starts at byte {b}, no UAX #14 opportunity, and the line "
                              f"before began at {previous}, before its segment (from {segment})")
            forced += 1
        previous = b
    return forced


def check_title(title, cut, clusters):
    if cut == title:
        return False
    if not cut.endswith("\u2026"):
        raise Failure(f"the title {title!r} is drawn {cut!r}")
    kept = cut[:-1].encode()
    if not title.encode().startswith(kept) or len(kept) not in clusters:
        raise Failure(f"the cut title {cut!r} does not end at a cluster boundary of {title!r}")
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--accordion", default=os.environ.get("ACCORDION_BIN") or os.path.join(ROOT, ".build/release/accordion"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    passed = failed = 0

    def report(name, fn):
        nonlocal passed, failed
        try:
            detail = fn()
        except (Failure, subprocess.CalledProcessError) as e:
            failed += 1
            print(f"FAIL {name}: {e}", flush=True)
            return
        passed += 1
        print(f"ok   {name}" + (f": {detail}" if detail else ""), flush=True)

    with tempfile.TemporaryDirectory(prefix="accordion-breaks-") as directory:
        try:
            helper = build_helper(directory)
        except Failure as e:
            print(f"FAIL set-up: {e}")
            print("0 passed, 1 failed")
            return 1
        pars = [paragraph(t) for _, t in CORPUS]
        icu = icu_breaks(helper, [(lang, p) for (lang, _), p in zip(CORPUS, pars)])
        title_clusters = icu_breaks(helper, [(lang, t) for lang, t in CORPUS])
        seen = {}
        for width in WIDTHS:
            path = os.path.join(directory, f"corpus-{width}.yaml")
            with open(path, "w", encoding="utf-8") as f:
                f.write(spec(width))

            def at_width(path=path, width=width):
                dump = json.loads(subprocess.run([args.accordion, "render", "--format", "json", path],
                                                 capture_output=True, text=True, check=True).stdout)
                forced = lines_total = 0
                for i, panel in enumerate(dump["panels"]):
                    lines = panel["content"]["lines"]
                    seen[(width, i)] = lines
                    try:
                        forced += check_lines(pars[i], lines, *icu[i])
                    except Failure as e:
                        raise Failure(f"{CORPUS[i][0]} text {i} at width {width}: {e}")
                    lines_total += len(lines)
                svg = subprocess.run([args.accordion, "render", "--format", "svg", path],
                                     capture_output=True, text=True, check=True).stdout
                cuts = {int(k): html.unescape(v) for k, v in
                        re.findall(r'<clipPath id="[^"]*-h(\d+)">.*?<text[^>]*>(.*?)</text>', svg, re.S)}
                cut = sum(check_title(CORPUS[i][1], c, title_clusters[i][1]) for i, c in cuts.items())
                return f"{lines_total} lines, {forced} forced breaks, {len(cuts)} titles drawn, {cut} cut"
            report(f"width {width}: every break is ICU's, every cluster whole", at_width)

        def can_fail():
            # The measure's own lines with the second line's start moved
            # into one of its clusters (on a character boundary).
            for (width, i), lines in seen.items():
                if len(lines) < 2:
                    continue
                data = pars[i].encode()
                start = line_starts(pars[i], lines)[0]
                end = start + len(lines[1].encode())
                for b in range(start + 1, end):
                    try:
                        first, second = data[:b].decode().rstrip(" "), data[b:end].decode()
                    except UnicodeDecodeError:
                        continue
                    if b in icu[i][1]:
                        continue
                    try:
                        check_lines(pars[i], [first, second, *lines[2:]], *icu[i])
                    except Failure:
                        return f"a break inside a cluster of the {CORPUS[i][0]} text is caught"
                    raise Failure(f"a break at byte {b} of the {CORPUS[i][0]} text, inside a cluster, passed")
            raise Failure("no line had a cluster of more than one character to split")
        report("the check catches a split cluster", can_fail)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
