import RichText

extension ScriptRunner {
    /// Applies a script read from JSON Lines (`EditScript`) step by step (`apply(_:)`) until a step breaks an
    /// invariant; returns that step's index and its failure, or nil when every step kept them. Scalar offsets go
    /// to the runner as written (it clamps them, as a generated script's are); a line in another unit is turned
    /// into scalars against the document it applies to, and throws when it does not fit it. What
    /// `fmtcheck replay --check` runs.
    public mutating func run(_ script: EditScript) throws(EditScriptError) -> (step: Int, failure: InvariantFailure)? {
        for (index, step) in script.steps.enumerated() {
            let operation = step.unit == .scalars ? step.operation : try step.scalarOperation(in: editor.document)
            if let failure = apply(operation) { return (index, failure) }
        }
        return nil
    }
}
