import AccordionModel
import AccordionUnicode

/// The format's measure with both of its kinds: `measure: metric` (a text
/// whose metrics name no font) is ``UnicodeTextMeasure``'s, unchanged;
/// `measure: font` shapes the text with HarfBuzz in the fonts it names.
///
/// A font-measured text is read as the metric measure reads it (paragraphs,
/// collapsed whitespace, grapheme clusters never split, the UAX #14
/// opportunities for its `lang`), but each cluster advances what HarfBuzz's
/// shaping of its run gives: a cluster takes the first of the font's
/// families that exists and has a glyph for its first scalar, else the
/// font fontconfig falls back to for that scalar in the text's language
/// (so Han text takes a Chinese font for `zh-Hans` and a Japanese one for
/// `ja`), and consecutive clusters of one font are shaped together. Lines
/// are filled greedily by those advances within `width − 2 · padding`
/// points (`GreedyFill`). When no family of the font exists, or HarfBuzz or
/// fontconfig cannot be loaded, the text is measured by the metric measure
/// (`validate` warns `font-not-found`).
///
/// The fonts are looked up only when a font-measured text is measured, so
/// a spec without one never loads HarfBuzz or fontconfig.
public struct FontTextMeasure: TextMeasure, Hashable {
    /// The font titles are measured in (the spec's top-level `font` with
    /// `measure: font`), nil for the metric measure's clusters.
    public var titleFont: TextFont?
    private let metric = UnicodeTextMeasure()
    /// The texts this measure shaped last (see `WrapMemo`): a spec's texts
    /// are measured when it is checked and again when its container plays.
    private let memo = WrapMemo<[MeasuredLine]>()

    /// The measure; `titleFont` is what header titles are measured in.
    ///
    /// - Parameter titleFont: The titles' font, or nil to cut titles by the metric measure.
    public init(titleFont: TextFont? = nil) {
        self.titleFont = titleFont
    }

    /// Equal when the titles' font is (the memo is no part of what it is).
    public static func == (a: FontTextMeasure, b: FontTextMeasure) -> Bool { a.titleFont == b.titleFont }

    /// Hashes the titles' font.
    public func hash(into hasher: inout Hasher) { hasher.combine(titleFont) }

    /// The lines of `text` (see the type's rules).
    public func lines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [String] {
        guard metrics.font != nil else { return metric.lines(of: text, width: width, metrics: metrics, lang: lang) }
        return measuredLines(of: text, width: width, metrics: metrics, lang: lang).map(\.text)
    }

    /// The lines of `text` and their shaped widths.
    public func measuredLines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [MeasuredLine] {
        guard let font = metrics.font, let fonts = ShapedText.Fonts(font, lang: lang) else {
            return metric.measuredLines(of: text, width: width, metrics: metrics, lang: lang)
        }
        let key = WrapMemoKey(text: text, width: width, metrics: metrics, lang: lang)
        if let known = memo.lines(for: key) { return known }
        let lines = Self.measuredLines(of: text, width: width, metrics: metrics, lang: lang, fonts: fonts)
        memo.store(lines, for: key)
        return lines
    }

    private static func measuredLines(of text: String, width: Double, metrics: TextMetrics, lang: String?,
                                      fonts: ShapedText.Fonts) -> [MeasuredLine] {
        let paragraphs = TextWrap.paragraphs(of: text)
        let room = width - 2 * metrics.padding
        let breaking = LineBreaking(lang: lang)
        var lines: [MeasuredLine] = []
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { lines.append(MeasuredLine(text: "", width: 0)) }
            let shaped = ShapedText(paragraph, fonts: fonts, lang: lang)
            let advances = shaped.advances.map { $0 * metrics.fontSize }
            GreedyFill.fill(bytes: shaped.bytes, ends: shaped.ends, advances: advances, space: shaped.space,
                            opportunities: breaking.opportunities(in: paragraph), room: room, into: &lines)
        }
        return lines
    }

    /// The titles' font at the weight titles are drawn in (semibold), when
    /// the spec measures titles with a font and a family of it exists.
    public var shapedTitleFont: TextFont? {
        guard let titleFont else { return nil }
        let semibold = TextFont(families: titleFont.families, weight: HeaderTitle.weight)
        return ShapedText.Fonts(semibold, lang: nil) == nil ? nil : semibold
    }

    /// The clusters of `text` with their advances in ems: shaped in the
    /// titles' font at the titles' weight (``shapedTitleFont``) when there
    /// is one and it exists, else the metric measure's.
    public func clusters(of text: String) -> [MeasuredCluster] { titleClusters(of: text, lang: nil) }

    /// The clusters of a title in its language: shaped in the titles' font,
    /// falling back to the fonts of `lang`, as ``clusters(of:)`` otherwise.
    public func titleClusters(of text: String, lang: String?) -> [MeasuredCluster] {
        guard let font = shapedTitleFont, let fonts = ShapedText.Fonts(font, lang: lang) else { return metric.clusters(of: text) }
        let shaped = ShapedText(text, fonts: fonts, lang: lang)
        var found: [MeasuredCluster] = []
        var start = text.utf8.startIndex
        for (end, advance) in zip(shaped.ends, shaped.advances) {
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: end)
            found.append(MeasuredCluster(text: text[start..<index], advance: advance))
            start = index
        }
        return found
    }

    /// The families of `font` that the system does not have (what
    /// `validate` warns about), in the font's order.
    ///
    /// - Parameter font: A font request.
    /// - Returns: The missing families; all of them when fonts cannot be looked up at all.
    public static func missingFamilies(of font: TextFont) -> [String] {
        guard FontLibrary.isAvailable else { return font.families }
        return font.families.filter { FontLibrary.face(family: $0, weight: font.weight) == nil }
    }

    /// A subset of every face the texts were shaped in, holding the
    /// scalars of the clusters drawn in it (HarfBuzz's subsetter keeps the
    /// glyphs their shaping reaches), one per face and weight; each
    /// request's order is the faces of its families that drew something, in
    /// the font's order, then its fallbacks as first used. A face whose
    /// subset fails is left out (the viewer then falls back by itself).
    ///
    /// - Parameter uses: The font-measured texts a picture draws.
    /// - Returns: The subsets and each font request's order of them.
    public func embeddedFonts(for uses: [FontUse]) -> EmbeddedFonts {
        struct FaceKey: Hashable { var face: FontFace; var weight: Int }
        var keys: [FaceKey] = []
        var scalars: [FaceKey: Set<UInt32>] = [:]
        var order: [EmbeddedFonts.Request: [FaceKey]] = [:]
        for use in uses {
            guard let fonts = ShapedText.Fonts(use.font, lang: use.lang) else { continue }
            let request = EmbeddedFonts.Request(font: use.font, lang: use.lang)
            var used = order[request] ?? []
            for paragraph in TextWrap.paragraphs(of: use.text) {
                let shaped = ShapedText(paragraph, fonts: fonts, lang: use.lang)
                var start = 0
                for (end, face) in zip(shaped.ends, shaped.clusterFaces) {
                    let key = FaceKey(face: face, weight: use.font.weight)
                    if scalars[key] == nil { keys.append(key) }
                    if !used.contains(key) { used.append(key) }
                    for scalar in String(decoding: shaped.bytes[start..<end], as: UTF8.self).unicodeScalars {
                        scalars[key, default: []].insert(scalar.value)
                    }
                    start = end
                }
            }
            // The families' faces first, in the font's order, as the measure tries them.
            let named = fonts.faces
            order[request] = named.flatMap { face in used.filter { $0.face == face } } + used.filter { !named.contains($0.face) }
        }
        var faces: [EmbeddedFonts.Face] = []
        var index: [FaceKey: Int] = [:]
        for key in keys {
            guard let data = FontLibrary.subset(key.face, scalars: scalars[key, default: []].sorted()) else { continue }
            index[key] = faces.count
            faces.append(EmbeddedFonts.Face(data: data, weight: key.weight, family: key.face.family))
        }
        return EmbeddedFonts(faces: faces, order: order.mapValues { $0.compactMap { index[$0] } })
    }

    /// The faces the font measure uses for `text` in `font` and `lang`, by
    /// family name, in the order the text first uses them (for the tests
    /// and for embedding fonts in pictures).
    ///
    /// - Parameters:
    ///   - text: A text.
    ///   - font: The font it is measured in.
    ///   - lang: Its BCP 47 language tag.
    /// - Returns: The families of the faces used; empty when the metric measure would be used.
    public static func families(usedFor text: String, font: TextFont, lang: String?) -> [String] {
        guard let fonts = ShapedText.Fonts(font, lang: lang) else { return [] }
        var seen: [String] = []
        for paragraph in TextWrap.paragraphs(of: text) {
            for face in ShapedText(paragraph, fonts: fonts, lang: lang).faces where !seen.contains(face.family) {
                seen.append(face.family)
            }
        }
        return seen
    }
}

/// fontconfig's name of the language of BCP 47 `tag`: its language subtag,
/// with the region fontconfig distinguishes Chinese scripts by.
///
/// - Parameter tag: A BCP 47 tag, or nil.
/// - Returns: fontconfig's language ("zh-cn", "zh-tw", "ja", "ar"), "" for none.
func fontconfigLanguage(_ tag: String?) -> String {
    guard let tag, !tag.isEmpty else { return "" }
    let parts = tag.lowercased().split(separator: "-").map(String.init)
    guard let language = parts.first else { return "" }
    guard language == "zh" else { return language }
    if parts.contains("hant") || parts.contains("tw") { return "zh-tw" }
    if parts.contains("hk") || parts.contains("mo") { return parts.contains("hans") ? "zh-cn" : "zh-hk" }
    return "zh-cn"
}

/// One paragraph shaped: its clusters, each cluster's advance in ems, and
/// the faces that drew it.
struct ShapedText {
    /// The faces a font request resolves to: its existing families, in
    /// order, and the faces its texts' clusters have been drawn in so far.
    struct Fonts {
        var faces: [FontFace]
        var weight: Int
        var fallbackLanguage: String
        /// The choices made for the texts of one call: a text repeats few
        /// scalars, and each choice asks CFont (under its lock) of every
        /// family in turn.
        private let chosen = Choices()

        /// Every face chosen, by index, and the choice for each scalar met.
        final class Choices {
            var table: [FontFace] = []
            var ascii = [Int32](repeating: -1, count: 128)
            var others: [UInt32: Int32] = [:]
        }

        /// nil when no family exists (or fonts cannot be loaded): the metric measure is used.
        init?(_ font: TextFont, lang: String?) {
            guard FontLibrary.isAvailable else { return nil }
            faces = font.families.compactMap { FontLibrary.face(family: $0, weight: font.weight) }
            guard !faces.isEmpty else { return nil }
            weight = font.weight
            fallbackLanguage = fontconfigLanguage(lang)
        }

        /// The face a cluster starting with `scalar` is drawn in.
        func face(for scalar: Unicode.Scalar) -> FontFace {
            if let face = faces.first(where: { FontLibrary.covers($0, scalar) }) { return face }
            return FontLibrary.fallback(for: scalar, lang: fallbackLanguage, weight: weight) ?? faces[0]
        }

        /// `face(for:)`'s answer as an index into `table`, looked up once a scalar.
        func faceIndex(for scalar: Unicode.Scalar) -> Int {
            let value = scalar.value
            if value < 128, chosen.ascii[Int(value)] >= 0 { return Int(chosen.ascii[Int(value)]) }
            if value >= 128, let known = chosen.others[value] { return Int(known) }
            let index = self.index(of: face(for: scalar))
            if value < 128 { chosen.ascii[Int(value)] = Int32(index) } else { chosen.others[value] = Int32(index) }
            return index
        }

        /// The index of `face` in `table`, added when new.
        func index(of face: FontFace) -> Int {
            if let known = chosen.table.firstIndex(of: face) { return known }
            chosen.table.append(face)
            return chosen.table.count - 1
        }

        /// The faces chosen so far, by the indices `faceIndex(for:)` gives.
        var table: [FontFace] { chosen.table }
    }

    var bytes: [UInt8]
    /// The clusters' UTF-8 ends.
    var ends: [Int]
    /// Each cluster's advance in ems.
    var advances: [Double]
    /// Whether each cluster is one space.
    var space: [Bool]
    /// The faces used, in order of first use.
    var faces: [FontFace] = []
    /// The face each cluster is drawn in, as an index into the request's `Fonts.table`.
    var faceIndices: [Int] = []
    /// The faces `faceIndices` index.
    let table: [FontFace]
    /// The face each cluster is drawn in.
    var clusterFaces: [FontFace] { faceIndices.map { table[$0] } }

    init(_ text: String, fonts: Fonts, lang: String?) {
        bytes = Array(text.utf8)
        ends = GraphemeClusters.ends(in: text)
        advances = []
        advances.reserveCapacity(ends.count)
        space = []
        space.reserveCapacity(ends.count)
        faceIndices.reserveCapacity(ends.count)
        var start = 0
        for end in ends {
            let first = Self.firstScalar(bytes, at: start)
            space.append(end - start == 1 && bytes[start] == 0x20)
            // A mark left without a base takes the face of what it follows, so a run
            // is not split for it. A space is a cluster like any other: it takes the
            // first family that has it, as a browser draws it (in Arabic text after
            // Noto Sans, say, the space is Noto Sans's, not the Arabic face's).
            if let previous = faceIndices.last, ScalarProperties(first).advance == .zero,
               FontLibrary.covers(fonts.table[previous], first) {
                faceIndices.append(previous)
            } else {
                faceIndices.append(fonts.faceIndex(for: first))
            }
            start = end
        }
        table = fonts.table
        var units = [Int32](repeating: 0, count: bytes.count)
        var runStart = 0
        var cluster = 0
        while cluster < ends.count {
            let faceIndex = faceIndices[cluster], face = table[faceIndex]
            if !faces.contains(face) { faces.append(face) }
            var last = cluster
            while last + 1 < ends.count, faceIndices[last + 1] == faceIndex { last += 1 }
            let runEnd = ends[last]
            _ = FontLibrary.shape(bytes, runStart..<runEnd, face: face, lang: lang, into: &units)
            var byte = runStart
            for i in cluster...last {
                var sum: Int32 = 0
                while byte < ends[i] { sum &+= units[byte]; byte += 1 }
                advances.append(Double(sum) / face.unitsPerEm)
            }
            runStart = runEnd
            cluster = last + 1
        }
    }

    /// The scalar whose UTF-8 starts at `offset`.
    private static func firstScalar(_ bytes: [UInt8], at offset: Int) -> Unicode.Scalar {
        var decoder = UTF8()
        var iterator = bytes[offset...].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }
}
