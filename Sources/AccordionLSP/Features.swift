import AccordionDiagnostics
import AccordionSpec
import AccordionYAML

extension LanguageServer {
    /// The requests of the editing features, by method (joined to the lifecycle's in `requests`).
    static let featureRequests: [String: RequestHandler] = [
        "textDocument/hover": { server, params throws(ResponseError) in try server.hover(params) },
        "textDocument/completion": { server, params throws(ResponseError) in try server.completion(params) },
        "textDocument/definition": { server, params throws(ResponseError) in try server.definition(params) },
        "textDocument/references": { server, params throws(ResponseError) in try server.references(params) },
        "textDocument/prepareRename": { server, params throws(ResponseError) in try server.prepareRename(params) },
        "textDocument/rename": { server, params throws(ResponseError) in try server.rename(params) },
        "textDocument/documentSymbol": { server, params throws(ResponseError) in try server.documentSymbols(params) },
        "textDocument/codeAction": { server, params throws(ResponseError) in try server.codeActions(params) },
    ]

    /// What `initialize` advertises beyond document sync: exactly the features in `featureRequests`.
    static let featureCapabilities: [(String, JSONValue)] = [
        ("hoverProvider", .bool(true)),
        ("completionProvider", .object([("triggerCharacters", .array([.string(":"), .string(" "), .string("-")]))])),
        ("definitionProvider", .bool(true)),
        ("referencesProvider", .bool(true)),
        ("renameProvider", .object([("prepareProvider", .bool(true))])),
        ("documentSymbolProvider", .bool(true)),
        ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
    ]

    // MARK: - Shared pieces

    /// The open document a request names, and the byte offset of its `position` when it has one.
    func target(_ params: YAMLNode?) throws(ResponseError) -> (document: OpenDocument, offset: Int) {
        guard let uri = params?["textDocument"]?["uri"]?.string else {
            throw ResponseError(.invalidParams, "the request needs textDocument.uri")
        }
        guard let document = documents[uri] else { throw ResponseError(.invalidParams, "'\(uri)' is not open") }
        let offset = position(params?["position"]).map { document.text.offset(of: $0, encoding) } ?? 0
        return (document, offset)
    }

    /// The panel index of a document's current text, built when first asked for; nil when it does not parse.
    mutating func panelIndex(_ uri: String) -> PanelIndex? {
        if let index = documents[uri]?.panelIndex { return index }
        guard let tree = analysis(uri)?.tree, let bytes = documents[uri]?.text.bytes, let schema = SchemaIndex.bundled else { return nil }
        let index = PanelIndex(tree: tree, bytes: bytes, schema: schema)
        documents[uri]?.panelIndex = index
        return index
    }

    func range(_ bytes: Range<Int>, in text: TextDocument) -> JSONValue {
        Self.range(text.position(ofOffset: bytes.lowerBound, encoding), text.position(ofOffset: bytes.upperBound, encoding))
    }

    func location(_ bytes: Range<Int>, in document: OpenDocument) -> JSONValue {
        .object([("uri", .string(document.uri)), ("range", range(bytes, in: document.text))])
    }

    static func markdown(_ text: String) -> JSONValue {
        .object([("kind", .string("markdown")), ("value", .string(text))])
    }

    // MARK: - Hover

    mutating func hover(_ params: YAMLNode?) throws(ResponseError) -> JSONValue {
        let (document, offset) = try target(params)
        guard document.isSpec, let schema = SchemaIndex.bundled else { return .null }
        if let index = panelIndex(document.uri), let occurrence = index.occurrence(at: offset) {
            return .object([("contents", Self.markdown(panelHover(occurrence.id, index: index, document: document))),
                            ("range", range(occurrence.range, in: document.text))])
        }
        guard let tree = analysis(document.uri)?.tree, let place = TreePlace.find(offset, in: tree) else { return .null }
        // A key, or a value: either way, the documentation of the key it belongs to.
        guard case .key = place.path.last, let text = schema.documentation(schema.schemas(at: place.path)) else { return .null }
        let span = place.node.span
        return .object([("contents", Self.markdown(text)), ("range", range(span.start.offset..<span.end.offset, in: document.text))])
    }

    /// A panel's card: title, colours, heights, and every line that uses its
    /// id. The values are the model's (defaults and the container's header
    /// height applied) when the spec has no error, else as written.
    func panelHover(_ id: String, index: PanelIndex, document: OpenDocument) -> String {
        guard let panel = index.panels[id] else { return "**\(id)**: no panel has this id in this spec" }
        var lines = ["**Panel `\(id)`**"]
        if let spec = document.analysis?.document?.panels.first(where: { $0.id == id }) {
            lines.append("title: \(spec.title)")
            lines.append("color: `\(hexColour(spec.color))` \(Self.swatch(spec.color)), titleColor: `\(hexColour(spec.titleColor))`")
            lines.append("headerHeight: \(JSONText.rounded(spec.headerHeight)), contentHeight: "
                + (spec.contentHeight.map { JSONText.rounded($0) } ?? "the space left"))
        } else {
            if let title = panel["title"]?.scalarText { lines.append("title: \(title)") }
            for key in ["color", "titleColor", "headerHeight", "contentHeight"] {
                if let value = panel[key]?.scalarText { lines.append("\(key): `\(value)`") }
            }
        }
        let uses = index.occurrences(of: id).filter { !$0.isDefinition }
        var useLines: [Int] = []
        for use in uses {
            let line = document.text.position(ofOffset: use.range.lowerBound, .utf8).line + 1
            if useLines.last != line { useLines.append(line) }
        }
        lines.append(useLines.isEmpty ? "not used by the container or the script"
            : "used on line\(useLines.count == 1 ? "" : "s") " + useLines.map(String.init).joined(separator: ", "))
        return lines.joined(separator: "\n\n")
    }

    /// A colour as words a reader can picture: its CSS form and how opaque it is.
    static func swatch(_ rgba: UInt32) -> String {
        let alpha = rgba & 0xFF
        let opacity = alpha == 0xFF ? "opaque" : alpha == 0 ? "transparent" : "\(Int((Double(alpha) / 255 * 100).rounded())) % opaque"
        return "(#\(hexColour(rgba >> 8 | 0xFF00_0000).suffix(6)), \(opacity))"
    }

    // MARK: - Definition, references, rename

    mutating func definition(_ params: YAMLNode?) throws(ResponseError) -> JSONValue {
        let (document, offset) = try target(params)
        guard let index = panelIndex(document.uri), let occurrence = index.occurrence(at: offset) else { return .null }
        let definitions = index.occurrences(of: occurrence.id).filter(\.isDefinition)
        return .array(definitions.map { location($0.range, in: document) })
    }

    mutating func references(_ params: YAMLNode?) throws(ResponseError) -> JSONValue {
        let (document, offset) = try target(params)
        guard let index = panelIndex(document.uri), let occurrence = index.occurrence(at: offset) else { return .null }
        let withDeclaration = params?["context"]?["includeDeclaration"]?.bool ?? true
        return .array(index.occurrences(of: occurrence.id).filter { withDeclaration || !$0.isDefinition }
            .map { location($0.range, in: document) })
    }

    mutating func prepareRename(_ params: YAMLNode?) throws(ResponseError) -> JSONValue {
        let (document, offset) = try target(params)
        guard let index = panelIndex(document.uri), let occurrence = index.occurrence(at: offset) else { return .null }
        return .object([("range", range(occurrence.range, in: document.text)), ("placeholder", .string(occurrence.id))])
    }

    mutating func rename(_ params: YAMLNode?) throws(ResponseError) -> JSONValue {
        let (document, offset) = try target(params)
        guard let newName = params?["newName"]?.string else { throw ResponseError(.invalidParams, "rename needs newName") }
        guard let index = panelIndex(document.uri), let occurrence = index.occurrence(at: offset) else {
            throw ResponseError(.invalidParams, "there is no panel id here to rename")
        }
        guard Self.isPanelID(newName) else {
            throw ResponseError(.invalidParams, "`\(newName)` is not a panel id: a letter or `_`, then letters, digits, `_` or `-`")
        }
        if newName != occurrence.id, index.panels[newName] != nil {
            throw ResponseError(.invalidParams, "a panel `\(newName)` already exists")
        }
        let edits: [JSONValue] = index.occurrences(of: occurrence.id).map {
            .object([("range", range($0.range, in: document.text)), ("newText", .string(newName))])
        }
        return .object([("changes", .object([(document.uri, .array(edits))]))])
    }

    /// The schema's pattern for a panel id: a letter or `_`, then letters, digits, `_` or `-`.
    static func isPanelID(_ text: String) -> Bool { PanelID.isValid(text) }

    // MARK: - Symbols

    mutating func documentSymbols(_ params: YAMLNode?) throws(ResponseError) -> JSONValue {
        let (document, _) = try target(params)
        guard document.isSpec, let tree = analysis(document.uri)?.tree, let entries = tree.entries else { return .array([]) }
        var symbols: [JSONValue] = []
        for (key, value) in entries {
            guard let name = key.scalarText else { continue }
            switch name {
            case "container":
                symbols.append(symbol(name, kind: 19, key: key, value: value, in: document))
            case "panels", "script":
                let children = (value.items.map(Array.init) ?? []).enumerated().map { i, item in
                    name == "panels" ? panelSymbol(item, number: i, in: document) : stepSymbol(item, in: document)
                }
                symbols.append(symbol(name, kind: 18, key: key, value: value, in: document, children: children))
            default:
                continue
            }
        }
        return .array(symbols)
    }

    func symbol(_ name: String, detail: String? = nil, kind: Int, key: YAMLNode, value: YAMLNode,
                in document: OpenDocument, children: [JSONValue] = []) -> JSONValue {
        let whole = key.span.start.offset..<max(key.span.end.offset, value.span.end.offset)
        var fields: [(String, JSONValue)] = [("name", .string(name))]
        if let detail { fields.append(("detail", .string(detail))) }
        fields += [("kind", .int(kind)), ("range", range(whole, in: document.text)),
                   ("selectionRange", range(key.span.start.offset..<key.span.end.offset, in: document.text))]
        if !children.isEmpty { fields.append(("children", .array(children))) }
        return .object(fields)
    }

    func panelSymbol(_ panel: YAMLNode, number: Int, in document: OpenDocument) -> JSONValue {
        let id = panel["id"]
        let name = id?.scalarText ?? "panel \(number + 1)"
        let selection = id?.span ?? panel.span
        var fields: [(String, JSONValue)] = [("name", .string(name))]
        if let title = panel["title"]?.scalarText { fields.append(("detail", .string(title))) }
        fields += [("kind", .int(23)), ("range", range(panel.span.start.offset..<panel.span.end.offset, in: document.text)),
                   ("selectionRange", range(selection.start.offset..<selection.end.offset, in: document.text))]
        return .object(fields)
    }

    func stepSymbol(_ step: YAMLNode, in document: OpenDocument) -> JSONValue {
        var name = "step"
        if let first = step.entries?.first(where: { $0.key.scalarText != "at" }), let verb = first.key.scalarText {
            name = verb
            if let argument = first.value.scalarText, !argument.isEmpty { name += " " + argument }
        } else if let text = step.scalarText {
            name = text
        }
        var fields: [(String, JSONValue)] = [("name", .string(name))]
        if let at = step["at"]?.scalarText { fields.append(("detail", .string("at \(at)"))) }
        let whole = step.span.start.offset..<step.span.end.offset
        fields += [("kind", .int(24)), ("range", range(whole, in: document.text)), ("selectionRange", range(whole, in: document.text))]
        return .object(fields)
    }
}
