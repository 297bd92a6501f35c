import AccordionModel

/// The device drawn around a container, as one value both pictures read (the
/// SVG and the HTML page draw the same chassis from it).
///
/// The screen is the container's whole rectangle, square-cornered: the
/// chassis's rounded corners lie outside it, and its corner radius is small
/// enough that the screen's corners stay on the body, so no header pixel is
/// hidden by the frame. A container whose shorter side is over 600 pt gets a
/// tablet (wider bezel, a camera in the bezel, one top button); a landscape
/// size (wider than tall) gets the chassis turned on its side.
///
/// On a named device (`ContainerSpec.device`) the screen is the container
/// plus the device's safe-area insets, with rounded corners (the insets keep
/// the container clear of them), a status bar in the top inset and a home
/// indicator in the bottom one (`SVGRender.statusBar`); `Device.none` has no
/// chassis at all (kind `none`, no bezel: the screen is the container).
public struct DeviceFrame: Sendable, Equatable {
    /// Which chassis: a phone, or a tablet for a large container.
    public enum Kind: String, Sendable {
        /// A phone: a narrow bezel with buttons on both long edges.
        case phone
        /// A tablet: a wider bezel, a camera in it, buttons on the top edge.
        case tablet
        /// No chassis (`device: none`): the screen is the container, bare.
        case none
    }

    /// A rectangle on the chassis in its own coordinates (the body's top left
    /// corner is 0,0; the screen starts at `bezel`,`bezel`).
    public struct Box: Sendable, Equatable {
        /// Left edge.
        public var x: Double
        /// Top edge.
        public var y: Double
        /// Width.
        public var width: Double
        /// Height.
        public var height: Double
    }

    /// Phone or tablet.
    public var kind: Kind
    /// Wider than tall: the chassis lies on its side.
    public var landscape: Bool
    /// The body's margin around the screen, the same on every side.
    public var bezel: Double
    /// The body's corner radius.
    public var cornerRadius: Double
    /// The body's size: the screen plus a bezel on each side.
    public var bodyWidth: Double
    /// See `bodyWidth`.
    public var bodyHeight: Double
    /// Buttons sticking out of the body's edges, drawn under it.
    public var buttons: [Box]
    /// A camera dot in the bezel (tablets only; a phone's camera would sit on the screen).
    public var camera: Dot?
    /// The device named (nil: the chassis fitted to the container, as before devices existed).
    public var device: Device?
    /// The screen's size: the container plus `insets`.
    public var screenWidth: Double
    /// See `screenWidth`.
    public var screenHeight: Double
    /// The device's safe-area insets: where the container lies on the screen.
    public var insets: Device.Insets = .zero
    /// The screen's corner radius: 0 without a named device (the square
    /// screen of before), a real screen's on one.
    public var screenRadius: Double = 0

    /// A round mark on the chassis: its centre and radius.
    public struct Dot: Sendable, Equatable {
        /// Centre, left.
        public var x: Double
        /// Centre, top.
        public var y: Double
        /// Radius.
        public var radius: Double
    }

    /// The side length from which a container is drawn as a tablet: the
    /// shorter side, so that a phone held sideways stays a phone.
    public static let tabletFrom = 600.0

    /// The chassis for a container of `width` × `height` points.
    ///
    /// - Parameters:
    ///   - width: The container's width in points (negative counts as 0).
    ///   - height: The container's height in points (negative counts as 0).
    public init(width: Double, height: Double) {
        let w = max(0, width), h = max(0, height)
        screenWidth = w
        screenHeight = h
        kind = min(w, h) > Self.tabletFrom ? .tablet : .phone
        landscape = w > h
        bezel = kind == .tablet ? 24 : 14
        bodyWidth = w + 2 * bezel
        bodyHeight = h + 2 * bezel
        // A corner of radius R keeps the point (d, d) on the body while
        // (R - d)·√2 ≤ R, that is R ≤ d·(2 + √2). The radii keep d = bezel - 5
        // there (30 ≤ 9·3.41, 44 ≤ 19·3.41): the screen's corners and the
        // edge line just outside them stay on the body.
        cornerRadius = min(kind == .tablet ? 44 : 30, min(bodyWidth, bodyHeight) / 2)
        // Buttons along one long edge (volume) and the other (power); a
        // tablet has one on its top edge. Landscape turns them with the body.
        let long = landscape ? bodyWidth : bodyHeight
        var along: [(at: Double, length: Double, far: Bool)]
        switch kind {
        case .phone: along = [(0.16, 0.05, false), (0.24, 0.09, false), (0.35, 0.09, false), (0.26, 0.13, true)]
        case .tablet: along = [(0.06, 0.05, true), (0.12, 0.05, true)]
        case .none: along = []
        }
        var boxes: [Box] = []
        for b in along {
            // Whole hundredths, so both pictures write the same short numbers.
            let start = (long * b.at * 100).rounded() / 100, length = (long * b.length * 100).rounded() / 100
            if kind == .tablet {
                // On the top edge of the tablet as it is held in portrait:
                // the right edge when it lies on its side.
                boxes.append(landscape
                    ? Box(x: bodyWidth - 1, y: start, width: 4, height: length)
                    : Box(x: bodyWidth - start - length, y: -3, width: length, height: 4))
            } else if landscape {
                boxes.append(Box(x: start, y: b.far ? bodyHeight - 1 : -3, width: length, height: 4))
            } else {
                boxes.append(Box(x: b.far ? bodyWidth - 1 : -3, y: start, width: 4, height: length))
            }
        }
        buttons = boxes
        camera = kind == .tablet
            ? (landscape ? Dot(x: bezel / 2, y: bodyHeight / 2, radius: 3) : Dot(x: bodyWidth / 2, y: bezel / 2, radius: 3))
            : nil
    }

    /// The device `container` is shown on: without a device the chassis
    /// fitted to the container (`init(width:height:)`); on `none` no chassis;
    /// on a named device the screen is the container plus the device's
    /// insets (a `resize` resizes it with the container), its corners
    /// rounded as the real screen's (55 pt on the phone, 18 pt on the
    /// tablet) and the body's corners following them.
    ///
    /// - Parameter container: The container, its `device` and its size.
    public init(container: ContainerSpec) {
        guard let device = container.device else {
            self.init(width: container.width, height: container.height)
            return
        }
        let screen = container.screenSize
        self.init(width: screen.width, height: screen.height)
        self.device = device
        insets = device.insets
        if device == .none {
            kind = .none
            bezel = 0
            cornerRadius = 0
            bodyWidth = screenWidth
            bodyHeight = screenHeight
            buttons = []
            camera = nil
            return
        }
        // The screen's corners inside the body's, by the bezel between them.
        screenRadius = min(kind == .tablet ? 18 : 55, min(screenWidth, screenHeight) / 2)
        cornerRadius = screenRadius + bezel
    }

    /// The body's colour, its edge and the buttons' colour.
    static let bodyColor = "#1C1C1E", edgeColor = "#48484A", buttonColor = "#2C2C2E", cameraColor = "#3A3A3C"
}
