import AccordionModel
import AccordionRender
import AccordionSpec

/// `render --steps` shows one whole dump per step, and every dump holds the
/// full stack and the whole log so far: output grows with steps × (panels +
/// log), quadratic in the script's length (1,000 panels and 1,000 taps made
/// 270 MB of SVG and ran out of memory as JSON). This bound is checked
/// before any snapshot is made, from a linear dry run of the model.
enum OutputLimit {
    /// Panel frames plus log entries that `--steps` may show in all: about
    /// 75 MB of JSON or SVG at the most.
    static let defaultMaxItems = 250_000

    /// Why the `--steps` output would be too large, or nil. Counts what each
    /// step's snapshot holds: its panel frames and its log entries (an upper
    /// bound: entries still due count too). The log counts for every format:
    /// the pictures do not show it, but every snapshot is made with it
    /// (10 panels and 20,000 taps as SVG needed over 4 GB).
    static func problem(steps: [Step], document: AccordionSpecDocument, until: Double?,
                        limit: Int) -> String? {
        var model = AccordionContainer(title: document.title, container: document.container,
                                       panels: document.panels, expandedIndex: document.expandedIndex)
        var items = 0
        var shown = 0
        for step in steps {
            if let until, until < model.time(of: step) - timeTolerance { break }
            model.apply(step)
            shown += 1
            items += model.panels.count + model.log.count + model.pendingEntries.count
            if items > limit { break }
        }
        guard items > limit else { return nil }
        return "render --steps would show more than \(limit) panel frames and log entries in all (one whole dump for each of "
            + "\(steps.count) steps; the limit is passed at step \(shown)); show one moment without --steps "
            + "(or stop earlier with --at SECONDS), or raise the limit with --max-items N"
    }
}
