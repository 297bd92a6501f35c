import AccordionModel

/// A compact terminal drawing of one moment: the container as a box with
/// headers as bars (titles on them) and the open content as an inner box
/// labelled with its size, every element's coordinates alongside, and state
/// lines above. Fits in 80 columns; ANSI colour (24-bit header colours) only
/// when the caller asks for it.
public enum TextRender {
    /// Outer width of the container box, in columns.
    static let boxWidth = 40
    /// Content rows drawn for content as tall as the whole container.
    static let rowsPerContainer = 8.0
    static let lineLimit = 80

    /// One drawing. `caption` (e.g. "step 2 of 3") heads it when given.
    ///
    /// Columns are display columns (`Columns`), so every row of the box has
    /// the same width on the terminal whatever the script; each line is in
    /// visual order unless `terminal` says the terminal orders it, and a
    /// right-to-left title or line is drawn from the right.
    ///
    /// - Parameters:
    ///   - s: The moment.
    ///   - color: Whether to use ANSI colours.
    ///   - caption: A heading, or nil.
    ///   - terminal: How the terminal draws text.
    /// - Returns: The drawing, one line per row.
    public static func drawing(_ s: Snapshot, color: Bool, caption: String?,
                               terminal: TerminalOptions = TerminalOptions()) -> String {
        var out: [String] = []
        let paint = Paint(enabled: color)
        let cols = Columns(ambiguousWide: terminal.ambiguousWide)
        // The lines above and below the box are English around the spec's
        // words: left to right, in visual order.
        func info(_ line: String) -> String { TerminalLine(cols.fit(line, lineLimit), rightToLeft: false, options: terminal).text }
        var head = s.title.map(Width.sanitize) ?? "(untitled)"
        if let caption { head = caption + " · " + head }
        out.append(paint.bold(info(head)))
        out.append(info(stateLine(s)))
        let combined = visibleLine(s) + " · " + transitionLine(s)
        if cols.of(combined) <= lineLimit {
            out.append(info(combined))
        } else {
            out.append(info(visibleLine(s)))
            out.append(info(transitionLine(s)))
        }
        if case .modal(let title)? = s.visible {
            out.append(info("modal \u{201C}\(Width.sanitize(title))\u{201D} presented over \(s.expandedPanel ?? "nothing")"))
        }
        // Only a container shown on a device names it: every other drawing is as it was.
        if let line = deviceLine(s) { out.append(info(line)) }
        let inner = boxWidth - 2
        out.append("┌" + cols.rule("─", inner) + "┐")
        // In `insetGrouped` the sections stand one column in from each side.
        let sectioned = s.container.style == .insetGrouped
        let levels = s.levelWritings()
        let insets = levelInsets(s, levels: levels)
        for element in elements(s) {
            let rows: [String]
            if sectioned, !element.isBackground {
                rows = draw(element, s: s, inner: inner - 2, paint: paint, cols: cols, terminal: terminal, levels: levels, insets: insets).map { " " + $0 + " " }
            } else {
                rows = draw(element, s: s, inner: inner, paint: paint, cols: cols, terminal: terminal, levels: levels, insets: insets)
            }
            for (i, row) in rows.enumerated() {
                let line = "│" + row + "│"
                out.append(i == 0 ? line + "  " + info(coordinates(element, s: s, cols: cols)) : line)
            }
        }
        var footer = "└" + cols.rule("─", inner) + "┘  "
            + Numbers.short(s.container.width) + " × " + Numbers.short(s.container.height)
        if s.container.style == .insetGrouped {
            footer += " · sections x=" + Numbers.short(s.container.style.inset) + " w=" + Numbers.short(s.container.panelWidth)
        }
        if let scroll = s.scroll {
            footer += " · scrolled " + Numbers.short(scroll.offset) + " of " + Numbers.short(scroll.contentHeight)
        }
        out.append(info(footer))
        out.append(info(logLine(s)))
        return out.joined(separator: "\n") + "\n"
    }

    /// "device phone 393 × 852 · container at 0,59 (safe area)"; nil without a device.
    static func deviceLine(_ s: Snapshot) -> String? {
        guard let d = s.container.device else { return nil }
        let screen = s.container.screenSize, i = d.insets
        return "device \(d.rawValue) \(Numbers.short(screen.width)) × \(Numbers.short(screen.height)) · container at "
            + "\(Numbers.short(i.left)),\(Numbers.short(i.top))" + (d == .none ? "" : " (safe area)")
    }

    static func stateLine(_ s: Snapshot) -> String {
        var line = "t = \(Numbers.short(s.time)) s · \(s.container.layout.rawValue)"
        if s.container.style == .insetGrouped { line += " · insetGrouped" }
        line += " · \(s.panels.count) panel"
        line += (s.panels.count == 1 ? "" : "s") + " · expandedIndex "
        if let e = s.expandedIndex { line += "\(e) (\(s.expandedPanel ?? "?"))" } else { line += "none" }
        return line
    }

    static func visibleLine(_ s: Snapshot) -> String {
        switch s.visible {
        case nil: return "visible none"
        case .panel(let title)?: return "visible panel \u{201C}\(Width.sanitize(title))\u{201D}"
        case .modal(let title)?: return "visible modal \u{201C}\(Width.sanitize(title))\u{201D}"
        }
    }

    static func transitionLine(_ s: Snapshot) -> String {
        let interaction = s.interactionEnabled ? "interaction on" : "interaction off"
        guard let t = s.transition else { return "settled · " + interaction }
        func side(_ i: Int?) -> String { i.map(String.init) ?? "none" }
        let percent = Numbers.count((t.progress * 100).rounded(), limit: 100)
        return "transition \(side(t.from)) → \(side(t.to)) · \(Numbers.short(t.start))–\(Numbers.short(t.end)) s · \(percent)% · " + interaction
    }

    static func logLine(_ s: Snapshot) -> String {
        guard let last = s.events.last else { return "log: no events" }
        var line = "log: \(s.events.count) event\(s.events.count == 1 ? "" : "s") · last \(last.event.rawValue)"
        if let panel = last.panel { line += " " + panel }
        if let reason = last.reason { line += " (\(reason.rawValue))" }
        return line + " at \(Numbers.short(last.time)) s"
    }

    /// What the box shows, top to bottom: headers, contents and uncovered background.
    /// A nested panel's header and content carry its `NestedFrame` (its
    /// index local to its level) and are drawn indented by its depth; `box`
    /// is the stretch of the stack its level's boxes leave it (its holder's
    /// content box, within each box above it), which clips it.
    enum Element {
        case header(PanelFrame)
        case content(PanelFrame, Rect)
        case background(y: Double, height: Double)
        case nestedHeader(PanelFrame, NestedFrame, box: Span)
        case nestedContent(PanelFrame, Rect, NestedFrame, box: Span)

        /// Whether it is a band of uncovered background.
        var isBackground: Bool {
            if case .background = self { return true }
            return false
        }

        var y: Double {
            switch self {
            case .header(let p), .nestedHeader(let p, _, _): p.header.y
            case .content(_, let r), .nestedContent(_, let r, _, _): r.y
            case .background(let y, _): y
            }
        }
    }

    /// A stretch of the stack, top to bottom.
    typealias Span = (top: Double, bottom: Double)

    /// Columns a nested level's elements are inset by, per level of depth.
    static let indentColumns = 2

    /// The columns each nested level's elements stand in from the box's
    /// left and right, by holder id: `indentColumns` a level, each on its
    /// level's start side, as the model insets the level (from the right
    /// in a level whose holding content is `rtl`), adding up by depth.
    static func levelInsets(_ s: Snapshot, levels: [String: Writing]) -> [String: (left: Int, right: Int)] {
        guard !s.nested.isEmpty else { return [:] }
        var out: [String: (left: Int, right: Int)] = [:]
        func inset(_ holder: String, within outer: (left: Int, right: Int)) -> (left: Int, right: Int) {
            levels[holder]?.direction == .rtl ? (outer.left, outer.right + indentColumns) : (outer.left + indentColumns, outer.right)
        }
        for p in s.panels where p.panel.nested != nil { out[p.panel.id] = inset(p.panel.id, within: (0, 0)) }
        for f in s.nested where f.panel.nested != nil { out[f.panel.id] = inset(f.panel.id, within: out[f.holder] ?? (0, 0)) }
        return out
    }

    /// The stretch of the stack the box shows, in stack points: the whole
    /// container, or a scrolling container's window `[offset, offset + H)`.
    static func window(_ s: Snapshot) -> (top: Double, bottom: Double) {
        let top = s.scroll?.offset ?? 0
        return (top, top + s.container.height)
    }

    /// Elements sorted by y; at equal y content comes first (it lies below the headers).
    /// Background bands are the stretches that no header or content covers.
    /// A scrolling container's elements wholly outside its window are left out.
    static func elements(_ s: Snapshot) -> [Element] {
        let (top, bottom) = window(s)
        func shown(_ r: Rect) -> Bool { s.scroll == nil || (r.y < bottom && r.y + r.height > top) }
        var items: [Element] = []
        for p in s.panels {
            // A nested level's box is drawn as its own headers and contents.
            if let c = p.content, shown(c), !s.nests || p.panel.nested == nil { items.append(.content(p, c)) }
            if shown(p.header) { items.append(.header(p)) }
        }
        // Each level lies in its holder's content box, within the boxes above it,
        // which clip it (an element wholly outside them is not drawn): the
        // model's rule, as the SVG and the page clip it.
        var boxes: [String: Span] = [:]
        for p in s.panels where p.panel.nested != nil {
            if let c = p.content { boxes[p.panel.id] = (c.y, c.y + c.height) }
        }
        func inside(_ r: Rect, _ box: Span) -> Bool { r.y < box.bottom - 1e-9 && r.y + r.height > box.top + 1e-9 || r.height == 0 && r.y >= box.top && r.y < box.bottom }
        for f in s.nested {
            guard let header = f.header, let box = boxes[f.holder] else { continue }
            if f.panel.nested != nil, let c = f.content { boxes[f.panel.id] = (max(box.top, c.y), min(box.bottom, c.y + c.height)) }
            let p = PanelFrame(index: f.index, panel: f.panel, header: header, content: f.content, textLines: f.textLines)
            if let c = f.content, shown(c), f.panel.nested == nil, inside(c, box) { items.append(.nestedContent(p, c, f, box: box)) }
            if shown(header), inside(header, box) { items.append(.nestedHeader(p, f, box: box)) }
        }
        // Stable ordering: by y, content before header at the same y, then by panel order.
        let keyed = items.enumerated().map { (offset: $0.offset, element: $0.element) }
        let sorted = keyed.sorted { a, b in
            if a.element.y != b.element.y { return a.element.y < b.element.y }
            return a.offset < b.offset
        }.map(\.element)
        var result: [Element] = []
        var covered = top
        let eps = 1e-9
        for element in sorted {
            if element.y > covered + eps, covered < bottom - eps {
                result.append(.background(y: covered, height: min(element.y, bottom) - covered))
            }
            result.append(element)
            let bottom: Double
            switch element {
            case .header(let p), .nestedHeader(let p, _, _): bottom = p.header.y + p.header.height
            case .content(_, let r), .nestedContent(_, let r, _, _): bottom = r.y + r.height
            case .background(let y, let h): bottom = y + h
            }
            covered = max(covered, bottom)
        }
        if covered < bottom - eps {
            result.append(.background(y: covered, height: bottom - covered))
        }
        return result
    }

    /// An element's rows, `inner` columns wide; a nested one in the `lang`
    /// and `dir` its level inherits (`levels`, `Snapshot.levelWritings`),
    /// stood in from the sides by its level's `insets` (`levelInsets`).
    static func draw(_ element: Element, s: Snapshot, inner: Int, paint: Paint, cols: Columns,
                     terminal: TerminalOptions, levels: [String: Writing] = [:],
                     insets: [String: (left: Int, right: Int)] = [:]) -> [String] {
        // A nested element's columns in from each side: its level's, less where
        // fewer than 8 columns would be left.
        func sides(_ f: NestedFrame) -> (left: Int, right: Int) {
            let side = insets[f.holder] ?? (indentColumns * f.depth, 0)
            let left = max(0, min(inner - 8, side.left))
            return (left, max(0, min(inner - 8 - left, side.right)))
        }
        func stood(_ rows: [String], _ side: (left: Int, right: Int)) -> [String] {
            let left = String(repeating: " ", count: side.left), right = String(repeating: " ", count: side.right)
            return rows.map { left + $0 + right }
        }
        switch element {
        case .nestedHeader(let p, let f, _):
            let side = sides(f)
            return stood(drawHeader(p, mark: HeaderMark(s, nested: f), s: s, inner: inner - side.left - side.right, paint: paint,
                                    cols: cols, terminal: terminal, writing: s.writing(of: f, levels: levels).panel), side)
        case .nestedContent(let p, let r, let f, _):
            let side = sides(f)
            return stood(drawContent(p, r, s: s, inner: inner - side.left - side.right, paint: paint, cols: cols, terminal: terminal,
                                     writing: s.writing(of: f, levels: levels).content), side)
        case .header(let p):
            return drawHeader(p, mark: HeaderMark(s, p.index), s: s, inner: inner, paint: paint, cols: cols, terminal: terminal)
        case .content(let p, let r):
            return drawContent(p, r, s: s, inner: inner, paint: paint, cols: cols, terminal: terminal)
        case .background(_, let h):
            return [cols.center(" background " + Numbers.short(h) + " pt ", inner, fill: "·")]
        }
    }

    /// A header's bar, `inner` columns wide: its icon's character, its
    /// title and badge (`(3)`) at the start, its detail at the end, then
    /// the word of its mark; a subtitle the header shows is a second line.
    /// `writing` is what is in effect for the title: a nested panel's
    /// inherited one; nil for a top-level panel's.
    static func drawHeader(_ p: PanelFrame, mark: HeaderMark, s: Snapshot, inner: Int, paint: Paint, cols: Columns,
                           terminal: TerminalOptions, writing: Writing? = nil) -> [String] {
        // A disabled or pinned header says so after its title; a disabled one is dimmed too.
        let suffix = mark.word.map { " · " + $0 } ?? ""
        let writing = writing ?? p.panel.writing(in: s.container.writing).panel
        let dir = writing.direction
        let rtl = TextDirections.isRightToLeft(p.panel.title, dir)
        // The title and detail as the model's one rule lays them out for
        // this header (what the SVG and the page draw), in logical order
        // (the ellipsis at its end), then ordered for the terminal. Only
        // when the box's columns cannot hold even that (a container much
        // wider than the box's 40 columns stand for) is it cut again, by columns.
        let layout = HeaderLayout(p.panel, in: p.header, measure: s.container.textMeasure.measure, lang: writing.lang)
        let icon = layout.icon.map { String(HeaderIcons.character($0.symbol)) + " " } ?? ""
        let badge = layout.badge.map { " (" + Width.sanitize($0.text) + ")" } ?? ""
        let detail = layout.detail.map { Width.sanitize($0.text) } ?? ""
        let columns = inner - 4 - cols.of(suffix) - cols.of(icon) - cols.of(badge) - (detail.isEmpty ? 0 : cols.of(detail) + 2)
        let drawn = Width.sanitize(layout.title.text)
        let fitted = cols.of(drawn) <= columns ? drawn : cols.fit(Width.sanitize(p.panel.title), max(1, columns))
        let start = icon + fitted + badge
        let subtitle = layout.subtitle.map { Width.sanitize($0.text) }
        let title = TerminalLine(detail.isEmpty ? (rtl ? suffix + start : start + suffix) : start, rightToLeft: rtl,
                                 options: terminal).text
        if paint.enabled, detail.isEmpty, subtitle == nil {
            let bar = paint.header(rtl ? cols.pad(title + " ", inner, trailing: false) : cols.pad(" " + title, inner),
                                   background: p.panel.color, foreground: p.panel.titleColor)
            return [mark == .disabled ? paint.dim(bar) : bar]
        }
        if paint.enabled {
            var lines: [String] = []
            for (text, end) in [(start, detail + suffix)] + (subtitle.map { [("  " + $0, "")] } ?? []) {
                let lead = TerminalLine(text, rightToLeft: rtl, options: terminal).text
                let trail = TerminalLine(end, rightToLeft: rtl, options: terminal).text
                let gap = max(1, inner - 2 - cols.of(lead) - cols.of(trail))
                let line = rtl ? " " + trail + String(repeating: " ", count: gap) + lead + " "
                    : " " + lead + String(repeating: " ", count: gap) + trail + " "
                let bar = paint.header(cols.pad(line, inner), background: p.panel.color, foreground: p.panel.titleColor)
                lines.append(mark == .disabled ? paint.dim(bar) : bar)
            }
            return lines
        }
        // A right-to-left header is the mirror image: its title at the right.
        let rule: Character = mark == .disabled ? "┄" : "━"
        let lead = cols.rule(rule, 2 * cols.of(String(rule)))
        var lines: [String]
        if detail.isEmpty {
            if rtl {
                let text = " " + title + " " + lead
                lines = [cols.rule(rule, inner - cols.of(text)) + text]
            } else {
                let text = lead + " " + title + " "
                lines = [text + cols.rule(rule, inner - cols.of(text))]
            }
        } else {
            let end = TerminalLine(detail + suffix, rightToLeft: rtl, options: terminal).text
            let fill = max(1, inner - cols.of(title) - cols.of(end) - 4 - 2 * cols.of(lead))
            lines = rtl ? [lead + " " + end + " " + cols.rule(rule, fill) + " " + title + " " + lead]
                : [lead + " " + title + " " + cols.rule(rule, fill) + " " + end + " " + lead]
        }
        if let subtitle {
            let line = TerminalLine(subtitle, rightToLeft: rtl, options: terminal).text
            let room = inner - 2 * cols.of(lead) - 2 - cols.of(icon)
            let shown = cols.of(line) <= room ? line : cols.fit(line, room)
            let indent = String(repeating: " ", count: cols.of(lead) + 1 + cols.of(icon))
            lines.append(rtl ? cols.pad(shown + indent, inner, trailing: false) : cols.pad(indent + shown, inner))
        }
        return lines
    }

    /// A content's box, `inner` columns wide; `writing` is what is in
    /// effect for the content (a nested panel's inherited one; nil for a
    /// top-level panel's).
    static func drawContent(_ p: PanelFrame, _ r: Rect, s: Snapshot, inner: Int, paint: Paint, cols: Columns,
                            terminal: TerminalOptions, writing: Writing? = nil) -> [String] {
        let size = Numbers.short(r.width) + " × " + Numbers.short(r.height)
        if r.height <= 0 {
            let label = " " + cols.fit(p.panel.id, inner - 16) + " " + size + " "
            return [cols.center(label, inner, fill: "┄")]
        }
        let rows = max(2, Numbers.count((r.height / max(s.container.height, 1) * rowsPerContainer).rounded(), limit: 10_000))
        let corner = cols.of("╭")
        let body = inner - 2 * corner
        var lines = ["╭" + cols.rule("─", body) + "╮"]
        if p.panel.content != nil {
            // The content's own lines or rows in the part of its frame the box shows.
            let (top, bottom) = window(s)
            let dir = (writing ?? p.panel.writing(in: s.container.writing).content).direction
            let items = contentItems(p, rect: r, top: max(r.y, top), bottom: min(r.y + r.height, bottom), dir: dir)
            let shown = items.count > rows ? rows - 1 : items.count
            for i in 0..<rows {
                let text: String
                if i < shown {
                    // Fitted in logical order, then ordered; a right-to-left line from the right.
                    let item = items[i]
                    let line = TerminalLine(cols.fit(Width.sanitize(item.text), body - 1), rightToLeft: item.rightToLeft,
                                            options: terminal)
                    text = line.rightToLeft ? cols.pad(line.text + " ", body, trailing: false) : cols.pad(" " + line.text, body)
                } else {
                    text = cols.pad(i == shown && items.count > rows ? " … \(items.count - shown) more" : "", body)
                }
                lines.append("│" + text + "│")
            }
            lines.append("╰" + cols.rule("─", body) + "╯")
            return lines
        }
        let title = cols.fit(Width.sanitize(p.panel.title), body - 2)
        for i in 0..<rows {
            let text: String
            switch i {
            case 0: text = cols.pad(" " + TerminalLine(title, rightToLeft: false, options: terminal).text, body)
            case 1: text = cols.center(size, body, fill: " ")
            default: text = String(repeating: " ", count: body)
            }
            lines.append("│" + paint.dim(text) + "│")
        }
        lines.append("╰" + cols.rule("─", body) + "╯")
        return lines
    }

    /// The items of a panel's content inside `r`'s shown part (`top`..`bottom`
    /// in stack points): the model's text lines, or rows as "title · detail ›",
    /// each with its direction under the content's `dir` (`TextDirections`).
    static func contentItems(_ p: PanelFrame, rect r: Rect, top: Double, bottom: Double,
                             dir: WritingDirection = .auto) -> [(text: String, rightToLeft: Bool)] {
        guard bottom > top, let content = p.panel.content else { return [] }
        switch content {
        case .text(_, let m):
            let lines = p.textLines ?? []
            guard m.lineHeight > 0, !lines.isEmpty else { return [] }
            let first = max(0, Int(((top - r.y - m.padding) / m.lineHeight).rounded(.down)))
            let last = min(lines.count, Int(((bottom - r.y - m.padding) / m.lineHeight).rounded(.up)))
            guard first < last else { return [] }
            let rtl = TextDirections.lines(lines, dir)
            return (first..<last).map { (lines[$0], rtl[$0]) }
        case .rows(let rows, let rowHeight):
            guard rowHeight > 0, !rows.isEmpty else { return [] }
            let first = max(0, Int(((top - r.y) / rowHeight).rounded(.down)))
            let last = min(rows.count, Int(((bottom - r.y) / rowHeight).rounded(.up)))
            guard first < last else { return [] }
            return rows[first..<last].map {
                ($0.title + ($0.detail.map { " · " + $0 } ?? "") + " ›", TextDirections.isRightToLeft($0.title, dir))
            }
        case .accordion:
            // The nested level's own headers are drawn from its frames.
            return []
        }
    }

    static func coordinates(_ element: Element, s: Snapshot, cols: Columns = Columns()) -> String {
        // Clipped by the window, or by a nested level's boxes.
        func place(_ r: Rect, box: Span? = nil) -> String {
            var text = "y=" + Numbers.short(r.y) + " h=" + Numbers.short(r.height)
            // A frame's x and width are shown only where they are not every section's.
            if r.x != s.container.style.inset || r.width != s.container.panelWidth {
                text += " x=" + Numbers.short(r.x) + " w=" + Numbers.short(r.width)
            }
            var (top, bottom) = window(s)
            if let box { (top, bottom) = (max(top, box.top), min(bottom, box.bottom)) }
            if r.y + r.height > bottom + 1e-9 || r.y < top - 1e-9 { text += " (clipped)" }
            return text
        }
        let room = lineLimit - boxWidth - 2
        // Columns line up: indices and ids padded to the widest in the stack (ids cut at 10).
        let indexWidth = String(max(0, s.panels.count - 1)).count
        let idWidth = min(10, s.panels.map { cols.of($0.panel.id) }.max() ?? 0)
        func label(_ p: PanelFrame) -> String {
            let index = String(p.index)
            return String(repeating: " ", count: indexWidth - index.count) + index + " " + cols.pad(p.panel.id, idWidth)
        }
        switch element {
        case .header(let p):
            return cols.fit("header  " + label(p) + "  " + place(p.header), room)
        case .content(let p, let r):
            return cols.fit("content " + label(p) + "  " + place(r), room)
        case .nestedHeader(let p, let f, let box):
            return cols.fit("header  " + String(repeating: " ", count: indexWidth) + " " + String(repeating: "›", count: f.depth) + p.panel.id + "  " + place(p.header, box: box), room)
        case .nestedContent(let p, let r, let f, let box):
            return cols.fit("content " + String(repeating: " ", count: indexWidth) + " " + String(repeating: "›", count: f.depth) + p.panel.id + "  " + place(r, box: box), room)
        case .background(let y, let h):
            return cols.fit("background  y=" + Numbers.short(y) + " h=" + Numbers.short(h), room)
        }
    }
}

/// ANSI styling that collapses to plain text when colour is off.
struct Paint {
    var enabled: Bool

    func bold(_ text: String) -> String { enabled ? "\u{1B}[1m" + text + "\u{1B}[0m" : text }
    func dim(_ text: String) -> String { enabled ? "\u{1B}[2m" + text + "\u{1B}[0m" : text }

    /// 24-bit background and foreground, as the header colours are.
    func header(_ text: String, background: RGBA, foreground: RGBA) -> String {
        let bg = "\u{1B}[48;2;\(Colors.red(background));\(Colors.green(background));\(Colors.blue(background))m"
        let fg = "\u{1B}[38;2;\(Colors.red(foreground));\(Colors.green(foreground));\(Colors.blue(foreground))m"
        return bg + fg + text + "\u{1B}[0m"
    }
}

/// Terminal column arithmetic: sanitising untrusted titles (no escape
/// injection), display widths of wide and combining characters, fitting.
enum Width {
    /// Control characters (C0, DEL, C1) would drive the terminal: replaced by U+FFFD.
    static func sanitize(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            if c.value < 0x20 || (c.value >= 0x7F && c.value < 0xA0) || c.value == 0x2028 || c.value == 0x2029 {
                out.unicodeScalars.append("\u{FFFD}")
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Display columns, ambiguous characters narrow (`Columns`).
    static func of(_ text: String) -> Int { Columns().of(text) }

    /// `text` cut to at most `width` columns between clusters, ending with `…` when cut.
    static func fit(_ text: String, _ width: Int) -> String { Columns().fit(text, width) }

    /// `text` fitted and padded with spaces to exactly `width` columns.
    static func pad(_ text: String, _ width: Int) -> String { Columns().pad(text, width) }

    /// `text` fitted and centred in `width` columns, filled with `fill`.
    static func center(_ text: String, _ width: Int, fill: Character) -> String { Columns().center(text, width, fill: fill) }
}
