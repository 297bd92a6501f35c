/// RFC 3986 reference resolution, just enough for `$id`, `$ref` and
/// `$dynamicRef`: schemas name each other with relative URIs that must be
/// resolved against the base URI in force where they appear.
struct URIReference: Equatable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `text` into its five components (RFC 3986 appendix B).
    init(_ text: String) {
        // ASCII delimiters, found in the UTF-8 view (no Character breaking).
        var rest = Substring(text)
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let q = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = String(rest[rest.utf8.index(after: q)...])
            rest = rest[..<q]
        }
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")) {
            let candidate = rest[..<colon].utf8
            func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
            if let first = candidate.first, isLetter(first),
               candidate.allSatisfy({ isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                   || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) {
                scheme = String(rest[..<colon])
                rest = rest[rest.utf8.index(after: colon)...]
            }
        }
        if rest.utf8.starts(with: "//".utf8) {
            rest = rest[rest.utf8.index(rest.startIndex, offsetBy: 2)...]
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The reference written back as text.
    var text: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// This reference resolved against `base` (RFC 3986 §5.2.2).
    func resolved(against base: URIReference) -> URIReference {
        if scheme != nil {
            return URIReference(scheme: scheme, authority: authority, path: Self.removeDotSegments(path), query: query, fragment: fragment)
        }
        if authority != nil {
            return URIReference(scheme: base.scheme, authority: authority, path: Self.removeDotSegments(path), query: query, fragment: fragment)
        }
        if path.isEmpty {
            return URIReference(scheme: base.scheme, authority: base.authority, path: base.path,
                                query: query ?? base.query, fragment: fragment)
        }
        let merged: String
        if path.hasPrefix("/") {
            merged = path
        } else if base.authority != nil && base.path.isEmpty {
            merged = "/" + path
        } else if let slash = base.path.lastIndex(of: "/") {
            merged = String(base.path[...slash]) + path
        } else {
            merged = path
        }
        return URIReference(scheme: base.scheme, authority: base.authority, path: Self.removeDotSegments(merged),
                            query: query, fragment: fragment)
    }

    /// Drops `.` and `..` segments (RFC 3986 §5.2.4).
    static func removeDotSegments(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: ".")) else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        let absolute = input.hasPrefix("/")
        if absolute { input = input.dropFirst() }
        let segments = input.split(separator: "/", omittingEmptySubsequences: false)
        for (i, segment) in segments.enumerated() {
            let last = i == segments.count - 1
            if segment == "." {
                if last { output.append("") }
            } else if segment == ".." {
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            } else {
                output.append(segment)
            }
        }
        return (absolute ? "/" : "") + output.joined(separator: "/")
    }

    /// Resolves `reference` text against `base` text; the result without an
    /// empty trailing fragment.
    static func resolve(_ reference: String, against base: String) -> String {
        // Most references are fragments in the same document (`#/$defs/x`):
        // the base without its fragment, plus the reference's (RFC 3986 §5.2.2).
        if reference.utf8.first == UInt8(ascii: "#") {
            let document = split(base).document
            return reference.utf8.count == 1 ? document : document + reference
        }
        var r = URIReference(reference).resolved(against: URIReference(base))
        if r.fragment == "" { r.fragment = nil }
        return r.text
    }

    /// Splits a URI into the part naming a document and its fragment.
    static func split(_ uri: String) -> (document: String, fragment: String?) {
        let utf8 = uri.utf8
        if let hash = utf8.firstIndex(of: UInt8(ascii: "#")) {
            return (String(uri[..<hash]), String(uri[utf8.index(after: hash)...]))
        }
        return (uri, nil)
    }

    /// Undoes `%XX` escapes (a JSON pointer in a URI fragment is percent-encoded).
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 0x30...0x39: return b - 0x30
            case 0x41...0x46: return b - 0x41 + 10
            case 0x61...0x66: return b - 0x61 + 10
            default: return nil
            }
        }
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count, let h = hex(utf8[i + 1]), let l = hex(utf8[i + 2]) {
                bytes.append(h << 4 | l)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
