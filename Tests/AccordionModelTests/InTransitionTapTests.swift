import XCTest
@testable import AccordionModel

/// What a tap inside a transition can reach that taps at rest cannot, under
/// `finish` and `retarget`, every expansion, layout and overflow: no settled
/// state (`retarget` leaves the state and the scroll target exactly as
/// `finish` does, which is the sequence of taps at rest), no content view
/// of a panel no settled state opens, and no header or content frame or
/// scroll offset outside the range taps at rest show at the moments the
/// explorer checks (frames and the offset move along one curve between
/// settled values, and a retargeted transition starts from values shown
/// between two of them, on the way to a state a tap at rest also leads to).
///
/// This is why `accordion test --explore` cannot be shown an `always` bound
/// on frames that only a tap inside a transition breaks (issue 31's fourth
/// planted fault): any such bound is broken by a moment that as many taps
/// at rest reach. Should a change of the interruption rules (a scroll
/// target judged from the offset shown, a content height not held) make one
/// possible, this test fails, and the explorer's mid-transition letters
/// are what would find it.
final class InTransitionTapTests: XCTestCase {
    /// Tall and short contents, one without a size (it takes its share),
    /// headers of two heights: in a 400-point container `fit` overflows,
    /// and `scroll` scrolls.
    private let panels: [PanelSpec] = [
        PanelSpec(id: "a", title: "A", color: 0x1ABC_9CFF, headerHeight: 44, contentHeight: 100),
        PanelSpec(id: "b", title: "B", color: 0x2ECC_71FF, headerHeight: 60, contentHeight: 500),
        PanelSpec(id: "c", title: "C", color: 0x3498_DBFF, headerHeight: 44),
        PanelSpec(id: "d", title: "D", color: 0x9B59_B6FF, headerHeight: 44, contentHeight: 250),
    ]

    /// The ranges of every header y, content y and height and the scroll
    /// offset, and the open sets (with the offset) of the settled states.
    private struct Seen {
        var low: [String: Double] = [:]
        var high: [String: Double] = [:]
        var settled: Set<String> = []
        var distinct: [String: Set<Double>] = [:]
        var retargeted = 0

        mutating func note(_ name: String, _ value: Double) {
            distinct[name, default: []].insert(value)
            low[name] = min(low[name] ?? value, value)
            high[name] = max(high[name] ?? value, value)
        }
    }

    /// Breadth-first over taps (at rest, and with `inside` also at a running
    /// transition's start and middle) and `collapse: all`, to `depth`;
    /// `allMoments` notes every moment the explorer checks (the clock, a
    /// running transition's middle and end), else only settled ones.
    private func explore(_ container: ContainerSpec, inside: Bool, allMoments: Bool, depth: Int = 3) -> Seen {
        var seen = Seen()
        var known: Set<String> = []
        var level = [ContainerState(container: container, panels: panels, expandedIndices: [0])]
        func key(_ s: ContainerState) -> String {
            let r = s.running.map { "\($0.from ?? -1)>\($0.to ?? -1) \(s.clock - $0.start) \($0.end - s.clock)" } ?? "idle"
            return "\(s.expandedIndices) \(r) \(String(describing: s.retargetStart)) \(s.scrollOffset) \(s.running == nil ? 0 : s.scrollStart)"
        }
        func record(_ s: ContainerState) {
            if s.retargetStart != nil { seen.retargeted += 1 }
            let model = AccordionContainer(title: nil, loading: s)
            var moments = [s.settledTime]
            if allMoments, let running = s.running { moments = [s.clock, (running.start + running.end) / 2, running.end] }
            for moment in moments {
                for frame in model.layout(at: moment) {
                    seen.note("panels[\(frame.index)].header.y", frame.header.y)
                    if let content = frame.content {
                        seen.note("panels[\(frame.index)].content.y", content.y)
                        seen.note("panels[\(frame.index)].content.height", content.height)
                    }
                }
                seen.note("scroll.offset", model.state.scrollOffset(at: moment))
            }
            var settled = s
            _ = settled.apply(Step(.wait(seconds: max(0, s.settledTime - s.clock))))
            seen.settled.insert("\(settled.expandedIndices) \(settled.scrollOffset)")
        }
        record(level[0])
        known.insert(key(level[0]))
        for _ in 0..<depth {
            var next: [ContainerState] = []
            for state in level {
                var steps = state.panels.indices.map { Step(.tap(panel: $0)) } + [Step(.collapse(panel: nil))]
                if inside, let running = state.running {
                    for i in state.panels.indices {
                        steps.append(Step(.tap(panel: i), at: state.clock))
                        let middle = running.start + (running.end - running.start) / 2
                        if middle > state.clock + timeTolerance { steps.append(Step(.tap(panel: i), at: middle)) }
                    }
                }
                for step in steps {
                    var s = state
                    if case .rejected = s.apply(step).effect { continue }
                    guard known.insert(key(s)).inserted else { continue }
                    record(s)
                    next.append(s)
                }
            }
            level = next
        }
        return seen
    }

    func testATapInsideATransitionReachesNothingTapsAtRestDoNot() {
        var retargeted = 0
        for interruption in [InterruptionPolicy.finish, .retarget] {
            for expansion in [ExpansionMode.single, .multiple] {
                for layout in [LayoutMode.fill, .fit] {
                    for overflow in [OverflowMode.clip, .scroll] {
                        for collapsible in [true, false] {
                            var container = ContainerSpec()
                            container.height = 400
                            container.interruption = interruption
                            container.expansion = expansion
                            container.layout = layout
                            container.overflow = overflow
                            container.collapsible = collapsible
                            let name = "\(interruption) \(expansion) \(layout) \(overflow) collapsible \(collapsible)"
                            let atRest = explore(container, inside: false, allMoments: true)
                            let anyTap = explore(container, inside: true, allMoments: true)
                            retargeted += anyTap.retargeted
                            XCTAssertTrue(anyTap.settled.isSubset(of: atRest.settled),
                                          "\(name): settled only after a tap inside a transition: \(anyTap.settled.subtracting(atRest.settled))")
                            for (field, low) in anyTap.low {
                                guard let restLow = atRest.low[field], let restHigh = atRest.high[field] else {
                                    XCTFail("\(name): \(field) is shown only after a tap inside a transition")
                                    continue
                                }
                                XCTAssertGreaterThanOrEqual(low, restLow - 1e-9, "\(name): \(field)")
                                XCTAssertLessThanOrEqual(anyTap.high[field]!, restHigh + 1e-9, "\(name): \(field)")
                            }
                        }
                    }
                }
            }
        }
        // The search did take taps inside transitions that retargeted.
        XCTAssertGreaterThan(retargeted, 100)
    }

    /// The comparison sees what it compares: taps inside transitions
    /// (retargeting them) show header places taps at rest never show, yet
    /// within the range those show, which is not a single point.
    func testTapsInsideTransitionsShowNewValuesWithinTheRangeTapsAtRestShow() {
        var container = ContainerSpec()
        container.height = 400
        container.interruption = .retarget
        let atRest = explore(container, inside: false, allMoments: true)
        let anyTap = explore(container, inside: true, allMoments: true)
        let y = "panels[3].header.y"
        XCTAssertFalse(anyTap.distinct[y]!.isSubset(of: atRest.distinct[y]!))
        XCTAssertEqual(anyTap.low[y], atRest.low[y])
        XCTAssertEqual(anyTap.high[y], atRest.high[y])
        // D's header sits at 148 with nothing open and at 400 − 44 under an
        // open A, B or C (each fills the 208 points under the headers).
        XCTAssertEqual(atRest.low[y], 148)
        XCTAssertEqual(atRest.high[y], 400 - 44)
    }
}
