/// What a header carries besides its title, all optional: a badge (a short
/// text in a pill at the end of the title: a count, "New"), a detail (a
/// value shown before the mark, as Settings shows "Home" beside "Wi-Fi"), a
/// subtitle (a second, smaller line under the title) and an icon (one of
/// the built-in ``HeaderIcon``s, before the title). Where each goes is
/// decided by ``HeaderLayout``, the one rule every renderer draws from.
public struct HeaderAccessories: Hashable, Sendable {
    /// The text in the pill after the title, nil for none.
    public var badge: String?
    /// The value shown before the mark, nil for none.
    public var detail: String?
    /// The line under the title, nil for none.
    public var subtitle: String?
    /// The symbol before the title, nil for none.
    public var icon: HeaderIcon?

    /// Creates accessories; every one left nil is absent.
    ///
    /// - Parameters:
    ///   - badge: The text in the pill after the title.
    ///   - detail: The value shown before the mark.
    ///   - subtitle: The line under the title.
    ///   - icon: The symbol before the title.
    public init(badge: String? = nil, detail: String? = nil, subtitle: String? = nil, icon: HeaderIcon? = nil) {
        self.badge = badge
        self.detail = detail
        self.subtitle = subtitle
        self.icon = icon
    }

    /// Whether the header carries none of them (today's header).
    public var isEmpty: Bool { badge == nil && detail == nil && subtitle == nil && icon == nil }
}

extension PanelSpec {
    /// The header's badge, detail, subtitle and icon (none by default).
    public var accessories: HeaderAccessories {
        get { extrasBox?.value.accessories ?? HeaderAccessories() }
        set { extras { $0.accessories = newValue } }
    }
}

/// The built-in symbols a header's `icon` names: drawn as vector paths in
/// the SVG and the page, as one character in the terminal. The names are
/// the schema's enum; a renderer that draws icons draws every one.
public enum HeaderIcon: String, CaseIterable, Hashable, Sendable {
    /// A chevron pointing up.
    case chevronUp = "chevron-up"
    /// A chevron pointing down.
    case chevronDown = "chevron-down"
    /// A chevron pointing left.
    case chevronLeft = "chevron-left"
    /// A chevron pointing right.
    case chevronRight = "chevron-right"
    /// A gear: settings.
    case gear
    /// A bell: notifications.
    case bell
    /// A padlock: privacy, security.
    case lock
    /// Three arcs over a dot: Wi-Fi.
    case wifi
    /// The Bluetooth rune.
    case bluetooth
    /// A head and shoulders: an account, a profile.
    case person
    /// An envelope: mail, messages.
    case envelope
    /// A shopping cart.
    case cart
    /// A truck: delivery, shipping.
    case truck
    /// A question mark in a circle: help.
    case question
    /// An i in a circle: information.
    case info
    /// A star: favourites, VIP.
    case star
    /// A heart: likes, health.
    case heart
    /// A house: home.
    case house
    /// A magnifying glass: search.
    case magnifier
    /// A calendar page.
    case calendar
    /// A clock face: time, history.
    case clock
    /// A telephone handset.
    case phone
    /// A camera.
    case camera
    /// A globe: language, region, the web.
    case globe
    /// A crescent moon: night, dark mode.
    case moon
    /// A sun: brightness, display.
    case sun
    /// A check mark: done.
    case checkmark
    /// A plus sign: add.
    case plus
    /// A waste bin: delete.
    case trash
    /// A page with a folded corner: a document.
    case doc
    /// A card with a stripe: payment.
    case creditcard
    /// A key: passwords, access.
    case key
    /// An airplane: airplane mode, travel.
    case airplane
    /// A battery.
    case battery
}

/// Where everything on a header goes: the one rule the SVG, the page and
/// the terminal draw from and `validate`'s `title-truncated` and
/// `subtitle-does-not-fit` read, so a warning appears exactly where a
/// picture cuts.
///
/// Offsets are from the header's start edge (its left, or its right in a
/// right-to-left header, which a renderer mirrors), in points. Along the
/// header, from the start: 16 points of padding, the icon (``iconSize``)
/// and 8 points, the title, 6 points and the badge, then the detail, which
/// ends 8 points before the mark's 24 points (16 points before the end
/// without a mark). The title truncates first, down to its first cluster
/// and the ellipsis, then the detail; the icon and the badge keep their
/// width. A subtitle, at 0.75 times the title's size, takes a second line
/// under the title when the header is at least ``subtitleHeight(fontSize:)``
/// tall, and is cut to the room beside the detail.
///
/// Every text here is measured as titles are (the measure's title
/// clusters, semibold) and drawn at ``HeaderTitle/weight``.
public struct HeaderLayout: Hashable, Sendable {
    /// The title's font size (``HeaderTitle/fontSize(headerHeight:)``).
    public var fontSize: Double
    /// The title as drawn.
    public var title: FittedTitle
    /// Where the title starts.
    public var titleStart: Double
    /// The width the drawn title takes.
    public var titleWidth: Double
    /// The title's baseline, down from the header's top.
    public var titleBaseline: Double
    /// The icon drawn before the title, nil for none.
    public var icon: PlacedIcon?
    /// The side of the icon's square, 1.2 times the title's size.
    public var iconSize: Double { fontSize * 1.2 }
    /// The badge as drawn, nil for none.
    public var badge: Pill?
    /// The detail as drawn (cut, or nil when none or no room is left), and where it ends.
    public var detail: PlacedText?
    /// Whether the detail was cut or left out for want of room.
    public var detailTruncated: Bool
    /// The subtitle as drawn, nil for none or when the header is too low for it.
    public var subtitle: PlacedText?
    /// Whether the panel has a subtitle the header is too low to show.
    public var subtitleDoesNotFit: Bool

    /// A text placed along the header: its fitted text, where it starts, how wide it is drawn, its baseline and size.
    public struct PlacedText: Hashable, Sendable {
        /// The text as drawn, cut with the ellipsis when it had to be.
        public var text: String
        /// Its start, from the header's start edge.
        public var start: Double
        /// The width it takes as drawn.
        public var width: Double
        /// Its baseline, down from the header's top.
        public var baseline: Double
        /// Its font size.
        public var fontSize: Double
    }

    /// An icon placed along the header: its symbol and where its square starts.
    public struct PlacedIcon: Hashable, Sendable {
        /// The symbol drawn.
        public var symbol: HeaderIcon
        /// The square's start, from the header's start edge (its top is centred on the header).
        public var start: Double
    }

    /// The badge's pill: its text, where it starts, its size and the text's size.
    public struct Pill: Hashable, Sendable {
        /// The badge's text (never cut).
        public var text: String
        /// The pill's start, from the header's start edge.
        public var start: Double
        /// The pill's width: the text and half its size on each side, at least as wide as it is tall.
        public var width: Double
        /// The pill's height, 1.5 times its text's size.
        public var height: Double
        /// The pill's top, down from the header's top (centred on the title's line).
        public var top: Double
        /// The text's font size, 0.75 times the title's.
        public var fontSize: Double
        /// The text's width as measured, centred in the pill.
        public var textWidth: Double
    }

    /// How tall a header must be to show a subtitle under a title of
    /// `fontSize`: the title's line (1.2 times its size), the subtitle's
    /// (1.2 times 0.75 times it) and 4 points above and below.
    ///
    /// - Parameter fontSize: The title's font size.
    /// - Returns: The least header height, in points.
    public static func subtitleHeight(fontSize: Double) -> Double { 2.1 * fontSize + 8 }

    /// The lowest header that shows a subtitle: 43.7 points. Below 40.5
    /// points the title's size is 0.42 times the header's and two lines
    /// never fit (h ≥ 0.882 h + 8 has no solution there); above it the
    /// title is 17 points and needs 2.1 · 17 + 8.
    public static let leastSubtitleHeaderHeight = subtitleHeight(fontSize: 17)

    /// Whether a header `height` points tall shows a subtitle under its title.
    ///
    /// - Parameter height: The header's height in points.
    /// - Returns: Whether it is at least ``subtitleHeight(fontSize:)`` of its title's size.
    public static func showsSubtitle(headerHeight height: Double) -> Bool {
        height + 1e-9 >= subtitleHeight(fontSize: HeaderTitle.fontSize(headerHeight: height))
    }

    /// Lays out `panel`'s header, `width` × `height` points, with or
    /// without its mark (``HeaderTitle/drawsMark(headerHeight:)``, unless
    /// `hidesMark`). For a header without accessories the title is
    /// exactly ``HeaderTitle/fit(_:headerWidth:headerHeight:hidesMark:measure:lang:)``'s.
    ///
    /// - Parameters:
    ///   - text: The header's title.
    ///   - accessories: Its badge, detail, subtitle and icon.
    ///   - width: The header's width in points.
    ///   - height: The header's height in points.
    ///   - hidesMark: Whether the header shows no mark whatever its height.
    ///   - measure: The measure whose title clusters and advances are used.
    ///   - lang: The title's BCP 47 language tag, or nil.
    public init(title text: String, accessories: HeaderAccessories, headerWidth width: Double, headerHeight height: Double,
                hidesMark: Bool = false, measure: any TextMeasure, lang: String? = nil) {
        let f = HeaderTitle.fontSize(headerHeight: height)
        fontSize = f
        let drawsMark = HeaderTitle.drawsMark(headerHeight: height) && !hidesMark
        let end = width - 16 - (drawsMark ? 24 : 0)
        var start = 16.0
        func measured(_ text: String, size: Double) -> Double {
            let scale = measure.shapedTitleFont == nil ? HeaderTitle.semiboldFactor : 1
            return measure.titleClusters(of: text, lang: lang).reduce(0) { $0 + $1.advance } * size * scale
        }
        if let symbol = accessories.icon {
            icon = PlacedIcon(symbol: symbol, start: start)
            start += f * 1.2 + 8
        } else {
            icon = nil
        }
        let badgeSize = 0.75 * f
        var badgeWidth = 0.0, badgeTextWidth = 0.0
        if let text = accessories.badge {
            badgeTextWidth = measured(text, size: badgeSize)
            badgeWidth = max(1.5 * badgeSize, badgeTextWidth + badgeSize)
        }
        // The title's and the detail's room: the badge keeps its width.
        let available = end - start - (accessories.badge == nil ? 0 : 6 + badgeWidth)
        let subtitleFits = Self.showsSubtitle(headerHeight: height)
        subtitleDoesNotFit = accessories.subtitle != nil && !subtitleFits
        let twoLines = accessories.subtitle != nil && subtitleFits
        let middle = height / 2
        titleBaseline = twoLines ? middle - 0.1 * f : middle + 0.35 * f
        titleStart = start
        detailTruncated = false
        if let detail = accessories.detail {
            let detailWidth = measured(detail, size: f)
            let whole = HeaderTitle.fit(text, room: .infinity, fontSize: f, measure: measure, lang: lang)
            if whole.width + 8 + detailWidth <= available + 1e-9 {
                title = whole
                titleWidth = whole.width
                self.detail = PlacedText(text: detail, start: end - detailWidth, width: detailWidth,
                                         baseline: middle + 0.35 * f, fontSize: f)
            } else {
                // The title gives way first, down to one cluster and the ellipsis.
                let leastWidth = min(whole.width, measured(String(text.prefix(1)) + HeaderTitle.ellipsis, size: f))
                title = HeaderTitle.fit(text, room: max(available - 8 - detailWidth, leastWidth), fontSize: f,
                                        measure: measure, lang: lang)
                titleWidth = title.isTruncated ? measured(title.text, size: f) : title.width
                let room = available - 8 - titleWidth
                let cut = HeaderTitle.fit(detail, room: room, fontSize: f, measure: measure, lang: lang)
                detailTruncated = true
                if cut.isTruncated, cut.text == HeaderTitle.ellipsis && measured(cut.text, size: f) > room + 1e-9 {
                    self.detail = nil
                } else {
                    let drawn = cut.isTruncated ? measured(cut.text, size: f) : cut.width
                    detailTruncated = cut.isTruncated
                    self.detail = PlacedText(text: cut.text, start: end - drawn, width: drawn,
                                             baseline: middle + 0.35 * f, fontSize: f)
                }
            }
        } else {
            title = HeaderTitle.fit(text, room: available, fontSize: f, measure: measure, lang: lang)
            titleWidth = title.isTruncated ? measured(title.text, size: f) : title.width
            self.detail = nil
        }
        badge = nil
        subtitle = nil
        if let text = accessories.badge {
            badge = Pill(text: text, start: titleStart + titleWidth + 6, width: badgeWidth, height: 1.5 * badgeSize,
                         top: titleBaseline - 0.35 * f - 0.75 * badgeSize, fontSize: badgeSize, textWidth: badgeTextWidth)
        }
        if let text = accessories.subtitle, twoLines {
            let size = 0.75 * f
            let room = end - titleStart - (self.detail.map { $0.width + 8 } ?? 0)
            let cut = HeaderTitle.fit(text, room: room, fontSize: size, measure: measure, lang: lang)
            subtitle = PlacedText(text: cut.text, start: titleStart,
                                  width: cut.isTruncated ? measured(cut.text, size: size) : cut.width,
                                  baseline: middle + 0.8625 * f, fontSize: size)
        }
    }

    /// Lays out panel `panel`'s header in `frame`.
    ///
    /// - Parameters:
    ///   - panel: The panel whose title and accessories are laid out.
    ///   - frame: The header's frame.
    ///   - measure: The measure whose title clusters and advances are used.
    ///   - lang: The title's BCP 47 language tag, or nil.
    public init(_ panel: PanelSpec, in frame: Rect, measure: any TextMeasure, lang: String? = nil) {
        self.init(title: panel.title, accessories: panel.accessories, headerWidth: frame.width, headerHeight: frame.height,
                  measure: measure, lang: lang)
    }
}

/// The line drawn on the top edge of a header below another: stacked
/// headers of one colour would otherwise read as one band.
public enum HeaderSeparator: Hashable, Sendable {
    /// A 1-point hairline only between headers of the same colour: black
    /// at 20 % on a light header, white at 30 % on a dark one (the default).
    case auto
    /// No line.
    case none
    /// This line on the top edge of every header but the first, in
    /// `darkColor` in the dark appearance when that is given.
    case line(color: RGBA, thickness: Double, darkColor: RGBA? = nil)

    /// The written line's dark colour, nil when there is none or it is the light one.
    public var darkColor: RGBA? {
        if case .line(let color, _, let dark?) = self, dark != color { return dark }
        return nil
    }

    /// The separators as drawn in `appearance`.
    ///
    /// - Parameter appearance: The appearance drawn.
    /// - Returns: A written line in that appearance's colour; `auto` and `none` as they are.
    public func appearing(_ appearance: Appearance) -> HeaderSeparator {
        guard appearance == .dark, case .line(let color, let thickness, let dark) = self else { return self }
        return .line(color: dark ?? color, thickness: thickness)
    }

    /// The default colour of a written `{color, thickness}` line, iOS's separator grey.
    public static let defaultColor: RGBA = 0xC6C6_C8FF

    /// The line on the top edge of `lower`, the header below `upper`, nil for none.
    ///
    /// - Parameters:
    ///   - upper: The header above.
    ///   - lower: The header below, on whose top edge the line lies.
    /// - Returns: The line's colour and thickness, or nil when none is drawn.
    public func line(between upper: PanelSpec, and lower: PanelSpec) -> (color: RGBA, thickness: Double)? {
        switch self {
        case .none:
            return nil
        case .line(let color, let thickness, _):
            return (color, thickness)
        case .auto:
            guard upper.color == lower.color else { return nil }
            return (Self.isLight(lower.color) ? 0x0000_0033 : 0xFFFF_FF4D, 1)
        }
    }

    /// Whether a colour is light: its WCAG relative luminance, painted over
    /// white as a translucent header is, is above 0.4.
    static func isLight(_ c: RGBA) -> Bool {
        func channel(_ shift: UInt32) -> Double {
            let alpha = Double(c & 0xFF) / 255
            let v = Double((c >> shift) & 0xFF) / 255 * alpha + (1 - alpha)
            return v <= 0.04045 ? v / 12.92 : pow1p4((v + 0.055) / 1.055)
        }
        return 0.2126 * channel(24) + 0.7152 * channel(16) + 0.0722 * channel(8) > 0.4
    }

    /// `x` (0...1) to the power 2.4 without the C library (the model
    /// imports nothing): x² · (x²)^(1/5), the fifth root by bisection.
    private static func pow1p4(_ x: Double) -> Double {
        let square = x * x
        var low = 0.0, high = 1.0
        for _ in 0..<52 {
            let mid = (low + high) / 2
            if mid * mid * mid * mid * mid < square { low = mid } else { high = mid }
        }
        return square * low
    }

    /// The lines of a stack: on the top edge of each header but the first
    /// (under `auto`, only where the header above is of the same colour),
    /// whether the panel above is open or closed, so a picture of any
    /// moment and the page agree without asking where the headers are.
    ///
    /// - Parameter frames: The panels' frames at one moment, top to bottom.
    /// - Returns: For each line, the lower panel's index in `frames` and the line.
    public func lines(in frames: [PanelFrame]) -> [(index: Int, color: RGBA, thickness: Double)] {
        guard self != .none, frames.count > 1 else { return [] }
        var found: [(Int, RGBA, Double)] = []
        for i in 1..<frames.count {
            guard let line = line(between: frames[i - 1].panel, and: frames[i].panel) else { continue }
            found.append((i, line.color, line.thickness))
        }
        return found
    }
}
