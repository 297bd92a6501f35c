import AccordionDiagnostics
import AccordionModel

/// The words of every diagnostic about a script step, which the one script
/// runner (`ScriptRunner`) picks for each outcome: a step is explained the
/// same way wherever it is written (a spec's script, a test case, a host's line).
struct StepWording {
    var rule: String
    var message: String
    var help: String

    /// `at-out-of-order`: a step set at `time`, before the clock.
    static func outOfOrder(time: Double, clock: Double, afterWaiting: Bool) -> StepWording {
        StepWording(rule: "at-out-of-order",
                    message: "this step is set at \(points(time)) s, earlier than the previous step, which happens at \(points(clock)) s",
                    help: "steps run in order on one clock: set `at` to \(points(clock)) or later, or move this step up"
                        + (afterWaiting ? " (a step without `at` waits until the running transition ends)" : ""))
    }

    /// `time-past-limit`: `step` would happen after `maxStepTime` (`state`
    /// is the container it meets): its `at:`, a `wait` from the clock, or the
    /// end of the transition it waits for is past it (or too large to be a number).
    static func pastTimeLimit(_ step: Step, in state: ContainerState) -> StepWording {
        let time = state.time(of: step)
        let when = time.isFinite ? "\(points(time)) s" : "a time too large to be a number"
        let limit = "the latest time a step may happen at, \(points(maxStepTime)) s (about 31.7 years)"
        if case .wait(let seconds) = step.action {
            return StepWording(rule: "time-past-limit",
                               message: "this wait of \(points(seconds)) s would carry the clock from \(points(state.clock)) s to \(when), past \(limit)",
                               help: "wait at most \(points(maxStepTime - state.clock)) s here: a script's clock never passes \(points(maxStepTime)) s")
        }
        if step.at != nil {
            return StepWording(rule: "time-past-limit", message: "this step is set at \(when), past \(limit)",
                               help: "set `at` to \(points(maxStepTime)) or less")
        }
        return StepWording(rule: "time-past-limit",
                           message: "this step would happen when the running transition ends, at \(when), past \(limit)",
                           help: "shorten the animation's `duration`, or set this step's `at` to \(points(maxStepTime)) or less")
    }

    /// `modal-already-presented`: a second `present`.
    static func modalAlreadyPresented(title: String, modal: String) -> StepWording {
        StepWording(rule: "modal-already-presented",
                    message: "cannot present \"\(title)\": the modal \"\(modal)\" is already presented",
                    help: "dismiss the first modal before presenting another: add `- dismiss: true` before this step")
    }

    /// `step-blocked-by-modal`: `expand`, `collapse` or `setPanels` under a modal.
    static func blockedByModal(kind: String, modal: String) -> StepWording {
        StepWording(rule: "step-blocked-by-modal", message: "`\(kind)` cannot run while the modal \"\(modal)\" is presented",
                    help: dismissFirst)
    }

    /// `reveal-blocked`: revealing `id` would open `blocker`, a closed
    /// disabled panel above it (or, with `open: true`, `id` itself).
    static func revealBlocked(_ id: String, blocker: String, itself: Bool) -> StepWording {
        let why = itself
            ? "panel `\(id)` is closed and disabled, and `open: true` would open it"
            : "`\(blocker)`, a panel above it, is closed and disabled"
        return StepWording(rule: "reveal-blocked",
                           message: "this reveal of `\(id)` cannot run: \(why); a reveal opens only what a user could, so nothing is opened",
                           help: "open `\(blocker)` from the script before this step (`expand: \(blocker)`, which a disabled panel allows), or remove `disabled: true` from `\(blocker)`")
    }

    /// `present-without-panel`: nothing expanded to present over.
    static func presentWithoutPanel(title: String) -> StepWording {
        StepWording(rule: "present-without-panel",
                    message: "cannot present \"\(title)\": no panel is expanded at this step, and a modal is presented over the expanded panel",
                    help: "expand a panel first (a `tap` or `expand` step), or remove this step")
    }

    /// `dismiss-without-modal`.
    static let dismissWithoutModal = StepWording(
        rule: "dismiss-without-modal", message: "nothing to dismiss: no modal is presented at this step",
        help: "remove this step, or present a modal before it (`- present: Title`)")

    /// `panel-index-out-of-range`: index `written` in a stack of `count` panels.
    static func indexOutOfRange(_ written: String, count n: Int, place: String) -> StepWording {
        StepWording(rule: "panel-index-out-of-range",
                    message: n == 0
                        ? "there is no panel \(written): there are no panels \(place)"
                        : "there is no panel \(written): there \(n == 1 ? "is 1 panel" : "are \(n) panels") \(place), so indices run from 0 to \(n - 1)",
                    help: n == 0 ? "add panels first, or remove this reference" : "use an index from 0 to \(n - 1), or the panel's id")
    }

    /// `unknown-panel-id`: an id defined earlier that a `setPanels` left out;
    /// `lastSetPanelsLine` names the one that did, when known.
    static func leftTheStack(_ id: String, place: String, lastSetPanelsLine: Int?) -> StepWording {
        var help = "put `\(id)` back in the stack with setPanels before this step, or name a panel that is there"
        if let line = lastSetPanelsLine { help += " (the setPanels at line \(line) left it out)" }
        return StepWording(rule: "unknown-panel-id", message: "panel `\(id)` is not \(place)", help: help)
    }

    /// `unknown-panel-id`: an id never defined; `guess` is the closest id of
    /// the stack, `ids` the stack's ids to list when there is no guess.
    static func noSuchID(_ id: String, place: String, guess: String?, ids: some Collection<String>, count: Int) -> StepWording {
        let help: String
        if let guess {
            help = "did you mean `\(guess)`?"
        } else if ids.isEmpty {
            help = "there are no panels \(place)"
        } else {
            let shown = Array(ids.prefix(6))
            help = "panel ids \(place): " + shown.map { "`\($0)`" }.joined(separator: ", ") + (count > shown.count ? ", ..." : "")
        }
        return StepWording(rule: "unknown-panel-id", message: "there is no panel with id `\(id)` \(place)", help: help)
    }

    /// `duplicate-panel-id`: an id listed twice in one `setPanels`.
    static func listedTwice(_ id: String) -> StepWording {
        StepWording(rule: "duplicate-panel-id", message: "panel `\(id)` appears twice in this setPanels list",
                    help: "a panel can be in the stack only once; remove one of them")
    }

    /// `duplicate-panel-id`: a `setPanels` definition reusing a defined id.
    static func redefined(_ id: String) -> StepWording {
        StepWording(rule: "duplicate-panel-id", message: "panel id `\(id)` is already defined; a new definition needs a new id",
                    help: "to bring the existing panel back, list just its id (- \(id)); to add another panel, choose a new id")
    }

    /// `unknown-panel-id`: a `setPanels` reference to an id not defined before it.
    static func undefinedInSetPanels(_ id: String, guess: String?) -> StepWording {
        var help = "setPanels can name panels defined in `panels` or in an earlier setPanels; to add a new panel here, write its definition: {id: \(id), title: ...}"
        if let guess { help = "did you mean `\(guess)`? " + help }
        return StepWording(rule: "unknown-panel-id", message: "there is no panel `\(id)` defined before this setPanels", help: help)
    }

    /// `tap-ignored` inside a transition running until `end`, started by
    /// the tap at `startLine` when known; `otherwise` is why the tap would
    /// still be ignored were taps allowed to interrupt (nil: they would accept it).
    static func tapIgnoredInTransition(time: Double, end: Double, startLine: Int?, otherwise: IgnoreReason?) -> StepWording {
        let started = startLine.map { " started by the tap at line \($0)" } ?? ""
        let help: String
        switch otherwise {
        case .disabled?:
            help = "the panel is also disabled, so a tap on it is ignored at any moment and under any `interruption` setting: remove `disabled: true`, or open it with an `expand` step"
        case .notCollapsible?:
            help = "the tap would also close the only open panel of a container that is not collapsible, so it is ignored under any `interruption` setting: open another panel first, or set `collapsible: true`"
        default:
            // A transition that ends past the time limit leaves no later moment to wait for.
            help = end <= maxStepTime
                ? "drop `at:` so the tap waits until the container is idle, or set `at: \(points(end))` or later;"
                    + " or set `interruption: finish` or `interruption: retarget` on the container to let a tap interrupt a running transition"
                : "the transition ends past the latest time a step may happen at (\(points(maxStepTime)) s): shorten the animation's `duration`,"
                    + " or set `interruption: finish` or `interruption: retarget` on the container to let a tap interrupt a running transition"
        }
        return StepWording(rule: "tap-ignored",
                           message: "this tap at \(points(time)) s is ignored: the transition\(started) runs until \(points(end)) s, and taps are ignored while a transition runs (`interruption: ignore`)",
                           help: help)
    }

    /// `tap-ignored` on the disabled panel `id`.
    static func tapIgnoredDisabled(_ id: String) -> StepWording {
        StepWording(rule: "tap-ignored",
                    message: "this tap is ignored: panel `\(id)` is disabled, and taps on a disabled panel are ignored",
                    help: "remove `disabled: true` from the panel, or open and close it from the script (`expand: \(id)`, `collapse: \(id)`), which a disabled panel allows")
    }

    /// `tap-ignored` on `id`, a header inside the closed panel `closed`.
    static func tapIgnoredHidden(_ id: String, closed: String?) -> StepWording {
        let parent = closed.map { "`\($0)`, a panel above it, is closed" } ?? "a panel above it is closed"
        return StepWording(rule: "tap-ignored",
                           message: "this tap is ignored: the header of `\(id)` is hidden (\(parent)), and a hidden header cannot be tapped",
                           help: "open \(closed.map { "`\($0)`" } ?? "its parent") first (`tap: \(closed ?? "PARENT")`), or show it with `reveal: \(id)`")
    }

    /// `tap-ignored` that would close `id`, the last open panel, of a container that is not collapsible.
    static func tapIgnoredNotCollapsible(_ id: String) -> StepWording {
        StepWording(rule: "tap-ignored",
                    message: "this tap is ignored: it would close `\(id)`, the only open panel, and the container is not collapsible (`collapsible: false`)",
                    help: "open another panel first, set `collapsible: true` on the container, or close it from the script with `collapse: \(id)`")
    }

    /// `tap-ignored` under the modal `modal`, presented at `presentLine` when known.
    static func tapIgnoredUnderModal(_ modal: String, presentLine: Int?) -> StepWording {
        let presented = presentLine.map { " presented at line \($0)" } ?? ""
        return StepWording(rule: "tap-ignored",
                           message: "this tap is ignored: the modal \"\(modal)\"\(presented) is still up, and taps are ignored under a modal",
                           help: dismissFirst)
    }

    /// `headers-overflow`: the headers of `state` do not fit its height;
    /// `context` says after which step (empty for the spec as loaded).
    static func headersOverflow(_ state: ContainerState, context: String) -> StepWording {
        let sections = state.container.style == .insetGrouped
        let count = state.panels.count == 1 ? (sections ? "the header and its section's gaps add up to" : "the header is")
            : "the \(state.panels.count) headers" + (sections ? " and the gaps between their sections" : "") + " add up to"
        return StepWording(rule: "headers-overflow",
                           message: "\(count) \(points(state.totalHeaderHeight)) points, more than the container's height of \(points(state.container.height)) points\(context)",
                           help: "every header must stay on screen: make the container taller, lower the header heights, or use fewer panels"
                            + (sections ? " (or `style: plain`, which has no gaps)" : ""))
    }

    /// `subtitle-does-not-fit`: panel `id`'s header, `headerHeight` tall,
    /// has no room for the second line its subtitle needs.
    static func subtitleDoesNotFit(id: String, headerHeight: Double) -> StepWording {
        let fontSize = HeaderTitle.fontSize(headerHeight: headerHeight)
        return StepWording(rule: "subtitle-does-not-fit",
                           message: "the subtitle of panel `\(id)` is not drawn: a header \(points(headerHeight)) points tall "
                            + "has no room for a second line under its \(measured(fontSize))-point title "
                            + "(the two lines need \(measured(HeaderLayout.subtitleHeight(fontSize: fontSize))) points)",
                           help: "give the panel `headerHeight: \(points(HeaderLayout.leastSubtitleHeaderHeight.rounded(.up)))` or more "
                            + "(the title's size grows with its header up to 17 points), or remove the subtitle")
    }

    /// `nested-headers-overflow`: the `count` headers of the level nested in
    /// `holder` add up to `headers` points, more than its box of `box`;
    /// `context` says when (" as the spec loads", " after this step").
    static func nestedHeadersOverflow(holder: String, count: Int, headers: Double, box: Double, context: String) -> StepWording {
        StepWording(rule: "nested-headers-overflow",
                    message: "the \(count == 1 ? "header" : "\(count) headers") of the level nested in `\(holder)` \(count == 1 ? "is" : "add up to") \(points(headers)) points, more than the \(points(box)) points of its content box\(context); \(count == 1 ? "it is" : "they are") clipped to it",
                    help: "give the container more height, lower the level's `headerHeight`, or open fewer panels beside `\(holder)`")
    }

    /// `content-overflow`: after the step (or at load, `context` empty) the
    /// open contents and the headers add up to more than the container.
    static func contentOverflow(_ state: ContainerState, context: String) -> StepWording {
        let open = state.expandedIndices.count
        return StepWording(rule: "content-overflow",
                           message: "the \(open) open panels and the headers stack up to \(JSONText.rounded(state.settledStackHeight, places: 3)) points\(context), more than the container's height of \(points(state.container.height)) points, so what lies below is off screen",
                           help: "close a panel before opening another (`collapse: ID`), lower the panels' contentHeight, or use `layout: fill`, where the open panels share the space")
    }

    /// `open-panel-without-height`: with `overflow: scroll` the headers
    /// leave no space, and panel `index`, open, takes its share of none.
    static func openPanelWithoutHeight(_ state: ContainerState, index: Int, context: String) -> StepWording {
        StepWording(rule: "open-panel-without-height",
                    message: "`\(state.panels[index].id)` is open\(context) but gets a height of 0: the headers\(state.container.style == .insetGrouped ? " and the gaps between their sections" : "") add up to \(points(state.totalHeaderHeight)) points, leaving no space under them in the container's \(points(state.container.height)) points for \(state.container.layout == .fill ? "`layout: fill`" : "a panel without content") to share",
                    help: state.container.layout == .fill
                        ? "use `layout: fit` with a `content` or `contentHeight` per panel, so each open panel keeps its own height and the container scrolls to it"
                        : "give the panel a `content` or a `contentHeight`, so it keeps its own height and the container scrolls to it")
    }

    /// The fix for a step the modal blocks.
    static let dismissFirst = "dismiss the modal first: add `- dismiss: true` before this step"
}
