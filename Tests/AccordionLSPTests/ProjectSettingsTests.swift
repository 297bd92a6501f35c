import XCTest
@testable import AccordionLSP
import AccordionSpec
import AccordionTesting

/// The server finds a document's `.accordion.yaml` as `validate` does (the
/// nearest above it, through the executable's file reader) and applies it
/// to what it reports.
final class ProjectSettingsTests: XCTestCase {
    func testNearestProjectFileAboveTheDocument() {
        let files = ["/repo/.accordion.yaml": "rules: {low-contrast: off}\n", "/repo/deep/.accordion.yaml": "rules: {low-contrast: error}\n"]
        let server = LanguageServer(version: "t", readFile: { path in
            files[path].map { .success(Array($0.utf8)) } ?? .failure(TestFile.SpecUnreadable(reason: "no such file or directory"))
        })
        XCTAssertEqual(server.projectSettings(for: "/repo/specs/a.yaml").levels, ["low-contrast": .off])
        XCTAssertEqual(server.projectSettings(for: "/repo/deep/er/a.yaml").levels, ["low-contrast": .error])
        XCTAssertEqual(server.projectSettings(for: "/elsewhere/a.yaml"), .none)
        XCTAssertEqual(LanguageServer(version: "t").projectSettings(for: "/repo/a.yaml"), .none)
    }
}
