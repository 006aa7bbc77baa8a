import Formatting
import RichText

/// Applies a script to an editor one step at a time and checks the invariants after each.
public struct ScriptRunner<Editor: ScriptEditor> {
    /// The engine whose definition must hold.
    public let engine: FormattingEngine
    /// The checks run after every step.
    public let checks: Set<InvariantCheck>
    /// The editor under test.
    public private(set) var editor: Editor
    /// The reference model's selection.
    public private(set) var expectedSelection: ScalarSelection
    /// The steps applied so far, exactly as applied (clamped into the document).
    public private(set) var applied: [ScriptStep] = []
    /// How many adjustments the steps reported.
    public private(set) var adjustmentCount = 0

    /// A runner for `editor`, checking `checks` after every step.
    public init(engine: FormattingEngine, editor: Editor, checks: Set<InvariantCheck>) {
        self.engine = engine
        self.editor = editor
        self.checks = checks
        expectedSelection = editor.selection
    }

    /// Applies `step` (clamped into the document first) and returns the first invariant it broke, if any.
    public mutating func apply(_ step: ScriptStep) -> InvariantFailure? {
        let before = editor.document
        let step = step.clamped(toScalarCount: before.counts.scalars)
        applied.append(step)
        let adjustments = editor.apply(step)
        adjustmentCount += adjustments.count
        let after = editor.document
        if case let .select(from, to) = step {
            expectedSelection = .range(from, to)
        } else if let (range, inserted) = step.textMutation {
            expectedSelection = expectedSelection.tracked(through: range, inserted: inserted)
        }
        if checks.contains(.ropeInvariants), let failure = Invariants.ropeInvariants(after) { return failure }
        if checks.contains(.lintClean), let failure = Invariants.lintClean(after, engine: engine) { return failure }
        if checks.contains(.idempotentNormalization), let failure = Invariants.idempotentNormalization(after, engine: engine) { return failure }
        if checks.contains(.selectionTracking),
           let failure = Invariants.selectionTracking(actual: editor.selection, expected: expectedSelection, in: after) { return failure }
        if checks.contains(.adjustmentsMatchChanges),
           let failure = Invariants.adjustmentsExplain(before: before, after: after, step: step, adjustments: adjustments, definition: engine.definition) {
            return failure
        }
        return nil
    }

    /// Runs a whole script on a fresh editor; returns the failing step's index and failure, or nil, with the
    /// steps as applied.
    public static func run(
        _ script: [ScriptStep], engine: FormattingEngine, checks: Set<InvariantCheck>, makeEditor: (FormattingEngine) -> Editor
    ) -> (failure: (step: Int, failure: InvariantFailure)?, applied: [ScriptStep]) {
        var runner = ScriptRunner(engine: engine, editor: makeEditor(engine), checks: checks)
        for (i, step) in script.enumerated() {
            if let failure = runner.apply(step) { return ((i, failure), runner.applied) }
        }
        return (nil, runner.applied)
    }
}
