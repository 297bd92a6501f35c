import AccordionDiagnostics
import XCTest

/// `JSONText.quote` works on bytes for speed; it must spell every string
/// exactly as the scalar-by-scalar definition does.
final class JSONQuoteTests: XCTestCase {
    /// The definition: escape quotes, backslashes and control characters
    /// (U+007F as `\u007f`), and U+0085, U+2028 and U+2029, which a YAML
    /// reader of the JSON would fold into spaces.
    func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{85}": out += "\\u0085"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    func testQuoteMatchesTheDefinition() {
        let pieces = ["a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1B}", "\u{1F}",
                      "\u{7F}", "é", "☃", "😀", "\r\n", "/", "~",
                      // The three non-ASCII breaks and their byte neighbours (C2 xx, E2 80 xx).
                      "\u{85}", "\u{2028}", "\u{2029}", "\u{80}", "\u{A0}", "\u{2027}", "\u{202A}", "“", "\u{2030}", "\u{2085}"]
        var state: UInt64 = 7
        for _ in 0..<2_000 {
            var text = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for k in 0..<Int(state >> 60) { text += pieces[Int((state >> UInt64(k * 4 % 56)) & 0xFF) % pieces.count] }
            XCTAssertEqual(JSONText.quote(text), reference(text), "for \(text.debugDescription)")
        }
        XCTAssertEqual(JSONText.quote("panel-1"), "\"panel-1\"")
        XCTAssertEqual(JSONText.quote("a\u{85}b\u{2028}\u{2029}"), "\"a\\u0085b\\u2028\\u2029\"")
        XCTAssertEqual(JSONText.quote("\u{2028}", safeInScript: true), "\"\\u2028\"")
        XCTAssertEqual(JSONText.quote("a\u{7F}\u{01}\"\\"), "\"a\\u007f\\u0001\\\"\\\\\"")
    }
}
