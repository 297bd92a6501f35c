import XCTest
@testable import AccordionModel

/// Frames through a transition of a nested level (issue 25; guide, "One
/// clock, one transition"), each figure derived by hand: in `fit` the
/// level's change moves the top level too; a subtree shown on one side only
/// rides its nearest ancestor header shown on both sides, a nested one when
/// there is one; under `retarget` every nested frame starts where the tap
/// that retargeted found it.
final class NestedTransitionTests: XCTestCase {
    private func panel(_ id: String, rows: Int? = nil, content: PanelContent? = nil) -> PanelSpec {
        let list = rows.map { PanelContent.rows((0..<$0).map { ContentRow(title: "Row \($0)") }, rowHeight: 44) }
        return PanelSpec(id: id, title: id, color: 0x3366_99FF, headerHeight: 44, content: content ?? list)
    }

    private func container(_ layout: LayoutMode, interruption: InterruptionPolicy = .ignore) -> ContainerSpec {
        var c = ContainerSpec()
        c.width = 320
        c.height = 600
        c.layout = layout
        c.duration = 1
        c.curve = .linear
        c.interruption = interruption
        return c
    }

    private func frames(_ state: ContainerState, at time: Double) -> [String: NestedFrame] {
        Dictionary(uniqueKeysWithValues: state.nestedFrames(at: time).map { ($0.panel.id, $0) })
    }

    private func tops(_ state: ContainerState, at time: Double) -> [(y: Double, content: Double?)] {
        var out: [(Double, Double?)] = []
        state.walkFrames(at: time, tops: state.headerTops()) { _, y, height in out.append((y, height)) }
        return out
    }

    /// `fit`: network {wifi: 1 row, bluetooth: 2 rows}, wifi open. Before
    /// the tap on bluetooth network's content is 88 + 44 = 132 and sound
    /// sits at 88 + 132 = 220; after it 88 + 88 = 176 and 264. Halfway
    /// (linear): sound at 242, network's content 154; wifi's header stays
    /// at 88 and its closing content rides it (132, 44 high); bluetooth's
    /// header goes from 176 to 132, so 154, its content under it (198, 88).
    func testInFitANestedTransitionMovesTheTopLevel() {
        let level = NestedLevel(panels: [panel("wifi", rows: 1), panel("bluetooth", rows: 2)])
        var state = ContainerState(container: container(.fit), panels: [panel("general"), panel("network", content: .accordion(level)), panel("sound")],
                                   expandedIndices: [1])
        XCTAssertEqual(tops(state, at: 0).map(\.y), [0, 44, 220])
        _ = state.apply(Step(.tap(panel: 4)))
        let half = tops(state, at: 0.5)
        XCTAssertEqual(half.map(\.y), [0, 44, 242])
        XCTAssertEqual(half[1].content, 154)
        XCTAssertEqual(tops(state, at: 1).map(\.y), [0, 44, 264])
        let f = frames(state, at: 0.5)
        XCTAssertEqual(f["wifi"]?.header?.y, 88)
        XCTAssertEqual(f["wifi"]?.content, Rect(x: 0, y: 132, width: 320, height: 44))
        XCTAssertEqual(f["bluetooth"]?.header?.y, 154)
        XCTAssertEqual(f["bluetooth"]?.content, Rect(x: 0, y: 198, width: 320, height: 88))
    }

    /// `fill`, 600 high: the top space 468 is network's box (88–556); its
    /// level's headers take 88, so wifi's content is 380 and bluetooth sits
    /// at 512. Bluetooth holds {le, classic} (le open): after the tap on
    /// bluetooth it is at 132, le at 176 and classic at 512. le and classic
    /// are shown only after, so they ride bluetooth (not network): halfway
    /// bluetooth is at (512 + 132) / 2 = 322, le at 322 + 44 = 366 (content
    /// at 410, 292 high), classic at 322 + 380 = 702.
    func testASubtreeShownOnOneSideRidesItsNearestNestedHeader() {
        var state = ContainerState(container: container(.fill), panels: tree(), expandedIndices: [1])
        _ = state.apply(Step(.tap(panel: 4)))
        let f = frames(state, at: 0.5)
        XCTAssertEqual(f["bluetooth"]?.header?.y, 322)
        XCTAssertEqual(f["le"]?.header, Rect(x: 0, y: 366, width: 320, height: 44))
        XCTAssertEqual(f["le"]?.content, Rect(x: 0, y: 410, width: 320, height: 292))
        XCTAssertEqual(f["classic"]?.header?.y, 702)
        XCTAssertEqual(frames(state, at: 1)["le"]?.header?.y, 176, "settled after")
    }

    /// The same tap, then at 0.5 a tap on wifi under `retarget`: bluetooth
    /// closes again from where it was shown (322) towards 512, le (shown
    /// before only now) keeps its shown offset 44 from it. At 0.75
    /// (progress 0.25): bluetooth at 322 + 190 × 0.25 = 369.5, le at 413.5,
    /// its content at 457.5. From the settled state instead bluetooth would
    /// start at 132 and be at 227.
    func testARetargetedNestedTransitionStartsFromTheShownFrames() {
        var state = ContainerState(container: container(.fill, interruption: .retarget), panels: tree(), expandedIndices: [1])
        _ = state.apply(Step(.tap(panel: 4)))
        _ = state.apply(Step(.tap(panel: 3), at: 0.5))
        XCTAssertEqual(state.running?.level, "network")
        let f = frames(state, at: 0.75)
        XCTAssertEqual(f["bluetooth"]?.header?.y, 369.5)
        XCTAssertEqual(f["le"]?.header?.y, 413.5)
        XCTAssertEqual(f["le"]?.content?.y, 457.5)
        XCTAssertEqual(f["wifi"]?.content, Rect(x: 0, y: 132, width: 320, height: 380))
        XCTAssertNil(frames(state, at: 1.5)["le"]?.header, "hidden once settled")
    }

    /// `fill`, single, retarget: network open (wifi open in it). A tap on
    /// sound at 0 closes network and opens sound; one on sound again at 0.5
    /// retargets to closing sound. Network is neither side of that
    /// transition, so its content view goes at once (the top level's rule),
    /// and its level, which lay in that box, is not shown either: no
    /// nested header rides on without a box to lie in.
    func testALevelGoesWithItsHoldersBoxWhenARetargetTakesTheBoxAway() {
        var state = ContainerState(container: container(.fill, interruption: .retarget), panels: tree(), expandedIndices: [1])
        _ = state.apply(Step(.tap(panel: 2)))
        XCTAssertNotNil(frames(state, at: 0.25)["wifi"]?.header, "shown in network's closing box")
        _ = state.apply(Step(.tap(panel: 2), at: 0.5))
        XCTAssertNil(tops(state, at: 0.75)[1].content, "network's box is gone")
        let f = frames(state, at: 0.75)
        XCTAssertNil(f["wifi"]?.header)
        XCTAssertNil(f["wifi"]?.content)
        XCTAssertNil(f["bluetooth"]?.header)
    }

    /// 320 × 400, `fill`, retarget, 1 s linear: a holds a1 and a2 (a1 open,
    /// so a's box is 44–400 and the level's space 356 − 88 = 268). A tap on
    /// a1 at 0 closes it: at 0.5 a2's header is at 356 + (88 − 356) / 2 =
    /// 222. A tap on a2 then retargets to opening a2: a1 is on neither side
    /// of the new transition, so its closing content goes at once (the top
    /// level's rule); a2's header goes from 222 to 88 (188.5 at 0.75) and its
    /// content appears at its settled height, 268, under it. (Found by the
    /// independent nested oracle, Tests/Oracle/nested_oracle.py.)
    func testARetargetDropsTheContentItsInterruptedTransitionWasClosing() {
        let level = NestedLevel(panels: [panel("a1"), panel("a2")])
        var c = container(.fill, interruption: .retarget)
        c.height = 400
        var state = ContainerState(container: c, panels: [panel("a", content: .accordion(level))], expandedIndices: [0])
        _ = state.apply(Step(.tap(panel: 1)))
        XCTAssertEqual(frames(state, at: 0.5)["a2"]?.header?.y, 222)
        _ = state.apply(Step(.tap(panel: 2), at: 0.5))
        let f = frames(state, at: 0.75)
        XCTAssertNil(f["a1"]?.content)
        XCTAssertEqual(f["a2"]?.header?.y, 188.5)
        XCTAssertEqual(f["a2"]?.content, Rect(x: 0, y: 232.5, width: 320, height: 268))
    }

    private func tree() -> [PanelSpec] {
        let bt = NestedLevel(panels: [panel("le"), panel("classic")])
        let level = NestedLevel(panels: [panel("wifi"), PanelSpec(id: "bluetooth", title: "bluetooth", color: 0x3366_99FF, headerHeight: 44,
                                                                  content: .accordion(bt))])
        return [panel("general"), panel("network", content: .accordion(level)), panel("sound")]
    }
}
