import AccordionDiagnostics
import JSONSchema

/// What one rule id means: the data behind `accordion explain` and the
/// SARIF rule list. Every id any layer can print has an entry.
public struct RuleInfo: Sendable, Hashable {
    /// The stable id printed in brackets after each problem.
    public var id: String
    /// The severity the rule reports with.
    public var severity: Severity
    /// One line: what the rule checks.
    public var summary: String
    /// Why the rule exists: what would go wrong without it.
    public var why: String
    /// A small broken example and its fix.
    public var example: String

    /// Creates an entry.
    public init(id: String, severity: Severity, summary: String, why: String, example: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.why = why
        self.example = example
    }
}

/// Every rule id, as data: YAML loader rules, JSON Schema keyword rules and
/// the accordion semantic rules.
public enum RuleCatalog {
    /// All rules, in the order `explain --list` shows them.
    public static let all: [RuleInfo] = {
        let mine = yamlRules + schemaRules + semanticRules + toolRules
        // The validator's own table: any id it adds later is explained with its summary.
        let known = Set(mine.map(\.id))
        let extra = JSONSchemaValidator.rules.filter { !known.contains($0.id) }.map {
            RuleInfo(id: $0.id, severity: .error, summary: $0.summary,
                     why: "Reported by the JSON Schema validator; see the keyword of the same name in JSON Schema draft 2020-12.",
                     example: "See the message's help line for the fix.")
        }
        return mine + extra
    }()

    private static let byId: [String: RuleInfo] = {
        var map: [String: RuleInfo] = [:]
        for r in all where map[r.id] == nil { map[r.id] = r }
        return map
    }()

    /// The entry for `id`, or nil.
    ///
    /// - Parameter id: A rule id such as `duplicate-panel-id`.
    /// - Returns: The rule, or nil for an unknown id.
    public static func rule(_ id: String) -> RuleInfo? { byId[id] }

    /// The known id closest to a mistyped one, for "did you mean".
    ///
    /// - Parameter id: An unknown rule id.
    /// - Returns: The closest known id, or nil when none is close.
    public static func suggestion(for id: String) -> String? {
        closest(to: id, in: all.map(\.id))
    }

    /// The text `accordion explain` prints for a rule.
    ///
    /// - Parameter r: The rule.
    /// - Returns: Its summary, why, and an example fix.
    public static func explanation(_ r: RuleInfo) -> String {
        var out = "\(r.id) (\(r.severity.rawValue))\n\n"
        out += "What: \(r.summary)\n\n"
        out += "Why: \(r.why)\n\n"
        out += "Example:\n"
        for line in r.example.split(separator: "\n", omittingEmptySubsequences: false) {
            out += line.isEmpty ? "\n" : "    \(line)\n"
        }
        return out
    }

    // MARK: - Accordion semantic rules

    /// "a `tap`, `expand` or `collapse`": the steps whose value names a panel (`StepTable`).
    private static let targets = article(StepTable.listed(StepTable.panelKeys.map(\.key)))

    /// `phrase` after "a" or "an", as its first letter asks.
    private static func article(_ phrase: String, capital: Bool = false) -> String {
        let vowel = phrase.drop { $0 == "`" }.first.map { "aeiou".contains($0) } ?? false
        return (capital ? (vowel ? "An " : "A ") : (vowel ? "an " : "a ")) + phrase
    }

    static let semanticRules: [RuleInfo] = [
        RuleInfo(
            id: "duplicate-panel-id", severity: .error,
            summary: "Two panels share an id: in `panels`, within one `setPanels` list, or a new definition in `setPanels` reuses an id already defined.",
            why: "Ids are how `container.expanded` and the script name panels; with two panels of one name, `tap: inbox` could mean either. The second place is reported, with a note pointing at the first definition.",
            example: """
            # broken
            panels:
              - {id: inbox, title: Inbox}
              - {id: inbox, title: Sent}
            # fixed
            panels:
              - {id: inbox, title: Inbox}
              - {id: sent, title: Sent}
            """),
        RuleInfo(
            id: "panel-id-not-identifier", severity: .error,
            summary: "A panel id in a non-Latin script holds a character no identifier may hold there: an id is a Unicode identifier (UAX #31), an XID_Start character or `_`, then XID_Continue characters or `-`.",
            why: "Ids are names the script, editors and tools read as words: letters, digits and marks of any script make one, punctuation, symbols and spaces do not. Ids are compared after NFC normalization, so the same name written with a combining accent is the same id.",
            example: """
            # broken
            panels:
              - {id: 设置™, title: 设置}
            # fixed
            panels:
              - {id: 设置, title: 设置}
            """),
        RuleInfo(
            id: "unknown-panel-id", severity: .error,
            summary: "A panel id names no panel where it is used: `container.expanded` must name a panel of `panels`; \(targets) target must be in the stack as it is at that step (after earlier `setPanels`), as must an id an `expect` names; a `setPanels` id must name a panel defined earlier.",
            why: "A tap on a header that does not exist cannot be replayed. The help suggests the closest id (a typo) or says which `setPanels` took the panel out of the stack.",
            example: """
            # broken: there is no panel VC4
            script:
              - tap: VC4
            # fixed
            script:
              - tap: VC3
            """),
        RuleInfo(
            id: "panel-index-out-of-range", severity: .error,
            summary: "A panel index in `container.expanded` or in \(article(StepTable.kinds(reportedUnder: "panel-index-out-of-range"))) step is not less than the number of panels in the stack at that point.",
            why: "Indices count from 0: with three panels the last one is 2. An index past the end names no header.",
            example: """
            # broken: three panels, indices 0 to 2
            container:
              expanded: 3
            # fixed
            container:
              expanded: 2
            """),
        RuleInfo(
            id: "headers-overflow", severity: .error,
            summary: "The headers' heights add up to more than the container's height, at load or after \(article(StepTable.kinds(reportedUnder: "headers-overflow"))) step.",
            why: "Every header must stay on screen so every panel can be tapped; the article's controller assumes they fit. The message shows the sum and the height.",
            example: """
            # broken: 4 × 200 = 800 > 667
            container: {height: 667, headerHeight: 200}
            # fixed
            container: {height: 667, headerHeight: 60}
            """),
        RuleInfo(
            id: "content-height-overflow", severity: .warning,
            summary: "In the `fit` layout, a panel's `contentHeight` is larger than the space left under the headers (at load or at a size or stack the script reaches).",
            why: "The content is capped at the available space, so the extra points are never shown; the number is probably a mistake or meant for another size.",
            example: """
            # warned: 667 - 3 × 44 = 535 points of space
            - {id: about, title: About, contentHeight: 900}
            # fixed
            - {id: about, title: About, contentHeight: 500}
            """),
        RuleInfo(
            id: "content-overflow", severity: .warning,
            summary: "With `expansion: multiple` and `layout: fit`, the open panels' contents and the headers stack up taller than the container (at load or after a step of the script); reported once, at the first such moment.",
            why: "In `fit` each open panel takes its own `contentHeight` (capped by the space under the headers), and several of them together can outgrow the container: the frames are kept as computed, so the headers below end up off screen. Usually the script meant to close one panel before opening another.",
            example: """
            # warned: 2 × 400 points of content under 3 headers, in a 667-point container
            container: {expansion: multiple, layout: fit}
            panels:
              - {id: a, title: A, contentHeight: 400}
              - {id: b, title: B, contentHeight: 400}
              - {id: c, title: C}
            script:
              - tap: b
            # fixed: close the open panel first
            script:
              - collapse: a
              - tap: b
            """),
        RuleInfo(
            id: "open-panel-without-height", severity: .warning,
            summary: "With `overflow: scroll`, the headers fill the container and an open panel that takes its share of the space under them (`layout: fill`, or `fit` without `content` or `contentHeight`) gets a height of 0; reported once, at the first such moment.",
            why: "A scrolling container lets the headers add up to more than its height, so the space under them, `max(0, height - headers)`, can be 0. In `fill` every open panel shares that space, so it opens to nothing: the tap works but shows no content. In `fit` a panel with a `content` or a `contentHeight` keeps its own height and the container scrolls to it.",
            example: """
            # warned: 20 headers of 44 points in 667 points, fill
            container: {overflow: scroll}
            # fixed: each panel sized by its content
            container: {overflow: scroll, layout: fit}
            panels:
              - {id: q1, title: Shipping, content: {text: Orders ship within two days.}}
            """),
        RuleInfo(
            id: "expanded-list-in-single", severity: .error,
            summary: "`container.expanded` is a list while the container's `expansion` is `single` (the default).",
            why: "In `single` expansion at most one panel is open, so a list of open panels cannot be honoured; either the container should allow several (`expansion: multiple`) or `expanded` should name one panel.",
            example: """
            # error
            container: {expanded: [faq-1, faq-2]}
            # fixed: several panels open at once
            container: {expansion: multiple, expanded: [faq-1, faq-2]}
            # or: one panel
            container: {expanded: faq-1}
            """),
        RuleInfo(
            id: "expanded-other-level", severity: .error,
            summary: "A nested level's `expanded` names a panel of another level.",
            why: "Each level has its own open set, and its `expanded` counts and names only its own panels: a panel of another level cannot be open in this one.",
            example: """
            # error: `sound` is a top-level panel, not one of `network`'s
            - id: network
              title: Network
              content: {expanded: sound, panels: [{id: wifi, title: Wi-Fi}]}
            # fixed
              content: {expanded: wifi, panels: [{id: wifi, title: Wi-Fi}]}
            """),
        RuleInfo(
            id: "content-height-with-nested", severity: .error,
            summary: "A panel whose content is a nested accordion also has a `contentHeight`.",
            why: "A nested level's height follows from its own headers and open panels; a `contentHeight` beside it would say a second, conflicting height.",
            example: """
            # error
            - {id: network, title: Network, contentHeight: 200, content: {panels: [{id: wifi, title: Wi-Fi}]}}
            # fixed: size the nested panels instead
            - {id: network, title: Network, content: {panels: [{id: wifi, title: Wi-Fi, contentHeight: 120}]}}
            """),
        RuleInfo(
            id: "nested-headers-overflow", severity: .warning,
            summary: "A nested level's headers add up to more than its parent's content box.",
            why: "A level is laid out inside its parent's content box; headers that do not fit are clipped to it, so some of them cannot be seen or tapped.",
            example: """
            # warning: network's box is 400 − 2 × 44 = 312 high, its 8 headers 352
            container: {height: 400}
            panels:
              - {id: network, title: Network, content: {panels: [...8 panels...]}}
              - {id: sound, title: Sound}
            # fixed: a taller container, or smaller nested headers
              - {id: network, title: Network, content: {headerHeight: 36, panels: [...]}}
            """),
        RuleInfo(
            id: "expanded-named-twice", severity: .error,
            summary: "`container.expanded` names the same panel twice (by id, by index, or once by each).",
            why: "A panel is open or not; naming it twice is a slip that usually hides the panel that was meant.",
            example: """
            # error: index 0 is `faq-1`
            container: {expansion: multiple, expanded: [faq-1, 0]}
            # fixed
            container: {expansion: multiple, expanded: [faq-1, faq-2]}
            """),
        RuleInfo(
            id: "content-height-unused", severity: .warning,
            summary: "A panel has a `contentHeight` while the container's `layout` is `fill` (the default), where it changes nothing.",
            why: "In `fill` the expanded panel's content takes all the space left under the headers; only the `fit` layout reads `contentHeight`. The number is silently ignored, which is rarely what its author meant.",
            example: """
            # warned: layout is fill by default
            container: {height: 667}
            panels:
              - {id: about, title: About, contentHeight: 200}
            # fixed: the content is 200 points high
            container: {height: 667, layout: fit}
            panels:
              - {id: about, title: About, contentHeight: 200}
            """),
        RuleInfo(
            id: "font-not-found", severity: .warning,
            summary: "A `font` names a family of which the machine has no font: its texts are measured in the next family found, or by the metric measure when none is.",
            why: "With `measure: font` the lines are only as true as the font they are shaped in. A family that is not installed would silently become whatever fontconfig substitutes, so the measure never uses a substitute for a named family: it takes the next family named, then the fallback for the text's `lang` for characters the families lack, and measures `metric` when no family is found. The warning says which names were not found, where they are written.",
            example: """
            # warned: no such family on this machine
            measure: font
            font: {family: [Helvetica Neue]}
            # fixed: a family that is installed (or install the font)
            measure: font
            font: {family: [Helvetica Neue, Noto Sans]}
            """),
        RuleInfo(
            id: "title-truncated", severity: .warning,
            summary: "A panel's title is wider than its header has room for, so every picture cuts it and ends it with `…`; the warning says how many characters show and the width the title needs.",
            why: "A cut title hides words the reader may need to pick the right panel, and the cut is easy to miss in the spec. Titles are measured by the text measure (grapheme clusters, 1 em for East Asian wide characters, 0.55 em for the rest, 1.25 em for an emoji) at the header's font size, `min(17, max(7, 0.42 · headerHeight))`, times 1.2 for the semibold weight, in the header's width less 16 points at each side and 24 for the chevron or lock, less the icon, the badge and the detail a header carries (the title gives way first, down to its first character and `…`, then the detail, which the warning then names too). The cut keeps whole clusters and puts the ellipsis at the title's logical end, so its first words stay, in right-to-left text too.",
            example: """
            # warned: 30 characters need about 337 points; 319 fit beside the chevron
            container: {width: 375}
            panels:
              - {id: pay, title: Which payment methods do you accept abroad?}
            # fixed: a shorter title
            panels:
              - {id: pay, title: Payment methods abroad}
            """),
        RuleInfo(
            id: "subtitle-does-not-fit", severity: .warning,
            summary: "A panel has a `subtitle` but its header is too low for a second line under the title, so no picture draws it; the warning gives the header height it needs.",
            why: "A subtitle takes a line 0.75 times the title's size under the title, and the two lines need 2.1 times the title's size plus 4 points above and below: 44 points for the default 17-point title. In a lower header the subtitle would overlap the title or be cut in half, so it is left out of every picture, which is easy to miss in the spec.",
            example: """
            # warned: a 36-point header has no room for the subtitle
            panels:
              - {id: update, title: Software Update, subtitle: iOS 19.2 is available, headerHeight: 36}
            # fixed: a header tall enough for both lines
            panels:
              - {id: update, title: Software Update, subtitle: iOS 19.2 is available, headerHeight: 44}
            """),
        RuleInfo(
            id: "content-clipped", severity: .warning,
            summary: "A text or rows content is taller than the box it gets when its panel is open (a fixed `contentHeight`, its share of the space in the `fill` layout, or the screen without `overflow: scroll`), so the rest of it is cut off.",
            why: "The container shows a content view only as tall as the layout makes it: text beyond it is never seen, and nothing in the picture says it is missing. The height a text needs is its lines (as the text measure wraps them at the container's width) times `lineHeight`, plus the padding above and below; rows need `rows · rowHeight`. The help gives the fix for the case: the height it needs as `contentHeight`, `layout: fit`, or `overflow: scroll`. Only the spec's own panels are checked, as they load (open with the panels open at load, or alone).",
            example: """
            # warned: the answer needs 6 lines (152 points), contentHeight gives 80
            container: {layout: fit}
            panels:
              - id: returns
                title: Returns
                contentHeight: 80
                content: {text: "…a long answer…"}
            # fixed: let fit size it
            container: {layout: fit}
            panels:
              - id: returns
                title: Returns
                content: {text: "…a long answer…"}
            """),
        RuleInfo(
            id: "low-contrast", severity: .warning,
            summary: "A panel's title colour on its header colour has a contrast ratio below 4.5:1, the WCAG 2.x AA minimum for text of a header title's size.",
            why: "A title that does not stand out from its header is hard to read for many people (low vision, glare, a dim screen), and accessibility audits of the rendered page (such as axe-core) flag it. The ratio is WCAG's: relative luminance of the sRGB colours, (lighter + 0.05) / (darker + 0.05), from 1:1 (white on white) to 21:1 (black on white). A translucent title is blended over its header, a translucent header over the container's background, and a translucent background over white, before measuring. The warning points at `titleColor`, or at `color` when the title is white by default; the help names the nearest colours that pass: a darker shade or lighter tint of the same hue, written the way you wrote the colour. Panels that share a pair of colours share one warning, at the first of them, which counts and names the others. Panels that set neither colour are not checked.",
            example: """
            # warned: 2.41:1
            - {id: VC1, title: View Controller 1, color: 0x1ABC9CFF, titleColor: 0xFFFFFFFF}
            # fixed: 4.5:1 or more
            - {id: VC1, title: View Controller 1, color: 0x12866FFF, titleColor: 0xFFFFFFFF}
            """),
        RuleInfo(
            id: "at-out-of-order", severity: .error,
            summary: "A step's `at:` time is earlier than the time the previous step happens (steps without `at` happen when the container is idle, so a tap followed by another tap happens after the first transition).",
            why: "The script runs on one clock that only moves forward; a step cannot happen before the one written above it.",
            example: """
            # broken: the second step is at 1.0 s, the wait ends at 1.5 s
            script:
              - wait: 1.5
              - tap: VC2
                at: 1.0
            # fixed
            script:
              - wait: 1.5
              - tap: VC2
                at: 1.5
            """),
        RuleInfo(
            id: "time-past-limit", severity: .error,
            summary: "A step would happen after 1000000000 s (10⁹ s, about 31.7 years), the latest time a step may happen at: its `at:` is past it, a `wait` would carry the clock past it, or a step without `at` waits for a transition that ends past it.",
            why: "The clock must stay an ordinary number: two long waits (`wait: 1e308` twice) would otherwise add up to infinity, and every time shown after them (the log, the dumps, `drive`'s answers) would be lost. No animation or script needs anything near the limit.",
            example: """
            # broken: the clock would pass 10⁹ s
            script:
              - wait: 1e12
            # fixed
            script:
              - wait: 2
            """),
        RuleInfo(
            id: "unknown-event", severity: .error,
            summary: "An `expect: {events: ...}` line names no containment-log event, or a reason a tap is never ignored for.",
            why: "Such a line can never match the log: the check would fail whatever the spec does, for a spelling mistake.",
            example: """
            # broken
            - expect: {events: [addChild billing, viewDidApear billing]}
            # fixed
            - expect: {events: [addChild billing, viewDidAppear billing]}
            """),
        RuleInfo(
            id: "present-without-panel", severity: .error,
            summary: "A `present` step runs while no panel is expanded.",
            why: "A modal is presented over the expanded panel (its host view controller); with every panel collapsed there is nothing to present it from.",
            example: """
            # broken: the tap collapses VC1, the only expanded panel
            script:
              - tap: VC1
              - present: Compose
            # fixed
            script:
              - present: Compose
            """),
        RuleInfo(
            id: "modal-already-presented", severity: .error,
            summary: "A `present` step runs while a modal is already presented.",
            why: "A panel presents one modal at a time; the second present would be refused by UIKit.",
            example: """
            # broken
            script:
              - present: Compose
              - present: Attach
            # fixed
            script:
              - present: Compose
              - dismiss: true
              - present: Attach
            """),
        RuleInfo(
            id: "step-blocked-by-modal", severity: .error,
            summary: "\(article(StepTable.kinds(reportedUnder: "step-blocked-by-modal"), capital: true)) step runs while a modal is presented.",
            why: "While a modal covers the container its panels cannot change; taps are ignored, and expanding or replacing panels under the modal is a script mistake.",
            example: """
            # broken
            script:
              - present: Compose
              - expand: VC2
            # fixed
            script:
              - present: Compose
              - dismiss: true
              - expand: VC2
            """),
        RuleInfo(
            id: "reveal-blocked", severity: .error,
            summary: "A `reveal` step would have to open a closed disabled panel: a panel above the one it reveals, or with `open: true` that panel itself.",
            why: "A reveal stands for the user's way to a panel (a link to it, find-in-page), which opens only what a tap could; a disabled panel cannot be opened by the user, so the reveal is refused whole and nothing opens. A script may still open a disabled panel with `expand`.",
            example: """
            # broken: billing is closed and disabled
            panels:
              - {id: shipping, title: Shipping}
              - id: billing
                title: Billing
                disabled: true
                content:
                  panels:
                    - {id: refunds, title: Refunds}
            script:
              - reveal: refunds
            # fixed: open billing from the script first
            script:
              - expand: billing
              - reveal: refunds
            """),
        RuleInfo(
            id: "dismiss-without-modal", severity: .error,
            summary: "A `dismiss` step runs while no modal is presented.",
            why: "There is nothing to dismiss; the step is probably left over or in the wrong place.",
            example: """
            # broken
            script:
              - dismiss: true
            # fixed
            script:
              - present: Compose
              - dismiss: true
            """),
        RuleInfo(
            id: "tap-ignored", severity: .warning,
            summary: "A script `tap` that the container will ignore, by the tap rules in their order: a modal is presented; a transition is still running and `interruption` is `ignore` (an `at:` inside the transition started by an earlier tap); the panel is `disabled`; or the tap would close the last open panel of a container that is not `collapsible`.",
            why: "The container stops delivering touches while a modal covers it and, by default, while a transition runs; a disabled panel does not respond to taps; `collapsible: false` keeps one panel open. The tap changes nothing, so a script that means to tap there probably means something else. The message says which tap started the transition and when it ends (and whether `interruption: finish` or `retarget` would accept the tap), which step presented the modal, or which panel is disabled or would be closed; a script may still `expand` and `collapse` any panel.",
            example: """
            # warned: the first tap's transition runs until 0.3 s
            script:
              - tap: VC2
              - tap: VC3
                at: 0.1
            # fixed: without `at`, a tap waits until the container is idle
            script:
              - tap: VC2
              - tap: VC3
            """),
        RuleInfo(
            id: "yaml11-boolean", severity: .warning,
            summary: "A word that YAML 1.1 reads as a boolean (`yes`, `no`, `on`, `off`, `y`, `n` in any case) stands unquoted where the format expects text.",
            why: "In YAML 1.2 it is the string you wrote, but YAML 1.1 tools (PyYAML, older editors) read `title: no` as `false`, so the same file means different things to different tools.",
            example: """
            # warned
            title: yes
            # fixed
            title: 'yes'
            """),
        RuleInfo(
            id: "invisible-header", severity: .warning,
            summary: "A panel's header colour has alpha 00, so the header is fully transparent.",
            why: "Colours are read as 0xRRGGBBAA; a header that cannot be seen cannot be found and tapped. Usually the alpha byte was forgotten.",
            example: """
            # warned: alpha 00
            color: 0x1ABC9C00
            # fixed
            color: 0x1ABC9CFF
            """),
        RuleInfo(
            id: "colour-without-alpha", severity: .warning,
            summary: "A hex colour integer has six or fewer digits, like 0x1ABC9C, so it lacks the alpha byte and the digits shift: it is read as 0x001ABC9C.",
            why: "Integer colours are 0xRRGGBBAA; CSS-style 0xRRGGBB gives a different, partly transparent colour.",
            example: """
            # warned: read as red 00, green 1A, blue BC, alpha 9C
            color: 0x1ABC9C
            # fixed
            color: 0x1ABC9CFF   # or '#1ABC9C'
            """),
        RuleInfo(
            id: "duration-too-long", severity: .warning,
            summary: "The container's animation lasts longer than 10 seconds.",
            why: "The duration is in seconds; `duration: 300`, meant as milliseconds, is a five-minute transition that leaves every tap waiting.",
            example: """
            # warned: five minutes
            animation: {duration: 300}
            # fixed
            animation: {duration: 0.3}
            """),
        RuleInfo(
            id: "device-overrides-container-size", severity: .warning,
            summary: "The spec writes a `device` (`phone`, `phone-landscape` or `tablet`) and `container.width` or `container.height`: the device's safe area is the container's size, so the written size is not used.",
            why: "A device has a fixed screen and safe-area insets, and the container's frame is the safe area (a phone's 393 × 852 screen leaves 393 × 759 under its status bar and above its home indicator). A written size would silently lose; say one or the other. `render --device` overriding a spec's size is asked for on the command line and is not warned about; `device: none` keeps the written size.",
            example: """
            # warned: the container is 393 × 759, not 375 × 667
            device: phone
            container:
              width: 375
              height: 667
            # fixed: the phone's safe area
            device: phone
            """),
        RuleInfo(
            id: "number-not-finite", severity: .error,
            summary: "A size or time is `.inf`, `-.inf` or `.nan`.",
            why: "YAML can spell infinity and not-a-number, but no container is infinitely tall and no step waits forever; layout and the clock need ordinary numbers.",
            example: """
            # broken
            - wait: .inf
            # fixed
            - wait: 2
            """),
    ]

    // MARK: - Tool rules

    static let toolRules: [RuleInfo] = [
        RuleInfo(
            id: "test-file", severity: .error,
            summary: "A `*.test.yaml` file is not shaped as `Schemas/accordion-test.schema.json` says: `spec`, `cases` of `{name, script}`, an optional `tolerance`.",
            why: "`accordion test` cannot tell which spec to load or which scripts to play.",
            example: """
            # broken
            spec: ../samples/mail-client.yaml
            tests: [{tap: billing}]
            # fixed
            spec: ../samples/mail-client.yaml
            cases:
              - name: opens billing
                script: [{tap: billing}, {expect: {expanded: billing}}]
            """),
        RuleInfo(
            id: "unknown-rule-id", severity: .warning,
            summary: "A `# accordion: allow` comment (or a project's `.accordion.yaml`) names a rule id that does not exist, or an error, which cannot be allowed.",
            why: "A misspelt id allows nothing, so the warning it meant to silence stays, or a later one is silenced by surprise; errors leave a spec that cannot be played.",
            example: """
            # warned: no rule is called `low-contrasts`
            color: '#FFD60A'  # accordion: allow low-contrasts
            # fixed
            color: '#FFD60A'  # accordion: allow low-contrast
            """),
        RuleInfo(
            id: "project-file", severity: .error,
            summary: "A project's `.accordion.yaml` is not shaped as `Schemas/accordion-project.schema.json` says: `rules` mapping rule ids to off, warning or error, `exclude` a list of globs.",
            why: "A setting that cannot be read silences nothing, or leaves a file in a search it meant to leave out, without a word.",
            example: """
            # broken
            rules: [low-contrast]
            # fixed
            rules: {low-contrast: off}
            exclude: [vendor]
            """),
        RuleInfo(
            id: "check-in-drive", severity: .error,
            summary: "A line sent to `accordion drive` is an `expect` or `snapshot` check, which only a script (in a spec or a test file) runs.",
            why: "A session has no expectations of its own: the host asks for the state and decides what it expected.",
            example: """
            # refused
            {"expect": {"expanded": "billing"}}
            # instead
            {"snapshot": true}
            """),
        RuleInfo(
            id: "internal-error", severity: .error,
            summary: "accordion itself failed (for example its bundled schema could not be loaded).",
            why: "This is a bug in accordion, not in your file; it is reported rather than hidden.",
            example: "Please report it with the file that triggers it."),
    ]
}
