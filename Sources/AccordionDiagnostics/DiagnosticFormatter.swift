/// Renders diagnostics the way compilers do: a `file:line:col` headline,
/// the quoted source line with the offending stretch underlined, then
/// `help:` and related places. Pure: it returns text, the CLI prints it.
public struct DiagnosticFormatter: Sendable {
    /// Whether to wrap parts in ANSI colour codes.
    public var useColor: Bool
    /// The terminal columns a stretch of a source line takes, so the caret
    /// underline sits under the right characters in any script (the CLI
    /// passes AccordionUnicode's `DisplayWidth`); by default one column a
    /// Unicode scalar, which is right for ASCII.
    public var columns: @Sendable (Substring) -> Int

    /// Creates a formatter.
    ///
    /// - Parameters:
    ///   - useColor: Whether to wrap parts in ANSI colour codes.
    ///   - columns: The display columns of a stretch of source text.
    public init(useColor: Bool = false, columns: @escaping @Sendable (Substring) -> Int = { $0.unicodeScalars.count }) {
        self.useColor = useColor
        self.columns = columns
    }

    private func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func severityCode(_ s: Severity) -> String {
        switch s {
        case .error: "1;31"
        case .warning: "1;33"
        case .note: "1;36"
        }
    }

    /// The one-line headline: `file:line:col: error: message [rule]`.
    ///
    /// - Parameter d: The diagnostic.
    /// - Returns: One line, without a line break.
    public func headline(_ d: Diagnostic) -> String {
        let place = "\(d.span.source):\(d.span.start.line):\(d.span.start.column)"
        return paint(place, "1") + ": " + paint(d.severity.rawValue, severityCode(d.severity))
            + ": " + d.message + " [\(d.rule)]"
    }

    /// A diagnostic in full; `source` supplies the quoted line when known.
    ///
    /// - Parameters:
    ///   - d: The diagnostic.
    ///   - source: The text `d.span` points into, or nil to omit the quote.
    /// - Returns: The headline, the quoted line with its underline, `help:` and notes, one per line.
    public func format(_ d: Diagnostic, source: SourceText?) -> String {
        var out = ""
        var last = LastQuote()
        write(d, source: source, into: &out, reusing: &last)
        return out
    }

    /// The last note's quote, kept for the next problem: the thousands of
    /// taps one transition makes ignored all point their note at the same
    /// line.
    public struct LastQuote: Sendable {
        var span: SourceSpan?
        var text: String?

        /// None yet.
        public init() {}
    }

    /// `format(_:source:)` appended to `out`, piece by piece, with no
    /// string of its own: a report of a hundred thousand problems is one
    /// buffer growing, not a million small strings joined.
    ///
    /// - Parameters:
    ///   - d: The problem.
    ///   - source: The text to quote lines from, or nil.
    ///   - out: Where the text is appended.
    ///   - last: The previous note's quote, reused when this note quotes the same place.
    public func write(_ d: Diagnostic, source: SourceText?, into out: inout String, reusing last: inout LastQuote) {
        place(d.span, bold: true, into: &out)
        out += ": "
        out += paint(d.severity.rawValue, severityCode(d.severity))
        out += ": "
        out += d.message
        out += " ["
        out += d.rule
        out += "]\n"
        if let source, !writePlainQuote(d.span, in: source, severity: d.severity, into: &out),
           let quoted = quote(d.span, in: source, severity: d.severity) {
            out += quoted
        }
        if let help = d.help {
            out += "  "
            out += paint("help", "1;32")
            out += ": "
            out += help
            out += "\n"
        }
        for r in d.related {
            out += "  "
            out += paint("note", "1;36")
            out += ": "
            out += r.message
            out += " at "
            place(r.span, bold: false, into: &out)
            out += "\n"
            guard let source, r.span.source == source.name else { continue }
            if last.span != r.span {
                last = LastQuote()
                last.span = r.span
                last.text = quote(r.span, in: source, severity: .note)
            }
            if let quoted = last.text { out += quoted }
        }
    }

    /// `file:line:col`, bold in colour when `bold`.
    private func place(_ span: SourceSpan, bold: Bool, into out: inout String) {
        if bold && useColor { out += "\u{1B}[1m" }
        out += span.source
        out += ":"
        out += String(span.start.line)
        out += ":"
        out += String(span.start.column)
        if bold && useColor { out += "\u{1B}[0m" }
    }

    /// `quote(_:in:severity:)` appended to `out` for a short line of
    /// printable ASCII, where each byte is a column: the same text, written
    /// without counting scalars or making a string for each part (a report
    /// of a hundred thousand problems quotes a hundred thousand lines).
    ///
    /// - Returns: Whether it wrote the quote (false: the line needs `quote`).
    private func writePlainQuote(_ span: SourceSpan, in source: SourceText, severity: Severity, into out: inout String) -> Bool {
        let width = Self.maxQuotedColumns
        guard let line = source.printableASCIILine(span.start.line, limit: width) else { return false }
        // `quote`'s arithmetic with the window the whole line (it is at most `width` long).
        let length = line.count
        let startCol = max(1, min(span.start.column, length + 1))
        let endCol: Int
        if span.end.line == span.start.line, span.end.column > startCol {
            endCol = min(span.end.column, length + 1)
        } else if span.end.line > span.start.line {
            endCol = length + 1
        } else {
            endCol = startCol + 1
        }
        let before = min(startCol - 1, length)
        let visibleEnd = min(endCol, width + 1)
        let underlined = min(max(startCol - 1, visibleEnd - 1), length) - before
        let beyond = max(0, visibleEnd - 1 - max(length, startCol - 1))
        let marks = max(1, underlined + beyond)
        let number = String(span.start.line)
        if useColor { out += "\u{1B}[1;34m" }
        out += number
        out += " |"
        if useColor { out += "\u{1B}[0m" }
        out += " "
        out += String(decoding: line, as: UTF8.self)
        out += "\n"
        if useColor { out += "\u{1B}[1;34m" }
        Self.repeated(" ", number.utf8.count, into: &out)
        out += " |"
        if useColor { out += "\u{1B}[0m" }
        out += " "
        Self.repeated(" ", before, into: &out)
        if useColor { out += "\u{1B}[\(severityCode(severity))m" }
        Self.repeated("^", marks, into: &out)
        if useColor { out += "\u{1B}[0m" }
        out += "\n"
        return true
    }

    private static let spaces = String(repeating: " ", count: 256)
    private static let carets = String(repeating: "^", count: 256)

    /// `count` copies of `" "` or `"^"` appended to `out`.
    private static func repeated(_ character: Character, _ count: Int, into out: inout String) {
        guard count > 0 else { return }
        let run = character == " " ? spaces : carets
        if count <= run.utf8.count {
            out += run[..<run.utf8.index(run.utf8.startIndex, offsetBy: count)]
        } else {
            out += String(repeating: character, count: count)
        }
    }

    /// Widest stretch of a source line quoted; longer lines (minified or
    /// hostile files) are cut to a window around the column, marked `…`.
    public static let maxQuotedColumns = 160

    /// The source line of `span.start` with a gutter and an underline.
    ///
    /// - Parameters:
    ///   - span: Where the problem is.
    ///   - source: The text `span` points into.
    ///   - severity: Chooses the underline colour.
    /// - Returns: The quoted lines, or nil when the line is not in `source`.
    public func quote(_ span: SourceSpan, in source: SourceText, severity: Severity) -> String? {
        guard let length = source.excerpt(span.start.line, from: 0, limit: 0)?.length else { return nil }
        let number = String(span.start.line)
        let pad = Self.repeated(UInt8(ascii: " "), number.count)
        let startCol = max(1, min(span.start.column, length + 1))
        let endCol: Int
        if span.end.line == span.start.line, span.end.column > startCol {
            endCol = min(span.end.column, length + 1)
        } else if span.end.line > span.start.line {
            endCol = length + 1
        } else {
            endCol = startCol + 1
        }
        // The quoted window: the whole line when short, else a quarter of
        // the width before the column and the rest after it. Only the window
        // is copied out of the source (`excerpt`), so thousands of problems
        // on one long line cost their windows, not the line each time.
        let width = Self.maxQuotedColumns
        let first = max(0, min(startCol - 1 - width / 4, length - width))
        guard let (shown, _) = source.excerpt(span.start.line, from: first, limit: width) else { return nil }
        let cutBefore = first > 0
        let cutAfter = first + width < length
        let text = (cutBefore ? "…" : "") + shown + (cutAfter ? "…" : "")
        // The underline counts display columns (a Chinese character takes
        // two, a combining accent none); tabs stay tabs in its prefix so it
        // lines up in any terminal.
        let scalars = shown.unicodeScalars
        // A line of ASCII (nearly every spec's) has a scalar a byte, so its
        // stretches are found by byte offsets, without walking the scalars:
        // a report of thousands of problems quotes thousands of lines.
        let ascii = shown.utf8.allSatisfy { $0 < 0x80 }
        let count = ascii ? shown.utf8.count : scalars.count
        func stretch(_ from: Int, _ to: Int) -> Substring {
            if ascii {
                let bytes = shown.utf8
                let low = bytes.index(bytes.startIndex, offsetBy: min(max(0, from), count))
                let high = bytes.index(bytes.startIndex, offsetBy: min(max(from, to), count))
                return shown[low..<high]
            }
            let low = scalars.index(scalars.startIndex, offsetBy: min(max(0, from), count))
            let high = scalars.index(scalars.startIndex, offsetBy: min(max(from, to), count))
            return Substring(scalars[low..<high])
        }
        var prefix = cutBefore ? " " : ""
        let before = stretch(0, startCol - 1 - first)
        if before.utf8.contains(UInt8(ascii: "\t")) {
            for (i, piece) in before.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
                if i > 0 { prefix += "\t" }
                prefix += Self.repeated(UInt8(ascii: " "), columns(piece))
            }
        } else {
            prefix += Self.repeated(UInt8(ascii: " "), columns(before))
        }
        let visibleEnd = min(endCol, first + width + 1)
        let underlined = columns(stretch(startCol - 1 - first, visibleEnd - 1 - first))
        // Past the line's end (a missing value) the span still gets its carets, one a column.
        let beyond = max(0, visibleEnd - 1 - first - max(count, startCol - 1 - first))
        let marks = Self.repeated(UInt8(ascii: "^"), max(1, underlined + beyond))
        let gutter = paint("\(pad) |", "1;34")
        return paint("\(number) |", "1;34") + " " + text + "\n"
            + gutter + " " + prefix + paint(marks, severityCode(severity)) + "\n"
    }

    /// `count` copies of an ASCII byte (none for a count below 1), made from
    /// bytes: `String(repeating:count:)` costs several times as much for
    /// the short runs of spaces and carets every quote has.
    static func repeated(_ byte: UInt8, _ count: Int) -> String {
        String(decoding: [UInt8](repeating: byte, count: max(0, count)), as: UTF8.self)
    }

    /// The closing count line: `2 errors, 1 warning in 3 files`.
    ///
    /// - Parameters:
    ///   - errors: How many errors.
    ///   - warnings: How many warnings.
    ///   - files: How many files were checked.
    /// - Returns: The line, without a line break.
    public static func summary(errors: Int, warnings: Int, files: Int) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(errors, "error")), \(plural(warnings, "warning")) in \(plural(files, "file"))"
    }
}
