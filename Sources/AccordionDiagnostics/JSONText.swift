/// Small building blocks for writing JSON text by hand (the product does
/// not import Foundation): string quoting and number spelling, under the
/// tool's one JSON writer (`JSONOutput`) and the HTML page's embedded data.
public enum JSONText {
    /// `text` as a JSON string literal, escaping quotes, backslashes and
    /// control characters (U+0000–U+001F, U+007F as `\u007f`), and the
    /// three line breaks outside ASCII, U+0085, U+2028 and U+2029: a YAML
    /// reader (JSON is YAML) folds them into spaces inside a quoted
    /// scalar, and older JavaScript ends a string literal at U+2028.
    /// With `safeInScript`, `<`, `>`, `&`, U+2028 and U+2029 are escaped too,
    /// so the literal can sit inside an HTML `<script>` element and no text
    /// (a panel title, say) can close the element or break the script.
    ///
    /// - Parameters:
    ///   - text: The string.
    ///   - safeInScript: Whether to escape for an HTML `<script>` element too.
    /// - Returns: The literal, quotes included.
    public static func quote(_ text: String, safeInScript: Bool = false) -> String {
        if safeInScript { return quoteForScript(text) }
        // Everything escaped is ASCII, so the UTF-8 bytes are examined and
        // copied as they are; most texts need no escape at all.
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else {
            return "\"" + text + "\""
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func quoteForScript(_ text: String) -> String {
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
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
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
        out += "\""
        return out
    }

    /// Appends `text` as a JSON string literal (as `quote` spells it) to a
    /// UTF-8 buffer, for writers that build large documents byte by byte.
    ///
    /// - Parameters:
    ///   - text: The string.
    ///   - out: The UTF-8 buffer to append to.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied at once.
            var run = 0
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                // U+0085 is C2 85; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                if b == 0xC2 || b == 0xE2 {
                    let escape: [UInt8]? =
                        b == 0xC2 ? (i + 1 < bytes.count && bytes[i + 1] == 0x85 ? Array("\\u0085".utf8) : nil)
                        : i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
                        ? Array((bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8) : nil
                    if let escape {
                        if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i])) }
                        out += escape
                        i += b == 0xC2 ? 2 : 3
                        run = i
                        continue
                    }
                }
                i += 1
                if b >= 0x20, b != 0x22, b != 0x5C, b != 0x7F { continue }
                if run < i - 1 { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<(i - 1)])) }
                run = i
                appendEscape(b, to: &out)
            }
            if run < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...])) }
        }
        out.append(0x22)
    }

    private static func appendEscape(_ b: UInt8, to out: inout [UInt8]) {
        switch b {
        case 0x22: out += [0x5C, 0x22]
        case 0x5C: out += [0x5C, 0x5C]
        case 0x0A: out += [0x5C, UInt8(ascii: "n")]
        case 0x0D: out += [0x5C, UInt8(ascii: "r")]
        case 0x09: out += [0x5C, UInt8(ascii: "t")]
        case 0x08: out += [0x5C, UInt8(ascii: "b")]
        case 0x0C: out += [0x5C, UInt8(ascii: "f")]
        case 0..<0x20, 0x7F:
            out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(b >> 4)], hexDigits[Int(b & 15)]]
        default:
            out.append(b)
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A finite double in shortest round-trip form (`1.5`, `1e-07`, `100.0`).
    /// Returns nil for infinities and NaN, which JSON cannot hold.
    ///
    /// - Parameter value: The number.
    /// - Returns: Its JSON spelling, or nil when it is not finite.
    public static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        return value.description
    }

    /// Appends `rounded(value, places:)` to a UTF-8 buffer. Up to a billion
    /// (where doubles are a ten-millionth apart, so the rounded decimals are
    /// also the shortest spelling that reads back) the digits come straight
    /// from the scaled integer: a 100,000-panel dump spells a million numbers,
    /// and a `String` for each was a fifth of writing it.
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - places: How many decimals to keep.
    ///   - out: The UTF-8 buffer to append to.
    public static func appendRounded(_ value: Double, places: Int = 3, to out: inout [UInt8]) {
        guard abs(value) < 1e9, (0...4).contains(places) else {
            out += rounded(value, places: places).utf8
            return
        }
        var unit: Int64 = 1
        for _ in 0..<places { unit *= 10 }
        var n = Int64((value * Double(unit)).rounded())
        if n < 0 {
            out.append(UInt8(ascii: "-"))
            n = -n
        }
        appendDigits(n / unit, to: &out)
        var fraction = n % unit
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        var digits = places
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        // Zero-padded to the decimals that remain.
        var power: Int64 = 1
        for _ in 1..<digits { power *= 10 }
        while power > 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / power % 10))
            power /= 10
        }
    }

    /// Appends the decimal digits of `value` (with a `-` when negative).
    ///
    /// - Parameters:
    ///   - value: The integer.
    ///   - out: The UTF-8 buffer to append to.
    public static func appendDigits(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            out.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// A double rounded to `places` decimals, spelled without a trailing
    /// `.0` for whole numbers and without `-0` (for stable, diffable dumps).
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - places: How many decimals to keep.
    /// - Returns: The number's JSON spelling.
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
