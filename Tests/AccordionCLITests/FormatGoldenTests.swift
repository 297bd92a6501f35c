import AccordionTestSupport
import Foundation
import XCTest

/// Goldens of every render format for the specs of
/// `Tests/Fixtures/render-formats` (the header accessories, the separators
/// and the marks; both appearances; reduced motion; nested levels, settled
/// and mid-transition): `SPEC.golden.txt`,
/// `.json`, `.yaml`, `.svg` and `.html` beside each spec (and
/// `SPEC@OPTIONS.golden.*` for the runs with options), each reviewed by eye when first recorded (the SVG and the
/// page as pictures in Chromium) and re-recorded only with
/// `ACCORDION_RECORD=1`, which fails the run. The page's golden leaves out
/// its player script and its constant style sheet (PlayerScriptTests and
/// the browser tests hold them), so it is the page's data and markup.
final class FormatGoldenTests: XCTestCase {
    static var directory: URL { CLI.repoRoot.appendingPathComponent("Tests/Fixtures/render-formats") }

    static let formats: [(format: String, ext: String)] = [
        ("text", "txt"), ("json", "json"), ("yaml", "yaml"), ("svg", "svg"), ("html", "html"),
    ]

    /// The runs with options besides each spec's plain one: the golden's
    /// base name, the spec and the `render` options.
    static let runsWithOptions: [(base: String, spec: String, options: [String])] = [
        ("appearances@dark", "appearances.yaml", ["--appearance", "dark"]),
        ("reduced-motion@at=0.1", "reduced-motion.yaml", ["--at", "0.1"]),
        ("reduced-motion@at=0.1+reduced-motion", "reduced-motion.yaml", ["--at", "0.1", "--reduced-motion"]),
        ("device-phone@dark", "device-phone.yaml", ["--appearance", "dark"]),
        ("device-phone@device=tablet", "device-phone.yaml", ["--device", "tablet"]),
        ("separators@device=phone-landscape", "separators.yaml", ["--device", "phone-landscape"]),
        ("inset-grouped@dark", "inset-grouped.yaml", ["--appearance", "dark"]),
        ("inset-grouped@at=0.2", "inset-grouped.yaml", ["--at", "0.2"]),
        ("inset-grouped@at=0.2+reduced-motion", "inset-grouped.yaml", ["--at", "0.2", "--reduced-motion"]),
        ("nested-transition@at=0.2", "nested-transition.yaml", ["--at", "0.2"]),
    ]

    func testEveryFormatMatchesItsGolden() throws {
        var recorder = GoldenRecorder()
        let specs = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".yaml") && !$0.contains(".golden.") }.sorted()
        XCTAssertGreaterThanOrEqual(specs.count, 5)
        let runs = specs.map { (base: String($0.dropLast(".yaml".count)), spec: $0, options: [String]()) } + Self.runsWithOptions
        let player = try String(contentsOf: CLI.repoRoot.appendingPathComponent("Sources/AccordionRender/Player/player.js"),
                                encoding: .utf8)
        for (base, spec, options) in runs {
            for (format, ext) in Self.formats {
                let r = try CLI.run(["render", "--format", format, "--color", "never"] + options
                                        + [Self.directory.appendingPathComponent(spec).path],
                                    environment: ["NO_COLOR": "1"])
                XCTAssertEqual(r.status, 0, "\(spec) as \(format): \(r.stderr)")
                var output = r.stdout
                if format == "html" {
                    XCTAssertTrue(output.contains(player), "\(spec): the page does not carry the player as written")
                    output = output.replacingOccurrences(of: player, with: "/* Player/player.js */")
                    // The page's constant style sheet (HTMLPage.style) is the same on every page.
                    if let start = output.range(of: "<style>\n:root {"), let end = output.range(of: "</style>", range: start.upperBound..<output.endIndex) {
                        output.replaceSubrange(start.lowerBound..<end.upperBound, with: "<style>/* HTMLPage.style */</style>")
                    } else {
                        XCTFail("\(spec): the page has no style sheet")
                    }
                }
                let url = Self.directory.appendingPathComponent(base + ".golden." + ext)
                if try recorder.record(output, to: url) { continue }
                guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                    XCTFail("missing golden \(url.lastPathComponent); record it with ACCORDION_RECORD=1 and review it by eye")
                    continue
                }
                if output != expected {
                    XCTFail("\(url.lastPathComponent) differs:\n\(firstDifference(expected, output))")
                }
            }
        }
        if let failure = recorder.failure { XCTFail(failure) }
    }

    /// The README's light and dark pictures of the Settings sample are what
    /// `render` draws today (re-recorded with `ACCORDION_RECORD=1`).
    func testTheReadmePicturesAreCurrent() throws {
        var recorder = GoldenRecorder()
        let pictures = CLI.repoRoot.appendingPathComponent("docs/pictures")
        let readme = try String(contentsOf: CLI.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for appearance in ["light", "dark"] {
            let name = "settings-ios-\(appearance).svg"
            XCTAssertTrue(readme.contains("docs/pictures/\(name)"), "the README does not show \(name)")
            let r = try CLI.run(["render", "--format", "svg", "--appearance", appearance,
                                 CLI.repoRoot.appendingPathComponent("samples/settings-ios.yaml").path])
            XCTAssertEqual(r.status, 0, r.stderr)
            let url = pictures.appendingPathComponent(name)
            if try recorder.record(r.stdout, to: url) { continue }
            let expected = try? String(contentsOf: url, encoding: .utf8)
            XCTAssertTrue(expected == r.stdout, "\(name) is not what render draws; re-record it with ACCORDION_RECORD=1")
        }
        if let failure = recorder.failure { XCTFail(failure) }
    }
}
