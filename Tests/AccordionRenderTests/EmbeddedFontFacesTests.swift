@testable import AccordionRender
import AccordionModel
import XCTest

/// The pieces of a picture's embedded fonts that need no font: base64 by
/// RFC 4648's own test vectors, and the rules and family lists spelled from
/// a hand-made `EmbeddedFonts`.
final class EmbeddedFontFacesTests: XCTestCase {
    func testBase64MatchesRFC4648sVectors() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors { XCTAssertEqual(Base64.encode(Array(plain.utf8)), encoded, plain) }
        XCTAssertEqual(Base64.encode([0xFF, 0xFE, 0xFD, 0x00]), "//79AA==", "the last two letters of the alphabet")
    }

    func testRulesAndFamilyListsNameTheSubsetsInTheMeasuresOrder() {
        let font = TextFont(families: ["Noto Sans", "It's"], weight: 600)
        let otf = EmbeddedFonts.Face(data: Array("OTTO".utf8) + [1, 2], weight: 600, family: "Noto Sans CJK SC")
        let ttf = EmbeddedFonts.Face(data: [0, 1, 0, 0, 9], weight: 600, family: "Noto */ Sans")
        let fonts = EmbeddedFonts(faces: [otf, ttf], order: [EmbeddedFonts.Request(font: font, lang: "zh-Hans"): [1, 0]])
        XCTAssertEqual(EmbeddedFontFaces.rules(fonts), """
            @font-face { font-family: "accordion-font-0"; font-weight: 600; src: url(data:font/otf;base64,T1RUTwEC) format("opentype"); } /* Noto Sans CJK SC */
            @font-face { font-family: "accordion-font-1"; font-weight: 600; src: url(data:font/ttf;base64,AAEAAAk=) format("truetype"); } /* Noto  Sans */

            """, "a family name cannot close the comment")
        XCTAssertEqual(EmbeddedFontFaces.familyList(font, lang: "zh-Hans", in: fonts),
                       "'accordion-font-1', 'accordion-font-0', 'Noto Sans', 'Its'")
        XCTAssertEqual(EmbeddedFontFaces.familyList(font, lang: "ja", in: fonts), "'Noto Sans', 'Its'", "another language: its own order")
        XCTAssertEqual(EmbeddedFontFaces.rules(.none), "")
    }
}
