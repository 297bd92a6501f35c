/// One panel of a nested level as shown at a moment (guide, "Nested
/// accordions"): frames in container coordinates, nil while the panel is
/// not shown (a panel above it in the tree is closed).
public struct NestedFrame: Hashable, Sendable {
    /// The id of the panel holding the panel's level.
    public var holder: String
    /// 1 for a level nested in a top-level panel, 2 for one nested in that, …
    public var depth: Int
    /// The panel's index in its own level.
    public var index: Int
    /// The panel itself.
    public var panel: PanelSpec
    /// The header's frame, nil when the panel is not shown.
    public var header: Rect?
    /// The content view's frame, nil when the panel is not shown or closed.
    public var content: Rect?
    /// The lines of its text content as the model wrapped them at the
    /// level's inset width; nil without a text content.
    public var textLines: [String]?

    /// Whether the panel is shown (every panel above it in the tree is open).
    public var isShown: Bool { header != nil }

    /// Creates a frame.
    public init(holder: String, depth: Int, index: Int, panel: PanelSpec, header: Rect?, content: Rect?,
                textLines: [String]? = nil) {
        self.holder = holder
        self.depth = depth
        self.index = index
        self.panel = panel
        self.header = header
        self.content = content
        self.textLines = textLines
    }
}

/// A nested panel's place in the tree, as the reducer addresses it (a
/// step's panel number at or above the stack's count, in tree order).
public struct NestedSlot: Hashable, Sendable {
    /// The panel itself.
    public var panel: PanelSpec
    /// The id of the panel holding the panel's level.
    public var holder: String
    /// The panel's index in its own level.
    public var index: Int
    /// 1 for a level nested in a top-level panel, 2 for one nested in that, …
    public var depth: Int
    /// The index in the stack of its top-level ancestor.
    public var top: Int
    /// The slot of the panel holding its level; nil when that is a top-level panel.
    public var parent: Int?
}

/// A nested level where the stack holds it: the level, the slot of each of
/// its panels and who holds it.
struct NestedPlace: Hashable, Sendable {
    var level: NestedLevel
    /// `slots[i]`: the slot of the level's panel `i`.
    var slots: [Int]
    /// The slot of the panel holding the level; nil when that is a top-level panel.
    var holderSlot: Int?
    /// The index in the stack of its top-level ancestor.
    var top: Int
}

extension ContainerState {
    /// Every nested panel of `panels` in tree order (a panel, then the
    /// panels nested in it, before its next sibling), with every level's
    /// place: the one numbering of nested panels, which the script runner
    /// resolves ids to and `nestedFrames(at:)` emits in. Linear in the tree.
    ///
    /// - Parameter panels: A stack.
    /// - Returns: The slots, and each level by its holder's id.
    static func nestedTree(of panels: [PanelSpec]) -> (slots: [NestedSlot], places: [String: NestedPlace]) {
        var slots: [NestedSlot] = []
        var places: [String: NestedPlace] = [:]
        func walk(_ level: NestedLevel, holder: String, holderSlot: Int?, depth: Int, top: Int) {
            var place = NestedPlace(level: level, slots: [], holderSlot: holderSlot, top: top)
            place.slots.reserveCapacity(level.panels.count)
            for (index, panel) in level.panels.enumerated() {
                let slot = slots.count
                place.slots.append(slot)
                slots.append(NestedSlot(panel: panel, holder: holder, index: index, depth: depth, top: top, parent: holderSlot))
                if let sub = panel.nested { walk(sub, holder: panel.id, holderSlot: slot, depth: depth + 1, top: top) }
            }
            if places[holder] == nil { places[holder] = place }
        }
        for (index, panel) in panels.enumerated() {
            if let level = panel.nested { walk(level, holder: panel.id, holderSlot: nil, depth: 1, top: index) }
        }
        return (slots, places)
    }

    /// The nested panels' ids in tree order: what the script runner numbers
    /// nested panels by (`panels.count + position`).
    ///
    /// - Parameter panels: A stack.
    /// - Returns: One id per nested panel, in tree order (empty for a flat stack).
    public static func nestedIDs(of panels: [PanelSpec]) -> [String] {
        guard panels.contains(where: { $0.nested != nil }) else { return [] }
        return nestedTree(of: panels).slots.map(\.panel.id)
    }

    /// The panel a step's panel number names: a top-level panel below
    /// `panels.count`, a nested one (`nestedSlots`) at or above it.
    ///
    /// - Parameter number: A number the reducer accepted (inside the tree).
    /// - Returns: The panel.
    public func panel(numbered number: Int) -> PanelSpec {
        number < panels.count ? panels[number] : nestedSlots[number - panels.count].panel
    }

    /// The nested level held by the panel with id `holder`, nil when no
    /// panel of the stack holds one by that id. O(1).
    ///
    /// - Parameter holder: A panel id.
    /// - Returns: The level.
    public func nestedLevel(heldBy holder: String) -> NestedLevel? { nestedPlaces[holder]?.level }

    /// The outermost closed panel above the panel number `number` names
    /// (what hides it), nil when it is shown or a top-level panel.
    ///
    /// - Parameter number: A panel number inside the tree.
    /// - Returns: The closed ancestor's id.
    public func closedAncestor(ofNumber number: Int) -> String? {
        guard number < addressableCount else { return nil }
        return ancestorNumbers(ofNumber: number).first { !isOpen(number: $0) }.map { panel(numbered: $0).id }
    }

    /// The panel numbers of every panel above panel number `number` in the
    /// tree, outermost (its top-level ancestor) first: the path a `reveal`
    /// opens. Empty for a top-level panel. Linear in the depth.
    ///
    /// - Parameter number: A panel number inside the tree.
    /// - Returns: The ancestors' numbers, outermost first.
    func ancestorNumbers(ofNumber number: Int) -> [Int] {
        guard number >= panels.count else { return [] }
        var chain: [Int] = []
        var current = nestedSlots[number - panels.count]
        while let parent = current.parent {
            chain.append(panels.count + parent)
            current = nestedSlots[parent]
        }
        chain.append(current.top)
        return chain.reversed()
    }

    /// Whether panel number `number` is open in its level's open set
    /// (whether or not a closed panel above it hides it).
    func isOpen(number: Int) -> Bool {
        number < panels.count ? isExpanded(number) : isNestedOpen(number - panels.count)
    }

    /// How many panels a step may name: the stack's and every nested one.
    public var addressableCount: Int { panels.count + nestedSlots.count }

    /// Whether nested slot `slot` is open in its level's open set.
    func isNestedOpen(_ slot: Int) -> Bool {
        let s = nestedSlots[slot]
        return openSet(ofLevelIn: s.holder).containsSorted(s.index)
    }

    /// Whether nested slot `slot` is shown: every panel above it in the tree
    /// is open (in the open sets, which a running transition already leads to).
    func isNestedShown(_ slot: Int) -> Bool {
        var current = nestedSlots[slot]
        while let parent = current.parent {
            guard isNestedOpen(parent) else { return false }
            current = nestedSlots[parent]
        }
        return isExpanded(current.top)
    }
}

/// The nested levels of the tree: their open sets at load and after a
/// `setPanels`, their text, their heights and their frames. One walk of the
/// levels serves every query, so the layout rules of a level are written
/// once; a flat stack (`nests` false) never walks.
extension ContainerState {
    /// Registers the open set of every nested level of the stack not known
    /// yet (a level brought back by `setPanels` keeps the one it had) and
    /// wraps the nested texts.
    mutating func registerNestedLevels() {
        nests = panels.contains { $0.nested != nil }
        guard nests else {
            nestedSlots = []
            nestedPlaces = [:]
            return
        }
        (nestedSlots, nestedPlaces) = Self.nestedTree(of: panels)
        func register(_ level: NestedLevel, holder: String) {
            if nestedOpen[holder] == nil {
                var open = Array(Set(level.expandedIndices.filter { level.panels.indices.contains($0) })).sorted()
                if level.expansion == .single, open.count > 1 { open = [open[0]] }
                nestedOpen[holder] = open
            }
            for panel in level.panels { if let sub = panel.nested { register(sub, holder: panel.id) } }
        }
        for panel in panels { if let level = panel.nested { register(level, holder: panel.id) } }
        nestedTextLines = Self.wrapNestedTexts(panels, width: container.panelWidth, container: container)
    }

    /// Every nested text content's lines, by panel id, at its level's width
    /// (the parent's width less the level's indent, the indents adding up),
    /// each in the `lang` in effect for it: a nested panel inherits the
    /// `lang` of the content that holds its level, as a top-level panel
    /// inherits the spec's.
    static func wrapNestedTexts(_ panels: [PanelSpec], width: Double, container: ContainerSpec) -> [String: [String]] {
        let measure = container.textMeasure.measure
        var lines: [String: [String]] = [:]
        func wrap(_ level: NestedLevel, width: Double, writing: Writing) {
            let inner = max(0, width - level.indent)
            for panel in level.panels {
                let content = panel.writing(in: writing).content
                switch panel.content {
                case .text(let text, let metrics)?:
                    lines[panel.id] = measure.lines(of: text, width: inner, metrics: metrics, lang: content.lang)
                case .accordion(let sub)?:
                    wrap(sub, width: inner, writing: content)
                default:
                    break
                }
            }
        }
        for panel in panels {
            if let level = panel.nested { wrap(level, width: width, writing: panel.writing(in: container.writing).content) }
        }
        return lines
    }

    /// The open set of the level held by `holder` (empty when unknown).
    func openSet(ofLevelIn holder: String) -> [Int] { nestedOpen[holder] ?? [] }

    /// What a level's open panel `panel` gets, `C`, in the settled layout:
    /// its share `each` of the level's `space` in `fill` and for a panel
    /// without a size of its own in `fit`; in `fit` else its `contentHeight`,
    /// its text or rows, or its own nested level's height (its panels
    /// sharing `each`), capped at the level's space with `overflow: clip`.
    func nestedContentHeight(_ panel: PanelSpec, space: Double, each: Double) -> Double {
        guard container.layout == .fit else { return each }
        let preferred: Double
        if let level = panel.nested {
            preferred = nestedLevelHeight(level, holder: panel.id, share: each)
        } else if let own = nestedOwnHeight(of: panel) {
            preferred = own
        } else {
            return each
        }
        return container.overflow == .scroll ? max(0, preferred) : max(0, min(preferred, space))
    }

    /// The height a nested panel without a level of its own asks for in
    /// `fit`, whatever is open: its `contentHeight`, else its rows
    /// (`n · rowHeight`) or its text (`lines · lineHeight + 2 · padding`, at
    /// its level's width); nil when it has neither, so it takes its share.
    /// What the page's player sizes a nested content by. O(1).
    ///
    /// - Parameter panel: A panel of a nested level (one holding a level gives nil).
    /// - Returns: The height in points, or nil.
    public func nestedOwnHeight(of panel: PanelSpec) -> Double? {
        if panel.nested != nil { return nil }
        if let height = panel.contentHeight { return height }
        switch panel.content {
        case nil, .accordion?:
            return nil
        case .rows(let rows, let rowHeight)?:
            return min(Double(rows.count) * rowHeight, .greatestFiniteMagnitude)
        case .text(_, let metrics)?:
            let lines = min(Double(nestedTextLines[panel.id]?.count ?? 0) * metrics.lineHeight, .greatestFiniteMagnitude)
            return lengthSum(lines, lengthSum(metrics.padding, metrics.padding))
        }
    }

    /// A nested level's settled height, its headers plus its open contents,
    /// when the panel holding it would get `share` as a plain panel of its
    /// own level: the level's space is `max(0, share − Σ h)`, shared by the
    /// `k` open panels that take a share.
    func nestedLevelHeight(_ level: NestedLevel, holder: String, share: Double) -> Double {
        let open = openSet(ofLevelIn: holder)
        var headers = 0.0
        for panel in level.panels { headers = lengthSum(headers, panel.headerHeight) }
        let space = max(0, share - headers)
        let each = space / Double(max(1, open.count))
        var total = headers
        for index in open where index < level.panels.count {
            total = lengthSum(total, nestedContentHeight(level.panels[index], space: space, each: each))
        }
        return total
    }

    /// Every panel of every nested level in tree order (a panel, then the
    /// panels nested in it, before its next sibling), settled in the state
    /// as it is (during a transition: where it leads). A level's `indent`
    /// insets it from the start side of the content holding it: from the
    /// left (`x = x_box + indent`), or from the right when that content's
    /// direction is `rtl` (`x = x_box`); either way `width = width_box −
    /// indent`. Linear in the tree.
    ///
    /// - Parameter topContent: The content frame of every open top-level
    ///   panel, by index, as the top level's layout gives it.
    /// - Returns: The nested panels' frames.
    func settledNestedFrames(topContent: [Int: Rect]) -> [NestedFrame] {
        guard nests else { return [] }
        var out: [NestedFrame] = []
        let share = space / Double(max(1, expandedIndices.count))
        func emit(_ level: NestedLevel, holder: String, depth: Int, box: Rect?, share: Double, writing: Writing) {
            let open = openSet(ofLevelIn: holder)
            // `writing`: what is in effect for the content holding the level (`wrapNestedTexts`'s rule).
            let x = (box?.x ?? 0) + (writing.direction == .rtl ? 0 : level.indent)
            let width = max(0, (box?.width ?? 0) - level.indent)
            var headers = 0.0
            for panel in level.panels { headers = lengthSum(headers, panel.headerHeight) }
            let space = max(0, share - headers)
            let each = space / Double(max(1, open.count))
            var cursor = box?.y ?? 0
            for (index, panel) in level.panels.enumerated() {
                let isOpen = open.containsSorted(index)
                var header: Rect?, content: Rect?
                if box != nil {
                    header = Rect(x: x, y: cursor, width: width, height: panel.headerHeight)
                    cursor = lengthSum(cursor, panel.headerHeight)
                    if isOpen {
                        let height = nestedContentHeight(panel, space: space, each: each)
                        content = Rect(x: x, y: cursor, width: width, height: height)
                        cursor = lengthSum(cursor, height)
                    }
                }
                out.append(NestedFrame(holder: holder, depth: depth, index: index, panel: panel, header: header,
                                       content: content, textLines: nestedTextLines[panel.id]))
                if let sub = panel.nested {
                    emit(sub, holder: panel.id, depth: depth + 1, box: content, share: each, writing: panel.writing(in: writing).content)
                }
            }
        }
        for (index, panel) in panels.enumerated() {
            guard let level = panel.nested else { continue }
            emit(level, holder: panel.id, depth: 1, box: topContent[index], share: share,
                 writing: panel.writing(in: container.writing).content)
        }
        return out
    }

    /// Every panel of every nested level at `time` (at or after the last
    /// step), in tree order. Settled, each level lies in its parent's
    /// content box. Inside a transition (of any level) every frame shown
    /// both before and after moves from where it starts to its settled place
    /// after along the curve: it starts at its settled place before, or,
    /// when a tap retargeted the transition, where it was shown at that tap.
    /// A frame shown on one side only moves rigidly with its nearest
    /// ancestor header shown on both sides (a top-level header at the
    /// outermost, which always is), keeping its offset from it on its side.
    /// Nothing of a level is shown while its holder's content box is not.
    /// Linear in the tree.
    ///
    /// - Parameter time: Seconds on the clock.
    /// - Returns: The nested panels' frames (empty for a flat stack).
    public func nestedFrames(at time: Double) -> [NestedFrame] {
        guard nests else { return [] }
        let tops = headerTops()
        var contentAfter: [Int: Rect] = [:]
        var headerAfter: [Double] = []
        headerAfter.reserveCapacity(panels.count)
        settledTopFrames(tops: tops) { index, y, height in
            headerAfter.append(y)
            if let height, panels[index].nested != nil {
                contentAfter[index] = Rect(x: container.style.inset, y: lengthSum(y, panels[index].headerHeight), width: container.panelWidth, height: height)
            }
        }
        let after = settledNestedFrames(topContent: contentAfter)
        guard let transition = runningTransition(at: time) else { return after }
        // Where every frame starts: as shown at a retargeting tap, else
        // settled in the state before the transition (its change undone).
        var headerBefore: [Double] = []
        var beforeFrames: [ShownFrames.Nested]
        if let start = retargetStart, start.nested.count == after.count, start.headerY.count == panels.count {
            headerBefore = start.headerY
            beforeFrames = start.nested
        } else {
            let before = undoing(transition)
            var contentBefore: [Int: Rect] = [:]
            headerBefore.reserveCapacity(panels.count)
            before.settledTopFrames(tops: tops) { index, y, height in
                headerBefore.append(y)
                if let height, panels[index].nested != nil {
                    contentBefore[index] = Rect(x: container.style.inset, y: lengthSum(y, panels[index].headerHeight), width: container.panelWidth, height: height)
                }
            }
            beforeFrames = before.settledNestedFrames(topContent: contentBefore).map { ShownFrames.Nested(header: $0.header, content: $0.content) }
        }
        var shownTop: [Double] = []
        var topContentShown: [Bool] = []
        shownTop.reserveCapacity(panels.count)
        topContentShown.reserveCapacity(panels.count)
        walkFrames(at: time, tops: tops) { _, y, height in
            shownTop.append(y)
            topContentShown.append(height != nil)
        }
        let eased = container.curve.value(atProgress: transition.progress(at: time))
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * eased }
        var result = after
        // anchor[i]: the nearest panel at or above slot i shown on both
        // sides, -1 for its top-level header; a slot comes after its
        // parent in tree order, so one pass finds every one.
        var anchor = [Int](repeating: -1, count: after.count)
        for i in after.indices {
            let slot = nestedSlots[i]
            let inherited = slot.parent.map { anchor[$0] } ?? -1
            // A level lies in its holder's content box: none is shown while
            // that box is not (a retargeting tap can take away at once a
            // content that was closing, with the level shown in it).
            guard slot.parent.map({ result[$0].content != nil }) ?? topContentShown[slot.top] else {
                anchor[i] = inherited
                result[i].header = nil
                result[i].content = nil
                continue
            }
            let a = after[i], b = beforeFrames[i]
            switch (b.header, a.header) {
            case (let hb?, let ha?):
                anchor[i] = i
                result[i].header = Rect(x: ha.x, y: mix(hb.y, ha.y), width: ha.width, height: ha.height)
                let y = result[i].header!.y + ha.height
                // As at the top level, a content is there before when the
                // transition closes it or it stays open (not when it opens):
                // after a retargeting tap, one the interrupted transition was
                // closing is gone, and one it reopens appears as settled.
                let inLevel = transition.level == slot.holder
                let closes = inLevel && transition.from == slot.index, opens = inLevel && transition.to == slot.index
                let before = closes || (a.content != nil && !opens) ? b.content : nil
                switch (before, a.content) {
                case (let cb?, let ca?): result[i].content = Rect(x: ca.x, y: mix(cb.y, ca.y), width: ca.width, height: mix(cb.height, ca.height))
                case (let cb?, nil): result[i].content = Rect(x: cb.x, y: y, width: cb.width, height: cb.height)
                case (nil, let ca?): result[i].content = Rect(x: ca.x, y: y, width: ca.width, height: ca.height)
                case (nil, nil): result[i].content = nil
                }
            case (let hb?, nil):
                anchor[i] = inherited
                // Keeps its offset from its anchor as it was before.
                let from = inherited >= 0 ? beforeFrames[inherited].header!.y : headerBefore[slot.top]
                let now = inherited >= 0 ? result[inherited].header!.y : shownTop[slot.top]
                let ride = { (r: Rect) in Rect(x: r.x, y: now + (r.y - from), width: r.width, height: r.height) }
                result[i].header = ride(hb)
                result[i].content = b.content.map(ride)
            case (nil, let ha?):
                anchor[i] = inherited
                let to = inherited >= 0 ? after[inherited].header!.y : headerAfter[slot.top]
                let now = inherited >= 0 ? result[inherited].header!.y : shownTop[slot.top]
                let ride = { (r: Rect) in Rect(x: r.x, y: now + (r.y - to), width: r.width, height: r.height) }
                result[i].header = ride(ha)
                result[i].content = a.content.map(ride)
            case (nil, nil):
                anchor[i] = inherited
            }
        }
        return result
    }

    /// Where nested slot `slot`'s header starts and where it (with its
    /// content when open) ends in the settled tree, in stack coordinates;
    /// nil when it is not shown. Linear in the tree.
    func settledNestedExtent(_ slot: Int) -> (top: Double, bottom: Double)? {
        var settled = self
        settled.running = nil
        settled.retargetStart = nil
        let frames = settled.nestedFrames(at: settled.clock)
        guard slot < frames.count, let header = frames[slot].header else { return nil }
        let bottom = frames[slot].content.map { lengthSum($0.y, $0.height) } ?? lengthSum(header.y, header.height)
        return (header.y, bottom)
    }

    /// The ids of the panels shown inside `panel` while it is open: the open
    /// panels of its nested level, each followed by those shown inside it,
    /// in tree order; empty for a flat panel. Their child controllers come
    /// and go with `panel`'s (the containment log). Linear in them.
    ///
    /// - Parameter panel: A panel of the stack.
    /// - Returns: The ids, in tree order.
    public func shownDescendants(of panel: PanelSpec) -> [String] {
        guard let level = panel.nested else { return [] }
        var out: [String] = []
        func walk(_ level: NestedLevel, holder: String) {
            for index in openSet(ofLevelIn: holder) where index < level.panels.count {
                let inner = level.panels[index]
                out.append(inner.id)
                if let sub = inner.nested { walk(sub, holder: inner.id) }
            }
        }
        walk(level, holder: panel.id)
        return out
    }

    /// The shown nested levels whose headers add up to more than their
    /// parent's content box, settled (they are drawn clipped to it), in
    /// tree order: what `validate` warns about. Linear in the tree.
    ///
    /// - Returns: Each level's holder id, its headers' total and its box's height.
    public func nestedLevelsOverflowing() -> [(holder: String, headers: Double, box: Double)] {
        guard nests else { return [] }
        var boxes: [String: Double] = [:]
        settledTopFrames(tops: headerTops()) { index, _, height in
            if let height, panels[index].nested != nil { boxes[panels[index].id] = height }
        }
        var settled = self
        settled.running = nil
        settled.retargetStart = nil
        let frames = settled.nestedFrames(at: settled.clock)
        for frame in frames where frame.panel.nested != nil {
            if let content = frame.content { boxes[frame.panel.id] = content.height }
        }
        var headers: [String: Double] = [:]
        var order: [String] = []
        for frame in frames where frame.isShown {
            if headers[frame.holder] == nil { order.append(frame.holder) }
            headers[frame.holder] = lengthSum(headers[frame.holder] ?? 0, frame.panel.headerHeight)
        }
        return order.compactMap { holder in
            guard let box = boxes[holder], let total = headers[holder], total > box + 1e-9 else { return nil }
            return (holder, total, box)
        }
    }

    /// The top level's settled frames (header y and content height of
    /// every panel), whatever runs: `walkFrames` at a moment no transition covers.
    private func settledTopFrames(tops: [Double], _ body: (Int, Double, Double?) -> Void) {
        var settled = self
        settled.running = nil
        settled.retargetStart = nil
        settled.walkFrames(at: settled.clock, tops: tops, body)
    }
}
