import XCTest

final class TopLevelTests: XCTestCase {
    func testHelpListsCommandsAndExitsZero() throws {
        let r = try CLI.run(["--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("USAGE: accordion <command>"))
        XCTAssertTrue(r.stdout.contains("resolve"))
    }

    func testVersion() throws {
        let r = try CLI.run(["--version"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasPrefix("accordion "))
    }

    func testUnknownCommandIsUsageError() throws {
        let r = try CLI.run(["frobnicate"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("unknown command 'frobnicate'"))
    }

    func testNoCommandIsUsageError() throws {
        let r = try CLI.run([])
        XCTAssertEqual(r.status, 2)
    }
}
