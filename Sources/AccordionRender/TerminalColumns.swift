import AccordionModel
import AccordionUnicode

/// How the terminal that shows `render --format text` draws text.
public struct TerminalOptions: Hashable, Sendable {
    /// Who puts a line's characters in display order.
    public enum BidiOrder: String, CaseIterable, Sendable {
        /// The drawing does (UAX #9 per line, through ICU): right for a
        /// terminal without bidi, which shows characters in the order written.
        case visual
        /// The terminal does (it runs the bidi algorithm itself): lines are
        /// written in logical order.
        case logical
    }

    /// Who orders right-to-left text.
    public var bidi: BidiOrder
    /// Whether the terminal draws East Asian Ambiguous characters (the frame's
    /// box-drawing characters among them) two columns wide, as a CJK locale's does.
    public var ambiguousWide: Bool

    /// The options of a terminal without bidi that draws ambiguous characters narrow.
    public init(bidi: BidiOrder = .visual, ambiguousWide: Bool = false) {
        self.bidi = bidi
        self.ambiguousWide = ambiguousWide
    }
}

/// Terminal column arithmetic in display columns (AccordionUnicode's
/// `DisplayWidth`, what `wcswidth` counts); text is cut only between clusters.
struct Columns: Sendable {
    /// Whether East Asian Ambiguous characters take two columns.
    var ambiguousWide = false

    /// The columns of one grapheme cluster.
    func of(cluster: Substring) -> Int { DisplayWidth.columns(ofCluster: cluster, ambiguousWide: ambiguousWide) }

    /// The columns of `text` (already sanitized: no control characters).
    func of(_ text: String) -> Int { DisplayWidth.columns(of: text[...], ambiguousWide: ambiguousWide) }

    /// `text` cut to at most `width` columns between clusters, ending with `…` when cut.
    func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let room = width - of("…")
        var out = ""
        var used = 0
        for cluster in GraphemeClusters.clusters(of: text) {
            let w = of(cluster: cluster)
            if used + w > room { break }
            out += cluster
            used += w
        }
        return out + "…"
    }

    /// `text` fitted and padded with spaces to exactly `width` columns
    /// (at the end, or with `trailing` false at the start: a right-to-left line).
    func pad(_ text: String, _ width: Int, trailing: Bool = true) -> String {
        let t = fit(text, width)
        let spaces = String(repeating: " ", count: max(0, width - of(t)))
        return trailing ? t + spaces : spaces + t
    }

    /// `text` fitted and centred in `width` columns, filled with `fill`.
    func center(_ text: String, _ width: Int, fill: Character) -> String {
        let t = fit(text, width)
        let room = max(0, width - of(t))
        let left = room / 2
        return rule(fill, left) + t + rule(fill, room - left)
    }

    /// `columns` columns of `ch`: as many copies as fit, a space for an odd
    /// column left by a character two columns wide.
    func rule(_ ch: Character, _ columns: Int) -> String {
        let w = max(1, of(String(ch)))
        let count = max(0, columns) / w
        return String(repeating: ch, count: count) + String(repeating: " ", count: max(0, columns) - count * w)
    }
}

/// A line of the drawing as the terminal is to receive it: in visual order
/// unless the terminal orders it itself.
struct TerminalLine {
    /// The characters to write.
    var text: String
    /// Whether it runs right to left (the drawing aligns it to the right).
    var rightToLeft: Bool

    init(_ line: String, rightToLeft: Bool, options: TerminalOptions) {
        self.rightToLeft = rightToLeft
        text = options.bidi == .visual
            ? Bidi.visualOrder(of: line, base: rightToLeft ? .rightToLeft : .leftToRight).line : line
    }
}
