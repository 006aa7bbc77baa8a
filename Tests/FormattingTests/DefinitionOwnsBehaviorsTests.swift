import XCTest
@testable import Formatting
import RichText
import RichTextFormats
import FormattingTesting
import Foundation

/// Issue 18's first bug: the definition owns behaviours, not the values. A recipe document decoded with the
/// standard schema carries `ingredient` with no behaviour; under the recipe definition it must behave as the
/// definition declares (not inherited, invalidated by text changes), and lint, normalize and apply must agree.
final class DefinitionOwnsBehaviorsTests: XCTestCase {
    /// "add milk to it", "milk" an ingredient (and green, as the definition wants), as an app stores it.
    let recipeJSON = ##"["add ",{},"milk",{"foregroundColor":"#34c759","ingredient":"milk"}," to it",{}]"##

    func decoded(_ json: String, schema: NativeJSONSchema = .standard) throws -> RichString {
        try NativeJSONDecoder(schema: schema).decode(json).document
    }

    /// Every behaviour each key name has somewhere in `document`.
    func behaviors(in document: RichString) -> [String: Set<AttributeBehavior>] {
        var found: [String: Set<AttributeBehavior>] = [:]
        for run in document.runs {
            for entry in run.attributes.entries { found[entry.name, default: []].insert(entry.behavior) }
        }
        return found
    }

    func testLintReportsWhatNormalizeChangesOnADocumentDecodedWithoutTheDefinition() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = try decoded(recipeJSON)
        let before = document
        let linted = engine.lint(document)
        let adjustments = engine.normalize(&document)
        XCTAssertEqual(linted, adjustments, "lint and normalize disagree")
        XCTAssertFalse(document.isEqualIncludingBehaviors(to: before), "normalize gives ingredient the definition's behaviour")
        XCTAssertFalse(adjustments.isEmpty, "normalize changed the document but reported nothing")
        XCTAssertEqual(engine.lint(document), [], "a normalised document is lint-clean")
    }

    func testNormalizeGivesScopeKeysTheDefinitionsBehaviour() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = try decoded(recipeJSON)
        engine.normalize(&document)
        XCTAssertEqual(behaviors(in: document)["ingredient"], [Keys.ingredient.behavior])
    }

    func testTypingInsideAnIngredientOfADecodedDocumentClearsTheWholeIngredient() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = try decoded(recipeJSON)
        // "mi|lk": a text change inside the stretch, which the definition's ingredient does not survive.
        engine.apply(.insert("i", at: document.index(atOffset: 6, in: .scalars)), to: &document)
        XCTAssertEqual(document.string, "add miilk to it")
        XCTAssertEqual(document.runs.filter { $0.attributes["ingredient"] != nil }.count, 0, "\(document)")
        XCTAssertEqual(document.runs.count, 1, "runs that differ only in behaviour do not coalesce: \(document)")
        XCTAssertEqual(engine.lint(document), [])
    }

    func testAProbeOnAnUnstampedDocumentAnswersAsApplyWould() throws {
        let engine = FormattingEngine(try recipeDefinition())
        let document = try decoded(recipeJSON)
        let inside = Edit.insert("i", at: document.index(atOffset: 6, in: .scalars))
        let probe = engine.probe(inside, on: document)
        var applied = document
        let adjustments = engine.apply(inside, to: &applied)
        XCTAssertEqual(probe.adjustments, adjustments)
        XCTAssertTrue(probe.document.isEqualIncludingBehaviors(to: applied), "\(probe.document) vs \(applied)")
        XCTAssertTrue(probe.isKept, "the typed letter stands")
        // An attribute set: giving the key its defined behaviour is not a revert of it.
        let milk = RangeSet(document.range(of: "milk")!)
        let set = engine.probe(.setAttribute(Keys.ingredient, to: .string("cream"), in: milk), on: document)
        XCTAssertTrue(set.isKept)
        XCTAssertEqual(set.reverts, [])
        // What typing after "milk" gets: the same as on the document stamped first.
        var stamped = document
        engine.stampBehaviors(&stamped)
        XCTAssertEqual(engine.typingAttributes(at: document.index(atOffset: 8, in: .scalars), in: document),
                       engine.typingAttributes(at: stamped.index(atOffset: 8, in: .scalars), in: stamped))
    }

    func testOneKeyNameHasOneBehaviourAfterAnEdit() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = try decoded(#"["milk",{"ingredient":"milk"}," and ",{},"eggs",{"ingredient":"eggs"}]"#)
        // An edit far from "eggs" must not leave "eggs" with the plain behaviour next to a stamped "milk".
        engine.apply(.setAttribute(Keys.ingredient, to: .string("milk"), in: RangeSet(document.scalars(0, 4))), to: &document)
        for (name, found) in behaviors(in: document) {
            XCTAssertEqual(found.count, 1, "\(name) has \(found.count) behaviours in one string: \(found)")
        }
        XCTAssertEqual(behaviors(in: document)["ingredient"], [Keys.ingredient.behavior])
    }

    func testAnEditingSessionStartsWithTheDefinitionsBehaviours() throws {
        let engine = FormattingEngine(try recipeDefinition())
        let session = EditingSession(document: try decoded(recipeJSON), engine: engine)
        XCTAssertEqual(behaviors(in: session.document)["ingredient"], [Keys.ingredient.behavior])
    }

    // MARK: The one place that stamps, and readers for a definition

    func testStampingReportsEachKeyThatTookTheDefinitionsBehaviourAndLeavesOtherKeys() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = try decoded(##"["add ",{"bold":true},"milk",{"foregroundColor":"#34c759","ingredient":"milk"}]"##)
        let adjustments = engine.stampBehaviors(&document)
        XCTAssertEqual(adjustments, [Adjustment(rule: .definedBehavior(Keys.ingredient.behavior), utf8Range: 4..<8,
                                                key: "ingredient", oldValue: .string("milk"), newValue: .string("milk"))])
        XCTAssertEqual(adjustments.first?.rule.identifier, "scope")
        // Scope and constraints are normalize's: a key outside the scope stays, with its own behaviour.
        XCTAssertEqual(document.runs.first?.attributes["bold"], .bool(true))
        XCTAssertTrue(engine.carriesDefinedBehaviors(document))
        XCTAssertEqual(engine.stampBehaviors(&document), [], "a stamped document has nothing left to stamp")
    }

    func testDocumentsThatPrintTheSameAreEqualAndHaveTheSameBehavioursOnceStamped() throws {
        let definition = try recipeDefinition()
        let engine = FormattingEngine(definition)
        var plain = try decoded(recipeJSON)
        var defined = try decoded(recipeJSON, schema: NativeJSONSchema.standard.adoptingBehaviors(of: definition.scope))
        XCTAssertEqual(plain.description, defined.description)
        XCTAssertEqual(plain, defined, "the same text and values: behaviours are not content")
        XCTAssertFalse(plain.isEqualIncludingBehaviors(to: defined), "behaviours do not print, but they are part of the sets")
        engine.stampBehaviors(&plain)
        engine.stampBehaviors(&defined)
        XCTAssertTrue(plain.isEqualIncludingBehaviors(to: defined))
    }

    func testADecoderForTheDefinitionLoadsKeysWithTheDefinitionsBehaviours() throws {
        let definition = try recipeDefinition()
        let engine = FormattingEngine(definition)
        let document = try decoded(recipeJSON, schema: NativeJSONSchema.standard.adoptingBehaviors(of: definition.scope))
        XCTAssertEqual(behaviors(in: document)["ingredient"], [Keys.ingredient.behavior])
        XCTAssertEqual(document.runs.dropFirst().first?.attributes["foregroundColor"], green, "known keys keep their codec")
        XCTAssertEqual(engine.lint(document), [])
    }

    func testTheRTFReaderForADefinitionGivesItsBehaviours() throws {
        let tagged = AttributeKeyDescriptor(name: "foregroundColor", behavior: AttributeBehavior(inheritedByAddedText: false))
        let rtf = Array(#"{\rtf1\ansi{\colortbl;\red52\green199\blue89;}\cf1 milk\cf0  and eggs}"#.utf8)
        let standard = try RTFReader().read(rtf).document
        let read = try RTFReader(adoptingBehaviorsOf: [tagged]).read(rtf).document
        XCTAssertEqual(behaviors(in: standard)["foregroundColor"], [.plain])
        XCTAssertEqual(behaviors(in: read)["foregroundColor"], [tagged.behavior])
        XCTAssertEqual(read.description, standard.description)
    }

    func testTheFoundationBridgeForADefinitionGivesItsBehaviours() throws {
        let link = AttributeKeyDescriptor(name: "NSLink", behavior: AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged]))
        var foundation = AttributedString("see docs")
        foundation[foundation.range(of: "docs")!].link = URL(string: "https://example.com")!
        let bridge = FoundationAttributeBridge([.key(AttributeScopes.FoundationAttributes.LinkAttribute.self)])
        let standard = RichString(foundation, bridge: bridge)
        let read = RichString(foundation, bridge: bridge.adoptingBehaviors(of: [link]))
        XCTAssertEqual(behaviors(in: standard)["NSLink"]?.contains(link.behavior), false)
        XCTAssertEqual(behaviors(in: read)["NSLink"], [link.behavior])
    }

    func testApplyStampsAnUnstampedDocumentFirstAndPlacesWhatThatChangedAfterTheEdit() throws {
        let engine = FormattingEngine(try recipeDefinition())
        var document = try decoded(recipeJSON)
        XCTAssertFalse(engine.carriesDefinedBehaviors(document))
        // "add |milk": the stamp of "milk" (bytes 4..<8 before the edit) moves past the inserted "fresh ".
        let adjustments = engine.apply(.insert("fresh ", at: document.index(atOffset: 4, in: .scalars)), to: &document)
        XCTAssertEqual(adjustments.first, Adjustment(rule: .definedBehavior(Keys.ingredient.behavior), utf8Range: 10..<14,
                                                     key: "ingredient", oldValue: .string("milk"), newValue: .string("milk")))
        XCTAssertEqual(document.value(Keys.ingredient, atScalar: 10), .string("milk"))
        XCTAssertTrue(engine.carriesDefinedBehaviors(document))
        // Removed text drops out of the stamp's range, and the rest shifts.
        let placed = [Adjustment(rule: .definedBehavior(.plain), utf8Range: 2..<10, key: "k", oldValue: .integer(1), newValue: .integer(1))]
            .moved(through: [(range: 0..<1, newLength: 3), (range: 4..<6, newLength: 0)])
        XCTAssertEqual(placed.map(\.utf8Range), [4..<6, 6..<10])
    }

    func testWhetherADocumentCarriesTheDefinitionsBehavioursIsKnownWithoutAWalk() throws {
        let definition = try recipeDefinition()
        let engine = FormattingEngine(definition)
        var document = try decoded(recipeJSON)
        engine.normalize(&document)
        XCTAssertTrue(engine.carriesDefinedBehaviors(document))
        engine.apply(.insert("x", at: document.index(atOffset: 2, in: .scalars)), to: &document)
        engine.apply(.removeText(RangeSet(document.scalars(0, 1))), to: &document)
        XCTAssertTrue(engine.carriesDefinedBehaviors(document), "an edit through the engine keeps the stamp")
        XCTAssertTrue(FormattingEngine(definition).carriesDefinedBehaviors(document), "engines of one definition share it")
        var copy = document
        copy.setAttribute(AttributeKeyDescriptor(name: "ingredient"), to: .string("egg"), in: copy.scalars(0, 2))
        XCTAssertFalse(engine.carriesDefinedBehaviors(copy), "a write of sets outside the engine drops it")
        XCTAssertTrue(engine.carriesDefinedBehaviors(document), "the original keeps it")
    }

    // MARK: Property

    /// Random documents for random definitions, read as a reader without the definition would leave them
    /// (each run's scope keys with the definition's behaviour, no behaviour, or another key's): `lint` reports exactly
    /// what `normalize` changes, a normalised document is lint-clean, and once stamped no key name has two
    /// behaviours and documents that print the same compare equal, behaviours included.
    func testStampedDocumentsAgreeOnLintAndNormalizeAndHaveOneBehaviourPerKey() throws {
        let env = ProcessInfo.processInfo.environment
        let firstSeed = UInt64(env["FMTCHECK_SEED"] ?? "") ?? UInt64.random(in: 1...1_000_000)
        let iterations = Int(env["FMTCHECK_ITERATIONS"] ?? "") ?? 150
        print("DefinitionOwnsBehaviorsTests property: seeds \(firstSeed)..<\(firstSeed + UInt64(iterations)) (FMTCHECK_SEED=\(firstSeed) to repeat)")
        for seed in firstSeed..<(firstSeed + UInt64(iterations)) {
            var rng = SeededGenerator(seed: seed)
            let definition = try randomDefinition(&rng)
            let engine = FormattingEngine(definition)
            let generated = DocumentGenerator(engine: engine).rawDocument(maxPieces: 8, strayKeys: true, using: &rng)
            let behaviorsPool = definition.scope.map(\.behavior) + [.plain, AttributeBehavior(inheritedByAddedText: false)]
            let runs = generated.runs.map { run -> AttributeRun in
                let entries = run.attributes.entries.map { entry -> AttributeEntry in
                    // Keys outside the scope keep theirs: the definition only removes them (normalize).
                    var scrambled = entry
                    if definition.descriptor(named: entry.name) != nil, rng.chance(0.6) { scrambled.behavior = rng.pick(behaviorsPool) }
                    return scrambled
                }
                return AttributeRun(utf8Count: generated[run.range].string.utf8.count, attributes: AttributeSet(entries))
            }
            let context = "seed \(seed) (FMTCHECK_SEED=\(seed) FMTCHECK_ITERATIONS=1)"
            let document = try XCTUnwrap(RichString(unenforcedText: generated.string, runs: runs), context)

            let linted = engine.lint(document)
            var normalized = document
            let adjustments = engine.normalize(&normalized)
            XCTAssertEqual(linted, adjustments, "lint != normalize: \(context)")
            XCTAssertEqual(engine.lint(normalized), [], "not lint-clean after normalize: \(context)")
            if !normalized.isEqualIncludingBehaviors(to: document) {
                XCTAssertFalse(adjustments.isEmpty, "normalize changed the document silently: \(context)")
            }

            var stamped = document
            engine.stampBehaviors(&stamped)
            for checked in [stamped, normalized] {
                for (name, found) in behaviors(in: checked) {
                    XCTAssertEqual(found.count, 1, "\(name) has behaviours \(found): \(context)")
                    if let defined = definition.descriptor(named: name) {
                        XCTAssertEqual(found, [defined.behavior], "\(name): \(context)")
                    }
                }
            }
            // The same text and values with every key's behaviour as generated, stamped: it prints the same, so
            // it compares equal, behaviours and all.
            var reference = generated
            engine.stampBehaviors(&reference)
            if reference.description == stamped.description {
                XCTAssertTrue(reference.isEqualIncludingBehaviors(to: stamped), "print the same but differ: \(context)")
            }
            // Apply on the unstamped document is apply on the stamped one.
            let length = document.counts.scalars
            let at = rng.int(0...length)
            var viaApply = document
            engine.apply(.insert("x", at: viaApply.index(atOffset: at, in: .scalars)), to: &viaApply)
            var viaStamp = stamped
            engine.apply(.insert("x", at: viaStamp.index(atOffset: at, in: .scalars)), to: &viaStamp)
            XCTAssertTrue(viaApply.isEqualIncludingBehaviors(to: viaStamp), "apply on an unstamped document: \(context)")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }
}
