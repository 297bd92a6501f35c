/// A font a text asks to be measured in, as the spec names it: the model
/// never opens it (the measure does), so it is only names and a weight.
public struct TextFont: Hashable, Sendable {
    /// The families to try, in order, before the system's fallback for the
    /// text's language.
    public var families: [String]
    /// The weight, 100 (thin) to 900 (black); 400 is regular, 700 bold.
    public var weight: Int

    /// Creates a font request.
    ///
    /// - Parameters:
    ///   - families: The families to try, in order.
    ///   - weight: The weight, 100 to 900.
    public init(families: [String], weight: Int = 400) {
        self.families = families
        self.weight = weight
    }
}

/// One line a measure made and the width it takes.
public struct MeasuredLine: Hashable, Sendable {
    /// The line's text ("" between paragraphs).
    public var text: String
    /// Its advance in points, trailing spaces excluded.
    public var width: Double

    /// Creates a measured line.
    public init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}

/// A text a picture draws in a font: what a measure is asked to embed.
public struct FontUse: Hashable, Sendable {
    /// The text as the spec gives it (every line drawn of it is in it).
    public var text: String
    /// The font it is measured in.
    public var font: TextFont
    /// Its BCP 47 language tag (the fallback fonts depend on it), or nil.
    public var lang: String?

    /// Creates a use.
    public init(text: String, font: TextFont, lang: String?) {
        self.text = text
        self.font = font
        self.lang = lang
    }
}

/// The fonts a picture embeds so that a viewer draws each text in the faces
/// the measure shaped it with: one subset per face and weight, and for each
/// font request and language the faces in the order the measure tries them
/// (the families the spec names, then the system's fallbacks as first used).
/// A viewer given that order and subsets holding only the glyphs each face
/// drew picks, for every character, the face the measure picked.
public struct EmbeddedFonts: Hashable, Sendable {
    /// One subset font.
    public struct Face: Hashable, Sendable {
        /// The subset, an OpenType (or TrueType) file.
        public var data: [UInt8]
        /// The weight the texts that use it ask for (the `@font-face` weight).
        public var weight: Int
        /// The family of the face it was cut from (for a reader of the picture).
        public var family: String

        /// Creates a face.
        public init(data: [UInt8], weight: Int, family: String) {
            self.data = data
            self.weight = weight
            self.family = family
        }
    }

    /// A font request in a language: what a drawn text names its faces by.
    public struct Request: Hashable, Sendable {
        /// The font.
        public var font: TextFont
        /// The text's language tag, or nil.
        public var lang: String?

        /// Creates a request.
        public init(font: TextFont, lang: String?) {
            self.font = font
            self.lang = lang
        }
    }

    /// The subsets, in the order they are first used.
    public var faces: [Face]
    /// For each request, indices into `faces` in the order to name them.
    public var order: [Request: [Int]]

    /// Creates the fonts of a picture.
    public init(faces: [Face] = [], order: [Request: [Int]] = [:]) {
        self.faces = faces
        self.order = order
    }

    /// None: what a metric measure embeds.
    public static let none = EmbeddedFonts()
}

extension TextMeasure {
    /// None: a metric measure names no face, so a picture carries no font.
    ///
    /// - Parameter uses: The font-measured texts a picture draws.
    /// - Returns: ``EmbeddedFonts/none``.
    public func embeddedFonts(for uses: [FontUse]) -> EmbeddedFonts { .none }

    /// `clusters(of:)`: a measure without fonts reads every language alike.
    ///
    /// - Parameters:
    ///   - text: The title, or its cut with the ellipsis.
    ///   - lang: The title's language tag (unused).
    /// - Returns: `clusters(of: text)`.
    public func titleClusters(of text: String, lang: String?) -> [MeasuredCluster] { clusters(of: text) }

    /// None: a metric measure's titles are its regular advances, scaled.
    public var shapedTitleFont: TextFont? { nil }

    /// The lines `lines(of:width:metrics:lang:)` makes, each as wide as
    /// its clusters' advances times the font size: exact for a measure
    /// whose advances do not depend on their neighbours (the metric ones);
    /// a shaping measure gives its own.
    ///
    /// - Parameters:
    ///   - text: The content's text.
    ///   - width: The content view's width.
    ///   - metrics: The text's padding and font size.
    ///   - lang: The text's BCP 47 language tag, or nil.
    /// - Returns: The lines and their widths.
    public func measuredLines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [MeasuredLine] {
        lines(of: text, width: width, metrics: metrics, lang: lang).map { line in
            var units = clusters(of: line)
            while let last = units.last, last.text == " " { units.removeLast() }
            return MeasuredLine(text: line, width: units.reduce(0) { $0 + $1.advance } * metrics.fontSize)
        }
    }
}
