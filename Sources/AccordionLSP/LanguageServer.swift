import AccordionDiagnostics
import AccordionSpec
import AccordionTesting
import AccordionYAML

/// The language server's whole state and behaviour, with no I/O: the
/// executable's loop feeds it decoded frames and the clock, and writes out
/// what it returns. A thin layer over the analysis `accordion validate`
/// runs (the way rust-analyzer sits over the compiler's own passes).
public struct LanguageServer: Sendable {
    /// What one call produced for the loop to do.
    public struct Output: Sendable {
        /// Framed messages to write to the client, in order.
        public var messages: [[UInt8]] = []
        /// Lines for standard error (malformed input, for instance).
        public var log: [String] = []
        /// Set when the client sent `exit`: the process ends with this code.
        public var exitCode: Int32?

        mutating func send(_ value: JSONValue) {
            messages.append(MessageDecoder.frame(Array(value.serialized().utf8)))
        }
    }

    /// Where the session is in the protocol's lifecycle.
    enum Lifecycle { case uninitialized, running, shutDown }

    /// One open document.
    struct OpenDocument {
        var uri: String
        /// The name diagnostics give the file (its path), as `validate` would.
        var source: String
        var text: TextDocument
        var isSpec: Bool
        /// A `*.test.yaml`: checked against the spec it names, as `validate` checks it.
        var isTestFile: Bool
        /// A project file (`.accordion.yaml`): its own problems are published,
        /// and the specs it governs follow its text.
        var isProjectFile = false
        var analysis: Analysis?
        /// Where its panel ids are, for navigation (built on the first request after a change).
        var panelIndex: PanelIndex?
        /// Whether the client holds diagnostics from us for it (to clear them when it stops being a spec).
        var hasPublished = false
    }

    var lifecycle = Lifecycle.uninitialized
    /// How the client counts characters; settled by `initialize`.
    public private(set) var encoding = PositionEncoding.utf16
    var documents: [String: OpenDocument] = [:]
    /// Project files not open whose problems were published (because a spec
    /// they govern is open), by URI: cleared once they have none.
    var publishedProjectFiles: Set<String> = []
    /// Documents whose diagnostics are due, by the monotonic time (seconds) they are due at.
    var due: [String: Double] = [:]
    /// When each document last changed (monotonic seconds): a change after a
    /// quiet spell is analysed at once, a change inside a burst waits.
    var lastChange: [String: Double] = [:]
    /// How long a burst of changes must be quiet before its diagnostics are
    /// published: typing does not re-run the validator per key. The first
    /// change after such a quiet spell is published at once (leading edge),
    /// so a single edit is answered as fast as the analysis runs.
    public var debounce: Double
    /// The version reported in `initialize`'s `serverInfo`.
    let version: String
    /// Reads a file the editor does not hold open (the spec a test file
    /// names); the executable gives one, the library itself reads no file.
    let readFile: @Sendable (String) -> Result<[UInt8], TestFile.SpecUnreadable>

    /// A server before `initialize`.
    ///
    /// - Parameters:
    ///   - version: The tool's version, for `serverInfo`.
    ///   - debounce: Seconds a burst of changes must be quiet before its diagnostics.
    ///   - readFile: Reads a file by path, for the spec of a test file when
    ///     the editor does not hold it open (by default none can be read).
    public init(version: String, debounce: Double = 0.15,
                readFile: @escaping @Sendable (String) -> Result<[UInt8], TestFile.SpecUnreadable> = { _ in
                    .failure(TestFile.SpecUnreadable(reason: "the server reads no files"))
                }) {
        self.version = version
        self.debounce = debounce
        self.readFile = readFile
    }

    /// When `tick` next has work, if ever: the loop waits for input at most until then.
    public var nextDeadline: Double? { due.values.min() }

    // MARK: - Receiving

    /// Handles a batch of frames read together. A `$/cancelRequest` in the
    /// batch cancels a request of the same batch that it follows or
    /// precedes: requests run one at a time, so only one still waiting can be cancelled.
    ///
    /// - Parameters:
    ///   - frames: Decoded frames, in stream order.
    ///   - now: The monotonic clock, in seconds.
    /// - Returns: What to write, log, and whether to exit.
    public mutating func receive(_ frames: [MessageDecoder.Frame], now: Double) -> Output {
        var out = Output()
        var messages: [IncomingMessage] = []
        for frame in frames {
            switch frame {
            case .malformed(let why, let body):
                out.log.append("accordion lsp: dropped input: \(why)")
                // A request among the dropped bytes still gets its answer: an error saying why it was not run.
                if let id = JSONSkim.requestID(body) {
                    out.send(Outgoing.error(id, ResponseError(.invalidRequest, "the message was not run: \(why)")))
                }
            case .message(let body):
                switch IncomingMessage.decode(body) {
                case .success(let message): messages.append(message)
                case .failure(let failure):
                    guard let error = failure.error else { continue }
                    out.log.append("accordion lsp: \(error.message)")
                    out.send(Outgoing.error(failure.id, error))
                }
            }
        }
        var cancelled = Set<RequestID>()
        for m in messages where m.method == "$/cancelRequest" {
            if let id = RequestID(m.params?["id"]) { cancelled.insert(id) }
        }
        for m in messages {
            if let id = m.id, cancelled.contains(id) {
                out.send(Outgoing.error(id, ResponseError(.requestCancelled, "cancelled before it ran")))
                continue
            }
            handle(m, now: now, into: &out)
            if out.exitCode != nil { break }
        }
        // Work that is due now (a document just opened) goes out with this batch.
        out.messages += tick(now: now).messages
        return out
    }

    /// Publishes the diagnostics that are due.
    ///
    /// - Parameter now: The monotonic clock, in seconds.
    /// - Returns: The `publishDiagnostics` notifications.
    public mutating func tick(now: Double) -> Output {
        var out = Output()
        for (uri, time) in due.sorted(by: { $0.key < $1.key }) where time <= now {
            due[uri] = nil
            publishDiagnostics(uri, into: &out)
        }
        return out
    }

    mutating func handle(_ message: IncomingMessage, now: Double, into out: inout Output) {
        if let id = message.id {
            guard let handler = Self.requests[message.method] else {
                out.send(Outgoing.error(id, ResponseError(.methodNotFound, "no method '\(message.method)'")))
                return
            }
            if lifecycle == .uninitialized, message.method != "initialize" {
                out.send(Outgoing.error(id, ResponseError(.serverNotInitialized, "initialize first")))
                return
            }
            if lifecycle == .running, message.method == "initialize" {
                out.send(Outgoing.error(id, ResponseError(.invalidRequest, "the server is already initialized; initialize is sent once")))
                return
            }
            if lifecycle == .shutDown {
                out.send(Outgoing.error(id, ResponseError(.invalidRequestState, "the server is shut down")))
                return
            }
            do throws(ResponseError) {
                out.send(Outgoing.response(id, result: try handler(&self, message.params)))
            } catch {
                out.send(Outgoing.error(id, error))
            }
        } else if message.method == "exit" {
            out.exitCode = lifecycle == .shutDown ? 0 : 1
        } else if let handler = Self.notifications[message.method] {
            // Notifications before `initialize` are dropped, as the protocol says.
            guard lifecycle == .running else { return }
            handler(&self, message.params, now, &out)
        }
        // Other notifications (`$/…` among them) are ignored, as the protocol allows.
    }

    // MARK: - Method tables

    typealias RequestHandler = @Sendable (inout LanguageServer, YAMLNode?) throws(ResponseError) -> JSONValue
    typealias NotificationHandler = @Sendable (inout LanguageServer, YAMLNode?, Double, inout Output) -> Void

    /// Every request the server answers, by method.
    static let requests: [String: RequestHandler] = lifecycleRequests.merging(featureRequests) { a, _ in a }

    static let lifecycleRequests: [String: RequestHandler] = [
        "initialize": { server, params throws(ResponseError) in server.initialize(params) },
        "shutdown": { server, _ throws(ResponseError) in
            server.lifecycle = .shutDown
            return .null
        },
    ]

    /// Every notification the server acts on, by method.
    static let notifications: [String: NotificationHandler] = [
        "initialized": { _, _, _, _ in },
        "textDocument/didOpen": { server, params, now, _ in server.didOpen(params, now: now) },
        "textDocument/didChange": { server, params, now, _ in server.didChange(params, now: now) },
        "textDocument/didSave": { server, params, now, _ in
            if let uri = params?["textDocument"]?["uri"]?.string, server.documents[uri] != nil { server.due[uri] = now }
        },
        "textDocument/didClose": { server, params, now, out in server.didClose(params, now: now, into: &out) },
    ]

    // MARK: - Lifecycle

    mutating func initialize(_ params: YAMLNode?) -> JSONValue {
        lifecycle = .running
        let offered = params?["capabilities"]?["general"]?["positionEncodings"]?.items.map { Array($0) } ?? []
        encoding = offered.contains { $0.string == "utf-8" } ? .utf8 : .utf16
        return .object([
            ("capabilities", .object([
                ("positionEncoding", .string(encoding.rawValue)),
                ("textDocumentSync", .object([
                    ("openClose", .bool(true)),
                    ("change", .int(2)),  // incremental
                    ("save", .object([("includeText", .bool(false))])),
                ])),
            ] + Self.featureCapabilities)),
            ("serverInfo", .object([("name", .string("accordion")), ("version", .string(version))])),
        ])
    }

    // MARK: - Documents

    mutating func didOpen(_ params: YAMLNode?, now: Double) {
        guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
        let bytes = Array(text.utf8)
        let source = Self.path(ofURI: uri)
        documents[uri] = OpenDocument(uri: uri, source: source,
                                      text: TextDocument(bytes: bytes, version: item["version"]?.int ?? 0),
                                      isSpec: Analysis.isAccordionSpec(bytes), isTestFile: TestFile.isTestFile(source),
                                      isProjectFile: Self.isProjectFile(source))
        due[uri] = now
        testFilesFollow(now: now)
        if Self.isProjectFile(source) { specsFollow(now: now) }
    }

    /// Whether a path names a project file.
    static func isProjectFile(_ source: String) -> Bool {
        source == ProjectFile.name || source.hasSuffix("/" + ProjectFile.name)
    }

    /// The open specs and test files are checked again after a project
    /// file's text changed (their rule levels come from it).
    mutating func specsFollow(now: Double) {
        for (other, document) in documents where !document.isProjectFile {
            documents[other]?.analysis = nil
            due[other] = min(due[other] ?? .infinity, now + debounce)
        }
    }

    /// Test files are checked against their spec's current text: a change to
    /// any other document (their spec, open or saved) checks them again.
    mutating func testFilesFollow(changeOf uri: String? = nil, now: Double) {
        for (other, document) in documents where document.isTestFile && other != uri {
            documents[other]?.analysis = nil
            due[other] = min(due[other] ?? .infinity, now + debounce)
        }
    }

    mutating func didChange(_ params: YAMLNode?, now: Double) {
        guard let uri = params?["textDocument"]?["uri"]?.string, var document = documents[uri] else { return }
        for change in params?["contentChanges"]?.items.map({ Array($0) }) ?? [] {
            guard let text = change["text"]?.string else { continue }
            if let range = change["range"], let lower = position(range["start"]), let upper = position(range["end"]) {
                document.text.replace(from: document.text.offset(of: lower, encoding),
                                      to: document.text.offset(of: upper, encoding), with: Array(text.utf8))
            } else {
                document.text.replaceAll(with: Array(text.utf8))
            }
        }
        if let version = params?["textDocument"]?["version"]?.int { document.text.version = version }
        document.isSpec = Analysis.isAccordionSpec(document.text.bytes)
        document.analysis = nil
        document.panelIndex = nil
        documents[uri] = document
        let quiet = lastChange[uri].map { now - $0 >= debounce } ?? true
        due[uri] = quiet ? now : now + debounce
        lastChange[uri] = now
        testFilesFollow(changeOf: uri, now: now)
        if document.isProjectFile { specsFollow(now: now) }
    }

    /// Forgets the document and clears the diagnostics the client holds for
    /// it (test files then read their spec from the disk again).
    mutating func didClose(_ params: YAMLNode?, now: Double, into out: inout Output) {
        guard let uri = params?["textDocument"]?["uri"]?.string, let document = documents.removeValue(forKey: uri) else { return }
        due[uri] = nil
        lastChange[uri] = nil
        testFilesFollow(changeOf: uri, now: now)
        if document.isProjectFile { specsFollow(now: now) }
        if document.hasPublished {
            out.send(Outgoing.notification("textDocument/publishDiagnostics", .object([
                ("uri", .string(uri)), ("diagnostics", .array([])),
            ])))
        }
    }

    func position(_ node: YAMLNode?) -> Position? {
        guard let line = node?["line"]?.int, let character = node?["character"]?.int else { return nil }
        return Position(line: line, character: character)
    }

    /// The document's analysis for its current version, computed when missing or stale.
    mutating func analysis(_ uri: String) -> Analysis? {
        guard let document = documents[uri] else { return nil }
        if let analysis = document.analysis {
            return analysis
        }
        var analysis = document.isTestFile
            ? Analysis.runTestFile(document.text.bytes, source: document.source, version: document.text.version,
                                   spec: specText)
            : Analysis.run(document.text.bytes, source: document.source, version: document.text.version)
        // The project's rule levels, as `validate` applies them to the same file.
        let settings = projectSettings(for: document.source)
        if settings != .none {
            let before = analysis.diagnostics.contains { $0.severity == .error }
            analysis.diagnostics = settings.applied(to: analysis.diagnostics)
            if !before, analysis.diagnostics.contains(where: { $0.severity == .error }) { analysis.document = nil }
        }
        documents[uri]?.analysis = analysis
        return analysis
    }

    /// The settings of the nearest `.accordion.yaml` above a document's
    /// path, read through `readFile` (the executable's), as `validate` finds it.
    func projectSettings(for source: String) -> RuleSettings {
        projectFile(for: source)?.settings ?? .none
    }

    /// The nearest `.accordion.yaml` above a document's path: its path,
    /// text (the editor's when it is open, else the file's), settings and
    /// own problems.
    func projectFile(for source: String) -> (path: String, bytes: [UInt8], settings: RuleSettings, problems: [Diagnostic])? {
        guard source.hasPrefix("/") else { return nil }
        for folder in ProjectFile.folders(above: source, cwd: "/") {
            let path = folder + ProjectFile.name
            if case .success(let bytes) = specText(path) {
                let read = ProjectFile.read(bytes, source: path)
                return (path, bytes, read.settings, read.problems)
            }
        }
        return nil
    }

    /// A spec's text: the editor's, when it holds the file open (unsaved
    /// changes included), else the file's.
    func specText(_ path: String) -> Result<[UInt8], TestFile.SpecUnreadable> {
        let wanted = Self.normalized(path)
        if let open = documents.values.first(where: { Self.normalized($0.source) == wanted }) { return .success(open.text.bytes) }
        return readFile(path)
    }

    /// A path with its `.` and `..` segments resolved (as far as they go),
    /// so `tests/../specs/a.yaml` names the document open as `specs/a.yaml`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    mutating func publishDiagnostics(_ uri: String, into out: inout Output) {
        guard let document = documents[uri] else { return }
        var items: [JSONValue] = []
        if document.isProjectFile {
            // Its own problems (a bad level, an unknown rule id), as `validate` reports them.
            items = ProjectFile.read(document.text.bytes, source: document.source).problems.map { lspDiagnostic($0, in: document) }
        } else if document.isSpec || document.isTestFile, let analysis = analysis(uri) {
            items = analysis.diagnostics.map { lspDiagnostic($0, in: document) }
            publishProjectFile(governing: document, into: &out)
        } else if !document.hasPublished {
            return
        }
        documents[uri]?.hasPublished = !items.isEmpty
        out.send(Outgoing.notification("textDocument/publishDiagnostics", .object([
            ("uri", .string(uri)), ("version", .int(document.text.version)), ("diagnostics", .array(items)),
        ])))
    }

    /// The problems of the project file that governs an open spec, when
    /// that file is not open itself (an open one publishes its own): an
    /// unknown rule id there silently changes what the spec reports.
    mutating func publishProjectFile(governing document: OpenDocument, into out: inout Output) {
        guard let project = projectFile(for: document.source) else { return }
        let uri = Self.uri(ofPath: project.path)
        guard !documents.values.contains(where: { Self.normalized($0.source) == Self.normalized(project.path) }) else { return }
        if project.problems.isEmpty {
            guard publishedProjectFiles.remove(uri) != nil else { return }
        } else {
            publishedProjectFiles.insert(uri)
        }
        let file = OpenDocument(uri: uri, source: project.path, text: TextDocument(bytes: project.bytes, version: 0),
                                isSpec: false, isTestFile: false, isProjectFile: true)
        out.send(Outgoing.notification("textDocument/publishDiagnostics", .object([
            ("uri", .string(uri)), ("diagnostics", .array(project.problems.map { lspDiagnostic($0, in: file) })),
        ])))
    }

    /// The `file:` URI of an absolute path, with bytes outside the
    /// unreserved set and `/` percent-encoded (`path(ofURI:)` reads it back).
    static func uri(ofPath path: String) -> String {
        "file://" + PathEncoding.percentEncoded(path)
    }

    /// One diagnostic as the protocol spells it: the rule id as `code`, the
    /// `help:` text after the message, secondary places as related information.
    func lspDiagnostic(_ d: Diagnostic, in document: OpenDocument) -> JSONValue {
        let severity = switch d.severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
        var fields: [(String, JSONValue)] = [
            ("range", range(d.span, in: document.text)),
            ("severity", .int(severity)),
            ("code", .string(d.rule)),
            ("source", .string("accordion")),
            ("message", .string(d.help.map { "\(d.message)\nhelp: \($0)" } ?? d.message)),
        ]
        let related = d.related.filter { $0.span.source == document.source }
        if !related.isEmpty {
            fields.append(("relatedInformation", .array(related.map { r in
                .object([("location", .object([("uri", .string(document.uri)), ("range", range(r.span, in: document.text))])),
                         ("message", .string(r.message))])
            })))
        }
        return .object(fields)
    }

    func range(_ span: SourceSpan, in text: TextDocument) -> JSONValue {
        Self.range(text.position(ofOffset: span.start.offset, encoding), text.position(ofOffset: span.end.offset, encoding))
    }

    static func range(_ start: Position, _ end: Position) -> JSONValue {
        .object([("start", position(start)), ("end", position(end))])
    }

    static func position(_ p: Position) -> JSONValue {
        .object([("line", .int(p.line)), ("character", .int(p.character))])
    }

    /// The file path of a `file:` URI, percent-decoded (other URIs are kept as they are).
    static func path(ofURI uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var bytes: [UInt8] = []
        let raw = Array(uri.utf8.dropFirst(7))
        var i = 0
        while i < raw.count {
            if raw[i] == UInt8(ascii: "%"), i + 2 < raw.count,
               let value = UInt8(String(decoding: raw[i + 1...i + 2], as: UTF8.self), radix: 16) {
                bytes.append(value)
                i += 3
            } else {
                bytes.append(raw[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
