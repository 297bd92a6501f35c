import AccordionTesting
import XCTest

/// A stale snapshot is told field by field, each where the stored file writes it.
final class SnapshotDiffTests: XCTestCase {
    func testFieldsByPathAndLine() throws {
        let stored = "{\n  \"title\": \"Reviews (4.6 ★, 1,284)\",\n  \"panels\": [\n    {\"id\": \"a\", \"height\": 44}\n  ],\n  \"gone\": 1\n}\n"
        let actual = "{\n  \"title\": \"Reviews (4.7 ★, 1,301)\",\n  \"panels\": [\n    {\"id\": \"a\", \"height\": 52},\n    {\"id\": \"b\"}\n  ],\n  \"new\": true\n}\n"
        let fields = try XCTUnwrap(SnapshotDiff.fields(stored: stored, path: "s.json", actual: actual))
        XCTAssertEqual(fields.map { "\($0.field): \($0.expected) -> \($0.actual) @\($0.span?.start.line ?? 0)" }, [
            "title: \"Reviews (4.6 ★, 1,284)\" -> \"Reviews (4.7 ★, 1,301)\" @2",
            "panels[0].height: 44 -> 52 @4",
            "panels[1]: (nothing) -> an object of 1 field @3",
            "gone: 1 -> (nothing) @6",
            "new: (nothing) -> true @1",
        ])
        XCTAssertEqual(SnapshotDiff.fields(stored: stored, path: "s.json", actual: stored), [])
        XCTAssertNil(SnapshotDiff.fields(stored: "{\"title\": ", path: "s.json", actual: actual))
    }
}
