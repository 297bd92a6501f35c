"""Randomized test of the HTML page's player against the model.

The page's JavaScript is the only implementation of the step rules besides
the Swift model, so it is held to the model on specs nobody wrote by hand:
random stacks (1-8 panels, random header heights, sizes, `fill` and `fit`
with random `contentHeight`, every curve, durations including 0, both
`expansion` modes, `collapsible` or not, every `interruption` policy,
disabled panels, random initial `expanded`, a list of them in `multiple`),
scripts with resizes, modals, `expand`, `collapse`, `setPanels` and
`update`s (a panel's title, disabled flag and colours changed), pages
that start mid-transition (`render --at`, retargeted ones included) or under
a modal, and random clicks at exact container times (inside running
transitions, at their very end, on open headers, on collapsed ones, on
disabled ones, at the same instant).

The page runs on its test clock (`?clock=manual`, `__accordion.setTime`), so
every click lands at a known container time. The oracle is the model: the
same spec with the clicks appended as timed `tap` steps, dumped with
`render --format json --at T` for each moment T the page is read at (steps
after T do not happen, which is exactly what the page has seen by then).
Compared at every moment: each header and content frame as the page set it
(a header's own translate plus its chunk's; within 0.01 px) and as the browser lays it out (within 0.5 px), which
content views are shown and which is in front, expandedIndex,
expandedIndices, aria-expanded and aria-disabled, each header's title and
colours (an `update` changes them), interaction, the modal, the running
transition, and every log line (time within 1e-6 s, event, panel, reason,
cause).

Times are on a millisecond grid (the dump spells times to 3 decimals), so
log times compare exactly; transition ends are sums of grid values, so a
click "at the end" exercises the model's time tolerance too.

`MUTATIONS` are small wrong changes to the page's rules; each must make
this test fail (`browser_test.py --mutate NAME`, and every one in
`make browser-test`).
"""
import json
import os
import random
import subprocess

TIGHT = 0.01  # px: the frames the page writes against the model's (dumped to 3 decimals)
LOOSE = 0.5  # px: the rectangles the browser lays out
LOG_TIME = 1e-6  # s

CURVES = ["linear", "easeIn", "easeOut", "easeInOut", None]
# 1e-10 is shorter than the model's time tolerance: an instant transition.
DURATIONS = [0, 0, 1e-10, 0.001, 0.05, 0.1, 0.25, 0.3, 0.3, 0.45, 0.8, 1.2]

# Wrong page rules the test must catch: name -> (text in the page, replacement, what it breaks).
MUTATIONS = {
    "taps-pass-during-transition": (
        'if (T && D.interruption === "ignore") return ignore(D.ignored.transition);', "",
        "a tap during a running transition under `interruption: ignore` is not ignored"),
    "no-modal-check": (
        "if (modal !== null) return ignore(D.ignored.modal);", "",
        "a tap under a modal is not ignored"),
    "no-disabled-check": (
        "if (disabled(i)) return ignore(D.ignored.disabled);", "",
        "a tap on a disabled panel is not ignored"),
    "collapsible-ignored": (
        "if (isOpen && count === 1 && !collapsible) return ignore(D.ignored.notCollapsible);", "",
        "a tap may close the last open panel of a container that is not collapsible"),
    "finish-retarget-swapped": (
        'T && D.interruption === "retarget" ? frames(T, t)', 'T && D.interruption === "finish" ? frames(T, t)',
        "`finish` starts from the frames shown and `retarget` from the settled ones"),
    "multiple-closes-others": (
        "const from = multiple ? (isOpen ? at : null) : firstOpen;", "const from = firstOpen;",
        "in `multiple` a tap closes the first open panel as `single` does"),
    "shares-not-divided": (
        "P[i].shares === true && k > 1 ? c[3] / k : c[3]", "c[3]",
        "open panels that share the space each get all of it"),
    "pinned-not-aria-disabled": (
        "const refuses = disabled(i) || pinned;", "const refuses = disabled(i);",
        "the open panel that cannot close does not say aria-disabled"),
    "collapse-reexpands": (
        ": at === from ? null : at;", ": at;",
        "a tap on the expanded header switches to itself instead of collapsing"),
    "header-off-by-one-px": (
        "[h[0], h[1] + below, h[2], h[3]]", "[h[0], h[1] + below + 1, h[2], h[3]]",
        "headers below an open panel sit 1 px too low"),
    "content-off-by-a-tenth-px": (
        "[r[0] + to[0] - from[0], r[1] + to[1] - from[1], r[2], r[3]]",
        "[r[0] + to[0] - from[0], r[1] + to[1] - from[1] + 0.1, r[2], r[3]]",
        "a content view lags its header by 0.1 px mid-transition (under the 0.5 px of the layout checks)"),
    "end-entries-swapped": (
        "replay(D.templates[t.kind].end, t.leaving, t.arriving, time, t.cause);",
        "replay(D.templates[t.kind].end.slice().reverse(), t.leaving, t.arriving, time, t.cause);",
        "a transition's end entries are logged in the wrong order"),
    "end-entries-without-cause": (
        "replay(D.templates[t.kind].end, t.leaving, t.arriving, time, t.cause);",
        "replay(D.templates[t.kind].end, t.leaving, t.arriving, time, null);",
        "a transition's end entries lose the cause of the change they end"),
    "badge-not-drawn": (
        "badge.textContent = p.badge;", "badge.textContent = \"\";",
        "a header's badge is not the one the model gives it"),
    "header-keeps-first-title": (
        "let title = p.title;", "let title = p.id;",
        "a header shows something other than the title the model gives it (after an update, its new one)"),
    "no-time-tolerance": (
        "const early = (a, b) => a < b - D.tolerance;", "const early = (a, b) => a < b;",
        "times within the model's tolerance of a transition's end do not count as its end"),
    "no-scroll-into-view": (
        "if (y < offset) target = y;", "if (false) target = y;",
        "opening a panel above a scrolling container's window does not scroll up to it"),
    "mixed-chunk-moves-as-one": (
        "together = Math.abs(b[0] - a[0] - dx) < 1e-9 && Math.abs(b[1] - a[1] - dy) < 1e-9",
        "together = Math.abs(b[0] - a[0] - dx) < 1e-9",
        "a chunk whose headers move by different amounts moves as one, by its first header's"),
    "header-ignores-its-chunk": (
        "x = r[0] - chunkX[g], y = r[1] - chunkY[g]", "x = r[0], y = r[1]",
        "a header placed on its own in a chunk that has moved is off by the chunk's offset"),
    "hidden-tap-passes": (
        "if (i >= n && !shownNum(i)) return ignore(D.ignored.hidden);", "",
        "a tap on a header inside a closed panel is not ignored"),
    "nested-indent-ignored": (
        "const x = (box ? box[0] : 0) + (lv.rtl ? 0 : lv.indent), w = Math.max(0, (box ? box[2] : 0) - lv.indent);",
        "const x = box ? box[0] : 0, w = box ? box[2] : 0;",
        "a nested level is not inset by its indent"),
    "subtree-does-not-ride": (
        "const now = inherited >= 0 ? out[inherited][0][1] : heads[q.top][1];", "const now = from;",
        "a nested subtree shown on one side of a transition stays put instead of moving with its anchor header"),
    "descendants-not-logged": (
        "arriving: nto === null ? [] : [spec(nto).id].concat(descendants(nto)) };",
        "arriving: nto === null ? [] : [spec(nto).id] };",
        "the panels shown inside an opening panel get no containment entries"),
    "nested-fit-shares": (
        "else if (q.own !== undefined) preferred = q.own;", "",
        "in `fit` a nested panel with a size of its own takes a share instead"),
    "retarget-keeps-closing-nested-content": (
        "const contentBefore = (t, j, cb) => n + j === t.nfrom || (isOpenNum(n + j) && n + j !== t.nto) ? cb : null;",
        "const contentBefore = (t, j, cb) => cb;",
        "after a retargeting tap, a nested content the interrupted transition was closing stays on screen"),
    "linear-always": (
        'if (D.curveName === "linear") return progress;', "return progress;",
        "every curve plays as linear"),
}


def grid(value):
    """A time or length on the millisecond grid, as a float."""
    return round(value, 3)


def num(value):
    return repr(grid(value)) if value != int(value) else str(int(value))


# -- specs --------------------------------------------------------------------
def random_spec(rng):
    """A random spec as a structure: {container, panels, script}, plus how the
    page starts: 'settled' (render's default), or 'mid' (the script's last tap
    still running, shown with --at)."""
    n = rng.randint(1, 8)
    heights = [grid(rng.choice([rng.uniform(1, 12), rng.uniform(20, 70), 44])) for _ in range(n)]
    default_header = grid(rng.uniform(20, 60))
    own = [rng.random() < 0.6 for _ in range(n)]
    total = sum(h if o else default_header for h, o in zip(heights, own))
    layout = rng.choice(["fill", "fit"])
    # Mostly room for every header, now and then barely or not at all (invalid).
    height = grid(total + rng.choice([rng.uniform(0, 600)] * 4 + [rng.uniform(0, 5), rng.uniform(-10, 0)]))
    container = {
        "width": grid(rng.uniform(120, 900)),
        "height": max(1, height),
        "headerHeight": default_header,
        "layout": layout,
        "duration": rng.choice(DURATIONS),
        "curve": rng.choice(CURVES),
    }
    # The tap rules' settings: each omitted now and then (its default).
    container["expansion"] = rng.choice(["single", "multiple", "multiple", None])
    container["collapsible"] = rng.choice([True, False, False, None])
    container["interruption"] = rng.choice(["ignore", "finish", "retarget", "retarget", None])
    container["headingLevel"] = rng.choice([None, None, rng.randint(1, 6)])
    choice = rng.random()
    # A list of open panels, mostly where `multiple` allows one (under `single` it is an error).
    listed = choice >= 0.7 and (container["expansion"] == "multiple" or rng.random() < 0.1)
    container["expanded"] = ("omit" if choice < 0.2 else None if choice < 0.35
                             else f"p{rng.randrange(n)}" if choice < 0.55 else rng.randrange(n) if not listed
                             else [rng.choice([f"p{i}", i]) for i in sorted(rng.sample(range(n), rng.randint(0, n)))])
    panels = []
    for i in range(n):
        p = {"id": f"p{i}", "title": f"Panel {i}", "color": rng.randrange(1 << 24), "disabled": rng.random() < 0.2}
        if own[i]:
            p["headerHeight"] = heights[i]
        r = rng.random()
        space = max(0, container["height"] - total)
        if r < 0.35:
            p["contentHeight"] = grid(rng.uniform(0, space))
        elif r < 0.5:
            p["contentHeight"] = grid(space + rng.uniform(1, 400))  # too large: capped by the space
        elif r < 0.55:
            p["contentHeight"] = 0
        # Accessories from a generator of their own (the specs' other draws stay what they were).
        extras = random.Random(f"{i} {p['color']}")
        for key, texts in ACCESSORY_TEXTS.items():
            if extras.random() < 0.2:
                p[key] = extras.choice(texts)
        panels.append(p)
    script = []
    ids = [p["id"] for p in panels]
    for _ in range(rng.randint(0, 4)):
        kind = rng.choice(["tap", "tap", "tap", "wait", "resize", "present", "expand", "collapse", "setPanels",
                           "update", "update"])
        if kind == "tap":
            script.append({"tap": rng.choice([rng.choice(ids), rng.randrange(len(ids))])})
            if rng.random() < 0.3:
                script[-1]["at"] = "later"  # a time, set below
        elif kind == "wait":
            script.append({"wait": grid(rng.uniform(0, 1))})
        elif kind == "resize":
            script.append({"resize": {"width": grid(rng.uniform(120, 900)),
                                      "height": grid(max(1, total + rng.uniform(-5, 500)))}})
        elif kind == "present":
            # A modal goes over the expanded panel: make sure there is one, now and then.
            if rng.random() < 0.5:
                script.append({"expand": rng.choice(ids)})
            script += [{"present": "Sheet"}, {"dismiss": True}]
        elif kind == "expand":
            script.append({"expand": rng.choice([None, rng.choice(ids), rng.choice(ids)])})
        elif kind == "collapse":
            script.append({"collapse": rng.choice(["all", rng.choice(ids), rng.randrange(len(ids))])})
        elif kind == "update":
            script.append({"update": random_update(rng, rng.choice(ids))})
        else:
            kept = ids[:]
            rng.shuffle(kept)
            if len(kept) > 1 and rng.random() < 0.5:
                kept.pop()
            script.append({"setPanels": kept})
            ids = kept
    start = "settled"
    ending = rng.random()
    if ending < 0.35:
        script.append({"tap": rng.choice(ids)})  # untimed: when idle, so it is never ignored
        start = "mid"
    elif ending < 0.45:
        script += [{"expand": rng.choice(ids)}, {"present": "Compose"}]
    # Timed taps: at a moment after the earlier timed steps and waits, maybe inside
    # a transition (or, after an untimed step that came later, out of order: invalid).
    at = 0.0
    for step in script:
        if step.get("at") == "later":
            at = grid(at + rng.choice([0, rng.uniform(0, 0.5), rng.uniform(0.5, 2)]))
            step["at"] = at
        elif "wait" in step:
            at = grid(at + step["wait"])
    # A scrolling container now and then (headers may then overflow it), with
    # panel content (text the model wraps, rows) and scroll steps.
    container["overflow"] = rng.choice([None, None, "clip", "scroll", "scroll"])
    words = ["alpha", "be", "gamma", "delta", "epsilon", "z", "supercalifragilistic", "ok"]
    for p in panels:
        if "contentHeight" not in p and rng.random() < 0.6:
            if rng.random() < 0.5:
                p["content"] = "{rows: [" + ", ".join(rng.choice(["Inbox", "{title: Sent, detail: 3 new}", "Drafts"])
                                                     for _ in range(rng.randint(1, 8))) + "]" \
                    + (f", rowHeight: {rng.choice([20, 44, 60])}" if rng.random() < 0.5 else "") + "}"
            else:
                p["content"] = "{text: " + " ".join(rng.choice(words) for _ in range(rng.randint(0, 60))) \
                    + (f", fontSize: {rng.choice([11, 15, 22])}" if rng.random() < 0.5 else "") + "}"
    # Inset-grouped sections now and then, from a generator of their own (the other draws stay what they were).
    container["style"] = "insetGrouped" if random.Random(f"style {container['width']} {n}").random() < 0.3 else None
    if container["overflow"] == "scroll":
        # First, so that it happens at 0 s, before every timed step and click.
        if rng.random() < 0.5:
            script.insert(0, {"scroll": grid(rng.uniform(-20, 900))})
    spec = {"container": container, "panels": panels, "script": script, "start": start}
    # Nested levels now and then, from a generator of their own (the other draws stay what they were).
    nest = random.Random(f"nest {container['width']} {n}")
    if nest.random() < 0.4:
        nest_levels(nest, spec, tail=1 if start == "mid" else 2 if ending < 0.45 else 0)
    return spec


def random_level(rng, holder, depth, layout):
    """A nested level for panel `holder` (issue 25): 1-4 panels with their own
    header heights, contents (rows, text holding a word found nowhere else,
    a `contentHeight`) or, above the third level, a level of their own; its
    `expansion`, `collapsible`, `expanded`, `indent`, `headerHeight` and the
    `dir` of the content holding it (a right-to-left one is indented from the right)."""
    level = {"panels": []}
    count = rng.randint(1, 4)
    for key, choices in (("expansion", ["single", "multiple", None]), ("collapsible", [True, False, None]),
                         ("indent", [None, 0, 12, 24]), ("headerHeight", [None, None, 30, 44]),
                         ("dir", [None, None, None, "rtl", "ltr"])):
        level[key] = rng.choice(choices)
    r = rng.random()
    if r < 0.3:
        level["expanded"] = None
    elif r < 0.6 and level["expansion"] == "multiple":
        level["expanded"] = sorted(rng.sample(range(count), rng.randint(0, count)))
    elif r < 0.8:
        level["expanded"] = rng.randrange(count)
    for k in range(count):
        q = {"id": f"{holder}n{k}", "title": f"Nested {holder}n{k}", "color": rng.randrange(1 << 24),
             "disabled": rng.random() < 0.15}
        if rng.random() < 0.3:
            q["headerHeight"] = grid(rng.uniform(20, 50))
        r = rng.random()
        if depth < 3 and r < 0.3:
            q["nested"] = random_level(rng, q["id"], depth + 1, layout)
        elif r < 0.5:
            q["content"] = "{rows: [" + ", ".join(rng.choice(["Home", "{title: Office, detail: Saved}"])
                                                 for _ in range(rng.randint(1, 4))) + "]}"
        elif r < 0.8:
            q["content"] = "{text: " + f"needle{q['id']} " + " ".join(rng.choice(["alpha", "be", "gamma", "ok"])
                                                                       for _ in range(rng.randint(0, 30))) + "}"
        elif r < 0.9:
            q["contentHeight"] = grid(rng.uniform(0, 120))
        level["panels"].append(q)
    return level


def nest_levels(rng, spec, tail):
    """Gives some top-level panels a nested level (each holder loses its own
    content and `contentHeight`) and adds nested steps to the script (taps,
    `expand`, `collapse`, `collapse: all`, `reveal`) before its last `tail`
    steps, which say how the page starts."""
    holders = [p for p in spec["panels"] if rng.random() < 0.5] or [rng.choice(spec["panels"])]
    for p in holders:
        p.pop("content", None)
        p.pop("contentHeight", None)
        p["nested"] = random_level(rng, p["id"], 1, spec["container"]["layout"])
    ids = nested_ids(spec["panels"])
    script = spec["script"]
    for _ in range(rng.randint(0, 4)):
        kind = rng.choice(["tap", "tap", "expand", "collapse", "all", "reveal"])
        step = ({"tap": rng.choice(ids)} if kind == "tap" else {"expand": rng.choice(ids)} if kind == "expand"
                else {"collapse": rng.choice(ids)} if kind == "collapse" else {"collapse": "all"} if kind == "all"
                else {"reveal": {"panel": rng.choice(ids), "open": rng.random() < 0.5}})
        script.insert(rng.randint(0, len(script) - tail), step)
    # A page that starts inside a nested panel's own transition, now and then.
    if tail == 1 and rng.random() < 0.5:
        script[-1] = {"tap": rng.choice(ids)}


def nested_ids(panels):
    """The ids of every nested panel of `panels`, in tree order."""
    out = []
    def walk(level):
        for q in level["panels"]:
            out.append(q["id"])
            if "nested" in q:
                walk(q["nested"])
    for p in panels:
        if "nested" in p:
            walk(p["nested"])
    return out


def level_text(level, indent):
    """A nested level as YAML lines under a `content:` key, at `indent` spaces."""
    pad = " " * indent
    lines = []
    for key in ("expansion", "collapsible", "indent", "headerHeight", "dir"):
        if level.get(key) is not None:
            lines.append(f"{pad}{key}: {yaml_value(level[key])}")
    if isinstance(level.get("expanded"), list):
        lines.append(f"{pad}expanded: [{', '.join(map(str, level['expanded']))}]")
    elif level.get("expanded") is not None:
        lines.append(f"{pad}expanded: {level['expanded']}")
    lines.append(f"{pad}panels:")
    for q in level["panels"]:
        lines.append(f"{pad}  - id: {q['id']}")
        lines += panel_lines(q, indent + 4)
    return lines


def panel_lines(p, indent):
    """A panel's keys after its id, as YAML lines at `indent` spaces."""
    pad = " " * indent
    lines = [f"{pad}title: {p['title']}", f"{pad}color: 0x{p['color']:06X}FF",
             f"{pad}titleColor: 0x000000FF" if (p["color"] >> 8 & 0xFF) > 140 else f"{pad}titleColor: 0xFFFFFFFF"]
    for key in ("headerHeight", "contentHeight"):
        if key in p:
            lines.append(f"{pad}{key}: {num(p[key])}")
    if p["disabled"]:
        lines.append(f"{pad}disabled: true")
    for key in ACCESSORY_TEXTS:
        if p.get(key) is not None:
            lines.append(f"{pad}{key}: {p[key]!r}")
    if "nested" in p:
        lines.append(f"{pad}content:")
        lines += level_text(p["nested"], indent + 2)
    elif "content" in p:
        lines.append(f"{pad}content: {p['content']}")
    return lines


# What random panels and updates write in a header's accessories.
ACCESSORY_TEXTS = {
    "badge": ["3", "New", "99+"],
    "detail": ["On", "Home", "A detail too long to stay whole beside its title"],
    "subtitle": ["Two lines", "A subtitle long enough to be cut with an ellipsis at the end"],
    "icon": ["gear", "wifi", "envelope"],
}


def random_update(rng, panel):
    """An `update` of `panel`: some of title, disabled, color and titleColor
    (at least one), with a title colour that keeps its contrast."""
    update = {"panel": panel}
    keys = [k for k in ("title", "disabled", "color", "titleColor") if rng.random() < 0.5] or ["title"]

    if "title" in keys:
        update["title"] = rng.choice([f"Updated {rng.randrange(100)}", "Done", "A much longer title than the header may hold"])
    if "disabled" in keys:
        update["disabled"] = rng.random() < 0.5
    if "color" in keys:
        update["color"] = rng.randrange(1 << 24)
    if "titleColor" in keys or "color" in keys:
        dark = (update.get("color", 0x808080) >> 8 & 0xFF) > 140
        update["titleColor"] = 0x000000 if dark else 0xFFFFFF
    # The header's accessories, set to a new text (a long detail is cut beside the title) or removed,
    # drawn from a generator of their own so the specs' other draws stay what they were for a seed.
    extras = random.Random(repr(sorted(update.items())))
    for key, texts in ACCESSORY_TEXTS.items():
        if extras.random() < 0.25:
            update[key] = extras.choice(texts + [None])
    return update


def yaml_value(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, str):
        return v
    return num(v)


def spec_text(spec, clicks=()):
    """The spec as YAML, with `clicks` [(time, panel index)] appended as timed taps."""
    c = spec["container"]
    lines = ["accordion: 1", "title: Random spec", "container:"]
    for key in ("width", "height", "headerHeight", "layout"):
        lines.append(f"  {key}: {yaml_value(c[key])}")
    for key in ("expansion", "collapsible", "interruption", "headingLevel", "overflow", "style"):
        if c.get(key) is not None:
            lines.append(f"  {key}: {yaml_value(c[key])}")
    if isinstance(c["expanded"], list):
        lines.append(f"  expanded: [{', '.join(yaml_value(v) for v in c['expanded'])}]")
    elif c["expanded"] != "omit":
        lines.append(f"  expanded: {yaml_value(c['expanded'])}")
    lines += ["  animation:", f"    duration: {c['duration']!r}"]
    if c["curve"]:
        lines.append(f"    curve: {c['curve']}")
    lines.append("panels:")
    for p in spec["panels"]:
        lines.append(f"  - id: {p['id']}")
        lines += panel_lines(p, 4)
    steps = list(spec["script"]) + [{"tap": i, "at": t} for t, i in clicks]
    lines.append("script:" if steps else "script: []")
    for step in steps:
        for k, (key, value) in enumerate(step.items()):
            lead = "  - " if k == 0 else "    "
            if key == "resize":
                lines.append(f"{lead}resize: {{width: {num(value['width'])}, height: {num(value['height'])}}}")
            elif key == "setPanels":
                lines.append(f"{lead}setPanels: [{', '.join(value)}]")
            elif key == "reveal":
                lines.append(f"{lead}reveal: {{panel: {value['panel']}, open: {yaml_value(value['open'])}}}")
            elif key == "update":
                fields = [f"panel: {value['panel']}"]
                for field, v in value.items():
                    if field in ("color", "titleColor"):
                        fields.append(f"{field}: 0x{v:06X}FF")
                    elif field == "title":
                        fields.append(f"title: {v}")
                    elif field == "disabled":
                        fields.append(f"disabled: {yaml_value(v)}")
                    elif field in ACCESSORY_TEXTS:
                        fields.append(f"{field}: " + ("null" if v is None else repr(v)))
                lines.append(f"{lead}update: {{{', '.join(fields)}}}")
            elif key == "at":
                lines.append(f"{lead}at: {repr(value)}")
            else:
                lines.append(f"{lead}{key}: {yaml_value(value)}")
    return "\n".join(lines) + "\n"


# -- reading the page -----------------------------------------------------------
# Frames as the page set them (the style it wrote), as the browser lays them
# out, and what the page shows besides.
READ_EXACT = r"""(() => {
  const screen = document.getElementById('screen'), s = screen.getBoundingClientRect();
  // Read back in container points through the page's fit-to-window scale.
  const W = parseFloat(screen.style.width), H = parseFloat(screen.style.height);
  const k = s.width > 0 && W > 0 ? s.width / W : 1;
  const number = '(-?[0-9.]+(?:e[-+]?[0-9]+)?)px';
  const translate = (el) => {
    const m = new RegExp('^translate\\(' + number + '(?:,\\s*' + number + ')?\\)$').exec(el.style.transform);
    return m ? [Number(m[1]), Number(m[2] ?? 0)] : null;
  };
  const written = (el) => {
    const t = translate(el);
    return t ? [t[0], t[1], parseFloat(el.style.width), parseFloat(el.style.height)] : null;
  };
  // A header's frame is its own translate plus its chunk's, if the chunk has
  // one (the player moves a chunk of headers as one).
  // A nested view is placed from the corner of the content view holding
  // its level: its frame adds that view's, up to the top level.
  const holderOf = (el) => el.parentElement && el.parentElement.closest('#screen .content');
  const inContainer = (el, w) => {
    for (let up = holderOf(el); w !== null && up !== null; up = holderOf(up)) {
      const t = written(up);
      w = t === null ? null : [w[0] + t[0], w[1] + t[1], w[2], w[3]];
    }
    return w;
  };
  const writtenHeader = (h) => {
    const w = written(h), chunk = h.closest('.chunk');
    if (w === null || chunk === null || chunk.style.transform === '') return inContainer(h, w);
    const t = translate(chunk);
    return t ? [w[0] + t[0], w[1] + t[1], w[2], w[3]] : null;
  };
  // Laid out in stack points: a scrolling screen shows [top, top + H).
  const top = screen.scrollTop;
  const laid = (el) => { const r = el.getBoundingClientRect(); return [(r.x - s.x) / k, (r.y - s.y) / k + top, r.width / k, r.height / k]; };
  const panels = [];
  for (const h of document.querySelectorAll('#screen .header')) {
    const c = document.getElementById(h.getAttribute('aria-controls'));
    const shown = !c.hidden && getComputedStyle(c).display !== 'none' && c.checkVisibility();
    // Where a real click at the header's centre lands: on it, or on what covers or clips it.
    const box = h.getBoundingClientRect(), cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    const at = cx >= 0 && cy >= 0 && cx < innerWidth && cy < innerHeight ? document.elementFromPoint(cx, cy) : null;
    panels[Number(h.id.slice(1))] = {
      header: writtenHeader(h), headerLaid: laid(h), expanded: h.getAttribute('aria-expanded'),
      visible: h.checkVisibility(), hit: at !== null && h.contains(at),
      disabled: h.getAttribute('aria-disabled'), heading: h.parentElement.tagName,
      headingLevel: h.parentElement.getAttribute('aria-level'),
      // The title a screen reader reads (the whole one beside a cut), and the colours drawn.
      // (The whole title beside a cut is alone in its element; a drawn one is followed by the badge.)
      title: h.querySelector('.visually-hidden')?.textContent
        ?? (h.querySelector(':scope > .line') || h).textContent.replace(new RegExp((h.querySelector('.badge')?.textContent ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'), ''),
      // The accessories drawn (the model's layout: a detail or subtitle may be cut, or left out).
      badge: h.querySelector('.badge')?.textContent ?? null, detail: h.querySelector('.detail')?.textContent ?? null,
      subtitle: h.querySelector('.subtitle')?.textContent ?? null, icon: h.querySelector('svg.icon') !== null,
      background: getComputedStyle(h).backgroundColor, color: getComputedStyle(h).color,
      content: shown ? inContainer(c, written(c)) : null, contentLaid: shown ? laid(c) : null,
      front: c.classList.contains('front'), hiddenAs: c.getAttribute('hidden'),
    };
  }
  const sheet = document.querySelector('#screen > .modal');
  return { panels, state: window.__accordion.state(), screen: [s.x, s.y, W, H], scale: k, scrollTop: top,
           sheet: !sheet.hidden, interaction: document.getElementById('interaction').textContent,
           expandedText: document.getElementById('expanded-index').textContent,
           indicesText: document.getElementById('expanded-indices').textContent,
           visibleText: document.getElementById('visible').textContent,
           logLines: document.querySelectorAll('#log li').length };
})()"""


def hex_rgb(text):
    """'#RRGGBBAA' as (r, g, b, a) in 0-255."""
    v = int(text[1:], 16)
    return (v >> 24 & 0xFF, v >> 16 & 0xFF, v >> 8 & 0xFF, v & 0xFF)


def css_rgb(text):
    """A computed CSS colour, 'rgb(r, g, b)' or 'rgba(r, g, b, a)', as (r, g, b, a) in 0-255."""
    parts = [float(x) for x in text[text.index("(") + 1:text.index(")")].split(",")]
    return tuple(int(round(x)) for x in parts[:3]) + (int(round(parts[3] * 255)) if len(parts) > 3 else 255,)


def tree_panels(dump):
    """The dump's panels in the page's numbering: the top level's, then every
    nested one in tree order, each nested one with its `depth` and `level`
    (the dump's `nested` object it sits in)."""
    out = list(dump["panels"])

    def walk(level, depth, above):
        for q in level["panels"]:
            out.append(dict(q, depth=depth, level=level, above=above))
            if "nested" in q:
                walk(q["nested"], depth + 1, above + [q])
    for p in dump["panels"]:
        if "nested" in p:
            walk(p["nested"], 1, [p])
    return out


def differences(view, dump, heading_level):
    """Every way the page differs from the model's dump; empty when they agree."""
    out = []
    container = dump["container"]
    panels = tree_panels(dump)
    if len(view["panels"]) != len(panels):
        return [f"page has {len(view['panels'])} headers, model {len(panels)}"]

    def far(a, b, tolerance):
        return a is None or any(abs(x - y) > tolerance for x, y in zip(a, b))

    transition = dump["transition"]
    nests = len(panels) > len(dump["panels"])
    page_open = view["state"].get("nestedOpen")
    if nests:
        want_open = {m["id"]: m["nested"]["expandedIndices"] for m in panels if "nested" in m}
        if page_open != want_open:
            out.append(f"nested open sets {page_open}, model {want_open}")
    for p, m in zip(view["panels"], panels):
        level = m.get("level")
        if m["header"] is None:
            # Inside a closed panel: the header is not shown at all.
            if p["visible"]:
                out.append(f"header {m['id']} is shown, model: inside a closed panel")
            if p["content"] is not None:
                out.append(f"content of {m['id']} shown, model: inside a closed panel")
            continue
        want = [m["header"][k] for k in ("x", "y", "width", "height")]
        if not p["visible"]:
            out.append(f"header {m['id']} is not shown, model {want}")
        elif far(p["header"], want, TIGHT):
            out.append(f"header {m['id']} written {p['header']}, model {want}")
        elif far(p["headerLaid"], want, LOOSE):
            out.append(f"header {m['id']} laid out at {p['headerLaid']}, model {want}")
        if (p["content"] is None) != (m["content"] is None):
            out.append(f"content of {m['id']} {'shown' if p['content'] is not None else 'hidden'}, model {m['content']}")
        elif m["content"] is not None:
            want = [m["content"][k] for k in ("x", "y", "width", "height")]
            if far(p["content"], want, TIGHT):
                out.append(f"content {m['id']} written {p['content']}, model {want}")
            elif far(p["contentLaid"], want, LOOSE):
                out.append(f"content {m['id']} laid out at {p['contentLaid']}, model {want}")
        front = transition is not None and (m["id"] in transition["opened"] if nests else transition["to"] == m["index"])
        if p["front"] != front:
            out.append(f"content {m['id']} front={p['front']}, model transition {transition}")
        expanded = "true" if m["expanded"] else "false"
        if p["expanded"] != expanded:
            out.append(f"header {m['id']} aria-expanded={p['expanded']}, model expanded {m['expanded']}")
        # A button whose tap its own panel refuses says so: disabled, or the
        # last open panel of a container that is not collapsible.
        collapsible, count = ((level["collapsible"], len(level["expandedIndices"])) if level
                              else (container["collapsible"], len(dump["expandedIndices"])))
        refuses = m["disabled"] or (m["expanded"] and not collapsible and count == 1)
        if p["disabled"] != ("true" if refuses else None):
            out.append(f"header {m['id']} aria-disabled={p['disabled']}, model disabled {m['disabled']}, "
                       f"open {dump['expandedIndices']}, collapsible {container['collapsible']}")
        if p["title"] != m["title"]:
            out.append(f"header {m['id']} reads {p['title']!r}, model title {m['title']!r}")
        # The accessories: the badge and the icon whole, a detail or subtitle as written or cut with an ellipsis.
        if p["badge"] != m.get("badge"):
            out.append(f"header {m['id']} badge {p['badge']!r}, model {m.get('badge')!r}")
        if p["icon"] != ("icon" in m):
            out.append(f"header {m['id']} draws {'an' if p['icon'] else 'no'} icon, model {m.get('icon')!r}")
        for key in ("detail", "subtitle"):
            drawn, written = p[key], m.get(key)
            if drawn is not None and (written is None or not (drawn == written or drawn.endswith("\u2026")
                                                                 and written.startswith(drawn[:-1].rstrip()))):
                out.append(f"header {m['id']} {key} {drawn!r}, model {written!r}")
        for key, drawn in (("color", p["background"]), ("titleColor", p["color"])):
            if css_rgb(drawn) != hex_rgb(m[key]):
                out.append(f"header {m['id']} {key} drawn {drawn}, model {m[key]}")
        # A nested level's headings are one level deeper than its holder's; beyond 6, a div with aria-level.
        depth = heading_level + m.get("depth", 0)
        if (p["heading"], p["headingLevel"]) != ((f"H{depth}", None) if depth <= 6 else ("DIV", str(depth))):
            out.append(f"header {m['id']} sits in a {p['heading']} (aria-level {p['headingLevel']}), not at level {depth}")
        # A closed content the browser's find-in-page may open, unless a closed disabled panel keeps it shut.
        sealed = any(a["disabled"] and not a["expanded"] for a in m.get("above", []) + [m])
        if m["content"] is None and p["hiddenAs"] != ("" if sealed else "until-found"):
            out.append(f"content of {m['id']} hidden as {p['hiddenAs']!r}, "
                       f"model: {'kept shut by a closed disabled panel' if sealed else 'closed'}")
    state = view["state"]
    # The scroll position: the page's own (exact) and the screen's scrollTop.
    scroll, page_scroll = dump.get("scroll"), state["scroll"]
    if (scroll is None) != (page_scroll is None):
        out.append(f"page scroll {page_scroll}, model {scroll}")
    elif scroll is not None:
        if far([page_scroll["offset"], page_scroll["contentHeight"]], [scroll["offset"], scroll["contentHeight"]], TIGHT):
            out.append(f"page scroll {page_scroll}, model {scroll}")
        elif abs(view["scrollTop"] - scroll["offset"]) > 1:
            out.append(f"screen scrolled to {view['scrollTop']}, model offset {scroll['offset']}")
    if state["expandedIndex"] != dump["expandedIndex"]:
        out.append(f"expandedIndex {state['expandedIndex']}, model {dump['expandedIndex']}")
    if state["expandedIndices"] != dump["expandedIndices"] or \
            view["indicesText"] != "[" + ", ".join(map(str, dump["expandedIndices"])) + "]":
        out.append(f"expandedIndices {state['expandedIndices']} ({view['indicesText']!r}), model {dump['expandedIndices']}")
    want_text = "none" if dump["expandedIndex"] is None else str(dump["expandedIndex"])
    if view["expandedText"] != want_text:
        out.append(f"expandedIndex shown as {view['expandedText']!r}, model {want_text!r}")
    if state["interactionEnabled"] != dump["interactionEnabled"] or (view["interaction"] == "enabled") != dump["interactionEnabled"]:
        out.append(f"interaction {state['interactionEnabled']} ({view['interaction']!r}), model {dump['interactionEnabled']}")
    visible = dump["visible"]
    modal = visible["title"] if visible and visible["kind"] == "modal" else None
    if state["modal"] != modal or view["sheet"] != (modal is not None):
        out.append(f"modal {state['modal']!r} (sheet shown: {view['sheet']}), model visible {visible}")
    want_visible = ("none" if visible is None else f"modal “{visible['title']}”" if visible["kind"] == "modal"
                    else f"panel “{visible['title']}”")
    if view["visibleText"] != want_visible:
        out.append(f"visible shown as {view['visibleText']!r}, model {want_visible!r}")
    mine = state["transition"]
    if (mine is None) != (transition is None):
        out.append(f"transition {mine}, model {transition}")
    elif mine is not None:
        if (mine["from"], mine["to"]) != (transition["from"], transition["to"]) or \
                abs(mine["start"] - transition["start"]) > 1e-3 or abs(mine["end"] - transition["end"]) > 1e-3:
            out.append(f"transition {mine}, model {transition}")
    page_log, model_log = state["log"], dump["events"]
    if view["logLines"] != len(page_log):
        out.append(f"the log shows {view['logLines']} lines for {len(page_log)} entries")
    for k in range(max(len(page_log), len(model_log))):
        a = page_log[k] if k < len(page_log) else None
        b = model_log[k] if k < len(model_log) else None
        if a is None or b is None or abs(a[0] - b["time"]) > LOG_TIME or \
                (a[1], a[2], a[3], a[4]) != (b["event"], b.get("panel"), b.get("reason"), b.get("cause")):
            out.append(f"log line {k}: page {a}, model {b and [b['time'], b['event'], b.get('panel'), b.get('reason'), b.get('cause')]}")
            break
    return out


# -- the run ------------------------------------------------------------------
class Mismatch(Exception):
    pass


def run_random(run, browser, seed, count=40, clicks=6, mutate=None, stop_at_first=False, log=print):
    """Plays `count` random specs; returns (stats, failures). With `mutate`,
    the named mutation is applied to each page before it is loaded."""
    rng = random.Random(seed)
    stats = {"specs": 0, "invalid": 0, "mid_start": 0, "modal_start": 0, "clicks": 0, "real_clicks": 0,
             "ignored": 0, "interrupting": 0, "updates": 0, "accessories": 0, "samples": 0, "mid_samples": 0, "modes": {}}
    failures = []
    attempts = 0
    while stats["specs"] < count and attempts < count * 4:
        attempts += 1
        spec = random_spec(rng)
        name = f"random-{attempts}"
        path = os.path.join(run.workdir, name + ".yaml")
        with open(path, "w") as f:
            f.write(spec_text(spec))
        if subprocess.run([run.accordion, "validate", path], capture_output=True).returncode != 0:
            stats["invalid"] += 1
            continue
        stats["specs"] += 1
        stats["updates"] += sum("update" in step for step in spec["script"])
        stats["accessories"] += sum(key in p for p in spec["panels"] for key in ACCESSORY_TEXTS) + sum(
            key in step["update"] for step in spec["script"] if "update" in step for key in ACCESSORY_TEXTS)
        c = spec["container"]
        mode = f"{c['expansion'] or 'single'}/{c['interruption'] or 'ignore'}"
        stats["modes"][mode] = stats["modes"].get(mode, 0) + 1
        try:
            play(run, browser, rng, spec, path, name, clicks, mutate, stats)
        except Mismatch as e:
            failures.append(f"{name} (seed {seed}): {e}")
            log(f"     {name}: {e}")
            if stop_at_first:
                break
    return stats, failures


def play(run, browser, rng, spec, path, name, clicks, mutate, stats):
    settled = run.dump(path)
    extra = []
    if spec["start"] == "mid" and spec["container"]["duration"] >= 0.01:
        d = spec["container"]["duration"]
        t0 = grid(settled["time"] - d + rng.uniform(0.1, 0.9) * d)
        # The page must start inside the last tap's own transition: the script
        # has no step after it. When that tap was ignored, a transition
        # running at t0 is an earlier one, and steps after t0 would happen in
        # the model but never on the page.
        accepted = not settled["events"] or settled["events"][-1]["event"] != "tapIgnored"
        base = run.dump(path, at=t0) if t0 >= 0 and accepted else settled
        if base["transition"] is not None:
            extra = ["--at", repr(t0)]
            stats["mid_start"] += 1
    if not extra:
        base = settled
    if base["visible"] and base["visible"]["kind"] == "modal":
        stats["modal_start"] += 1
    page = run.page(path, name, extra=extra)
    if mutate:
        old, new, _ = MUTATIONS[mutate]
        text = open(page, encoding="utf-8").read()
        if text.count(old) != 1:
            # Not a catch: the mutation no longer matches the page's script.
            raise AssertionError(f"mutation {mutate}: its text occurs {text.count(old)} times in the page")
        with open(page, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new))
    browser.navigate("file://" + page + "?clock=manual")
    errors = [e for e in browser.events if e["method"] == "Runtime.exceptionThrown"]
    if errors:
        raise Mismatch(f"script error: {errors[0]['params']['exceptionDetails'].get('text')}")
    width, height = browser.eval("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    if width > browser.width or height > browser.height:
        browser.viewport(max(width, browser.width), max(height, browser.height))
    browser.eval(FRAMES)
    view = browser.eval(READ_EXACT)
    # The page holds the model's exact start time (the dump spells it to 3 decimals).
    t0 = view["state"]["loadedAt"]
    if abs(t0 - base["time"]) > 1e-3:
        raise Mismatch(f"the page starts at {t0} s, the model at {base['time']} s")
    level = spec["container"]["headingLevel"] or 3
    check(view, base, "at load", level)
    stats["samples"] += 1
    tree = tree_panels(base)
    nests = len(tree) > len(base["panels"])
    if nests:
        stats["nested_specs"] = stats.get("nested_specs", 0) + 1
    ids = [p["id"] for p in tree]
    n = len(ids)
    done = []  # (time, index) clicked so far (in a tree: (time, id))
    oracle = os.path.join(run.workdir, name + "-clicks.yaml")
    plan = []
    t = t0
    # The clicks are chosen as the page goes (on the expanded header, inside a
    # running transition...), so the spec with all of them is written at the end
    # and every moment is checked then, against the model with every click.
    moments = []  # (time, view, label)
    for k in range(clicks):
        state = view["state"]
        running = state["transition"]
        r = rng.random()
        if running and r < 0.4:
            t = grid(rng.uniform(t, running["end"]))  # inside the transition (or its end, by rounding)
        elif running and r < 0.5:
            t = running["end"]  # exactly at its end
        elif running and r < 0.58:
            # At its end as a script would write it: a rounding error before or after it.
            t = max(t, grid(running["end"]))
        elif r < 0.65:
            pass  # the same instant as the last click
        else:
            t = grid(t + rng.choice([rng.uniform(0, 0.3), rng.uniform(0.3, 1.5)]))
        # Moments between the last click and this one: mid-transition and settled.
        for at in between(rng, view, moments_after=t):
            browser.eval(f"window.__accordion.setTime({at!r})")
            moments.append((at, browser.eval(READ_EXACT), "before click %d" % (k + 1)))
        browser.eval(f"window.__accordion.setTime({t!r})")
        if moments and t - moments[-1][0] <= 1e-6:
            # The model at t has every click at t: only the page after the last of them compares.
            moments.pop()
        now = browser.eval(READ_EXACT)
        opened = now["state"]["expandedIndices"]
        if nests:
            # Open anywhere in the tree (a nested panel by its page number).
            opened = opened + [ids.index(q["id"]) for q in tree[len(base["panels"]):]
                               if q["index"] in now["state"]["nestedOpen"][holder_of(tree, q)]]
        pick = rng.random()
        if opened and pick < 0.35:
            i = rng.choice(opened)
        elif pick < 0.75 and n > len(opened):
            i = rng.choice([j for j in range(n) if j not in opened])
        else:
            i = rng.randrange(n)
        click(browser, now, i, rng, stats, top=len(base["panels"]))
        browser.eval(FRAMES)
        stats["clicks"] += 1
        done.append((t, ids[i] if nests else i))
        plan.append(f"{ids[i]}@{t:g}")
        view = browser.eval(READ_EXACT)
        if len(view["state"]["log"]) > len(now["state"]["log"]) and view["state"]["log"][-1][1] == "tapIgnored":
            stats["ignored"] += 1
        elif now["state"]["transition"] is not None:
            stats["interrupting"] += 1  # accepted during a transition: finished or retargeted
        moments.append((t, view, f"click {k + 1} on {ids[i]} at {t:g} s"))
    # After the last click: through its transition to the settled state.
    for at in between(rng, view, moments_after=None):
        browser.eval(f"window.__accordion.setTime({at!r})")
        moments.append((at, browser.eval(READ_EXACT), "after the clicks"))
    with open(oracle, "w") as f:
        f.write(spec_text(spec, done))
    for at, seen, label in moments:
        dump = run.dump(oracle, at=at)
        stats["samples"] += 1
        stats["mid_samples"] += dump["transition"] is not None
        check(seen, dump, f"{label}, read at {at!r} s (clicks {' '.join(plan)})", level)
    if nests:
        follow_links(run, browser, rng, spec, path, name, settled, level, stats)
    # What the clicks met: the reasons the model ignored them for.
    for entry in dump["events"][len(base["events"]):] if moments else []:
        if entry["event"] == "tapIgnored":
            key = "ignored " + entry["reason"]
            stats[key] = stats.get(key, 0) + 1


# Resolves after the next two animation frames: by then the browser has
# delivered the scroll events it owes the page (a scrollTop the page set and
# the browser rounded or clamped), which the page must not take for the user's.
FRAMES = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(0))))"


def replay_pinned(run, browser, path, name):
    """A case the randomized test once found, kept as a file in specs/pinned:
    its `# pinned:` comment lists the clicks (`ID@TIME`, or `none`) and the
    times to read the page at (`reads T...`, or `at load` for none). The page
    plays the clicks at their exact times on its manual clock and is compared
    with the model, at load and at every read, as the randomized test does."""
    line = next((l for l in open(path, encoding="utf-8") if l.startswith("# pinned:")), None)
    if line is None:
        raise AssertionError(f"{path} has no '# pinned:' line")
    clicks_part, reads_part = (part.strip() for part in line[len("# pinned:"):].split(";"))
    words = clicks_part.split()[1:]
    clicks = [] if words == ["none"] else [(float(w.split("@")[1]), w.split("@")[0]) for w in words]
    reads = [float(w) for w in reads_part.split()[1:]] if reads_part.startswith("reads ") else []
    level = json.loads(run.cli("resolve", path))["container"].get("headingLevel") or 3
    base = run.dump(path)
    ids = [p["id"] for p in base["panels"]]
    page = run.page(path, name)
    browser.navigate("file://" + page + "?clock=manual")
    width, height = browser.eval("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    if width > browser.width or height > browser.height:
        browser.viewport(max(width, browser.width), max(height, browser.height))
    browser.eval(FRAMES)
    view = browser.eval(READ_EXACT)
    if abs(view["state"]["loadedAt"] - base["time"]) > 1e-3:
        raise Mismatch(f"the page starts at {view['state']['loadedAt']} s, the model at {base['time']} s")
    check(view, base, "at load", level)
    oracle = os.path.join(run.workdir, name + "-clicks.yaml")
    with open(oracle, "w", encoding="utf-8") as f:
        text = open(path, encoding="utf-8").read().rstrip("\n")
        f.write(text + "".join(f"\n  - tap: {i}\n    at: {t!r}" for t, i in clicks) + "\n")
    # In time order; a read at a click's time comes after every click then.
    events = sorted([(t, 0, i) for t, i in clicks] + [(t, 1, None) for t in reads], key=lambda e: (e[0], e[1]))
    for t, is_read, panel in events:
        browser.eval(f"window.__accordion.setTime({t!r})")
        browser.eval(FRAMES)
        if is_read:
            check(browser.eval(READ_EXACT), run.dump(oracle, at=t), f"read at {t!r} s", level)
        else:
            browser.eval(f"document.getElementById('h{ids.index(panel)}').click()")
            browser.eval(FRAMES)


def between(rng, view, moments_after):
    """Moments to read the page at, from the last click up to (not including)
    the next click at `moments_after` (None: the run's end): inside a running
    transition at random progress, at its end, and once settled."""
    state = view["state"]
    now = state["now"]
    limit = moments_after if moments_after is not None else float("inf")
    times = []
    running = state["transition"]
    if running:
        for _ in range(2):
            at = rng.uniform(now, running["end"])
            if at < limit - 1e-6 and at - now > 1e-6 and running["end"] - at > 1e-6:
                times.append(at)
        if running["end"] < limit - 1e-6:
            times.append(running["end"])
    settled = (running["end"] if running else now) + 0.05
    if settled < limit - 1e-6:
        times.append(settled)
    return sorted(times)


def holder_of(tree, q):
    """The id of the panel holding nested panel `q`'s level."""
    return next(p["id"] for p in tree if p.get("nested") is q["level"])


def follow_links(run, browser, rng, spec, path, name, base, level, stats):
    """Deep links into a tree: the page opened at `#ID` of a nested panel
    reveals it (the model's `reveal` with `open: true`, cause `fragment`),
    and at a text fragment `#:~:text=WORD` of a word only a nested text holds
    opens the panel holding it (cause `find`), both at the page's load time;
    each compared with the model given that `reveal` step then. Where a closed
    disabled panel is on the way the page changes nothing (the model refuses
    the step). A text fragment in a scrolling container also scrolls it to the
    match, as the browser does, so matches are followed only where it clips."""
    tree = tree_panels(base)
    nested = tree[len(base["panels"]):]
    links = [("fragment", rng.choice(nested)["id"])]
    words = [q["id"] for q in nested if "needle" + q["id"] in (find_panel(spec["panels"], q["id"]) or {}).get("content", "")]
    if words and spec["container"]["overflow"] != "scroll":
        links.append(("find", rng.choice(words)))
    for cause, target in links:
        hash_part = "#" + target if cause == "fragment" else "#:~:text=needle" + target
        page = run.page(path, f"{name}-{cause}")
        browser.navigate("file://" + page + "?clock=manual" + hash_part)
        # A text fragment is searched for once the page has loaded and drawn: wait for its change.
        for _ in range(20 if cause == "find" else 1):
            browser.eval(FRAMES)
            view = browser.eval(READ_EXACT)
            if len(view["state"]["log"]) > len(base["events"]):
                # The browser scrolls to the match after the change; the page puts the boxes back at the next frame.
                browser.eval(FRAMES)
                view = browser.eval(READ_EXACT)
                break
        oracle = os.path.join(run.workdir, f"{name}-{cause}.yaml")
        with open(oracle, "w") as f:
            f.write(spec_text(dict(spec, script=spec["script"] + [
                {"reveal": {"panel": target, "open": True}, "at": base["time"]}])))
        refused = subprocess.run([run.accordion, "validate", oracle], capture_output=True).returncode != 0
        dump = base if refused else run.dump(oracle)
        # The page's cause is the link's; the model's step is a reveal.
        for entry in view["state"]["log"]:
            if entry[4] == cause:
                entry[4] = "reveal"
        check(view, dump, f"opened at {hash_part} ({'refused' if refused else 'revealed'})", level)
        stats[f"{cause} links"] = stats.get(f"{cause} links", 0) + 1


def find_panel(panels, pid):
    """The generator's panel `pid`, anywhere in the tree."""
    for p in panels:
        if p["id"] == pid:
            return p
        if "nested" in p:
            found = find_panel(p["nested"]["panels"], pid)
            if found:
                return found
    return None


def click(browser, view, i, rng, stats, top=None):
    """A real mouse click at the header's centre, or now and then `element.click()`
    (and always for headers too thin to aim at, and for nested headers (panel
    number `top` on) not shown or covered where their centre is: inside a
    closed panel, clipped by theirs)."""
    top = len(view["panels"]) if top is None else top
    if i >= top and (not view["panels"][i]["visible"] or not view["panels"][i]["hit"]):
        browser.eval(f"document.getElementById('h{i}').click()")
        return
    x, y, w, h = view["panels"][i]["headerLaid"]
    sx, sy, sw, sh = view["screen"]
    # A header below the container's bottom (a `multiple` + `fit` stack taller
    # than the container) is clipped away: no pointer can reach it.
    # A scrolling container shows the window [scrollTop, scrollTop + H).
    top = view["scrollTop"]
    if h >= 4 and top <= y + h / 2 < top + sh and rng.random() < 0.7:
        k = view["scale"]
        browser.click(sx + (x + w / 2) * k, sy + (y + h / 2 - top) * k)
        stats["real_clicks"] += 1
    else:
        browser.eval(f"document.getElementById('h{i}').click()")


def check(view, dump, label, heading_level):
    problems = differences(view, dump, heading_level)
    if problems:
        raise Mismatch(f"{label}: " + "; ".join(problems[:4]))
