#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AccordionLSP

/// `accordion lsp`: the language server on standard input and output.
let lspCommand = CommandSpec(
    name: "lsp",
    abstract: "Run the language server (LSP 3.17) on standard input and output.",
    discussion: "For editors: diagnostics as validate reports them (at once for a single change, about "
        + "150 ms after the last change of a burst of typing), hover, completion, go to definition, references and rename of panel ids, document symbols "
        + "and quick fixes. Messages are JSON-RPC with Content-Length headers; problems with the input "
        + "stream are logged to standard error: a frame that cannot be read (a wrong or missing Content-Length, "
        + "header lines ended by LF alone, a body that is not JSON) costs that message only, answered with an "
        + "error when it is a request whose id can be read, and reading goes on at the next Content-Length header.\n\n"
        + "Exit status: 0 after shutdown and exit, 1 on exit without shutdown or at the end of the input.",
    readme: "the language server (LSP 3.17 over stdio) for editors: `validate`'s diagnostics as you type, "
        + "hover, completion, definition/references/rename of panel ids, symbols, quick fixes (see Editor set-up)",
    options: [
        OptionSpec(long: "stdio", help: "Accepted for clients that pass it: standard input and output are the "
            + "only transport."),
    ],
    run: { _ throws(UsageError) in runLanguageServer() }
)

/// The server's I/O loop: reads standard input as it comes, hands the frames
/// and the clock to `LanguageServer`, writes what it returns, and wakes for
/// the debounced diagnostics when no input arrives.
private func runLanguageServer() -> Int32 {
    // A test file's spec, when the editor does not hold it open, is read from the disk.
    var server = LanguageServer(version: version, readFile: readTestFileSpec)
    var decoder = MessageDecoder()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var log = IO.ServerLog { "accordion lsp: \($0) log lines dropped: standard error was full\n" }
    while true {
        var wait: Int32 = -1
        if let deadline = server.nextDeadline {
            wait = Int32(max(0, min(60_000, ((deadline - monotonicSeconds()) * 1000).rounded(.up))))
        }
        var fd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&fd, 1, wait)
        if ready < 0 {
            if errno == EINTR { continue }
            return 1
        }
        if ready == 0 {
            emit(server.tick(now: monotonicSeconds()), log: &log)
            continue
        }
        let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR || errno == EAGAIN { continue }
            return 1
        }
        if n == 0 {
            // The client went away without `exit`: a message it left unfinished is logged.
            if let rest = decoder.finish() { emit(server.receive([rest], now: monotonicSeconds()), log: &log) }
            return 1
        }
        decoder.feed(buffer[0..<n])
        let output = server.receive(decoder.drain(), now: monotonicSeconds())
        emit(output, log: &log)
        if let code = output.exitCode { return code }
    }
}

/// Writes what the server returned; its log never makes it wait (lines
/// standard error cannot take now, when nobody reads it, are counted).
private func emit(_ output: LanguageServer.Output, log: inout IO.ServerLog) {
    for line in output.log { log.write(line + "\n") }
    for message in output.messages { IO.writeStdout(bytes: message) }
}
