
/// `render --steps` shows one whole dump per step, and every dump holds the
/// full stack and the whole log so far: output grows with steps × (panels +
/// log), quadratic in the script's length (1,000 panels and 1,000 taps made
/// 270 MB of SVG and ran out of memory as JSON). This bound is checked
/// as the one run of the model goes, before each step's snapshot is made.
enum OutputLimit {
    /// Panel frames plus log entries that `--steps` may show in all: about
    /// 75 MB of JSON or SVG at the most.
    static let defaultMaxItems = 250_000

    /// Why the `--steps` output is too large: it passed `limit` at step
    /// `passedAt` of a script of `steps` steps. Counted as each step's
    /// snapshot is about to be made (its panel frames and its log entries,
    /// an upper bound: entries still due count too). The log counts for every
    /// format: the pictures do not show it, but every snapshot is made with it
    /// (10 panels and 20,000 taps as SVG needed over 4 GB).
    static func problem(limit: Int, steps: Int, passedAt: Int) -> String {
        "render --steps would show more than \(limit) panel frames and log entries in all (one whole dump for each of "
            + "\(steps) steps; the limit is passed at step \(passedAt)); show one moment without --steps "
            + "(or stop earlier with --at SECONDS), or raise the limit with --max-items N"
    }
}
