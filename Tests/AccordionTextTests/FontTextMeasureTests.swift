import AccordionModel
import AccordionText
import XCTest

/// The font measure against the fonts Debian installs (`make deps`: Noto
/// Sans, Noto Sans CJK, DejaVu): real shaping, real fallback.
final class FontTextMeasureTests: XCTestCase {
    let measure = FontTextMeasure()
    let noto = TextFont(families: ["Noto Sans"])

    func metrics(_ font: TextFont?, size: Double = 15) -> TextMetrics {
        TextMetrics(padding: 0, fontSize: size, lineHeight: 20, font: font)
    }

    func width(_ text: String, _ font: TextFont? = nil, lang: String? = nil) -> Double {
        let lines = measure.measuredLines(of: text, width: 10_000, metrics: metrics(font ?? noto), lang: lang)
        XCTAssertEqual(lines.count, 1, text)
        return lines.first?.width ?? 0
    }

    func testWideLettersAreWiderThanNarrowOnesInARealFont() {
        let wide = width("WWWW"), narrow = width("iiii")
        XCTAssertGreaterThan(wide, 2 * narrow, "W is much wider than i in Noto Sans")
        // The metric measure gives both 4 × 0.55 em.
        let metric = measure.measuredLines(of: "WWWW", width: 10_000, metrics: metrics(nil), lang: nil)
        XCTAssertEqual(metric.first?.width ?? 0, 4 * 0.55 * 15, accuracy: 1e-9)
        XCTAssertEqual(measure.measuredLines(of: "iiii", width: 10_000, metrics: metrics(nil), lang: nil).first?.width ?? 0,
                       4 * 0.55 * 15, accuracy: 1e-9)
    }

    func testAdvancesScaleWithTheSizeAndDependOnTheFamily() {
        let small = measure.measuredLines(of: "Hello world", width: 10_000, metrics: metrics(noto, size: 10), lang: nil)[0].width
        let large = measure.measuredLines(of: "Hello world", width: 10_000, metrics: metrics(noto, size: 20), lang: nil)[0].width
        XCTAssertEqual(large, 2 * small, accuracy: 1e-6)
        let mono = width("iiii", TextFont(families: ["DejaVu Sans Mono"]))
        XCTAssertGreaterThan(mono, width("iiii"), "a monospace i is as wide as any letter")
    }

    func testLinesBreakWhereShapedAdvancesNoLongerFit() {
        let text = "iiii iiii iiii iiii WWWW WWWW WWWW WWWW"
        let room = width("iiii iiii iiii iiii")
        let lines = measure.measuredLines(of: text, width: room, metrics: metrics(noto), lang: nil)
        XCTAssertEqual(lines.first?.text, "iiii iiii iiii iiii", "the narrow words fill a line exactly")
        XCTAssertGreaterThan(lines.count, 2, "the wide ones need more lines")
        for line in lines { XCTAssertLessThanOrEqual(line.width, room + 1e-9, line.text) }
        XCTAssertEqual(lines.map(\.text).joined(separator: " "), text)
        // The same width holds more i than the metric measure's 0.55 em a letter would.
        let metric = measure.lines(of: text, width: room, metrics: metrics(nil), lang: nil)
        XCTAssertNotEqual(metric.first, lines.first?.text)
    }

    func testHanTextFallsBackToTheCJKFontOfItsLanguage() {
        let text = "你好世界，這是一段文字。"
        let zh = FontTextMeasure.families(usedFor: text, font: noto, lang: "zh-Hans")
        let ja = FontTextMeasure.families(usedFor: text, font: noto, lang: "ja")
        XCTAssertEqual(zh.first, "Noto Sans CJK SC", "\(zh)")
        XCTAssertEqual(ja.first, "Noto Sans CJK JP", "\(ja)")
        XCTAssertEqual(FontTextMeasure.families(usedFor: "Hello", font: noto, lang: "zh-Hans"), ["Noto Sans"])
        // An ideograph is one em in Noto Sans CJK.
        XCTAssertEqual(width("你好", lang: "zh-Hans"), 2 * 15, accuracy: 0.01)
        // And Han text breaks between ideographs, within the width.
        let lines = measure.measuredLines(of: text, width: 5 * 15 + 0.5, metrics: metrics(noto), lang: "zh-Hans")
        XCTAssertGreaterThan(lines.count, 2)
        for line in lines { XCTAssertLessThanOrEqual(line.width, 5 * 15 + 0.5 + 1e-9, line.text) }
    }

    func testArabicIsShapedAndMeasuredInAnArabicFont() {
        let text = "مرحبا بالعالم"
        // Noto Sans has no Arabic: fontconfig's fallback for `ar` draws it (DejaVu Sans on Debian's defaults).
        // The space between the words is Noto Sans's, as a browser draws it: the
        // first family that has a space.
        let families = FontTextMeasure.families(usedFor: text, font: noto, lang: "ar")
        XCTAssertEqual(families.count, 2, "\(families)")
        XCTAssertNotEqual(families.first, "Noto Sans")
        XCTAssertEqual(families.last, "Noto Sans")
        // A family named for it is taken first.
        let named = TextFont(families: ["Noto Sans", "Noto Sans Arabic"])
        XCTAssertEqual(FontTextMeasure.families(usedFor: "Hi " + text, font: named, lang: "ar"), ["Noto Sans", "Noto Sans Arabic"])
        let shaped = width(text, lang: "ar")
        XCTAssertGreaterThan(shaped, 0)
        XCTAssertNotEqual(shaped, Double(text.count) * 0.55 * 15, accuracy: 1)
    }

    /// A picture carries one subset per face the measure drew in, and names
    /// them per font and language in the measure's order: the spec's
    /// families first, then the fallbacks as first used.
    func testEmbeddedFontsAreSubsetsOfTheFacesDrawnInTheMeasuresOrder() {
        let chinese = FontUse(text: "下午两点 with Latin", font: noto, lang: "zh-Hans")
        let arabic = FontUse(text: "مرحبا بالعالم", font: noto, lang: "ar")
        let fonts = measure.embeddedFonts(for: [chinese, arabic])
        XCTAssertEqual(fonts.faces.map(\.family).count, 3, "\(fonts.faces.map(\.family))")
        XCTAssertEqual(fonts.faces.first?.family, "Noto Sans CJK SC", "first used: the text starts with Han")
        for face in fonts.faces {
            XCTAssertTrue(face.data.starts(with: Array("OTTO".utf8)) || face.data.starts(with: [0, 1, 0, 0]), face.family)
            XCTAssertLessThan(face.data.count, 60_000, "\(face.family): only the glyphs drawn")
            XCTAssertEqual(face.weight, 400)
        }
        let zh = fonts.order[EmbeddedFonts.Request(font: noto, lang: "zh-Hans")] ?? []
        XCTAssertEqual(zh.map { fonts.faces[$0].family }, ["Noto Sans", "Noto Sans CJK SC"], "the named family first")
        let ar = fonts.order[EmbeddedFonts.Request(font: noto, lang: "ar")] ?? []
        XCTAssertEqual(ar.count, 2)
        XCTAssertEqual(fonts.faces[ar[0]].family, "Noto Sans", "the space")
        XCTAssertEqual(ar[0], zh[0], "one subset of Noto Sans serves both texts")
        // The metric measure carries none; a font none of whose families exists, none.
        XCTAssertEqual(UnicodeTextMeasure().embeddedFonts(for: [chinese]), .none)
        let missing = FontUse(text: "abc", font: TextFont(families: ["No Such Family 9000"]), lang: nil)
        XCTAssertEqual(measure.embeddedFonts(for: [missing]), .none)
    }

    func testAMissingFamilyIsReportedAndAFontOfNoneFoundMeasuresLikeTheMetric() {
        let missing = TextFont(families: ["No Such Family 9000", "Noto Sans"])
        XCTAssertEqual(FontTextMeasure.missingFamilies(of: missing), ["No Such Family 9000"])
        XCTAssertEqual(FontTextMeasure.missingFamilies(of: noto), [])
        XCTAssertEqual(width("WWWW", missing), width("WWWW"), "the next family is used")
        let none = TextFont(families: ["No Such Family 9000"])
        let text = "Returns are free within thirty days of delivery."
        XCTAssertEqual(measure.measuredLines(of: text, width: 120, metrics: metrics(none), lang: nil),
                       measure.measuredLines(of: text, width: 120, metrics: metrics(nil), lang: nil))
    }

    func testTheMetricMeasureIsUnchanged() {
        let texts = ["Plain ASCII text wraps as before.", "中文文本按字换行。", "emoji 👍🏽 and marks é"]
        for text in texts {
            for width in [80.0, 150, 375] {
                XCTAssertEqual(measure.lines(of: text, width: width, metrics: TextMetrics(), lang: "zh-Hans"),
                               UnicodeTextMeasure().lines(of: text, width: width, metrics: TextMetrics(), lang: "zh-Hans"))
            }
        }
    }

    func testTitlesAreCutByShapedAdvancesInTheTitleFont() {
        let titled = FontTextMeasure(titleFont: noto)
        let w = titled.clusters(of: "WWWW").reduce(0) { $0 + $1.advance }
        let i = titled.clusters(of: "iiii").reduce(0) { $0 + $1.advance }
        XCTAssertGreaterThan(w, 2 * i)
        XCTAssertEqual(FontTextMeasure().clusters(of: "WWWW"), UnicodeTextMeasure().clusters(of: "WWWW"))
        XCTAssertNotEqual(titled, FontTextMeasure())
    }

    /// Titles are shaped semibold (the weight every renderer draws them in),
    /// so their advances are the title's own and not scaled again; Han in a
    /// title takes the font of the panel's language.
    func testTitlesAreShapedSemiboldInTheirLanguage() {
        let titled = FontTextMeasure(titleFont: noto)
        XCTAssertEqual(titled.shapedTitleFont, TextFont(families: ["Noto Sans"], weight: HeaderTitle.weight))
        XCTAssertNil(FontTextMeasure().shapedTitleFont, "no title font: the metric's clusters, scaled")
        XCTAssertNil(FontTextMeasure(titleFont: TextFont(families: ["No Such Family 9000"])).shapedTitleFont)
        let regular = width("Shipping"), semibold = titled.clusters(of: "Shipping").reduce(0) { $0 + $1.advance } * 15
        XCTAssertGreaterThan(semibold, regular, "a semibold title is wider than regular text")
        let fitted = HeaderTitle.fit("Shipping", room: 1000, fontSize: 15, measure: titled)
        XCTAssertEqual(fitted.width, semibold, accuracy: 1e-9, "not scaled by the metric's semibold factor")
        let han = "配送"
        XCTAssertEqual(FontTextMeasure.families(usedFor: han, font: titled.shapedTitleFont!, lang: "zh-Hans"), ["Noto Sans CJK SC"])
        XCTAssertEqual(FontTextMeasure.families(usedFor: han, font: titled.shapedTitleFont!, lang: "ja"), ["Noto Sans CJK JP"])
        XCTAssertEqual(titled.titleClusters(of: han, lang: "ja").count, 2)
    }
}
