// The interactive page's player (`accordion render --format html`).
//
// The one second implementation of the tap rules beside the Swift model; the
// randomized browser test (Tests/Browser/random_test.py) holds it to the
// model, and its mutations prove that test can fail. Its only layout rules
// are "headers below an open panel move down by its content height", "a
// panel that shares the space gets its one-open height divided by the number
// open" and "a content view moves with its header", checked against the
// model in HTMLPlaybackTests; with `overflow: scroll` also the
// scroll-into-view rule and the offset moving with the frames, which the
// randomized browser test holds to the model's dumps. Everything else comes
// from the model through the page's embedded data (HTMLRender.data).
//
// It costs what the platform costs (Benchmarks/page_bench.py measures it
// beside a floor page): a frame writes only what moves, as `transform`s, and
// reads layout back only once its writes are done (`flush`). The headers
// sit in chunks of about sqrt(n / 2) headers each; a transition moves a
// chunk whose headers all move alike with one transform of the chunk, and
// the headers of the few other chunks one by one, so a tap that moves
// 10,000 headers writes about two hundred transforms a frame. A chunk's box holds its headers, so the browser skips
// the chunks off the screen (`content-visibility: auto`). A tap finds the
// new layout, what moves and which attributes change in a pass over the
// panels each and writes only what changed; a content view is filled the
// first time it is shown. A header's frame is its own translate plus its
// chunk's.
//
// This file is compiled into the binary as Generated/PlayerScript.swift:
// after editing it, run the command written at the top of that file
// (PlayerScriptTests fails until you do).
"use strict";
(() => {
  // The model's numbers for this page (HTMLRender.data): per panel its
  // header frame with nothing open (`header`), its content frame when it
  // alone is open (`content`, whose height is how far the headers below it
  // move), `shares` and `disabled` (present only when true), its title's
  // `lang` and `dir` where they differ from the page's, the title the model
  // cut for its header (`cut`, present only when cut: the page cuts no
  // title itself), its accessories as the model laid them out (`icon`,
  // `badge`, `detail` with `detailEnd`, `subtitle`), and what its content
  // view draws (`drawing`); the icons' paths (`icons`) and the separators'
  // lines (`separators`: panel, colour, thickness) once for the page.
  const D = JSON.parse(document.getElementById("accordion-data").textContent);
  const P = D.panels, n = P.length;
  // A tree (`D.nested`, HTMLRender's NestedData): its levels (holder, rules,
  // depth, panels, open set) and its nested panels in tree order, drawn as
  // top-level ones are. Panel number `num` is a top-level index below n and
  // nested panel `num - n` from n on: the model's own numbering, in which
  // the views are named (h<num>, c<num>). A flat stack has none of it.
  const NT = D.nested || null;
  const LV = NT ? NT.levels : [], NP = NT ? NT.panels : [];
  const m = NP.length, N = n + m;
  const spec = (num) => num < n ? P[num] : NP[num - n];
  const levelOpen = LV.map((l) => l.open.slice());
  const byID = new Map();
  for (let num = 0; num < N; num++) byID.set(spec(num).id, num);
  const disabled = (i) => spec(i).disabled === true;
  const $ = (id) => document.getElementById(id);
  // A part of the page's chrome (title, scale, state, log), or a detached
  // stand-in when the page was rendered without it (--chrome device | none).
  const slot = (id) => $(id) || document.createElement("span");
  const screen = $("screen");

  // The spec's curve: a cubic Bézier from (0,0) to (1,1) through the model's
  // control points, solved for its parameter exactly as the model's
  // TimingCurve does (Newton's method, bisection when Newton stalls or leaves
  // 0…1, tolerance 1e-12), so page and model agree far below a pixel.
  const [x1, y1, x2, y2] = D.curve;
  const cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx;
  const cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by;
  const sampleX = (s) => ((ax * s + bx) * s + cx) * s;
  const sampleY = (s) => ((ay * s + by) * s + cy) * s;
  const slopeX = (s) => (3 * ax * s + 2 * bx) * s + cx;
  function parameter(target) {
    const tolerance = 1e-12;
    let s = target;
    for (let i = 0; i < 16; i++) {
      const error = sampleX(s) - target;
      if (Math.abs(error) < tolerance) return s;
      const slope = slopeX(s);
      if (Math.abs(slope) < 1e-9) break;
      const next = s - error / slope;
      if (!(next >= 0 && next <= 1)) break;
      s = next;
    }
    let low = 0, high = 1;
    s = target;
    for (let i = 0; i < 100; i++) {
      const value = sampleX(s);
      if (Math.abs(value - target) < tolerance) return s;
      if (value < target) low = s; else high = s;
      s = (low + high) / 2;
      if (high - low < 1e-15) break;
    }
    return s;
  }
  function curve(progress) {
    if (!(progress > 0)) return 0;
    if (progress >= 1) return 1;
    if (D.curveName === "linear") return progress;
    return sampleY(parameter(progress));
  }

  // The model's settled frames with the panels in `open` expanded (k of
  // them): header i is its frame with nothing open, moved down by the
  // contents of the open panels above it; an open panel's content is its
  // frame when it alone is open, moved as its header is. A content height is
  // the model's with one panel open, or that divided by k for a panel that
  // shares the space.
  function settled(open, k) {
    const heads = [], bodies = [];
    let below = 0;
    for (let i = 0; i < n; i++) {
      const h = P[i].header;
      heads.push(below === 0 ? h : [h[0], h[1] + below, h[2], h[3]]);
      if (open[i]) {
        const c = P[i].content;
        const height = P[i].level !== undefined && fits ? holderHeight(P[i].level, k)
          : P[i].shares === true && k > 1 ? c[3] / k : c[3];
        bodies.push([c[0], c[1] + below, c[2], height]);
        below += height;
      } else {
        bodies.push(null);
      }
    }
    return NT ? { heads, bodies, nested: nestedSettled(bodies, k) } : { heads, bodies };
  }

  // The nested levels' layout (guide, "Nested accordions"; the model's
  // NestedLayout): a level lies in its holder's content box, inset by its
  // indent; its open panels without a size of their own share the space
  // its holder would get as a plain panel of its level, less the level's
  // headers. In `fit` a holder is as tall as its level's headers and open
  // contents, and a nested panel with a size of its own (`own`) asks for
  // it, capped at its level's space unless the container scrolls.
  const fits = D.layout === "fit", scrollsTree = D.overflow === "scroll";
  const sum = (a, b) => Math.min(a + b, Number.MAX_VALUE);
  const levelHeaders = LV.map((l) => l.panels.reduce((total, num) => sum(total, NP[num - n].header[3]), 0));
  function nestedHeight(q, space, each) {
    if (!fits) return each;
    let preferred;
    if (q.holds !== undefined) preferred = levelHeight(q.holds, each);
    else if (q.own !== undefined) preferred = q.own;
    else return each;
    return scrollsTree ? Math.max(0, preferred) : Math.max(0, Math.min(preferred, space));
  }
  function levelHeight(L, share) {
    const open = levelOpen[L], panels = LV[L].panels, headers = levelHeaders[L];
    const space = Math.max(0, share - headers), each = space / Math.max(1, open.length);
    let total = headers;
    for (const at of open) total = sum(total, nestedHeight(NP[panels[at] - n], space, each));
    return total;
  }
  // A top-level holder's content height in `fit` with k panels open at the top.
  function holderHeight(L, k) {
    const preferred = levelHeight(L, D.space / Math.max(1, k));
    return scrollsTree ? Math.max(0, preferred) : Math.max(0, Math.min(preferred, D.space));
  }
  // Every nested panel's settled [header, content] (null: not shown, or closed).
  function nestedSettled(bodies, k) {
    const out = new Array(m), share = D.space / Math.max(1, k);
    for (let i = 0; i < n; i++) if (P[i].level !== undefined) emitLevel(P[i].level, bodies[i], share, out);
    return out;
  }
  function emitLevel(L, box, share, out) {
    const lv = LV[L], open = levelOpen[L];
    // The indent is on the start side: the right in a right-to-left content.
    const x = (box ? box[0] : 0) + (lv.rtl ? 0 : lv.indent), w = Math.max(0, (box ? box[2] : 0) - lv.indent);
    const space = Math.max(0, share - levelHeaders[L]), each = space / Math.max(1, open.length);
    let cursor = box ? box[1] : 0;
    lv.panels.forEach((num, at) => {
      const q = NP[num - n];
      let head = null, body = null;
      if (box) {
        head = [x, cursor, w, q.header[3]];
        cursor = sum(cursor, q.header[3]);
        if (open.includes(at)) {
          const height = nestedHeight(q, space, each);
          body = [x, cursor, w, height];
          cursor = sum(cursor, height);
        }
      }
      out[num - n] = [head, body];
      if (q.holds !== undefined) emitLevel(q.holds, body, each, out);
    });
  }
  // The nested frames of transition t at eased fraction f, `heads` being the
  // top-level headers shown then: a frame shown before (t.a) and after (t.b)
  // moves between them; one shown on one side only rides with its nearest
  // ancestor header shown on both sides (a top-level header at the
  // outermost), keeping its offset from it on its side; none shows while
  // its holder's content box does not.
  function nestedAt(t, f, heads, bodies) {
    const A = t.a.nested, B = t.b.nested, out = new Array(m), anchor = new Int32Array(m);
    const mix = (a, b) => a + (b - a) * f;
    for (let j = 0; j < m; j++) {
      const q = NP[j], holder = LV[q.in].holder, inherited = holder >= n ? anchor[holder - n] : -1;
      const [hb, cb] = A[j], [ha, ca] = B[j];
      // Nothing of a level shows while its holder's content box does not.
      if (!(holder < n ? bodies[holder] : out[holder - n][1])) {
        anchor[j] = inherited;
        out[j] = [null, null];
      } else if (hb && ha) {
        anchor[j] = j;
        const y = mix(hb[1], ha[1]), under = y + ha[3];
        // A content is there before when t closes it or it stays open (not when t opens it).
        const before = n + j === t.nfrom || (ca && n + j !== t.nto) ? cb : null;
        const body = before && ca ? [ca[0], mix(before[1], ca[1]), ca[2], mix(before[3], ca[3])]
          : before ? [before[0], under, before[2], before[3]] : ca ? [ca[0], under, ca[2], ca[3]] : null;
        out[j] = [[ha[0], y, ha[2], ha[3]], body];
      } else if (hb || ha) {
        anchor[j] = inherited;
        const side = hb ? A : B, L = hb ? t.a : t.b, head = hb || ha, body = hb ? cb : ca;
        const from = inherited >= 0 ? side[inherited][0][1] : L.heads[q.top][1];
        const now = inherited >= 0 ? out[inherited][0][1] : heads[q.top][1];
        const ride = (r) => [r[0], now + (r[1] - from), r[2], r[3]];
        out[j] = [ride(head), body ? ride(body) : null];
      } else {
        anchor[j] = inherited;
        out[j] = [null, null];
      }
    }
    return out;
  }
  // Each shown nested view at its frame, written from the corner of its
  // holder's content box (`box(holder)`, the box shown at the same moment).
  function placeNested(frames, box) {
    for (let j = 0; j < m; j++) {
      const [head, body] = frames[j];
      if (!head) continue;
      const b = box(LV[NP[j].in].holder);
      if (!b) continue;
      place(heads[n + j], [head[0] - b[0], head[1] - b[1], head[2], head[3]]);
      if (body) place(bodies[n + j], [body[0] - b[0], body[1] - b[1], body[2], body[3]]);
    }
  }
  const placeSettled = (L) => placeNested(L.nested, (h) => h < n ? L.bodies[h] : L.nested[h - n][1]);
  const lerp = (a, b, k) => [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k,
                             a[2] + (b[2] - a[2]) * k, a[3] + (b[3] - a[3]) * k];
  // A content view moves exactly as its own header moves.
  const follow = (r, from, to) => [r[0] + to[0] - from[0], r[1] + to[1] - from[1], r[2], r[3]];

  // State: where the model left the container, then the page's own clock.
  const open = new Array(n).fill(false);
  for (const i of D.state.open) open[i] = true;
  let k = D.state.open.length;
  let modal = D.state.modal;
  let T = null;
  // The page's clock runs in real time from the moment shown at load. A test
  // opens the page with ?clock=manual to hold it there and moves it with
  // __accordion.setTime, so a click lands at an exact container time.
  const clockStart = performance.now(), timeStart = D.state.time;
  let manual = /[?&]clock=manual(&|$)/.test(location.search) ? timeStart : null;
  const now = () => manual ?? timeStart + (performance.now() - clockStart) / 1000;
  let shown = timeStart;
  const LOG = D.log.slice();
  // expandedIndex: the lowest open panel.
  const first = () => { const i = open.indexOf(true); return i < 0 ? null : i; };

  // The views: each header a button inside a heading, controlling its
  // content region (the WAI-ARIA accordion pattern).
  document.title = D.title === null ? "accordion" : D.title;
  slot("title").textContent = D.title === null ? "accordion" : D.title;
  if (D.titleDir) slot("title").dir = D.titleDir;
  screen.style.width = D.width + "px";
  screen.style.height = D.height + "px";
  screen.style.background = D.background;
  // insetGrouped: each panel a rounded section (its header and its content
  // view, at the model's frames); a header's lower corners are square while
  // its content view shows under it.
  if (D.sections) {
    screen.classList.add("sections");
    screen.style.setProperty("--section-radius", D.sections.radius + "px");
  }

  // The device around the screen, as the SVG draws it (the model's
  // DeviceFrame), scaled down to fit the window: a CSS transform, so the
  // browser's hit testing maps clicks through it exactly.
  const F = D.frame, chassis = $("chassis"), device = $("device"), stage = $("stage");
  const px = (v) => v + "px";
  chassis.style.width = device.style.width = px(F.width);
  chassis.style.height = device.style.height = px(F.height);
  chassis.classList.add(F.kind, F.landscape ? "landscape" : "portrait");
  device.style.padding = px(F.bezel);
  device.style.borderRadius = px(F.radius);
  // On a named device the container is the screen's safe area: the screen
  // (the glass, with the status bar and home indicator the SVG draws) lies
  // under it, and the container sits inside the insets.
  let glass = null;
  if (F.insets) {
    device.style.padding = F.insets.map((v) => px(v + F.bezel)).join(" ");
    glass = document.createElement("div");
    glass.className = "glass";
    glass.setAttribute("aria-hidden", "true");
    const [w, h, r] = F.screen;
    Object.assign(glass.style, { left: px(F.bezel), top: px(F.bezel), width: px(w), height: px(h), borderRadius: px(r),
      background: D.background });
    glass.innerHTML = F.glass;
    device.prepend(glass);
    screen.classList.add("inset");
  }
  // Without chrome (kind "none") nothing is drawn around the screen.
  if (F.kind === "none") Object.assign(device.style, { background: "none", boxShadow: "none" });
  for (const [x, y, w, h] of F.buttons) {
    const b = document.createElement("span");
    b.className = "button";
    Object.assign(b.style, { left: px(x), top: px(y), width: px(w), height: px(h) });
    device.before(b);
  }
  if (F.camera) {
    const [x, y, r] = F.camera, c = document.createElement("span");
    c.className = "camera";
    Object.assign(c.style, { left: px(x - r), top: px(y - r), width: px(2 * r), height: px(2 * r) });
    device.prepend(c);
  }
  let scale = 1;
  function fit() {
    const body = getComputedStyle(document.body);
    const wide = window.innerWidth - parseFloat(body.paddingLeft) - parseFloat(body.paddingRight);
    const top = stage.getBoundingClientRect().top + window.scrollY;
    const tall = window.innerHeight - top - parseFloat(body.paddingBottom) - slot("scale").offsetHeight - 8;
    scale = Math.min(1, Math.max(0.05, Math.min(wide / F.width, tall / F.height)));
    chassis.style.transform = scale === 1 ? "" : "scale(" + scale + ")";
    stage.style.width = px(F.width * scale);
    stage.style.height = px(F.height * scale);
    slot("scale").textContent = (F.kind === "tablet" ? "tablet" : "phone") + (F.landscape ? ", landscape" : "")
      + " · " + D.width + " × " + D.height + " pt at " + Math.round(scale * 1000) / 10 + "%";
  }
  fit();
  window.addEventListener("resize", fit);
  // A panel's own content: the lines the model wrapped (never re-wrapped
  // here) at its metrics, or rows with title, detail, separator and chevron,
  // laid out from the content's top as the SVG draws them; the content view
  // clips them to its frame.
  // Each line or row runs in the direction the model's data gives it
  // (`dirs`, one letter each, written when one runs against the page's), a
  // right-to-left line starting at the right padding; the browser's bidi
  // orders the characters inside it.
  function drawContent(c, x) {
    if (x.lang) c.lang = x.lang;
    const rtl = (i) => x.dirs ? x.dirs[i] === "r" : D.rtl;
    const dir = (el, i) => { if (x.dirs && rtl(i) !== D.rtl) el.dir = rtl(i) ? "rtl" : "ltr"; };
    if (x.lines) {
      const pad = x.padding, font = x.fontSize, line = x.lineHeight;
      x.lines.forEach((text, i) => {
        const el = document.createElement("div");
        el.className = "line";
        el.textContent = text;
        dir(el, i);
        Object.assign(el.style, { [rtl(i) ? "right" : "left"]: pad + "px", top: pad + i * line + "px", height: line + "px",
                                  lineHeight: line + "px", fontSize: font + "px" });
        // A font-measured text is drawn in the faces it was shaped in (the page carries their subsets).
        if (x.font) Object.assign(el.style, { fontFamily: x.font, fontWeight: String(x.fontWeight) });
        c.append(el);
      });
    } else {
      const rh = x.rowHeight, title = Math.min(17, Math.max(7, rh * 0.39)), detail = Math.min(13, Math.max(6, rh * 0.3));
      x.rows.forEach(([t, d], i) => {
        const el = document.createElement("div");
        el.className = "row";
        dir(el, i);
        Object.assign(el.style, { top: i * rh + "px", height: rh + "px" });
        const b = document.createElement("b");
        b.textContent = t;
        b.style.fontSize = title + "px";
        el.append(b);
        if (d !== null) {
          const s = document.createElement("small");
          s.textContent = d;
          s.style.fontSize = detail + "px";
          el.append(s);
        }
        c.append(el);
      });
    }
  }
  const size = (v) => String(Math.round(v * 1000) / 1000);
  // What a content view shows, made the first time it is shown: its drawing,
  // or a card with the panel's title and the content's size.
  const filled = new Uint8Array(N);
  function fill(i) {
    filled[i] = 1;
    const p = spec(i), c = bodies[i];
    if (p.drawing && p.drawing.level) {
      // A nested level: its own headers and contents, made at load.
    } else if (p.drawing) {
      drawContent(c, p.drawing);
    } else {
      const card = document.createElement("div");
      card.className = "card";
      const b = document.createElement("b");
      b.textContent = p.title;
      card.append(b);
      // A top-level panel's size when it alone is open (a nested one's depends on what is open).
      if (p.content) {
        const s = document.createElement("span");
        s.textContent = size(p.content[2]) + " × " + size(p.content[3]);
        card.append(s);
      }
      c.append(card);
    }
  }

  // The views: each header a button inside a heading, controlling its
  // content region (the WAI-ARIA accordion pattern). Header i sits in chunk
  // g = (i / K | 0), whose own translate (chunkX[g], chunkY[g]) adds to the
  // header's (headX[i], headY[i]): the frame written for the header. A
  // tree's headers are not chunked: each heading comes right before its
  // region in the page, every level's, so the page reads as nested
  // accordions do (and its headings go down one level at a time).
  const K = NT ? n + 1 : Math.max(2, Math.round(Math.sqrt(n / 2)));
  const chunkCount = NT ? 0 : Math.ceil(n / K);
  const chunkX = new Float64Array(Math.max(1, chunkCount)), chunkY = new Float64Array(Math.max(1, chunkCount));
  const headX = new Float64Array(n).fill(NaN), headY = new Float64Array(n).fill(NaN);
  const headW = new Float64Array(n).fill(NaN), headH = new Float64Array(n).fill(NaN);
  const heads = new Array(N), bodies = new Array(N), marks = new Array(N), chunks = new Array(chunkCount);
  const views = document.createDocumentFragment(), headers = document.createDocumentFragment();
  // The views of panel `num` (its spec `p`): a content region, and a
  // header button inside a heading of `level` (beyond 6, a div with the
  // heading role and aria-level, which HTML's h1-h6 cannot say).
  function makeViews(num, p, level) {
    const c = document.createElement("div");
    c.className = p.drawing ? "content filled" : "content" + (p.content && p.content[3] < 64 ? " short" : "");
    c.id = "c" + num;
    c.setAttribute("role", "region");
    c.setAttribute("aria-labelledby", "h" + num);
    c.hidden = true;
    bodies[num] = c;
    let heading;
    if (level <= 6) {
      heading = document.createElement("h" + level);
    } else {
      heading = document.createElement("div");
      heading.setAttribute("role", "heading");
      heading.setAttribute("aria-level", String(level));
    }
    heading.className = "heading";
    const h = document.createElement("button");
    h.type = "button";
    h.className = "header";
    h.id = "h" + num;
    h.setAttribute("aria-controls", c.id);
    if (p.lang) h.lang = p.lang;
    if (p.dir) h.dir = p.dir;
    h.style.cssText = "background:" + p.color + ";color:" + p.titleColor + ";font-size:"
      + Math.min(17, Math.max(7, p.header[3] * 0.42)) + "px";
    // A title the model shaped in a font is drawn in it (the page carries its subsets).
    if (p.titleFont) h.style.fontFamily = p.titleFont;
    const mark = document.createElement("span");
    mark.setAttribute("aria-hidden", "true");
    // The title: the model's cut when it cut it (a screen reader reads the
    // whole title), then the header's accessories as the model laid them
    // out (HeaderLayout): the icon before it, the badge after it, the
    // detail before the mark, the subtitle under it.
    let title = p.title;
    if (p.cut !== undefined) {
      const drawn = document.createElement("span"), whole = document.createElement("span");
      drawn.setAttribute("aria-hidden", "true");
      drawn.textContent = p.cut;
      whole.className = "visually-hidden";
      whole.textContent = p.title;
      title = document.createDocumentFragment();
      title.append(drawn, whole);
    }
    const plain = p.icon === undefined && p.badge === undefined && p.detail === undefined && p.subtitle === undefined;
    if (plain) {
      h.append(title, mark);
    } else {
      const line = document.createElement("span");
      line.className = "line";
      line.append(title);
      if (p.badge !== undefined) {
        const badge = document.createElement("span");
        badge.className = "badge";
        badge.style.cssText = "background:" + p.titleColor + ";color:" + p.color.slice(0, 7);
        badge.textContent = p.badge;
        line.append(badge);
      }
      h.append(line);
      if (p.icon !== undefined) {
        // Parsed as HTML, an <svg> is in the SVG namespace; the path data is the model's own table.
        const holder = document.createElement("span");
        holder.innerHTML = '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path></path></svg>';
        holder.firstChild.firstChild.setAttribute("d", D.icons[p.icon]);
        h.classList.add("has-icon");
        h.append(holder.firstChild);
      }
      if (p.subtitle !== undefined) {
        const sub = document.createElement("span");
        sub.className = "subtitle";
        sub.textContent = p.subtitle;
        h.append(sub);
      }
      if (p.detail !== undefined) {
        const detail = document.createElement("span");
        detail.className = "detail";
        detail.textContent = p.detail;
        h.style.paddingInlineEnd = p.detailEnd + "px";
        h.append(detail);
      }
      h.append(mark);
    }
    heading.append(h);
    heads[num] = h;
    marks[num] = mark;
    if (p.header[3] * 0.18 <= 2) {
      // Too low for a mark: the title has the mark's room too (HeaderTitle.room).
      mark.hidden = true;
      h.classList.add("bare");
    }
    return heading;
  }
  for (let i = 0; i < n; i++) {
    if (NT) {
      views.append(makeViews(i, P[i], D.headingLevel), bodies[i]);
      continue;
    }
    if (i % K === 0) {
      const chunk = chunks[i / K] = document.createElement("div");
      chunk.className = "chunk";
      headers.append(chunk);
    }
    chunks[(i / K) | 0].append(makeViews(i, P[i], D.headingLevel));
    views.append(bodies[i]);
  }
  // A nested panel's views lie inside the content region of the panel
  // holding its level (which comes first in tree order), placed from its
  // corner: the region clips them, hides them while it is hidden, and holds
  // them for the browser's find-in-page. Its headings are one level deeper
  // than its holder's.
  for (let j = 0; j < m; j++) {
    const lv = LV[NP[j].in], box = bodies[lv.holder];
    const heading = makeViews(n + j, NP[j], D.headingLevel + lv.depth);
    box.append(heading, bodies[n + j]);
  }
  views.append(headers);

  // The appearance: the spec's colours of one of its two appearances (the
  // model's: each panel's `dark` pair, `darkBackground`, `darkSeparators`),
  // and the page's own in the same one (the .dark style). The page starts
  // in the one it was rendered in (`appearance`) or the viewer's
  // (prefers-color-scheme), follows the viewer's when it changes, and has
  // a toggle. A spec whose colours are the same in both has neither.
  const darkQuery = D.themes && window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  const toggle = slot("appearance");
  let separatorLines = [];
  function paint(dark) {
    document.documentElement.classList.toggle("dark", dark);
    screen.style.background = dark ? D.darkBackground : D.background;
    if (glass) glass.style.background = screen.style.background;
    for (let i = 0; i < N; i++) {
      const p = spec(i), [colour, ink] = dark && p.dark ? p.dark : [p.color, p.titleColor];
      heads[i].style.background = colour;
      heads[i].style.color = ink;
      const badge = heads[i].querySelector(".badge");
      if (badge) { badge.style.background = ink; badge.style.color = colour.slice(0, 7); }
    }
    // A line on the top edge of a header below another (HeaderSeparator.lines).
    for (const line of separatorLines) line.remove();
    separatorLines = [];
    for (const [i, colour, thickness] of (dark ? D.darkSeparators : D.separators) || []) {
      const line = document.createElement("span");
      line.className = "separator";
      line.setAttribute("aria-hidden", "true");
      line.style.cssText = "height:" + thickness + "px;background:" + colour;
      // Before the mark: a header's first child is its title and its last its mark.
      heads[i].insertBefore(line, marks[i]);
      separatorLines.push(line);
    }
    toggle.setAttribute("aria-pressed", String(dark));
  }
  paint(D.themes === true && (D.appearance === "dark" || (D.appearance === undefined && darkQuery !== null && darkQuery.matches)));
  if (D.themes) {
    toggle.hidden = false;
    toggle.addEventListener("click", () => paint(toggle.getAttribute("aria-pressed") !== "true"));
    if (darkQuery) darkQuery.addEventListener("change", (ev) => paint(ev.matches));
  }
  // One listener each for all the headers: a click taps one; the arrows,
  // Home and End move the focus between them.
  const headerOf = (ev) => {
    const h = ev.target instanceof Element ? ev.target.closest(".header") : null;
    return h && screen.contains(h) ? Number(h.id.slice(1)) : null;
  };
  // Enter and Space on a focused header tap it as the button's own
  // activation would (Enter at the key press, again as it repeats; Space
  // when released), but as a key: the player takes them before the button
  // turns them into a click, so a change says which it was.
  screen.addEventListener("click", (ev) => {
    const i = headerOf(ev);
    if (i === null) return;
    tap(i, D.causes.click);
    flush();
  });
  screen.addEventListener("keyup", (ev) => {
    const i = headerOf(ev);
    if (i === null || ev.key !== " ") return;
    ev.preventDefault();
    tap(i, D.causes.key);
    flush();
  });
  screen.addEventListener("keydown", (ev) => {
    const i = headerOf(ev);
    if (i === null) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      if (ev.key === "Enter") {
        tap(i, D.causes.key);
        flush();
      }
      return;
    }
    // Within the header's own level: each level is its own accordion.
    const level = i < n ? null : LV[NP[i - n].in].panels, at = i < n ? i : NP[i - n].at;
    const count = level === null ? n : level.length;
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: count - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    const next = (to + count) % count;
    heads[level === null ? next : level[next]].focus({ preventScroll: true });
  });
  // The page's outline leads down to the headers' level: visually hidden
  // headings for the levels between the page's title and theirs.
  const outline = ["Preview", "Device", "Screen", "Container"];
  for (let level = 2; level < D.headingLevel; level++) {
    const caption = document.createElement("h" + level);
    caption.className = "visually-hidden";
    caption.textContent = outline[outline.length - (D.headingLevel - level)];
    screen.before(caption);
  }
  const sheet = document.createElement("div");
  sheet.className = "modal";
  sheet.hidden = true;

  // A write is skipped when it would not change what is written: sizes
  // change only when a content's share of the space does.
  const place = (el, r) => {
    if (el._x !== r[0] || el._y !== r[1]) {
      el._x = r[0];
      el._y = r[1];
      el.style.transform = "translate(" + r[0] + "px," + r[1] + "px)";
    }
    if (el._w !== r[2] || el._h !== r[3]) {
      el._w = r[2];
      el._h = r[3];
      el.style.width = r[2] + "px";
      el.style.height = r[3] + "px";
    }
  };
  // Header i at frame r: its own translate is r less its chunk's.
  function placeHead(i, r) {
    const g = (i / K) | 0, x = r[0] - chunkX[g], y = r[1] - chunkY[g], h = heads[i];
    if (headX[i] !== x || headY[i] !== y) {
      headX[i] = x;
      headY[i] = y;
      h.style.transform = "translate(" + x + "px," + y + "px)";
    }
    if (headW[i] !== r[2] || headH[i] !== r[3]) {
      headW[i] = r[2];
      headH[i] = r[3];
      h.style.width = r[2] + "px";
      h.style.height = r[3] + "px";
    }
  }
  // Chunk g at (x, y): every header in it moves with it.
  function moveChunk(g, x, y) {
    if (chunkX[g] === x && chunkY[g] === y) return;
    chunkX[g] = x;
    chunkY[g] = y;
    chunks[g].style.transform = "translate(" + x + "px," + y + "px)";
  }
  // A chunk's box holds its headers wherever they are on the way (the
  // browser skips drawing a chunk whose box is off the screen, and clips a
  // chunk's headers to it): the smallest box around the frames of its
  // headers in each of `layouts`. Its corner is the chunk's translate, so
  // the headers are placed again from it.
  function fitChunk(g, layouts) {
    const lo = g * K, hi = Math.min(n, lo + K);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const L of layouts) {
      for (let i = lo; i < hi; i++) {
        const r = L.heads[i];
        x0 = Math.min(x0, r[0]);
        y0 = Math.min(y0, r[1]);
        x1 = Math.max(x1, r[0] + r[2]);
        y1 = Math.max(y1, r[1] + r[3]);
      }
    }
    if (x0 !== chunkX[g] || y0 !== chunkY[g]) moveChunk(g, x0, y0);
    const el = chunks[g];
    if (el._w !== x1 - x0 || el._h !== y1 - y0) {
      el._w = x1 - x0;
      el._h = y1 - y0;
      el.style.width = el._w + "px";
      el.style.height = el._h + "px";
    }
    for (let i = lo; i < hi; i++) placeHead(i, layouts[0].heads[i]);
  }

  // The frames of transition t at container time tau: every header and every
  // content that stays open moves from where t started (a) to where it
  // settles (b); the content that closes keeps its starting height and the one
  // that opens its settled height, each moving as its header. A transition
  // the page joined under way starts from the frames shown then, at eased
  // fraction t.k0. `fraction` is how far along t is at tau (0 to 1).
  function fraction(t, tau) {
    const p = t.end > t.start ? (Math.max(tau, t.start) - t.start) / (t.end - t.start) : 1;
    const eased = curve(p);
    return t.k0 === 0 ? eased : t.k0 < 1 ? (eased - t.k0) / (1 - t.k0) : 1;
  }
  const headAt = (t, i, f) => lerp(t.a.heads[i], t.b.heads[i], f);
  function bodyAt(t, i, f) {
    return i === t.from ? follow(t.a.bodies[i], t.a.heads[i], headAt(t, i, f))
      : i === t.to ? follow(t.b.bodies[i], t.b.heads[i], headAt(t, i, f))
      : t.b.bodies[i] && lerp(t.a.bodies[i], t.b.bodies[i], f);
  }
  function frames(t, tau, eased = fraction(t, tau)) {
    const f = eased, heads = [], bodies = [];
    for (let i = 0; i < n; i++) {
      heads.push(headAt(t, i, f));
      bodies.push(bodyAt(t, i, f));
    }
    const out = { heads, bodies, offset: t.o0 + (t.o1 - t.o0) * f };
    if (NT) out.nested = nestedAt(t, f, heads, bodies);
    return out;
  }
  const same = (a, b) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
  // What transition t moves, found in one pass when it starts: each chunk
  // whose headers all move by one offset and keep their size moves as one,
  // from where it is; in the other chunks the headers that move move one by
  // one; and the content views that move (the one closing, the one opening,
  // those that stay open but move).
  function plan(t) {
    t.chunks = [];
    t.heads = [];
    t.bodies = [];
    for (let g = 0; g < chunkCount; g++) {
      const lo = g * K, hi = Math.min(n, lo + K);
      const dx = t.b.heads[lo][0] - t.a.heads[lo][0], dy = t.b.heads[lo][1] - t.a.heads[lo][1];
      let together = true;
      for (let i = lo; i < hi && together; i++) {
        const a = t.a.heads[i], b = t.b.heads[i];
        together = Math.abs(b[0] - a[0] - dx) < 1e-9 && Math.abs(b[1] - a[1] - dy) < 1e-9
          && a[2] === b[2] && a[3] === b[3];
      }
      if (together) {
        if (dx !== 0 || dy !== 0) t.chunks.push([g, chunkX[g], chunkY[g], dx, dy]);
      } else {
        fitChunk(g, [t.a, t.b]);
        for (let i = lo; i < hi; i++) if (!same(t.a.heads[i], t.b.heads[i])) t.heads.push(i);
      }
    }
    if (NT) for (let i = 0; i < n; i++) if (!same(t.a.heads[i], t.b.heads[i])) t.heads.push(i);
    for (let i = 0; i < n; i++) {
      if (i === t.from || i === t.to || (t.b.bodies[i] && !same(t.a.bodies[i], t.b.bodies[i]))) t.bodies.push(i);
    }
    return t;
  }
  // Transition t drawn at eased fraction f: only what it moves.
  function draw(t, f) {
    for (const [g, x, y, dx, dy] of t.chunks) moveChunk(g, x + dx * f, y + dy * f);
    for (const i of t.heads) placeHead(i, headAt(t, i, f));
    for (const i of t.bodies) place(bodies[i], bodyAt(t, i, f));
    // A tree's nested views are placed from their holders' boxes, all of them
    // (a tree is drawn whole: nested levels are for screens of panels, not thousands).
    if (NT) {
      const shown = frames(t, null, f);
      placeNested(shown.nested, (h) => h < n ? shown.bodies[h] : shown.nested[h - n][1]);
    }
  }

  // Scrolling (overflow: scroll): the screen is a real scrolling element
  // showing the window [offset, offset + H) of the stack. S is the settled
  // stack's height; opening panel i heads for the smallest change that shows
  // its header and as much of its content as fits, judged on the settled
  // layout after, clamped to [0, max(0, S - H)]; a close only clamps.
  const scrolls = D.overflow === "scroll";
  // (In sections, the gap below the last one is part of the stack.)
  const stackHeight = (L) => n === 0 ? 0
    : L.heads[n - 1][1] + L.heads[n - 1][3] + (L.bodies[n - 1] ? L.bodies[n - 1][3] : 0) + (D.sections ? D.sections.gap : 0);
  function scrollTarget(L, i, offset) {
    if (!scrolls) return 0;
    let target = offset;
    // Panel i's header, with its content when open (a nested one's frames in the settled tree).
    const [head, body] = i === null ? [null, null] : i < n ? [L.heads[i], L.bodies[i]] : L.nested[i - n];
    if (head) {
      const y = head[1], bottom = i < n ? y + head[3] + (body ? body[3] : 0) : body ? body[1] + body[3] : y + head[3];
      if (y < offset) target = y;
      else if (bottom > offset + D.height) target = Math.min(y, bottom - D.height);
    }
    return Math.min(Math.max(0, target), Math.max(0, stackHeight(L) - D.height));
  }
  let offset = D.state.scroll ? D.state.scroll.offset : 0, shownOffset = offset;
  // The settled layout of the panels open now (the one a running transition heads for).
  let layout = null;
  // What the browser made of the offset last set: it may round or clamp it
  // (a screen a fraction of a pixel short of the stack), and the scroll
  // event that follows is then the page's own, not the user's.
  let appliedTop = null;
  const sizer = document.createElement("div");
  sizer.className = "sizer";
  if (scrolls) {
    screen.classList.add("scrolls");
    // The user's own scrolling moves the settled offset (the page's scroll
    // step); during a transition the page drives the offset, and the next
    // frame undoes a scroll away from it.
    screen.addEventListener("scroll", () => {
      const top = screen.scrollTop;
      if (T) {
        if (Math.abs(top - writtenTop) >= 0.5) writtenTop = null;
        return;
      }
      if (top === appliedTop || Math.abs(top - shownOffset) < 0.5) return;
      offset = shownOffset = Math.min(Math.max(0, top), Math.max(0, stackHeight(layout) - D.height));
    });
  }

  // Draws the container at container time tau: the running transition's
  // frame (a settled container has nothing to move), then the scroll offset
  // (set by `flush`).
  let sizerHeight = null, writtenTop = null, sheetTop = null;
  const clock = document.createTextNode("");
  slot("time").append(clock);
  function render(tau) {
    const f = T ? fraction(T, tau) : 1;
    if (T) draw(T, f);
    if (scrolls) {
      shownOffset = T ? T.o0 + (T.o1 - T.o0) * f : offset;
      // Room to scroll exactly to S when settled, and to the offset shown during a transition.
      const room = Math.max(stackHeight(layout), shownOffset + D.height);
      if (room !== sizerHeight) sizer.style.height = (sizerHeight = room) + "px";
      if (!T || shownOffset !== writtenTop) pendingTop = writtenTop = shownOffset;
      // A presented modal covers the window shown, not the top of the stack.
      if (shownOffset !== sheetTop) sheet.style.transform = "translateY(" + (sheetTop = shownOffset) + "px)";
    }
    shown = tau;
    clock.data = tau.toFixed(3) + " s";
  }

  // A header whose tap would be ignored because of its panel: disabled and
  // closed (a slashed circle: cannot be opened), or open and unable to close
  // (a lock: pinned, cannot be closed). Such a button says aria-disabled
  // and stays in the focus order. One pass that writes only what changed:
  // each panel's last written state is kept as flag bits.
  //
  // A closed content is `hidden="until-found"`, so that the browser's
  // find-in-page (and a text fragment) can find the text in it and ask to
  // show it (`beforematch`, below); a closed content that a closed disabled
  // panel keeps shut (its own, or one above it) is plainly hidden, so the
  // browser cannot open what the model would refuse. A stack of more than
  // 1,000 panels hides its closed contents plainly: a box hidden until found
  // is still laid out, and ten thousand of them slowed every frame of a
  // transition (Benchmarks/page_bench.py), so its find-in-page finds only
  // what is shown.
  const findable = N <= 1000;
  const SHOWN = 1, FRONT = 2, EXPANDED = 4, REFUSES = 8, BLOCKED = 16, PINNED = 32, SEALED = 64;
  const written = new Int16Array(N).fill(-1);
  function showContents() {
    // A nested content shows while it has a frame, which it keeps (or lacks) through a transition.
    const moving = T && NT ? T.present || (T.present = frames(T, null, 0).nested) : null;
    for (let i = 0; i < N; i++) {
      const L = i < n ? null : NP[i - n].in, isOpen = i < n ? open[i] : isOpenNum(i);
      const count = L === null ? k : levelOpen[L].length, collapsible = L === null ? D.collapsible : LV[L].collapsible;
      const pinned = isOpen && (disabled(i) || (!collapsible && count === 1));
      const refuses = disabled(i) || pinned;
      const shown = i < n ? open[i] || (T && i === T.from) : (T ? moving : layout.nested)[i - n][1] !== null;
      const state = (shown ? SHOWN : 0) | (T && i === T.nto ? FRONT : 0)
        | (isOpen ? EXPANDED : 0) | (refuses ? REFUSES : 0) | (disabled(i) && !pinned ? BLOCKED : 0)
        | (pinned ? PINNED : 0) | (!shown && sealed(i) ? SEALED : 0);
      const was = written[i], changed = was === -1 ? -1 : was ^ state;
      if (changed === 0) continue;
      written[i] = state;
      const h = heads[i], c = bodies[i];
      if (changed & (SHOWN | SEALED)) {
        if (state & SHOWN && !filled[i]) fill(i);
        if (state & SHOWN) c.hidden = false;
        else if (state & SEALED || !findable) c.hidden = true;
        else c.setAttribute("hidden", "until-found");
        if (D.sections && i < n) h.classList.toggle("joined", (state & SHOWN) !== 0);
      }
      if (changed & FRONT) c.classList.toggle("front", (state & FRONT) !== 0);
      if (changed & EXPANDED) h.setAttribute("aria-expanded", String(isOpen));
      if (changed & REFUSES) {
        if (refuses) h.setAttribute("aria-disabled", "true"); else h.removeAttribute("aria-disabled");
      }
      if (changed & BLOCKED) h.classList.toggle("disabled", (state & BLOCKED) !== 0);
      if (changed & (PINNED | BLOCKED)) marks[i].className = pinned ? "lock" : state & BLOCKED ? "blocked" : "chevron";
    }
  }

  function describe() {
    const e = first();
    slot("expanded-index").textContent = e === null ? "none" : String(e);
    let indices = "";
    for (let i = 0; i < n; i++) if (open[i]) indices += (indices === "" ? "" : ", ") + i;
    slot("expanded-indices").textContent = "[" + indices + "]";
    slot("expanded-panel").textContent = e === null ? "none" : P[e].id + " “" + P[e].title + "”";
    slot("visible").textContent = modal !== null ? "modal “" + modal + "”"
      : e === null ? "none" : "panel “" + P[e].title + "”";
    slot("interaction").textContent = !T ? "enabled"
      : D.interruption === "ignore" ? "ignoring events (transition " + spec(T.nto ?? T.nfrom).id + ")"
      : "transition " + spec(T.nto ?? T.nfrom).id + " (a tap will " + D.interruption + " it)";
    sheet.hidden = modal === null;
    if (modal !== null) {
      sheet.innerHTML = "";
      const card = document.createElement("div");
      const b = document.createElement("b");
      b.textContent = modal;
      const s = document.createElement("span");
      s.textContent = "modal";
      card.append(b, s);
      card.style.top = Math.min(48, D.height * 0.08) + "px";
      sheet.append(card);
    }
  }

  const logList = slot("log");
  function show(entry) {
    const li = document.createElement("li");
    const [time, event, panel, reason, cause] = entry;
    const t = document.createElement("span");
    t.className = "t";
    t.textContent = time.toFixed(3).padStart(8) + "  ";
    li.append(t, event + (panel === null ? "" : " " + panel) + (reason === null ? "" : " (" + reason + ")"));
    if (cause !== null) {
      const c = document.createElement("span");
      c.className = "cause";
      c.textContent = " · " + cause;
      li.append(c);
    }
    if (event === D.ignored.event) li.className = "ignored";
    else if (panel === null) li.className = "container";
    logList.append(li);
  }
  // An entry as the model's log holds it: [time, event, panel, reason, cause].
  function log(time, event, panel, reason, cause = null) {
    const entry = [time, event, panel, reason, cause];
    LOG.push(entry);
    show(entry);
    logMoved = true;
  }
  // The model's entries of a change, its template's roles filled in: "from"
  // by the panels leaving (the closing one's shown descendants, innermost
  // and last first, then itself), "to" by those arriving (the opening one,
  // then its shown descendants in tree order), each kind grouped.
  function replay(list, leaving, arriving, time, cause) {
    for (const [event, role] of list) {
      if (role === null) log(time, event, null, null, cause);
      else for (const id of role === "from" ? leaving : arriving) log(time, event, id, null, cause);
    }
  }

  // The host's view of a change: one `accordionchange` event per panel whose
  // expanded state changed, dispatched on the container (#screen) and
  // bubbling, with `detail: {panel, expanded, reason}`: the panel's id, its
  // new state and the change's cause as the model spells it. Dispatched once
  // the page shows the new open set and has logged the change's start (and
  // an instant change's end), the closing panel's first.
  function announce(from, to, reason) {
    const tell = (i, expanded) => screen.dispatchEvent(new CustomEvent("accordionchange", {
      detail: { panel: spec(i).id, expanded, reason }, bubbles: true }));
    if (from !== null) tell(from, false);
    if (to !== null) tell(to, true);
  }

  // Two times closer than the model's tolerance are the same moment: a tap a
  // rounding error before a transition's end comes after it, and a duration
  // shorter than the tolerance is instant.
  const early = (a, b) => a < b - D.tolerance;
  const kind = (from, to) => from === null ? "expand" : to === null ? "collapse" : "switch";

  // Ends the running transition at `time` (its end, or a tap that
  // interrupts it), drawn at its end unless a retargeting tap moves on
  // from what is shown.
  function finish(time, retargeted = false) {
    const t = T;
    replay(D.templates[t.kind].end, t.leaving, t.arriving, time, t.cause);
    offset = t.o1;
    if (!retargeted) draw(t, 1);
    T = null;
    showContents();
    render(time);
    describe();
  }

  // What reads the layout back waits for the end of the event or frame,
  // after every write, so the page is laid out once: the scroll offset (and,
  // settled, what the browser made of it), and the log kept at its newest line.
  let pendingTop = null, logMoved = false;
  function flush() {
    if (pendingTop !== null) {
      screen.scrollTop = pendingTop;
      pendingTop = null;
      if (!T) appliedTop = screen.scrollTop;
    }
    if (logMoved) {
      logMoved = false;
      logList.scrollTop = logList.scrollHeight;
    }
  }

  // Brings the page to container time tau: a transition whose end has come is finished.
  function advance(tau) {
    if (T && !early(tau, T.end)) finish(T.end);
    if (T) render(tau);
  }

  function frame() {
    if (!T) return;
    advance(now());
    flush();
    if (T) requestAnimationFrame(frame);
  }

  // How long a click's transition takes, by the model's one rule
  // (ContainerSpec.transitionDuration): the spec's duration, or 0 when the
  // viewer asks for reduced motion (prefers-reduced-motion, asked at each
  // click, so a change of the setting applies at once) and the spec's
  // animation.reducedMotion is instant (the default; "keep" plays anyway).
  // A page rendered with --reduced-motion carries a duration of 0 already.
  const reduceQuery = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  function duration() {
    return D.reducedMotion !== "keep" && reduceQuery && reduceQuery.matches ? 0 : D.duration;
  }

  // The tree's addresses: a panel number's level (null: the top level), its
  // index there, whether it is open in its level's open set, what holds it,
  // the panels above it (outermost first) and the ids shown inside it.
  const levelOf = (num) => num < n ? null : NP[num - n].in;
  const localOf = (num) => num < n ? num : NP[num - n].at;
  const numberIn = (L, at) => L === null ? at : LV[L].panels[at];
  const isOpenNum = (num) => num < n ? open[num] : levelOpen[NP[num - n].in].includes(NP[num - n].at);
  function ancestors(num) {
    const out = [];
    while (num >= n) out.push(num = LV[NP[num - n].in].holder);
    return out.reverse();
  }
  const shownNum = (num) => ancestors(num).every(isOpenNum);
  // Kept shut by a closed disabled panel: itself or one above it.
  const sealed = (num) => num < n ? !open[num] && disabled(num)
    : (!isOpenNum(num) && disabled(num)) || ancestors(num).some((a) => !isOpenNum(a) && disabled(a));
  function descendants(num) {
    const out = [];
    const walk = (L) => {
      for (const at of levelOpen[L]) {
        const inner = LV[L].panels[at];
        out.push(NP[inner - n].id);
        if (NP[inner - n].holds !== undefined) walk(NP[inner - n].holds);
      }
    };
    const L = num < n ? P[num].level : NP[num - n].holds;
    if (L !== undefined) walk(L);
    return out;
  }
  // Who a change's entries name (`replay`): leaving, the closing panel's
  // shown descendants, innermost and last first, then itself; arriving, the
  // opening panel, then its shown descendants in tree order.
  function cast(nfrom, nto) {
    return { leaving: nfrom === null ? [] : descendants(nfrom).reverse().concat([spec(nfrom).id]),
             arriving: nto === null ? [] : [spec(nto).id].concat(descendants(nto)) };
  }
  // A level's rule and its lowest open panel (null: the top level's).
  const multipleIn = (L) => (L === null ? D.expansion : LV[L].expansion) === "multiple";
  const firstOpenIn = (L) => L === null ? first() : levelOpen[L].length > 0 ? levelOpen[L][0] : null;
  function insertSorted(list, v) {
    let i = 0;
    while (i < list.length && list[i] < v) i++;
    list.splice(i, 0, v);
  }

  // Starts the transition of level L (null: the top level) that closes its
  // panel `from` and opens `to` (indices in the level, null for none) at
  // time t, lasting `length`, from the frames `a` (and offset o0 when a
  // retargeting tap moves on from what is shown): the open set changes, the
  // start entries are logged, and an instant one ends at once.
  function begin(L, from, to, t, length, cause, a, o0) {
    const nfrom = from === null ? null : numberIn(L, from), nto = to === null ? null : numberIn(L, to);
    if (L === null) {
      if (from !== null) { open[from] = false; k--; }
      if (to !== null) { open[to] = true; k++; }
    } else {
      if (from !== null) levelOpen[L].splice(levelOpen[L].indexOf(from), 1);
      if (to !== null) insertSorted(levelOpen[L], to);
    }
    const { leaving, arriving } = cast(nfrom, nto);
    // The target is the model's rule from the offset the container was
    // heading to (the interrupted transition's, now finished); under
    // retarget the offset moves there from the one shown at the tap.
    const b = layout = settled(open, k);
    T = plan({ from: L === null ? from : null, to: L === null ? to : null, nfrom, nto, leaving, arriving,
               start: t, end: t + length, kind: kind(from, to), a, b, k0: 0,
               o0: o0 ?? offset, o1: scrollTarget(b, nto, offset), cause });
    replay(D.templates[T.kind].start, leaving, arriving, t, cause);
    showContents();
    describe();
    if (!early(T.start, T.end)) {
      finish(T.end);
    } else {
      render(t);
      requestAnimationFrame(frame);
    }
    return [nfrom, nto];
  }

  // A tap on header i (a panel number), for `cause` (a click or a key): the
  // model's tap rules, in their order, in the header's own level.
  function tap(i, cause) {
    const t = now();
    advance(t);
    const ignore = (reason) => log(t, D.ignored.event, spec(i).id, reason);
    if (modal !== null) return ignore(D.ignored.modal);
    if (T && D.interruption === "ignore") return ignore(D.ignored.transition);
    if (i >= n && !shownNum(i)) return ignore(D.ignored.hidden);
    if (disabled(i)) return ignore(D.ignored.disabled);
    const L = levelOf(i), at = localOf(i), isOpen = isOpenNum(i);
    const count = L === null ? k : levelOpen[L].length, collapsible = L === null ? D.collapsible : LV[L].collapsible;
    if (isOpen && count === 1 && !collapsible) return ignore(D.ignored.notCollapsible);
    // Interrupted: the running transition ends now; retarget starts from what is shown.
    const a = T && D.interruption === "retarget" ? frames(T, t) : layout;
    const o0 = T && D.interruption === "retarget" ? a.offset : null;
    if (T) finish(t, o0 !== null);
    const multiple = multipleIn(L), firstOpen = firstOpenIn(L);
    const from = multiple ? (isOpen ? at : null) : firstOpen;
    const to = multiple ? (isOpen ? null : at) : at === from ? null : at;
    const [closed, opened] = begin(L, from, to, t, duration(), cause, a, o0);
    // Last, so that a listener that taps again meets a page in a known state.
    announce(closed, opened, cause);
  }

  // The model's `reveal` with `open: true` of panel number `num` (a URL
  // fragment naming a nested panel, a find-in-page match): nothing while a
  // modal is up or when a closed disabled panel is on the way (itself
  // included); else a running transition completes, every closed panel on
  // the way opens at once, outermost first, as `expand` opens it (in
  // `single` closing its open sibling), and the window scrolls once, from
  // where it was, to show the panel.
  function reveal(num, cause) {
    const t = now();
    advance(t);
    if (modal !== null || sealed(num)) return;
    if (T) finish(t);
    const start = offset;
    for (const p of ancestors(num).concat([num])) {
      if (isOpenNum(p)) continue;
      const L = levelOf(p);
      const [closed, opened] = begin(L, multipleIn(L) ? null : firstOpenIn(L), localOf(p), t, 0, cause, layout, null);
      announce(closed, opened, cause);
    }
    offset = scrollTarget(layout, num, start);
    render(t);
  }

  // Start where the model left off, mid-transition included: from the frames
  // the model showed then, on to the settled ones.
  if (D.logOmitted > 0) {
    const li = document.createElement("li");
    li.className = "container";
    li.textContent = "… " + D.logOmitted + " earlier entries";
    logList.append(li);
  }
  LOG.forEach(show);
  const st = D.state.transition;
  layout = settled(open, k);
  // The frames the model shows at load: settled, or a running transition's.
  const shownAtLoad = st ? { heads: st.shown.map((f) => f[0]), bodies: st.shown.map((f) => f[1]), nested: st.nestedShown }
    : layout;
  // Every view placed once, before the page shows them; from then on only what moves.
  for (let g = 0; g < chunkCount; g++) fitChunk(g, [shownAtLoad, layout]);
  if (NT) for (let i = 0; i < n; i++) placeHead(i, shownAtLoad.heads[i]);
  // The browser tells which chunks are on the screen only once it has drawn
  // a frame, and until then takes them all as off it (its hit test misses
  // their headers): the chunks in or near the window shown at load are
  // always drawn.
  for (let g = 0; g < chunkCount; g++) {
    if (chunkY[g] < offset + 2 * D.height && chunkY[g] + chunks[g]._h > offset - D.height) chunks[g].classList.add("near");
  }
  for (let i = 0; i < n; i++) if (shownAtLoad.bodies[i]) place(bodies[i], shownAtLoad.bodies[i]);
  if (NT) placeSettled(shownAtLoad);
  if (st) {
    // The offset heads for the target the model's rule gives from the offset
    // shown: the same target it computed at the tap (the rule's result does
    // not change along the way to it). In a tree the transition names the
    // panels it closes and opens, of whichever level it runs in.
    const a = shownAtLoad, b = layout;
    const nfrom = st.closed ? (st.closed.length ? byID.get(st.closed[0]) : null) : st.from;
    const nto = st.opened ? (st.opened.length ? byID.get(st.opened[0]) : null) : st.to;
    const { leaving, arriving } = cast(nfrom, nto);
    T = plan({ from: st.from, to: st.to, nfrom, nto, leaving, arriving, start: st.start, end: st.end,
               kind: kind(nfrom, nto), a, b, k0: curve(st.progress), o0: offset, o1: scrollTarget(b, nto, offset),
               cause: st.cause });
  }
  showContents();
  screen.append(views, sheet);
  if (scrolls) screen.append(sizer);
  describe();
  render(timeStart);
  flush();
  if (T) requestAnimationFrame(frame);

  // A URL fragment naming a panel (`page.html#billing`, the panel's id)
  // opens it, at load and whenever the fragment changes, with the cause
  // `fragment`: a top-level panel by a tap on its header by the tap rules
  // (a disabled one is ignored, as is one during a transition under
  // `interruption: ignore`); a nested one by `reveal` with `open: true`,
  // which opens the panels above it too. A panel already open stays open;
  // a fragment naming no panel does nothing.
  function followFragment() {
    let id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch { return; }
    const i = byID.get(id);
    if (i === undefined) return;
    if (i >= n) reveal(i, D.causes.fragment);
    else if (!open[i]) tap(i, D.causes.fragment);
    flush();
  }
  window.addEventListener("hashchange", followFragment);
  followFragment();

  // The browser's find-in-page (and a text fragment, `#:~:text=`) found
  // text in a closed content: it fires `beforematch` at the innermost
  // hidden content holding the match, then at each hidden one around it.
  // The first computes the whole `reveal` (with `open: true`, the cause
  // `find`) of the panel whose content holds the match; the others of the
  // same match, in the same task, do nothing. The browser then shows every
  // content it fired at, whatever the page did: where the reveal was
  // refused (a modal is up), each content is hidden again as the model has it.
  let matching = false;
  screen.addEventListener("beforematch", (ev) => {
    const c = ev.target instanceof Element ? ev.target.closest(".content") : null;
    if (matching || c === null || !screen.contains(c)) return;
    matching = true;
    setTimeout(() => {
      matching = false;
      written.fill(-1);
      showContents();
    }, 0);
    reveal(Number(c.id.slice(1)), D.causes.find);
    flush();
  });

  // The browser scrolls every box around a match into view, clipping ones
  // too; but a content view never scrolls, nor a screen that clips (nor a
  // scrolling one sideways): each is put back, and the window shows what
  // the model shows.
  screen.addEventListener("scroll", (ev) => {
    const el = ev.target;
    if (el !== screen && !(el instanceof Element && el.classList.contains("content"))) return;
    if (el.scrollLeft !== 0) el.scrollLeft = 0;
    if (el.scrollTop !== 0 && !(el === screen && scrolls)) el.scrollTop = 0;
  }, true);

  // Where find-in-page can open closed contents, every content view is
  // filled at load, so that it and a text fragment find their text; else
  // each is filled the first time it is shown.
  if (findable) for (let i = 0; i < N; i++) if (!filled[i]) fill(i);

  // A view of the player's state for tests and curious authors (the
  // rectangles themselves are read from the DOM), and the test clock.
  window.__accordion = {
    state: () => ({
      expandedIndex: first(), expandedIndices: open.flatMap((o, i) => o ? [i] : []), modal, shownTime: shown,
      now: now(), interactionEnabled: !T, loadedAt: timeStart, duration: duration(),
      transition: T && { from: T.from, to: T.to, start: T.start, end: T.end },
      // A tree's nested open sets, by the id of the panel holding each level.
      nestedOpen: NT ? Object.fromEntries(LV.map((l, L) => [spec(l.holder).id, levelOpen[L].slice()])) : null,
      log: LOG.map((e) => e.slice()), scale,
      scroll: scrolls ? { offset: shownOffset, contentHeight: stackHeight(layout) } : null,
    }),
    curve,
    // Holds the clock at container time t and draws that moment, as a frame
    // would; null lets it run in real time again.
    setTime: (t) => { manual = t; advance(now()); flush(); },
  };
})();
