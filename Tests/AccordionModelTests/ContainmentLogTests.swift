import AccordionModel
import XCTest

/// The segmented log must behave exactly like the array it replaces,
/// including across segment boundaries (4,096 entries each).
final class ContainmentLogTests: XCTestCase {
    private func entry(_ i: Int) -> LogEntry {
        LogEntry(time: Double(i), event: i.isMultiple(of: 2) ? .addChild : .viewDidAppear, panel: "p\(i)")
    }

    func testAppendAndIndexAcrossSegmentBoundaries() {
        var log = ContainmentLog()
        var array: [LogEntry] = []
        for i in 0..<10_000 {
            log.append(entry(i))
            array.append(entry(i))
        }
        XCTAssertEqual(log.count, 10_000)
        for i in [0, 4095, 4096, 4097, 8191, 8192, 9999] {
            XCTAssertEqual(log[i], array[i], "entry \(i)")
        }
        XCTAssertEqual(Array(log), array)
        XCTAssertEqual(Array(log[4090..<4100]), Array(array[4090..<4100]))
    }

    func testEqualityAndAppendingSequences() {
        var a = ContainmentLog()
        a += (0..<5000).map(entry)
        let b = ContainmentLog((0..<5000).map(entry))
        XCTAssertEqual(a, b)
        a.append(entry(5000))
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(ContainmentLog(), [])
        XCTAssertNotEqual(ContainmentLog([entry(1)]), [entry(2)])
    }
}
