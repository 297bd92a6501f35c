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

    /// The pictures carry the fonts the model measured: an SVG and a page of
    /// a font-measured spec hold one `@font-face` per face, as inline data
    /// the page's policy lets load, and its texts name them; a metric
    /// spec's pictures carry none (their goldens are unchanged).
    func testPicturesOfAFontMeasuredSpecCarryTheSubsetsTheyDrawWith() throws {
        let spec = """
        accordion: 1
        panels:
          - {id: a, title: A, lang: zh-Hans, content: {measure: font, font: {family: [Noto Sans]}, text: "下午两点 with Latin"}}
        """
        let svg = try CLI.run(["render", "--format", "svg", "-"], stdin: Data(spec.utf8))
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertEqual(svg.stdout.components(separatedBy: "@font-face").count - 1, 2, "Noto Sans and Noto Sans CJK SC")
        XCTAssertTrue(svg.stdout.contains("src: url(data:font/"))
        XCTAssertTrue(svg.stdout.contains("font-family=\"&apos;accordion-font-1&apos;, &apos;accordion-font-0&apos;, &apos;Noto Sans&apos;\""),
                      "the named family's subset first, then the fallback, then the name")
        let html = try CLI.run(["render", "--format", "html", "-"], stdin: Data(spec.utf8))
        XCTAssertEqual(html.status, 0, html.stderr)
        XCTAssertTrue(html.stdout.contains("; font-src data:\">"), "the policy lets the inline fonts load, nothing else")
        XCTAssertEqual(html.stdout.components(separatedBy: "@font-face").count - 1, 2)
        XCTAssertTrue(html.stdout.contains("\"font\":\"'accordion-font-1', 'accordion-font-0', 'Noto Sans'\",\"fontWeight\":400"))
        // Measured at the top, the titles are shaped too: semibold, in a third subset.
        let titled = """
        accordion: 1
        measure: font
        font: {family: [Noto Sans]}
        panels:
          - {id: a, title: Shipping, content: {text: "Latin text"}}
        """
        let picture = try CLI.run(["render", "--format", "svg", "-"], stdin: Data(titled.utf8))
        XCTAssertEqual(picture.status, 0, picture.stderr)
        XCTAssertEqual(picture.stdout.components(separatedBy: "@font-face").count - 1, 2, "Noto Sans Bold for the title, Noto Sans")
        XCTAssertTrue(picture.stdout.contains("font-family=\"&apos;accordion-font-0&apos;, &apos;Noto Sans&apos;\" font-weight=\"600\""),
                      picture.stdout)
        let demo = try String(contentsOf: CLI.repoRoot.appendingPathComponent("samples/article-demo.yaml"), encoding: .utf8)
        for format in ["svg", "html"] {
            let r = try CLI.run(["render", "--format", format, "-"], stdin: Data(demo.utf8))
            XCTAssertFalse(r.stdout.contains("@font-face"), format)
            XCTAssertFalse(r.stdout.contains("font-src"), format)
        }
    }

    /// `drive` plays a spec with the measure it names: its snapshot's lines
    /// are the render's, font-measured or metric, and the two differ.
    func testDriveMeasuresWithTheSpecsMeasure() throws {
        func spec(_ measure: String) -> String {
            """
            accordion: 1
            measure: \(measure)
            font: {family: [Noto Sans]}
            container: {width: 200}
            panels:
              - {id: a, title: A, content: {text: "WWWW WWWW WWWW iiii iiii iiii iiii iiii iiii iiii"}}
            """
        }
        func lines(_ json: String) throws -> [String] {
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            let dump = (object?["snapshot"] as? [String: Any]) ?? object
            let panels = dump?["panels"] as? [[String: Any]]
            return (panels?.first?["content"] as? [String: Any])?["lines"] as? [String] ?? []
        }
        var seen: [[String]] = []
        for measure in ["font", "metric"] {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drive-measure-\(measure)-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("spec.yaml")
            try spec(measure).write(to: file, atomically: true, encoding: .utf8)
            let drive = try CLI.run(["drive", file.path], stdin: Data("{\"snapshot\": true}\n".utf8))
            XCTAssertEqual(drive.status, 0, drive.stderr)
            let render = try CLI.run(["render", "--format", "json", file.path])
            XCTAssertEqual(try lines(drive.stdout), try lines(render.stdout), measure)
            XCTAssertFalse(try lines(drive.stdout).isEmpty, measure)
            seen.append(try lines(drive.stdout))
        }
        XCTAssertNotEqual(seen[0], seen[1], "Noto Sans's W and i are not 0.55 em each")
    }
}
