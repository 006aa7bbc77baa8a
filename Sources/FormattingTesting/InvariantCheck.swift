import Formatting
import RichText

/// The invariants the harness checks after every step.
public enum InvariantCheck: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The document satisfies the definition: `lint` reports nothing and normalising changes nothing.
    case lintClean
    /// Normalising twice equals normalising once (and the second pass reports nothing).
    case idempotentNormalization
    /// The editor's selection covers the same text as the reference model (Foundation's tracking rules on
    /// scalar offsets).
    case selectionTracking
    /// The string's own invariants: counts agree with the text, runs cover it, equal neighbouring runs are
    /// merged; then the rope's `_invariantCheck()`, which traps on a broken tree.
    case ropeInvariants
    /// The adjustments reported equal the difference the step actually made (see
    /// `Invariants.adjustmentsExplain` for exactly what that guarantees).
    case adjustmentsMatchChanges
    /// Undo leads back to a document the script had before, and redo right after undo gives back the document
    /// undo left; any other change to the document ends what redo can give back.
    case undoRedo
    /// The invariants you pass to `PropertyCheck.run(…, invariants:)` (see `PropertyInvariant`).
    case userInvariants

    public var description: String { rawValue }
}

/// What an invariant check found broken.
public enum InvariantFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Linting the document after the step reports findings.
    case notLintClean(findings: [Adjustment])
    /// Normalising changed a document that linting called clean.
    case silentNormalization
    /// A second normalisation reported adjustments or gave a different document.
    case notIdempotent(secondPass: [Adjustment], documentsDiffer: Bool)
    /// The editor's selection differs from the reference model's.
    case selectionMismatch(actual: ScalarSelection, expected: ScalarSelection)
    /// The string's structure is inconsistent.
    case ropeInvariant(String)
    /// A key's value changed where no adjustment explains it, or an adjustment claims a change that did not
    /// happen as reported, or the text is not what the step asks for (`kind` says which; `key` is empty for the
    /// text). Offsets are UTF-8, in the document after the step.
    case adjustmentMismatch(key: String, utf8Range: Range<Int>, detail: String, kind: AdjustmentMismatchKind)
    /// Undo or redo did not lead where the history says (`undoRedo`).
    case undoMismatch(command: String, detail: String)
    /// One of your invariants (`PropertyInvariant`) failed, with its name and message.
    case userInvariant(name: String, message: String)

    /// The check that found it.
    public var check: InvariantCheck {
        switch self {
        case .notLintClean, .silentNormalization: return .lintClean
        case .notIdempotent: return .idempotentNormalization
        case .selectionMismatch: return .selectionTracking
        case .ropeInvariant: return .ropeInvariants
        case .adjustmentMismatch: return .adjustmentsMatchChanges
        case .undoMismatch: return .undoRedo
        case .userInvariant: return .userInvariants
        }
    }

    public var description: String {
        switch self {
        case .notLintClean(let findings):
            return "not lint-clean after the step:\n" + findings.map { "  \($0)" }.joined(separator: "\n")
        case .silentNormalization:
            return "lint reports nothing, but normalising changes the document"
        case let .notIdempotent(second, differ):
            return "normalising twice differs from normalising once\(differ ? " (the documents differ)" : ""):\n"
                + second.map { "  second pass: \($0)" }.joined(separator: "\n")
        case let .selectionMismatch(actual, expected):
            return "selection is \(actual), the reference model says \(expected)"
        case .ropeInvariant(let message):
            return "string invariant broken: \(message)"
        case let .adjustmentMismatch(key, range, detail, kind):
            if kind == .unexplainedCommand { return detail }
            if kind == .wrongText { return "the text after the step is not what the step asks for: \(detail)" }
            return "adjustments disagree with the change to '\(key)' over UTF-8 [\(range.lowerBound), \(range.upperBound)): \(detail)"
        case let .undoMismatch(command, detail):
            return "\(command) \(detail)"
        case let .userInvariant(name, message):
            return "invariant '\(name)' failed: \(message)"
        }
    }
}

/// What an adjustment mismatch found (`InvariantFailure.adjustmentMismatch`): what shrinking keeps of it
/// (`FailureSignature`), since the detail quotes the document's values.
public enum AdjustmentMismatchKind: String, CaseIterable, Hashable, Sendable {
    /// The text after the step is not what the step asks for (or the step names offsets outside the document).
    case wrongText = "wrong text"
    /// An editor command was given without what it comes to (`ScriptStep.lowered(selection:in:)`).
    case unexplainedCommand = "unexplained command"
    /// An adjustment's range is empty or outside the document.
    case outOfBounds = "adjustment out of bounds"
    /// An adjustment whose old and new values are equal.
    case changesNothing = "adjustment that changes nothing"
    /// An adjustment's old value is not the value the text had.
    case wrongOldValue = "wrong old value"
    /// The reported adjustments end at another value than the document has.
    case wrongNewValue = "wrong new value"
    /// A value changed with no adjustment reported.
    case unreportedChange = "unreported change"
}
