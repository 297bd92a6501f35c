/// The line breaks of a text content: a documented, deterministic metric in
/// which every character (Unicode scalar) advances `0.55 · fontSize`, not a
/// font. The model measures a panel's text with it once, and every renderer
/// draws exactly the lines it returns, so a picture shows what was measured.
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
        let limit = max(1, perLine)
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var lineLength = 0
        var word = String.UnicodeScalarView()
        var wordLength = 0
        // Whether the paragraph under way has a word, and whether a blank
        // line was seen since its last word (the next word opens a new one).
        var paragraphHasWords = false
        var paragraphBreak = false
        // Whether the source line under way has held anything but whitespace.
        var sourceLineHasText = false

        func endLine() {
            lines.append(String(line))
            line = String.UnicodeScalarView()
            lineLength = 0
        }

        func placeWord() {
            if paragraphBreak {
                if lineLength > 0 { endLine() }
                lines.append("")
                paragraphBreak = false
            }
            paragraphHasWords = true
            if wordLength <= limit {
                if lineLength == 0 {
                    line = word
                    lineLength = wordLength
                    return
                }
                if lineLength + 1 + wordLength <= limit {
                    line.append(" ")
                    line.append(contentsOf: word)
                    lineLength += 1 + wordLength
                    return
                }
                endLine()
                line = word
                lineLength = wordLength
                return
            }
            if lineLength > 0 { endLine() }
            var piece = 0
            for scalar in word {
                if piece == limit {
                    endLine()
                    piece = 0
                }
                line.append(scalar)
                piece += 1
            }
            lineLength = piece
        }

        func endWord() {
            guard wordLength > 0 else { return }
            placeWord()
            word = String.UnicodeScalarView()
            wordLength = 0
        }

        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                endWord()
                if scalar == "\n" {
                    if !sourceLineHasText, paragraphHasWords { paragraphBreak = true }
                    sourceLineHasText = false
                }
            } else {
                word.append(scalar)
                wordLength += 1
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
