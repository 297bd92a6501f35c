/// A point in a source file, as an editor shows it.
///
/// `line` and `column` are 1-based; `column` counts Unicode characters
/// (scalars), not bytes, so a caret lines up under what the author sees.
/// `offset` is the 0-based byte offset into the file, for tools that slice.
public struct SourceMark: Hashable, Sendable, Comparable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    /// 0-based byte offset from the start of the input.
    public var offset: Int

    /// Creates a mark.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// Marks order by position in the file.
    public static func < (lhs: SourceMark, rhs: SourceMark) -> Bool {
        (lhs.line, lhs.column, lhs.offset) < (rhs.line, rhs.column, rhs.offset)
    }
}

/// A stretch of a named source: where a node or a problem starts and ends.
public struct SourceSpan: Hashable, Sendable {
    /// The name the user gave for the source (a path, or `<stdin>`).
    public var source: String
    /// First character of the span.
    public var start: SourceMark
    /// Just past the last character of the span.
    public var end: SourceMark

    /// Creates a span.
    public init(source: String, start: SourceMark, end: SourceMark) {
        self.source = source
        self.start = start
        self.end = end
    }

    /// A zero-width span at one mark.
    ///
    /// - Parameters:
    ///   - source: The file's name.
    ///   - mark: Where the span starts and ends.
    public init(source: String, at mark: SourceMark) {
        self.init(source: source, start: mark, end: mark)
    }
}
