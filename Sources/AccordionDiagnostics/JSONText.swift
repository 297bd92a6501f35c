/// Small building blocks for writing JSON text by hand (the product does
/// not import Foundation): string quoting and number spelling shared by
/// `resolve`, `validate --format json` and `render --format json`.
public enum JSONText {
    /// `text` as a JSON string literal, escaping quotes, backslashes and
    /// control characters (U+0000–U+001F, U+007F as `\u007f`).
    /// With `safeInScript`, `<`, `>`, `&`, U+2028 and U+2029 are escaped too,
    /// so the literal can sit inside an HTML `<script>` element and no text
    /// (a panel title, say) can close the element or break the script.
    public static func quote(_ text: String, safeInScript: Bool = false) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "<" where safeInScript: out += "\\u003c"
            case ">" where safeInScript: out += "\\u003e"
            case "&" where safeInScript: out += "\\u0026"
            case "\u{2028}" where safeInScript: out += "\\u2028"
            case "\u{2029}" where safeInScript: out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    /// A finite double in shortest round-trip form (`1.5`, `1e-07`, `100.0`).
    /// Returns nil for infinities and NaN, which JSON cannot hold.
    public static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        return value.description
    }

    /// A double rounded to `places` decimals, spelled without a trailing
    /// `.0` for whole numbers and without `-0` (for stable, diffable dumps).
    public static func rounded(_ value: Double, places: Int = 3) -> String {
        // Beyond 1e15 there are no decimals left to round, and scaling could
        // overflow to infinity (1e308 * 1000), which JSON cannot hold.
        guard abs(value) < 1e15 else { return value.description }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        var r = (value * scale).rounded() / scale
        if r == 0 { r = 0 }  // folds -0 into 0
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return r.description
    }
}
