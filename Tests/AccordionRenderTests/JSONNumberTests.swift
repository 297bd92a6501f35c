import AccordionDiagnostics
import AccordionModel
@testable import AccordionRender
import AccordionTestSupport
import XCTest

/// The dump's byte writers: numbers are spelled from their digits without a
/// `String`, and snapshots are written one panel at a time. Each must give
/// exactly the text of the plain definitions (`JSONText.rounded`,
/// `String(Int64)`, the whole dump tree).
final class JSONNumberTests: XCTestCase {
    private func spelled(_ value: Double, places: Int = 3) -> String {
        var out: [UInt8] = []
        JSONText.appendRounded(value, places: places, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func testRoundedDigitsAreTheDefinitionsSpelling() {
        let fixed: [Double] = [0, -0.0, 1, -1, 0.5, 0.0005, -0.0005, 0.0004999, 0.001, -0.001, 0.1 + 0.2, 2.675, 1.0005,
                               44, 452600, 0.25, 1e-9, -1e-9, 999_999_999.9994, 999_999_999.9996, 1e9, -1e9, 1e9 + 0.5,
                               123456.789, 1e15, 1e16, -1e300, 9.999, 19.9995, .leastNonzeroMagnitude]
        for value in fixed {
            for places in 0...6 {
                XCTAssertEqual(spelled(value, places: places), JSONText.rounded(value, places: places), "\(value) at \(places)")
            }
        }
        var random = SplitMix(seed: 7)
        for _ in 0..<200_000 {
            let magnitude = pow(10, Double(random.next() % 13) - 4)
            let value = (Double(random.next() % 2_000_001) / 1_000_000 - 1) * magnitude
            let places = Int(random.next() % 5)
            XCTAssertEqual(spelled(value, places: places), JSONText.rounded(value, places: places), "\(value) at \(places)")
        }
    }

    func testDigitsAreStringsSpelling() {
        for value: Int64 in [0, 1, -1, 9, 10, -10, 99, 100, .max, .min, .max - 1, .min + 1] {
            var out: [UInt8] = []
            JSONText.appendDigits(value, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), String(value))
        }
        var random = SplitMix(seed: 11)
        for _ in 0..<10_000 {
            let value = Int64(bitPattern: random.next()) >> (random.next() % 64)
            var out: [UInt8] = []
            JSONText.appendDigits(value, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), String(value))
        }
    }

    func testASnapshotWrittenPanelByPanelIsTheTreesText() {
        var many = Demo.settled(expanded: 1, events: Demo.loadEvents)
        many.panels = (0..<300).map { i in
            var frame = many.panels[i % many.panels.count]
            frame.index = i
            frame.header.y = Double(i) * 44.125
            return frame
        }
        for snapshot in [Demo.settled(expanded: 0, events: Demo.loadEvents), Demo.settled(expanded: nil), Demo.midTransition(), many] {
            XCTAssertEqual(JSONRender.text(snapshot), JSONRender.text(DumpTree.snapshot(snapshot)))
        }
        let empty = Snapshot(title: nil, time: 0, container: ContainerSpec(), expandedIndex: nil, visible: nil,
                             interactionEnabled: true, transition: nil, panels: [], events: [])
        XCTAssertEqual(JSONRender.text(empty), JSONRender.text(DumpTree.snapshot(empty)))
        XCTAssertTrue(JSONRender.text(empty).contains("\"panels\": []"))
    }
}
