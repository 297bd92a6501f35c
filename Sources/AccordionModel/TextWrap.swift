/// The model's own line breaking, the measure of ``ScalarTextMeasure``: a
/// documented, deterministic metric in which every character (Unicode
/// scalar) advances `0.55 · fontSize` and lines break only at whitespace.
/// The format's measure (version 2) wraps plain ASCII text exactly so, and
/// reads every text's paragraphs with ``paragraphs(of:)``.
public enum TextWrap {
    /// `N = max(1, floor((W − 2 · padding) / (0.55 · fontSize) + 1e-9))`: how
    /// many characters a line holds in a content `width` points wide. The
    /// `1e-9` keeps a width that is an exact multiple of the advance from
    /// losing a character to rounding.
    ///
    /// - Parameters:
    ///   - width: The content view's width `W`.
    ///   - metrics: The text's padding and font size.
    /// - Returns: At least 1.
    public static func charactersPerLine(width: Double, metrics: TextMetrics) -> Int {
        let fitting = ((width - 2 * metrics.padding) / (0.55 * metrics.fontSize) + 1e-9).rounded(.down)
        // NaN or a negative count holds one character; a count beyond any
        // text is as good as unbounded.
        guard fitting >= 1 else { return 1 }
        return fitting >= 1e15 ? 1_000_000_000_000_000 : Int(fitting)
    }

    /// The advance of every scalar in this metric, and of the scalars of
    /// ordinary width in every measure, in ems: `0.55`.
    public static let latinAdvance = 0.55

    /// The paragraphs of `text` with its whitespace collapsed, as every
    /// measure reads a text: paragraphs are separated by blank lines (lines,
    /// split at LF, holding only whitespace); inside one, every run of
    /// whitespace (space, tab, CR, LF) is one space, and leading and trailing
    /// whitespace goes. An empty or blank text has none. Linear.
    ///
    /// - Parameter text: A content's text.
    /// - Returns: Each paragraph's words separated by single spaces.
    public static func paragraphs(of text: String) -> [String] {
        let bytes = Array(text.utf8)
        var paragraphs: [String] = []
        var paragraph: [UInt8] = []
        // The word under way starts at wordStart (-1: none); words are
        // copied whole, which is far faster than a byte at a time.
        var wordStart = -1
        var sourceLineHasText = false
        var paragraphBreak = false
        // Where the paragraph so far lies in `text` when it is the text's
        // own bytes (its words apart by single spaces): it is then copied
        // from `text` as is, without decoding and validating it again.
        var sliceStart = 0, sliceEnd = -1
        let utf8 = text.utf8
        func emit() {
            let slice = sliceEnd >= 0 ? utf8[utf8.index(utf8.startIndex, offsetBy: sliceStart)..<utf8.index(utf8.startIndex, offsetBy: sliceEnd)] : nil
            paragraphs.append(slice.flatMap { String($0) } ?? String(decoding: paragraph, as: UTF8.self))
        }
        func endWord(at end: Int) {
            guard wordStart >= 0 else { return }
            if paragraphBreak {
                emit()
                paragraph.removeAll(keepingCapacity: true)
                paragraphBreak = false
            } else if !paragraph.isEmpty {
                paragraph.append(0x20)
            }
            if paragraph.isEmpty {
                (sliceStart, sliceEnd) = (wordStart, end)
            } else if sliceEnd >= 0 {
                sliceEnd = sliceEnd + 1 == wordStart && bytes[sliceEnd] == 0x20 ? end : -1
            }
            paragraph.append(contentsOf: bytes[wordStart..<end])
            wordStart = -1
        }
        for i in 0..<bytes.count {
            let byte = bytes[i]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A {
                endWord(at: i)
                if byte == 0x0A {
                    if !sourceLineHasText, !paragraph.isEmpty { paragraphBreak = true }
                    sourceLineHasText = false
                }
                continue
            }
            if wordStart < 0 { wordStart = i }
            sourceLineHasText = true
        }
        endWord(at: bytes.count)
        if !paragraph.isEmpty { emit() }
        return paragraphs
    }

    /// Whitespace of the metric: space, tab, CR and LF, nothing else.
    @inline(__always)
    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\r" || s == "\n"
    }

    /// The text's lines, greedily wrapped at `perLine` characters.
    ///
    /// Paragraphs are separated by blank lines (lines, split at LF, holding
    /// only whitespace); inside one every run of whitespace counts as one
    /// space and leading and trailing whitespace goes. A word goes on the
    /// current line if the line is empty and the word fits, or if the line,
    /// a space and the word fit; otherwise it starts a new line. A word
    /// longer than a line starts a new line (unless the current one is
    /// empty) and is cut into pieces of `perLine` characters, each filling a
    /// line, the last staying on its line for the words after it. One empty
    /// line separates paragraphs; an empty text has no lines. Linear in the
    /// text's length.
    ///
    /// - Parameters:
    ///   - text: The content's text.
    ///   - perLine: `N`, from `charactersPerLine(width:metrics:)`.
    /// - Returns: The lines, top to bottom ("" between paragraphs).
    public static func lines(of text: String, perLine: Int) -> [String] {
        // Read as UTF-8 bytes: the metric's whitespace is ASCII, which never
        // occurs inside a multi-byte character, and a character is counted
        // at its first byte (any but 10xxxxxx). Lines are built as bytes:
        // appending one scalar at a time to a String is far slower.
        wrap(Array(text.utf8), limit: max(1, perLine))
    }

    private static func wrap(_ bytes: [UInt8], limit: Int) -> [String] {
        var lines: [String] = []
        var line: [UInt8] = []
        var lineLength = 0
        // The word under way: bytes[wordStart..<wordEnd], wordLength characters.
        var wordStart = 0, wordEnd = 0, wordLength = 0
        // Whether the paragraph under way has a word, and whether a blank
        // line was seen since its last word (the next word opens a new one).
        var paragraphHasWords = false
        var paragraphBreak = false
        // Whether the source line under way has held anything but whitespace.
        var sourceLineHasText = false

        func endLine() {
            lines.append(String(decoding: line, as: UTF8.self))
            line.removeAll(keepingCapacity: true)
            lineLength = 0
        }

        func placeWord() {
            if paragraphBreak {
                if lineLength > 0 { endLine() }
                lines.append("")
                paragraphBreak = false
            }
            paragraphHasWords = true
            let word = bytes[wordStart..<wordEnd]
            if wordLength <= limit {
                if lineLength > 0, lineLength + 1 + wordLength <= limit {
                    line.append(UInt8(ascii: " "))
                } else if lineLength > 0 {
                    endLine()
                }
                line.append(contentsOf: word)
                lineLength += (lineLength > 0 ? 1 : 0) + wordLength
                return
            }
            if lineLength > 0 { endLine() }
            var piece = 0
            for byte in word {
                let startsCharacter = byte & 0xC0 != 0x80
                if startsCharacter {
                    if piece == limit {
                        endLine()
                        piece = 0
                    }
                    piece += 1
                }
                line.append(byte)
            }
            lineLength = piece
        }

        func endWord() {
            guard wordLength > 0 else { return }
            placeWord()
            wordLength = 0
        }

        for i in 0..<bytes.count {
            let byte = bytes[i]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A {
                endWord()
                if byte == 0x0A {
                    if !sourceLineHasText, paragraphHasWords { paragraphBreak = true }
                    sourceLineHasText = false
                }
            } else {
                if wordLength == 0 { wordStart = i }
                wordEnd = i + 1
                if byte & 0xC0 != 0x80 { wordLength += 1 }
                sourceLineHasText = true
            }
        }
        // The last source line ends with the text: it may be blank, but no
        // word follows it, so it separates nothing.
        endWord()
        if lineLength > 0 { endLine() }
        return lines
    }
}
