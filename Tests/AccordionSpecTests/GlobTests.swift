import AccordionSpec
import XCTest

final class GlobTests: XCTestCase {
    func testGlobs() {
        let cases: [(String, String, Bool)] = [
            ("vendor", "vendor/a.yaml", true), ("vendor", "x/vendor/a.yaml", true), ("vendor", "vendors/a.yaml", false),
            ("*.ci.yaml", "a/b/build.ci.yaml", true), ("*.ci.yaml", "a/build.yaml", false),
            (".github/**", ".github/workflows/ci.yml", true), (".github/", ".github/dependabot.yml", true),
            ("specs/*.yaml", "specs/a.yaml", true), ("specs/*.yaml", "specs/deep/a.yaml", false),
            ("specs/**/*.yaml", "specs/deep/er/a.yaml", true), ("specs/**/*.yaml", "specs/a.yaml", true),
            ("./docs", "docs/x.yaml", true), ("a?c.yaml", "abc.yaml", true), ("a?c.yaml", "ac.yaml", false),
            ("**/gen/*", "x/y/gen/z.yaml", true), ("samples/x.yaml", "samples/x.yaml", true), ("samples/x.yaml", "samples/y.yaml", false),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(Glob.matches(pattern, path), expected, "\(pattern) ~ \(path)")
        }
    }

    func testSpecDetection() {
        func spec(_ text: String) -> Bool { SpecFiles.isAccordionSpec(Array(text.utf8)) }
        XCTAssertTrue(spec("accordion: 1\npanels: []\n"))
        XCTAssertTrue(spec("# yaml-language-server: $schema=/x/accordion.schema.json\ntitle: t\n"))
        XCTAssertTrue(spec("title: forgot\npanels: []\n"))
        XCTAssertFalse(spec("version: 2\nupdates: []\n"))
        XCTAssertFalse(spec("jobs:\n  accordion: 1\n"), "a nested key is not the spec's")
    }
}
