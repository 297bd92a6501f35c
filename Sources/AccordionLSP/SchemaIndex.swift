import AccordionDiagnostics
import AccordionSpec
import AccordionYAML

/// The schemas that apply at one place of a spec: every subschema reached
/// through `$ref`, `oneOf`, `anyOf`, `allOf` and `then`, and the names of
/// the `$defs` passed through on the way (`panelRef`, `container`, …), which
/// say what kind of place it is.
struct SchemaSet {
    var nodes: [YAMLNode] = []
    var refs: Set<String> = []

    var isEmpty: Bool { nodes.isEmpty }

    /// Whether a string here names a panel: the schema's panel id and reference definitions.
    var takesPanelID: Bool { !refs.isDisjoint(with: ["panelRef", "panelId", "panelOrId"]) }
}

/// Where a place is in a spec: keys of mappings and positions in sequences.
enum PathStep: Hashable, Sendable {
    case key(String)
    /// An item of a sequence (which one does not change its schema).
    case item
}

/// The bundled JSON Schema read as a map of the spec's places, for what an
/// editor asks: the keys allowed at a place and their documentation,
/// defaults and enum values, and which places take a panel id.
struct SchemaIndex: Sendable {
    let root: YAMLNode
    let defs: YAMLNode?

    /// The bundled schema's index, built once.
    static let bundled: SchemaIndex? = (try? SpecLoader.bundledSchemaNode()).map(SchemaIndex.init(root:))

    init(root: YAMLNode) {
        self.root = root
        self.defs = root["$defs"]
    }

    /// Places that take a panel id although the schema may type them inline
    /// (not through `panelRef`/`panelId`): the `$defs` entry of the mapping,
    /// the key, and the words that are not ids there. The steps' are those
    /// of the step table whose value names a panel (`tap: VC1`, `collapse: all`).
    static let inlinePanelIDPlaces: [(definition: String, key: String, words: Set<String>)] = [
        ("container", "expanded", []),
        // A nested level's `expanded` (`content: {panels: [...], expanded: wifi}`).
        ("content", "expanded", []),
        ("expectation", "visible", ["modal"]),
    ] + StepTable.panelKeys.map { ("\($0.key)Step", $0.key, $0.keywords) }

    /// The words that are not ids at `key` of a mapping described by `set`,
    /// when that key is an inline panel-id place; nil when it is not one.
    func inlinePanelIDWords(in set: SchemaSet, key: String) -> Set<String>? {
        Self.inlinePanelIDPlaces.first { set.refs.contains($0.definition) && $0.key == key }?.words
    }

    /// The schemas applying to the document's root.
    var rootSet: SchemaSet { expand(root) }

    /// `schema` with everything it refers to or combines.
    func expand(_ schema: YAMLNode) -> SchemaSet {
        var set = SchemaSet()
        add(schema, to: &set, depth: 0)
        return set
    }

    private func add(_ schema: YAMLNode, to set: inout SchemaSet, depth: Int) {
        guard depth < 16, schema.entries != nil else { return }
        set.nodes.append(schema)
        if let ref = schema["$ref"]?.scalarText, ref.hasPrefix("#/$defs/") {
            let name = String(ref.dropFirst("#/$defs/".count))
            set.refs.insert(name)
            if let target = defs?[name] { add(target, to: &set, depth: depth + 1) }
        }
        for combinator in ["oneOf", "anyOf", "allOf"] {
            for alternative in schema[combinator]?.items.map(Array.init) ?? [] { add(alternative, to: &set, depth: depth + 1) }
        }
        if let then = schema["then"] { add(then, to: &set, depth: depth + 1) }
    }

    /// The schemas of the value under `key` in a mapping that `set` describes.
    func child(_ set: SchemaSet, key: String) -> SchemaSet {
        var out = SchemaSet()
        for node in set.nodes {
            if let property = node["properties"]?[key] {
                add(property, to: &out, depth: 0)
                continue
            }
            var matched = false
            for entry in node["patternProperties"]?.entries.map(Array.init) ?? [] {
                // The schema's patterns are anchored literal prefixes (`^x-`).
                if let pattern = entry.key.scalarText, pattern.hasPrefix("^"), key.hasPrefix(String(pattern.dropFirst())) {
                    add(entry.value, to: &out, depth: 0)
                    matched = true
                }
            }
            if !matched, let additional = node["additionalProperties"], additional.entries != nil {
                add(additional, to: &out, depth: 0)
            }
        }
        return out
    }

    /// The schemas of an item of a sequence that `set` describes.
    func item(_ set: SchemaSet) -> SchemaSet {
        var out = SchemaSet()
        for node in set.nodes {
            if let items = node["items"] { add(items, to: &out, depth: 0) }
        }
        return out
    }

    /// The schemas at `path` from the root.
    func schemas(at path: [PathStep]) -> SchemaSet {
        var set = rootSet
        for step in path {
            switch step {
            case .key(let key): set = child(set, key: key)
            case .item: set = item(set)
            }
            if set.isEmpty { break }
        }
        return set
    }

    /// The keys a mapping described by `set` may have, in the schema's order, each with its schema.
    func properties(_ set: SchemaSet) -> [(name: String, schema: SchemaSet)] {
        var seen: Set<String> = []
        var out: [(String, SchemaSet)] = []
        for node in set.nodes {
            for entry in node["properties"]?.entries.map(Array.init) ?? [] {
                guard let name = entry.key.scalarText, seen.insert(name).inserted else { continue }
                out.append((name, child(set, key: name)))
            }
        }
        return out
    }

    /// The values `set` allows outright: `enum` and `const` members, and `true`/`false` for a boolean.
    func enumValues(_ set: SchemaSet) -> [String] {
        var out: [String] = []
        func add(_ text: String) { if !out.contains(text) { out.append(text) } }
        for node in set.nodes {
            for member in node["enum"]?.items.map(Array.init) ?? [] { add(Self.text(member)) }
            if let constant = node["const"] { add(Self.text(constant)) }
            if node["type"]?.scalarText == "boolean" { add("true"); add("false") }
        }
        return out
    }

    /// The first of `keyword` (`title`, `markdownDescription`, …) found in the set.
    func first(_ keyword: String, in set: SchemaSet) -> YAMLNode? {
        for node in set.nodes { if let value = node[keyword] { return value } }
        return nil
    }

    /// What a key's hover and completion say: its title, description and default, in Markdown.
    func documentation(_ set: SchemaSet) -> String? {
        var parts: [String] = []
        if let title = first("title", in: set)?.scalarText { parts.append("**\(title)**") }
        if let text = (first("markdownDescription", in: set) ?? first("description", in: set))?.scalarText { parts.append(text) }
        let values = enumValues(set)
        if !values.isEmpty { parts.append("Values: " + values.map { "`\($0)`" }.joined(separator: ", ")) }
        if let value = first("default", in: set) { parts.append("Default: `\(Self.text(value))`") }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// A schema value as short flow text: `0.3`, `"fill"` as `fill`, `{}`, `[a, b]`, `null`.
    static func text(_ node: YAMLNode) -> String {
        switch node.kind {
        case .scalar(let scalar):
            switch scalar.value {
            case .null: return "null"
            case .bool(let b): return b ? "true" : "false"
            case .int(let n): return String(n)
            case .bigInt(let digits): return digits
            case .float: return scalar.text
            case .string(let s): return s
            }
        case .sequence(let items):
            return "[" + items.map(text).joined(separator: ", ") + "]"
        case .mapping(let entries):
            return "{" + entries.map { "\(text($0.key)): \(text($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
