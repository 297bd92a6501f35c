/// How a header's title is fitted into its header: one rule for every
/// renderer that cuts a title and for `validate`'s `title-truncated`, so a
/// warning appears exactly where a picture cuts.
///
/// The title is measured by the container's `TextMeasure` (its clusters and
/// their advances, times ``semiboldFactor``) at the header's font size, and cut at a cluster boundary,
/// never inside one: it keeps the longest run of its first clusters that
/// fits with `…` after it, the ellipsis at the title's logical end (drawn at
/// the left in right-to-left text, so the first words stay).
public enum HeaderTitle {
    /// A title is drawn semibold, whose glyphs run wider than the regular
    /// text the measure is for: each advance counts 1.2 times (a Latin
    /// letter 0.66 em), so a cut title's ellipsis ends before the mark.
    public static let semiboldFactor = 1.2

    /// The weight every renderer draws a title in, semibold; a measure that
    /// shapes titles in a font (``TextMeasure/shapedTitleFont``) shapes
    /// them at this weight, and its advances are then the title's own.
    public static let weight = 600

    /// The ellipsis a cut title ends with.
    public static let ellipsis = "\u{2026}"

    /// The title's font size in a header `height` points tall:
    /// `min(17, max(7, 0.42 · height))`.
    ///
    /// - Parameter height: The header's height in points.
    /// - Returns: The font size in points.
    public static func fontSize(headerHeight height: Double) -> Double {
        min(17, max(7, height * 0.42))
    }

    /// Whether a header `height` tall draws its mark (chevron or lock):
    /// when the mark, `min(0.18 · height, 6)` points, is over 2 points.
    ///
    /// - Parameter height: The header's height in points.
    /// - Returns: Whether the mark is drawn.
    public static func drawsMark(headerHeight height: Double) -> Bool {
        min(height * 0.18, 6) > 2
    }

    /// The room for the title in a header `width` wide: 16 points inside
    /// each edge, and 24 more for the mark when it has one.
    ///
    /// - Parameters:
    ///   - width: The header's width in points.
    ///   - drawsMark: Whether the header draws its mark.
    /// - Returns: The title's room in points.
    public static func room(headerWidth width: Double, drawsMark: Bool) -> Double {
        width - 32 - (drawsMark ? 24 : 0)
    }

    /// `title` fitted into a header `width` × `height` points: at its font
    /// size (``fontSize(headerHeight:)``), in the room beside its mark when
    /// it draws one (``drawsMark(headerHeight:)``, unless `hidesMark`: a
    /// disabled, closed header shows no mark). What the SVG, the page and
    /// the terminal draw on a header.
    ///
    /// - Parameters:
    ///   - title: The header's title.
    ///   - width: The header's width in points.
    ///   - height: The header's height in points.
    ///   - hidesMark: Whether the header shows no mark whatever its height.
    ///   - measure: The measure whose clusters and advances are used.
    ///   - lang: The title's BCP 47 language tag (the one in effect for its panel), or nil.
    /// - Returns: The title as drawn (see ``fit(_:room:fontSize:measure:lang:)``).
    public static func fit(_ title: String, headerWidth width: Double, headerHeight height: Double, hidesMark: Bool,
                           measure: any TextMeasure, lang: String? = nil) -> FittedTitle {
        let drawsMark = drawsMark(headerHeight: height) && !hidesMark
        return fit(title, room: room(headerWidth: width, drawsMark: drawsMark), fontSize: fontSize(headerHeight: height),
                   measure: measure, lang: lang)
    }

    /// `title` fitted into `room` points at `fontSize` by `measure`.
    ///
    /// - Parameters:
    ///   - title: The header's title.
    ///   - room: The points the title may take.
    ///   - fontSize: The title's font size in points.
    ///   - measure: The measure whose clusters and advances are used.
    ///   - lang: The title's BCP 47 language tag, or nil (`TextMeasure.titleClusters`).
    /// - Returns: The whole title when its advance fits (within 1e-9 of a
    ///   point); otherwise its longest prefix of clusters, trailing spaces
    ///   dropped, that fits with the ellipsis, measured as drawn, and the
    ///   ellipsis (nothing but the ellipsis when not even one cluster fits).
    public static func fit(_ title: String, room: Double, fontSize: Double, measure: any TextMeasure,
                           lang: String? = nil) -> FittedTitle {
        let clusters = measure.titleClusters(of: title, lang: lang)
        // A font's semibold advances are the title's; a metric's regular ones run 1.2 times wider.
        let scale = measure.shapedTitleFont == nil ? semiboldFactor : 1
        let advances = clusters.map { $0.advance * fontSize * scale }
        let needed = advances.reduce(0, +)
        if needed <= room + 1e-9 {
            return FittedTitle(text: title, shownClusters: clusters.count, clusters: clusters.count, width: needed)
        }
        let ellipsisWidth = measure.titleClusters(of: ellipsis, lang: lang).reduce(0) { $0 + $1.advance } * fontSize * scale
        var shown = 0
        var used = ellipsisWidth
        while shown < clusters.count, used + advances[shown] <= room + 1e-9 {
            used += advances[shown]
            shown += 1
        }
        func cut(_ shown: Int) -> String {
            var shown = shown
            while shown > 0, clusters[shown - 1].text.allSatisfy({ $0 == " " }) { shown -= 1 }
            return (shown == 0 ? "" : String(title[..<clusters[shown - 1].text.endIndex])) + ellipsis
        }
        // A shaping measure's clusters change shape when cut (an Arabic
        // letter takes its final form before the ellipsis): the cut is
        // measured as drawn, and one cluster fewer is shown while it is too
        // wide. A metric's advances add up, so its first cut stands.
        while shown > 0, measure.titleClusters(of: cut(shown), lang: lang).reduce(0, { $0 + $1.advance }) * fontSize * scale
                > room + 1e-9 {
            shown -= 1
        }
        while shown > 0, clusters[shown - 1].text.allSatisfy({ $0 == " " }) { shown -= 1 }
        return FittedTitle(text: cut(shown), shownClusters: shown, clusters: clusters.count, width: needed)
    }
}

/// A header title as drawn.
public struct FittedTitle: Hashable, Sendable {
    /// What is drawn: the title, or its first clusters and `…`.
    public var text: String
    /// How many of the title's clusters show.
    public var shownClusters: Int
    /// How many clusters the title has.
    public var clusters: Int
    /// The width the whole title needs, in points.
    public var width: Double

    /// Creates a fitted title.
    public init(text: String, shownClusters: Int, clusters: Int, width: Double) {
        self.text = text
        self.shownClusters = shownClusters
        self.clusters = clusters
        self.width = width
    }

    /// Whether the title was cut.
    public var isTruncated: Bool { shownClusters < clusters }
}
