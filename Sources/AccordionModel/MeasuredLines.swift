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

extension TextMeasure {
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
