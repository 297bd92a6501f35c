import AccordionModel

/// What a named device draws in its screen's insets, as SVG elements in the
/// screen's coordinates (0,0 its top left corner): the status bar in the
/// top inset (the time "9:41", signal, Wi-Fi and battery glyphs as vector
/// paths, a dynamic-island pill on a phone) and the home indicator in the
/// bottom one; a phone on its side has no status bar, as on iOS, and its
/// island in the left inset. The SVG and the HTML page draw the same
/// markup (`DeviceFrame` says where the screen is).
enum StatusBar {
    /// The glyphs' colour in each appearance: black on a light screen,
    /// white on a dark one.
    static func ink(_ appearance: Appearance) -> String { appearance == .dark ? "#FFFFFF" : "#000000" }

    /// The island's colour: the screen's black, whatever the appearance.
    static let islandColor = "#000000"

    /// Everything drawn in the insets of `frame`'s screen, in `ink`
    /// (a colour, or `currentColor` for the page, which switches it with
    /// its appearance); "" without a named device.
    ///
    /// - Parameters:
    ///   - frame: The device and its screen.
    ///   - ink: The glyphs' and the home indicator's fill.
    /// - Returns: SVG elements, one a line.
    static func markup(_ frame: DeviceFrame, ink: String) -> String {
        guard let device = frame.device, device != .none else { return "" }
        let w = frame.screenWidth, h = frame.screenHeight, i = frame.insets
        var out = ""
        switch frame.kind {
        case .phone where device.hasStatusBar:
            // iPhone 15 Pro: the island 126 × 37 at 11 pt from the top; the
            // time and the glyphs centred on its height, in the ears beside it.
            let island = (width: 126.0, height: 37.0, top: 11.0)
            let mid = island.top + island.height / 2
            out += "<rect x=\"\(n((w - island.width) / 2))\" y=\"\(n(island.top))\" width=\"\(n(island.width))\" height=\"\(n(island.height))\" rx=\"\(n(island.height / 2))\" fill=\"\(islandColor)\"/>\n"
            let ear = (w - island.width) / 2
            out += time(x: ear / 2 + 4, baseline: mid + 6, size: 17, ink: ink)
            out += glyphs(right: w - ear / 2 + glyphsWidth / 2 - 4, middle: mid, scale: 1, ink: ink)
        case .phone:
            // On its side the island lies in the left inset, across it.
            if i.left >= 37 {
                let island = (width: 37.0, height: 126.0, left: 11.0)
                out += "<rect x=\"\(n(island.left))\" y=\"\(n((h - island.height) / 2))\" width=\"\(n(island.width))\" height=\"\(n(island.height))\" rx=\"\(n(island.width / 2))\" fill=\"\(islandColor)\"/>\n"
            }
        case .tablet where device.hasStatusBar:
            // iPad: a 24 pt bar, the time at the left, the glyphs at the right.
            let mid = i.top / 2
            out += time(x: 20, baseline: mid + 4.5, size: 12, ink: ink, anchor: "start")
            out += glyphs(right: w - 20, middle: mid, scale: 0.8, ink: ink)
        case .tablet, .none:
            break
        }
        if device.hasHomeIndicator {
            // The home indicator: 134 pt on a phone, wider on its side and on
            // a tablet, 5 pt tall, 8 pt above the screen's bottom edge.
            let length = frame.kind == .tablet ? 320.0 : (frame.landscape ? 213.0 : 134.0)
            let bottom = min(8, max(0, i.bottom - 5))
            out += "<rect x=\"\(n((w - length) / 2))\" y=\"\(n(h - bottom - 5))\" width=\"\(n(length))\" height=\"5\" rx=\"2.5\" fill=\"\(ink)\"/>\n"
        }
        return out
    }

    /// "9:41", Apple's time on every marketing screen.
    static func time(x: Double, baseline: Double, size: Double, ink: String, anchor: String = "middle") -> String {
        "<text x=\"\(n(x))\" y=\"\(n(baseline))\" text-anchor=\"\(anchor)\" font-size=\"\(n(size))\" font-weight=\"600\" fill=\"\(ink)\">9:41</text>\n"
    }

    /// The width of the glyph group at scale 1 (signal 17, Wi-Fi 16, battery 27, 5 pt apart).
    static let glyphsWidth = 70.0

    /// Signal bars, Wi-Fi and a full battery, ending at `right`, centred on
    /// `middle`, drawn on a 12 pt tall box at scale 1.
    static func glyphs(right: Double, middle: Double, scale: Double, ink: String) -> String {
        let x = right - glyphsWidth * scale, y = middle - 6 * scale
        var out = "<g transform=\"translate(\(n(x)) \(n(y)))\(scale == 1 ? "" : " scale(\(n(scale)))")\" fill=\"\(ink)\">\n"
        // Signal: four bars rising to the right, bottoms aligned.
        for (k, height) in [4.0, 6.5, 9.0, 11.5].enumerated() {
            out += "<rect x=\"\(n(Double(k) * 4.5))\" y=\"\(n(12 - height))\" width=\"3\" height=\"\(n(height))\" rx=\"1\"/>\n"
        }
        // Wi-Fi: a dot-wedge and two arcs about one centre at the bottom.
        let cx = 17 + 5 + 8.0, cy = 11.5
        out += "<path d=\"M\(n(cx)) \(n(cy))L\(n(cx - 2.5)) \(n(cy - 2.5))A3.54 3.54 0 0 1 \(n(cx + 2.5)) \(n(cy - 2.5))Z\"/>\n"
        out += "<path d=\"M\(n(cx - 5)) \(n(cy - 5))A7.07 7.07 0 0 1 \(n(cx + 5)) \(n(cy - 5))M\(n(cx - 7.8)) \(n(cy - 7.8))A11.03 11.03 0 0 1 \(n(cx + 7.8)) \(n(cy - 7.8))\" fill=\"none\" stroke=\"\(ink)\" stroke-width=\"1.9\" stroke-linecap=\"round\"/>\n"
        // Battery: an outline, its charge, and the terminal cap.
        let bx = 17 + 5 + 16 + 5.0
        out += "<rect x=\"\(n(bx + 0.5))\" y=\"0.5\" width=\"24\" height=\"11\" rx=\"3.5\" fill=\"none\" stroke=\"\(ink)\" stroke-opacity=\"0.4\"/>\n"
        out += "<rect x=\"\(n(bx + 2.5))\" y=\"2.5\" width=\"20\" height=\"7\" rx=\"1.8\"/>\n"
        out += "<path d=\"M\(n(bx + 26)) 4v4a2 2 0 0 0 0-4z\" fill-opacity=\"0.4\"/>\n"
        return out + "</g>\n"
    }

    static func n(_ v: Double) -> String { Numbers.short(v) }
}
