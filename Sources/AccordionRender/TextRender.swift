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
    /// - Parameters:
    ///   - s: The moment.
    ///   - color: Whether to use ANSI colours.
    ///   - caption: A heading, or nil.
    /// - Returns: The drawing, one line per row.
    public static func drawing(_ s: Snapshot, color: Bool, caption: String?) -> String {
        var out: [String] = []
        let paint = Paint(enabled: color)
        var head = s.title.map(Width.sanitize) ?? "(untitled)"
        if let caption { head = caption + " · " + head }
        out.append(paint.bold(Width.fit(head, lineLimit)))
        out.append(Width.fit(stateLine(s), lineLimit))
        let combined = visibleLine(s) + " · " + transitionLine(s)
        if Width.of(combined) <= lineLimit {
            out.append(combined)
        } else {
            out.append(Width.fit(visibleLine(s), lineLimit))
            out.append(Width.fit(transitionLine(s), lineLimit))
        }
        if case .modal(let title)? = s.visible {
            out.append(Width.fit("modal \u{201C}\(Width.sanitize(title))\u{201D} presented over \(s.expandedPanel ?? "nothing")", lineLimit))
        }
        let inner = boxWidth - 2
        out.append("┌" + String(repeating: "─", count: inner) + "┐")
        for element in elements(s) {
            let rows = draw(element, s: s, inner: inner, paint: paint)
            for (i, row) in rows.enumerated() {
                let line = "│" + row + "│"
                out.append(i == 0 ? line + "  " + coordinates(element, s: s) : line)
            }
        }
        var footer = "└" + String(repeating: "─", count: inner) + "┘  "
            + Numbers.short(s.container.width) + " × " + Numbers.short(s.container.height)
        if let scroll = s.scroll {
            footer += " · scrolled " + Numbers.short(scroll.offset) + " of " + Numbers.short(scroll.contentHeight)
        }
        out.append(Width.fit(footer, lineLimit))
        out.append(Width.fit(logLine(s), lineLimit))
        return out.joined(separator: "\n") + "\n"
    }

    static func stateLine(_ s: Snapshot) -> String {
        var line = "t = \(Numbers.short(s.time)) s · \(s.container.layout.rawValue) · \(s.panels.count) panel"
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
    enum Element {
        case header(PanelFrame)
        case content(PanelFrame, Rect)
        case background(y: Double, height: Double)

        var y: Double {
            switch self {
            case .header(let p): p.header.y
            case .content(_, let r): r.y
            case .background(let y, _): y
            }
        }
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
            if let c = p.content, shown(c) { items.append(.content(p, c)) }
            if shown(p.header) { items.append(.header(p)) }
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
            case .header(let p): bottom = p.header.y + p.header.height
            case .content(_, let r): bottom = r.y + r.height
            case .background(let y, let h): bottom = y + h
            }
            covered = max(covered, bottom)
        }
        if covered < bottom - eps {
            result.append(.background(y: covered, height: bottom - covered))
        }
        return result
    }

    static func draw(_ element: Element, s: Snapshot, inner: Int, paint: Paint) -> [String] {
        switch element {
        case .header(let p):
            // A disabled or pinned header says so after its title; a disabled one is dimmed too.
            let mark = HeaderMark(s, p.index)
            let suffix = mark.word.map { " · " + $0 } ?? ""
            let title = Width.fit(Width.sanitize(p.panel.title), inner - 4 - Width.of(suffix)) + suffix
            if paint.enabled {
                let text = " " + title
                let bar = paint.header(Width.pad(text, inner), background: p.panel.color, foreground: p.panel.titleColor)
                return [mark == .disabled ? paint.dim(bar) : bar]
            }
            let rule = mark == .disabled ? "┄" : "━"
            let text = rule + rule + " " + title + " "
            return [text + String(repeating: rule, count: max(0, inner - Width.of(text)))]
        case .content(let p, let r):
            let size = Numbers.short(r.width) + " × " + Numbers.short(r.height)
            if r.height <= 0 {
                let label = " " + Width.fit(p.panel.id, inner - 16) + " " + size + " "
                return [Width.center(label, inner, fill: "┄")]
            }
            let rows = max(2, Numbers.count((r.height / max(s.container.height, 1) * rowsPerContainer).rounded(), limit: 10_000))
            let body = inner - 2
            var lines = ["╭" + String(repeating: "─", count: body) + "╮"]
            if p.panel.content != nil {
                // The content's own lines or rows in the part of its frame the box shows.
                let (top, bottom) = window(s)
                let items = contentItems(p, rect: r, top: max(r.y, top), bottom: min(r.y + r.height, bottom))
                let shown = items.count > rows ? rows - 1 : items.count
                for i in 0..<rows {
                    let text = i < shown ? " " + Width.sanitize(items[i])
                        : i == shown && items.count > rows ? " … \(items.count - shown) more" : ""
                    lines.append("│" + Width.pad(text, body) + "│")
                }
                lines.append("╰" + String(repeating: "─", count: body) + "╯")
                return lines
            }
            let title = Width.fit(Width.sanitize(p.panel.title), body - 2)
            for i in 0..<rows {
                let text: String
                switch i {
                case 0: text = Width.pad(" " + title, body)
                case 1: text = Width.center(size, body, fill: " ")
                default: text = String(repeating: " ", count: body)
                }
                lines.append("│" + paint.dim(text) + "│")
            }
            lines.append("╰" + String(repeating: "─", count: body) + "╯")
            return lines
        case .background(_, let h):
            return [Width.center(" background " + Numbers.short(h) + " pt ", inner, fill: "·")]
        }
    }

    /// The items of a panel's content inside `r`'s shown part (`top`..`bottom`
    /// in stack points): the model's text lines, or rows as "title · detail ›".
    static func contentItems(_ p: PanelFrame, rect r: Rect, top: Double, bottom: Double) -> [String] {
        guard bottom > top, let content = p.panel.content else { return [] }
        switch content {
        case .text(_, let m):
            let lines = p.textLines ?? []
            guard m.lineHeight > 0, !lines.isEmpty else { return [] }
            let first = max(0, Int(((top - r.y - m.padding) / m.lineHeight).rounded(.down)))
            let last = min(lines.count, Int(((bottom - r.y - m.padding) / m.lineHeight).rounded(.up)))
            return first < last ? Array(lines[first..<last]) : []
        case .rows(let rows, let rowHeight):
            guard rowHeight > 0, !rows.isEmpty else { return [] }
            let first = max(0, Int(((top - r.y) / rowHeight).rounded(.down)))
            let last = min(rows.count, Int(((bottom - r.y) / rowHeight).rounded(.up)))
            guard first < last else { return [] }
            return rows[first..<last].map { $0.title + ($0.detail.map { " · " + $0 } ?? "") + " ›" }
        case .accordion:
            // The nested level's own headers are drawn from its frames.
            return []
        }
    }

    static func coordinates(_ element: Element, s: Snapshot) -> String {
        func place(_ r: Rect) -> String {
            var text = "y=" + Numbers.short(r.y) + " h=" + Numbers.short(r.height)
            if r.x != 0 || r.width != s.container.width {
                text += " x=" + Numbers.short(r.x) + " w=" + Numbers.short(r.width)
            }
            let (top, bottom) = window(s)
            if r.y + r.height > bottom + 1e-9 || r.y < top - 1e-9 { text += " (clipped)" }
            return text
        }
        let room = lineLimit - boxWidth - 2
        // Columns line up: indices and ids padded to the widest in the stack (ids cut at 10).
        let indexWidth = String(max(0, s.panels.count - 1)).count
        let idWidth = min(10, s.panels.map { Width.of($0.panel.id) }.max() ?? 0)
        func label(_ p: PanelFrame) -> String {
            let index = String(p.index)
            return String(repeating: " ", count: indexWidth - index.count) + index + " " + Width.pad(p.panel.id, idWidth)
        }
        switch element {
        case .header(let p):
            return Width.fit("header  " + label(p) + "  " + place(p.header), room)
        case .content(let p, let r):
            return Width.fit("content " + label(p) + "  " + place(r), room)
        case .background(let y, let h):
            return Width.fit("background  y=" + Numbers.short(y) + " h=" + Numbers.short(h), room)
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

    /// Columns a scalar takes: 0 for combining marks and zero-width ones, 2 for wide ones.
    static func of(_ c: Unicode.Scalar) -> Int {
        let v = c.value
        switch v {
        case 0x0300...0x036F, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    static func of(_ text: String) -> Int { text.unicodeScalars.reduce(0) { $0 + of($1) } }

    /// `text` cut to at most `width` columns, ending with `…` when cut.
    static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var out = ""
        var used = 0
        for c in text.unicodeScalars {
            let w = of(c)
            if used + w > width - 1 { break }
            out.unicodeScalars.append(c)
            used += w
        }
        return out + "…"
    }

    /// `text` fitted and padded with spaces to exactly `width` columns.
    static func pad(_ text: String, _ width: Int) -> String {
        let t = fit(text, width)
        return t + String(repeating: " ", count: max(0, width - of(t)))
    }

    /// `text` fitted and centred in `width` columns, filled with `fill`.
    static func center(_ text: String, _ width: Int, fill: Character) -> String {
        let t = fit(text, width)
        let room = max(0, width - of(t))
        let left = room / 2
        return String(repeating: fill, count: left) + t + String(repeating: fill, count: room - left)
    }
}
