#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AccordionYAML

/// WCAG 2.x contrast between a header's title and the header it sits on,
/// measured the way an accessibility audit of the rendered page measures it
/// (axe-core): relative luminance of sRGB colours, translucent colours
/// blended in sRGB over what is behind them, ratio (lighter + 0.05) /
/// (darker + 0.05).
///
/// What is behind what: the title over its header, the header over the
/// container's background, and a translucent background over white (the
/// model has nothing further back).
enum Contrast {
    /// WCAG AA for text below "large text": header titles are drawn at most
    /// 17 points, semibold, under the 18.66-point bold threshold.
    static let minimum = 4.5

    /// An sRGB colour, each channel 0...1 as written (not linearised).
    struct RGB: Equatable {
        var red: Double, green: Double, blue: Double

        static let white = RGB(red: 1, green: 1, blue: 1)

        /// The colour part of `0xRRGGBBAA`.
        init(_ colour: UInt32) {
            red = Double(colour >> 24 & 0xFF) / 255
            green = Double(colour >> 16 & 0xFF) / 255
            blue = Double(colour >> 8 & 0xFF) / 255
        }

        init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// WCAG 2.x relative luminance: each channel linearised (the sRGB
        /// curve with its 0.04045 threshold; the older 0.03928 gives the same
        /// result for every 8-bit value), then weighted.
        var luminance: Double { 0.2126 * Self.linear(red) + 0.7152 * Self.linear(green) + 0.0722 * Self.linear(blue) }

        /// One channel, 0...1, on the linear light scale.
        static func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    }

    /// `colour` painted over the opaque `behind`, blended by its alpha.
    static func paint(_ colour: UInt32, over behind: RGB) -> RGB {
        let alpha = Double(colour & 0xFF) / 255
        let top = RGB(colour)
        func blend(_ a: Double, _ b: Double) -> Double { a * alpha + b * (1 - alpha) }
        return RGB(red: blend(top.red, behind.red), green: blend(top.green, behind.green), blue: blend(top.blue, behind.blue))
    }

    /// The contrast ratio of two opaque colours, from 1 to 21.
    static func ratio(_ a: RGB, _ b: RGB) -> Double {
        let (x, y) = (a.luminance, b.luminance)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// The contrast a reader sees between a panel's title and its header.
    static func ratio(title: UInt32, header: UInt32, background: UInt32) -> Double {
        if title & header & 0xFF == 0xFF {
            // Both opaque, as nearly always: nothing behind shows through, and
            // each channel's linear value comes from a table (every panel of
            // a large spec is measured).
            let (x, y) = (opaqueLuminance(title), opaqueLuminance(header))
            return (max(x, y) + 0.05) / (min(x, y) + 0.05)
        }
        let header = paint(header, over: paint(background, over: .white))
        return ratio(paint(title, over: header), header)
    }

    /// `RGB.linear` of each 8-bit channel value.
    private static let linearByte: [Double] = (0...255).map { RGB.linear(Double($0) / 255) }

    /// `RGB(colour).luminance`, from the table.
    static func opaqueLuminance(_ colour: UInt32) -> Double {
        0.2126 * linearByte[Int(colour >> 24 & 0xFF)] + 0.7152 * linearByte[Int(colour >> 16 & 0xFF)]
            + 0.0722 * linearByte[Int(colour >> 8 & 0xFF)]
    }

    /// The ratio as a message shows it, two decimals: never rounded up to
    /// the minimum, so a warned ratio never reads as passing.
    static func spelled(_ ratio: Double) -> String {
        var hundredths = Int((ratio * 100).rounded())
        if ratio < minimum, hundredths >= Int(minimum * 100) { hundredths = Int(minimum * 100) - 1 }
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction):1"
    }

    /// The colour nearest to `colour` for which `passes` holds: a shade
    /// (towards black) or a tint (towards white) of the same hue, whichever
    /// moves the channels less; its alpha kept, or made opaque when no shade
    /// or tint at that alpha passes. Nil when nothing passes.
    static func nearest(to colour: UInt32, where passes: (UInt32) -> Bool) -> UInt32? {
        for alpha in [colour & 0xFF, 0xFF] {
            let start = colour & 0xFFFF_FF00 | alpha
            let found = [UInt32(0x0000_0000), 0xFFFF_FF00].compactMap { end in
                mixPassing(from: start, towards: end, passes: passes)
            }
            if let best = found.min(by: { distance($0, colour) < distance($1, colour) }) { return best }
        }
        return nil
    }

    /// The first colour on the line from `start` towards `end` (each colour
    /// channel moved by the same fraction, rounded to 8 bits) that passes.
    /// Along the line luminance only falls (or only rises), so once a colour
    /// passes every later one does too, and a bisection finds the first: a
    /// channel moves at most 255 steps, so 16 halvings (1/65536) reach the
    /// first rounded colour that passes.
    private static func mixPassing(from start: UInt32, towards end: UInt32, passes: (UInt32) -> Bool) -> UInt32? {
        func mix(_ k: Double) -> UInt32 {
            var out = start & 0xFF
            for shift: UInt32 in [24, 16, 8] {
                let a = Double(start >> shift & 0xFF), b = Double(end >> shift & 0xFF)
                out |= UInt32((a + (b - a) * k).rounded()) << shift
            }
            return out
        }
        guard passes(mix(1)) else { return nil }
        if passes(start) { return start }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<16 {
            let middle = (low + high) / 2
            if passes(mix(middle)) { high = middle } else { low = middle }
        }
        return mix(high)
    }

    /// How far apart two colours are: the sum of squared differences of
    /// their 8-bit channels, alpha included.
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        var sum = 0
        for shift: UInt32 in [24, 16, 8, 0] {
            let d = Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)
            sum += d * d
        }
        return sum
    }
}

// MARK: - The warning's words

extension LowContrast {
    /// What the author reads: both colours as written, the ratio, and how
    /// many other panels share the colours (`sameColours`, this one first).
    func message(sameColours: SameColours) -> String {
        let title = titleEntry == nil ? "the title, white by default," : "title colour " + shown(self.title, like: titleEntry)
        let header = (headerEntry == nil ? "the palette's header colour " : "header colour ") + shown(self.header, like: headerEntry)
        let translucent = self.title & self.header & background & 0xFF != 0xFF
        let more = sameColours.count - 1
        let named = sameColours.others.map { "`\($0)`" }.joined(separator: ", ") + (more > sameColours.others.count ? ", ..." : "")
        return (appearance == .dark ? "in the dark appearance, " : "")
            + "\(title) on \(header) has a contrast of \(Contrast.spelled(ratio)), below the 4.5:1 WCAG AA asks of header titles"
            + (translucent ? " (translucent colours blended over what is behind them)" : "")
            + (more > 0 ? "; \(more) more panel\(more == 1 ? " has" : "s have") the same colours (\(named))" : "")
    }

    /// The nearest passing value of each written colour, the other kept,
    /// the smaller change first; when the title is white by default, the
    /// header's fix first and then a `titleColor` to add.
    var help: String? {
        let titleFix = fix("titleColor", title, like: titleEntry ?? headerEntry) {
            Contrast.ratio(title: $0, header: header, background: background) >= Contrast.minimum
        }
        let headerFix = headerEntry == nil ? nil : fix("color", header, like: headerEntry) {
            Contrast.ratio(title: title, header: $0, background: background) >= Contrast.minimum
        }
        let fixes = titleEntry == nil
            ? [headerFix.map { "\($0.paste) (\($0.how))" }, titleFix.map { "add \($0.paste)" }]
            : [titleFix, headerFix].compactMap { $0 }.sorted { $0.change < $1.change }.map { "\($0.paste) (\($0.how))" }
        let help = fixes.compactMap { $0 }.joined(separator: ", or ")
        return help.isEmpty ? nil : "the nearest colours that reach 4.5:1: " + help
    }

    /// The nearest value of one colour for which `passes` holds: a
    /// `key: value` to paste, how it differs, and how far it moved.
    private func fix(_ key: String, _ current: UInt32, like entry: (key: YAMLNodeRef, value: YAMLNodeRef)?,
                     _ passes: (UInt32) -> Bool) -> (paste: String, how: String, change: Int)? {
        guard let better = Contrast.nearest(to: current, where: passes) else { return nil }
        let opaque = better & 0xFF != current & 0xFF ? ", opaque" : ""
        let how = better | 0xFF == current | 0xFF ? "the same colour" + opaque
            : (Contrast.RGB(better).luminance < Contrast.RGB(current).luminance ? "a darker shade" : "a lighter tint") + opaque
        // In the dark appearance: a colour written once becomes a pair; a pair's `dark` half is replaced.
        let light = key == "titleColor" ? lightValues.title : lightValues.header
        let paste = light.map { "`\(key): {light: \(spelled($0, like: entry)), dark: \(spelled(better, like: entry))}`" }
            ?? (appearance == .dark ? "`dark: \(spelled(better, like: entry))`" : "`\(key): \(spelled(better, like: entry))`")
        return (paste, how, Contrast.distance(better, current))
    }

    /// A colour the way its entry writes colours (hex when nothing is written).
    private func spelled(_ value: UInt32, like entry: (key: YAMLNodeRef, value: YAMLNodeRef)?) -> String {
        entry.map { colourSpelled(value, like: $0.value) } ?? hexColour(value)
    }

    /// As written, with the hex form beside a decimal.
    private func shown(_ value: UInt32, like entry: (key: YAMLNodeRef, value: YAMLNodeRef)?) -> String {
        let text = spelled(value, like: entry)
        return text.first?.isNumber == true && !text.hasPrefix("0x") && !text.hasPrefix("0X") ? "\(text) (\(hexColour(value)))" : text
    }
}
