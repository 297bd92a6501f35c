import AccordionTestSupport
import XCTest
@testable import AccordionModel

/// Seeded random trees of up to three levels, checked after random
/// top-level taps, settled and mid-transition, against what the guide's
/// "Nested accordions" says of any level whatever its sizes: a panel is
/// shown exactly when every panel above it is open; a shown level's headers
/// start at the top of its parent's content box and stack without gaps,
/// each open content right under its header; every frame is inset by the
/// level's indent (indents adding up) on the start side of the content
/// holding its level (the right when that content's `dir`, written or
/// inherited, is `rtl`); in `fill` a level whose headers fit
/// fills its parent's box exactly; in `fit` the parent's box is the
/// level's headers plus its open contents (below the top level's cap);
/// and every number is finite. These are read off the frames alone, not
/// recomputed by the model's formulas.
final class NestedPropertyTests: XCTestCase {
    private func randomLevel(_ rng: inout SplitMix, depth: Int, counter: inout Int) -> NestedLevel {
        var panels: [PanelSpec] = []
        for _ in 0..<rng.int(1...4) {
            counter += 1
            var panel = PanelSpec(id: "p\(counter)", title: "P\(counter)", color: 0x3366_99FF,
                                  headerHeight: Double(rng.int(20...50)))
            switch rng.int(4) {
            case 0 where depth < 3:
                panel.content = .accordion(randomLevel(&rng, depth: depth + 1, counter: &counter))
                panel.writing = randomWriting(&rng)
            case 1:
                panel.contentHeight = Double(rng.int(0...120))
            case 2:
                panel.content = .rows(Array(repeating: ContentRow(title: "r"), count: rng.int(0...3)), rowHeight: 30)
            default:
                break
            }
            panels.append(panel)
        }
        let multiple = rng.chance(50)
        var open = panels.indices.filter { _ in rng.chance(50) }
        if !multiple { open = Array(open.prefix(1)) }
        return NestedLevel(panels: panels, expansion: multiple ? .multiple : .single, expandedIndices: open,
                           indent: Double(rng.int(0...20)))
    }

    /// A panel's own `dir` and its content's, each written or not.
    private func randomWriting(_ rng: inout SplitMix) -> PanelWriting {
        let dirs: [WritingDirection?] = [nil, nil, .ltr, .rtl, .auto]
        return PanelWriting(panel: Writing(dir: dirs[rng.int(dirs.count)]), content: Writing(dir: dirs[rng.int(dirs.count)]))
    }

    /// The holders whose content runs right to left, read off the spec by
    /// the guide's inheritance (a content's own `dir`, else its panel's,
    /// else what holds the panel's level, up to the spec's).
    private func rightToLeftHolders(_ state: ContainerState) -> Set<String> {
        var out: Set<String> = []
        func walk(_ panels: [PanelSpec], above: WritingDirection?) {
            for panel in panels {
                guard case .accordion(let level)? = panel.content else { continue }
                let dir = panel.writing.content.dir ?? panel.writing.panel.dir ?? above
                if dir == .rtl { out.insert(panel.id) }
                walk(level.panels, above: dir)
            }
        }
        walk(state.panels, above: state.container.writing.dir)
        return out
    }

    private func check(_ state: ContainerState, at time: Double, seed: UInt64) {
        let context = "seed \(seed) at \(time)"
        let rightToLeft = rightToLeftHolders(state)
        // The top level's frames, by index.
        var topHeader: [Double] = []
        var topContent: [Int: Double] = [:]
        state.walkFrames(at: time, tops: state.headerTops()) { index, y, height in
            topHeader.append(y)
            if let height { topContent[index] = height }
        }
        let frames = state.nestedFrames(at: time)
        var byID: [String: NestedFrame] = [:]
        for frame in frames { byID[frame.panel.id] = frame }
        let settled = state.transitionInfo(at: time) == nil
        // Each level's frames, in order, with its holder's content box.
        var levels: [String: [NestedFrame]] = [:]
        for frame in frames { levels[frame.holder, default: []].append(frame) }
        for (holder, level) in levels {
            let parentBox: Rect?
            let parentX: Double, parentWidth: Double
            if let top = state.panels.firstIndex(where: { $0.id == holder }) {
                parentBox = topContent[top].map {
                    Rect(x: 0, y: topHeader[top] + state.panels[top].headerHeight, width: state.container.width, height: $0)
                }
                parentX = 0
                parentWidth = state.container.width
            } else {
                let parent = byID[holder]!
                parentBox = parent.content
                parentX = parent.header?.x ?? 0
                parentWidth = parent.header?.width ?? 0
            }
            for frame in level {
                XCTAssertEqual(frame.isShown, parentBox != nil, "\(context): \(frame.panel.id) shown iff its parent's content is")
                for rect in [frame.header, frame.content].compactMap({ $0 }) {
                    XCTAssertTrue(rect.x.isFinite && rect.y.isFinite && rect.width.isFinite && rect.height.isFinite, context)
                    XCTAssertGreaterThanOrEqual(rect.x, parentX - 1e-9, "\(context): \(frame.panel.id) inset")
                    XCTAssertLessThanOrEqual(rect.x + rect.width, parentX + parentWidth + 1e-9, "\(context): \(frame.panel.id) inside")
                    if rightToLeft.contains(holder) {
                        XCTAssertEqual(rect.x, parentX, accuracy: 1e-9, "\(context): \(frame.panel.id) rtl: left edges agree")
                    } else {
                        XCTAssertEqual(rect.x + rect.width, parentX + parentWidth, accuracy: 1e-9, "\(context): right edges agree")
                    }
                }
                if let header = frame.header, let content = frame.content {
                    XCTAssertEqual(content.y, header.y + header.height, accuracy: 1e-6, "\(context): content under its header")
                }
            }
            guard settled, let box = parentBox else { continue }
            // Settled: the level stacks from the top of the box without gaps.
            var cursor = box.y
            for frame in level {
                guard let header = frame.header else { return XCTFail("\(context): \(frame.panel.id) hidden in an open parent") }
                XCTAssertEqual(header.y, cursor, accuracy: 1e-6, "\(context): \(frame.panel.id) stacks")
                cursor = header.y + header.height + (frame.content?.height ?? 0)
            }
            let headers = level.reduce(0) { $0 + $1.panel.headerHeight }
            let anyOpen = level.contains { $0.content != nil }
            if state.container.layout == .fill, headers <= box.height, anyOpen {
                XCTAssertEqual(cursor, box.y + box.height, accuracy: 1e-6, "\(context): a fill level fills its box")
            }
            if state.container.layout == .fit, state.panels.contains(where: { $0.id == holder }),
               cursor - box.y < state.space - 1e-6 {
                XCTAssertEqual(cursor, box.y + box.height, accuracy: 1e-6, "\(context): a fit parent is its level's height")
            }
        }
    }

    func testNestedFramesHoldTheGuidesRulesOnRandomTrees() {
        for seed in UInt64(1)...200 {
            var rng = SplitMix(seed: seed)
            var counter = 0
            var panels: [PanelSpec] = []
            for i in 0..<rng.int(1...4) {
                var panel = PanelSpec(id: "t\(i)", title: "T\(i)", color: 0x3366_99FF, headerHeight: 44)
                if rng.chance(70) {
                    panel.content = .accordion(randomLevel(&rng, depth: 1, counter: &counter))
                    panel.writing = randomWriting(&rng)
                }
                panels.append(panel)
            }
            var container = ContainerSpec()
            container.writing = Writing(dir: [nil, .ltr, .rtl, .auto][rng.int(4)])
            container.width = 320
            container.height = Double(rng.int(300...900))
            container.layout = rng.chance(50) ? .fit : .fill
            container.expansion = rng.chance(50) ? .multiple : .single
            container.overflow = rng.chance(30) ? .scroll : .clip
            container.curve = .linear
            var state = ContainerState(container: container, panels: panels, expandedIndices: [0])
            check(state, at: 0, seed: seed)
            for _ in 0..<4 {
                _ = state.apply(Step(.tap(panel: rng.int(panels.count))))
                let start = state.clock
                for fraction in [0.25, 0.5, 1] { check(state, at: start + 0.3 * fraction, seed: seed) }
            }
        }
    }
}
