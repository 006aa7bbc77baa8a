import Formatting
import RichText

/// Applies a script to an editor one step at a time and checks the invariants after each.
public struct ScriptRunner<Editor: ScriptEditor> {
    /// The engine whose definition must hold.
    public let engine: FormattingEngine
    /// The checks run after every step.
    public let checks: Set<InvariantCheck>
    /// Your invariants, run after the built-in ones when `checks` has `.userInvariants`.
    public let invariants: [PropertyInvariant]
    /// The editor under test.
    public private(set) var editor: Editor
    /// The reference model's selection.
    public private(set) var expectedSelection: ScalarSelection
    /// The steps applied so far, exactly as applied (clamped into the document).
    public private(set) var applied: [ScriptStep] = []
    /// How many adjustments the steps reported.
    public private(set) var adjustmentCount = 0
    /// For each applied step, the reference model's selection before it and what it came to there
    /// (`ScriptStep.lowered(selection:in:)`; nil for undo and redo): what shrinking needs to cut or join a command.
    private(set) var lowerings: [(selection: ScalarSelection, steps: [ScriptStep]?)] = []
    /// The undo model: every document the script has had, and what redo can give back (the latest last).
    private var history: [RichString]
    private var redoable: [RichString] = []

    /// A runner for `editor`, checking `checks` (and `invariants`) after every step.
    public init(engine: FormattingEngine, editor: Editor, checks: Set<InvariantCheck>, invariants: [PropertyInvariant] = []) {
        self.engine = engine
        self.editor = editor
        self.checks = checks
        self.invariants = invariants
        expectedSelection = editor.selection
        history = [editor.document]
    }

    /// Applies `step` (clamped into the document first, and recorded as a script writes it: `asWritten`) and
    /// returns the first invariant it broke, if any.
    ///
    /// The checks run in this order: the string's structure, idempotence, lint-clean, selection, adjustments,
    /// undo, then yours. Idempotence comes before lint-clean because a definition whose normalisation is not
    /// idempotent leaves every document it touches unclean too; the failure then names its cause.
    public mutating func apply(_ step: ScriptStep) -> InvariantFailure? {
        let before = editor.document
        let step = step.clamped(toScalarCount: before.counts.scalars).asWritten
        applied.append(step)
        // What the step comes to on the model's selection, worked out before the editor moves it.
        let lowered = step.lowered(selection: expectedSelection, in: before)
        lowerings.append((expectedSelection, lowered?.steps))
        let adjustments = editor.apply(step)
        adjustmentCount += adjustments.count
        let after = editor.document
        // Undo and redo restore the selection the editor kept; the model takes it over.
        expectedSelection = lowered?.selection ?? editor.selection
        if checks.contains(.ropeInvariants), let failure = Invariants.ropeInvariants(after) { return failure }
        if checks.contains(.idempotentNormalization), let failure = Invariants.idempotentNormalization(after, engine: engine) { return failure }
        if checks.contains(.lintClean), let failure = Invariants.lintClean(after, engine: engine) { return failure }
        if checks.contains(.selectionTracking),
           let failure = Invariants.selectionTracking(actual: editor.selection, expected: expectedSelection, in: after) { return failure }
        if checks.contains(.adjustmentsMatchChanges), let lowered,
           let failure = Invariants.adjustmentsExplain(before: before, after: after, steps: lowered.steps, adjustments: adjustments, definition: engine.definition) {
            return failure
        }
        if checks.contains(.undoRedo), let failure = followHistory(step, lowered: lowered?.steps, before: before, after: after) { return failure }
        if checks.contains(.userInvariants) {
            let context = PropertyInvariant.Context(before: before, after: after, step: step, adjustments: adjustments,
                                                    selection: editor.selection, engine: engine)
            for invariant in invariants {
                if let message = invariant.check(context) { return .userInvariant(name: invariant.name, message: message) }
            }
        }
        return nil
    }

    /// Moves the undo model through `step` and says where undo or redo went wrong: undo must lead to a document
    /// the script had; redo right after undo gives back what that undo left (and changes nothing when there is
    /// nothing to redo); any other change to the document, or any text edit, ends what redo can give back.
    private mutating func followHistory(_ step: ScriptStep, lowered: [ScriptStep]?, before: RichString, after: RichString) -> InvariantFailure? {
        defer { history.append(after) }
        switch step {
        case .undo:
            if !after.isEqualIncludingBehaviors(to: before) { redoable.append(before) }
            guard history.contains(where: { $0.isEqualIncludingBehaviors(to: after) }) else {
                return .undoMismatch(command: "undo", detail: "leads to a document the script never had: \(ScriptValueJSON.documentText(for: after))")
            }
        case .redo:
            let expected = redoable.popLast() ?? before
            guard after.isEqualIncludingBehaviors(to: expected) else {
                return .undoMismatch(command: "redo", detail: "gives \(ScriptValueJSON.documentText(for: after)), but undo left \(ScriptValueJSON.documentText(for: expected))")
            }
        default:
            let editsText = (lowered ?? []).contains { step in
                step.textMutation.map { !$0.range.isEmpty || $0.insertedScalars > 0 } ?? false
            }
            if editsText || !after.isEqualIncludingBehaviors(to: before) { redoable.removeAll() }
        }
        return nil
    }

    /// Applies `script` step by step (`apply(_:)`) until a step breaks an invariant; returns that step's index in
    /// `script` and its failure, or nil when every step kept them. `editor` and `applied` are then as the steps
    /// left them.
    public mutating func run(_ script: [ScriptStep]) -> (step: Int, failure: InvariantFailure)? {
        for (i, step) in script.enumerated() {
            if let failure = apply(step) { return (i, failure) }
        }
        return nil
    }

    /// Runs a whole script on a fresh editor; returns the failing step's index and failure, or nil, with the
    /// steps as applied.
    public static func run(
        _ script: [ScriptStep], engine: FormattingEngine, checks: Set<InvariantCheck>, invariants: [PropertyInvariant] = [],
        makeEditor: (FormattingEngine) -> Editor
    ) -> (failure: (step: Int, failure: InvariantFailure)?, applied: [ScriptStep]) {
        var runner = ScriptRunner(engine: engine, editor: makeEditor(engine), checks: checks, invariants: invariants)
        let failure = runner.run(script)
        return (failure, runner.applied)
    }
}
