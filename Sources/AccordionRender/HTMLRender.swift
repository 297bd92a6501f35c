import AccordionDiagnostics
import AccordionModel

/// The interactive preview: one self-contained HTML file (inline style and
/// script, nothing loaded from anywhere) that shows the container at true
/// scale in a device frame and behaves like the controller when a header is
/// clicked. Every frame it shows comes from the model through
/// `HTMLPlayback`; the script only interpolates between the model's frames
/// with the spec's curve and replays the model's containment-log order.
public enum HTMLRender {
    /// The page for the moment `snapshot` shows (the state after the script,
    /// or mid-transition with `--at`, in which case the page plays the rest).
    ///
    /// - Parameters:
    ///   - snapshot: The moment to show first.
    ///   - addendum: What a live preview adds to the page (its overlay and
    ///     event-stream script); nil for the file `render` writes.
    ///   - chrome: What the page shows around the container (the device, the log).
    /// - Returns: A self-contained HTML document.
    public static func page(_ snapshot: Snapshot, addendum: PageAddendum? = nil, chrome: PageChrome = .debug) -> String {
        let playback = HTMLPlayback(snapshot)
        let title = snapshot.title ?? "accordion"
        let writing = snapshot.container.writing
        // The faces the measure shaped the texts in, so the browser draws the model's lines at their widths.
        let fonts = EmbeddedFontFaces.fonts(for: [snapshot])
        var out = head(title: title, addendum: addendum, writing: writing, fontFaces: EmbeddedFontFaces.rules(fonts))
        out += HTMLPage.body(chrome: chromeAttributes(writing), showing: chrome)
        out += "<script type=\"application/json\" id=\"accordion-data\">\n"
        out += data(snapshot, playback, fonts: fonts, bare: chrome == .none)
        out += "\n</script>\n<script>\n\(PlayerScript.text)</script>\n" + tail(addendum)
        return out
    }

    /// The document up to `<body>`: the page's style sheet, and a policy that
    /// lets it load nothing (a stray URL fails loudly); a live preview may
    /// also open its event stream on its own origin.
    ///
    /// - Parameters:
    ///   - title: The document title.
    ///   - addendum: The live preview's additions, or nil.
    ///   - writing: The spec's top-level `lang` and `dir`: the document's
    ///     language (`en` when the spec names none, as the page's own words
    ///     are English) and, when written `ltr` or `rtl`, its direction.
    ///   - fontFaces: `@font-face` rules of the fonts the page carries
    ///     (data URLs, which the policy then lets load), or "".
    /// - Returns: The start of the document, through `<body>`.
    public static func head(title: String, addendum: PageAddendum?, writing: Writing = Writing(), fontFaces: String = "") -> String {
        let connect = (addendum == nil ? "" : "; connect-src 'self'") + (fontFaces.isEmpty ? "" : "; font-src data:")
        var out = "<!DOCTYPE html>\n<html lang=\"\(XML.escape(writing.lang ?? "en"))\"" + pageDirAttribute(writing) + ">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\(connect)\">\n"
        out += "<title>\(XML.escape(title))</title>\n<style>\n\(fontFaces)\(HTMLPage.style)</style>\n</head>\n<body>\n"
        return out
    }

    /// The end of the document: the addendum's markup, then `</body></html>`.
    ///
    /// - Parameter addendum: The live preview's additions, or nil.
    /// - Returns: The close of the document.
    public static func tail(_ addendum: PageAddendum?) -> String {
        (addendum?.html ?? "") + "</body>\n</html>\n"
    }

    /// What a server that keeps the page live adds to it: markup at the end
    /// of the body (an overlay, a script that listens to the server), which
    /// may also connect back to the page's own origin.
    public struct PageAddendum: Sendable {
        /// Inserted just before `</body>`.
        public var html: String

        /// Creates an addendum.
        public init(html: String) { self.html = html }
    }

    /// ` dir="ltr"` or ` dir="rtl"` when the spec writes its top-level
    /// `dir`; nothing for `auto`, whose page stays left to right while each
    /// title and paragraph takes its own direction.
    static func pageDirAttribute(_ w: Writing) -> String {
        switch w.dir {
        case .ltr?: " dir=\"ltr\""
        case .rtl?: " dir=\"rtl\""
        case .auto?, nil: ""
        }
    }

    /// The page's base direction, which an element inherits unless it says otherwise.
    static func pageIsRightToLeft(_ w: Writing) -> Bool { w.dir == .rtl }

    /// The attributes of the page's own English words (the state panel,
    /// the scale line) when the spec's language or direction is another:
    /// they are marked English and left to right, so a screen reader reads
    /// them in English and the state table keeps its order.
    static func chromeAttributes(_ w: Writing) -> String {
        let english = w.lang.map { $0.lowercased() == "en" || $0.lowercased().hasPrefix("en-") } ?? true
        return (english ? "" : " lang=\"en\"") + (pageIsRightToLeft(w) ? " dir=\"ltr\"" : "")
    }

    /// The most recent log entries the page embeds; older ones are only counted,
    /// so a long script cannot make the page grow without bound.
    static let embeddedLogLimit = 500

    /// The device around the screen, as the SVG draws it: body size, bezel,
    /// corner radius, buttons as [x, y, width, height], the camera as [x, y, radius].
    static func frame(_ f: DeviceFrame) -> String {
        var out = "{\"kind\":" + quote(f.kind.rawValue) + ",\"landscape\":\(f.landscape)"
        out += ",\"width\":\(num(f.bodyWidth)),\"height\":\(num(f.bodyHeight))"
        out += ",\"bezel\":\(num(f.bezel)),\"radius\":\(num(f.cornerRadius))"
        out += ",\"buttons\":[" + f.buttons.map { "[" + [$0.x, $0.y, $0.width, $0.height].map(num).joined(separator: ",") + "]" }
            .joined(separator: ",") + "]"
        out += ",\"camera\":" + (f.camera.map { "[" + [$0.x, $0.y, $0.radius].map(num).joined(separator: ",") + "]" } ?? "null")
        // A named device: the screen around the container (its insets as
        // [top, right, bottom, left], its corner radius) and what the SVG
        // draws in the insets, as SVG markup in the page's ink (`currentColor`).
        if f.device != nil, f.kind != .none {
            let i = f.insets
            out += ",\"insets\":[" + [i.top, i.right, i.bottom, i.left].map(num).joined(separator: ",") + "]"
            out += ",\"screen\":[\(num(f.screenWidth)),\(num(f.screenHeight)),\(num(f.screenRadius))]"
            let glass = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(num(f.screenWidth))\" height=\"\(num(f.screenHeight))\" "
                + "viewBox=\"0 0 \(num(f.screenWidth)) \(num(f.screenHeight))\" font-family=\"\(SVGRender.fontStack)\">"
                + StatusBar.markup(f, ink: "currentColor").replacing("\n", with: "") + "</svg>"
            out += ",\"glass\":" + quote(glass)
        }
        return out + "}"
    }

    /// The frame of a page without chrome: the container's own rectangle.
    static func bareFrame(width: Double, height: Double) -> String {
        "{\"kind\":\"none\",\"landscape\":false,\"width\":\(num(width)),\"height\":\(num(height)),\"bezel\":0,\"radius\":0,"
            + "\"buttons\":[],\"camera\":null}"
    }

    /// A panel's content for the page to draw: text as the model's `lines`
    /// with its `padding`, `fontSize` and `lineHeight`; `rows` as
    /// [title, detail or null] with their `rowHeight`.
    ///
    /// Its language and direction, where they differ from the page's:
    /// `lang`, and `dirs`, one letter per line or row (`r` right to left,
    /// `l` left to right), written only when some line or row runs against
    /// the page's direction (`rtl`, whether the page's is right to left).
    /// A font-measured text also names its `font` (the CSS family list of
    /// the faces it was shaped in, `EmbeddedFontFaces`) and `fontWeight`.
    static func drawnContent(_ content: PanelContent, lines: [String]?, writing: Writing, page: Writing,
                             fonts: EmbeddedFonts = .none) -> String {
        var out: String
        let directions: [Bool]
        switch content {
        case .text(_, let m):
            let lines = lines ?? []
            directions = TextDirections.lines(lines, writing.direction)
            out = "{\"lines\":[" + lines.map(quote).joined(separator: ",") + "],\"padding\":" + num(m.padding)
                + ",\"fontSize\":" + num(m.fontSize) + ",\"lineHeight\":" + num(m.lineHeight)
            if let font = m.font {
                out += ",\"font\":" + quote(EmbeddedFontFaces.familyList(font, lang: writing.lang, in: fonts)) + ",\"fontWeight\":\(font.weight)"
            }
        case .rows(let rows, let rowHeight):
            directions = rows.map { TextDirections.isRightToLeft($0.title, writing.direction) }
            out = "{\"rows\":[" + rows.map { "[" + quote($0.title) + "," + ($0.detail.map(quote) ?? "null") + "]" }
                .joined(separator: ",") + "],\"rowHeight\":" + num(rowHeight)
        case .accordion:
            // A nested level is drawn by its own headers and contents (`D.nested`).
            directions = []
            out = "{\"level\":true"
        }
        if writing.lang != page.lang, let lang = writing.lang { out += ",\"lang\":" + quote(lang) }
        let rtl = pageIsRightToLeft(page)
        if directions.contains(where: { $0 != rtl }) {
            out += ",\"dirs\":" + quote(String(directions.map { $0 ? "r" : "l" }))
        }
        return out + "}"
    }

    /// The embedded playback data as JSON, keyed by name (the player,
    /// `Player/player.js`, reads it); its size stays linear in the number
    /// of panels, and a panel's flags are written only when true.
    static func data(_ s: Snapshot, _ playback: HTMLPlayback, fonts: EmbeddedFonts = .none, bare: Bool = false) -> String {
        var out = "{\"title\":" + (s.title.map(quote) ?? "null")
        out += ",\"width\":\(num(s.container.width)),\"height\":\(num(s.container.height))"
        out += ",\"background\":" + quote(cssColor(s.container.background))
        // Both appearances when they differ: the page follows the viewer's and has a toggle.
        if s.container.hasDarkColors(s.panels.map(\.panel)) {
            out += ",\"themes\":true,\"darkBackground\":" + quote(cssColor(s.container.darkBackground ?? s.container.background))
            if s.container.appearance == .dark { out += ",\"appearance\":\"dark\"" }
        }
        // Without chrome the screen is the whole drawing: a frame with no bezel, corners or buttons.
        out += ",\"frame\":" + (bare ? bareFrame(width: s.container.width, height: s.container.height)
                                      : frame(DeviceFrame(container: s.container)))
        out += ",\"layout\":" + quote(s.container.layout.rawValue)
        // Rounded sections (`insetGrouped`): the corner radius and the gap below the last section
        // (part of a scrolling stack's height); the frames are the model's.
        if s.container.style == .insetGrouped {
            out += ",\"sections\":{\"radius\":" + num(ContainerStyle.sectionCornerRadius) + ",\"gap\":" + num(ContainerStyle.sectionGap) + "}"
        }
        // The transitions' length by the model's rule (0 for a page rendered with --reduced-motion under
        // `instant`); the page asks prefers-reduced-motion itself unless the spec keeps its motion.
        out += ",\"duration\":\(num(s.container.transitionDuration)),\"curveName\":" + quote(s.container.curve.rawValue)
        if s.container.reducedMotion == .keep { out += ",\"reducedMotion\":\"keep\"" }
        // The tap rules' settings and the heading the header buttons sit in.
        out += ",\"expansion\":" + quote(s.container.expansion.rawValue)
        out += ",\"collapsible\":\(s.container.collapsible),\"interruption\":" + quote(s.container.interruption.rawValue)
        out += ",\"headingLevel\":\(s.container.headingLevel)"
        out += ",\"overflow\":" + quote(s.container.overflow.rawValue)
        // The page's direction, which headers and lines inherit unless they say otherwise.
        let page = s.container.writing
        out += ",\"rtl\":\(pageIsRightToLeft(page))"
        if let title = s.title, TextDirections.isRightToLeft(title, page.direction) != pageIsRightToLeft(page) {
            out += ",\"titleDir\":" + quote(pageIsRightToLeft(page) ? "ltr" : "rtl")
        }
        // The model's "same moment" tolerance, so the page ends transitions exactly when it does.
        out += ",\"tolerance\":\(timeTolerance)"
        let points = s.container.curve.controlPoints
        out += ",\"curve\":[" + [points.x1, points.y1, points.x2, points.y2].map(num).joined(separator: ",") + "]"
        // The moment shown and what the model says about it.
        out += ",\"state\":{\"time\":\(num(s.time)),\"open\":[" + s.expandedIndices.map(String.init).joined(separator: ",") + "]"
        if case .modal(let title)? = s.visible {
            out += ",\"modal\":" + quote(title)
        } else {
            out += ",\"modal\":null"
        }
        // The scroll offset shown (a scrolling container only).
        out += ",\"scroll\":" + (s.scroll.map { "{\"offset\":" + num($0.offset) + "}" } ?? "null")
        if let t = s.transition {
            out += ",\"transition\":{\"from\":" + (t.from.map { String($0) } ?? "null")
            out += ",\"to\":" + (t.to.map { String($0) } ?? "null")
            out += ",\"start\":\(num(t.start)),\"end\":\(num(t.end)),\"progress\":\(num(t.progress))"
            out += ",\"cause\":" + quote(t.cause.name)
            // The frames the model shows now, which the page moves on from
            // (a retargeted transition started from frames no rule can recompute).
            out += ",\"shown\":[" + s.panels.map { "[" + rect($0.header) + "," + ($0.content.map(rect) ?? "null") + "]" }
                .joined(separator: ",") + "]"
            if s.nests {
                // In a tree: the ids it opens and closes (of any level), and every nested panel's frames shown.
                out += ",\"opened\":[" + t.opened.map(quote).joined(separator: ",") + "],\"closed\":["
                    + t.closed.map(quote).joined(separator: ",") + "]"
                out += ",\"nestedShown\":[" + s.nested.map { "[" + ($0.header.map(rect) ?? "null") + ","
                    + ($0.content.map(rect) ?? "null") + "]" }.joined(separator: ",") + "]"
            }
            out += "}"
        } else {
            out += ",\"transition\":null"
        }
        out += "}"
        // Panels: `header` = its frame with none open, `content` = its frame when
        // alone open (whose height moves the headers below it down), `shares` = a
        // share of the space (divided among the open panels), `disabled`; the
        // flags only when true; `drawing` = what its content view draws.
        let nestedLevels = NestedData(s, playback, page: page, fonts: fonts)
        out += ",\"panels\":["
        for (i, p) in playback.panels.enumerated() {
            if i > 0 { out += "," }
            out += "\n{\"id\":" + quote(p.spec.id) + ",\"title\":" + quote(p.spec.title)
            out += ",\"color\":" + quote(cssColor(p.spec.color)) + ",\"titleColor\":" + quote(cssColor(p.spec.titleColor))
            out += ",\"header\":" + rect(p.collapsedHeader) + ",\"content\":" + rect(p.expandedContent)
            if p.shares { out += ",\"shares\":true" }
            // The header's language and direction where they differ from the page's.
            let writing = p.spec.writing(in: page)
            out += headerFields(p.spec, header: p.collapsedHeader, title: writing.panel, page: page,
                                measure: s.container.textMeasure.measure, fonts: fonts)
            if let content = p.spec.content {
                out += ",\"drawing\":" + drawnContent(content, lines: s.panels[i].textLines, writing: writing.content, page: page, fonts: fonts)
            }
            if let level = nestedLevels.topLevel[i] { out += ",\"level\":\(level)" }
            out += "}"
        }
        out += "]"
        if s.nests { out += ",\"space\":" + num(playback.space) + ",\n\"nested\":" + nestedLevels.json }
        out += iconTable(s.panels.map(\.panel)) + separatorTable(s)
        if s.container.hasDarkColors(s.panels.map(\.panel)) { out += separatorTable(s.appearing(.dark), key: "darkSeparators") }
        out += ",\n\"templates\":{"
        out += playback.templates.map { kind, t in
            quote(kind) + ":{\"start\":" + entries(t.start) + ",\"end\":" + entries(t.end) + "}"
        }.joined(separator: ",")
        out += "},\"ignored\":{\"event\":" + quote(playback.ignoredEvent)
        out += ",\"transition\":" + quote(playback.ignoredTransitionReason)
        out += ",\"modal\":" + quote(playback.ignoredModalReason)
        out += ",\"disabled\":" + quote(playback.ignoredDisabledReason)
        out += ",\"notCollapsible\":" + quote(playback.ignoredNotCollapsibleReason)
        // Only a tree hides headers (inside a closed panel).
        if s.nests { out += ",\"hidden\":" + quote(IgnoreReason.hidden.rawValue) }
        out += "}"
        // The causes of a click, a key, a URL fragment and a find-in-page match, as the model spells them.
        out += ",\"causes\":{\"click\":" + quote(playback.clickCause) + ",\"key\":" + quote(playback.keyCause)
            + ",\"fragment\":" + quote(playback.fragmentCause) + ",\"find\":" + quote(playback.findCause) + "}"
        // The log so far, newest last.
        let kept = s.events.suffix(embeddedLogLimit)
        out += ",\n\"logOmitted\":\(s.events.count - kept.count),\"log\":["
        out += kept.map { e in
            "[" + num(e.time) + "," + quote(e.event.rawValue) + "," + (e.panel.map(quote) ?? "null")
                + "," + (e.reason.map { quote($0.rawValue) } ?? "null") + "," + (e.cause.map { quote($0.name) } ?? "null") + "]"
        }.joined(separator: ",\n")
        out += "]}"
        return out
    }

    /// A header's flags and looks as the page reads them, the same for a
    /// top-level and a nested panel: `disabled` and `dark` (only when so),
    /// its parts (`headerParts`), the family of a title shaped in a font, and
    /// its title's `lang` and `dir` where they differ from the page's
    /// (`title`, the writing in effect for it).
    static func headerFields(_ panel: PanelSpec, header: Rect, title: Writing, page: Writing, measure: any TextMeasure,
                             fonts: EmbeddedFonts) -> String {
        var out = panel.disabled ? ",\"disabled\":true" : ""
        if let dark = panel.dark { out += ",\"dark\":[" + quote(cssColor(dark.color)) + "," + quote(cssColor(dark.titleColor)) + "]" }
        out += headerParts(panel, header: header, measure: measure, lang: title.lang)
        if let font = measure.shapedTitleFont {
            out += ",\"titleFont\":" + quote(EmbeddedFontFaces.familyList(font, lang: title.lang, in: fonts))
        }
        if title.lang != page.lang, let lang = title.lang { out += ",\"lang\":" + quote(lang) }
        if TextDirections.isRightToLeft(panel.title, title.direction) != pageIsRightToLeft(page) {
            out += ",\"dir\":" + quote(pageIsRightToLeft(page) ? "ltr" : "rtl")
        }
        return out
    }

    /// What the header draws as the model's one header rule
    /// (`HeaderLayout`) lays it out, each written only when there is one:
    /// `cut`, the title when the rule cuts it (the browser draws these
    /// texts and cuts nothing itself); `icon`, `badge` and `subtitle` as
    /// drawn; `detail`, the detail as drawn, with `detailEnd`, the room in
    /// points from the detail's start to the header's end edge that the
    /// title must leave (its padding).
    static func headerParts(_ panel: PanelSpec, header: Rect, measure: any TextMeasure, lang: String?) -> String {
        var out = ""
        let layout = HeaderLayout(panel, in: header, measure: measure, lang: lang)
        if layout.title.isTruncated { out += ",\"cut\":" + quote(layout.title.text) }
        if let icon = layout.icon { out += ",\"icon\":" + quote(icon.symbol.rawValue) }
        if let badge = layout.badge { out += ",\"badge\":" + quote(badge.text) }
        if let detail = layout.detail {
            out += ",\"detail\":" + quote(detail.text) + ",\"detailEnd\":" + num(header.width - detail.start + 8)
        }
        if let subtitle = layout.subtitle { out += ",\"subtitle\":" + quote(subtitle.text) }
        return out
    }

    /// The path data of the icons the stack's headers draw, by name, written
    /// once each (`HeaderIcons`); nothing when no header has one.
    static func iconTable(_ panels: [PanelSpec]) -> String {
        var seen: Set<HeaderIcon> = []
        var out = ""
        for panel in panels {
            guard let icon = panel.accessories.icon, seen.insert(icon).inserted else { continue }
            out += (out.isEmpty ? "" : ",") + quote(icon.rawValue) + ":" + quote(HeaderIcons.path(icon))
        }
        return out.isEmpty ? "" : ",\"icons\":{" + out + "}"
    }

    /// The separators the page draws (`HeaderSeparator.lines`): per panel
    /// index, the line's CSS colour and thickness, under `key`
    /// (`darkSeparators` for the dark appearance's); nothing when there are none.
    static func separatorTable(_ s: Snapshot, key: String = "separators") -> String {
        let lines = s.container.drawnSeparator.lines(in: s.panels)
        guard !lines.isEmpty else { return "" }
        return ",\"" + key + "\":[" + lines.map { "[\($0.index)," + quote(cssColor($0.color)) + "," + num($0.thickness) + "]" }
            .joined(separator: ",") + "]"
    }

    static func entries(_ list: [(event: String, role: String?)]) -> String {
        "[" + list.map { "[" + quote($0.event) + "," + ($0.role.map(quote) ?? "null") + "]" }.joined(separator: ",") + "]"
    }

    static func rect(_ r: Rect) -> String {
        "[\(num(r.x)),\(num(r.y)),\(num(r.width)),\(num(r.height))]"
    }

    /// A number in shortest round-trip form (whole numbers without `.0`), so
    /// the page interpolates exactly the model's values.
    static func num(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return v.description
    }

    /// A JSON string literal that is also safe inside a `<script>` element:
    /// `<` is written `\u003c`, so no title can close the element.
    static func quote(_ text: String) -> String { JSONText.quote(text, safeInScript: true) }

    /// `#RRGGBBAA`, which CSS reads directly.
    static func cssColor(_ c: RGBA) -> String { Colors.hex(c) }
}

/// The nested levels of a tree as the page's player reads them (`D.nested`):
/// `levels`, each with the panel number of its holder, its rules, its
/// `depth`, whether its holding content is right to left (`rtl`: the
/// indent is on the right), its panels' numbers and its open set at the
/// moment shown; and
/// `panels`, every nested panel in tree order (panel number = the stack's
/// count + its place), drawn as a top-level panel is (`header` is its frame
/// at x 0 and y 0: its width and height), with the level it sits in (`in`),
/// its index there (`at`), its top-level ancestor (`top`), the level it
/// holds (`holds`) and the height it asks for in `fit` (`own`, absent when
/// it takes its share). The player lays the levels out by the guide's rules.
struct NestedData {
    /// The level each top-level holder holds, by its index in the stack.
    var topLevel: [Int: Int] = [:]
    /// The JSON object.
    var json = ""

    init(_ s: Snapshot, _ playback: HTMLPlayback, page: Writing, fonts: EmbeddedFonts) {
        guard s.nests else { return }
        let count = s.panels.count
        let measure = s.container.textMeasure.measure
        var levels: [String] = []
        var panels: [String] = []
        var slot = 0
        func walk(_ level: NestedLevel, holder: PanelSpec, number: Int, depth: Int, top: Int, width: Double,
                  writing: Writing) -> Int {
            let index = levels.count
            levels.append("")
            let inner = max(0, width - level.indent)
            var numbers: [Int] = []
            for (local, panel) in level.panels.enumerated() {
                let mine = count + slot
                let frame = slot < s.nested.count ? s.nested[slot] : nil
                slot += 1
                numbers.append(mine)
                let place = panels.count
                panels.append("")
                let own = panel.writing(in: writing)
                let holds = panel.nested.map { walk($0, holder: panel, number: mine, depth: depth + 1, top: top, width: inner,
                                                      writing: own.content) }
                let header = Rect(x: 0, y: 0, width: inner, height: panel.headerHeight)
                var out = "{\"id\":" + HTMLRender.quote(panel.id) + ",\"title\":" + HTMLRender.quote(panel.title)
                out += ",\"color\":" + HTMLRender.quote(HTMLRender.cssColor(panel.color))
                out += ",\"titleColor\":" + HTMLRender.quote(HTMLRender.cssColor(panel.titleColor))
                out += ",\"header\":" + HTMLRender.rect(header)
                out += ",\"in\":\(index),\"at\":\(local),\"top\":\(top)"
                if let holds { out += ",\"holds\":\(holds)" }
                if let height = playback.model.state.nestedOwnHeight(of: panel) { out += ",\"own\":" + HTMLRender.num(height) }
                out += HTMLRender.headerFields(panel, header: header, title: own.panel, page: page, measure: measure, fonts: fonts)
                if let content = panel.content, panel.nested == nil {
                    out += ",\"drawing\":" + HTMLRender.drawnContent(content, lines: frame?.textLines, writing: own.content, page: page,
                                                                    fonts: fonts)
                }
                panels[place] = out + "}"
            }
            let open = s.nestedOpen[holder.id] ?? []
            levels[index] = "{\"holder\":\(number),\"depth\":\(depth),\"expansion\":" + HTMLRender.quote(level.expansion.rawValue)
                + ",\"collapsible\":\(level.collapsible),\"indent\":" + HTMLRender.num(level.indent)
                // Inset from the right in a right-to-left content (the model's rule).
                + (writing.direction == .rtl ? ",\"rtl\":true" : "")
                + ",\"panels\":[" + numbers.map(String.init).joined(separator: ",") + "]"
                + ",\"open\":[" + open.map(String.init).joined(separator: ",") + "]}"
            return index
        }
        for (i, frame) in s.panels.enumerated() {
            guard let level = frame.panel.nested else { continue }
            topLevel[i] = walk(level, holder: frame.panel, number: i, depth: 1, top: i, width: s.container.panelWidth,
                               writing: frame.panel.writing(in: page).content)
        }
        json = "{\"levels\":[" + levels.joined(separator: ",\n") + "],\n\"panels\":[" + panels.joined(separator: ",\n") + "]}"
    }
}
