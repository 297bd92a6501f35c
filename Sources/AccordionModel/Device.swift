/// The device a spec's container is shown on (the spec's top-level
/// `device`, or `render --device`): a screen of a fixed size whose safe area
/// is the container's frame. Without one (nil in `ContainerSpec.device`) the
/// container is shown at its own size with no status bar and no insets, the
/// picture from before devices existed.
///
/// The sizes are points, as UIKit reports them: an iPhone 15 Pro / 16
/// (393 × 852, `safeAreaInsets` top 59 and bottom 34 in portrait; left 59,
/// right 59 and bottom 21 in landscape, where iOS hides the status bar) and
/// an 11-inch iPad Air (820 × 1180, top 24 and bottom 20). The screen sizes
/// are Apple's Human Interface Guidelines' device table; the insets those
/// devices' simulators report.
public enum Device: String, CaseIterable, Hashable, Sendable {
    /// A phone held upright: 393 × 852, status bar in the top inset.
    case phone
    /// The phone on its side: 852 × 393, no status bar.
    case phoneLandscape = "phone-landscape"
    /// A tablet held upright: 820 × 1180.
    case tablet
    /// No chassis: the screen is the container, with no insets.
    case none

    /// The edges of the screen the container keeps clear of (points).
    public struct Insets: Hashable, Sendable {
        /// Above the container: the status bar.
        public var top: Double
        /// Left of the container.
        public var left: Double
        /// Below the container: the home indicator.
        public var bottom: Double
        /// Right of the container.
        public var right: Double

        /// Creates insets.
        ///
        /// - Parameters:
        ///   - top: Above the container.
        ///   - left: Left of the container.
        ///   - bottom: Below the container.
        ///   - right: Right of the container.
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }

        /// No inset on any edge.
        public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// The screen's size in points; nil for `none`, whose screen is the container.
    public var screen: (width: Double, height: Double)? {
        switch self {
        case .phone: (393, 852)
        case .phoneLandscape: (852, 393)
        case .tablet: (820, 1180)
        case .none: nil
        }
    }

    /// The safe-area insets of the screen.
    public var insets: Insets {
        switch self {
        case .phone: Insets(top: 59, left: 0, bottom: 34, right: 0)
        case .phoneLandscape: Insets(top: 0, left: 59, bottom: 21, right: 59)
        case .tablet: Insets(top: 24, left: 0, bottom: 20, right: 0)
        case .none: .zero
        }
    }

    /// The container's size on this device: the screen less the insets;
    /// nil for `none`, which keeps the container's own size.
    public var safeArea: (width: Double, height: Double)? {
        guard let screen else { return nil }
        let i = insets
        return (screen.width - i.left - i.right, screen.height - i.top - i.bottom)
    }

    /// Whether the screen shows a status bar in its top inset (a phone on
    /// its side has none, as on iOS; `none` has no inset to hold one).
    public var hasStatusBar: Bool { insets.top > 0 }

    /// Whether the screen shows a home indicator in its bottom inset.
    public var hasHomeIndicator: Bool { insets.bottom > 0 }
}

extension ContainerSpec {
    /// The container shown on `device`: its size the device's safe area
    /// (a written size is overridden; `none` keeps it), and the device set.
    /// The one size rule the spec loader and `render --device` follow.
    ///
    /// - Parameter device: The device, or nil for none (the container as it is).
    /// - Returns: The container on that device.
    public func shown(on device: Device?) -> ContainerSpec {
        var c = self
        c.device = device
        if let area = device?.safeArea {
            c.width = area.width
            c.height = area.height
        }
        return c
    }

    /// The screen's size: the container's plus the device's insets (a
    /// `resize` resizes the container, and the screen with it); the
    /// container's own size without a device.
    public var screenSize: (width: Double, height: Double) {
        let i = device?.insets ?? .zero
        return (width + i.left + i.right, height + i.top + i.bottom)
    }
}
