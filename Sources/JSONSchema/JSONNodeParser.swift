import AccordionDiagnostics
import AccordionYAML

/// Reads JSON text into the same located node tree the YAML loader builds, so
/// the embedded meta-schemas (and JSON schemas in general) need neither the
/// YAML loader nor Foundation, and every node still knows its line and column.
public enum JSONNodeParser {
    /// Parses one JSON document; throws a located `json-syntax` diagnostic
    /// on malformed text. Nesting deeper than `maxDepth` is refused.
    ///
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - source: The name diagnostics give it.
    ///   - maxDepth: The deepest nesting accepted.
    /// - Returns: The document as a located node tree.
    /// - Throws: `DiagnosticError` for malformed or too deeply nested text.
    public static func parse(_ text: String, source: String, maxDepth: Int = 512) throws(DiagnosticError) -> YAMLNode {
        try parse(text, source: source, maxDepth: maxDepth, omittingAnnotations: false)
    }

    /// `parse`, leaving out of the tree, when `omittingAnnotations`, the
    /// entries of every schema (the root and the subschemas under the
    /// keywords that hold them) whose keyword is in `SchemaCompiler.unreadAnnotations`.
    /// Their text is still read as JSON, and every other node keeps its place.
    static func parse(_ text: String, source: String, maxDepth: Int = 512,
                      omittingAnnotations: Bool) throws(DiagnosticError) -> YAMLNode {
        let bytes = Array(text.utf8)
        var parser = Parser(bytes: bytes, source: source, maxDepth: maxDepth)
        parser.omitsAnnotations = omittingAnnotations
        do {
            // A UTF-8 byte-order mark is not part of the text.
            if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            parser.skipSpace()
            try parser.value(depth: 0, place: .schema)
            parser.skipSpace()
            if parser.index < parser.bytes.count { throw parser.error("unexpected text after the JSON value") }
            guard let node = parser.tree.finish() else { throw parser.error("malformed JSON") }
            return node
        } catch let error as DiagnosticError {
            throw error
        } catch {
            throw parser.error("malformed JSON")
        }
    }

    /// What a value is, for leaving annotations out: a schema, a sequence or
    /// mapping of schemas (`allOf`, `properties`), or anything else.
    private enum Place { case schema, schemas, schemaMap, other }

    /// The keys of a schema that matter for leaving annotations out, by
    /// spelling (read from the key's bytes: a schema has hundreds of keys).
    private enum SchemaKey: Sendable { case annotation, subschema, subschemas, subschemaMap }

    private static let schemaKeys = KeySpellings<SchemaKey>(
        SchemaCompiler.unreadAnnotations.sorted().map { ($0, .annotation) }
            + SchemaCompiler.subschemaPlaces.sorted { $0.key < $1.key }.map { name, place in
                switch place {
                case .single: (name, .subschema)
                case .array: (name, .subschemas)
                case .map: (name, .subschemaMap)
                }
            })

    private struct Parser {
        let bytes: [UInt8]
        let source: String
        let maxDepth: Int
        var omitsAnnotations = false
        /// Above 0 while reading a value that is left out: no nodes are made.
        var omitting = 0
        var index = 0
        var line = 1
        var column = 1
        /// Characters read so far (node positions are character indices).
        var characters = 0
        var tree: YAMLTreeBuilder

        init(bytes: [UInt8], source: String, maxDepth: Int) {
            self.bytes = bytes
            self.source = source
            self.maxDepth = maxDepth
            self.tree = YAMLTreeBuilder(source: source, text: bytes)
        }

        var mark: SourceMark { SourceMark(line: line, column: column, offset: index) }

        func error(_ message: String) -> DiagnosticError {
            DiagnosticError(Diagnostic(rule: "json-syntax", message: message, span: SourceSpan(source: source, at: mark)))
        }

        mutating func advance() {
            let b = bytes[index]
            index += 1
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                // Continuation bytes of a multi-byte scalar do not add a column.
                column += 1
            }
            if b & 0xC0 != 0x80 { characters += 1 }
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: advance()
                default: return
                }
            }
        }

        /// The bytes of the key starting at `index` (its opening quote) when
        /// it has no escapes; nil otherwise.
        func plainKey() -> Range<Int>? {
            var end = index + 1
            while end < bytes.count {
                if bytes[end] == UInt8(ascii: "\"") { return (index + 1)..<end }
                if bytes[end] == UInt8(ascii: "\\") { return nil }
                end += 1
            }
            return nil
        }

        /// Where the value under a key of a value at `place` stands, and
        /// whether the entry is left out.
        func entry(_ key: Range<Int>?, in place: Place) -> (place: Place, omitted: Bool) {
            guard omitsAnnotations, omitting == 0 else { return (.other, false) }
            switch place {
            case .schemaMap: return (.schema, false)
            case .schemas, .other: return (.other, false)
            case .schema:
                guard let key else { return (.other, false) }
                let role = bytes.withUnsafeBufferPointer { JSONNodeParser.schemaKeys.value(forUTF8: UnsafeBufferPointer(rebasing: $0[key])) }
                switch role {
                case .annotation?: return (.other, true)
                case .subschema?: return (.schema, false)
                case .subschemas?: return (.schemas, false)
                case .subschemaMap?: return (.schemaMap, false)
                case nil: return (.other, false)
                }
            }
        }

        mutating func value(depth: Int, place: Place = .other) throws(DiagnosticError) {
            guard depth < maxDepth else { throw error("JSON nested deeper than \(maxDepth) levels") }
            guard index < bytes.count else { throw error("unexpected end of JSON text") }
            let start = characters
            switch bytes[index] {
            case UInt8(ascii: "{"):
                advance()
                if omitting == 0 { tree.open(mapping: true, start: start) }
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    advance()
                    if omitting == 0 { tree.close(end: characters) }
                    return
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
                    let (inner, omitted) = omitsAnnotations ? entry(plainKey(), in: place) : (.other, false)
                    if omitted { omitting += 1 }
                    try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected `:` after a key") }
                    advance()
                    skipSpace()
                    try value(depth: depth + 1, place: inner)
                    if omitted { omitting -= 1 }
                    skipSpace()
                    guard index < bytes.count else { throw error("unexpected end of JSON text in an object") }
                    if bytes[index] == UInt8(ascii: ",") { advance(); continue }
                    if bytes[index] == UInt8(ascii: "}") { advance(); break }
                    throw error("expected `,` or `}` in an object")
                }
                if omitting == 0 { tree.close(end: characters) }
            case UInt8(ascii: "["):
                advance()
                if omitting == 0 { tree.open(mapping: false, start: start) }
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    advance()
                    if omitting == 0 { tree.close(end: characters) }
                    return
                }
                let itemPlace: Place = place == .schemas && omitsAnnotations ? .schema : .other
                while true {
                    skipSpace()
                    try value(depth: depth + 1, place: itemPlace)
                    skipSpace()
                    guard index < bytes.count else { throw error("unexpected end of JSON text in an array") }
                    if bytes[index] == UInt8(ascii: ",") { advance(); continue }
                    if bytes[index] == UInt8(ascii: "]") { advance(); break }
                    throw error("expected `,` or `]` in an array")
                }
                if omitting == 0 { tree.close(end: characters) }
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "t"): try literal("true", .bool(true), start)
            case UInt8(ascii: "f"): try literal("false", .bool(false), start)
            case UInt8(ascii: "n"): try literal("null", .null, start)
            default:
                try number(start)
            }
        }

        mutating func literal(_ word: String, _ value: ScalarValue, _ start: Int) throws(DiagnosticError) {
            for b in word.utf8 {
                guard index < bytes.count, bytes[index] == b else { throw error("unexpected character") }
                advance()
            }
            if omitting == 0 { tree.scalar(word, style: .plain, value: value, start: start, end: characters) }
        }

        mutating func number(_ start: Int) throws(DiagnosticError) {
            let begin = index
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { advance() }
            func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("unexpected character") }
            if bytes[index] == 0x30 {
                advance()
            } else {
                while index < bytes.count, isDigit(bytes[index]) { advance() }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                advance()
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after `.`") }
                while index < bytes.count, isDigit(bytes[index]) { advance() }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                advance()
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advance() }
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
                while index < bytes.count, isDigit(bytes[index]) { advance() }
            }
            if omitting > 0 { return }
            let text = String(decoding: bytes[begin..<index], as: UTF8.self)
            let value: ScalarValue
            if isInteger {
                if let i = Int64(text) {
                    value = .int(i)
                } else {
                    value = .bigInt(text)
                }
            } else {
                value = .float(Double(text) ?? .nan)
            }
            tree.scalar(text, style: .plain, value: value, start: start, end: characters)
        }

        mutating func hex4() throws(DiagnosticError) -> UInt32 {
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count else { throw error("unexpected end of a \\u escape") }
                let b = bytes[index]
                let d: UInt32
                switch b {
                case 0x30...0x39: d = UInt32(b - 0x30)
                case 0x41...0x46: d = UInt32(b - 0x41 + 10)
                case 0x61...0x66: d = UInt32(b - 0x61 + 10)
                default: throw error("invalid hex digit in a \\u escape")
                }
                v = v * 16 + d
                advance()
            }
            return v
        }

        mutating func string() throws(DiagnosticError) {
            let start = characters
            advance()  // opening quote
            // The decoded text of escapes and the plain runs before them; a
            // string without escapes (most) is made from its bytes directly.
            var out: [UInt8] = []
            var plain = index
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let b = bytes[index]
                if b == UInt8(ascii: "\"") { break }
                if b < 0x20 { throw error("control character in a string must be escaped") }
                if b != UInt8(ascii: "\\") {
                    // A run of plain bytes at once (no line breaks can be in it).
                    while index < bytes.count {
                        let c = bytes[index]
                        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
                        if c & 0xC0 != 0x80 {
                            column += 1
                            characters += 1
                        }
                        index += 1
                    }
                    continue
                }
                out.append(contentsOf: bytes[plain..<index])
                advance()
                guard index < bytes.count else { throw error("unterminated escape") }
                let e = bytes[index]
                advance()
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if code >= 0xD800, code < 0xDC00,
                       index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        let save = (index, line, column, characters)
                        advance(); advance()
                        let low = try hex4()
                        if low >= 0xDC00, low < 0xE000 {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            (index, line, column, characters) = save
                        }
                    }
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw error("invalid escape in a string")
                }
                plain = index
            }
            if out.isEmpty {
                // No escapes: its text is the input's own bytes (valid UTF-8, as
                // they come from a `String`, and cut at ASCII quotes), so neither
                // a `String` nor a copy is made (most strings of a schema).
                let from = plain, to = index
                advance()  // closing quote
                if omitting == 0 { tree.inputString(from: from, to: to, start: start, end: characters) }
                return
            }
            out.append(contentsOf: bytes[plain..<index])
            let text = String(decoding: out, as: UTF8.self)
            advance()  // closing quote
            if omitting > 0 { return }
            tree.scalar(text, style: .doubleQuoted, value: .string(text), start: start, end: characters)
        }
    }
}
