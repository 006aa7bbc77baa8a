import RichText

/// Runs every mutation through DESIGN §3's pipeline — the raw edit with inheritance, invalidation (both done by
/// the string), then scope, value constraints, run boundaries and coalescing — over the affected region only,
/// and reports every change it made on its own.
public struct FormattingEngine: Sendable {
    /// Everything the engine holds, behind one reference: an engine is copied on every call that captures or
    /// unwraps it, and a copy then retains one object.
    final class Core: Sendable {
        let definition: FormattingDefinition
        let scopeNames: Set<String>
        let descriptors: [String: AttributeKeyDescriptor]
        let hasParagraphOwnedKeys: Bool
        /// The token a document carries once it has this definition's behaviours (`RichString.behaviorStamp`),
        /// shared by every engine whose scope declares the same behaviours.
        let behaviorStamp: UInt64
        let keepsOutsideScope: @Sendable (String) -> Bool
        let cache = ConstraintCache()
        /// The sets the definition has been found to leave exactly as they are outside paragraph starts (scope and
        /// every constraint give the set back): nearly every run an edit touches carries one, and for it the engine
        /// has nothing to do, so this answer is read first, without the lock and the hashing of `ConstraintCache`.
        let fixedPoints = AttributeSetMarks()
        let steps: [ConstraintStep]
        /// Whether the shortcuts that skip work provably left undone (`fixedPoints`, one-range edits) are taken;
        /// off only in tests, as the reference they are checked against.
        let usesFastPaths: Bool

        init(_ definition: FormattingDefinition, keepingOutsideScope keep: @escaping @Sendable (String) -> Bool, usesFastPaths: Bool) {
            self.usesFastPaths = usesFastPaths
            keepsOutsideScope = keep
            self.definition = definition
            scopeNames = definition.scopeNames
            descriptors = Dictionary(definition.scope.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            behaviorStamp = BehaviorStamps.token(for: descriptors)
            steps = definition.constraints.map(ConstraintStep.init)
            hasParagraphOwnedKeys = definition.constraints.contains { $0.key.behavior.runBoundaries == .paragraph }
                || definition.scope.contains { $0.behavior.runBoundaries == .paragraph }
        }
    }
    let core: Core

    /// The definition enforced.
    public var definition: FormattingDefinition { core.definition }
    var scopeNames: Set<String> { core.scopeNames }
    var descriptors: [String: AttributeKeyDescriptor] { core.descriptors }
    var hasParagraphOwnedKeys: Bool { core.hasParagraphOwnedKeys }
    /// Keys outside the scope that stay as they are instead of being removed.
    var keepsOutsideScope: @Sendable (String) -> Bool { core.keepsOutsideScope }
    var cache: ConstraintCache { core.cache }
    /// The sets the definition leaves as they are (outside paragraph starts), read before `cache`.
    var fixedPoints: AttributeSetMarks { core.fixedPoints }
    var usesFastPaths: Bool { core.usesFastPaths }
    /// The constraints with what the chain asks of each, read once.
    var steps: [ConstraintStep] { core.steps }

    /// An engine for `definition`.
    public init(_ definition: FormattingDefinition) {
        self.init(definition, keepingOutsideScope: { _ in false })
    }

    /// An engine for `definition` that leaves the keys outside its scope for which `keep` is true as they are
    /// (a linter fixing only the rules it was asked to fix keeps what an ignored scope rule would remove).
    public init(_ definition: FormattingDefinition, keepingOutsideScope keep: @escaping @Sendable (String) -> Bool) {
        core = Core(definition, keepingOutsideScope: keep, usesFastPaths: true)
    }

    /// An engine that takes the general path everywhere (`usesFastPaths` false): the reference in tests.
    init(_ definition: FormattingDefinition, usesFastPaths: Bool) {
        core = Core(definition, keepingOutsideScope: { _ in false }, usesFastPaths: usesFastPaths)
    }
}
