import AccordionDiagnostics
import AccordionYAML

/// One place where a panel id is written: its definition (`id:` of a panel)
/// or a use (a step, `container.expanded`, an expectation).
struct PanelOccurrence: Hashable, Sendable {
    /// The id.
    var id: String
    /// The id's bytes in the source (inside any quotes).
    var range: Range<Int>
    /// Whether this is the panel's `id:`.
    var isDefinition: Bool
}

/// Every panel id of a loaded spec and where it is written, found by walking
/// the tree beside the schema: a place takes an id where the schema's
/// `panelRef`, `panelId` or `panelOrId` applies, the few places the schema
/// types inline (`SchemaIndex.inlinePanelIDPlaces`), and the keys of an
/// expectation's `frames` and the panel word of its `events`.
struct PanelIndex: Sendable {
    /// In document order.
    private(set) var occurrences: [PanelOccurrence] = []
    /// Each defined panel's mapping, by id (the first definition of a duplicated id).
    private(set) var panels: [String: YAMLNode] = [:]

    init(tree: YAMLNode, bytes: [UInt8], schema: SchemaIndex) {
        var walk = Walk(bytes: bytes, schema: schema)
        walk.visit(tree, set: schema.rootSet, path: [], place: .plain)
        var seen: Set<Range<Int>> = []
        occurrences = walk.found.filter { seen.insert($0.range).inserted }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        panels = walk.panels
    }

    /// The occurrence under (or just after) byte `offset`.
    func occurrence(at offset: Int) -> PanelOccurrence? {
        occurrences.first { $0.range.contains(offset) || $0.range.upperBound == offset }
    }

    /// Every occurrence of `id`.
    func occurrences(of id: String) -> [PanelOccurrence] { occurrences.filter { $0.id == id } }

    /// The ids defined, in document order.
    var ids: [String] {
        var seen: Set<String> = []
        return occurrences.filter { $0.isDefinition && seen.insert($0.id).inserted }.map(\.id)
    }

    /// What a place holds, beyond what its schema says.
    private enum Place: Equatable {
        case plain
        /// An inline id place, with the words that are not ids there.
        case panelID(except: Set<String>)
        case frameKeys, eventWords
    }

    private struct Walk {
        let bytes: [UInt8]
        let schema: SchemaIndex
        var found: [PanelOccurrence] = []
        var panels: [String: YAMLNode] = [:]

        mutating func visit(_ node: YAMLNode, set: SchemaSet, path: [PathStep], place: Place) {
            switch node.kind {
            case .mapping(let entries):
                for (key, value) in entries {
                    guard let name = key.scalarText else { continue }
                    if place == .frameKeys { record(name, key.span, definition: false) }
                    var inner = Place.plain
                    if let words = schema.inlinePanelIDWords(in: set, key: name) { inner = .panelID(except: words) }
                    if set.refs.contains("expectation"), name == "frames" { inner = .frameKeys }
                    if set.refs.contains("expectation"), name == "events" { inner = .eventWords }
                    if place == .eventWords { inner = .eventWords }
                    let childSet = schema.child(set, key: name)
                    if name == "id", set.refs.contains("panel"), let id = value.string {
                        record(id, value.span, definition: true)
                        if panels[id] == nil { panels[id] = node }
                        continue
                    }
                    visit(value, set: childSet, path: path + [.key(name)], place: inner)
                }
            case .sequence(let items):
                let itemSet = schema.item(set)
                for item in items { visit(item, set: itemSet, path: path + [.item], place: place == .eventWords ? .eventWords : .plain) }
            case .scalar:
                guard let text = node.string else { return }
                if place == .eventWords {
                    // `viewDidAppear VC2 (animated)`: the second word, when there is one, is the panel.
                    let words = text.split(separator: " ")
                    if words.count >= 2, !words[1].hasPrefix("(") {
                        record(String(words[1]), node.span, definition: false, after: String(words[0]))
                    }
                } else if case .panelID(let words) = place {
                    if !words.contains(text) { record(text, node.span, definition: false) }
                } else if set.takesPanelID {
                    record(text, node.span, definition: false)
                }
            }
        }

        /// Records `id` where its bytes are found inside `span` (after `after`, for an event's panel word).
        mutating func record(_ id: String, _ span: SourceSpan, definition: Bool, after: String? = nil) {
            let needle = Array(id.utf8)
            var from = span.start.offset
            if let after { from += after.utf8.count }
            let end = min(span.end.offset, bytes.count)
            guard !needle.isEmpty, from <= end else { return }
            var i = from
            while i + needle.count <= end {
                if bytes[i] == needle[0], bytes[i..<i + needle.count].elementsEqual(needle) {
                    // A whole word only (not `VC1` inside `VC10`).
                    let next = i + needle.count < bytes.count ? bytes[i + needle.count] : 0
                    if !Self.isIDByte(next) {
                        found.append(PanelOccurrence(id: id, range: i..<i + needle.count, isDefinition: definition))
                        return
                    }
                }
                i += 1
            }
        }

        static func isIDByte(_ b: UInt8) -> Bool {
            // A byte of a non-ASCII character continues a word too (`设置` inside `设置中心`).
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D || b >= 0x80
        }
    }
}

/// Where a byte offset falls in the loaded tree: the path to it, and whether it is on a key or a value.
struct TreePlace {
    var path: [PathStep]
    /// The key or scalar under the offset.
    var node: YAMLNode
    var isKey: Bool

    /// The innermost key or scalar at `offset`, if the offset is on one.
    static func find(_ offset: Int, in tree: YAMLNode) -> TreePlace? {
        var node = tree
        var path: [PathStep] = []
        while true {
            switch node.kind {
            case .mapping(let entries):
                guard let entry = entries.first(where: { contains($0.key.span, offset) || contains($0.value.span, offset) }) else { return nil }
                guard let name = entry.key.scalarText else { return nil }
                if contains(entry.key.span, offset) { return TreePlace(path: path + [.key(name)], node: entry.key, isKey: true) }
                path.append(.key(name))
                node = entry.value
            case .sequence(let items):
                guard let item = items.first(where: { contains($0.span, offset) }) else { return nil }
                path.append(.item)
                node = item
            case .scalar:
                return TreePlace(path: path, node: node, isKey: false)
            }
        }
    }

    private static func contains(_ span: SourceSpan, _ offset: Int) -> Bool {
        span.start.offset <= offset && offset <= span.end.offset && span.end.offset > span.start.offset
    }
}
