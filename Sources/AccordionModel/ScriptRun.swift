/// Runs a whole script against a freshly loaded container, the way `render`
/// shows it: one place for the "which steps happen, which moment is shown" rules.
public enum ScriptRun {
    /// Loads the container, applies `steps` in order and returns snapshots.
    ///
    /// - `until: nil`: every step happens; the moment shown is the settled one,
    ///   at the later of the clock and the end of the last transition.
    /// - `until: T`: only the steps whose time (by the clock rules) is at most
    ///   `T` happen (times within 1e-9 s count as equal; steps never go back in
    ///   time, so the first later step ends the run); the moment shown is `T`.
    /// - `everyStep: false`: one snapshot, as above.
    /// - `everyStep: true`: one snapshot per step that happened, each exactly
    ///   what the run would show had the script ended after that step (so the
    ///   settled state after that step, or the moment `T` with `until`). The
    ///   last one equals the `everyStep: false` result. With no step happening,
    ///   the single snapshot of the loaded (or `T`) state, so there is always one.
    ///
    /// - Parameters:
    ///   - title: The spec's title.
    ///   - container: The container's size and options.
    ///   - panels: The panels, top to bottom.
    ///   - expandedIndex: The panel open at load, or nil.
    ///   - steps: The script.
    ///   - until: The moment to show, or nil for the settled end.
    ///   - everyStep: Whether to return one snapshot per step.
    /// - Returns: At least one snapshot.
    public static func run(title: String?, container: ContainerSpec, panels: [PanelSpec],
                           expandedIndex: Int?, steps: [Step], until: Double? = nil,
                           everyStep: Bool = false) -> [Snapshot] {
        run(title: title, container: container, panels: panels, expandedIndices: expandedIndex.map { [$0] } ?? [],
            steps: steps, until: until, everyStep: everyStep)
    }

    /// `run(title:container:panels:expandedIndex:steps:until:everyStep:)`
    /// with any number of panels open at load.
    ///
    /// - Parameters:
    ///   - title: The spec's title.
    ///   - container: The container's size and options.
    ///   - panels: The panels, top to bottom.
    ///   - expandedIndices: The panels open at load, ascending.
    ///   - steps: The script.
    ///   - until: The moment to show, or nil for the settled end.
    ///   - everyStep: Whether to return one snapshot per step.
    /// - Returns: At least one snapshot.
    public static func run(title: String?, container: ContainerSpec, panels: [PanelSpec],
                           expandedIndices: [Int], steps: [Step], until: Double? = nil,
                           everyStep: Bool = false) -> [Snapshot] {
        var model = AccordionContainer(title: title, container: container, panels: panels,
                                       expandedIndices: expandedIndices)
        var snapshots: [Snapshot] = []
        play(steps, on: &model, until: until) { _, model in
            if everyStep {
                snapshots.append(model.snapshot(at: until ?? model.settledTime))
            }
            return true
        }
        if snapshots.isEmpty || !everyStep {
            snapshots = [model.snapshot(at: until ?? model.settledTime)]
        }
        return snapshots
    }

    /// The container after every step whose time is at most `until` (all of
    /// them when nil), for callers (the validator, benchmarks) that want the
    /// model itself rather than snapshots.
    ///
    /// - Parameters:
    ///   - title: The spec's title.
    ///   - container: The container's size and options.
    ///   - panels: The panels, top to bottom.
    ///   - expandedIndex: The panel open at load, or nil.
    ///   - steps: The script.
    ///   - until: The last moment whose steps happen, or nil for all.
    /// - Returns: The container after those steps.
    public static func container(title: String?, container: ContainerSpec, panels: [PanelSpec],
                                 expandedIndex: Int?, steps: [Step],
                                 until: Double? = nil) -> AccordionContainer {
        self.container(title: title, container: container, panels: panels,
                       expandedIndices: expandedIndex.map { [$0] } ?? [], steps: steps, until: until)
    }

    /// `container(title:container:panels:expandedIndex:steps:until:)` with
    /// any number of panels open at load.
    ///
    /// - Parameters:
    ///   - title: The spec's title.
    ///   - container: The container's size and options.
    ///   - panels: The panels, top to bottom.
    ///   - expandedIndices: The panels open at load, ascending.
    ///   - steps: The script.
    ///   - until: The last moment whose steps happen, or nil for all.
    /// - Returns: The container after those steps.
    public static func container(title: String?, container: ContainerSpec, panels: [PanelSpec],
                                 expandedIndices: [Int], steps: [Step],
                                 until: Double? = nil) -> AccordionContainer {
        var model = AccordionContainer(title: title, container: container, panels: panels,
                                       expandedIndices: expandedIndices)
        play(steps, on: &model, until: until) { _, _ in true }
        return model
    }

    /// Applies to `model`, in order, every step of `steps` that happens (all
    /// of them when `until` is nil, else those whose time is at most `until`,
    /// as `run` says), calling `afterEach` with the step's index and the
    /// model after it; `afterEach` returning false ends the run there. For
    /// callers that want everything of one run in one pass (`render`: its
    /// snapshots, captions and output bound).
    ///
    /// - Parameters:
    ///   - steps: The script.
    ///   - model: The container to drive.
    ///   - until: The last moment whose steps happen, or nil for all.
    ///   - afterEach: Called after each step that happened; false stops the run.
    public static func play(_ steps: [Step], on model: inout AccordionContainer, until: Double?,
                            afterEach: (_ index: Int, _ model: AccordionContainer) -> Bool) {
        for (index, step) in steps.enumerated() {
            if let until, isEarlier(until, model.time(of: step)) { break }
            model.apply(step)
            if !afterEach(index, model) { break }
        }
    }
}
