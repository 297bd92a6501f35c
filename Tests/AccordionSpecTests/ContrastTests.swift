import AccordionModel
import AccordionTestSupport
import Foundation
import XCTest

@testable import AccordionSpec

/// WCAG 2.x contrast written out a second time, as the oracle: from the
/// definitions (relative luminance, the 0.04045 sRGB threshold, (L1 + 0.05)
/// / (L2 + 0.05)) and plain alpha blending, with none of the validator's code.
enum WCAG {
    static func channels(_ c: UInt32) -> [Double] {
        [Double((c >> 24) & 0xFF), Double((c >> 16) & 0xFF), Double((c >> 8) & 0xFF)].map { $0 / 255 }
    }

    static func luminance(_ rgb: [Double]) -> Double {
        let lin = rgb.map { $0 <= 0.04045 ? $0 / 12.92 : Foundation.pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    }

    static func over(_ top: UInt32, _ below: [Double]) -> [Double] {
        let a = Double(top & 0xFF) / 255
        return zip(channels(top), below).map { $0 * a + $1 * (1 - a) }
    }

    static func ratio(title: UInt32, header: UInt32, background: UInt32 = 0xFFFF_FFFF) -> Double {
        let h = over(header, over(background, [1, 1, 1]))
        let (x, y) = (luminance(over(title, h)), luminance(h))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}

final class ContrastTests: XCTestCase {
    /// Pairs whose ratios are published (white on white 1, black on white
    /// 21, #777777 on white just under AA) and the article demo's turquoise.
    func testKnownPairs() {
        let cases: [(UInt32, UInt32, String)] = [
            (0xFFFF_FFFF, 0xFFFF_FFFF, "1.00:1"),
            (0x0000_00FF, 0xFFFF_FFFF, "21.00:1"),
            (0x7777_77FF, 0xFFFF_FFFF, "4.48:1"),
            (0xFFFF_FFFF, 0x7777_77FF, "4.48:1"),
            (0xFFFF_FFFF, 0x1ABC_9CFF, "2.41:1"),
            (0xFFFF_FFFF, 0x3498_DBFF, "3.15:1"),
            (0xFFFF_FFFF, 0x9B59_B6FF, "4.67:1"),
            (0xFFFF_FFFF, 0x7676_76FF, "4.54:1"),
        ]
        for (title, header, expected) in cases {
            let ratio = Contrast.ratio(title: title, header: header, background: 0xFFFF_FFFF)
            XCTAssertEqual(Contrast.spelled(ratio), expected, "\(hexColour(title)) on \(hexColour(header))")
        }
    }

    /// The validator and the oracle agree on random colours, translucent ones included.
    func testAgreesWithTheOracle() {
        var rng = SplitMix(seed: 0xC0_1005)
        for _ in 0..<5000 {
            let colours = (0..<3).map { _ in UInt32(truncatingIfNeeded: rng.next()) | (rng.chance(60) ? 0xFF : 0) }
            let mine = Contrast.ratio(title: colours[0], header: colours[1], background: colours[2])
            let oracle = WCAG.ratio(title: colours[0], header: colours[1], background: colours[2])
            XCTAssertEqual(mine, oracle, accuracy: 1e-12, colours.map(hexColour).joined(separator: " "))
            XCTAssertTrue((1...21).contains(mine))
        }
    }

    /// A warned ratio never reads as passing: 4.497 shows as 4.49, not 4.50.
    func testSpelledRatioNeverRoundsUpToTheMinimum() {
        XCTAssertEqual(Contrast.spelled(4.497), "4.49:1")
        XCTAssertEqual(Contrast.spelled(4.5), "4.50:1")
        XCTAssertEqual(Contrast.spelled(4.506), "4.51:1")
        XCTAssertEqual(Contrast.spelled(2.406), "2.41:1")
        XCTAssertEqual(Contrast.spelled(3.049), "3.05:1")
    }

    /// The suggested colour passes, and no shade or tint of the same hue
    /// (sampled finely along both lines, at the same alpha) that passes is
    /// closer to the original.
    func testNearestPassingColourPassesAndIsNearest() {
        var rng = SplitMix(seed: 0x4_5_1)
        var checked = 0
        for _ in 0..<TimeBounds.rounds(250) {
            let title = UInt32(truncatingIfNeeded: rng.next()) | 0xFF
            let header = UInt32(truncatingIfNeeded: rng.next()) | 0xFF
            let passes = { (t: UInt32) in WCAG.ratio(title: t, header: header) >= 4.5 }
            guard !passes(title) else { continue }
            checked += 1
            guard let found = Contrast.nearest(to: title, where: passes) else {
                XCTFail("nothing passes for \(hexColour(title)) on \(hexColour(header))")
                continue
            }
            XCTAssertTrue(passes(found))
            XCTAssertEqual(found & 0xFF, 0xFF)
            for end: UInt32 in [0x0000_00FF, 0xFFFF_FFFF] {
                for step in 0...600 {
                    let k = Double(step) / 600
                    var mixed: UInt32 = 0xFF
                    for shift: UInt32 in [24, 16, 8] {
                        let a = Double(title >> shift & 0xFF), b = Double(end >> shift & 0xFF)
                        mixed |= UInt32((a + (b - a) * k).rounded()) << shift
                    }
                    if passes(mixed) {
                        XCTAssertLessThanOrEqual(Contrast.distance(found, title), Contrast.distance(mixed, title),
                                                 "\(hexColour(found)) for \(hexColour(title)) on \(hexColour(header)); \(hexColour(mixed)) is nearer")
                        break
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 60 / TimeBounds.sampling)
    }

    /// A translucent title that no shade can save at its alpha is made opaque.
    func testATranslucentTitleIsMadeOpaqueWhenNoShadeOfItPasses() throws {
        let header: UInt32 = 0x2C3E_50FF
        let found = try XCTUnwrap(Contrast.nearest(to: 0xFFFF_FF40) { WCAG.ratio(title: $0, header: header) >= 4.5 })
        XCTAssertEqual(found, 0xFFFF_FFFF)
    }

    // MARK: - the rule in a spec

    func testTheRulePointsAtTheColourItNamesAndCoversSetPanels() throws {
        let result = loadSpec("""
            accordion: 1
            panels:
              - {id: a, title: A, color: 0xFFFFFFFF, titleColor: 0xffffffff}
              - {id: b, title: B, color: '#1abc9c'}
              - {id: c, title: C, titleColor: "#EEEEEE"}
              - {id: d, title: D}
              - {id: e, title: E, color: 0x1ABC9C00}
              - {id: f, title: F, color: 0x2C3E50FF}
              - {id: g, title: G, color: 4294967295, titleColor: 4008636159}
            script:
              - setPanels: [a, {id: h, title: H, color: 0xF1C40FFF}]
            """)
        XCTAssertEqual(placed(result).filter { $0.hasPrefix("low-contrast") },
                       ["low-contrast@3:54", "low-contrast@4:30", "low-contrast@5:35", "low-contrast@9:54", "low-contrast@11:45"])
        let low = result.diagnostics.filter { $0.rule == "low-contrast" }
        XCTAssertEqual(low.map(\.instancePath), ["/panels/0/titleColor", "/panels/1/color", "/panels/2/titleColor",
                                                 "/panels/6/titleColor", "/script/0/setPanels/1/color"])
        XCTAssertTrue(low.allSatisfy { $0.severity == .warning })
        // Each colour in its author's spelling: lower-case hex, '#rrggbb', "#RRGGBB", decimal.
        XCTAssertEqual(low[0].help, "the nearest colours that reach 4.5:1: `titleColor: 0x767676ff` (a darker shade), or `color: 0x767676FF` (a darker shade)")
        XCTAssertEqual(low[1].message, "the title, white by default, on header colour '#1abc9c' has a contrast of 2.41:1, below the 4.5:1 WCAG AA asks of header titles")
        XCTAssertEqual(low[1].help, "the nearest colours that reach 4.5:1: `color: '#12866f'` (a darker shade), or add `titleColor: '#3d3d3d'`")
        XCTAssertEqual(low[2].message, "title colour \"#EEEEEE\" on the palette's header colour 0x9B59B6FF has a contrast of 4.02:1, below the 4.5:1 WCAG AA asks of header titles")
        XCTAssertTrue(low[3].message.hasPrefix("title colour 4008636159 (0xEEEEEEFF) on header colour 4294967295 (0xFFFFFFFF) has a contrast of 1.16:1"), low[3].message)
        let decimals = try NSRegularExpression(pattern: "^the nearest colours that reach 4.5:1: `(color|titleColor): [0-9]+` \\([a-z ]+\\), or `(color|titleColor): [0-9]+` \\([a-z ]+\\)$")
        let help = low[3].help ?? ""
        XCTAssertEqual(decimals.numberOfMatches(in: help, range: NSRange(help.startIndex..., in: help)), 1, help)
        // The invisible header has its own warning, not this one.
        XCTAssertTrue(placed(result).contains("invisible-header@7:30"))
    }

    /// A colour whose real value is unknown (rejected by the schema, or
    /// missing its alpha byte) is not measured: its own problem says more.
    func testNoContrastForAColourWhoseAuthorMeantAnother() {
        for colour in ["0x1ABC9C", "'#1ABC9'", "[1, 2]", "'teal'"] {
            let result = loadSpec("accordion: 1\npanels:\n  - {id: a, title: A, color: 0x1ABC9CFF, titleColor: \(colour)}\n")
            XCTAssertFalse(result.diagnostics.isEmpty, colour)
            XCTAssertFalse(result.diagnostics.contains { $0.rule == "low-contrast" }, colour)
        }
    }

    func testFixesItNamesPassAndTheirRatiosMatchTheOracle() throws {
        let specs: [(String, UInt32, UInt32)] = [("0x1ABC9CFF", 0xFFFF_FFFF, 0x1ABC_9CFF), ("0x777777FF", 0xFFFF_FFFF, 0x7777_77FF)]
        for (header, title, headerValue) in specs {
            let result = loadSpec("accordion: 1\npanels:\n  - {id: a, title: A, color: \(header), titleColor: 0xFFFFFFFF}\n")
            let d = try XCTUnwrap(result.diagnostics.first { $0.rule == "low-contrast" })
            XCTAssertTrue(d.message.contains(String(format: "%.2f:1", WCAG.ratio(title: title, header: headerValue))), d.message)
            let help = try XCTUnwrap(d.help)
            let fixes = help.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            XCTAssertEqual(fixes.count, 2, help)
            for fix in fixes {
                let parts = fix.split(separator: " ")
                let value = try XCTUnwrap(UInt32(parts[1].dropFirst(2), radix: 16), fix)
                let ratio = parts[0] == "color:" ? WCAG.ratio(title: title, header: value) : WCAG.ratio(title: value, header: headerValue)
                XCTAssertGreaterThanOrEqual(ratio, 4.5, fix)
            }
        }
    }

    /// Panels that share a pair of faint colours share one warning, which
    /// counts and names them: a large spec gets one warning per style.
    func testOneWarningPerPairOfColours() throws {
        var text = "accordion: 1\npanels:\n"
        for i in 0..<6 { text += "  - {id: p\(i), title: P, color: \(i % 2 == 0 ? "0x1ABC9CFF" : "0x3498DBFF")}\n" }
        text += "  - {id: q, title: Q, color: 0x1ABC9CFF, titleColor: 0x3D3D3DFF}\n"
        text += "script:\n  - setPanels: [{id: r, title: R, color: 0x3498DBFF}]\n"
        let low = loadSpec(text).diagnostics.filter { $0.rule == "low-contrast" }
        XCTAssertEqual(low.map(\.instancePath), ["/panels/0/color", "/panels/1/color"])
        XCTAssertTrue(low[0].message.hasSuffix("; 2 more panels have the same colours (`p2`, `p4`)"), low[0].message)
        XCTAssertTrue(low[1].message.hasSuffix("; 3 more panels have the same colours (`p3`, `p5`, `r`)"), low[1].message)
        text += "  - setPanels: [{id: s, title: S, color: 0x3498DBFF}]\n"
        let more = try XCTUnwrap(loadSpec(text).diagnostics.first { $0.instancePath == "/panels/1/color" })
        XCTAssertTrue(more.message.hasSuffix("; 4 more panels have the same colours (`p3`, `p5`, `r`, ...)"), more.message)
    }

    /// The container's background is behind a translucent header; a
    /// translucent background is taken over white.
    func testTranslucentHeadersAreBlendedOverTheBackground() throws {
        let spec = { (background: String) in
            loadSpec("accordion: 1\ncontainer: {background: \(background)}\npanels:\n  - {id: a, title: A, color: 0x34495E80}\n")
        }
        let light = try XCTUnwrap(spec("'#F2F2F7'").diagnostics.first { $0.rule == "low-contrast" })
        XCTAssertTrue(light.message.contains(Contrast.spelled(WCAG.ratio(title: 0xFFFF_FFFF, header: 0x3449_5E80, background: 0xF2F2_F7FF))), light.message)
        XCTAssertTrue(light.message.hasSuffix("(translucent colours blended over what is behind them)"))
        XCTAssertTrue(light.help?.contains("`color: 0x34495EFF` (the same colour, opaque)") ?? false, light.help ?? "")
        // Over black the same header is dark enough for a white title.
        XCTAssertGreaterThanOrEqual(WCAG.ratio(title: 0xFFFF_FFFF, header: 0x3449_5E80, background: 0x0000_00FF), 4.5)
        XCTAssertEqual(placed(spec("0x000000FF")).filter { $0.hasPrefix("low-contrast") }, [])
    }

    /// The samples warn exactly where a title falls under 4.5:1, with the oracle's ratio.
    func testSamplesWarnExactlyWhereTheOracleFindsLowContrast() throws {
        for path in Repo.specFiles(in: "samples") {
            let result = SpecLoader.load(try Repo.bytes(path), source: path)
            let doc = try XCTUnwrap(result.document, path)
            var expected: [String] = []
            var seen: Set<[UInt32]> = []
            for (i, p) in doc.panels.enumerated() {
                let ratio = WCAG.ratio(title: p.titleColor, header: p.color, background: doc.container.background)
                if ratio < 4.5, seen.insert([p.titleColor, p.color]).inserted {
                    expected.append("/panels/\(i) \(String(format: "%.2f", ratio))")
                }
            }
            let warned = result.diagnostics.filter { $0.rule == "low-contrast" && $0.instancePath.hasPrefix("/panels/") }.map { d in
                let panel = d.instancePath.split(separator: "/").prefix(2).joined(separator: "/")
                let ratio = d.message.components(separatedBy: "contrast of ").last?.prefix(4) ?? ""
                return "/\(panel) \(ratio)"
            }
            XCTAssertEqual(warned, expected, path)
        }
    }
}
