/// `accordion test`'s core: plays a document's steps and checks its
/// expectations against snapshots and the JSON dump, as pure functions; the
/// CLI reads files and compares stored snapshots.
import AccordionDiagnostics
import AccordionModel
import AccordionRender
import AccordionSpec

/// One field that is not what an expectation says.
public struct FieldDifference: Hashable, Sendable {
    /// The field by the dump's own names (`panels[1].content.height`).
    public var field: String
    public var expected: String
    public var actual: String
    /// Where the expected value is written, when it is not the check's key
    /// (a number of `frames`).
    public var span: SourceSpan?

    public init(field: String, expected: String, actual: String, span: SourceSpan? = nil) {
        self.field = field
        self.expected = expected
        self.actual = actual
        self.span = span
    }
}

/// An expectation that failed: where it is written, what differs, and the
/// container at that moment.
public struct ExpectationFailure: Sendable {
    /// The field's key (or the `expect` key when the whole step is meant).
    public var span: SourceSpan
    public var differences: [FieldDifference]
    /// The moment checked, as `render` draws it.
    public var snapshot: Snapshot
}

/// The whole dump at a `snapshot:` step, for the caller to compare with the stored file.
public struct SnapshotTaken: Sendable {
    public var name: String
    public var span: SourceSpan
    /// The dump as `render --format json` prints it (with its final newline).
    public var json: String
    public var snapshot: Snapshot
}

/// What playing one script found.
public struct CaseOutcome: Sendable {
    public var failures: [ExpectationFailure] = []
    public var snapshots: [SnapshotTaken] = []
    /// How many expectations were checked.
    public var checked = 0
}

/// Plays a script and checks its expectations.
public enum ExpectationRun {
    /// Plays `document`'s steps on a fresh container; before the step that
    /// follows each expectation, looks at the container without changing it:
    /// at `at` when given (as `render --at` shows it: mid-transition frames
    /// interpolated, only the steps above seen), else at the settled moment
    /// after the steps above (`settledTime`), the clock left where it was.
    /// `failFast` stops at the first failure.
    public static func run(_ document: AccordionSpecDocument, failFast: Bool = false) -> CaseOutcome {
        var model = AccordionContainer(title: document.title, container: document.container,
                                       panels: document.panels, expandedIndices: document.expandedIndices)
        var applied = 0
        // Each moment is made when the loop below reaches its expectation.
        let moments = document.expectations.lazy.map { expectation in
            while applied < expectation.afterStep, applied < document.steps.count {
                model.apply(document.steps[applied])
                applied += 1
            }
            return (expectation, model.snapshot(at: expectation.at ?? model.settledTime))
        }
        return check(moments, failFast: failFast)
    }

    /// Checks the expectations of a script the rules already played (a test
    /// case's), at the moments they took on the way: the same outcome as
    /// `run(played.document)`, without playing the script again.
    public static func run(_ played: PlayedScript, failFast: Bool = false) -> CaseOutcome {
        check(zip(played.document.expectations, played.moments), failFast: failFast)
    }

    /// Checks each expectation against the container at its moment, in order.
    private static func check(_ moments: some Sequence<(Expectation, Snapshot)>, failFast: Bool) -> CaseOutcome {
        var outcome = CaseOutcome()
        var eventsSeen = 0
        for (expectation, snapshot) in moments {
            outcome.checked += 1
            var dump: [(String, DumpField)]?
            for check in expectation.checks {
                if case .snapshot(let name) = check.kind {
                    outcome.snapshots.append(SnapshotTaken(name: name, span: check.span,
                                                           json: JSONRender.text(snapshot) + "\n", snapshot: snapshot))
                    continue
                }
                let differences = Self.differences(check, in: snapshot, eventsSeen: eventsSeen,
                                                   tolerance: expectation.tolerance, dump: &dump)
                // Each difference is reported where its expected value is written.
                var places: [SourceSpan] = []
                for difference in differences where !places.contains(difference.span ?? check.span) {
                    places.append(difference.span ?? check.span)
                }
                for place in places {
                    outcome.failures.append(ExpectationFailure(
                        span: place, differences: differences.filter { ($0.span ?? check.span) == place }, snapshot: snapshot))
                }
                if failFast, !differences.isEmpty { return outcome }
            }
            eventsSeen = snapshot.events.count
        }
        return outcome
    }

    /// What `check` finds different at `snapshot`; `eventsSeen` entries of
    /// its log were already seen by earlier expectations. `dump` (the dump's
    /// top-level fields, each made only when a path reads it) is made on
    /// first need and kept for the other checks of the step.
    static func differences(_ check: ExpectCheck, in s: Snapshot, eventsSeen: Int, tolerance: Double,
                            dump: inout [(String, DumpField)]?) -> [FieldDifference] {
        func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "null" }
        func number(_ v: Double) -> String { JSONText.rounded(v, places: 3) }
        // Values are spelled only for a difference: most checks pass.
        func differ(_ field: String, same: Bool, _ expected: @autoclosure () -> String,
                    _ actual: @autoclosure () -> String) -> [FieldDifference] {
            same ? [] : [FieldDifference(field: field, expected: expected(), actual: actual())]
        }
        switch check.kind {
        case .expanded(let ids):
            // The whole open set, in any order; shown as written and in stack order.
            let actual = s.expandedIndices.compactMap { $0 < s.panels.count ? s.panels[$0].panel.id : nil }
            let field = ids.count <= 1 && actual.count <= 1 ? "expandedPanel" : "expanded panels"
            return differ(field, same: ids.count == actual.count && Set(ids) == Set(actual),
                          ids.isEmpty ? "null" : ids.map { quoted($0) }.joined(separator: ", "),
                          actual.isEmpty ? "null" : actual.map { quoted($0) }.joined(separator: ", "))
        case .expandedIndex(let index):
            return differ("expandedIndex", same: index == s.expandedIndex,
                          index.map(String.init) ?? "null", s.expandedIndex.map(String.init) ?? "null")
        case .visible(let expected):
            let actual: String? = switch s.visible {
            case nil: nil
            case .modal?: "modal"
            case .panel?: s.expandedPanel
            }
            return differ("visible", same: expected == actual, quoted(expected), quoted(actual))
        case .interaction(let enabled):
            return differ("interactionEnabled", same: enabled == s.interactionEnabled,
                          String(enabled), String(s.interactionEnabled))
        case .scroll(let fields):
            guard let scroll = s.scroll else {
                return [FieldDifference(field: "scroll", expected: "a scroll position",
                                        actual: "none: the container clips (`overflow: clip`)")]
            }
            return fields.compactMap { e in
                let actual = e.field == "offset" ? scroll.offset : scroll.contentHeight
                guard !(abs(actual - e.value) <= tolerance) else { return nil }
                return FieldDifference(field: "scroll." + e.field, expected: number(e.value), actual: number(actual), span: e.span)
            }
        case .frames(let frames):
            var found: [FieldDifference] = []
            for frame in frames {
                // A top-level panel, else a nested one (by its id: ids are unique across the tree).
                let header: Rect?, content: Rect?, place: String
                if let index = s.panels.firstIndex(where: { $0.panel.id == frame.id }) {
                    (header, content, place) = (s.panels[index].header, s.panels[index].content, "panels[\(index)]")
                } else if let nested = s.nested.first(where: { $0.panel.id == frame.id }) {
                    (header, content, place) = (nested.header, nested.content, "nested panel \(nested.index) of \(nested.holder)")
                } else {
                    found.append(FieldDifference(field: "panels (\(frame.id))", expected: "a panel `\(frame.id)`", actual: "none",
                                                 span: frame.span))
                    continue
                }
                func base() -> String { "\(place) (\(frame.id))" }
                if let header {
                    found += rectDifferences(frame.header, header, field: base() + ".header", tolerance: tolerance)
                } else if !frame.header.isEmpty {
                    found.append(FieldDifference(field: base() + ".header", expected: "a header", actual: "null (not shown)", span: frame.span))
                }
                switch frame.content {
                case nil: break
                case .some(nil):
                    if let content {
                        found.append(FieldDifference(field: base() + ".content", expected: "null", actual: inline(DumpTree.rect(content)),
                                                     span: frame.span))
                    }
                case .some(let fields?):
                    if let content {
                        found += rectDifferences(fields, content, field: base() + ".content", tolerance: tolerance)
                    } else {
                        found.append(FieldDifference(field: base() + ".content",
                                                     expected: "{" + fields.map { "\($0.field): \(number($0.value))" }.joined(separator: ", ") + "}",
                                                     actual: "null", span: frame.span))
                    }
                }
            }
            return found
        case .events(let lines, let contains):
            let entries = s.events.dropFirst(min(eventsSeen, s.events.count))
            // Spaces between the words do not matter (most lines have single ones).
            let expected = lines.map { line in
                hasExtraSpaces(line) ? line.split(separator: " ").joined(separator: " ") : line
            }
            let ok = contains ? isSubsequence(expected, of: entries)
                : expected.count == entries.count && zip(expected, entries).allSatisfy { isLine($0, $1) }
            guard !ok else { return [] }
            let actual = entries.map(eventLine)
            return [FieldDifference(field: contains ? "events (contains, in order)" : "events",
                                    expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n"))]
        case .field(let path, let expected):
            if dump == nil { dump = DumpTree.snapshotFields(s) }
            guard let actual = DumpPath.value(at: path, fields: dump!) else {
                return [FieldDifference(field: path, expected: spell(expected), actual: "no such field in the dump")]
            }
            let key = lastName(path)
            return matches(expected, actual, tolerance: tolerance, key: key) ? [] : [FieldDifference(field: path, expected: spell(expected), actual: inline(actual))]
        case .bound(let path, let bound, let limit):
            if dump == nil { dump = DumpTree.snapshotFields(s) }
            let words = bound == .atMost ? "at most " : "at least "
            guard let actual = DumpPath.value(at: path, fields: dump!) else {
                return [FieldDifference(field: path, expected: words + number(limit), actual: "no such field in the dump")]
            }
            let key = lastName(path)
            return within(bound, limit, actual, tolerance: tolerance, key: key)
                ? [] : [FieldDifference(field: path, expected: words + number(limit), actual: inline(actual))]
        case .snapshot:
            return []
        }
    }

    static func rectDifferences(_ expected: [ExpectedNumber], _ rect: Rect, field: @autoclosure () -> String,
                                tolerance: Double) -> [FieldDifference] {
        expected.compactMap { e in
            let actual = switch e.field {
            case "x": rect.x
            case "y": rect.y
            case "width": rect.width
            default: rect.height
            }
            guard !(abs(actual - e.value) <= tolerance) else { return nil }
            return FieldDifference(field: field() + "." + e.field, expected: JSONText.rounded(e.value, places: 3),
                                   actual: JSONText.rounded(actual, places: 3), span: e.span)
        }
    }

    /// Whether `line` has a space at either end or two in a row.
    static func hasExtraSpaces(_ line: String) -> Bool {
        var previous = UInt8(ascii: " ")
        for byte in line.utf8 {
            if byte == UInt8(ascii: " "), previous == UInt8(ascii: " ") { return true }
            previous = byte
        }
        return previous == UInt8(ascii: " ")
    }

    /// Whether `wanted` are, in order, lines of `entries` (others may come between).
    static func isSubsequence(_ wanted: [String], of entries: ArraySlice<LogEntry>) -> Bool {
        var next = 0
        for entry in entries where next < wanted.count && isLine(wanted[next], entry) { next += 1 }
        return next == wanted.count
    }

    /// Whether `line` is how `eventLine` spells `entry`. A line starts with
    /// its event's name, which tells most entries apart without spelling them.
    static func isLine(_ line: String, _ entry: LogEntry) -> Bool {
        line.utf8.starts(with: entry.event.rawValue.utf8) && line == eventLine(entry)
    }

    /// Whether the dump's value is the expected one. Lengths (fields named
    /// `x`, `y`, `width`, `height`) match within `tolerance` points; other
    /// numbers (times, progress, indices) to the dump's precision of 3 decimals.
    static func matches(_ e: ExpectedValue, _ a: DumpValue, tolerance: Double, key: Substring) -> Bool {
        let slack = slack(key, tolerance: tolerance)
        switch (e, a) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return abs(x - y) <= slack
        case let (.number(x), .int(y)): return abs(x - Double(y)) <= slack
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)):
            return x.count == y.count && zip(x, y).allSatisfy { matches($0, $1, tolerance: tolerance, key: key) }
        case let (.object(x), .object(y)):
            return x.count == y.count && x.allSatisfy { m in
                y.contains { $0.0 == m.key && matches(m.value, $0.1, tolerance: tolerance, key: Substring(m.key)) }
            }
        default: return false
        }
    }

    /// The last name of a dump path (`height` of `panels[2].content.height`),
    /// found on the bytes: a `.` is one.
    static func lastName(_ path: String) -> Substring {
        path[(path.utf8.lastIndex(of: UInt8(ascii: ".")).map(path.index(after:)) ?? path.startIndex)...].prefix { $0 != "[" }
    }

    /// How far a number of the dump named `key` may be from the one written:
    /// lengths (`x`, `y`, `width`, `height`) within `tolerance` points, other
    /// numbers (times, progress, indices) to the dump's precision of 3 decimals.
    static func slack(_ key: Substring, tolerance: Double) -> Double {
        ["x", "y", "width", "height"].contains(key) ? tolerance : 0.0005
    }

    /// Whether the dump's value is a number on the bound's side of `limit`,
    /// with the slack `matches` gives an equal number (lengths within
    /// `tolerance`, other numbers to 3 decimals): `atMost: 88` passes 88.3
    /// at the default tolerance, as `equals: 88` does.
    static func within(_ bound: Bound, _ limit: Double, _ a: DumpValue, tolerance: Double, key: Substring) -> Bool {
        let slack = slack(key, tolerance: tolerance)
        let value: Double
        switch a {
        case .number(let d): value = d
        case .int(let i): value = Double(i)
        default: return false
        }
        return bound == .atMost ? value <= limit + slack : value >= limit - slack
    }

    /// A dump value on one line, in JSON.
    static func inline(_ v: DumpValue) -> String {
        switch v {
        case .null: "null"
        case .bool(let b): String(b)
        case .int(let i): String(i)
        case .number(let d): JSONText.rounded(d, places: 3)
        case .string(let s): "\"\(s)\""
        case .array(let items): "[" + items.map(inline).joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.map { "\($0.0): \(inline($0.1))" }.joined(separator: ", ") + "}"
        }
    }

    /// An expected value on one line, as `inline` spells the dump's.
    static func spell(_ v: ExpectedValue) -> String {
        switch v {
        case .null: "null"
        case .bool(let b): String(b)
        case .number(let d): JSONText.rounded(d, places: 3)
        case .string(let s): "\"\(s)\""
        case .array(let items): "[" + items.map(spell).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\($0.key): \(spell($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}

/// A field of the dump named as `expect: {path: …}` writes it:
/// `panels[2].content.height`, `transition.progress`, `events[0].event`.
public enum DumpPath {
    /// The value at `path` in a dump given as its top-level fields
    /// (`DumpTree.snapshotFields`), making only the field the path names and,
    /// in a list made one element at a time, only the element it indexes.
    ///
    /// - Parameters:
    ///   - path: The field, as `expect: {path: …}` writes it.
    ///   - fields: The dump's top-level fields.
    /// - Returns: The value, or nil when the dump has no such field.
    public static func value(at path: String, fields: [(String, DumpField)]) -> DumpValue? {
        let name = path.prefix { $0 != "." && $0 != "[" }
        guard let field = fields.first(where: { $0.0 == name })?.1 else { return nil }
        var rest = path.dropFirst(name.count)
        if case .items(let count, let element) = field, let (index, after) = leadingIndex(rest) {
            guard index < count else { return nil }
            rest = after
            return descend(rest, from: element(index))
        }
        return descend(rest, from: field.value)
    }

    /// The value at `path`, or nil when the dump has no such field.
    ///
    /// - Parameters:
    ///   - path: The field, as `expect: {path: …}` writes it.
    ///   - root: The whole dump.
    /// - Returns: The value, or nil when the dump has no such field.
    public static func value(at path: String, in root: DumpValue) -> DumpValue? {
        descend("." + path, from: root)
    }

    /// Follows `path`, a run of `.NAME` and `[INDEX]` parts, from `start`.
    static func descend(_ path: Substring, from start: DumpValue) -> DumpValue? {
        var current = start
        var rest = path
        while let first = rest.first {
            if let (index, after) = leadingIndex(rest) {
                guard case .array(let items) = current, index < items.count else { return nil }
                current = items[index]
                rest = after
            } else if first == "." {
                let name = rest.dropFirst().prefix { $0 != "." && $0 != "[" }
                guard case .object(let fields) = current, let next = fields.first(where: { $0.0 == name })?.1 else { return nil }
                current = next
                rest = rest.dropFirst(1 + name.count)
            } else {
                return nil
            }
        }
        return current
    }

    /// The index of a path that starts `[INDEX]`, and what follows it.
    static func leadingIndex(_ path: Substring) -> (Int, Substring)? {
        guard path.first == "[", let close = path.firstIndex(of: "]"),
              let index = Int(path[path.index(after: path.startIndex)..<close]), index >= 0 else { return nil }
        return (index, path[path.index(after: close)...])
    }
}

/// How failures spell values, for callers (and tests) that want the same words.
public enum ExpectationRunSpelling {
    /// A dump value on one line, as a failure shows the actual value.
    public static func inline(_ v: DumpValue) -> String { ExpectationRun.inline(v) }
}
