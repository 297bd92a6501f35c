/// A 32-bit colour read as `0xRRGGBBAA`.
public typealias RGBA = UInt32

/// A rectangle in points, origin at the container's top-left, y downwards.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// How the expanded panel's content is sized.
public enum LayoutMode: String, Sendable, Hashable {
    /// The content takes all the space left under the headers (the article's controller).
    case fill
    /// The content takes its `contentHeight`, capped by that space.
    case fit
}

/// The timing curves of the spec, as cubic Béziers from (0,0) to (1,1).
public enum AnimationCurve: String, Sendable, Hashable {
    case linear
    case easeIn
    case easeOut
    case easeInOut
}

/// One child view controller of the stack, fully resolved (defaults applied).
public struct PanelSpec: Hashable, Sendable {
    public var id: String
    public var title: String
    public var color: RGBA
    public var titleColor: RGBA
    /// This panel's header height (the container's when the spec gave none).
    public var headerHeight: Double
    /// Preferred content height for the `fit` layout; nil fills the space.
    public var contentHeight: Double?

    /// Creates a panel.
    public init(id: String, title: String, color: RGBA, titleColor: RGBA = 0xFFFF_FFFF,
                headerHeight: Double, contentHeight: Double? = nil) {
        self.id = id
        self.title = title
        self.color = color
        self.titleColor = titleColor
        self.headerHeight = headerHeight
        self.contentHeight = contentHeight
    }
}

/// The container as a spec configures it, fully resolved.
public struct ContainerSpec: Hashable, Sendable {
    public var width: Double = 375
    public var height: Double = 667
    public var headerHeight: Double = 44
    public var layout: LayoutMode = .fill
    public var duration: Double = 0.3
    public var curve: AnimationCurve = .easeInOut
    public var background: RGBA = 0xFFFF_FFFF

    /// The defaults of the spec format.
    public init() {}
}

/// One script step, references already resolved to indices into the stack
/// as it is when the step happens.
public enum StepAction: Hashable, Sendable {
    case tap(panel: Int)
    case wait(seconds: Double)
    case resize(width: Double, height: Double)
    /// Set `expandedIndex` without animation; nil collapses.
    case expand(panel: Int?)
    case present(title: String)
    case dismiss
    /// Replace the whole stack with these panels.
    case setPanels([PanelSpec])
}

/// A step and, for every step but `wait`, an optional absolute time.
public struct Step: Hashable, Sendable {
    public var action: StepAction
    /// `at:` seconds on the container's clock, or nil for "when idle".
    public var at: Double?

    /// Creates a step.
    public init(_ action: StepAction, at: Double? = nil) {
        self.action = action
        self.at = at
    }
}

/// The names of containment-log events, as the article's controller calls them.
public enum LogEvent: String, Sendable, Hashable {
    case beginIgnoringInteractionEvents
    case willMoveToParent
    case addChild
    case viewWillDisappear
    case viewWillAppear
    case viewDidDisappear
    case viewDidAppear
    case didMoveToParent
    case removeFromParent
    case endIgnoringInteractionEvents
    case tapIgnored
    case presentModal
    case dismissModal
}

/// Why a tap was ignored.
public enum IgnoreReason: String, Sendable, Hashable {
    case transition
    case modal
}

/// One entry of the containment log.
public struct LogEntry: Hashable, Sendable {
    public var time: Double
    public var event: LogEvent
    /// Panel id; nil for the container-level interaction events.
    public var panel: String?
    /// Only on `tapIgnored`.
    public var reason: IgnoreReason?

    /// Creates an entry.
    public init(time: Double, event: LogEvent, panel: String? = nil, reason: IgnoreReason? = nil) {
        self.time = time
        self.event = event
        self.panel = panel
        self.reason = reason
    }
}

/// What `visibleViewController` is.
public enum Visible: Hashable, Sendable {
    case panel(title: String)
    case modal(title: String)
}

/// A running (or, at `layout(at:)` time, shown) transition.
public struct TransitionInfo: Hashable, Sendable {
    public var from: Int?
    public var to: Int?
    public var start: Double
    public var end: Double
    /// Linear fraction of the duration elapsed at the moment shown.
    public var progress: Double

    /// Creates a transition description.
    public init(from: Int?, to: Int?, start: Double, end: Double, progress: Double) {
        self.from = from
        self.to = to
        self.start = start
        self.end = end
        self.progress = progress
    }
}

/// One panel as shown at a moment.
public struct PanelFrame: Hashable, Sendable {
    public var index: Int
    public var panel: PanelSpec
    public var header: Rect
    /// The content view's frame, or nil when the panel has no content view.
    public var content: Rect?

    /// Creates a panel frame.
    public init(index: Int, panel: PanelSpec, header: Rect, content: Rect?) {
        self.index = index
        self.panel = panel
        self.header = header
        self.content = content
    }
}

/// Everything a render shows of the container at one moment; the fields and
/// their order are those of the JSON dump.
public struct Snapshot: Hashable, Sendable {
    public var title: String?
    public var time: Double
    public var container: ContainerSpec
    public var expandedIndex: Int?
    public var visible: Visible?
    public var interactionEnabled: Bool
    public var transition: TransitionInfo?
    public var panels: [PanelFrame]
    public var events: [LogEntry]

    /// Creates a snapshot.
    public init(title: String?, time: Double, container: ContainerSpec, expandedIndex: Int?,
                visible: Visible?, interactionEnabled: Bool, transition: TransitionInfo?,
                panels: [PanelFrame], events: [LogEntry]) {
        self.title = title
        self.time = time
        self.container = container
        self.expandedIndex = expandedIndex
        self.visible = visible
        self.interactionEnabled = interactionEnabled
        self.transition = transition
        self.panels = panels
        self.events = events
    }

    /// The expanded panel's id, for the dump's `expandedPanel`.
    public var expandedPanel: String? {
        expandedIndex.flatMap { $0 < panels.count ? panels[$0].panel.id : nil }
    }
}
