import EditorBridge
import Foundation
import Formatting
import FormattingTesting
import RichText
import XCTest

/// Random widget events through the bridge, in every unit and under a character-level and a paragraph-level
/// definition, leave the model widget's text, attributes and selection equal to the session's document.
final class BridgePropertyTests: XCTestCase {
    /// Text a user types or an input method commits: ASCII, newlines, precomposed and decomposed accents, a lone
    /// combining mark, surrogate pairs, a ZWJ sequence, the object replacement character.
    static let pieces = ["a", "milk", " ", "\n", "é", "e\u{301}", "\u{301}", "😀", "👩‍👩‍👧", "\u{FFFC}", "\r\n", "xy"]

    func testRandomWidgetEventsKeepTheWidgetEqualToTheDocument() throws {
        let seeds: [UInt64]
        if let fixed = ProcessInfo.processInfo.environment["FMTCHECK_SEED"].flatMap(UInt64.init) {
            seeds = [fixed]
        } else {
            seeds = (0..<24).map { 0xB41D_6E00 + UInt64($0) }
        }
        let steps = ProcessInfo.processInfo.environment["FMTCHECK_STEPS"].flatMap(Int.init) ?? 60
        for seed in seeds {
            let unit = TextUnit.allCases[Int(seed % 4)]
            let definition = seed % 3 == 2 ? "paragraph-styles" : "recipe"
            var events: [WidgetEvent] = []
            if try run(seed: seed, unit: unit, definition: definition, steps: steps, events: &events) != nil {
                let shrunk = try shrink(events, unit: unit, definition: definition)
                let failure = try replay(shrunk, unit: unit, definition: definition) ?? "(did not reproduce)"
                XCTFail("seed \(seed) (FMTCHECK_SEED=\(seed) FMTCHECK_STEPS=\(events.count)), \(unit) widget, \(definition): \(failure)\nshrunk to \(shrunk.count) of \(events.count) events:\n" + shrunk.map { "  \($0)" }.joined(separator: "\n"))
            }
        }
    }

    /// Runs `steps` random events; the first mismatch, with `events` holding the events up to it.
    func run(seed: UInt64, unit: TextUnit, definition: String, steps: Int, events: inout [WidgetEvent]) throws -> String? {
        var random = SeededGenerator(seed: seed)
        var (bridge, widget) = try BridgeFixtures.open(BridgeFixtures.recipe(), unit: unit, definition: definition)
        if let mismatch = widget.mismatch(with: bridge.session) { return mismatch }
        for _ in 0..<steps {
            let event = randomEvent(widget: widget, bridge: bridge, using: &random)
            events.append(event)
            if let failure = widget.apply(try bridge.handle(event)) { return failure }
            if let mismatch = widget.mismatch(with: bridge.session) { return mismatch }
        }
        return nil
    }

    /// The first mismatch `events` lead to, from the same document; nil when there is none (or an event no
    /// longer fits the text, once others are removed).
    func replay(_ events: [WidgetEvent], unit: TextUnit, definition: String) throws -> String? {
        var (bridge, widget) = try BridgeFixtures.open(BridgeFixtures.recipe(), unit: unit, definition: definition)
        for event in events {
            guard let update = try? bridge.handle(event) else { return nil }
            if let failure = widget.apply(update) { return "after \(event): \(failure)" }
            if let mismatch = widget.mismatch(with: bridge.session) { return "after \(event): \(mismatch)" }
        }
        return nil
    }

    /// `events` with every event whose removal keeps a mismatch removed, one at a time until none can go.
    func shrink(_ events: [WidgetEvent], unit: TextUnit, definition: String) throws -> [WidgetEvent] {
        var kept = events
        var removed = true
        while removed {
            removed = false
            for i in kept.indices.reversed() {
                var candidate = kept
                candidate.remove(at: i)
                if try replay(candidate, unit: unit, definition: definition) != nil {
                    kept = candidate
                    removed = true
                }
            }
        }
        return kept
    }

    func randomEvent(widget: ModelWidget, bridge: EditorBridge, using random: inout SeededGenerator) -> WidgetEvent {
        let count = widget.count
        let caret = widget.selectedRanges.first ?? count..<count
        /// A random offset, which in UTF-8 and UTF-16 may fall inside a scalar: the bridge widens.
        func offset() -> Int { Int.random(in: 0...count, using: &random) }
        func range() -> Range<Int> {
            let a = offset(), b = offset()
            return min(a, b)..<max(a, b)
        }
        func piece() -> String { Self.pieces.randomElement(using: &random)! }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<30: return .replace(caret, with: piece())
        case 30..<38: return .replace(range(), with: piece())
        case 38..<48:
            // Backspace over the character before the caret, as the widget counts it.
            guard caret.isEmpty, caret.lowerBound > 0 else { return .delete(caret) }
            let scalar = widget.scalarOffset(caret.lowerBound) ?? widget.scalars.count
            var start = 0, previous = 0
            for character in widget.text where start < scalar {
                previous = start
                start += character.unicodeScalars.count
            }
            return .delete(widget.widgetOffset(ofScalar: previous)..<caret.lowerBound)
        case 48..<54: return .delete(range())
        case 54..<64: return .select(range())
        case 64..<72: return .command(BridgeFixtures.commands.randomElement(using: &random)!.name)
        case 72..<78: return .undo
        case 78..<82: return .redo
        case 82..<88: return .setMarkedText(Bool.random(using: &random) ? piece() : "")
        case 88..<91: return .commitMarkedText(piece())
        case 91..<93: return .beginUndoGroup
        case 93..<95: return .endUndoGroup
        default:
            var pasted = RichString(piece() + piece())
            let all = pasted.startIndex..<pasted.endIndex
            let attributes: [(AttributeKeyDescriptor, AttributeValue)] = [
                (BridgeFixtures.ingredientKey, .string("milk")), (BridgeFixtures.colorKey, BridgeFixtures.red),
                (AttributeKeyDescriptor(name: "alignment"), .string("center")), (AttributeKeyDescriptor(name: "lineHeight"), .number(2)),
                (AttributeKeyDescriptor(name: "bold"), .bool(true)),
            ]
            for (key, value) in attributes where Bool.random(using: &random) {
                _ = pasted[all].setAttribute(key, to: value)
            }
            return .paste(pasted, over: Bool.random(using: &random) ? caret : range())
        }
    }
}
