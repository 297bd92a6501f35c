/// The two appearances a viewer can ask for (iOS's light and dark mode,
/// the web's `prefers-color-scheme`). Any colour of a spec may be written
/// per appearance; the model carries both and a picture is drawn in one
/// (``Snapshot/appearing(_:)``). Layout never depends on it.
public enum Appearance: String, CaseIterable, Sendable {
    /// The light appearance, today's pictures (the default).
    case light
    /// The dark appearance.
    case dark
}

/// A panel's header colours in the dark appearance, when they differ from
/// its light ones (a colour written `{light, dark}`, or the default
/// palette's dark variant).
public struct DarkColors: Hashable, Sendable {
    /// The header's background colour in the dark appearance.
    public var color: RGBA
    /// The title's colour in the dark appearance.
    public var titleColor: RGBA

    /// Creates a panel's dark colours.
    ///
    /// - Parameters:
    ///   - color: The header's background colour.
    ///   - titleColor: The title's colour.
    public init(color: RGBA, titleColor: RGBA) {
        self.color = color
        self.titleColor = titleColor
    }
}

/// Where a panel's dark colours come from.
enum DarkRule: UInt8, Hashable, Sendable {
    /// Its light colours are drawn in the dark appearance too.
    case same
    /// Its header takes its colour's dark variant (``DarkColors/variant(of:)``),
    /// its title keeps its colour: the default palette's rule.
    case derived
    /// Its dark colours are written (`PanelExtras.dark`).
    case written
}

extension DarkColors {
    /// The dark variant of a header colour: each of its red, green and blue
    /// channels times 0.78, rounded (alpha kept), deeper on a black
    /// background and, for the default palette, still over 6:1 with a white
    /// title. The default palette's colours take it in the dark appearance.
    ///
    /// - Parameter color: A header colour.
    /// - Returns: Its dark variant.
    public static func variant(of color: RGBA) -> RGBA {
        func scaled(_ shift: RGBA) -> RGBA { RGBA((Double((color >> shift) & 0xFF) * 0.78).rounded()) << shift }
        return scaled(24) | scaled(16) | scaled(8) | (color & 0xFF)
    }
}

extension PanelSpec {
    /// The header's colours in the dark appearance; nil when they are its light ones.
    public var dark: DarkColors? {
        get {
            switch darkRule {
            case .same: return nil
            case .derived: return DarkColors(color: DarkColors.variant(of: color), titleColor: titleColor)
            case .written: return extrasBox?.value.dark
            }
        }
        set {
            // Dark colours equal to the light ones are none, so equal panels compare equal.
            let dark = newValue.flatMap { $0.color == color && $0.titleColor == titleColor ? nil : $0 }
            darkRule = dark == nil ? .same : .written
            extras { $0.dark = dark }
        }
    }

    /// Whether the header's dark colour is its colour's dark variant
    /// (``DarkColors/variant(of:)``), as the default palette's colours' are;
    /// setting it drops dark colours written before.
    public var derivesDarkColor: Bool {
        get { darkRule == .derived }
        set {
            extras { $0.dark = nil }
            darkRule = newValue ? .derived : .same
        }
    }

    /// The header's and the title's colours in `appearance`.
    ///
    /// - Parameter appearance: The appearance drawn.
    /// - Returns: The two colours.
    public func colors(in appearance: Appearance) -> (color: RGBA, titleColor: RGBA) {
        if appearance == .dark, let dark { return (dark.color, dark.titleColor) }
        return (color, titleColor)
    }

    /// The panel as drawn in `appearance`: its light colours replaced by
    /// that appearance's, in its nested levels too.
    ///
    /// - Parameter appearance: The appearance drawn.
    /// - Returns: The panel with the colours of `appearance` as its colours.
    public func appearing(_ appearance: Appearance) -> PanelSpec {
        guard appearance == .dark else { return self }
        var panel = self
        (panel.color, panel.titleColor) = colors(in: .dark)
        panel.dark = nil
        if case .accordion(var level)? = content {
            level.panels = level.panels.map { $0.appearing(.dark) }
            panel.content = .accordion(level)
        }
        return panel
    }
}

extension ContainerSpec {
    /// Whether any colour of the container or its panels differs between
    /// the appearances: only then does the page follow the viewer's.
    ///
    /// - Parameter panels: The stack.
    /// - Returns: Whether the dark appearance draws other colours.
    public func hasDarkColors(_ panels: [PanelSpec]) -> Bool {
        darkBackground != nil || separator.darkColor != nil || panels.contains { $0.dark != nil || $0.nested.map { hasDarkColors($0.panels) } == true }
    }
}

extension Snapshot {
    /// This moment as drawn in `appearance`: every colour of the container,
    /// its separators and its panels (nested ones too) the appearance's,
    /// and `container.appearance` set; frames and everything else alike.
    ///
    /// - Parameter appearance: The appearance drawn.
    /// - Returns: The snapshot in that appearance.
    public func appearing(_ appearance: Appearance) -> Snapshot {
        var s = self
        s.container.appearance = appearance
        guard appearance == .dark else { return s }
        if let dark = container.darkBackground { s.container.background = dark }
        s.container.darkBackground = nil
        s.container.separator = container.separator.appearing(.dark)
        for i in s.panels.indices { s.panels[i].panel = s.panels[i].panel.appearing(.dark) }
        for i in s.nested.indices { s.nested[i].panel = s.nested[i].panel.appearing(.dark) }
        return s
    }
}
