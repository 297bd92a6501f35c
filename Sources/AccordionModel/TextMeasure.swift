/// How the model lays out text: the lines of a text content and the
/// clusters and advances a title is cut by.
///
/// The model knows no font and no Unicode algorithm: it asks a measure. The
/// spec loader gives every container the text measure of the format (version
/// 2: UAX #29 clusters, UAX #14 breaks and East Asian widths through ICU, in
/// the `AccordionText` module); a container built by hand measures with
/// ``ScalarTextMeasure``, the model's own ICU-free measure. Every renderer
/// draws the lines the measure returns, so a picture shows what was measured.
public protocol TextMeasure: Sendable {
    /// The lines of `text` in a content view `width` points wide, top to
    /// bottom, "" between paragraphs; an empty text has none.
    ///
    /// - Parameters:
    ///   - text: The content's text.
    ///   - width: The content view's width (the text's padding is inside it).
    ///   - metrics: The text's padding and font size.
    ///   - lang: The text's BCP 47 language tag, or nil.
    /// - Returns: The wrapped lines, paragraphs apart by an empty line.
    func lines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [String]

    /// The lines of `text` with the width each takes, in points: the
    /// measure hook a host implements with its platform's text system (as
    /// Yoga's measure function is), and what an overlay outlines. The lines
    /// are `lines(of:width:metrics:lang:)`'s; the default measures each by
    /// `clusters(of:)` (`MeasuredLines.swift`).
    ///
    /// - Parameters:
    ///   - text: The content's text.
    ///   - width: The content view's width (the text's padding is inside it).
    ///   - metrics: The text's padding, font size and font (nil: the metric measure).
    ///   - lang: The text's BCP 47 language tag, or nil.
    /// - Returns: The wrapped lines and their widths, paragraphs apart by an empty line.
    func measuredLines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [MeasuredLine]

    /// `text` as the units a title is cut at (grapheme clusters, or scalars
    /// for a measure without them), each with its advance in ems
    /// (multiples of the font size), in logical order.
    ///
    /// - Parameter text: The text to cut into units.
    /// - Returns: Its units in logical order.
    func clusters(of text: String) -> [MeasuredCluster]

    /// A header title as the units it is cut at, as `clusters(of:)` gives
    /// them, in the title's language: a measure that shapes titles in a
    /// font falls back to that language's fonts (Han in a Chinese font for
    /// `zh-Hans`, a Japanese one for `ja`). The default is `clusters(of:)`.
    ///
    /// - Parameters:
    ///   - text: The title, or its cut with the ellipsis.
    ///   - lang: The title's BCP 47 language tag, or nil.
    /// - Returns: Its units in logical order.
    func titleClusters(of text: String, lang: String?) -> [MeasuredCluster]

    /// Whether `other` is this same measure (the container's equality).
    ///
    /// - Parameter other: Another measure.
    /// - Returns: Whether the two measure alike.
    func isSame(as other: any TextMeasure) -> Bool

    /// The fonts a picture must carry to draw `uses` as this measure
    /// measured them: for a measure that shapes with real fonts, a subset
    /// of each face it drew the texts in, holding only their glyphs; the
    /// default, for a metric measure, carries none (`MeasuredLines.swift`).
    ///
    /// - Parameter uses: The font-measured texts a picture draws.
    /// - Returns: The faces to embed and, for each font and language, the order to name them in.
    func embeddedFonts(for uses: [FontUse]) -> EmbeddedFonts

    /// The font `clusters(of:)` shapes titles in, at ``HeaderTitle/weight``,
    /// when this measure shapes them in one (pictures draw titles in it);
    /// nil when its clusters are regular advances that a semibold title
    /// runs ``HeaderTitle/semiboldFactor`` times wider than (the default).
    var shapedTitleFont: TextFont? { get }
}

/// One unit of text a title is cut at and its advance.
public struct MeasuredCluster: Hashable, Sendable {
    /// The cluster's text.
    public var text: Substring
    /// Its advance in ems: multiply by the font size for points.
    public var advance: Double

    /// Creates a cluster.
    public init(text: Substring, advance: Double) {
        self.text = text
        self.advance = advance
    }
}

extension TextMeasure where Self: Equatable {
    /// Equal to `other` when `other` is of this type and `==`.
    ///
    /// - Parameter other: Another measure.
    /// - Returns: Whether `other` is of this type and `==` to this one.
    public func isSame(as other: any TextMeasure) -> Bool {
        (other as? Self) == self
    }
}

/// A container's measure, compared by what it is (so `ContainerSpec` stays
/// `Hashable`).
public struct TextMeasurer: Hashable, Sendable {
    /// The measure.
    public let measure: any TextMeasure

    /// Wraps `measure`.
    public init(_ measure: any TextMeasure) {
        self.measure = measure
    }

    /// The model's own measure, ``ScalarTextMeasure``.
    public static let scalar = TextMeasurer(ScalarTextMeasure())

    public static func == (a: TextMeasurer, b: TextMeasurer) -> Bool {
        a.measure.isSame(as: b.measure)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: measure)))
    }
}

/// The model's own measure, with no Unicode tables: every Unicode scalar is
/// a unit advancing `0.55 · fontSize`, and lines break only at whitespace
/// (`TextWrap`). It is the format's measure for plain ASCII text, which the
/// version-2 measure wraps the same way, and what a container built without
/// the spec loader measures with.
public struct ScalarTextMeasure: TextMeasure, Hashable {
    /// The measure.
    public init() {}

    public func lines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [String] {
        TextWrap.lines(of: text, perLine: TextWrap.charactersPerLine(width: width, metrics: metrics))
    }

    public func clusters(of text: String) -> [MeasuredCluster] {
        var found: [MeasuredCluster] = []
        var index = text.startIndex
        while index != text.endIndex {
            let next = text.unicodeScalars.index(after: index)
            found.append(MeasuredCluster(text: text[index..<next], advance: TextWrap.latinAdvance))
            index = next
        }
        return found
    }
}
