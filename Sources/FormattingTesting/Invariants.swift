import Formatting
import RichText

/// The invariant checks as functions: each returns nil when the invariant holds, or what broke.
public enum Invariants {
    /// `document` is lint-clean under `engine`, and normalising it changes nothing.
    public static func lintClean(_ document: RichString, engine: FormattingEngine) -> InvariantFailure? {
        var copy = document
        let findings = engine.normalize(&copy)
        if !findings.isEmpty { return .notLintClean(findings: findings) }
        if !copy.isEqualIncludingBehaviors(to: document) { return .silentNormalization }
        return nil
    }

    /// Normalising `document` twice equals normalising it once, and the second pass reports nothing.
    public static func idempotentNormalization(_ document: RichString, engine: FormattingEngine) -> InvariantFailure? {
        var once = document
        engine.normalize(&once)
        var twice = once
        let second = engine.normalize(&twice)
        let differ = !twice.isEqualIncludingBehaviors(to: once)
        if !second.isEmpty || differ { return .notIdempotent(secondPass: second, documentsDiffer: differ) }
        return nil
    }

    /// The selection equals the reference model's, and lies inside the document.
    public static func selectionTracking(actual: ScalarSelection, expected: ScalarSelection, in document: RichString) -> InvariantFailure? {
        let length = document.counts.scalars
        let inBounds = (actual.caret.map { $0 <= length } ?? true) && actual.ranges.allSatisfy { $0.upperBound <= length }
        if actual != expected || !inBounds { return .selectionMismatch(actual: actual, expected: expected) }
        return nil
    }

    /// The string's structure: cached counts agree with its text, runs are non-empty, cover the text exactly and
    /// differ from their neighbours. With `trapOnRopeFault`, the rope's own `_invariantCheck()` runs last; it
    /// traps (a crash with the broken invariant's message) rather than returning.
    public static func ropeInvariants(_ document: RichString, trapOnRopeFault: Bool = true) -> InvariantFailure? {
        if let failure = ropeInvariants(StringLayout(document)) { return failure }
        if trapOnRopeFault { document._invariantCheck() }
        return nil
    }

    /// The structural checks on a layout taken from a string (see `StringLayout`).
    public static func ropeInvariants(_ layout: StringLayout) -> InvariantFailure? {
        let string = layout.text
        if layout.utf8Count != string.utf8.count { return .ropeInvariant("UTF-8 count \(layout.utf8Count) != \(string.utf8.count)") }
        if layout.utf16Count != string.utf16.count { return .ropeInvariant("UTF-16 count \(layout.utf16Count) != \(string.utf16.count)") }
        if layout.scalarCount != string.unicodeScalars.count { return .ropeInvariant("scalar count \(layout.scalarCount) != \(string.unicodeScalars.count)") }
        if layout.characterCount != string.count { return .ropeInvariant("character count \(layout.characterCount) != \(string.count)") }
        var position = 0
        var previous: AttributeSet? = nil
        for run in layout.runs {
            if run.utf8Range.lowerBound != position { return .ropeInvariant("run starts at \(run.utf8Range.lowerBound), expected \(position)") }
            if run.utf8Range.isEmpty { return .ropeInvariant("empty run at \(position)") }
            if previous == run.attributes { return .ropeInvariant("equal neighbouring runs are not merged at \(position): \(run.attributes)") }
            previous = run.attributes
            position = run.utf8Range.upperBound
        }
        if position != layout.utf8Count { return .ropeInvariant("runs cover \(position) bytes, the text has \(layout.utf8Count)") }
        return nil
    }
}
