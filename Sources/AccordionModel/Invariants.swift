/// The model's invariants, checked on demand so tests and
/// the structured fuzzer can call them after every step without slowing
/// ordinary runs.
extension AccordionContainer {
    /// Tolerance for geometric comparisons: sums of up to thousands of header
    /// heights drift by far less than this.
    private static let geometryTolerance = 1e-6

    /// The tolerance at this container's scale: absolute for ordinary sizes,
    /// relative for huge ones, where one rounding of a sum near 1e308 is
    /// already 1e292 (a valid spec may hold such numbers; found by fuzz-spec).
    private var scaledTolerance: Double {
        Self.geometryTolerance * max(1, abs(container.height), abs(container.width), totalHeaderHeight)
    }

    /// Checks every invariant of the current state and returns one sentence
    /// per violation (empty when all hold):
    /// - headers keep their order and never overlap, have x 0, the container's
    ///   width and their own height, at the last step's time, at several moments
    ///   of a running transition, and settled;
    /// - the open set is ascending, inside the stack, at most one panel in `single`;
    /// - content views exist exactly for the open panels (settled), plus
    ///   `from` and `to` (during a transition), sit right under their own header
    ///   (so they move exactly as it does) and have height `C_i` when settled
    ///   or appearing;
    /// - settled frames tile the container: headers plus open content plus a
    ///   non-negative trailing background make `H` (when Σ h ≤ H; in
    ///   `multiple` + `fit` the contents may add up to more), with no
    ///   background in `fill` while a panel is open;
    /// - the log is time-ordered; every `viewWillAppear` is followed by exactly
    ///   one `viewDidAppear` for the same panel (likewise for disappearing);
    ///   `addChild`/`removeFromParent` never double up; interaction ignoring is
    ///   balanced; after settling the children are the open panels.
    ///
    /// - Returns: One sentence per violated invariant.
    public func assertInvariants() -> [String] {
        var problems: [String] = []
        let open = expandedIndices
        if open.contains(where: { !panels.indices.contains($0) }) {
            problems.append("expandedIndices \(open) reach outside the stack of \(panels.count) panels")
            return problems
        }
        if zip(open, open.dropFirst()).contains(where: { $0 >= $1 }) {
            problems.append("expandedIndices \(open) are not strictly ascending")
        }
        if container.expansion == .single, open.count > 1 {
            problems.append("\(open.count) panels open in single expansion")
        }
        var moments = [clock]
        if let end = transitionEnd {
            let start = max(clock, pendingTransition?.start ?? clock)
            for step in 1...4 { moments.append(start + (end - start) * Double(step) / 5) }
        }
        moments.append(settledTime)
        for moment in moments {
            checkFrames(at: moment, into: &problems)
        }
        checkTiling(into: &problems)
        checkLog(into: &problems)
        return problems
    }

    /// Header order, sizes, and content placement at one moment.
    private func checkFrames(at time: Double, into problems: inout [String]) {
        let tolerance = scaledTolerance
        let frames = layout(at: time)
        let transition = transitionInfo(at: time)
        let x = container.style.inset, width = container.panelWidth, gap = container.style.gap
        for frame in frames {
            let index = frame.index
            let header = frame.header
            if header.x != x || header.width != width || header.height != panels[index].headerHeight {
                problems.append("t=\(time): header \(index) has frame \(header), expected x \(x), width \(width), height \(panels[index].headerHeight)")
            }
            if index + 1 < frames.count, frames[index + 1].header.y < header.y + header.height + gap - tolerance {
                problems.append("t=\(time): header \(index + 1) at y \(frames[index + 1].header.y) overlaps header \(index) ending at \(header.y + header.height)")
            }
            let shouldHaveContent = transition.map { index == $0.from || index == $0.to } ?? false || state.isExpanded(index)
            guard let content = frame.content else {
                if shouldHaveContent { problems.append("t=\(time): panel \(index) should have a content view") }
                continue
            }
            if !shouldHaveContent { problems.append("t=\(time): panel \(index) has a content view but is not a child") }
            // Settled, and appearing, a content view has its settled height.
            let settledHeight = transition == nil || index == transition?.to
            if content.x != x || content.width != width || !(content.height >= -tolerance)
                || abs(content.y - (header.y + header.height)) > tolerance
                || (settledHeight && abs(content.height - contentHeight(ofPanel: index)) > tolerance) {
                problems.append("t=\(time): content of panel \(index) at \(content) does not sit under its header \(header) with height \(contentHeight(ofPanel: index))")
            }
        }
        if frames.first.map({ abs($0.header.y - gap) > tolerance && transition == nil }) == true {
            problems.append("t=\(time): the first header is not at the top (below the gap of its section)")
        }
    }

    /// Settled frames tile the container exactly.
    private func checkTiling(into problems: inout [String]) {
        let tolerance = scaledTolerance
        let time = settledTime
        let frames = layout(at: time)
        let gap = container.style.gap
        var bottom = 0.0
        for frame in frames {
            // In `insetGrouped` every section starts one gap below the one above.
            bottom += gap
            if abs(frame.header.y - bottom) > tolerance {
                problems.append("settled: header \(frame.index) at y \(frame.header.y), expected \(bottom) (no gap but the sections', no overlap)")
            }
            bottom = frame.header.y + frame.header.height
            if let content = frame.content { bottom = content.y + content.height }
        }
        let height = container.height
        guard totalHeaderHeight <= height + tolerance else { return }
        if !frames.isEmpty { bottom += gap }
        let background = height - bottom
        // Only in `fit` may the open contents add up to more than the space:
        // several of them (`multiple`), or one in a scrolling container,
        // where a content's height is not capped at the space.
        let mayOverflow = container.layout == .fit && (container.expansion == .multiple || container.overflow == .scroll)
        if background < -tolerance, !mayOverflow {
            problems.append("settled: panels end at \(bottom), below the container's height \(height)")
        }
        if container.layout == .fill, expandedIndex != nil, abs(background) > tolerance {
            problems.append("settled: fill layout leaves \(background) of background under an open panel")
        }
    }

    /// Appearance callbacks, containment and interaction ignoring, replayed from the whole log.
    private func checkLog(into problems: inout [String]) {
        let topLevelIDs = Set(panels.map(\.id))
        let entries = events(through: .infinity)
        var appearing: Set<String> = []
        var disappearing: Set<String> = []
        var children: Set<String> = []
        var ignoring = 0
        var previousTime = -Double.infinity
        for entry in entries {
            if isEarlier(entry.time, previousTime) {
                problems.append("log: \(entry.event) at \(entry.time) comes after an entry at \(previousTime)")
            }
            previousTime = entry.time
            let id = entry.panel ?? ""
            switch entry.event {
            case .viewWillAppear:
                if !appearing.insert(id).inserted { problems.append("log: two viewWillAppear for \(id) without viewDidAppear") }
            case .viewDidAppear:
                if appearing.remove(id) == nil { problems.append("log: viewDidAppear for \(id) without viewWillAppear") }
            case .viewWillDisappear:
                if !disappearing.insert(id).inserted { problems.append("log: two viewWillDisappear for \(id) without viewDidDisappear") }
            case .viewDidDisappear:
                if disappearing.remove(id) == nil { problems.append("log: viewDidDisappear for \(id) without viewWillDisappear") }
            case .addChild:
                if !children.insert(id).inserted { problems.append("log: addChild for \(id), already a child") }
                // Single expansion bounds the top level's children (the views shown
                // inside an open panel of a nested spec are children too).
                let topLevel = children.filter { topLevelIDs.contains($0) }.count
                if container.expansion == .single, topLevel > 2 { problems.append("log: \(topLevel) children at \(entry.time)") }
            case .removeFromParent:
                if children.remove(id) == nil { problems.append("log: removeFromParent for \(id), not a child") }
            case .beginIgnoringInteractionEvents:
                ignoring += 1
                if ignoring > 1 { problems.append("log: nested beginIgnoringInteractionEvents at \(entry.time)") }
            case .endIgnoringInteractionEvents:
                ignoring -= 1
                if ignoring < 0 { problems.append("log: endIgnoringInteractionEvents without begin at \(entry.time)") }
            case .willMoveToParent, .didMoveToParent, .tapIgnored, .presentModal, .dismissModal:
                break
            }
        }
        if !appearing.isEmpty { problems.append("settled: viewWillAppear without viewDidAppear for \(appearing.sorted())") }
        if !disappearing.isEmpty { problems.append("settled: viewWillDisappear without viewDidDisappear for \(disappearing.sorted())") }
        if ignoring != 0 { problems.append("settled: interaction still ignored") }
        // An open panel's child is its own view and, in a spec that nests,
        // the views of the panels shown inside it (logged with it).
        let expected = Set(expandedIndices.flatMap { [panels[$0].id] + state.shownDescendants(of: panels[$0]) })
        if children != expected {
            problems.append("settled: children \(children.sorted()), expected \(expected.sorted())")
        }
    }
}
