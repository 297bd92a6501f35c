#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AccordionDiagnostics
import AccordionModel
import AccordionRender
import AccordionSpec
import AccordionYAML
import JSONSchema

/// `accordion drive`: the container as a session over standard input and
/// output, one JSON object a line each way, for hosts in any language.
let driveCommand = CommandSpec(
    name: "drive",
    abstract: "Drive a spec's container over standard input and output, one JSON object a line (JSON Lines).",
    discussion: "Loads SPEC (checked as 'validate' checks it; its script is not run), then reads standard "
        + "input one line at a time and answers each line with one line on standard output, at once.\n\n"
        + "A line is one script step, written as in a spec's script: {\"tap\": \"billing\"}, {\"tap\": 2, "
        + "\"at\": 1.25}, {\"wait\": 0.5}, {\"expand\": null}, {\"collapse\": \"all\"}, {\"reveal\": {\"panel\": \"wifi\", \"open\": true}}, {\"resize\": {\"width\": 667, \"height\": 375}}, "
        + "{\"present\": \"Sign in\"}, {\"dismiss\": true}, {\"setPanels\": [\"billing\", {\"id\": \"new\", "
        + "\"title\": \"New\"}]}, {\"update\": {\"panel\": \"billing\", \"disabled\": false}}, {\"scroll\": 480}. It is checked as that step of a script would be (its shape by the schema, "
        + "panel ids and indices by the stack it meets) and answered with its outcome: "
        + "{\"line\": N, \"outcome\": \"applied\", \"time\": T, \"change\": KIND, \"started\": TRANSITION, "
        + "\"entries\": [LOG ENTRIES]} (KIND none, transition, transitions (a collapse of several open panels, or a reveal that opens several), resized, "
        + "modalPresented, modalDismissed, stackReplaced, updated or scrolled; \"started\", {from, to, start, end, cause}, only when one "
        + "transition started; each entry of a change carries its \"cause\": tap, expand, collapse, reveal or setPanels, "
        + "that of the step that started the change, also when a later step ends it); \"ignored\" with its \"reason\" (modal, transition, hidden, disabled or notCollapsible) and a "
        + "\"warning\"; or \"rejected\" with its \"reason\" (outOfOrder, unknownPanel, modalPresented, revealBlocked, "
        + "noExpandedPanel, noModal, pastTimeLimit: a step after 1000000000 s) and an \"error\" worded as 'validate' words it "
        + "(nothing changes, the time stays where it was). An applied resize or setPanels after "
        + "which the headers no longer fit carries validate's headers-overflow \"error\"; an applied step "
        + "after which the open contents first stack up taller than the container, its content-overflow \"warning\".\n\n"
        + "A line may instead be a query: {\"snapshot\": true} answers {\"line\": N, \"snapshot\": DUMP} with "
        + "DUMP the settled state in the shape of 'render --format json'; {\"snapshot\": {\"at\": 1.4}} the "
        + "moment 1.4 s (at or after the last step); {\"log\": true} answers {\"line\": N, \"log\": [...], "
        + "\"pending\": [...]}: the containment log so far and the end entries of a transition still running.\n\n"
        + "A line that cannot be read (not JSON, not UTF-8, an unknown key, a wrong type, a setPanels naming "
        + "a panel never defined) is answered {\"line\": N, \"errors\": [{\"column\": C, \"rule\": ..., \"message\": ..., "
        + "\"help\": ...}]} and the session goes on. End of input ends the session.\n\n"
        + "Exit status: 0 the session ended, 1 a problem in SPEC (reported as 'validate' reports it, before "
        + "the session starts), 2 usage or I/O problems.",
    readme: "a session for hosts in any language: each line of standard input is a script step "
        + "(`{\"tap\": \"billing\"}`, `{\"wait\": 0.5}`, …) or a query (`{\"snapshot\": true}`, `{\"log\": true}`), "
        + "each answered by one JSON line (the step's outcome, a `render --format json` dump, the log)",
    arguments: [ArgumentSpec(valueName: "spec", help: "The spec (a file: standard input carries the session).")],
    options: [
        OptionSpec(long: "reduced-motion", help: "Drive the container as a viewer who asks for reduced motion: under "
            + "the spec's animation.reducedMotion (instant by default) every transition takes 0 s."),
        deviceOption,
        colorOption,
    ],
    run: { args throws(UsageError) in try DriveJob.main(args) }
)

enum DriveJob {
    /// Longest input line read; a longer one is answered with an error and skipped.
    static let maxLineBytes = 1 << 20

    static func main(_ args: ParsedArguments) throws(UsageError) -> Int32 {
        let input = args.positionals[0]
        if input == "-" { throw UsageError("the session reads standard input: give the spec as a file") }
        var document: AccordionSpecDocument
        switch loadSpec(input, limit: RenderJob.inputLimit, color: args.color) {
        case .failure(let exit): return exit.code
        case .success(let d): document = d
        }
        document.container.prefersReducedMotion = args.has("reduced-motion")
        // The command line's device wins over the spec's, as in `render` and `preview`.
        if let device = args.value("device").flatMap(Device.init(rawValue:)) { document.container = document.container.shown(on: device) }
        var session = DriveSession(document: document)
        var reader = LineReader(fd: 0, maxLine: maxLineBytes)
        // Answers wait only while more lines are already read: they are all
        // written before the reader waits for input, so a host that sends a
        // line and waits gets its answer, and a long script sent at once is
        // answered in large writes.
        var pending: [UInt8] = []
        func flush() {
            IO.writeStdout(bytes: pending)
            pending.removeAll(keepingCapacity: true)
        }
        while let line = reader.next(beforeWaiting: flush) {
            pending += session.answer(line.bytes, number: line.number, truncated: line.truncated)
            pending.append(0x0A)
            if pending.count >= 1 << 16 { flush() }
        }
        flush()
        return 0
    }
}

/// Reads a stream line by line as it arrives (a host waits for each
/// answer), in bounded memory: a line over `maxLine` bytes is cut there and
/// the rest of it skipped.
struct LineReader {
    let fd: Int32
    let maxLine: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private var number = 0

    init(fd: Int32, maxLine: Int) {
        self.fd = fd
        self.maxLine = maxLine
    }

    /// The next line without its `\n` (and `\r\n`), its 1-based number, and
    /// whether it was cut; nil at the end of input. `beforeWaiting` runs
    /// before each read of the stream, which may wait for the writer.
    mutating func next(beforeWaiting: () -> Void) -> (bytes: ArraySlice<UInt8>, number: Int, truncated: Bool)? {
        var truncated = false
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var line = buffer[start..<newline]
                start = newline + 1
                if line.last == 0x0D { line = line.dropLast() }
                number += 1
                return (line, number, truncated)
            }
            if buffer.count - start > maxLine {
                // Keep the first maxLine bytes to answer about; drop the rest of the line as it comes.
                truncated = true
                buffer.removeSubrange((start + maxLine)...)
            }
            if ended {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                number += 1
                return (line, number, truncated)
            }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            beforeWaiting()
            fill()
        }
    }

    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                ended = true
                return
            }
            buffer.append(contentsOf: chunk[0..<n])
            return
        }
    }
}

/// The session's answers as values: one input line in, one JSON line out.
/// The steps go to the model through `StepSession`, which checks them as a
/// spec's script would be; snapshots are `render --format json`'s dump.
struct DriveSession {
    private var steps: StepSession
    /// Nesting refused in an input line: a step is a few levels deep.
    static let maxDepth = 64

    init(document: AccordionSpecDocument) {
        steps = StepSession(document: document)
    }

    /// What a line is answered with: fields after `line`, or a snapshot.
    private enum Reply {
        case fields([(String, DumpValue)])
        case snapshot(Snapshot)
    }

    /// The answer to input line `number` (without its newline), as one line of JSON.
    mutating func answer(_ bytes: ArraySlice<UInt8>, number: Int, truncated: Bool) -> [UInt8] {
        switch reply(bytes, truncated: truncated, line: number) {
        case .fields(let fields):
            return oneLine(JSONRender.text(.object([("line", .int(number))] + fields)))
        case .snapshot(let snapshot):
            // Spelled by the dump's own streaming writer: a long session's
            // log would take hundreds of megabytes as a tree.
            return oneLine("{\"line\": \(number), \"snapshot\": " + JSONRender.text(snapshot) + "}")
        }
    }

    private mutating func reply(_ bytes: ArraySlice<UInt8>, truncated: Bool, line: Int) -> Reply {
        if truncated {
            return errors(rule: "line-too-long", column: DriveJob.maxLineBytes + 1,
                          message: "this line is over \(DriveJob.maxLineBytes) bytes",
                          help: "send one step or query a line; a step is a small JSON object")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let column = Self.firstInvalidUTF8(bytes)
            return errors(rule: "invalid-utf8", column: column, message: "this line is not UTF-8 text (from byte \(column))",
                          help: "send each line as UTF-8 encoded JSON")
        }
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) {
            return errors(rule: "empty-line", column: 1, message: "this line is empty",
                          help: "send one JSON object a line: a step such as {\"tap\": \"billing\"} or a query such as {\"snapshot\": true}")
        }
        let node: YAMLNode
        do throws(DiagnosticError) {
            node = try JSONNodeParser.parse(text, source: "<stdin>", maxDepth: Self.maxDepth)
        } catch {
            return errors(error.diagnostics)
        }
        if let query = query(node) { return query }
        switch steps.apply(node, line: line) {
        case .unreadable(let problems):
            return errors(problems)
        case .taken(let step, let outcome, let entries, let diagnostic):
            return .fields(Self.outcome(step: step, outcome, entries: entries, diagnostic: diagnostic))
        }
    }

    /// A line whose only key is `snapshot` or `log` is a query; nil for a step.
    private func query(_ node: YAMLNode) -> Reply? {
        guard let entries = node.entries, entries.count == 1, let key = entries[0].key.scalarText,
              key == "snapshot" || key == "log" else { return nil }
        let value = entries[0].value
        let container = steps.container
        if key == "log" {
            guard case .bool(true)? = value.scalar?.value else {
                return errors(rule: "invalid-query", at: value, message: "`log` takes true", help: "send {\"log\": true}")
            }
            return .fields([("log", .array(container.log.map(DumpTree.event))),
                            ("pending", .array(container.pendingEntries.map(DumpTree.event)))])
        }
        if case .bool(true)? = value.scalar?.value {
            return .snapshot(container.snapshot(at: container.settledTime))
        }
        let usage = "send {\"snapshot\": true} for the settled state or {\"snapshot\": {\"at\": SECONDS}} for a moment"
        guard let fields = value.entries, fields.count == 1, fields[0].key.scalarText == "at" else {
            return errors(rule: "invalid-query", at: value, message: "`snapshot` takes true or {\"at\": SECONDS}", help: usage)
        }
        let atNode = fields[0].value
        guard let time = Self.number(atNode), time.isFinite, time >= 0 else {
            return errors(rule: "invalid-query", at: atNode, message: "`at` takes a time in seconds, a number ≥ 0", help: usage)
        }
        guard !(time < container.clock - timeTolerance) else {
            return errors(rule: "snapshot-before-last-step", at: atNode,
                          message: "\(JSONText.rounded(time)) s is before the last step, at \(JSONText.rounded(container.clock)) s; the session keeps no history",
                          help: "ask for a moment at or after \(JSONText.rounded(container.clock)) s")
        }
        return .snapshot(container.snapshot(at: time))
    }

    /// The answer to a step the model took.
    private static func outcome(step: Step, _ outcome: StepOutcome, entries: [LogEntry],
                                diagnostic: Diagnostic?) -> [(String, DumpValue)] {
        var fields: [(String, DumpValue)] = []
        switch outcome.effect {
        case .applied(let change):
            fields = [("outcome", .string("applied")), ("time", .number(outcome.time)), ("change", .string(change.name))]
            if let started = outcome.started {
                var startedFields: [(String, DumpValue)] = [
                    ("from", started.from.map(DumpValue.int) ?? .null), ("to", started.to.map(DumpValue.int) ?? .null),
                    ("start", .number(started.start)), ("end", .number(started.end)),
                    ("cause", .string(started.cause.name)),
                ]
                // A nested level's transition: `from` and `to` count in that level.
                if let level = started.level { startedFields.append(("level", .string(level))) }
                fields.append(("started", .object(startedFields)))
            }
            if let diagnostic { fields.append((diagnostic.severity == .warning ? "warning" : "error", problem(diagnostic))) }
        case .ignored(let reason):
            fields = [("outcome", .string("ignored")), ("reason", .string(reason.rawValue)), ("time", .number(outcome.time))]
            if let diagnostic { fields.append(("warning", problem(diagnostic))) }
        case .rejected(let reason):
            fields = [("outcome", .string("rejected")), ("reason", .string(reason.rawValue)), ("time", .number(outcome.time))]
            if let diagnostic { fields.append(("error", problem(diagnostic))) }
            return fields
        }
        fields.append(("entries", .array(entries.map(DumpTree.event))))
        return fields
    }

    // MARK: - Problems

    /// A diagnostic located in its line: the column where it starts.
    private static func problem(_ d: Diagnostic) -> DumpValue {
        var fields: [(String, DumpValue)] = [("column", .int(d.span.start.column)), ("rule", .string(d.rule)),
                                             ("message", .string(d.message))]
        if let help = d.help { fields.append(("help", .string(help))) }
        return .object(fields)
    }

    private func errors(_ diagnostics: [Diagnostic]) -> Reply {
        .fields([("errors", .array(Diagnostic.sortedByPosition(diagnostics).map(Self.problem)))])
    }

    private func errors(rule: String, column: Int, message: String, help: String) -> Reply {
        .fields([("errors", .array([.object([("column", .int(column)), ("rule", .string(rule)),
                                             ("message", .string(message)), ("help", .string(help))])]))])
    }

    private func errors(rule: String, at node: YAMLNode, message: String, help: String) -> Reply {
        errors(rule: rule, column: node.span.start.column, message: message, help: help)
    }

    /// A JSON number's value.
    private static func number(_ node: YAMLNode) -> Double? {
        switch node.scalar?.value {
        case .int(let i)?: Double(i)
        case .float(let d)?: d
        default: nil
        }
    }

    /// The 1-based byte position of the first byte that breaks UTF-8.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var position = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): position += UTF8.width(scalar)
            case .emptyInput: return position
            case .error: return position
            }
        }
    }
}

/// The writer's indented JSON as one line: every line break it writes is
/// between tokens (a string spells its line breaks as `\n`), so dropping
/// each break and the indentation after it leaves the same JSON on one line.
func oneLine(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    var skippingIndent = false
    for byte in text.utf8 {
        if byte == 0x0A {
            skippingIndent = true
            continue
        }
        if skippingIndent, byte == 0x20 { continue }
        skippingIndent = false
        out.append(byte)
    }
    return out
}
