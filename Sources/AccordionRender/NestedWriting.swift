import AccordionModel

extension Snapshot {
    /// What the panels of each nested level inherit, by the id of the
    /// panel holding the level: the `lang` and `dir` in effect for that
    /// panel's content (a nested panel inherits from the content holding
    /// its level, as a top-level panel inherits the spec's; the model wraps
    /// nested texts by the same rule, `ContainerState.wrapNestedTexts`).
    /// Empty for a flat stack; linear in the tree.
    ///
    /// - Returns: The writing each level inherits, by holder id.
    func levelWritings() -> [String: Writing] {
        guard !nested.isEmpty else { return [:] }
        var out: [String: Writing] = [:]
        for p in panels where p.panel.nested != nil {
            out[p.panel.id] = p.panel.writing(in: container.writing).content
        }
        // A holder comes before the panels of its level in tree order.
        for f in nested where f.panel.nested != nil {
            out[f.panel.id] = f.panel.writing(in: out[f.holder] ?? container.writing).content
        }
        return out
    }

    /// The `lang` and `dir` in effect for a nested panel's title and for
    /// its content.
    ///
    /// - Parameters:
    ///   - frame: A panel of `nested`.
    ///   - levels: `levelWritings()` of this snapshot.
    /// - Returns: Its title's and its content's values in effect.
    func writing(of frame: NestedFrame, levels: [String: Writing]) -> (panel: Writing, content: Writing) {
        frame.panel.writing(in: levels[frame.holder] ?? container.writing)
    }
}
