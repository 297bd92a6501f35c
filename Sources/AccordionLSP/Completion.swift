import AccordionDiagnostics
import AccordionSpec
import AccordionYAML

/// Where the cursor is, read from the text by indentation alone: while a
/// spec is being typed it rarely parses, so completion cannot wait for a tree.
struct CursorContext: Equatable {
    /// The mapping (or sequence item) the cursor is in, from the root.
    var path: [PathStep]
    /// The key whose value is being written; nil when a key is being written.
    var key: String?
    /// The bytes of the word being typed (replaced by the completion).
    var word: Range<Int>
    /// The word follows a `- ` on its line: it may be a sequence item's scalar as well as a key.
    var afterDash: Bool
    /// The keys the mapping being written already has (on the lines around the cursor's).
    var siblings: Set<String> = []

    /// One line's structure: the columns of its `- ` markers, then a `key:` and whether a value follows on the line.
    struct Line {
        var dashes: [Int] = []
        var key: String?
        var keyColumn = 0
        var hasValue = false
        /// Nothing but blanks or a comment.
        var isBlank = true
    }

    static func parse(_ bytes: ArraySlice<UInt8>) -> Line {
        var line = Line()
        var i = bytes.startIndex
        let base = bytes.startIndex
        while i < bytes.endIndex, bytes[i] == 0x20 { i += 1 }
        while i < bytes.endIndex, bytes[i] == UInt8(ascii: "-"), i + 1 == bytes.endIndex || bytes[i + 1] == 0x20 {
            line.dashes.append(i - base)
            i += 1
            while i < bytes.endIndex, bytes[i] == 0x20 { i += 1 }
        }
        guard i < bytes.endIndex, bytes[i] != UInt8(ascii: "#") else {
            line.isBlank = line.dashes.isEmpty
            return line
        }
        line.isBlank = false
        // `key:` ends at the first `: ` (or a final `:`) outside quotes.
        var j = i
        var quote: UInt8?
        while j < bytes.endIndex {
            let b = bytes[j]
            if let q = quote {
                if b == q { quote = nil }
            } else if b == 0x22 || b == 0x27, j == i {
                quote = b
            } else if b == UInt8(ascii: ":"), j + 1 == bytes.endIndex || bytes[j + 1] == 0x20 {
                var key = String(decoding: bytes[i..<j], as: UTF8.self)
                if key.count >= 2, let first = key.first, first == "\"" || first == "'" { key = String(key.dropFirst().dropLast()) }
                line.key = key
                line.keyColumn = i - base
                var v = j + 1
                while v < bytes.endIndex, bytes[v] == 0x20 { v += 1 }
                line.hasValue = v < bytes.endIndex && bytes[v] != UInt8(ascii: "#")
                return line
            } else if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                break
            }
            j += 1
        }
        line.hasValue = true
        return line
    }

    /// The context of byte `offset` in `text`.
    static func at(_ offset: Int, in text: TextDocument) -> CursorContext {
        let bytes = text.bytes
        let lineNumber = text.line(ofOffset: offset)
        let lineStart = text.lineStarts[lineNumber]
        let current = parse(bytes[lineStart..<offset])
        // The word being typed: back from the cursor to a space, `-`-marker, `[`, `,` or `{`.
        var wordStart = offset
        while wordStart > lineStart {
            let b = bytes[wordStart - 1]
            if b == 0x20 || b == UInt8(ascii: "[") || b == UInt8(ascii: ",") || b == UInt8(ascii: "{") || b == 0x22 || b == 0x27 { break }
            wordStart -= 1
        }
        var limit: Int
        // A sequence may sit at its key's own indentation (`key:` then `- item` below it).
        var limitIsDash = false
        if let dash = current.dashes.first {
            limit = dash
            limitIsDash = true
        } else if current.key != nil {
            limit = current.keyColumn
        } else {
            limit = wordStart - lineStart
        }
        var path: [PathStep] = []
        var line = lineNumber - 1
        while line >= 0, limit > 0 || limitIsDash {
            let parsed = parse(bytes[text.lineStarts[line]..<text.lineContentEnd(line)])
            line -= 1
            if parsed.isBlank { continue }
            if let key = parsed.key, parsed.keyColumn < limit || (parsed.keyColumn == limit && limitIsDash) {
                if !parsed.hasValue {
                    path.insert(.key(key), at: 0)
                    limit = parsed.keyColumn
                    limitIsDash = false
                }
            } else if parsed.key == nil, parsed.dashes.isEmpty {
                // A continued scalar, or a flow collection: no structure to read here.
                continue
            }
            for dash in parsed.dashes.reversed() where dash < limit {
                path.insert(.item, at: 0)
                limit = dash
                limitIsDash = true
            }
        }
        path += current.dashes.map { _ in .item }
        var context = CursorContext(path: path, key: current.key, word: wordStart..<offset, afterDash: !current.dashes.isEmpty)
        if current.key == nil { context.siblings = siblings(ofColumn: wordStart - lineStart, line: lineNumber, in: text, itemStartsHere: context.afterDash) }
        return context
    }

    /// The keys at `column` of the block mapping around `line`: up to the
    /// line that starts its item (or a shallower line), and down to a shallower line.
    static func siblings(ofColumn column: Int, line: Int, in text: TextDocument, itemStartsHere: Bool) -> Set<String> {
        var keys: Set<String> = []
        func scan(_ lines: some Sequence<Int>, upwards: Bool) {
            for n in lines {
                let parsed = parse(text.bytes[text.lineStarts[n]..<text.lineContentEnd(n)])
                if parsed.isBlank { continue }
                let first = parsed.dashes.first ?? (parsed.key != nil ? parsed.keyColumn : column)
                if let key = parsed.key, parsed.keyColumn == column, parsed.dashes.allSatisfy({ $0 < column }) {
                    // A key on an item's first line belongs to this mapping only scanning up.
                    if parsed.dashes.isEmpty || upwards { keys.insert(key) }
                }
                if first < column { return }
            }
        }
        if !itemStartsHere { scan(stride(from: line - 1, through: 0, by: -1), upwards: true) }
        scan((line + 1)..<text.lineStarts.count, upwards: false)
        return keys
    }
}

extension LanguageServer {
    /// Keys allowed at the cursor (with their documentation), enum values,
    /// panel ids where an id goes, and step kinds in a script.
    mutating func completion(_ params: YAMLNode?) throws(ResponseError) -> JSONValue {
        let (document, offset) = try target(params)
        guard document.isSpec, let schema = SchemaIndex.bundled else { return .array([]) }
        let context = CursorContext.at(offset, in: document.text)
        let mapping = schema.schemas(at: context.path)
        let wordRange = range(context.word, in: document.text)
        var items: [JSONValue] = []
        // The ids of the loaded tree (flow-style panels too), or of the text's `id:` lines while it does not parse.
        let knownIDs = panelIndex(document.uri).map { index in index.ids.map { ($0, index.panels[$0]?["title"]?.scalarText) } }
            ?? Self.panelIDs(in: document.text.bytes)

        func item(_ label: String, kind: Int, detail: String?, documentation: String?, insert: String) {
            var fields: [(String, JSONValue)] = [("label", .string(label)), ("kind", .int(kind))]
            if let detail { fields.append(("detail", .string(detail))) }
            if let documentation { fields.append(("documentation", Self.markdown(documentation))) }
            fields.append(("textEdit", .object([("range", wordRange), ("newText", .string(insert))])))
            items.append(.object(fields))
        }
        func values(_ set: SchemaSet, idsToo: Bool) {
            for value in schema.enumValues(set) {
                item(value, kind: 20, detail: nil, documentation: schema.documentation(set), insert: value)
            }
            if idsToo || set.takesPanelID {
                for (id, title) in knownIDs {
                    item(id, kind: 18, detail: title, documentation: nil, insert: id)
                }
            }
        }

        if let key = context.key {
            let set = schema.child(mapping, key: key)
            values(set, idsToo: schema.inlinePanelIDWords(in: mapping, key: key) != nil)
        } else {
            let isStep = mapping.refs.contains("step")
            var properties = schema.properties(mapping)
            if isStep {
                // A step's keys are the step table's, in its order, each with the schema's documentation.
                properties = StepTable.writtenKeys.compactMap { key in properties.first { $0.name == key } }
            }
            for (name, set) in properties where !context.siblings.contains(name) {
                let title = schema.first("title", in: set)?.scalarText
                item(name, kind: isStep && name != "at" ? 14 : 10, detail: isStep && name != "at" ? "step" : title,
                     documentation: schema.documentation(set), insert: name + ": ")
            }
            if context.afterDash { values(mapping, idsToo: false) }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// The panel ids the text defines (`id:` lines), with their titles when
    /// on the next lines: read from the text, as completion runs on text that often does not parse.
    static func panelIDs(in bytes: [UInt8]) -> [(id: String, title: String?)] {
        let text = TextDocument(bytes: bytes, version: 0)
        var out: [(String, String?)] = []
        var seen: Set<String> = []
        for line in 0..<text.lineStarts.count {
            let parsed = CursorContext.parse(bytes[text.lineStarts[line]..<text.lineContentEnd(line)])
            guard parsed.key == "id", parsed.hasValue else { continue }
            var valueBytes = bytes[(text.lineStarts[line] + parsed.keyColumn + 3)..<text.lineContentEnd(line)]
            if let hash = valueBytes.indices.first(where: { valueBytes[$0] == UInt8(ascii: "#") && $0 > valueBytes.startIndex
                && valueBytes[$0 - 1] == 0x20 }) {
                valueBytes = valueBytes[..<hash]
            }
            var value = String(decoding: valueBytes, as: UTF8.self).trimmingSpaces
            if value.count >= 2, let first = value.first, first == "\"" || first == "'" { value = String(value.dropFirst().dropLast()) }
            guard isPanelID(value), seen.insert(value).inserted else { continue }
            var title: String?
            for next in (line + 1)..<min(line + 6, text.lineStarts.count) {
                let sibling = CursorContext.parse(bytes[text.lineStarts[next]..<text.lineContentEnd(next)])
                if sibling.key == "title" {
                    title = String(decoding: bytes[(text.lineStarts[next] + sibling.keyColumn + 6)..<text.lineContentEnd(next)], as: UTF8.self)
                        .trimmingSpaces
                    break
                }
            }
            out.append((value, title))
        }
        return out
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
