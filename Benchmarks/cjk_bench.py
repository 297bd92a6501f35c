#!/usr/bin/env python3
"""Times `accordion render --format json` of one text content of N Chinese
paragraphs (`lang: zh-Hans`, so strict line breaking) against the floor, a
C program that runs ICU's line break iterator over the same paragraphs
(Benchmarks/floor/icu_linebreak_floor.c, built here with the system cc and
-licuuc). The render loads the YAML, measures and wraps every paragraph
(clusters, widths, ICU's breaks) and writes every line in the dump; the
ratio says what all that costs beyond finding the breaks.

floor_bench.py builds the floor, runs each program once checked and then
`--runs` timed times.

Standard library only; run.py calls `run()` for its target.
usage: cjk_bench.py ACCORDION [--paragraphs 100000] [--runs 5]
"""
import os
import sys

import floor_bench  # the build, the checked run and the alternating timed runs

HERE = os.path.dirname(os.path.abspath(__file__))
FLOOR_SOURCE = os.path.join(HERE, "floor", "icu_linebreak_floor.c")

SENTENCES = [
    "下午两点前付款的订单当天从仓库发出。",
    "标准配送需要两到四个工作日，加急配送在下一个工作日送达。",
    "收货后三十天内，商品未经穿着、吊牌完好，即可申请退货。",
    "请在“我的订单”页面打印免费的退货标签。",
    "我们支持银行卡、支付宝、微信支付和礼品卡。",
    "优惠码每个账户仅限使用一次，且不能与其他优惠同时使用。",
    "如商品在运输途中损坏，请在收货后七日内联系我们。",
    "应用支持最新的两个系统版本（包括平板电脑）。",
    "在“设置”中可以选择接收发货、降价和到货提醒。",
    "余额保留在您的账户里，有效期为三年。",
]


def paragraphs(n):
    """N paragraphs of one to three sentences each, the same every run
    (100,000 of them stay under the 16 MiB input limit)."""
    out = []
    state = 23
    for _ in range(n):
        state = (state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        count = 1 + (state >> 33) % 3
        start = (state >> 40) % len(SENTENCES)
        out.append("".join(SENTENCES[(start + k) % len(SENTENCES)] for k in range(count)))
    return out


def spec(texts):
    body = "\n\n".join(texts).replace("\n", "\n        ")
    return ("accordion: 1\n"
            "lang: zh-Hans\n"
            "container: {width: 375, layout: fit, overflow: scroll, expanded: faq}\n"
            "panels:\n"
            "  - id: faq\n    title: 常见问题\n    content:\n      text: |\n        " + body + "\n")


def run(accordion, count, runs):
    """floor_bench.run's result for `count` paragraphs: the dump must hold
    every paragraph's lines, none of more characters than 41 (the quotes
    “” are narrow; ideographs 22 a line), and the floor count at least one
    line a paragraph."""
    texts = paragraphs(count)

    def check(lines, floor_lines):
        if len([l for l in lines if l == ""]) != count - 1 or max(len(l) for l in lines) > 41:
            return "render's lines are not the paragraphs' (%d lines)" % len(lines)
        if floor_lines < count:
            return "the ICU floor counted %d lines for %d paragraphs" % (floor_lines, count)
        return None

    return floor_bench.run(accordion, "cjk", spec(texts), texts, FLOOR_SOURCE, ["-licuuc"], lambda path: [path], check, runs)


if __name__ == "__main__":
    sys.exit(floor_bench.main(run, __doc__.split("\n\n")[0], 100000, sys.argv[1:]))
