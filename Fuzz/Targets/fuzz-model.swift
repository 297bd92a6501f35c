// Fuzz target (d), structured: bytes → a valid container spec plus script
// (every byte is a decision: sizes, panels, steps, times) → the model, with
// its invariants checked after every step and at moments inside every
// transition → snapshots. A broken invariant traps with its sentence.
//
// The spec is valid by construction, as `validate` would accept it: headers
// fit at every size and stack, `at:` never goes back, `present` only with a
// panel expanded and no modal up, `expand`/`collapse`/`reveal`/`setPanels` never under a modal,
// no `reveal` through a closed disabled panel, `update` of a panel in the stack,
// `dismiss` only under one, references inside the current stack, panel ids
// unique and a known id always naming the same panel. Every step kind of the
// model is drawn (a new kind gets a case here: ARCHITECTURE.md, "Add a step kind").
import AccordionModel

/// Sizes drawn from a small table plus a fraction, so the fuzzer reaches
/// both round values and awkward ones without float extremes that no spec
/// would use (1e300 points) and that defeat any absolute tolerance.
private func length(_ r: inout ByteReader, max: Double) -> Double {
    let base: [Double] = [1, 20, 44, 0.5, 100, 375, 667, 1000, 0.001, 12.345, 9999]
    let value = r.pick(base) + Double(r.byte()) / 8
    return Swift.min(Swift.max(value, 0.001), max)
}

private let curves: [AnimationCurve] = [.linear, .easeIn, .easeOut, .easeInOut]
private let durations: [Double] = [0, 0.3, 0, 1, 0.25, 1e-10, 0.1 + 0.2, 2.5]

/// Everything known about the spec being generated, to keep the script valid.
private struct Generator {
    var reader: ByteReader
    var known: [String: PanelSpec] = [:]
    var nextID = 0

    mutating func newPanel(headerHeight: Double) -> PanelSpec {
        // Ids from the whole allowed alphabet; a counter keeps them unique.
        let prefix = reader.pick(["VC", "_", "a-b", "Inbox_", "x"])
        defer { nextID += 1 }
        let id = "\(prefix)\(nextID)"
        let content: Double? = reader.bool() ? nil : length(&reader, max: 2000) - 1
        let panel = PanelSpec(id: id, title: reader.pick(["", "VC \(nextID)", "<&\"'>", "é✓ \u{1F600}", hostileTitle, "no", "1e3", "- x: y"]),
                              color: UInt32(truncatingIfNeeded: reader.uint16() &* 65_537),
                              titleColor: reader.bool() ? 0xFFFF_FFFF : 0x0000_00FF,
                              headerHeight: headerHeight, contentHeight: content.map { Swift.max(0, $0) },
                              disabled: reader.below(5) == 0)
        known[id] = panel
        return panel
    }

    /// A stack whose headers fit in `height`.
    mutating func stack(height: Double, reuse: [PanelSpec]) -> [PanelSpec] {
        let count = reader.below(reader.bool() ? 6 : 40)
        var panels: [PanelSpec] = []
        var ids: Set<String> = []
        var total = 0.0
        for _ in 0..<count {
            if !reuse.isEmpty, reader.bool() {
                let panel = reuse[reader.below(reuse.count)]
                if ids.contains(panel.id) || total + panel.headerHeight > height { continue }
                ids.insert(panel.id)
                total += panel.headerHeight
                panels.append(panel)
            } else {
                let h = length(&reader, max: 200)
                if total + h > height { break }
                total += h
                let panel = newPanel(headerHeight: h)
                ids.insert(panel.id)
                panels.append(panel)
            }
        }
        return panels
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModel(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var g = Generator(reader: ByteReader(fuzzBytes(data, size)))
    var container = ContainerSpec()
    container.width = length(&g.reader, max: 3000)
    container.height = length(&g.reader, max: 3000)
    container.headerHeight = length(&g.reader, max: 200)
    container.layout = g.reader.bool() ? .fill : .fit
    container.duration = g.reader.pick(durations)
    container.curve = g.reader.pick(curves)
    container.expansion = g.reader.bool() ? .single : .multiple
    container.collapsible = g.reader.below(3) != 0
    container.interruption = g.reader.pick([InterruptionPolicy.ignore, .finish, .retarget])
    container.overflow = g.reader.pick([OverflowMode.clip, .scroll])
    let panels = g.stack(height: container.height, reuse: [])
    var expanded: [Int] = panels.isEmpty || g.reader.below(4) == 0 ? [] : [g.reader.below(panels.count)]
    if container.expansion == .multiple, !panels.isEmpty {
        for _ in 0..<g.reader.below(4) { expanded.append(g.reader.below(panels.count)) }
    }

    var model = AccordionContainer(title: g.reader.bool() ? nil : "fuzz", container: container,
                                   panels: panels, expandedIndices: expanded)
    checkInvariants(model, "after load")
    var steps: [Step] = []
    var stepCount = 0
    while !g.reader.isExhausted && stepCount < 100 {
        stepCount += 1
        // `at:` only forward from the previous step's time; now and then a
        // time near or past the limit (`maxStepTime`), which the model rejects.
        var at: Double? = g.reader.below(3) == 0 ? model.clock + g.reader.pick([0, 0.05, 0.1, 0.15, 0.3, 1, 1e-10]) : nil
        if at != nil, g.reader.below(16) == 0 { at = g.reader.pick([maxStepTime, maxStepTime + 1, 1e308, .greatestFiniteMagnitude, 5e8]) }
        let count = model.panels.count
        let action: StepAction
        switch g.reader.below(10) {
        case 0, 1, 2:
            guard count > 0 else { continue }
            action = .tap(panel: g.reader.below(count))
        case 3:
            action = .wait(seconds: g.reader.pick([0, 0.1, 0.15, 0.3, 1, 0, 0.1, 0.3, 1e308, 6e8]))
        case 4:
            // Never smaller than the headers in the stack.
            let needed = model.totalHeaderHeight
            let height = Swift.max(needed, needed + length(&g.reader, max: 3000) - 1)
            action = .resize(width: length(&g.reader, max: 3000), height: height)
        case 5:
            guard model.modalTitle == nil else { continue }
            if count > 0, g.reader.below(3) == 0 {
                // A reveal validate accepts: none a closed disabled panel refuses.
                let target = g.reader.below(model.state.addressableCount)
                let open = g.reader.bool()
                guard model.state.revealBlocker(ofNumber: target, open: open) == nil else { continue }
                action = .reveal(panel: target, open: open)
            } else {
                let target = count == 0 || g.reader.below(4) == 0 ? nil : g.reader.below(count)
                action = g.reader.bool() ? .expand(panel: target) : .collapse(panel: target)
            }
        case 6:
            guard model.modalTitle == nil, model.expandedIndex != nil else { continue }
            action = .present(title: g.reader.pick(["Compose", "", "Über"]))
        case 7:
            guard model.modalTitle != nil else { continue }
            action = .dismiss
        case 8 where count > 0 && g.reader.below(3) == 0:
            // An update of a panel in the stack (a modal does not block it):
            // any subset of the properties, a content of rows or text now and
            // then; its definition changes as validate's reading does, so a
            // later setPanels reusing the id brings it back updated.
            let index = g.reader.below(count)
            var update = PanelUpdate()
            if g.reader.bool() { update.title = g.reader.pick(["", "Done", hostileTitle, "é✓ \u{1F600}"]) }
            if g.reader.bool() { update.disabled = g.reader.bool() }
            if g.reader.below(4) == 0 { update.color = UInt32(truncatingIfNeeded: g.reader.uint16() &* 65_537) }
            if g.reader.below(4) == 0 { update.titleColor = g.reader.bool() ? 0xFFFF_FFFF : 0x0000_00FF }
            if g.reader.below(3) == 0 {
                update.content = g.reader.bool()
                    ? .rows((0..<g.reader.below(30)).map { ContentRow(title: "r\($0)") }, rowHeight: length(&g.reader, max: 200))
                    : .text(g.reader.pick(["", "short", hostileTitle, String(repeating: "word ", count: 200)]), TextMetrics())
            }
            if update.names.isEmpty { update.disabled = false }
            let id = model.panels[index].id
            g.known[id] = update.applied(to: g.known[id] ?? model.panels[index])
            action = .update(panel: index, update)
        case 8:
            // Anywhere, past either end of the scroll range too: the model clamps it.
            action = .scroll(offset: g.reader.pick([-100, 0, 1, 44, 0.5]) * length(&g.reader, max: 3000))
        default:
            guard model.modalTitle == nil else { continue }
            let reuse = Array(g.known.values).sorted { $0.id < $1.id }
            action = .setPanels(g.stack(height: model.container.height, reuse: reuse))
        }
        // `wait` takes no `at:`.
        var isWait = false
        if case .wait = action { isWait = true }
        let step = Step(action, at: isWait ? nil : at)
        steps.append(step)
        let before = model.log.count
        let (outcome, entries) = model.perform(step)
        if model.log.count - before != entries.count {
            fuzzFailure("step \(stepCount) (\(step)) returned \(entries.count) entries but logged \(model.log.count - before)")
        }
        // Issue 29: the clock never passes the limit, and every time given out is a number.
        if !(model.clock <= maxStepTime) || !outcome.time.isFinite || entries.contains(where: { !$0.time.isFinite }) {
            fuzzFailure("step \(stepCount) (\(step)): clock \(model.clock), outcome \(outcome)")
        }
        checkInvariants(model, "after step \(stepCount): \(step)")
        // A few moments inside whatever is running, shown as render would.
        for fraction in [0.0, 0.5, 1.0] {
            let time = model.clock + (model.settledTime - model.clock) * fraction
            let snapshot = model.snapshot(at: time)
            checkFinite(snapshot, at: time)
            if snapshot.interactionEnabled != (snapshot.transition == nil) {
                fuzzFailure("interactionEnabled \(snapshot.interactionEnabled) with transition \(String(describing: snapshot.transition))")
            }
        }
    }
    // Step at a time and all at once agree.
    let whole = ScriptRun.container(title: model.title, container: container, panels: panels,
                                    expandedIndices: expanded, steps: steps)
    if whole != model { fuzzFailure("ScriptRun.container disagrees with applying \(steps.count) steps one at a time") }
    renderEveryFormat(ScriptRun.run(title: model.title, container: container, panels: panels,
                                    expandedIndices: expanded, steps: steps, everyStep: true))
    return 0
}

/// Every number of a snapshot is finite: its time, transition, scroll
/// position, every frame and every log entry (what `drive` and the dumps
/// print, where a non-finite number would be `null`).
private func checkFinite(_ snapshot: Snapshot, at time: Double) {
    var numbers = [snapshot.time, snapshot.container.width, snapshot.container.height]
    if let t = snapshot.transition { numbers += [t.start, t.end, t.progress] }
    if let s = snapshot.scroll { numbers += [s.offset, s.contentHeight] }
    for frame in snapshot.panels {
        for rect in [frame.header] + (frame.content.map { [$0] } ?? []) { numbers += [rect.x, rect.y, rect.width, rect.height] }
    }
    numbers += snapshot.events.map(\.time)
    if numbers.contains(where: { !$0.isFinite }) { fuzzFailure("a number that is not finite in the snapshot at \(time): \(snapshot)") }
}
