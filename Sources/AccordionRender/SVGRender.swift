import AccordionModel

/// A true-scale picture of the container as a device screen: a phone or
/// tablet chassis (`DeviceFrame`) around the container's whole rectangle
/// (which clips its children), the background
/// colour, open contents as light panels labelled with their title and size,
/// headers in their colours with their titles, a presented modal as a sheet.
/// Several snapshots become phones side by side, each with a caption.
public enum SVGRender {
    static let margin = 32.0
    static let gap = 40.0
    static let titleBand = 44.0
    static let captionBand = 52.0
    static let fontStack = "system-ui, -apple-system, 'SF Pro Text', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

    /// Phones per row with `--steps`: long scripts wrap into a grid instead of
    /// one picture tens of thousands of points wide.
    static let perRow = 6

    /// The SVG document for `snapshots` (one phone each, side by side, wrapping
    /// after `perRow`) with one caption per phone.
    ///
    /// - Parameters:
    ///   - snapshots: The moments, one phone each.
    ///   - captions: One caption per snapshot.
    ///   - measureOverlay: Whether to outline each text line's measured box
    ///     (its width by the container's measure, `measuredLines`) and the
    ///     room inside the padding it was filled into.
    /// - Returns: The SVG document.
    public static func picture(_ snapshots: [Snapshot], captions: [String], measureOverlay: Bool = false) -> String {
        let title = snapshots.first?.title
        let frames = snapshots.map { DeviceFrame(container: $0.container) }
        let slots = frames.map { max($0.bodyWidth, 200) }
        var rows: [Range<Int>] = []
        var start = 0
        while start < snapshots.count {
            rows.append(start..<min(snapshots.count, start + perRow))
            start += perRow
        }
        func rowWidth(_ r: Range<Int>) -> Double { slots[r].reduce(0, +) + gap * Double(max(0, r.count - 1)) }
        func rowHeight(_ r: Range<Int>) -> Double {
            (frames[r].map(\.bodyHeight).max() ?? 0) + captionBand
        }
        let contentWidth = rows.map(rowWidth).max() ?? 0
        let width = max(contentWidth, 240) + 2 * margin
        let top = margin + (title == nil ? 0 : titleBand)
        let height = top + rows.map(rowHeight).reduce(0, +) + gap * Double(max(0, rows.count - 1)) + margin / 2

        let lang = snapshots.first?.container.writing.lang.map { " xml:lang=\"\(XML.escape($0))\"" } ?? ""
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\"\(lang) width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"\(fontStack)\">\n"
        out += "<title>\(XML.escape(title ?? "accordion"))</title>\n"
        // The faces the measure shaped the texts in, so a viewer draws the lines at the widths measured.
        let fonts = EmbeddedFontFaces.fonts(for: snapshots)
        if !fonts.faces.isEmpty { out += "<defs><style>\n" + EmbeddedFontFaces.rules(fonts) + "</style></defs>\n" }
        let surface = Surface.of(snapshots.first?.container.appearance ?? .light)
        out += "<rect width=\"100%\" height=\"100%\" fill=\"\(surface.page)\"/>\n"
        if let title {
            let fitted = fitText(title, width: width - 2 * margin, fontSize: 22)
            out += "<text x=\"\(n(width / 2))\" y=\"\(n(margin + 22))\" text-anchor=\"middle\" font-size=\"22\" font-weight=\"600\" fill=\"\(surface.ink)\">\(XML.escape(fitted))</text>\n"
        }
        var y = top
        for row in rows {
            var x = margin + (width - 2 * margin - rowWidth(row)) / 2
            for i in row {
                let s = snapshots[i]
                let slot = slots[i]
                out += phone(s, id: "p\(i)", x: x + (slot - frames[i].bodyWidth) / 2, y: y, overlay: measureOverlay, fonts: fonts)
                let captionY = y + frames[i].bodyHeight + 24
                let caption = i < captions.count ? captions[i] : ""
                out += "<text x=\"\(n(x + slot / 2))\" y=\"\(n(captionY))\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"600\" fill=\"\(surface.ink)\">\(XML.escape(fitText(caption, width: slot, fontSize: 14)))</text>\n"
                out += "<text x=\"\(n(x + slot / 2))\" y=\"\(n(captionY + 18))\" text-anchor=\"middle\" font-size=\"12\" fill=\"\(surface.secondaryInk)\">\(XML.escape(fitText(summary(s), width: slot, fontSize: 12)))</text>\n"
                x += slot + gap
            }
            y += rowHeight(row) + gap
        }
        out += "</svg>\n"
        return out
    }

    /// One line under a phone: what is expanded and whether a transition runs.
    static func summary(_ s: Snapshot) -> String {
        var parts: [String] = []
        if let id = s.expandedPanel { parts.append("expanded \(id)") } else { parts.append("all collapsed") }
        if case .modal(let title)? = s.visible { parts.append("modal \u{201C}\(title)\u{201D}") }
        if let t = s.transition {
            parts.append("transition \(Numbers.count((t.progress * 100).rounded(), limit: 100))%")
        }
        return parts.joined(separator: " · ")
    }

    static func phone(_ s: Snapshot, id: String, x: Double, y: Double, overlay: Bool = false, fonts: EmbeddedFonts = .none) -> String {
        let w = s.container.width, h = s.container.height
        let frame = DeviceFrame(container: s.container)
        let bezel = frame.bezel
        let surface = Surface.of(s.container.appearance)
        var out = "<g transform=\"translate(\(n(x)) \(n(y)))\">\n"
        out += chassis(frame)
        let insets = frame.insets
        if frame.device != nil {
            // A named device: the screen (rounded as the real one's) in the
            // container's background, the status bar and home indicator in
            // its insets, and the container inside them: its safe area.
            let sw = frame.screenWidth, sh = frame.screenHeight, r = frame.screenRadius
            out += "<clipPath id=\"\(id)-glass\"><rect width=\"\(n(sw))\" height=\"\(n(sh))\" rx=\"\(n(r))\"/></clipPath>\n"
            out += "<g class=\"glass\" transform=\"translate(\(n(bezel)) \(n(bezel)))\" clip-path=\"url(#\(id)-glass)\">\n"
            out += "<rect width=\"\(n(sw))\" height=\"\(n(sh))\" fill=\"\(surface.screen)\"/>\n"
            out += "<rect width=\"\(n(sw))\" height=\"\(n(sh))\" \(fill(s.container.background))/>\n"
            out += StatusBar.markup(frame, ink: StatusBar.ink(s.container.appearance))
            out += "</g>\n"
        }
        // The container's whole rectangle: square corners, nothing cut off.
        out += "<clipPath id=\"\(id)-screen\"><rect width=\"\(n(w))\" height=\"\(n(h))\"/></clipPath>\n"
        out += "<g transform=\"translate(\(n(bezel + insets.left)) \(n(bezel + insets.top)))\" clip-path=\"url(#\(id)-screen)\">\n"
        out += "<rect width=\"\(n(w))\" height=\"\(n(h))\" fill=\"\(surface.screen)\"/>\n"
        out += "<rect width=\"\(n(w))\" height=\"\(n(h))\" \(fill(s.container.background))/>\n"

        // Content views lie below every header; during a transition `to`'s above `from`'s.
        let to = s.transition?.to
        var contents = s.panels.filter { $0.content != nil && $0.index != to }
        contents += s.panels.filter { $0.content != nil && $0.index == to }
        // A scrolling container shows the window [offset, offset + H) of the stack.
        let offset = s.scroll?.offset ?? 0
        if offset != 0 { out += "<g transform=\"translate(0 \(n(-offset)))\">\n" }
        // In `insetGrouped` a panel's header and content are one rounded section.
        let sectioned = s.container.style == .insetGrouped
        if sectioned { out += sectionClips(s, id: id) }
        func inSection(_ p: PanelFrame, _ drawing: String) -> String {
            sectioned ? "<g clip-path=\"url(#\(id)-s\(p.index))\">\n" + drawing + "</g>\n" : drawing
        }
        // A content holding a nested level draws the level inside its clip (`NestedLevels`).
        let levels = NestedLevels(s, id: id, overlay: overlay, fonts: fonts)
        let window = (top: offset, bottom: offset + h)
        for p in contents {
            let r = p.content!
            let writing = p.panel.writing(in: s.container.writing).content
            let inside = levels.drawing(heldBy: p.panel.id, visible: clipped(window, to: r))
            out += inSection(p, content(p.panel, lines: p.textLines, rect: r, id: "\(id)-c\(p.index)", s: s, writing: writing,
                                        visible: window, overlay: overlay, fonts: fonts, inside: inside))
        }
        for p in s.panels {
            let writing = p.panel.writing(in: s.container.writing).panel
            out += inSection(p, header(p.panel, rect: p.header, id: "\(id)-h\(p.index)", mark: HeaderMark(s, p.index),
                                       measure: s.container.textMeasure.measure, fonts: fonts, dir: writing.direction, lang: writing.lang))
        }
        out += separators(s)
        if offset != 0 { out += "</g>\n" }
        if let scroll = s.scroll, scroll.contentHeight > h, h > 0 {
            out += scrollIndicator(scroll, width: w, height: h)
        }
        if case .modal(let title)? = s.visible {
            out += modal(title, width: w, height: h, surface: surface)
        }
        out += "</g>\n"
        // A faint screen edge makes the glass read as glass on light
        // backgrounds; it lies just outside the screen, on the bezel.
        let radius = frame.screenRadius > 0 ? " rx=\"\(n(frame.screenRadius + 0.5))\"" : ""
        out += "<rect x=\"\(n(bezel - 0.5))\" y=\"\(n(bezel - 0.5))\" width=\"\(n(frame.screenWidth + 1))\" height=\"\(n(frame.screenHeight + 1))\"\(radius) fill=\"none\" stroke=\"#000000\" stroke-opacity=\"0.35\"/>\n"
        out += "</g>\n"
        return out
    }

    /// One rounded clip per panel in `insetGrouped`: its section, from its
    /// header's top to its content's bottom (its header's when it shows
    /// none), with corners of `ContainerStyle.sectionCornerRadius` (less
    /// for a section too short for them).
    static func sectionClips(_ s: Snapshot, id: String) -> String {
        var out = ""
        for p in s.panels {
            let r = p.header
            let height = r.height + max(0, p.content?.height ?? 0)
            let radius = min(ContainerStyle.sectionCornerRadius, height / 2, r.width / 2)
            out += "<clipPath id=\"\(id)-s\(p.index)\"><rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(0, r.width)))\" height=\"\(n(height))\" rx=\"\(n(max(0, radius)))\"/></clipPath>\n"
        }
        return out
    }

    /// The device's body with its buttons (drawn first so the body overlaps
    /// them) and its camera, in the frame's coordinates.
    static func chassis(_ frame: DeviceFrame) -> String {
        // `device: none`: no body, the screen alone.
        guard frame.kind != .none else { return "" }
        var out = ""
        for b in frame.buttons {
            out += "<rect x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\" rx=\"1.5\" fill=\"\(DeviceFrame.buttonColor)\"/>\n"
        }
        out += "<rect width=\"\(n(frame.bodyWidth))\" height=\"\(n(frame.bodyHeight))\" rx=\"\(n(frame.cornerRadius))\" fill=\"\(DeviceFrame.bodyColor)\" stroke=\"\(DeviceFrame.edgeColor)\" stroke-width=\"1.5\"/>\n"
        if let c = frame.camera {
            out += "<circle cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(c.radius))\" fill=\"\(DeviceFrame.cameraColor)\"/>\n"
        }
        return out
    }

    /// A content view at `r`, clipped to it: the panel's own content
    /// (`drawnContent`), or a placeholder card with its title and size when
    /// it has none. The same for a top-level panel and a nested one.
    ///
    /// - Parameters:
    ///   - panel: The panel whose content it is.
    ///   - lines: Its text content's lines as the model wrapped them, or nil.
    ///   - r: The content's frame at the moment.
    ///   - id: The clip's id, unique in the document.
    ///   - s: The moment (its appearance, measure and container).
    ///   - writing: The `lang` and `dir` in effect for the content.
    ///   - visible: The part of the stack shown there (the window, within
    ///     every box holding it), in stack points: only items crossing it are written.
    ///   - overlay: Whether to draw `measureOverlay` over a text.
    ///   - fonts: The embedded faces.
    ///   - inside: What lies on the content, inside its clip: a nested level's drawing.
    /// - Returns: The content's markup.
    static func content(_ panel: PanelSpec, lines: [String]?, rect r: Rect, id: String, s: Snapshot, writing: Writing,
                        visible: (top: Double, bottom: Double), overlay: Bool = false, fonts: EmbeddedFonts = .none,
                        inside: String = "") -> String {
        let surface = Surface.of(s.container.appearance)
        var out = "<g clip-path=\"url(#\(id))\">\n"
        out += "<clipPath id=\"\(id)\"><rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(0, r.width)))\" height=\"\(n(max(0, r.height)))\"/></clipPath>\n"
        if let drawn = panel.content {
            let dir = writing.direction
            out += drawnContent(drawn, lines: lines, rect: r, visible: visible, dir: dir, lang: writing.lang, fonts: fonts, surface: surface)
            if overlay { out += measureOverlay(drawn, lines: lines, rect: r, s: s, writing: writing) }
            return out + inside + "</g>\n"
        }
        out += "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(0, r.width)))\" height=\"\(n(max(0, r.height)))\" fill=\"\(surface.placeholder)\"/>\n"
        // Table-cell separators, as a list screen would show, capped so huge contents stay small.
        let rows = Numbers.count(r.height / 44, limit: 40)
        if rows > 0 {
            var d = ""
            for i in 1...rows {
                let ly = r.y + Double(i) * 44
                d += "M\(n(r.x + 16)) \(n(ly))H\(n(r.x + r.width))"
            }
            out += "<path d=\"\(d)\" stroke=\"\(surface.rule)\" stroke-width=\"1\"/>\n"
        }
        let size = Numbers.short(r.width) + " × " + Numbers.short(r.height)
        let cx = r.x + r.width / 2, cy = r.y + r.height / 2
        let title = fitText(panel.title, width: r.width - 40, fontSize: 17)
        let labelWidth = min(r.width - 24, max(estimate(title, fontSize: 17), estimate(size, fontSize: 15)) + 32)
        if r.height >= 64 {
            out += "<rect x=\"\(n(cx - labelWidth / 2))\" y=\"\(n(cy - 30))\" width=\"\(n(max(0, labelWidth)))\" height=\"60\" rx=\"12\" fill=\"\(surface.card)\" stroke=\"\(surface.cardStroke)\"/>\n"
            out += "<text x=\"\(n(cx))\" y=\"\(n(cy - 4))\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"600\" fill=\"\(surface.ink)\">\(XML.escape(title))</text>\n"
            out += "<text x=\"\(n(cx))\" y=\"\(n(cy + 17))\" text-anchor=\"middle\" font-size=\"15\" fill=\"\(surface.secondaryInk)\">\(XML.escape(size))</text>\n"
        } else {
            out += "<text x=\"\(n(cx))\" y=\"\(n(cy + 5))\" text-anchor=\"middle\" font-size=\"13\" fill=\"\(surface.secondaryInk)\">\(XML.escape(size))</text>\n"
        }
        out += "</g>\n"
        return out
    }

    /// `--measure-overlay`: for a text content, the room its lines were
    /// filled into (dashed, inside the padding) and each line's measured
    /// box, as wide as the container's measure says the line is (from the
    /// start edge: the right one for a right-to-left line), so an author sees
    /// where a line ends and how much room was left when it broke.
    static func measureOverlay(_ content: PanelContent, lines: [String]?, rect r: Rect, s: Snapshot, writing: Writing) -> String {
        guard case .text(let text, let m) = content, let lines, m.lineHeight > 0 else { return "" }
        let lang = writing.lang, dir = writing.direction
        let measured = s.container.textMeasure.measure.measuredLines(of: text, width: r.width, metrics: m, lang: lang)
        guard measured.map(\.text) == lines else { return "" }
        let room = max(0, r.width - 2 * m.padding)
        var out = "<g class=\"measure-overlay\" fill=\"none\" stroke-width=\"0.5\">\n"
        out += "<rect x=\"\(n(r.x + m.padding))\" y=\"\(n(r.y + m.padding))\" width=\"\(n(room))\" height=\"\(n(Double(lines.count) * m.lineHeight))\" stroke=\"#007AFF\" stroke-dasharray=\"2 2\"/>\n"
        let rtl = TextDirections.lines(lines, dir)
        for (i, line) in measured.enumerated() where !line.text.isEmpty {
            let y = r.y + m.padding + Double(i) * m.lineHeight
            let x = rtl[i] ? r.x + r.width - m.padding - line.width : r.x + m.padding
            out += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(line.width))\" height=\"\(n(m.lineHeight))\" stroke=\"#FF3B30\"><title>\(n(line.width)) of \(n(room)) points</title></rect>\n"
        }
        return out + "</g>\n"
    }

    /// The panel's own content, as the model measured it: text lines at its
    /// metrics (the lines the model wrapped, never re-wrapped here) or rows
    /// with title, detail, separator and a disclosure chevron. Only the items
    /// crossing `visible` (the content frame within the shown window) are
    /// written, so a long list costs what is on screen. A line or row that
    /// runs right to left (`TextDirections`, under the content's `dir`)
    /// starts at the right: `direction="rtl"` with the start anchor there,
    /// and a row's chevron sits at the left, pointing left. A nested level
    /// (`.accordion`) is the box alone: `NestedLevels` draws the level on it.
    /// `lines` are the model's wrapped lines of a text, at the frame's width
    /// (a top-level panel's `PanelFrame.textLines`, a nested one's
    /// `NestedFrame.textLines`).
    static func drawnContent(_ content: PanelContent, lines: [String]?, rect r: Rect, visible: (top: Double, bottom: Double),
                             dir: WritingDirection = .auto, lang: String? = nil, fonts: EmbeddedFonts = .none,
                             surface: Surface = .light) -> String {
        var out = "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(0, r.width)))\" height=\"\(n(max(0, r.height)))\" fill=\"\(surface.content)\"/>\n"
        let top = max(r.y, visible.top), bottom = min(r.y + r.height, visible.bottom)
        guard bottom > top else { return out }
        switch content {
        case .text(_, let m):
            let lines = lines ?? []
            guard m.lineHeight > 0, !lines.isEmpty else { return out }
            let first = max(0, Int(((top - r.y - m.padding) / m.lineHeight).rounded(.down)))
            let last = min(lines.count, Int(((bottom - r.y - m.padding) / m.lineHeight).rounded(.up)))
            guard first < last else { return out }
            let rtl = TextDirections.lines(lines, dir)
            for i in first..<last where !lines[i].isEmpty {
                let baseline = r.y + m.padding + Double(i) * m.lineHeight + m.lineHeight / 2 + m.fontSize * 0.35
                let x = rtl[i] ? r.x + r.width - m.padding : r.x + m.padding
                out += "<text x=\"\(n(x))\" y=\"\(n(baseline))\"\(direction(rtl[i])) font-size=\"\(n(m.fontSize))\"\(fontFamily(m.font, lang: lang, fonts: fonts)) fill=\"\(surface.ink)\" xml:space=\"preserve\">\(XML.escape(lines[i]))</text>\n"
            }
        case .rows(let rows, let rowHeight):
            guard rowHeight > 0, !rows.isEmpty else { return out }
            let first = max(0, Int(((top - r.y) / rowHeight).rounded(.down)))
            let last = min(rows.count, Int(((bottom - r.y) / rowHeight).rounded(.up)))
            guard first < last else { return out }
            let titleSize = min(17, max(7, rowHeight * 0.39)), detailSize = min(13, max(6, rowHeight * 0.3))
            let chevron = min(rowHeight * 0.16, 5)
            var separators = ""
            for i in first..<last {
                let row = rows[i], y = r.y + Double(i) * rowHeight
                let room = r.width - 32 - (chevron > 2 ? 24 : 0)
                let rtl = TextDirections.isRightToLeft(row.title, dir)
                let x = rtl ? r.x + r.width - 16 : r.x + 16
                let anchor = direction(rtl)
                if let detail = row.detail {
                    out += "<text x=\"\(n(x))\" y=\"\(n(y + rowHeight * 0.45))\"\(anchor) font-size=\"\(n(titleSize))\" fill=\"\(surface.ink)\">\(XML.escape(fitText(row.title, width: room, fontSize: titleSize)))</text>\n"
                    out += "<text x=\"\(n(x))\" y=\"\(n(y + rowHeight * 0.45 + detailSize * 1.3))\"\(anchor) font-size=\"\(n(detailSize))\" fill=\"\(surface.secondaryInk)\">\(XML.escape(fitText(detail, width: room, fontSize: detailSize)))</text>\n"
                } else {
                    out += "<text x=\"\(n(x))\" y=\"\(n(y + rowHeight / 2 + titleSize * 0.35))\"\(anchor) font-size=\"\(n(titleSize))\" fill=\"\(surface.ink)\">\(XML.escape(fitText(row.title, width: room, fontSize: titleSize)))</text>\n"
                }
                if chevron > 2 {
                    // Mirrored in a right-to-left row: at the left, pointing left.
                    let cx = rtl ? r.x + 20 : r.x + r.width - 20, cy = y + rowHeight / 2
                    let tip = rtl ? -chevron / 2 : chevron / 2
                    out += "<path d=\"M\(n(cx - tip)) \(n(cy - chevron))L\(n(cx + tip)) \(n(cy))L\(n(cx - tip)) \(n(cy + chevron))\" fill=\"none\" stroke=\"\(surface.chevron)\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
                }
                if i < rows.count - 1 {
                    separators += rtl ? "M\(n(r.x)) \(n(y + rowHeight - 0.5))H\(n(r.x + r.width - 16))"
                        : "M\(n(r.x + 16)) \(n(y + rowHeight - 0.5))H\(n(r.x + r.width))"
                }
            }
            if !separators.isEmpty {
                out += "<path d=\"\(separators)\" stroke=\"\(surface.rule)\" stroke-width=\"1\"/>\n"
            }
        case .accordion:
            // The nested level is drawn from its frames, on this box (`NestedLevels`).
            break
        }
        return out
    }

    /// A header bar with its title, accessories and mark: a chevron, a lock
    /// when the panel cannot close, a slashed circle when it cannot open
    /// (disabled and closed; its title keeps its own colour, so it stays as
    /// legible as any header). Everything is placed by the model's
    /// `HeaderLayout`. In a right-to-left header (its title's direction,
    /// `TextDirections`) the layout is mirrored: the icon and title start
    /// at the right, the detail and mark sit at the left, the closed
    /// chevron pointing left. The same for a top-level header and a nested one.
    ///
    /// - Parameters:
    ///   - panel: The panel whose header it is.
    ///   - r: The header's frame at the moment.
    ///   - id: The clip's id, unique in the document.
    ///   - mark: What a tap on it would do (`HeaderMark`).
    ///   - measure: The container's measure, which `HeaderLayout` reads.
    ///   - fonts: The embedded faces.
    ///   - dir: The `dir` in effect for the title.
    ///   - lang: The `lang` in effect for the title.
    /// - Returns: The header's markup.
    static func header(_ panel: PanelSpec, rect r: Rect, id: String, mark: HeaderMark, measure: any TextMeasure,
                       fonts: EmbeddedFonts = .none, dir: WritingDirection = .auto, lang: String? = nil) -> String {
        var out = "<g clip-path=\"url(#\(id))\">\n"
        out += "<clipPath id=\"\(id)\"><rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\"/></clipPath>\n"
        out += "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" \(fill(panel.color))/>\n"
        // The model's one rule for headers, which validate's title-truncated reads too.
        let layout = HeaderLayout(panel, in: r, measure: measure, lang: lang)
        let fontSize = layout.fontSize
        let chevron = min(r.height * 0.18, 6)
        let drawsMark = HeaderTitle.drawsMark(headerHeight: r.height)
        let rtl = TextDirections.isRightToLeft(panel.title, dir)
        let family = titleFamily(measure, lang: lang, fonts)
        // The left edge of a part `width` wide that starts `start` from the header's start edge.
        func left(_ start: Double, _ width: Double) -> Double { rtl ? r.x + r.width - start - width : r.x + start }
        func text(_ t: String, x: Double, baseline: Double, size: Double, anchor: String = "", colour: RGBA) -> String {
            "<text x=\"\(n(x))\" y=\"\(n(r.y + baseline))\"\(direction(rtl))\(anchor) font-size=\"\(n(size))\"\(family) font-weight=\"\(HeaderTitle.weight)\" \(fill(colour))>\(XML.escape(t))</text>\n"
        }
        if let icon = layout.icon {
            let size = layout.iconSize
            out += "<path d=\"\(HeaderIcons.path(icon.symbol))\" transform=\"translate(\(n(left(icon.start, size))) \(n(r.y + (r.height - size) / 2))) scale(\(n(size / 24)))\" fill=\"none\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\" \(stroke(panel.titleColor))/>\n"
        }
        let titleX = rtl ? r.x + r.width - layout.titleStart : r.x + layout.titleStart
        out += text(layout.title.text, x: titleX, baseline: layout.titleBaseline, size: fontSize, colour: panel.titleColor)
        if let badge = layout.badge {
            let x = left(badge.start, badge.width)
            out += "<rect x=\"\(n(x))\" y=\"\(n(r.y + badge.top))\" width=\"\(n(badge.width))\" height=\"\(n(badge.height))\" rx=\"\(n(badge.height / 2))\" \(fill(panel.titleColor))/>\n"
            // The pill's text in the header's colour: the title's contrast, reversed.
            out += text(badge.text, x: x + badge.width / 2, baseline: badge.top + badge.height / 2 + badge.fontSize * 0.35,
                        size: badge.fontSize, anchor: " text-anchor=\"middle\"", colour: panel.color | 0xFF)
        }
        if let detail = layout.detail {
            let x = rtl ? r.x + r.width - detail.start - detail.width : r.x + detail.start + detail.width
            out += text(detail.text, x: x, baseline: detail.baseline, size: detail.fontSize, anchor: " text-anchor=\"end\"",
                        colour: panel.titleColor)
        }
        if let subtitle = layout.subtitle {
            let x = rtl ? r.x + r.width - subtitle.start : r.x + subtitle.start
            out += text(subtitle.text, x: x, baseline: subtitle.baseline, size: subtitle.fontSize, colour: panel.titleColor)
        }
        let cx = rtl ? r.x + 22 : r.x + r.width - 22, cy = r.y + r.height / 2
        switch mark {
        case .chevron(let open) where drawsMark:
            let tip = rtl ? -chevron / 2 : chevron / 2
            let d = open
                ? "M\(n(cx - chevron)) \(n(cy - chevron / 2))L\(n(cx)) \(n(cy + chevron / 2))L\(n(cx + chevron)) \(n(cy - chevron / 2))"
                : "M\(n(cx - tip)) \(n(cy - chevron))L\(n(cx + tip)) \(n(cy))L\(n(cx - tip)) \(n(cy + chevron))"
            out += "<path d=\"\(d)\" fill=\"none\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\" \(stroke(panel.titleColor))/>\n"
        case .pinned where drawsMark:
            // "Cannot be closed": a padlock as tall as the chevron, a filled body under a shackle.
            let w = chevron * 1.5, h = chevron * 1.1
            out += "<rect x=\"\(n(cx - w / 2))\" y=\"\(n(cy - h / 4))\" width=\"\(n(w))\" height=\"\(n(h))\" rx=\"1.5\" \(fill(panel.titleColor))/>\n"
            let arm = w / 2 - 1.5
            out += "<path d=\"M\(n(cx - arm)) \(n(cy - h / 4))V\(n(cy - h / 2))A\(n(arm)) \(n(arm)) 0 0 1 \(n(cx + arm)) \(n(cy - h / 2))V\(n(cy - h / 4))\" fill=\"none\" stroke-width=\"2\" \(stroke(panel.titleColor))/>\n"
        case .disabled where drawsMark:
            // "Cannot be opened": a circle with a slash, 2.33 chevrons wide
            // (the page's 14 points) with a 2-point line, whatever the scale.
            let size = chevron * 3
            out += "<path d=\"\(HeaderIcons.cannotOpen)\" transform=\"translate(\(n(cx - size / 2)) \(n(cy - size / 2))) scale(\(n(size / 24)))\" fill=\"none\" stroke-width=\"\(n(2 * 24 / size))\" stroke-linecap=\"round\" \(stroke(panel.titleColor))/>\n"
        default:
            break
        }
        out += "</g>\n"
        return out
    }

    /// The separators on the top edges of touching headers (`HeaderSeparator`).
    static func separators(_ s: Snapshot) -> String {
        var out = ""
        for line in s.container.drawnSeparator.lines(in: s.panels) {
            let r = s.panels[line.index].header
            out += "<rect class=\"separator\" x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(min(line.thickness, r.height)))\" \(fill(line.color))/>\n"
        }
        return out
    }

    /// The scroll bar a scrolling list shows: its length is the window's share
    /// of the stack, its place the offset's.
    static func scrollIndicator(_ scroll: ScrollPosition, width w: Double, height h: Double) -> String {
        let length = max(24, h * h / scroll.contentHeight)
        let range = max(0, scroll.contentHeight - h)
        let y = range > 0 ? min(1, max(0, scroll.offset / range)) * (h - length) : 0
        return "<rect x=\"\(n(w - 6))\" y=\"\(n(y + 2))\" width=\"3\" height=\"\(n(max(0, length - 4)))\" rx=\"1.5\" fill=\"#000000\" fill-opacity=\"0.35\"/>\n"
    }

    static func modal(_ title: String, width w: Double, height h: Double, surface: Surface = .light) -> String {
        let top = min(48, h * 0.08)
        var out = "<rect width=\"\(n(w))\" height=\"\(n(h))\" fill=\"#000000\" fill-opacity=\"0.35\"/>\n"
        out += "<rect y=\"\(n(top))\" width=\"\(n(w))\" height=\"\(n(h - top + 24))\" rx=\"12\" fill=\"\(surface.sheet)\"/>\n"
        out += "<rect x=\"\(n(w / 2 - 18))\" y=\"\(n(top + 6))\" width=\"36\" height=\"5\" rx=\"2.5\" fill=\"\(surface.chevron)\"/>\n"
        let fitted = fitText(title, width: w - 32, fontSize: 17)
        out += "<text x=\"\(n(w / 2))\" y=\"\(n(top + 36))\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"600\" fill=\"\(surface.ink)\">\(XML.escape(fitted))</text>\n"
        out += "<text x=\"\(n(w / 2))\" y=\"\(n(top + 56))\" text-anchor=\"middle\" font-size=\"12\" fill=\"\(surface.secondaryInk)\">modal</text>\n"
        return out
    }

    /// ` direction="rtl"` for a right-to-left text, whose start anchor (the
    /// default `text-anchor`) is then its right end; nothing otherwise.
    static func direction(_ rtl: Bool) -> String { rtl ? " direction=\"rtl\"" : "" }

    /// The families a font-measured text was measured in, for the viewer to
    /// draw it in: the embedded subsets of the faces it was shaped in, then
    /// the spec's families (nothing for the metric measure, as before).
    static func fontFamily(_ font: TextFont?, lang: String?, fonts: EmbeddedFonts) -> String {
        guard let font else { return "" }
        let names = EmbeddedFontFaces.familyList(font, lang: lang, in: fonts)
        return " font-family=\"\(XML.escape(names))\"" + (font.weight == 400 ? "" : " font-weight=\"\(font.weight)\"")
    }

    /// The families a title is drawn in when the measure shaped it in a
    /// font (its embedded subsets first); nothing otherwise, as before.
    static func titleFamily(_ measure: any TextMeasure, lang: String?, _ fonts: EmbeddedFonts) -> String {
        guard let font = measure.shapedTitleFont else { return "" }
        return " font-family=\"\(XML.escape(EmbeddedFontFaces.familyList(font, lang: lang, in: fonts)))\""
    }

    /// `fill` attributes for a 32-bit colour: alpha goes to `fill-opacity`.
    static func fill(_ c: RGBA) -> String {
        let alpha = Colors.alpha(c)
        return "fill=\"\(Colors.rgbHex(c))\"" + (alpha == 255 ? "" : " fill-opacity=\"\(Numbers.short(Colors.opacity(c)))\"")
    }

    static func stroke(_ c: RGBA) -> String {
        let alpha = Colors.alpha(c)
        return "stroke=\"\(Colors.rgbHex(c))\"" + (alpha == 255 ? "" : " stroke-opacity=\"\(Numbers.short(Colors.opacity(c)))\"")
    }

    /// Rough advance width of proportional text: enough to decide where to ellipsize.
    static func estimate(_ text: String, fontSize: Double) -> Double {
        Double(Width.of(text)) * fontSize * 0.58
    }

    /// `text` shortened with `…` so that it (roughly) fits in `width` points,
    /// each character advancing `advance` ems.
    static func fitText(_ text: String, width: Double, fontSize: Double, advance: Double = 0.58) -> String {
        let columns = Numbers.count(width / (fontSize * advance), limit: 10_000)
        return Width.fit(text, columns)
    }

    static func n(_ v: Double) -> String { Numbers.short(v) }
}

/// XML text and attribute escaping; characters XML 1.0 cannot hold become U+FFFD
/// (the SVG and HTML renderings, and `accordion test --format junit`).
public enum XML {
    /// `text` with `&`, `<`, `>`, quotes escaped and characters XML 1.0 cannot hold replaced.
    ///
    /// - Parameter text: Any text: a title, a caption, a failure message.
    /// - Returns: Text safe inside an element or a quoted attribute; other
    ///   control characters (tab and line breaks too) become character references.
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = c.value
                let allowed = v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v <= 0xD7FF)
                    || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
                if !allowed {
                    out += "\u{FFFD}"
                } else if v < 0x20 || (v >= 0x7F && v < 0xA0) {
                    out += "&#x\(String(v, radix: 16, uppercase: true));"
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }
}
