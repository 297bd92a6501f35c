/// The columns a terminal gives text, as `wcswidth` counts them: an emoji
/// presentation cluster takes 2; any other grapheme cluster the sum of its
/// scalars' columns, 2 for East Asian Wide and Fullwidth (UAX #11), 0 for
/// nonspacing and enclosing marks, format characters and default-ignorables,
/// 1 for the rest, and 2 for East Asian Ambiguous when the terminal draws
/// those wide (as many CJK locales do). The terminal drawing and the
/// diagnostics' caret underline both count with it.
public enum DisplayWidth {
    /// The columns of one scalar outside an emoji presentation cluster.
    ///
    /// - Parameters:
    ///   - s: The scalar.
    ///   - ambiguousWide: Whether East Asian Ambiguous characters take two columns.
    /// - Returns: Its columns: 0, 1 or 2.
    public static func columns(ofScalar s: Unicode.Scalar, ambiguousWide: Bool = false) -> Int {
        if s.isASCII { return 1 }
        let p = ScalarProperties(s)
        switch p.advance {
        case .wide: return 2
        case .zero: return 0
        case .ordinary: return ambiguousWide && p.isAmbiguousWidth ? 2 : 1
        }
    }

    /// The columns of one grapheme cluster.
    ///
    /// - Parameters:
    ///   - cluster: One grapheme cluster.
    ///   - ambiguousWide: Whether East Asian Ambiguous characters take two columns.
    /// - Returns: Its columns.
    public static func columns(ofCluster cluster: Substring, ambiguousWide: Bool = false) -> Int {
        if GraphemeClusters.isEmojiPresentation(cluster) { return 2 }
        var sum = 0
        for s in cluster.unicodeScalars { sum += columns(ofScalar: s, ambiguousWide: ambiguousWide) }
        return sum
    }

    /// The columns of `text` (ASCII control characters count one, as printable ones).
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - ambiguousWide: Whether East Asian Ambiguous characters take two columns.
    /// - Returns: The sum of its clusters' columns.
    public static func columns(of text: Substring, ambiguousWide: Bool = false) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return GraphemeClusters.clusters(of: String(text)).reduce(0) { $0 + columns(ofCluster: $1, ambiguousWide: ambiguousWide) }
    }
}
