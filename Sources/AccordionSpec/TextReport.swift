import AccordionDiagnostics
import AccordionUnicode

/// The text form of `validate`'s report, shared by the CLI and the fixture
/// tests so the goldens pin exactly what an author sees.
public enum TextReport {
    /// One file's problems in compiler style, each followed by a blank line.
    ///
    /// - Parameters:
    ///   - name: The file's name.
    ///   - bytes: Its text, for quoting lines.
    ///   - diagnostics: Its problems.
    ///   - useColor: Whether to use ANSI colours.
    /// - Returns: The report text; empty when there are no problems.
    public static func file(name: String, bytes: [UInt8], diagnostics: [Diagnostic], useColor: Bool = false) -> String {
        var out = ""
        write(name: name, bytes: bytes, diagnostics: diagnostics, useColor: useColor) { out += $0 }
        return out
    }

    /// The same report, handed to `sink` in pieces of about 64 KiB as it is
    /// made: a file with a hundred thousand warnings is printed without its
    /// whole report (tens of megabytes) held at once.
    ///
    /// - Parameters:
    ///   - name: The file's name.
    ///   - bytes: Its text, for quoting lines.
    ///   - diagnostics: Its problems.
    ///   - useColor: Whether to use ANSI colours.
    ///   - sink: Takes each piece, in order.
    public static func write(name: String, bytes: [UInt8], diagnostics: [Diagnostic], useColor: Bool = false,
                             to sink: (String) -> Void) {
        guard !diagnostics.isEmpty else { return }
        let formatter = formatter(useColor: useColor)
        // The quotes need only the text up to the last line they show (a
        // large spec's few problems are often near its top).
        let related = diagnostics.lazy.flatMap(\.related).filter { $0.span.source == name }.map(\.span.start.line)
        let lastLine = max(diagnostics.lazy.map(\.span.start.line).max() ?? 0, related.max() ?? 0)
        let source = SourceText(name: name, bytes: bytes, throughLine: lastLine)
        var out = ""
        out.reserveCapacity(1 << 17)
        var last = DiagnosticFormatter.LastQuote()
        for d in diagnostics {
            formatter.write(d, source: source, into: &out, reusing: &last)
            out += "\n"
            if out.utf8.count >= 1 << 16 {
                sink(out)
                out = ""
            }
        }
        if !out.isEmpty { sink(out) }
    }

    /// The formatter every command prints diagnostics with: its caret
    /// underline counts display columns (`DisplayWidth`), so it sits under
    /// the right characters in a line of Chinese or emoji.
    ///
    /// - Parameter useColor: Whether to use ANSI colours.
    /// - Returns: The formatter.
    public static func formatter(useColor: Bool = false) -> DiagnosticFormatter {
        DiagnosticFormatter(useColor: useColor, columns: { DisplayWidth.columns(of: $0) })
    }

    /// The closing line, counting errors and warnings over all files.
    ///
    /// - Parameter diagnostics: Each file's problems.
    /// - Returns: The line, without a line break.
    public static func summary(_ diagnostics: [[Diagnostic]]) -> String {
        let all = diagnostics.joined()
        return DiagnosticFormatter.summary(errors: all.count { $0.severity == .error },
                                           warnings: all.count { $0.severity == .warning },
                                           files: diagnostics.count) + "\n"
    }
}
