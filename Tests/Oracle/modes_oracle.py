#!/usr/bin/env python3
"""An independent reading of the container's semantics (expansion modes, tap
rules, interruption policies, programmatic steps, the script clock and the
containment log), written from the spec guide and the expansion-modes issue
text only, never from the Swift model. `oracle_test.py` runs it against
`accordion drive` on random specs and scripts; a disagreement means one of
the two read the text differently.

Standard library only. The snapshot it produces has the shape of
`accordion render --format json` minus the colours (not a rule of the
container), with numbers unrounded.
"""

import copy
import math
import unicodedata

DEFAULT_WIDTH = 375.0
DEFAULT_HEIGHT = 667.0
DEFAULT_HEADER = 44.0
DEFAULT_DURATION = 0.3
EPSILON = 1e-9

# UIKit's curves as cubic Béziers from (0, 0) to (1, 1): (x1, y1, x2, y2).
CURVES = {
    "linear": (0.0, 0.0, 1.0, 1.0),
    "easeIn": (0.42, 0.0, 1.0, 1.0),
    "easeOut": (0.0, 0.0, 0.58, 1.0),
    "easeInOut": (0.42, 0.0, 0.58, 1.0),
}


def curve_value(name, p):
    """The fraction of the movement done at linear progress p on the curve."""
    if p <= 0:
        return 0.0
    if p >= 1:
        return 1.0
    x1, y1, x2, y2 = CURVES[name]

    def bez(a, b, s):
        return 3 * a * (1 - s) ** 2 * s + 3 * b * (1 - s) * s * s + s ** 3

    # x(s) is monotonic on [0, 1]: bisection to machine precision.
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if bez(x1, x2, mid) < p:
            lo = mid
        else:
            hi = mid
    return bez(y1, y2, (lo + hi) / 2)


WHITESPACE = " \t\r\n"


def paragraph_words(text):
    """The words of each paragraph that has any: paragraphs split at blank
    lines (lines holding only space, tab, CR or LF), words at whitespace."""
    paragraphs = []
    current = []
    for line in text.split("\n"):
        if line.strip(WHITESPACE) == "":
            if current:
                paragraphs.append(current)
            current = []
        else:
            current.append(line)
    if current:
        paragraphs.append(current)
    for para in paragraphs:
        joined = " ".join(para)
        words = [w for w in "".join(" " if ch in WHITESPACE else ch for ch in joined).split(" ") if w]
        if words:
            yield words


def wrap(text, n):
    """The content-text lines, read from the scrolling-content issue: the
    text splits into paragraphs at blank lines (lines holding only space,
    tab, CR or LF); a paragraph's words fill lines of at most n characters
    greedily; a longer word starts a new line and is cut into n-character
    pieces, the last one staying on its line; one empty line between
    paragraphs. Characters are code points (Python's str)."""
    out = []
    for words in paragraph_words(text):
        if out:
            out.append("")
        line = None
        for w in words:
            if line is None and len(w) <= n:
                line = w
            elif line is not None and len(line) + 1 + len(w) <= n:
                line += " " + w
            elif len(w) <= n:
                out.append(line)
                line = w
            else:
                if line is not None:
                    out.append(line)
                pieces = [w[k:k + n] for k in range(0, len(w), n)]
                out.extend(pieces[:-1])
                line = pieces[-1]
        out.append(line)
    return out


class Panel:
    """One panel definition: what the stack holds."""

    def __init__(self, d, default_header, content_defaults=None):
        self.id = d["id"]
        self.title = d["title"]
        self.h = float(d.get("headerHeight", default_header))
        self.ch = d.get("contentHeight")
        self.disabled = bool(d.get("disabled", False))
        self.content = None
        if d.get("content") is not None:
            c = dict(content_defaults or {})
            c.update(d["content"])
            self.content = c

    def intrinsic(self, W):
        """The content's own height at width W, or None without content."""
        c = self.content
        if c is None:
            return None
        if "rows" in c:
            return len(c["rows"]) * float(c.get("rowHeight", 44))
        padding = float(c.get("padding", 16))
        font = float(c.get("fontSize", 15))
        text = c["text"]
        if text.isascii():
            n = max(1, math.floor((W - 2 * padding) / (0.55 * font) + 1e-9))
            lines = wrap(text, n)
        else:
            lines = wrap_v2(text, W - 2 * padding, font)
        return len(lines) * float(c.get("lineHeight", 20)) + 2 * padding


def _clusters(word):
    """A word's clusters for the oracle's texts: a character with the
    nonspacing or enclosing marks after it (no emoji or Hangul here)."""
    out = []
    for ch in word:
        if out and unicodedata.category(ch) in ("Mn", "Me"):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _wide(cluster):
    return unicodedata.east_asian_width(cluster[0]) in ("W", "F")


def _advance(cluster, font):
    """The text measure's version 2, from the spec guide: East Asian Wide or
    Fullwidth 1 em, marks and format characters nothing, the rest 0.55 em."""
    total = 0.0
    for ch in cluster:
        if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += font if unicodedata.east_asian_width(ch) in ("W", "F") else 0.55 * font
    return total


def wrap_v2(text, width, font):
    """Version 2 of the text measure for text that is not plain ASCII, as
    the guide states it, for the oracle's texts: paragraphs and whitespace
    as `wrap`; a break opportunity at spaces and beside an ideograph or
    kana (UAX #14's ID class; the oracle's texts hold no small kana or
    closing punctuation); greedy lines while their advance fits `width`
    within 1e-9; a segment wider than a line starts a new line and is cut
    at clusters, as many a line as fit, the last piece keeping its line."""
    space = 0.55 * font
    out = []
    for words in paragraph_words(text):
        if out:
            out.append("")
        segments = []  # (clusters, preceded by a space)
        for i, w in enumerate(words):
            cl = _clusters(w)
            seg = [cl[0]]
            first = True
            for a, b in zip(cl, cl[1:]):
                if _wide(a) or _wide(b):
                    segments.append((seg, i > 0 and first))
                    first = False
                    seg = []
                seg.append(b)
            segments.append((seg, i > 0 and first))
        line, line_w = None, 0.0
        for seg, spaced in segments:
            w = sum(_advance(c, font) for c in seg)
            if line is not None:
                sep = space if spaced else 0.0
                if line_w + sep + w <= width + 1e-9:
                    line += (" " if spaced else "") + "".join(seg)
                    line_w += sep + w
                    continue
                out.append(line)
                line, line_w = None, 0.0
            if w <= width + 1e-9:
                line, line_w = "".join(seg), w
                continue
            piece, piece_w = "", 0.0
            for c in seg:
                a = _advance(c, font)
                if piece and piece_w + a > width + 1e-9:
                    out.append(piece)
                    piece, piece_w = "", 0.0
                piece += c
                piece_w += a
            line, line_w = piece, piece_w
        out.append(line)
    return out


class Rejected(Exception):
    """A step the container refuses (a spec error)."""


class Oracle:
    def __init__(self, spec):
        c = spec.get("container", {}) or {}
        self.title = spec.get("title")
        self.W = float(c.get("width", DEFAULT_WIDTH))
        self.H = float(c.get("height", DEFAULT_HEIGHT))
        self.default_header = float(c.get("headerHeight", DEFAULT_HEADER))
        self.layout = c.get("layout", "fill")
        self.expansion = c.get("expansion", "single")
        self.collapsible = c.get("collapsible", True)
        self.interruption = c.get("interruption", "ignore")
        anim = c.get("animation", {}) or {}
        self.duration = float(anim.get("duration", DEFAULT_DURATION))
        self.curve = anim.get("curve", "easeInOut")
        self.overflow = c.get("overflow", "clip")
        # Inset-grouped sections (the guide's "Inset-grouped sections"): 16 in
        # from each side, 20 above every section and below the last.
        self.style = c.get("style", "plain")
        self.content_defaults = c.get("content", {}) or {}
        self.off = 0.0  # the scroll offset, or the one a running transition heads to
        self.defs = {}
        self.panels = []
        for d in spec.get("panels", []):
            p = Panel(d, self.default_header, self.content_defaults)
            self.defs[p.id] = p
            self.panels.append(p)
        self.log = []
        self.now = 0.0
        self.tr = None  # the running transition
        self.modal = None
        # Load.
        if "expanded" in c:
            e = c["expanded"]
            if e is None:
                opened = []
            elif isinstance(e, list):
                opened = [self.index_of(x) for x in e]
            else:
                opened = [self.index_of(e)]
        else:
            opened = [0] if self.panels else []
        self.O = set(opened)
        for i in sorted(self.O):
            self.load_entries(i)

    # ---- helpers -------------------------------------------------------

    def index_of(self, ref):
        if isinstance(ref, bool):
            raise Rejected("bad ref")
        if isinstance(ref, int):
            if 0 <= ref < len(self.panels):
                return ref
            raise Rejected("index out of range")
        for i, p in enumerate(self.panels):
            if p.id == ref:
                return i
        raise Rejected("unknown panel")

    def emit(self, t, event, panel=None, reason=None):
        e = {"time": t, "event": event}
        if panel is not None:
            e["panel"] = self.panels[panel].id if isinstance(panel, int) else panel
        if reason is not None:
            e["reason"] = reason
        self.log.append(e)

    def load_entries(self, i, t=0.0):
        for ev in ("addChild", "viewWillAppear", "viewDidAppear", "didMoveToParent"):
            self.emit(t, ev, i)

    def leave_entries(self, pid, t):
        for ev in ("willMoveToParent", "viewWillDisappear", "viewDidDisappear", "removeFromParent"):
            self.emit(t, ev, pid)

    def start_entries(self, frm, to, t):
        self.emit(t, "beginIgnoringInteractionEvents")
        if frm is not None:
            self.emit(t, "willMoveToParent", frm)
        if to is not None:
            self.emit(t, "addChild", to)
        if frm is not None:
            self.emit(t, "viewWillDisappear", frm)
        if to is not None:
            self.emit(t, "viewWillAppear", to)

    def end_entries(self, frm, to, t):
        if frm is not None:
            self.emit(t, "viewDidDisappear", frm)
        if to is not None:
            self.emit(t, "viewDidAppear", to)
            self.emit(t, "didMoveToParent", to)
        if frm is not None:
            self.emit(t, "removeFromParent", frm)
        self.emit(t, "endIgnoringInteractionEvents")

    @property
    def gap(self):
        return 20.0 if self.style == "insetGrouped" else 0.0

    @property
    def inset(self):
        return 16.0 if self.style == "insetGrouped" else 0.0

    def headers_total(self):
        """The headers' heights, with the sections' gaps (one above each, one below the last)."""
        if not self.panels:
            return 0.0
        return sum(p.h for p in self.panels) + self.gap * (len(self.panels) + 1)

    def settled(self, O):
        """Header y and content heights of every open panel, settled with O."""
        space = max(0.0, self.H - self.headers_total())
        k = len(O)
        C = {}
        for j in O:
            p = self.panels[j]
            own = float(p.ch) if p.ch is not None else p.intrinsic(max(0.0, self.W - 2 * self.inset))
            if self.layout == "fit" and own is not None:
                C[j] = own if self.overflow == "scroll" else min(own, space)
            else:
                C[j] = space / k
        ys = []
        y = self.gap
        for i, p in enumerate(self.panels):
            ys.append(y)
            y += p.h + C.get(i, 0.0) + self.gap
        return ys, C

    def stack_height(self, O):
        """S: headers plus the open contents, settled with O."""
        _, C = self.settled(O)
        return self.headers_total() + sum(C.values())

    def clamp(self, off):
        if self.overflow != "scroll":
            return 0.0
        return min(max(0.0, off), max(0.0, self.stack_height(self.O) - self.H))

    def scroll_target(self, to):
        """Where a transition that opens `to` (None: only closes), or a
        reveal of `to`, takes the offset, judged on the settled layout of
        the present O: its header, and its content only when it is open."""
        off = self.off
        if to is not None and self.overflow == "scroll":
            ys, C = self.settled(self.O)
            y = ys[to]
            bottom = y + self.panels[to].h + C.get(to, 0.0)
            if y < off:
                off = y
            elif bottom > off + self.H:
                off = min(y, bottom - self.H)
        return self.clamp(off)

    def shown_offset(self, t):
        if not self.running(t):
            return self.off
        tr = self.tr
        f = curve_value(self.curve, (t - tr["start"]) / (tr["end"] - tr["start"]))
        return tr["off_from"] + (self.off - tr["off_from"]) * f

    def opens_to_nothing(self):
        """Whether, scrolling, an open panel that shares the space under the
        headers gets a height of 0 (the headers fill the container)."""
        if self.overflow != "scroll" or self.H - self.headers_total() > 0:
            return False
        return any(self.layout == "fill" or (self.panels[j].ch is None and self.panels[j].content is None)
                   for j in self.O)

    def overflows(self):
        """Whether the settled stack (headers and open contents) is taller than
        H: only a clipping container warns about it."""
        if self.overflow == "scroll":
            return False
        _, C = self.settled(self.O)
        return self.headers_total() + sum(C.values()) > self.H + EPSILON

    def running(self, t):
        # Times are decimal seconds in a spec: 0.55 + 0.3 is 0.85, so moments
        # closer than EPSILON are one moment.
        return self.tr is not None and self.tr["start"] - EPSILON <= t < self.tr["end"] - EPSILON

    def complete(self, t):
        """Completes the running transition at t (its end entries at t)."""
        tr = self.tr
        if tr is None:
            return
        self.tr = None
        self.end_entries(tr["from"], tr["to"], t)

    def advance(self, t):
        """A transition whose end is at or before t ended at its end."""
        if self.tr is not None and t >= self.tr["end"] - EPSILON:
            self.complete(self.tr["end"])

    def shown(self, t):
        """(header ys, {panel: content height}) as shown at t."""
        if not self.running(t):
            return self.settled(self.O)
        tr = self.tr
        f = curve_value(self.curve, (t - tr["start"]) / (tr["end"] - tr["start"]))
        ays, aC = self.settled(self.O)
        bys, bC = tr["before_ys"], tr["before_C"]
        ys = [b + (a - b) * f for b, a in zip(bys, ays)]
        C = {}
        for j in self.O:
            if j == tr["to"]:
                C[j] = aC[j]
            else:
                C[j] = bC[j] + (aC[j] - bC[j]) * f
        if tr["from"] is not None:
            C[tr["from"]] = bC[tr["from"]]
        return ys, C

    def start_transition(self, frm, to, t, duration, before=None, off_from=None):
        """Moves O from its present value through (frm -> to) starting at t."""
        if before is None:
            before = self.settled(self.O)
        if off_from is None:
            off_from = self.off
        self.start_entries(frm, to, t)
        if frm is not None:
            self.O.discard(frm)
        if to is not None:
            if self.expansion == "single":
                self.O = set()
            self.O.add(to)
        self.off = self.scroll_target(to)
        if duration <= 0:
            self.end_entries(frm, to, t)
            return
        self.tr = {"from": frm, "to": to, "start": t, "end": t + duration,
                   "before_ys": list(before[0]), "before_C": dict(before[1]), "off_from": off_from}

    # ---- steps ---------------------------------------------------------

    def step_time(self, step):
        if "wait" in step:
            return self.now + float(step["wait"])
        if "at" in step:
            return float(step["at"])
        t = self.now
        if self.tr is not None and self.tr["end"] > t:
            t = self.tr["end"]
        return t

    def apply(self, step):
        """Applies one script step; returns ('applied'|'ignored', reason)."""
        t = self.step_time(step)
        if t < self.now - 1e-12:
            raise Rejected("at-out-of-order")
        self.advance(t)
        self.now = t
        if "wait" in step:
            return ("applied", None)
        if "tap" in step:
            return self.tap(self.index_of(step["tap"]), t)
        if "expand" in step:
            if self.modal is not None:
                raise Rejected("modal")
            if step["expand"] is None:
                self.complete(t)
                self.collapse_all(t)
                return ("applied", None)
            i = self.index_of(step["expand"])
            self.complete(t)
            if i in self.O:
                return ("applied", None)
            frm = None
            if self.expansion == "single" and self.O:
                frm = min(self.O)
            self.start_transition(frm, i, t, 0)
            return ("applied", None)
        if "collapse" in step:
            if self.modal is not None:
                raise Rejected("modal")
            if step["collapse"] == "all":
                self.complete(t)
                self.collapse_all(t)
                return ("applied", None)
            i = self.index_of(step["collapse"])
            self.complete(t)
            if i in self.O:
                self.start_transition(i, None, t, 0)
            return ("applied", None)
        if "reveal" in step:
            return self.reveal(step["reveal"], t)
        if "resize" in step:
            self.complete(t)
            self.W = float(step["resize"]["width"])
            self.H = float(step["resize"]["height"])
            self.off = self.clamp(self.off)
            return ("applied", None)
        if "scroll" in step:
            self.complete(t)
            self.off = self.clamp(float(step["scroll"]))
            return ("applied", None)
        if "update" in step:
            return self.update(step["update"], t)
        if "present" in step:
            if self.modal is not None or not self.O:
                raise Rejected("present")
            self.complete(t)
            self.modal = step["present"]
            self.emit(t, "presentModal", min(self.O))
            return ("applied", None)
        if "dismiss" in step:
            if self.modal is None:
                raise Rejected("dismiss")
            self.complete(t)
            self.emit(t, "dismissModal", min(self.O))
            self.modal = None
            return ("applied", None)
        if "setPanels" in step:
            if self.modal is not None:
                raise Rejected("modal")
            self.complete(t)
            self.set_panels(step["setPanels"], t)
            self.off = self.clamp(self.off)
            return ("applied", None)
        raise ValueError("unknown step %r" % step)

    def reveal(self, target, t):
        """`reveal: ID` / `{panel: ID, open: true}` in a flat stack (the
        guide's `reveal`): a top-level panel has no panel above it, so only
        `open: true` opens it, as `expand` does, and not when it is closed
        and disabled (an error: nothing happens). Then, scrolling, its
        header (and its content when open) comes into view from the window
        shown before the step."""
        if self.modal is not None:
            raise Rejected("modal")
        pid, open_it = (target, False) if not isinstance(target, dict) else (target["panel"], target.get("open", False) is True)
        if not isinstance(pid, str):
            raise Rejected("reveal takes ids only")
        i = self.index_of(pid)
        if open_it and i not in self.O and self.panels[i].disabled:
            raise Rejected("reveal-blocked")
        self.complete(t)
        window = self.off
        if open_it and i not in self.O:
            frm = min(self.O) if self.expansion == "single" and self.O else None
            self.start_transition(frm, i, t, 0)
        self.off = window
        self.off = self.scroll_target(i)
        return ("applied", None)

    def update(self, u, t):
        """`update: {panel: ID, ...}` (the guide's `update`): the panel's
        properties replaced in place, at once, as `resize` does (a running
        transition completed first, the offset clamped to the new layout,
        nothing logged). The definition is the stack's own object, so a later
        `setPanels` naming the id brings it back updated. A modal does not
        block it; only ids name its panel, a top-level one."""
        if not isinstance(u.get("panel"), str):
            raise Rejected("update takes ids only")
        i = self.index_of(u["panel"])
        self.complete(t)
        p = self.panels[i]
        if "title" in u:
            p.title = u["title"]
        if "disabled" in u:
            p.disabled = u["disabled"] is True
        if "content" in u:
            c = dict(self.content_defaults)
            c.update(u["content"])
            p.content = c
        self.off = self.clamp(self.off)
        return ("applied", None)

    def collapse_all(self, t):
        for i in sorted(self.O):
            self.start_transition(i, None, t, 0)

    def tap(self, i, t):
        reason = None
        if self.modal is not None:
            reason = "modal"
        elif self.running(t) and self.interruption == "ignore":
            reason = "transition"
        elif self.panels[i].disabled:
            reason = "disabled"
        elif not self.collapsible and i in self.O and len(self.O) == 1:
            reason = "notCollapsible"
        if reason is not None:
            self.emit(t, "tapIgnored", i, reason)
            return ("ignored", reason)
        before = None
        off_from = None
        if self.running(t):
            if self.interruption == "retarget":
                before = self.shown(t)
                off_from = self.shown_offset(t)
            self.complete(t)
        if self.expansion == "single":
            e = min(self.O) if self.O else None
            if i == e:
                frm, to = e, None
            else:
                frm, to = e, i
        else:
            if i in self.O:
                frm, to = i, None
            else:
                frm, to = None, i
        self.start_transition(frm, to, t, self.duration, before, off_from)
        return ("applied", None)

    def set_panels(self, items, t):
        new = []
        for it in items:
            if isinstance(it, dict):
                p = Panel(it, self.default_header, self.content_defaults)
                self.defs[p.id] = p
                new.append(p)
            else:
                new.append(self.defs[it])
        new_ids = [p.id for p in new]
        kept = set()
        for i in sorted(self.O):
            pid = self.panels[i].id
            if pid in new_ids:
                kept.add(new_ids.index(pid))
            else:
                self.leave_entries(pid, t)
        self.panels = new
        self.O = kept
        if not kept and new:
            self.O = {0}
            self.load_entries(0, t)

    # ---- the dump --------------------------------------------------------

    def snapshot(self, T=None):
        """The JSON dump at moment T (default: when the container settles)."""
        o = copy.deepcopy(self)
        if T is None:
            T = o.now
            if o.tr is not None and o.tr["end"] > T:
                T = o.tr["end"]
        o.advance(T)
        ys, C = o.shown(T)
        run = o.running(T)
        e = min(o.O) if o.O else None
        if o.modal is not None:
            visible = {"kind": "modal", "title": o.modal}
        elif e is not None:
            visible = {"kind": "panel", "title": o.panels[e].title}
        else:
            visible = None
        tr = None
        if run:
            tr = {"from": o.tr["from"], "to": o.tr["to"], "start": o.tr["start"],
                  "end": o.tr["end"],
                  "progress": (T - o.tr["start"]) / (o.tr["end"] - o.tr["start"])}
        panels = []
        for i, p in enumerate(o.panels):
            content = None
            if i in C:
                content = {"x": o.inset, "y": ys[i] + p.h, "width": max(0.0, o.W - 2 * o.inset), "height": C[i]}
            panels.append({
                "index": i, "id": p.id, "title": p.title,
                "expanded": i in o.O, "disabled": p.disabled,
                "header": {"x": o.inset, "y": ys[i], "width": max(0.0, o.W - 2 * o.inset), "height": p.h},
                "content": content,
            })
        dump = {
            "title": o.title,
            "time": T,
            "container": {"width": o.W, "height": o.H, "layout": o.layout,
                          "expansion": o.expansion, "collapsible": o.collapsible,
                          "interruption": o.interruption},
            "expandedIndex": e,
            "expandedPanel": o.panels[e].id if e is not None else None,
            "expandedIndices": sorted(o.O),
            "visible": visible,
            "interactionEnabled": not run,
        }
        if o.style == "insetGrouped":
            dump["container"]["style"] = {"name": "insetGrouped", "inset": 16, "gap": 20, "cornerRadius": 10}
        if o.overflow == "scroll":
            dump["scroll"] = {"offset": o.shown_offset(T), "contentHeight": o.stack_height(o.O)}
        dump["transition"] = tr
        dump["panels"] = panels
        dump["events"] = o.log
        return dump
