import XCTest
@testable import Formatting
import FormattingTesting
@testable import RichText

/// The engine's shortcuts (the fixed-point memo that ends `enforceDefinition` before the cache, one-range edits
/// through the string's one-range calls) must give exactly what the general path gives: the same adjustments,
/// documents, selections, undo and redo, on random definitions and scripts. (The widening's shortcuts are
/// RichText's, tested there: `CharacterWideningTests`.)
final class FastPathPropertyTests: XCTestCase {
    /// Two sessions, one on an engine with the shortcuts and one on the reference engine without them, driven
    /// by the same generated script (and undo/redo): after every step, everything observable agrees.
    func testFastPathsAgreeWithTheGeneralPathThroughSessions() throws {
        let seeds = propertySeeds(default: 150)
        var fastEdits = 0, steps = 0, remembered = 0
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            let definition = Self.definition(&rng)
            let (fast, reference) = enginesWithAndWithoutShortcuts(definition)
            let documents = DocumentGenerator(engine: fast)
            let start = documents.rawDocument(maxPieces: 10, strayKeys: true, using: &rng)
            var a = EditingSession(document: start, engine: fast)
            var b = EditingSession(document: start, engine: reference)
            var generator = EditScriptGenerator(engine: fast)
            var log: [String] = []
            for step in 0..<40 {
                let context = "seed \(seed) step \(step)\n\(log.joined(separator: "\n"))"
                if rng.chance(0.08) {
                    // Undo or redo on both sessions.
                    let undo = rng.chance(0.6)
                    log.append(undo ? "undo" : "redo")
                    let (da, db) = undo ? (a.undo(), b.undo()) : (a.redo(), b.redo())
                    XCTAssertEqual(da, db, context)
                } else {
                    let raw = generator.next(document: a.document, selection: ScalarSelection(a.selection, in: a.document), using: &rng)
                    let next = raw.clamped(toScalarCount: a.document.counts.scalars)
                    log.append(next.description)
                    if Self.isFastEligible(next, fast) { fastEdits += 1 }
                    XCTAssertEqual(Self.run(next, on: &a), Self.run(next, on: &b), context)
                }
                steps += 1
                XCTAssertEqual(a.document, b.document, context)
                XCTAssertEqual(ScalarSelection(a.selection, in: a.document), ScalarSelection(b.selection, in: b.document), context)
                XCTAssertEqual(a.lastAdjustments, b.lastAdjustments, context)
                XCTAssertEqual(a.typingAttributes, b.typingAttributes, context)
                XCTAssertEqual(a.canUndo, b.canUndo, context)
                XCTAssertEqual(a.canRedo, b.canRedo, context)
                if testRun?.failureCount ?? 0 > 0 { return }
            }
            // The memo did take part: runs of the final document carry sets it already knows.
            for run in a.document.runs where fast.fixedPoints.contains(run.attributes) { remembered += 1 }
        }
        XCTAssertGreaterThan(fastEdits, seeds.count, "the shortcuts should be in play on many steps")
        XCTAssertGreaterThan(remembered, seeds.count, "the fixed-point memo should know the sets documents carry")
        print("fast path property test: \(seeds.count) definitions, \(steps) steps, \(fastEdits) text edits under definitions without paragraph keys, \(remembered) final runs with a remembered set")
    }

    /// `apply` straight on documents that were never normalised (runs the definition has not settled, next to
    /// the edit or not), so a shortcut cannot lean on the document being clean: the same adjustments and
    /// documents as the reference, edit after edit, with one-range and several-range edits.
    func testFastPathsAgreeWithTheGeneralPathOnRawDocuments() throws {
        let seeds = propertySeeds(default: 150)
        let typed = ["x", "ab", " ", "\n", "\u{301}", "é", "•", "\r", "hello"]
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            let definition = Self.definition(&rng)
            let (fast, reference) = enginesWithAndWithoutShortcuts(definition)
            var documents = DocumentGenerator(engine: fast)
            if rng.chance(0.5) { documents.fragments = ["a", "bc", " ", "xyz", "hello world", "\n"] }
            var x = documents.rawDocument(maxPieces: 12, strayKeys: true, using: &rng)
            if rng.chance(0.3) { fast.normalize(&x) }
            var y = x
            let keys = definition.scope + [AttributeKeyDescriptor(name: "stray")]
            for step in 0..<25 {
                let length = x.counts.scalars
                let from = rng.int(0...length)
                let to = min(length, from + rng.int(0...3))
                let other = rng.chance(0.2) ? rng.int(0...length) : nil
                let otherEnd = other.map { min(length, $0 + rng.int(1...3)) }
                let kind = rng.int(0...4)
                let text = rng.pick(typed)
                let insertsOnly = rng.chance(0.8)
                let key = rng.pick(keys)
                let value: AttributeValue? = rng.chance(0.8) ? rng.pick(DefinitionGenerator.values + [.integer(5)]) : nil
                let pasted = rng.pick(DefinitionGenerator.values)
                // The same edit, with indices of the document it is applied to.
                func makeEdit(on d: RichString) -> Edit {
                    var set = RangeSet(d.scalars(from, to))
                    if let other, let otherEnd { set.insert(contentsOf: d.scalars(other, otherEnd)) }
                    switch kind {
                    case 0, 1: return .replaceText(d.scalars(from, insertsOnly ? from : to), with: text)
                    case 2: return .removeText(set)
                    case 3: return .setAttribute(key, to: value, in: set)
                    default:
                        return .replaceAttributed(d.scalars(from, to), with: RichString(text, attributes: AttributeSet([AttributeEntry(name: key.name, value: pasted, behavior: key.behavior)])))
                    }
                }
                let edit = makeEdit(on: x)
                let context = "seed \(seed) step \(step): \(edit) on \(x)"
                var processedX = 0..<0, processedY = 0..<0
                var fastSteps = EngineSteps(fast), referenceSteps = EngineSteps(reference)
                _ = x.mutate(edit.mutation(), under: &fastSteps, processed: &processedX)
                _ = y.mutate(makeEdit(on: y).mutation(), under: &referenceSteps, processed: &processedY)
                let ax = fastSteps.adjustments, ay = referenceSteps.adjustments
                XCTAssertEqual(ax, ay, context)
                XCTAssertEqual(processedX, processedY, context)
                XCTAssertEqual(x, y, context)
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
    }

    /// A random definition; half of them without paragraph-bound keys, where the shortcuts apply.
    static func definition(_ rng: inout SeededGenerator) -> FormattingDefinition {
        var definition = DefinitionGenerator.randomDefinition(using: &rng)
        if rng.chance(0.5) {
            while FormattingEngine(definition).hasParagraphOwnedKeys { definition = DefinitionGenerator.randomDefinition(using: &rng) }
        }
        return definition
    }

    /// One script step on a session, as `SessionEditor` applies it.
    static func run(_ step: ScriptStep, on session: inout EditingSession) -> [Adjustment] {
        if case let .select(from, to) = step {
            session.select(ScalarSelection.range(from, to).selection(in: session.document))
            return []
        }
        guard let edit = step.edit(on: session.document, definition: session.engine.definition) else { return [] }
        return session.perform(edit)
    }

    /// Whether the step changes text under a definition without paragraph-bound keys: where the shortcuts apply.
    static func isFastEligible(_ step: ScriptStep, _ engine: FormattingEngine) -> Bool {
        !engine.hasParagraphOwnedKeys && step.changesText
    }
}
