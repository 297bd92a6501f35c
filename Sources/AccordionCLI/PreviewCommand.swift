#if canImport(Glibc)
import Glibc
#endif
import AccordionModel
import AccordionRender
import AccordionServe
import AccordionSpec

/// `accordion preview`: the HTML page of `render --format html`, served on
/// this machine and kept up to date as the spec is edited.
let previewCommand = CommandSpec(
    name: "preview",
    abstract: "Serve a spec's HTML page on this machine and update the open tab as the file changes.",
    discussion: "Serves the page 'render --format html' makes at http://127.0.0.1:PORT/ and pushes a new page "
        + "to the open tab within a second of each save (Server-Sent Events), keeping the panel it had open "
        + "when that panel is still there. An invalid edit shows the problems 'validate' reports, each at its "
        + "file:line:col with its source line, over the last good page until a fix is saved.\n\n"
        + "It serves only the page and its event stream (404 for anything else, never a file), answers only "
        + "GET (405), and only to the Host names 127.0.0.1, localhost and [::1] with the port, or the --host "
        + "given (403), against DNS rebinding. It listens on the loopback interface unless --host names "
        + "another address (then it warns).\n\n"
        + "Limits: 64 connections reading a request or writing an answer and, counted apart, 256 event "
        + "streams; at either limit the oldest connection waiting for its request, or the oldest stream, is "
        + "closed to make room. A connection that sends nothing is closed after 3 s; a request head must "
        + "arrive within 10 s. During a storm of saves the page still updates at least every half second.\n\n"
        + "Exit status: 0 stopped by Ctrl-C (SIGINT) or SIGTERM, 2 usage or I/O problems (a port in use).",
    readme: "serves the `render --format html` page at `http://127.0.0.1:8017/` and updates the open tab within "
        + "a second of each save; an invalid edit shows the located problems over the last good page "
        + "(loopback only unless `--host`; foreign `Host` names refused)",
    arguments: [ArgumentSpec(valueName: "file", help: "The spec (a file: it is watched for changes).")],
    options: [
        OptionSpec(long: "port", valueName: "n", defaultValue: "8017",
                   help: "The TCP port; 0 takes a free one (the URL printed says which)."),
        OptionSpec(long: "host", valueName: "address", defaultValue: "127.0.0.1",
                   help: "The address to listen on: an IPv4 or IPv6 address, or localhost. Any address other "
                    + "than a loopback one makes the page reachable from other machines."),
        deviceOption,
        colorOption,
    ],
    run: { args throws(UsageError) in try PreviewServer.main(PreviewOptions(args)) }
)

/// What the command line asked `preview` to do, typed and checked.
struct PreviewOptions {
    var input: String
    var port: UInt16
    /// The `--host` value as given, and the address it names.
    var host: String
    var address: ListenAddress
    var color: ColorChoice
    /// The device the page shows the container on instead of the spec's; nil without `--device`.
    var device: Device?

    init(_ args: ParsedArguments) throws(UsageError) {
        input = args.positionals[0]
        device = args.value("device").flatMap(Device.init(rawValue:))
        if input == "-" { throw UsageError("preview watches a file; give a file name, not '-'") }
        color = args.color
        let portText = args.value("port") ?? "8017"
        guard let port = UInt16(portText), !portText.hasPrefix("+") else {
            throw UsageError("--port needs a whole number 0…65535 (got '\(portText)'); 0 takes a free port")
        }
        self.port = port
        host = args.value("host") ?? "127.0.0.1"
        guard let address = ListenAddress(host) else {
            throw UsageError("--host needs an IP address such as 127.0.0.1 or ::1, or localhost (got '\(host)')")
        }
        self.address = address
    }
}

/// An address to listen on, parsed by `inet_pton`.
enum ListenAddress {
    case v4(in_addr)
    case v6(in6_addr)

    /// An IPv4 or IPv6 literal (brackets allowed), or `localhost` (127.0.0.1); nil for anything else.
    init?(_ text: String) {
        var name = text
        if name.lowercased() == "localhost" { name = "127.0.0.1" }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            self = .v4(v4)
        } else if inet_pton(AF_INET6, name, &v6) == 1 {
            self = .v6(v6)
        } else {
            return nil
        }
    }

    /// 127.0.0.0/8 or ::1: reachable only from this machine.
    var isLoopback: Bool {
        switch self {
        case .v4(let a): return UInt32(bigEndian: a.s_addr) >> 24 == 127
        case .v6(var a):
            return withUnsafeBytes(of: &a) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
        }
    }

    /// 0.0.0.0 or ::, every interface.
    var isUnspecified: Bool {
        switch self {
        case .v4(let a): return a.s_addr == 0
        case .v6(var a): return withUnsafeBytes(of: &a) { $0.allSatisfy { $0 == 0 } }
        }
    }

    /// The address as a URL writes it (`127.0.0.1`, `[::1]`); for every
    /// interface, the loopback address that reaches it from here.
    var urlHost: String {
        if isUnspecified {
            if case .v6 = self { return "[::1]" }
            return "127.0.0.1"
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch self {
        case .v4(var a): inet_ntop(AF_INET, &a, &text, socklen_t(text.count))
        case .v6(var a): inet_ntop(AF_INET6, &a, &text, socklen_t(text.count))
        }
        let name = text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if case .v6 = self { return "[\(name)]" }
        return name
    }
}

/// The spec as the preview knows it: the last good document (the page is
/// made from it on every request), the problems of the file as it is now,
/// and the version of the good page, so an open tab can tell it is stale.
struct PreviewSession {
    let path: String
    let color: ColorChoice
    /// `--device`: every good version is shown on it, as `render --device` shows it.
    var device: Device?
    private(set) var document: AccordionSpecDocument?
    /// The overlay's markup while the file as saved has errors (or cannot be read).
    private(set) var problems: String?
    private(set) var generation = 0
    /// The terminal's lines, never waited for: a server whose standard error nobody reads goes on serving.
    private var log = IO.ServerLog { "── \($0) log entries dropped: standard error was full ──\n" }
    /// When this server started (seconds), the first part of every page version.
    private let started = time(nil)
    /// The current good page's name: the server's start and its count of good pages.
    var version: String { "\(started)-\(generation)" }

    init(path: String, color: ColorChoice) {
        self.path = path
        self.color = color
    }

    /// Reads the file again: a good spec becomes the next generation, a bad
    /// one keeps the last good document and sets the problems. Either way the
    /// terminal gets a line, and the problems exactly as `validate` prints them.
    mutating func reload() {
        let bytes: [UInt8]
        do throws(IO.Failure) {
            bytes = try IO.readInput(path, limit: RenderJob.inputLimit)
        } catch {
            problems = PreviewPage.overlay("accordion: error: \(error.message)")
            log.write("── \(clockTime()) · accordion: error: \(error.message)\n")
            return
        }
        // The project's rule levels, read again with the spec (an edit of `.accordion.yaml` counts at the next save).
        var projects = ProjectSettings()
        let result = (projects.find(for: path)?.settings ?? .none).applied(to: SpecLoader.load(bytes, source: path))
        let report = FileReport(name: path, bytes: bytes, diagnostics: result.diagnostics)
        let shown = report.diagnostics.isEmpty ? "" : ValidateOutput.text([report], useColor: color.enabled(fd: 2))
        guard report.errors == 0, let document = result.document else {
            problems = PreviewPage.overlay(ValidateOutput.text([report], useColor: false))
            log.write("── \(clockTime()) · \(path) has errors; the page keeps the last good version ──\n" + shown)
            return
        }
        var shownDocument = document
        if let device { shownDocument.container = document.container.shown(on: device) }
        self.document = shownDocument
        problems = nil
        generation += 1
        log.write("── \(clockTime()) · \(path) loaded (page \(generation)) ──\n" + shown)
    }


    /// The event that tells a page where things stand now.
    var event: String {
        if let problems { return ServerSentEvent.encode("problem", data: problems) }
        return ServerSentEvent.encode("page", data: version)
    }

    /// The page for a request: the renderer's page of the last good document
    /// (with the panel the reloading tab had open tapped open through the
    /// model when the script leaves it otherwise), the overlay shown while
    /// the file is broken; before any good version, the overlay alone.
    func page(keeping kept: KeptPanel) -> String {
        let addendum = PreviewPage.addendum(version: version, problems: problems)
        guard let document, var snapshot = Self.settled(document, tap: nil) else {
            return PreviewPage.placeholder(title: path, addendum: addendum)
        }
        let stack = snapshot.panels.map(\.panel.id)
        if let tap = PreviewPage.tapToKeep(kept, stack: stack, expanded: snapshot.expandedIndex),
           let kept = Self.settled(document, tap: tap) {
            snapshot = kept
        }
        return HTMLRender.page(snapshot, addendum: addendum)
    }

    /// The settled state after the script and, when given, a tap on that
    /// header (nil only if the run refused, which a single moment never does).
    static func settled(_ document: AccordionSpecDocument, tap: Int?) -> Snapshot? {
        let steps = document.steps + (tap.map { [Step(.tap(panel: $0))] } ?? [])
        let lines = [Int?](repeating: nil, count: steps.count)
        let run = RenderRun.play(document, steps: steps, lines: lines, until: nil, series: false, maxItems: .max)
        return (try? run.get())?.snapshots.first
    }
}
