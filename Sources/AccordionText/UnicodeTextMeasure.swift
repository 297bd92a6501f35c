import AccordionModel
import AccordionUnicode
import Synchronization

/// The format's text measure, version 2: deterministic and font-free, by
/// the Unicode algorithms (through ICU, in `AccordionUnicode`).
///
/// - Text is read as `TextWrap.paragraphs(of:)` reads it (paragraphs at
///   blank lines, whitespace collapsed), then segmented into extended
///   grapheme clusters (UAX #29); no cluster is ever split.
/// - A cluster that is an emoji presentation sequence advances
///   `1.25 · fontSize`; any other the sum of its scalars' advances:
///   `1.0 · fontSize` for East Asian Wide or Fullwidth, `0` for Mn, Me, Cf
///   and default-ignorables, `0.55 · fontSize` for the rest.
/// - Lines break at the UAX #14 opportunities of ICU's line break iterator
///   for the text's `lang` (strict for Chinese and Japanese; dictionary
///   breaks for Thai and Lao) that are cluster boundaries. A line takes
///   segments (the text between two opportunities) greedily while their
///   advance, its trailing spaces excluded, fits the width inside the
///   padding: `advance / (0.55 · fontSize) ≤ (W − 2 · padding) / (0.55 ·
///   fontSize) + 1e-9`. A segment wider than a line starts a new line
///   (unless the current one is empty) and is cut at cluster boundaries, as
///   many clusters a line as fit (at least one; a space inside the segment
///   ends a piece and never starts one), the last piece staying on its line
///   for what follows.
///
/// Plain ASCII text whose only opportunities are after spaces wraps exactly
/// as `ScalarTextMeasure` wraps it, and the measure hands it to that one
/// without touching ICU.
public struct UnicodeTextMeasure: TextMeasure, Hashable {
    /// The texts this measure wrapped last: a spec's texts are wrapped when
    /// it is checked and again when its container plays, with the same
    /// width, and the answer is a function of the call alone.
    private let memo = WrapMemo<[String]>()

    /// The measure.
    public init() {}

    /// Every instance measures alike (the memo is no part of what it is).
    public static func == (a: UnicodeTextMeasure, b: UnicodeTextMeasure) -> Bool { true }

    /// Every instance hashes alike.
    public func hash(into hasher: inout Hasher) {}

    /// Advances in hundredths of an em, so that sums are exact.
    static let ordinaryUnits = 55, wideUnits = 100, emojiUnits = 125

    /// The lines of `text` (see the type's rules).
    public func lines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [String] {
        let key = WrapMemoKey(text: text, width: width, metrics: metrics, lang: lang)
        if let known = memo.lines(for: key) { return known }
        let lines = Self.lines(of: text, width: width, metrics: metrics, lang: lang)
        memo.store(lines, for: key)
        return lines
    }

    static func lines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [String] {
        let paragraphs = TextWrap.paragraphs(of: text)
        guard !paragraphs.isEmpty else { return [] }
        let perLine = TextWrap.charactersPerLine(width: width, metrics: metrics)
        // The line's room in ordinary advances, as `charactersPerLine` counts it before rounding.
        let room = (width - 2 * metrics.padding) / (TextWrap.latinAdvance * metrics.fontSize) + 1e-9
        let breaking = LineBreaking(lang: lang)
        var lines: [String] = []
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { lines.append("") }
            if LineBreaking.isPlain(paragraph) {
                lines += TextWrap.lines(of: paragraph, perLine: perLine)
            } else {
                Self.wrap(paragraph, room: room, breaking: breaking, into: &lines)
            }
        }
        return lines
    }

    /// The clusters of `text` with their advances in ems.
    public func clusters(of text: String) -> [MeasuredCluster] {
        let measured = Self.measure(text)
        var found: [MeasuredCluster] = []
        found.reserveCapacity(measured.ends.count)
        var start = text.utf8.startIndex
        for (end, units) in zip(measured.ends, measured.units) {
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: end)
            found.append(MeasuredCluster(text: text[start..<index], advance: Double(units) / 100))
            start = index
        }
        return found
    }

    /// The advance of a cluster made of `scalars`, in hundredths of an em.
    static func units<Scalars: Collection>(of scalars: Scalars) -> Int where Scalars.Element == Unicode.Scalar {
        if scalars.count == 1, let scalar = scalars.first {
            if scalar.isASCII { return ordinaryUnits }
            let properties = ScalarProperties(scalar)
            if properties.isEmojiPresentation { return emojiUnits }
            return units(of: properties)
        }
        if GraphemeClusters.isEmojiPresentation(scalars: scalars) { return emojiUnits }
        return scalars.reduce(0) { $0 + units(of: ScalarProperties($1)) }
    }

    private static func units(of properties: ScalarProperties) -> Int {
        switch properties.advance {
        case .ordinary: ordinaryUnits
        case .wide: wideUnits
        case .zero: 0
        }
    }

    /// The clusters' UTF-8 ends and advances (hundredths of an em), and
    /// whether each is one space.
    static func measure(_ text: String) -> (ends: [Int], units: [Int], space: [Bool]) {
        // Most texts: every scalar a cluster, each looked up once.
        if let alone = GraphemeClusters.scalarsAlone(in: text) {
            var units: [Int] = []
            var space: [Bool] = []
            units.reserveCapacity(alone.ends.count)
            space.reserveCapacity(alone.ends.count)
            var scalars = text.unicodeScalars.makeIterator()
            for properties in alone.properties {
                guard let scalar = scalars.next() else { break }
                units.append(scalar.isASCII ? ordinaryUnits : properties.isEmojiPresentation ? emojiUnits : Self.units(of: properties))
                space.append(scalar == " ")
            }
            return (alone.ends, units, space)
        }
        let ends = GraphemeClusters.ends(in: text)
        var units: [Int] = []
        var space: [Bool] = []
        units.reserveCapacity(ends.count)
        space.reserveCapacity(ends.count)
        var scalars = text.unicodeScalars.makeIterator()
        var offset = 0
        var cluster: [Unicode.Scalar] = []
        for end in ends {
            guard let first = scalars.next() else { break }
            offset += UTF8.width(first)
            if offset >= end {
                // Most clusters are one scalar.
                units.append(Self.units(of: CollectionOfOne(first)))
                space.append(first == " ")
                continue
            }
            cluster.removeAll(keepingCapacity: true)
            cluster.append(first)
            while offset < end, let scalar = scalars.next() {
                cluster.append(scalar)
                offset += UTF8.width(scalar)
            }
            units.append(Self.units(of: cluster))
            space.append(false)
        }
        return (ends, units, space)
    }

    /// Wraps one paragraph (no LF, whitespace collapsed) into `lines`.
    static func wrap(_ paragraph: String, room: Double, breaking: LineBreaking, into lines: inout [String]) {
        let (ends, units, space) = measure(paragraph)
        let opportunities = breaking.opportunities(in: paragraph)
        func fits(_ advance: Int) -> Bool { Double(advance) / Double(ordinaryUnits) <= room }
        // A line is a slice of the paragraph between cluster ends (so on
        // scalar boundaries): copied, never decoded and validated again.
        let utf8 = paragraph.utf8
        func emit(_ range: Range<Int>) {
            let slice = utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
            lines.append(String(slice) ?? String(decoding: slice, as: UTF8.self))
        }
        GreedyFill.fill(ends: ends, advances: units, space: space, opportunities: opportunities, fits: fits) { range, _ in
            emit(range)
        }
    }
}

/// A call of a measure, compared by the text's bytes: String's own equality
/// and hashing normalize the text (NFC), which costs more than the wrap saves.
struct WrapMemoKey: Hashable {
    var text: String
    var width: Double
    var metrics: TextMetrics
    var lang: String?

    static func == (a: WrapMemoKey, b: WrapMemoKey) -> Bool {
        a.width == b.width && a.metrics == b.metrics && a.lang == b.lang && sameBytes(a.text, b.text)
    }

    /// Whether two texts have the same UTF-8 bytes: at once when they
    /// share their storage (a spec's text met again, the usual hit),
    /// else over the two contiguous buffers, not byte by byte through
    /// the generic view.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let contiguous = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in x.baseAddress == y.baseAddress || x.elementsEqual(y) }
        }
        return (contiguous ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// The length and the first and last bytes (equality reads them all).
    func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(metrics)
        hasher.combine(lang)
        let bytes = text.utf8
        hasher.combine(bytes.count)
        for byte in bytes.prefix(64) { hasher.combine(byte) }
        for byte in bytes.suffix(64) { hasher.combine(byte) }
    }
}

/// The last few texts a measure wrapped and their lines (`UnicodeTextMeasure`'s
/// strings, `FontTextMeasure`'s measured lines): a spec's texts are wrapped
/// when it is checked and again when its container plays, with the same width.
final class WrapMemo<Lines: Sendable>: Sendable {
    /// Enough for every text content of a spec of ordinary size; a larger
    /// one starts over, which costs a second wrap and nothing more.
    static var capacity: Int { 256 }

    private let entries = Mutex<[WrapMemoKey: Lines]>([:])

    func lines(for key: WrapMemoKey) -> Lines? {
        entries.withLock { $0[key] }
    }

    func store(_ lines: Lines, for key: WrapMemoKey) {
        entries.withLock {
            if $0.count >= Self.capacity { $0.removeAll(keepingCapacity: true) }
            $0[key] = lines
        }
    }
}
