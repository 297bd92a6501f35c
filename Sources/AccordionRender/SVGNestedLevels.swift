import AccordionModel

extension SVGRender {
    /// The nested levels of one moment as the picture draws them, from
    /// `Snapshot.nested` (guide, "Nested accordions"): each level on its
    /// holder's content box and inside that box's clip, so a level two deep
    /// is cut by both boxes, as the model says a nested stack sticking out
    /// of its parent mid-transition, or headers that do not fit
    /// (`nested-headers-overflow`), are drawn. Inside a level the order is
    /// the top level's: contents (the closing ones, then those the
    /// transition opens) under the level's headers. Contents and headers
    /// are drawn by the top level's `content` and `header`, in the `lang`
    /// and `dir` a nested panel inherits from the content holding its level
    /// (`Snapshot.levelWritings`). No separators are
    /// drawn between nested headers: `HeaderSeparator.lines(in:)` is the
    /// rule of the container's stack, and nothing in the model extends it
    /// to a level. A flat stack has no levels and costs nothing.
    struct NestedLevels {
        let s: Snapshot
        /// The phone's id, the prefix of every clip id (`-n` and `-nh` then
        /// the panel's place in `s.nested`).
        let id: String
        let overlay: Bool
        let fonts: EmbeddedFonts
        /// The places in `s.nested` of each level's shown panels, in level order, by holder id.
        private var slots: [String: [Int]] = [:]
        /// Each level's `collapsible`, by holder id.
        private var collapsible: [String: Bool] = [:]
        /// What each level's panels inherit, by holder id (`Snapshot.levelWritings`).
        private let writings: [String: Writing]
        /// The ids the running transition opens (any level).
        private let opened: Set<String>

        /// The levels of `s`, looked up once (linear in the tree).
        ///
        /// - Parameters:
        ///   - s: The moment.
        ///   - id: The phone's id, which the clip ids start with.
        ///   - overlay: Whether text contents get `measureOverlay`.
        ///   - fonts: The embedded faces.
        init(_ s: Snapshot, id: String, overlay: Bool, fonts: EmbeddedFonts) {
            self.s = s
            self.id = id
            self.overlay = overlay
            self.fonts = fonts
            opened = Set(s.transition?.opened ?? [])
            writings = s.levelWritings()
            guard !s.nested.isEmpty else { return }
            for p in s.panels { if let level = p.panel.nested { collapsible[p.panel.id] = level.collapsible } }
            for (slot, f) in s.nested.enumerated() {
                if let level = f.panel.nested { collapsible[f.panel.id] = level.collapsible }
                if f.isShown { slots[f.holder, default: []].append(slot) }
            }
        }

        /// The level held by the panel `holder`, drawn on its content box:
        /// its contents (each with the level it holds, recursively), then
        /// its headers. Empty when the panel holds no shown level.
        ///
        /// - Parameters:
        ///   - holder: The id of the panel whose content box holds the level.
        ///   - visible: The part of the stack shown inside the box (the
        ///     window within every box holding it), in stack points.
        /// - Returns: The level's markup, for the inside of the box's clip.
        func drawing(heldBy holder: String, visible: (top: Double, bottom: Double)) -> String {
            guard let level = slots[holder] else { return "" }
            var out = ""
            // During a transition the contents it opens lie above the ones it closes.
            let withContent = level.filter { s.nested[$0].content != nil }
            let ordered = withContent.filter { !opened.contains(s.nested[$0].panel.id) }
                + withContent.filter { opened.contains(s.nested[$0].panel.id) }
            for slot in ordered {
                let f = s.nested[slot], r = f.content!
                let inside = drawing(heldBy: f.panel.id, visible: clipped(visible, to: r))
                out += content(f.panel, lines: f.textLines, rect: r, id: "\(id)-n\(slot)", s: s, writing: s.writing(of: f, levels: writings).content,
                               visible: visible, overlay: overlay, fonts: fonts, inside: inside)
            }
            let measure = s.container.textMeasure.measure
            for slot in level {
                let f = s.nested[slot]
                let title = s.writing(of: f, levels: writings).panel
                let mark = HeaderMark(s, nested: f, collapsible: collapsible[f.holder] ?? true)
                out += header(f.panel, rect: f.header!, id: "\(id)-nh\(slot)", mark: mark, measure: measure, fonts: fonts,
                              dir: title.direction, lang: title.lang)
            }
            return out
        }
    }

    /// `visible` within the rectangle `r`'s vertical extent (empty, top at
    /// or below bottom, when they do not meet).
    static func clipped(_ visible: (top: Double, bottom: Double), to r: Rect) -> (top: Double, bottom: Double) {
        (max(visible.top, r.y), min(visible.bottom, r.y + r.height))
    }
}
