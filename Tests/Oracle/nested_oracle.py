#!/usr/bin/env python3
"""An independent reading of the nested-accordion rules (issue 25's
semantics 1-8), written from the spec guide's "Nested accordions" and
"reveal" sections, never from the Swift model or the page's player.
`nested_oracle_test.py` compares it with `accordion render --format json`
on random nested specs and scripts; a disagreement means one of the two read
the text differently.

It takes a spec as `accordion resolve` prints it (JSON, anchors resolved)
and plays a script of `tap`, `expand`, `collapse` (an id, an index of the
top level, or `all`; `expand: null`), `reveal` (an id, or `{panel, open}`;
a blocked one raises `Rejected`), `setPanels`, `resize`, `present`,
`dismiss`, `wait` and any of these with
`at:`, in `fill` and `fit`, `clip` and `scroll`, plain and inset-grouped.
The flat rules that do not change with nesting are `modes_oracle.py`'s,
imported: the curves, the text measure (`Panel.intrinsic`), the reading of
a panel's own keys; the step clock is the same rule, restated here for the
tree's transitions.

What the guide's words are read as, where they leave a choice:

- a level's `headerHeight` default is the enclosing *level's*
  `headerHeight` (the container's, or the nested `content`'s), not the
  holding panel's own header height ("inherited from the enclosing level");
- a panel is `shown` in the dump at a moment when its header is on screen
  then: mid-transition that includes a subtree whose parent is closing
  (its frames are drawn, moving rigidly with the parent's header);
- "present on both sides" is judged per frame (a panel's header, a panel's
  content box); a frame present on one side only takes its offset from its
  nearest header present on both sides, looking first at its own panel's
  header (for a content box), then up the tree;
- a tap's scroll target is the panel it opens, at any level;
- `collapse: all` and `expand: null` are the same step, on every level,
  deepest level first, each level's panels in tree order;
- "a spec with a nested level" (whose `transition` gets `opened` and
  `closed`) is read at the dump's moment: a stack that holds a nested level
  then, so a `setPanels` that takes the last nested panel out makes the
  dump flat again, and one that brings a nested panel in makes it a tree;
- an open panel that `setPanels` takes out leaves with its shown
  descendants, grouped by kind as when it closes (descendants first);
- under `retarget`, the frames the new transition starts from are those
  shown at the tap: every header, and the content of a panel open in its
  level (one that stays open, or that this tap closes: "a nested frame
  whose parent closes" is one whose parent this tap closes). A content the
  running transition was closing is gone at the tap, as in a flat stack,
  and the level in it with it ("a level is shown only inside its parent's
  content box"); if the tap reopens that panel, its content appears with
  its settled height and the headers in it go on from where they were
  shown (nothing but that box jumps).

Standard library only. `python3 nested_oracle.py RESOLVED.json [--at T]`
prints the dump the oracle expects (numbers unrounded).
"""

import copy
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from modes_oracle import (  # noqa: E402
    DEFAULT_DURATION, DEFAULT_HEADER, DEFAULT_HEIGHT, DEFAULT_WIDTH, EPSILON,
    Panel, Rejected, curve_value)

LOAD = ("addChild", "viewWillAppear", "viewDidAppear", "didMoveToParent")


class Level:
    """One accordion level: its panels, rules and open set."""

    def __init__(self, d, holder, default_header, content_defaults, depth, dir_):
        self.holder = holder  # the Node whose content this level is, or None at the top
        self.depth = depth
        self.expansion = d.get("expansion", "single")
        self.collapsible = d.get("collapsible", True)
        self.indent = float(d.get("indent", 0)) if holder is not None else 0.0
        self.header = float(d.get("headerHeight", default_header))
        self.dir = dir_  # the direction of the content holding it (its start side)
        self.panels = [Node(p, self, content_defaults, dir_) for p in d.get("panels", [])]
        if "expanded" in d:
            e = d["expanded"]
            refs = [] if e is None else (e if isinstance(e, list) else [e])
            self.O = set(self.index_of(r) for r in refs)
        else:
            self.O = {0} if self.panels else set()

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
        raise Rejected("unknown panel %r in this level" % ref)


class Node:
    """One panel of the tree: a flat panel (modes_oracle's measures) that may
    hold a nested level."""

    def __init__(self, d, level, content_defaults, inherited_dir):
        self.level = level
        content = d.get("content")
        nested = isinstance(content, dict) and "panels" in content
        flat = dict(d)
        if nested:
            flat.pop("content")
        self.p = Panel(flat, level.header, content_defaults)
        self.id, self.title, self.h = self.p.id, self.p.title, self.p.h
        self.ch = self.p.ch
        self.disabled = self.p.disabled
        self.child = None
        if nested:
            # The start side of the content holding the level: its own `dir`,
            # else its panel's, else the level's above, up to the spec's.
            dir_ = content.get("dir") or d.get("dir") or inherited_dir
            self.child = Level(content, self, level.header, content_defaults, level.depth + 1, dir_)

    @property
    def index(self):
        return self.level.panels.index(self)

    @property
    def is_open(self):
        return self.index in self.level.O

    def ancestors(self):
        """The panels above this one, innermost first."""
        out = []
        h = self.level.holder
        while h is not None:
            out.append(h)
            h = h.level.holder
        return out

    def shown(self):
        return all(a.is_open for a in self.ancestors())


class NestedOracle:
    def __init__(self, spec):
        c = spec.get("container", {}) or {}
        self.title = spec.get("title")
        self.W = float(c.get("width", DEFAULT_WIDTH))
        self.H = float(c.get("height", DEFAULT_HEIGHT))
        self.layout = c.get("layout", "fill")
        self.interruption = c.get("interruption", "ignore")
        anim = c.get("animation", {}) or {}
        self.duration = float(anim.get("duration", DEFAULT_DURATION))
        self.curve = anim.get("curve", "easeInOut")
        self.overflow = c.get("overflow", "clip")
        self.content_defaults = c.get("content", {}) or {}
        # Inset-grouped sections: only the top level is sectioned (16 in
        # from each side, 20 above every section and below the last); a
        # nested level lies in its parent's content box, as in `plain`.
        self.style = c.get("style", "plain")
        self.gap = 20.0 if self.style == "insetGrouped" else 0.0
        self.inset = 16.0 if self.style == "insetGrouped" else 0.0
        self.spec_dir = spec.get("dir", "auto")
        top = dict(c)
        top["panels"] = spec.get("panels", [])
        top.setdefault("headerHeight", DEFAULT_HEADER)
        self.top = Level(top, None, DEFAULT_HEADER, self.content_defaults, 0, self.spec_dir)
        self.index_tree()
        # Every top-level definition so far, for `setPanels` to name again
        # (with its nested levels' open sets as they were).
        self.defs = {n.id: n for n in self.top.panels}
        self.ever = set(self.nodes)
        self.log = []
        self.seen = {}  # which rules the script reached, for the test's report
        self.now = 0.0
        self.tr = None
        self.modal = None
        self.off = 0.0
        # Load: each top-level panel open at load, top to bottom, arrives
        # with its shown descendants, grouped by kind.
        for i in sorted(self.top.O):
            group = self.arriving(self.top.panels[i])
            for ev in LOAD:
                for n in group:
                    self.emit(0.0, ev, n.id)

    # ---- the tree --------------------------------------------------------

    def index_tree(self):
        self.nodes = {}
        for n in self.tree():
            if n.id in self.nodes:
                raise Rejected("duplicate-panel-id %s" % n.id)
            self.nodes[n.id] = n

    def tree(self, level=None):
        """Every panel in tree order (a panel, then its level's panels)."""
        level = level or self.top
        for n in level.panels:
            yield n
            if n.child is not None:
                yield from self.tree(n.child)

    def levels(self, level=None):
        level = level or self.top
        yield level
        for n in level.panels:
            if n.child is not None:
                yield from self.levels(n.child)

    def open_descendants(self, node):
        """The panels under `node` that are shown when it is open, in tree order."""
        out = []
        if node.child is not None:
            for i, n in enumerate(node.child.panels):
                if i in node.child.O:
                    out.append(n)
                    out.extend(self.open_descendants(n))
        return out

    def arriving(self, node):
        return [node] + self.open_descendants(node)

    def leaving(self, node):
        return list(reversed(self.open_descendants(node))) + [node]

    def find(self, ref):
        """A step's panel: an id anywhere in the tree, or an index of the top level."""
        if isinstance(ref, bool) or ref is None:
            raise Rejected("bad ref")
        if isinstance(ref, int):
            return self.top.panels[self.top.index_of(ref)]
        if ref not in self.nodes:
            raise Rejected("unknown-panel-id %s" % ref)
        return self.nodes[ref]

    # ---- layout ------------------------------------------------------------

    def sizes(self, level, space, width):
        """{index: content height} of the level's open panels, for a level
        whose space is `space` and whose panels are `width` wide."""
        k = len(level.O)
        C = {}
        for i in level.O:
            n = level.panels[i]
            share = space / k
            if n.child is not None:
                L = n.child
                space_L = max(0.0, share - sum(m.h for m in L.panels))
                inner = self.sizes(L, space_L, max(0.0, width - L.indent))
                n._inner = inner
                if self.layout == "fill":
                    C[i] = share
                else:
                    own = sum(m.h for m in L.panels) + sum(inner.values())
                    if own > space + EPSILON and self.overflow != "scroll":
                        self.saw("layout passes capping a nested fit content")
                    C[i] = own if self.overflow == "scroll" else min(own, space)
                continue
            own = float(n.ch) if n.ch is not None else n.p.intrinsic(width)
            if self.layout == "fit" and own is not None:
                C[i] = own if self.overflow == "scroll" else min(own, space)
            else:
                C[i] = share
        return C

    def settled(self):
        """Every frame on screen when the tree is settled in its open sets:
        {(id, 'header'|'content'): [x, y, width, height]} (stack coordinates)."""
        frames = {}
        space = max(0.0, self.H - self.headers_total())
        width = max(0.0, self.W - 2 * self.inset)
        self._place(self.top, self.sizes(self.top, space, width), self.inset, self.gap, width, frames)
        return frames

    def headers_total(self):
        """The top level's headers, with the sections' gaps."""
        if not self.top.panels:
            return 0.0
        return sum(n.h for n in self.top.panels) + self.gap * (len(self.top.panels) + 1)

    def _place(self, level, C, x, y, width, frames):
        gap = self.gap if level is self.top else 0.0
        for i, n in enumerate(level.panels):
            if i:
                y += gap
            frames[(n.id, "header")] = [x, y, width, n.h]
            y += n.h
            if i in C:
                frames[(n.id, "content")] = [x, y, width, C[i]]
                if n.child is not None:
                    L = n.child
                    if L.dir == "rtl" and L.indent:
                        self.saw("layout passes with a right-to-left level")
                    lx = x if L.dir == "rtl" else x + L.indent
                    self._place(L, n._inner, lx, y, max(0.0, width - L.indent), frames)
                y += C[i]

    def nested_headers_overflow(self):
        """The panels whose shown, open nested level has headers taller than
        their content box, settled (`nested-headers-overflow`)."""
        f = self.settled()
        return [n.id for n in self.tree() if n.child is not None and (n.id, "content") in f
                and sum(m.h for m in n.child.panels) > f[(n.id, "content")][3] + EPSILON]

    def stack_height(self):
        f = self.settled()
        return self.headers_total() + sum(f[(n.id, "content")][3] for n in self.top.panels
                                          if (n.id, "content") in f)

    def clamp(self, off):
        if self.overflow != "scroll":
            return 0.0
        return min(max(0.0, off), max(0.0, self.stack_height() - self.H))

    def scroll_target(self, node, off):
        """The scroll-into-view rule from `off`, on the settled layout: the
        node's header, with its content when it is open."""
        if node is not None and self.overflow == "scroll":
            f = self.settled()
            y = f[(node.id, "header")][1]
            bottom = y + node.h + (f[(node.id, "content")][3] if (node.id, "content") in f else 0.0)
            if y < off:
                off = y
            elif bottom > off + self.H:
                off = min(y, bottom - self.H)
        return self.clamp(off)

    # ---- the clock and transitions ------------------------------------------

    def saw(self, what):
        self.seen[what] = self.seen.get(what, 0) + 1

    def emit(self, t, event, panel=None, reason=None, cause=None):
        e = {"time": t, "event": event}
        if panel is not None:
            e["panel"] = panel
        if reason is not None:
            e["reason"] = reason
        if cause is not None:
            e["cause"] = cause
        self.log.append(e)

    def running(self, t):
        return self.tr is not None and self.tr["start"] - EPSILON <= t < self.tr["end"] - EPSILON

    def complete(self, t):
        tr = self.tr
        if tr is None:
            return
        self.tr = None
        for ev, pid in tr["end_entries"]:
            self.emit(t, ev, pid, cause=tr["cause"])

    def advance(self, t):
        if self.tr is not None and t >= self.tr["end"] - EPSILON:
            self.complete(self.tr["end"])

    def fraction(self, t):
        tr = self.tr
        return curve_value(self.curve, (t - tr["start"]) / (tr["end"] - tr["start"]))

    def frames_at(self, t):
        """The frames shown at t: settled, or mid-transition interpolated."""
        after = self.settled()
        if not self.running(t):
            return after
        before = self.tr["before"]
        f = self.fraction(t)
        out = {}
        both = set(before) & set(after)
        for key in both:
            b, a = before[key], after[key]
            out[key] = [bb + (aa - bb) * f for bb, aa in zip(b, a)]
        for side in (before, after):
            for key, fr in side.items():
                if key in both:
                    continue
                anchor = self.anchor(key, both)
                ay = out[anchor][1]
                out[key] = [fr[0], ay + (fr[1] - side[anchor][1]), fr[2], fr[3]]
        return out

    def anchor(self, key, both):
        """The nearest header present on both sides of the transition."""
        node = self.nodes[key[0]]
        chain = ([node] if key[1] == "content" else []) + node.ancestors()
        for n in chain:
            if (n.id, "header") in both:
                return (n.id, "header")
        raise AssertionError("no anchor for %r" % (key,))

    def shown_offset(self, t):
        if not self.running(t):
            return self.off
        return self.tr["off_from"] + (self.off - self.tr["off_from"]) * self.fraction(t)

    def change(self, closing, opening, t, duration, cause, before=None, off_from=None, retarget=False):
        """One transition of the tree: `closing` and `opening` (nodes of one
        level, either may be None) change their level's open set. Shown
        panels log their groups; a change inside a closed parent is silent."""
        level = (closing or opening).level
        shown = (closing or opening).shown()
        if before is None:
            before = self.settled()
        if off_from is None:
            off_from = self.off
        was = {n.id: n.is_open for n in self.tree()}
        gone = self.leaving(closing) if closing is not None and shown else []
        if closing is not None:
            level.O.discard(closing.index)
        if opening is not None:
            if level.expansion == "single":
                level.O = set()
            level.O.add(opening.index)
        come = self.arriving(opening) if opening is not None and shown else []
        if not shown:
            self.saw("silent changes inside a closed parent")
            return
        if len(gone) > 1 or len(come) > 1:
            self.saw("transitions moving a subtree")
        if retarget:
            # The frames shown at the tap, from where and how high they were:
            # every header, and the content of a panel open in its level
            # (one that stays open, or that this tap closes; a subtree whose
            # parent this tap closes moves rigidly from there). A content
            # the running transition was closing is gone at the tap, as a
            # flat one is, and the level in it goes with its box; if this
            # tap opens it again it appears with its settled height, and the
            # headers in it go on from where they were shown.
            boxes_gone = {n.id for n in self.tree()
                          if (n.id, "content") in before and not was[n.id] and n is not opening}
            kept = {key: f for key, f in before.items()
                    if (key[1] == "header" or was[key[0]])
                    and not any(a.id in boxes_gone for a in self.nodes[key[0]].ancestors())}
            if any(self.nodes[key[0]].ancestors() and key[1] == "header" for key in set(before) - set(kept)):
                self.saw("retargets taking a closing content's level away")
            before = kept
            if any(not self.nodes[key[0]].shown() for key in before):
                self.saw("retargets carrying a subtree whose parent the tap closes")
        ids = lambda g: [n.id for n in g]  # noqa: E731
        self.emit(t, "beginIgnoringInteractionEvents", cause=cause)
        for ev, group in (("willMoveToParent", gone), ("addChild", come),
                          ("viewWillDisappear", gone), ("viewWillAppear", come)):
            for pid in ids(group):
                self.emit(t, ev, pid, cause=cause)
        end = []
        for ev, group in (("viewDidDisappear", gone), ("viewDidAppear", come),
                          ("didMoveToParent", come), ("removeFromParent", gone)):
            end += [(ev, pid) for pid in ids(group)]
        end.append(("endIgnoringInteractionEvents", None))
        self.off = self.scroll_target(opening, self.off) if opening is not None else self.clamp(self.off)
        top = level is self.top
        rec = {"from": closing.index if top and closing is not None else None,
               "to": opening.index if top and opening is not None else None,
               "opened": [n.id for n in self.tree() if n.is_open and not was[n.id]],
               "closed": [n.id for n in self.tree() if was[n.id] and not n.is_open],
               "cause": cause, "end_entries": end, "start": t, "end": t + duration,
               "before": before, "off_from": off_from}
        self.tr = rec
        if duration <= 0:
            self.complete(t)

    # ---- steps ----------------------------------------------------------------

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
        """Applies one step; returns ('applied'|'ignored', reason). A step the
        container refuses raises Rejected and changes nothing."""
        t = self.step_time(step)
        if t < self.now - 1e-12:
            raise Rejected("at-out-of-order")
        # Refusals first: a refused step changes nothing.
        if self.modal is not None and any(k in step for k in ("expand", "collapse", "reveal", "setPanels", "present")):
            raise Rejected("step-blocked-by-modal")
        for key in ("tap", "expand", "collapse"):
            if key in step and step[key] is not None and not (key == "collapse" and step[key] == "all"):
                self.find(step[key])
        if "reveal" in step:
            self.check_reveal(step["reveal"])
        if "setPanels" in step:
            copy.deepcopy(self).set_panels(step["setPanels"], t)
        if "present" in step and not self.top.O:
            raise Rejected("present-without-panel")
        if "dismiss" in step and self.modal is None:
            raise Rejected("dismiss-without-modal")
        self.advance(t)
        self.now = t
        if "wait" in step:
            return ("applied", None)
        if "tap" in step:
            return self.tap(self.find(step["tap"]), t)
        if "expand" in step and step["expand"] is not None:
            n = self.find(step["expand"])
            self.complete(t)
            if not n.is_open:
                frm = None
                if n.level.expansion == "single" and n.level.O:
                    frm = n.level.panels[min(n.level.O)]
                self.change(frm, n, t, 0, "expand")
            return ("applied", None)
        if "expand" in step or step.get("collapse") == "all":
            self.complete(t)
            cause = "expand" if "expand" in step else "collapse"
            for level in sorted(self.levels(), key=lambda L: -L.depth):
                for i in sorted(level.O):
                    if level.depth:
                        self.saw("collapse-all closes of nested panels")
                    self.change(level.panels[i], None, t, 0, cause)
            return ("applied", None)
        if "collapse" in step:
            n = self.find(step["collapse"])
            self.complete(t)
            if n.is_open:
                self.change(n, None, t, 0, "collapse")
            return ("applied", None)
        if "reveal" in step:
            return self.reveal(step["reveal"], t)
        if "setPanels" in step:
            self.complete(t)
            self.set_panels(step["setPanels"], t)
            self.off = self.clamp(self.off)
            return ("applied", None)
        if "resize" in step:
            # The whole tree laid out again at the new size (nested text
            # wraps at its level's new width), the offset clamped.
            self.complete(t)
            self.W = float(step["resize"]["width"])
            self.H = float(step["resize"]["height"])
            self.off = self.clamp(self.off)
            return ("applied", None)
        if "present" in step:
            # A modal over the top level's expanded panel: taps are ignored
            # (`modal`, before every other reason) and `expand`, `collapse`,
            # `reveal` and `setPanels` are refused until it is dismissed.
            self.complete(t)
            self.modal = step["present"]
            self.emit(t, "presentModal", self.top.panels[min(self.top.O)].id)
            return ("applied", None)
        if "dismiss" in step:
            self.complete(t)
            self.emit(t, "dismissModal", self.top.panels[min(self.top.O)].id)
            self.modal = None
            return ("applied", None)
        raise ValueError("unknown step %r" % step)

    def reveal_target(self, target):
        if isinstance(target, dict):
            pid, open_it = target.get("panel"), target.get("open", False) is True
        else:
            pid, open_it = target, False
        if not isinstance(pid, str):
            raise Rejected("reveal takes ids only")
        return self.find(pid), open_it

    def blocker(self, target):
        """The closed disabled panel a reveal would have to open, or None."""
        n, open_it = self.reveal_target(target)
        for a in reversed(n.ancestors()):
            if not a.is_open and a.disabled:
                return a
        if open_it and not n.is_open and n.disabled:
            return n
        return None

    def check_reveal(self, target):
        b = self.blocker(target)
        if b is not None:
            raise Rejected("reveal-blocked %s" % b.id)

    def reveal(self, target, t):
        n, open_it = self.reveal_target(target)
        self.complete(t)
        window = self.off
        chain = list(reversed(n.ancestors())) + ([n] if open_it else [])
        for a in chain:
            if not a.is_open:
                frm = None
                if a.level.expansion == "single" and a.level.O:
                    frm = a.level.panels[min(a.level.O)]
                    if a is not n:
                        self.saw("reveals closing a single-mode ancestor's sibling")
                self.change(frm, a, t, 0, "reveal")
                self.saw("reveal openings")
        off = self.scroll_target(n, window)
        if abs(off - self.off) > EPSILON:
            self.saw("reveals scrolling past the expands' own scroll")
        self.off = off
        return ("applied", None)

    def set_panels(self, items, t):
        """`setPanels` on the top level only: references name top-level
        definitions (a removed panel comes back with its nested levels' open
        sets), new definitions may nest and need ids new to the whole spec.
        An open panel that leaves writes its four leaving entries with its
        shown descendants, grouped by kind (descendants first, as when it
        closes), top to bottom; when no open panel stays, the first opens
        with the load entries of its shown descendants."""
        new = []
        for it in items:
            if isinstance(it, dict):
                n = Node(it, self.top, self.content_defaults, self.spec_dir)
                for m in [n] + list(self.tree_of(n)):
                    if m.id in self.ever:
                        raise Rejected("duplicate-panel-id %s" % m.id)
                    self.ever.add(m.id)
                self.defs[n.id] = n
                new.append(n)
            else:
                if it not in self.defs:
                    raise Rejected("unknown-panel-id %s" % it)
                if self.defs[it] not in self.top.panels and self.defs[it].child is not None:
                    self.saw("setPanels bringing a nested panel back")
                new.append(self.defs[it])
        if len(set(id(n) for n in new)) != len(new):
            raise Rejected("panel named twice")
        kept = []
        for i in sorted(self.top.O):
            n = self.top.panels[i]
            if n in new:
                kept.append(n)
            else:
                group = self.leaving(n)
                for ev in ("willMoveToParent", "viewWillDisappear", "viewDidDisappear", "removeFromParent"):
                    for m in group:
                        self.emit(t, ev, m.id, cause="setPanels")
        self.top.panels = new
        self.top.O = set(new.index(n) for n in kept)
        if not kept and new:
            self.top.O = {0}
            group = self.arriving(new[0])
            for ev in LOAD:
                for m in group:
                    self.emit(t, ev, m.id, cause="setPanels")
        self.index_tree()

    def tree_of(self, node):
        if node.child is not None:
            yield from self.tree(node.child)

    def tap(self, n, t):
        level = n.level
        reason = None
        if self.modal is not None:
            reason = "modal"
        elif self.running(t) and self.interruption == "ignore":
            reason = "transition"
        elif not n.shown():
            reason = "hidden"
        elif n.disabled:
            reason = "disabled"
        elif not level.collapsible and n.is_open and len(level.O) == 1:
            reason = "notCollapsible"
        if reason is not None:
            self.emit(t, "tapIgnored", n.id, reason)
            return ("ignored", reason)
        before = off_from = None
        retarget = False
        if self.running(t):
            if self.interruption == "retarget":
                shown = self.frames_at(t)
                off_from = self.shown_offset(t)
            self.complete(t)
            if self.interruption == "retarget":
                before = shown
                retarget = True
        if level.expansion == "single":
            e = level.panels[min(level.O)] if level.O else None
            closing, opening = e, (None if e is n else n)
        else:
            closing, opening = (n, None) if n.is_open else (None, n)
        self.change(closing, opening, t, self.duration, "tap", before, off_from, retarget)
        return ("applied", None)

    # ---- the dump -----------------------------------------------------------------

    def snapshot(self, T=None):
        """The JSON dump at moment T (default: when the container settles)."""
        o = copy.deepcopy(self)
        if T is None:
            T = o.now
            if o.tr is not None and o.tr["end"] > T:
                T = o.tr["end"]
        o.advance(T)
        frames = o.frames_at(T)
        run = o.running(T)
        top = o.top
        e = min(top.O) if top.O else None

        def frame(key):
            f = frames.get(key)
            return None if f is None else {"x": f[0], "y": f[1], "width": f[2], "height": f[3]}

        def panels(level):
            out = []
            for i, n in enumerate(level.panels):
                d = {"index": i, "id": n.id, "title": n.title, "expanded": i in level.O,
                     "disabled": n.disabled}
                if level is not top:
                    d["shown"] = (n.id, "header") in frames
                d["header"] = frame((n.id, "header"))
                d["content"] = frame((n.id, "content"))
                if n.child is not None:
                    L = n.child
                    d["nested"] = {"expansion": L.expansion, "collapsible": L.collapsible,
                                   "indent": L.indent, "expandedIndices": sorted(L.O),
                                   "panels": panels(L)}
                out.append(d)
            return out

        tr = None
        if run:
            tr = {"from": o.tr["from"], "to": o.tr["to"], "start": o.tr["start"], "end": o.tr["end"],
                  "progress": (T - o.tr["start"]) / (o.tr["end"] - o.tr["start"])}
            if any(n.child is not None for n in top.panels):
                tr["opened"] = o.tr["opened"]
                tr["closed"] = o.tr["closed"]
        dump = {
            "title": o.title,
            "time": T,
            "container": {"width": o.W, "height": o.H, "layout": o.layout,
                          "expansion": top.expansion, "collapsible": top.collapsible,
                          "interruption": o.interruption},
            "expandedIndex": e,
            "expandedPanel": top.panels[e].id if e is not None else None,
            "expandedIndices": sorted(top.O),
            "visible": ({"kind": "modal", "title": o.modal} if o.modal is not None
                        else {"kind": "panel", "title": top.panels[e].title} if e is not None else None),
            "interactionEnabled": not run,
        }
        if o.style == "insetGrouped":
            dump["container"]["style"] = {"name": "insetGrouped", "inset": 16, "gap": 20, "cornerRadius": 10}
        if o.overflow == "scroll":
            dump["scroll"] = {"offset": o.shown_offset(T), "contentHeight": o.stack_height()}
        dump["transition"] = tr
        dump["panels"] = panels(top)
        dump["events"] = o.log
        return dump


def play(spec, T=None):
    """The dump `render --format json [--at T]` should print for a spec with
    its script: at T only the steps whose time is at most T run."""
    o = NestedOracle(spec)
    for step in spec.get("script", []) or []:
        if T is not None and o.step_time(step) > T + EPSILON:
            break
        o.apply(step)
    return o.snapshot(T)


def main():
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("spec", help="a spec as `accordion resolve` prints it")
    ap.add_argument("--at", type=float, default=None)
    args = ap.parse_args()
    with open(args.spec) as f:
        spec = json.load(f)
    print(json.dumps(play(spec, args.at), indent=1))


if __name__ == "__main__":
    main()
