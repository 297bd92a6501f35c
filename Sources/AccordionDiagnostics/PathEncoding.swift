/// A path's bytes as a URI's path part: every byte outside RFC 3986's
/// unreserved set and `/` percent-encoded. The language server's `file:`
/// URIs and the SARIF report's artifact URIs both spell paths this way.
package enum PathEncoding {
    /// `path` with every byte but `A–Z a–z 0–9 - . _ ~ /` written as `%XX`.
    package static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
