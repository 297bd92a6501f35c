import Foundation
import XCTest

/// Fonts are loaded only when a text is measured with one: the dynamic
/// loader's own log (glibc's LD_DEBUG=files) of a real `accordion render`
/// names libharfbuzz and libfontconfig for a `measure: font` spec and
/// never for the article's demo; and a font-measured spec renders with
/// its missing family warned about where it is written.
final class FontLoadingTests: XCTestCase {
    func loadedLibraries(_ spec: String) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let r = try CLI.run(["render", "-"], stdin: Data(spec.utf8), environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stderr
    }

    func testASpecWithoutAFontNeverLoadsHarfBuzzOrFontconfig() throws {
        let spec = try String(contentsOf: CLI.repoRoot.appendingPathComponent("samples/article-demo.yaml"), encoding: .utf8)
        let log = try loadedLibraries(spec)
        XCTAssertTrue(log.contains("file="), "LD_DEBUG wrote nothing: the test sees no loader log")
        XCTAssertFalse(log.contains("libharfbuzz"))
        XCTAssertFalse(log.contains("libfontconfig"))
    }

    func testAFontMeasuredSpecLoadsThemAndWarnsAMissingFamilyWhereItIsWritten() throws {
        let spec = """
        accordion: 1
        measure: font
        font: {family: [Missing Family 9000, Noto Sans]}
        panels:
          - {id: a, title: A, content: {text: WWWW iiii}}
        """
        let log = try loadedLibraries(spec)
        XCTAssertTrue(log.contains("libharfbuzz.so.0"))
        XCTAssertTrue(log.contains("libfontconfig.so.1"))
        XCTAssertTrue(log.contains("<stdin>:3:17: warning: no font of the family `Missing Family 9000`"), log)
    }
}
