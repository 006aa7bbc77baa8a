import Formatting
import RichText

/// What a generator sees when it makes the next step: the document and the selection as they stand after the
/// steps so far, the engine, the value pool, and how many steps came before.
public struct StepContext {
    /// The editor's document.
    public var document: RichString
    /// The reference model's selection (what the editor's selection must be).
    public var selection: ScalarSelection
    /// The engine whose definition the script runs under.
    public var engine: FormattingEngine
    /// The values to draw from, per key.
    public var values: ValuePool
    /// How many steps this script has had.
    public var stepIndex: Int

    /// A context: what your own loop hands a generator for the next step (see README, "a loop of your own").
    public init(document: RichString, selection: ScalarSelection, engine: FormattingEngine, values: ValuePool, stepIndex: Int) {
        self.document = document
        self.selection = selection
        self.engine = engine
        self.values = values
        self.stepIndex = stepIndex
    }
}

/// Makes the steps of one script, one at a time, against the document as it stands, so every step is valid.
/// `PropertyCheck.run(…, generator:)` makes a fresh one for each script.
///
/// `EditScriptGenerator` is the default, weighted like real editing. Build your own from it and from the
/// combinators: `map`, `filter`, `StepGenerators.oneOf` (weighted), `StepGenerators.from` (a closure) and
/// `StepGenerators.just`:
///
/// ```swift
/// let generator = { (engine: FormattingEngine, values: ValuePool) in
///     StepGenerators.oneOf([
///         (8, AnyStepGenerator(EditScriptGenerator(engine: engine, values: values))),
///         (2, AnyStepGenerator(StepGenerators.from { context, rng in .type(rng.pick(["\n", "• "])) })),
///     ]).filter { step, _ in step != .redo }      // an editor without redo
/// }
/// let result = PropertyCheck.run(definition: definition, generator: generator)
/// ```
public protocol StepGenerator {
    /// The next step for the script as it stands.
    mutating func next(_ context: StepContext, using rng: inout SeededGenerator) -> ScriptStep
}

extension EditScriptGenerator: StepGenerator {
    public mutating func next(_ context: StepContext, using rng: inout SeededGenerator) -> ScriptStep {
        next(document: context.document, selection: context.selection, using: &rng)
    }
}

/// Any step generator, its type erased: what `StepGenerators.oneOf` takes.
public struct AnyStepGenerator: StepGenerator {
    private var base: any StepGenerator

    /// `base`, erased.
    public init(_ base: some StepGenerator) { self.base = base }

    public mutating func next(_ context: StepContext, using rng: inout SeededGenerator) -> ScriptStep {
        base.next(context, using: &rng)
    }
}

/// A generator whose steps pass through a function: `generator.map { step, context in … }`.
public struct MappedStepGenerator<Base: StepGenerator>: StepGenerator {
    var base: Base
    let transform: (ScriptStep, StepContext) -> ScriptStep

    public mutating func next(_ context: StepContext, using rng: inout SeededGenerator) -> ScriptStep {
        transform(base.next(context, using: &rng), context)
    }
}

/// A generator that keeps only the steps a predicate accepts: `generator.filter { step, context in … }`. It asks
/// its base again until one is accepted, at most `maxTries` times; then the step is a caret at the selection's
/// insertion point, which changes nothing, so a predicate that accepts almost nothing cannot stop a run.
public struct FilteredStepGenerator<Base: StepGenerator>: StepGenerator {
    var base: Base
    let isIncluded: (ScriptStep, StepContext) -> Bool
    let maxTries: Int

    public mutating func next(_ context: StepContext, using rng: inout SeededGenerator) -> ScriptStep {
        for _ in 0..<maxTries {
            let step = base.next(context, using: &rng)
            if isIncluded(step, context) { return step }
        }
        let caret = context.selection.insertionOffset
        return .select(from: caret, to: caret)
    }
}

/// A generator that picks one of several for each step, in proportion to their weights.
public struct WeightedStepGenerator: StepGenerator {
    var choices: [(weight: Int, generator: AnyStepGenerator)]

    public mutating func next(_ context: StepContext, using rng: inout SeededGenerator) -> ScriptStep {
        guard !choices.isEmpty else { return .select(from: context.selection.insertionOffset, to: context.selection.insertionOffset) }
        let k = rng.weighted(choices.map(\.weight))
        return choices[k].generator.next(context, using: &rng)
    }
}

/// A generator made from a closure.
public struct ClosureStepGenerator: StepGenerator {
    let body: (StepContext, inout SeededGenerator) -> ScriptStep

    public mutating func next(_ context: StepContext, using rng: inout SeededGenerator) -> ScriptStep {
        body(context, &rng)
    }
}

extension StepGenerator {
    /// This generator with each step passed through `transform`.
    public func map(_ transform: @escaping (ScriptStep, StepContext) -> ScriptStep) -> MappedStepGenerator<Self> {
        MappedStepGenerator(base: self, transform: transform)
    }

    /// This generator keeping only the steps `isIncluded` accepts (see `FilteredStepGenerator`).
    public func filter(maxTries: Int = 100, _ isIncluded: @escaping (ScriptStep, StepContext) -> Bool) -> FilteredStepGenerator<Self> {
        FilteredStepGenerator(base: self, isIncluded: isIncluded, maxTries: max(1, maxTries))
    }
}

/// Ways to build step generators.
public enum StepGenerators {
    /// For each step, one of `choices`, picked in proportion to its weight.
    public static func oneOf(_ choices: [(Int, AnyStepGenerator)]) -> WeightedStepGenerator {
        WeightedStepGenerator(choices: choices.map { (max(0, $0.0), $0.1) })
    }

    /// A generator that calls `body` for each step.
    public static func from(_ body: @escaping (StepContext, inout SeededGenerator) -> ScriptStep) -> ClosureStepGenerator {
        ClosureStepGenerator(body: body)
    }

    /// A generator that always gives `step`.
    public static func just(_ step: ScriptStep) -> ClosureStepGenerator {
        ClosureStepGenerator { _, _ in step }
    }
}
