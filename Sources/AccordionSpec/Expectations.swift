import AccordionDiagnostics
import AccordionModel
import AccordionYAML

/// A check written in a script (`expect:` or `snapshot:`), kept beside the
/// steps rather than among them: the container model never sees it, and
/// `render` and `validate` run exactly the steps they would run without it.
/// `accordion test` plays the steps and, after the `afterStep` first ones,
/// looks at the container (`AccordionContainer.snapshot(at:)`) without
/// changing it.
public struct Expectation: Hashable, Sendable {
    /// How many of the document's steps happen before it.
    public var afterStep: Int
    /// `at:` seconds; nil for "when the container is idle" (the settled
    /// moment after the steps above it, the clock left where it was).
    public var at: Double?
    /// How far a measured number may be from the expected one.
    public var tolerance: Double
    /// What to check, each with the place it is written.
    public var checks: [ExpectCheck]
    /// The `expect` (or `snapshot`) key: where the step is written.
    public var span: SourceSpan

    /// Creates an expectation from its parts (the rules build one for each
    /// `expect` or `snapshot` step they accept).
    public init(afterStep: Int, at: Double?, tolerance: Double, checks: [ExpectCheck], span: SourceSpan) {
        self.afterStep = afterStep
        self.at = at
        self.tolerance = tolerance
        self.checks = checks
        self.span = span
    }
}

/// One field of an `expect` step (or a `snapshot` step) and where it is written.
public struct ExpectCheck: Hashable, Sendable {
    /// What a field checks, with the values written for it.
    public enum Kind: Hashable, Sendable {
        /// The expanded panels' ids (empty: none is expanded).
        case expanded([String])
        /// The expected `expandedIndex` (nil: none is expanded).
        case expandedIndex(Int?)
        /// A panel id, `modal`, or nil for nothing visible.
        case visible(String?)
        /// Whether taps are delivered (`enabled`) or ignored while a
        /// transition runs (`disabled`).
        case interaction(enabled: Bool)
        /// The scroll position's `offset` and `contentHeight`, as written
        /// (either or both); numbers within the tolerance.
        case scroll([ExpectedNumber])
        /// The frames of some panels, by id; numbers within the tolerance.
        case frames([ExpectedFrames])
        /// Log lines `EVENT [PANEL] [(REASON)]`; `contains`: a subsequence.
        case events([String], contains: Bool)
        /// A field of the dump by its own names (`panels[2].content.height`).
        case field(path: String, equals: ExpectedValue)
        /// A number of the dump, by its own names, that must be at most
        /// (`atMost`) or at least (`atLeast`) the value written; lengths
        /// within the tolerance, other numbers to the dump's 3 decimals.
        case bound(path: String, Bound, Double)
        /// The whole dump against a stored snapshot of this name.
        case snapshot(String)
    }

    /// What the field checks.
    public var kind: Kind
    /// The field's key (`frames`, `events`, `path`…).
    public var span: SourceSpan

    /// Creates a check of one field.
    ///
    /// - Parameters:
    ///   - kind: What the field checks.
    ///   - span: The field's key, where a failure is reported.
    public init(_ kind: Kind, span: SourceSpan) {
        self.kind = kind
        self.span = span
    }
}

/// Which side of its value an `atMost` or `atLeast` keeps a number on.
public enum Bound: String, Hashable, Sendable, CaseIterable {
    /// The number is the value or less.
    case atMost
    /// The number is the value or more.
    case atLeast
}

/// The frames expected of one panel.
public struct ExpectedFrames: Hashable, Sendable {
    /// The panel's id, as written under `frames`.
    public var id: String
    /// The header's expected fields; empty when not checked.
    public var header: [ExpectedNumber]
    /// nil: not checked; `.some(nil)`: no content view; else its expected fields.
    public var content: [ExpectedNumber]??
    /// The panel id's key.
    public var span: SourceSpan

    /// Creates the expected frames of one panel from their parts.
    public init(id: String, header: [ExpectedNumber], content: [ExpectedNumber]??, span: SourceSpan) {
        self.id = id
        self.header = header
        self.content = content
        self.span = span
    }
}

/// A number expected of a rectangle field (`x`, `y`, `width`, `height`) or
/// of the scroll position (`offset`, `contentHeight`).
public struct ExpectedNumber: Hashable, Sendable {
    /// Which field: `x`, `y`, `width`, `height`, `offset` or `contentHeight`.
    public var field: String
    /// The expected value in points, met within the expectation's tolerance.
    public var value: Double
    /// The field's key.
    public var span: SourceSpan

    /// Creates an expected number from its parts.
    public init(field: String, value: Double, span: SourceSpan) {
        self.field = field
        self.value = value
        self.span = span
    }
}

/// A value written after `equals:`, as plain data.
public indirect enum ExpectedValue: Hashable, Sendable {
    /// `null`: the dump's field is null.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number; integers and decimals alike, as the dump's numbers compare.
    case number(Double)
    /// A string, compared exactly.
    case string(String)
    /// A sequence, compared item by item.
    case array([ExpectedValue])
    /// A mapping, compared key by key.
    case object([Member])

    /// One key of a mapping, in the order written.
    public struct Member: Hashable, Sendable {
        /// The key, as written.
        public var key: String
        /// The value written under it.
        public var value: ExpectedValue
        /// Creates a member from its key and value.
        public init(key: String, value: ExpectedValue) {
            self.key = key
            self.value = value
        }
    }
}

/// The tolerance of an `expect` step that sets none, in points.
public let defaultExpectTolerance = 0.5

/// A containment-log line as `expect: {events: …}` writes it:
/// `EVENT [PANEL] [(REASON)]`.
///
/// - Parameter entry: An entry of the container's log.
/// - Returns: The line, e.g. `addChild billing` or `tapIgnored faq3 (transition)`,
///   which `accordion test` compares with the lines written.
public func eventLine(_ entry: LogEntry) -> String {
    var line = entry.event.rawValue
    if let panel = entry.panel { line += " " + panel }
    if let reason = entry.reason { line += " (" + reason.rawValue + ")" }
    return line
}

/// An event line as written, split into its parts; nil when it does not
/// have the shape `EVENT [PANEL] [(REASON)]` (the schema says so).
struct WrittenEventLine {
    var event: String
    var panel: String?
    var reason: String?

    init?(_ text: String) {
        // The words between spaces, found on the bytes (a generic `split`
        // cost more than the rest of checking the line).
        var words: [Substring] = []
        let utf8 = text.utf8
        var wordStart: String.Index?
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: " ") {
                if let start = wordStart { words.append(text[start..<index]) }
                wordStart = nil
            } else if wordStart == nil {
                wordStart = index
            }
            index = utf8.index(after: index)
        }
        if let start = wordStart { words.append(text[start...]) }
        guard let first = words.first else { return nil }
        event = String(first)
        words.removeFirst()
        if let last = words.last, last.hasPrefix("("), last.hasSuffix(")"), last.count > 2 {
            reason = String(last.dropFirst().dropLast())
            words.removeLast()
        }
        guard words.count <= 1 else { return nil }
        panel = words.first.map(String.init)
    }
}

/// The keys of an `expect` mapping.
enum ExpectKey: String, SpelledKey {
    case expanded, expandedIndex, visible, interaction, scroll, frames, events, path, equals, atMost, atLeast, tolerance

    static let spellings = spellingTable()
}

extension SpecReader {
    /// The checks of an `expect` mapping, read leniently (the schema reports
    /// what is malformed); the tolerance is the step's, else `fileTolerance`.
    func expectation(_ value: YAMLNodeRef, fileTolerance: Double) -> (checks: [ExpectCheck], tolerance: Double) {
        var checks: [ExpectCheck] = []
        var tolerance = fileTolerance
        var path: String?
        var equals: (ExpectedValue, SourceSpan)?
        var bounds: [(Bound, Double, SourceSpan)] = []
        guard let entries = value.entries else { return (checks, tolerance) }
        for k in 0..<entries.count {
            // Keys are recognised from their bytes: no `String` per key.
            guard entries.key(at: k).shape == .string,
                  let key = entries.withKeyText(at: k, { $0.flatMap(ExpectKey.init) }) else { continue }
            let node = entries.value(at: k)
            let span = entries.key(at: k).span
            switch key {
            case .expanded:
                if node.isNull {
                    checks.append(ExpectCheck(.expanded([]), span: span))
                } else if let id = node.stringValue {
                    checks.append(ExpectCheck(.expanded([id]), span: span))
                } else if let items = node.items {
                    checks.append(ExpectCheck(.expanded(items.compactMap(\.stringValue)), span: span))
                }
            case .expandedIndex:
                if node.isNull {
                    checks.append(ExpectCheck(.expandedIndex(nil), span: span))
                } else if let i = node.integerValue, i >= 0 {
                    checks.append(ExpectCheck(.expandedIndex(i), span: span))
                }
            case .visible:
                if node.isNull {
                    checks.append(ExpectCheck(.visible(nil), span: span))
                } else if let id = node.stringValue {
                    checks.append(ExpectCheck(.visible(id), span: span))
                }
            case .interaction:
                if let word = node.stringValue, word == "enabled" || word == "disabled" {
                    checks.append(ExpectCheck(.interaction(enabled: word == "enabled"), span: span))
                }
            case .scroll:
                let fields = (node.entries ?? []).compactMap { key, value -> ExpectedNumber? in
                    guard let field = key.stringValue, field == "offset" || field == "contentHeight",
                          let v = value.numberValue else { return nil }
                    return ExpectedNumber(field: field, value: v, span: key.span)
                }
                if !fields.isEmpty { checks.append(ExpectCheck(.scroll(fields), span: span)) }
            case .frames:
                var frames: [ExpectedFrames] = []
                for (idNode, panel) in node.entries ?? [] {
                    guard let id = idNode.stringValue else { continue }
                    var header: [ExpectedNumber] = []
                    var content: [ExpectedNumber]?? = nil
                    if let h = panel["header"] { header = numbers(h) }
                    if let c = panel["content"] { content = c.isNull ? .some(nil) : .some(numbers(c)) }
                    frames.append(ExpectedFrames(id: id, header: header, content: content, span: idNode.span))
                }
                checks.append(ExpectCheck(.frames(frames), span: span))
            case .events:
                if let items = node.items {
                    checks.append(ExpectCheck(.events(items.compactMap(\.stringValue), contains: false), span: span))
                } else if let items = node["contains"]?.items {
                    checks.append(ExpectCheck(.events(items.compactMap(\.stringValue), contains: true), span: span))
                }
            case .path:
                path = node.stringValue
            case .equals:
                equals = (expectedValue(node), span)
            case .atMost, .atLeast:
                if let v = node.numberValue, v.isFinite { bounds.append((key == .atMost ? .atMost : .atLeast, v, span)) }
            case .tolerance:
                if let v = node.numberValue, v >= 0, v.isFinite { tolerance = v }
            }
        }
        // A wrong value is reported where it is written: at `equals`.
        if let path, let (value, span) = equals { checks.append(ExpectCheck(.field(path: path, equals: value), span: span)) }
        // So is a number past its bound: at `atMost` or `atLeast`.
        if let path {
            for (bound, value, span) in bounds { checks.append(ExpectCheck(.bound(path: path, bound, value), span: span)) }
        }
        return (checks, tolerance)
    }

    /// The `x`, `y`, `width`, `height` numbers of an expected rectangle.
    private func numbers(_ node: YAMLNodeRef) -> [ExpectedNumber] {
        (node.entries ?? []).compactMap { key, value in
            guard let field = key.stringValue, ["x", "y", "width", "height"].contains(field),
                  let v = value.numberValue else { return nil }
            return ExpectedNumber(field: field, value: v, span: key.span)
        }
    }

    /// Any YAML value as plain data.
    func expectedValue(_ node: YAMLNodeRef) -> ExpectedValue {
        if let entries = node.entries {
            return .object(entries.map { ExpectedValue.Member(key: $0.key.stringValue ?? "", value: expectedValue($0.value)) })
        }
        if let items = node.items { return .array(items.map(expectedValue)) }
        guard let scalar = node.scalar else { return .null }
        switch scalar.value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .number(Double(i))
        case .float(let d): return .number(d)
        case .bigInt(let digits): return .number(Double(digits) ?? .nan)
        case .string(let s): return .string(s)
        }
    }
}

extension Expectation {
    /// Reads an expectation written on its own, outside a script: a test
    /// case's `always:` or `reachable:` property, in `expect`'s own
    /// vocabulary and tolerances. Its shape is the schema's
    /// `$defs/expectation`, checked as a script's `expect` is; the ids it
    /// names are the caller's to check (the stack it meets is the
    /// explorer's).
    ///
    /// - Parameters:
    ///   - node: The mapping, as written (`{path: "panels[0].header.y", atMost: 88}`).
    ///   - tolerance: The file's tolerance, when it sets one.
    /// - Returns: The expectation (`afterStep` 0, no `at`, located at `node`),
    ///   or its problems, located in the node's file.
    public static func read(_ node: YAMLNode, tolerance: Double?) -> Result<Expectation, DiagnosticError> {
        switch SpecLoader.bundledValidator {
        case .success(let validator):
            if let problems = validator.validate(node, subschemaAt: "/$defs/expectation"), !problems.isEmpty {
                return .failure(DiagnosticError(problems))
            }
        case .failure(let error):
            return .failure(error)
        }
        let ref = node.ref
        let reader = SpecReader(step: ref, contentDefaults: ContentDefaults())
        let (checks, resolved) = withExtendedLifetime(node) {
            reader.expectation(ref, fileTolerance: tolerance ?? defaultExpectTolerance)
        }
        return .success(Expectation(afterStep: 0, at: nil, tolerance: resolved, checks: checks, span: node.span))
    }

    /// The panel ids the expectation names (`expanded`, `visible`, `frames`),
    /// each with where it is written, for a caller that checks them against
    /// the panels a spec can have.
    public var panelIDs: [(id: String, span: SourceSpan)] {
        checks.flatMap { check -> [(id: String, span: SourceSpan)] in
            switch check.kind {
            case .expanded(let ids): ids.map { ($0, check.span) }
            case .visible(let id?) where id != "modal": [(id, check.span)]
            case .frames(let frames): frames.map { ($0.id, $0.span) }
            default: []
            }
        }
    }
}
