import Formatting
import RichText

/// An invariant of your own, checked after every step beside the built-in ones (`InvariantCheck.userInvariants`
/// turns them all on or off): a name, and a function that returns nil when the invariant holds or a message that
/// says what broke.
///
/// ```swift
/// let noEmptyHeadings = PropertyInvariant("headings are never empty") { context in
///     context.after.runs.contains { $0.attributes["heading"] != nil && $0.range.isEmpty } ? "an empty heading run" : nil
/// }
/// let result = PropertyCheck.run(definition: definition, invariants: [noEmptyHeadings])
/// ```
///
/// A failure names the invariant (`InvariantFailure.userInvariant`), and shrinking keeps that name: a smaller
/// script that breaks another invariant is another bug.
public struct PropertyInvariant: Sendable {
    /// What the invariant says, as reports print it.
    public let name: String
    /// The check: nil when the invariant holds.
    public let check: @Sendable (Context) -> String?

    /// An invariant named `name`.
    public init(_ name: String, _ check: @escaping @Sendable (Context) -> String?) {
        self.name = name
        self.check = check
    }

    /// What an invariant can look at after a step.
    public struct Context {
        /// The document before the step.
        public var before: RichString
        /// The document after it.
        public var after: RichString
        /// The step, as applied (offsets clamped into the document).
        public var step: ScriptStep
        /// The adjustments the editor reported for it.
        public var adjustments: [Adjustment]
        /// The editor's selection after it.
        public var selection: ScalarSelection
        /// The engine whose definition the document follows.
        public var engine: FormattingEngine
    }
}
