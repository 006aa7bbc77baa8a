import Formatting
import RichText

/// Generates edit-script steps weighted like real editing, one at a time against the document and selection
/// as they stand, so every step is valid: typing runs, backspace runs, word deletes, pasting attributed text,
/// applying and removing attributes over the selection and over range sets, selection moves, paragraph
/// splits and merges, and the editor's own commands: typing, backspace and paste at the selection, selections
/// of several ranges with typing, deleting and attribute changes over them, undo and redo. Carets and range ends
/// are often aimed at where behaviours change (`BehaviorBoundaries`: paragraph starts, run and stretch edges,
/// glyphs, the selection's edges), and `typeAtBoundary` types or pastes right there.
public struct EditScriptGenerator: Sendable {
    /// A kind of editing, with how often it is chosen.
    public enum Activity: String, CaseIterable, Sendable {
        case typingRun, backspaceRun, wordDelete, paste, setOverSelection, removeOverSelection, setOverRanges,
             removeOverRanges, selectionMove, paragraphSplit, paragraphMerge, replaceSelection,
             /// `type` commands at the selection, a keystroke each.
             typeCommand,
             /// `deleteBackward` commands.
             backspaceCommand,
             /// A `paste` command.
             pasteCommand,
             /// A selection of two to four ranges, then typing, deleting, pasting or an attribute change over it.
             multiRangeSelection,
             /// `undo` (sometimes twice), and `redo` after it.
             undoRedo,
             /// A caret put where a behaviour changes (a paragraph start, a run's edge, a glyph, the selection's
             /// edge: `BehaviorBoundaries`), then typing or pasting there.
             typeAtBoundary
    }

    /// The relative weight of each activity.
    public var weights: [Activity: Int] = [
        .typingRun: 24, .backspaceRun: 10, .wordDelete: 5, .paste: 8, .setOverSelection: 12, .removeOverSelection: 5,
        .setOverRanges: 5, .removeOverRanges: 2, .selectionMove: 15, .paragraphSplit: 6, .paragraphMerge: 4, .replaceSelection: 4,
        .typeCommand: 12, .backspaceCommand: 5, .pasteCommand: 3, .multiRangeSelection: 8, .undoRedo: 4, .typeAtBoundary: 8,
    ]
    /// What typing types, one entry per keystroke.
    public var keystrokes: [String] = [
        "a", "e", "i", "t", "n", "s", "r", "o", "l", " ", " ", " ", ".", "é", "\u{301}", "👍", "\u{1F3FD}", "•", "\u{FFFC}", "日",
    ]
    /// The documents pasted come from here.
    public var documents: DocumentGenerator

    var burst: (activity: Activity, remaining: Int)? = nil

    /// A generator for `engine`'s definition.
    public init(engine: FormattingEngine, values: ValuePool? = nil) {
        documents = DocumentGenerator(engine: engine, values: values)
    }

    /// The next step for `document` with `selection`.
    public mutating func next(document: RichString, selection: ScalarSelection, using rng: inout SeededGenerator) -> ScriptStep {
        if burst == nil || burst!.remaining <= 0 {
            let activities = Activity.allCases
            let activity = activities[rng.weighted(activities.map { weights[$0] ?? 0 })]
            let length: Int
            switch activity {
            case .typingRun, .typeCommand: length = rng.int(1...8)
            case .backspaceRun, .backspaceCommand: length = rng.int(1...4)
            case .multiRangeSelection: length = rng.int(2...4)
            case .undoRedo: length = rng.int(1...3)
            case .typeAtBoundary: length = 2
            default: length = 1
            }
            burst = (activity, length)
        }
        burst!.remaining -= 1
        if burst!.activity == .typeAtBoundary, burst!.remaining > 0 {
            // First the caret, at a boundary; then the typing (below).
            let geometry = TextGeometry(document.string)
            let caret = BehaviorBoundaries(document: document, geometry: geometry, selection: selection).pick(using: &rng)
                ?? rng.pick(geometry.characterBoundaries)
            return .select(from: caret, to: caret)
        }
        return step(for: burst!.activity, document: document, selection: selection, using: &rng)
    }

    func step(for activity: Activity, document: RichString, selection: ScalarSelection, using rng: inout SeededGenerator) -> ScriptStep {
        let geometry = TextGeometry(document.string)
        let length = geometry.scalarCount
        let definition = documents.engine.definition
        let selected = selection.ranges.first ?? selection.insertionOffset..<selection.insertionOffset
        func randomKey() -> AttributeKeyDescriptor {
            definition.scope.isEmpty || rng.chance(0.08) ? AttributeKeyDescriptor(name: "stray") : rng.pick(definition.scope)
        }
        let boundaries = BehaviorBoundaries(document: document, geometry: geometry, selection: selection)
        func randomRange(maxCharacters: Int) -> Range<Int> {
            let bounds = geometry.characterBoundaries
            // Often from a place where a behaviour changes.
            let a = rng.chance(0.3) ? (boundaries.pick(using: &rng).flatMap { b in bounds.firstIndex { $0 >= b } } ?? 0)
                                    : rng.int(0...(bounds.count - 1))
            let b = min(bounds.count - 1, a + rng.int(0...maxCharacters))
            return bounds[a]..<bounds[b]
        }
        func disjointRanges(count: Int? = nil) -> [Range<Int>] {
            var ranges: [Range<Int>] = []
            for _ in 0..<(count ?? rng.int(1...4)) {
                let r = randomRange(maxCharacters: 4)
                if !r.isEmpty && !ranges.contains(where: { $0.overlaps(r) || $0.upperBound == r.lowerBound || r.upperBound == $0.lowerBound }) { ranges.append(r) }
            }
            return ranges.sorted { $0.lowerBound < $1.lowerBound }
        }
        switch activity {
        case .typeCommand:
            return .type(rng.pick(keystrokes))
        case .typeAtBoundary:
            switch rng.int(0...5) {
            case 0...2: return .type(rng.pick(keystrokes))
            case 3...4: return .insert(at: selection.insertionOffset, text: rng.pick(keystrokes))
            default:
                let piece = documents.rawDocument(maxPieces: 2, using: &rng)
                return .paste(piece.isEmpty ? RichString("z") : piece)
            }
        case .backspaceCommand:
            return .deleteBackward
        case .pasteCommand:
            let piece = documents.rawDocument(maxPieces: 3, strayKeys: true, using: &rng)
            return .paste(piece.isEmpty ? RichString("x") : piece)
        case .undoRedo:
            // Undo more often than redo, so that there is something to redo.
            return rng.chance(0.65) ? .undo : .redo
        case .multiRangeSelection:
            if selection.ranges.count > 1 {
                switch rng.int(0...9) {
                case 0...3: return .type(rng.pick(keystrokes))
                case 4...5: return .deleteBackward
                case 6:
                    let piece = documents.rawDocument(maxPieces: 2, using: &rng)
                    return .paste(piece.isEmpty ? RichString("y") : piece)
                case 7: return .setRanges(ranges: selection.ranges, key: randomKey().name, value: nil)
                default:
                    let key = randomKey()
                    return .setRanges(ranges: selection.ranges, key: key.name, value: documents.values.value(for: key.name, using: &rng))
                }
            }
            let ranges = disjointRanges(count: rng.int(2...4))
            guard ranges.count > 1 else { return .type(rng.pick(keystrokes)) }
            return .selectRanges(ranges)
        case .typingRun:
            let key = rng.pick(keystrokes)
            if !selected.isEmpty { return .replace(from: selected.lowerBound, to: selected.upperBound, text: key) }
            return .insert(at: selected.lowerBound, text: key)
        case .backspaceRun:
            if !selected.isEmpty { return .delete(from: selected.lowerBound, to: selected.upperBound) }
            let caret = selected.lowerBound
            guard let before = geometry.boundary(before: caret) else { return .select(from: length, to: length) }
            // Scalar by scalar sometimes, as a backspace inside a cluster does.
            return .delete(from: rng.chance(0.1) ? caret - 1 : before, to: caret)
        case .wordDelete:
            let caret = selected.upperBound
            return .delete(from: geometry.wordStart(before: caret), to: caret)
        case .paste:
            let piece = documents.rawDocument(maxPieces: 3, strayKeys: true, using: &rng)
            return .insertAttributed(at: selected.lowerBound, document: piece.isEmpty ? RichString("x") : piece)
        case .setOverSelection:
            let key = randomKey()
            let value = documents.values.value(for: key.name, using: &rng)
            if selection.ranges.count > 1 { return .setRanges(ranges: selection.ranges, key: key.name, value: value) }
            let range = selected.isEmpty ? randomRange(maxCharacters: 10) : selected
            return .set(from: range.lowerBound, to: range.upperBound, key: key.name, value: value)
        case .removeOverSelection:
            let key = randomKey()
            if selection.ranges.count > 1 { return .setRanges(ranges: selection.ranges, key: key.name, value: nil) }
            let range = selected.isEmpty ? randomRange(maxCharacters: 10) : selected
            return .remove(from: range.lowerBound, to: range.upperBound, key: key.name)
        case .setOverRanges, .removeOverRanges:
            let key = randomKey()
            let value = activity == .setOverRanges ? documents.values.value(for: key.name, using: &rng) : nil
            return .setRanges(ranges: disjointRanges(), key: key.name, value: value)
        case .selectionMove:
            if rng.chance(0.3), let caret = boundaries.pick(using: &rng) {
                return .select(from: caret, to: caret)
            }
            if rng.chance(0.35) {
                let caret = rng.chance(0.8) ? rng.pick(geometry.characterBoundaries) : rng.int(0...length)
                return .select(from: caret, to: caret)
            }
            if rng.chance(0.3), !geometry.wordStarts.isEmpty {
                let start = rng.pick(geometry.wordStarts)
                let end = geometry.characterBoundaries.first { $0 > start && !(geometry.wordStarts.contains($0)) } ?? length
                return .select(from: start, to: max(start, min(end + rng.int(0...3), length)))
            }
            let range = randomRange(maxCharacters: 12)
            return .select(from: range.lowerBound, to: range.upperBound)
        case .paragraphSplit:
            let separator = rng.pick(["\n", "\n", "\n", "\r\n", "\u{2029}", "\r"])
            if !selected.isEmpty { return .replace(from: selected.lowerBound, to: selected.upperBound, text: separator) }
            return .insert(at: selected.lowerBound, text: separator)
        case .paragraphMerge:
            guard !geometry.separators.isEmpty else { return .insert(at: selected.lowerBound, text: "\n") }
            let separator = rng.pick(geometry.separators)
            return .delete(from: separator.lowerBound, to: separator.upperBound)
        case .replaceSelection:
            var text = ""
            for _ in 0..<rng.int(0...5) { text += rng.pick(keystrokes) }
            let range = selected.isEmpty ? randomRange(maxCharacters: 5) : selected
            return .replace(from: range.lowerBound, to: range.upperBound, text: text)
        }
    }
}
