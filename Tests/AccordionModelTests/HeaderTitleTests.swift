import XCTest
@testable import AccordionModel

/// `HeaderTitle.fit` with a measure whose advances do not add up, as a
/// shaping one's do not: a letter takes another form before the ellipsis.
final class HeaderTitleTests: XCTestCase {
    /// Every scalar advances 1 em, except that a letter right before `…`
    /// advances 3 (its "final form"); titles shaped in a font (so no
    /// semibold scaling), in no particular language.
    struct FinalForms: TextMeasure, Hashable {
        func lines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [String] { [text] }
        func clusters(of text: String) -> [MeasuredCluster] {
            let scalars = Array(text.unicodeScalars)
            var out: [MeasuredCluster] = []
            var index = text.startIndex
            for (i, scalar) in scalars.enumerated() {
                let next = text.unicodeScalars.index(after: index)
                let beforeEllipsis = i + 1 < scalars.count && scalars[i + 1] == "\u{2026}"
                out.append(MeasuredCluster(text: text[index..<next], advance: beforeEllipsis && scalar != " " ? 3 : 1))
                index = next
            }
            return out
        }
        var shapedTitleFont: TextFont? { TextFont(families: ["Shaped"], weight: HeaderTitle.weight) }
    }

    func testACutIsMeasuredAsDrawnAndShortenedWhileItIsTooWide() {
        // "abcdefgh" needs 8 at 1 pt a letter; room 6. Summed advances allow
        // five letters and the ellipsis (6), but drawn, "abcde…" is 4 + 3 + 1
        // = 8; "abcd…" is 3 + 3 + 1 = 7; "abc…" is 2 + 3 + 1 = 6, which fits.
        let fitted = HeaderTitle.fit("abcdefgh", room: 6, fontSize: 1, measure: FinalForms())
        XCTAssertEqual(fitted.text, "abc\u{2026}")
        XCTAssertEqual(fitted.shownClusters, 3)
        XCTAssertEqual(fitted.width, 8)
        // A title that fits whole is never re-cut.
        XCTAssertEqual(HeaderTitle.fit("abcdef", room: 6, fontSize: 1, measure: FinalForms()).text, "abcdef")
    }

    func testAMetricCutIsTheSummedOneAndIsScaledSemibold() {
        // The model's own measure: 0.55 em a scalar, times 1.2 semibold = 0.66
        // at 1 pt; room 3.3 holds the ellipsis and four letters (5 × 0.66).
        let fitted = HeaderTitle.fit("abcdefgh", room: 3.3, fontSize: 1, measure: ScalarTextMeasure())
        XCTAssertEqual(fitted.text, "abcd\u{2026}")
        XCTAssertNil(ScalarTextMeasure().shapedTitleFont)
    }
}
