import Formatting
import FormattingTesting
import RichText

/// A bug an editor might have, planted on purpose in `PlantedBugEditor` to show that the property harness finds
/// it, shrinks it to a minimal script, and that the printed script replays to the same failure.
public enum PlantedBug: String, CaseIterable, Sendable {
    /// Typing over a selection of several ranges replaces the first and leaves the others (SwiftUI removes them).
    case typesOverTheFirstRangeOnly
    /// After typing at a caret, the caret stays in front of the typed text.
    case caretStaysBeforeTypedText
    /// A paste goes into the string without the engine, so the definition is not applied to it.
    case pasteBypassesTheEngine
    /// The editor commands (typing, backspace, paste) report no adjustments, whatever the engine changed.
    case commandsReportNoAdjustments
    /// Undo puts the old text back without its attributes.
    case undoDropsAttributes
    /// Redo does nothing.
    case redoDoesNothing
    /// A caret placed by a click (`select`) is kept as a bookmark, an offset, which a delete before it does not
    /// move; a caret that typing moved is tracked as it should be.
    case placedCaretMissesDeletes
    /// Text typed at the start of a paragraph (right after its separator) takes the attributes of the character
    /// before it, as Foundation's `AttributedString` does, so the paragraph takes the previous one's paragraph
    /// values instead of keeping its own.
    case typingAtAParagraphStartTakesThePreviousParagraph
}

/// A small editor of its own, as an app writes one: a document, a selection and undo, every edit through the
/// engine, with the string's selection API (`replaceSelection(_:withCharacters:engine:)`) for typing. With no
/// bug it keeps every invariant; each `PlantedBug` breaks exactly one thing.
///
/// It is a `ScriptEditor`, so `PropertyCheck.run(…, makeEditor:)` checks it in a test, and the
/// `planted-bug-editor` executable serves it over the editor protocol for `fmtcheck replay --check --editor`.
public struct PlantedBugEditor: ScriptEditor {
    /// The planted bug, or nil for the correct editor.
    public let bug: PlantedBug?
    let engine: FormattingEngine
    public private(set) var document: RichString
    var current: Selection
    /// Whether the caret was placed by `select` and nothing has moved it since (what `placedCaretMissesDeletes`
    /// mishandles).
    var caretWasPlaced = false
    var undoStack: [(document: RichString, selection: Selection)] = []
    var redoStack: [(document: RichString, selection: Selection)] = []

    /// An editor of `document` (normalised first) under `engine`, with the caret at the end.
    public init(engine: FormattingEngine, document: RichString = RichString(), bug: PlantedBug?) {
        self.engine = engine
        self.bug = bug
        var opened = document
        engine.normalize(&opened)
        self.document = opened
        current = .caret(opened.endIndex)
    }

    public var selection: ScalarSelection { ScalarSelection(current, in: document) }

    /// The command that serves this editor over the editor protocol, for the replay hint a failure prints: the
    /// `planted-bug-editor` example built in `.build/debug`, with the bug.
    public var replayCommand: String? {
        ".build/debug/planted-bug-editor" + (bug.map { " \($0.rawValue)" } ?? "")
    }

    public mutating func apply(_ step: ScriptStep) -> [Adjustment] {
        func index(_ n: Int) -> RichString.Index { document.index(atOffset: n, in: .scalars) }
        let caretWasPlaced = self.caretWasPlaced
        self.caretWasPlaced = false
        switch step {
        case let .select(from, to):
            current = from == to ? .caret(index(from)) : Selection(range: index(from)..<index(to))
            self.caretWasPlaced = from == to
            return []
        case .selectRanges(let ranges):
            let set = RangeSet(ranges.map { index($0.lowerBound)..<index($0.upperBound) })
            current = set.isEmpty ? .caret(index(ranges.first?.lowerBound ?? 0)) : Selection(ranges: set)
            return []
        case .undo:
            guard let entry = undoStack.popLast() else { return [] }
            redoStack.append((document, current))
            (document, current) = entry
            if bug == .undoDropsAttributes {
                var plain = RichString(document.string)
                engine.normalize(&plain)
                (document, current) = (plain, .caret(plain.index(atOffset: selection.insertionOffset, in: .scalars)))
            }
            return []
        case .redo:
            guard bug != .redoDoesNothing, let entry = redoStack.popLast() else { return [] }
            undoStack.append((document, current))
            (document, current) = entry
            return []
        case .type(let text):
            let adjustments = recording { editor in
                if editor.bug == .typesOverTheFirstRangeOnly, editor.current.insertionPoint == nil, let first = editor.current.ranges.ranges.first {
                    editor.current = Selection(range: first)
                }
                let caretBefore = editor.current.insertionPoint.map { editor.document.offset(of: $0, in: .scalars) }
                let engine = editor.engine
                if editor.bug == .typingAtAParagraphStartTakesThePreviousParagraph, let caretBefore,
                   let previous = editor.attributesBeforeParagraphStart(caretBefore) {
                    return editor.document.replaceSelection(&editor.current, with: RichString(text, attributes: previous), engine: engine)
                }
                let made = editor.document.replaceSelection(&editor.current, withCharacters: text, engine: engine)
                if editor.bug == .caretStaysBeforeTypedText, let caretBefore {
                    editor.current = .caret(editor.document.index(atOffset: caretBefore, in: .scalars))
                }
                return made
            }
            return bug == .commandsReportNoAdjustments ? [] : adjustments
        case .paste(let piece):
            let stamped = ScriptStep.stamped(piece, definition: engine.definition)
            let adjustments = recording { editor in
                if editor.bug == .pasteBypassesTheEngine {
                    // The string's own behaviours still run (and are reported); the definition does not.
                    return editor.document.replaceSelection(&editor.current, with: stamped).map(Adjustment.init)
                }
                return editor.document.replaceSelection(&editor.current, with: stamped, engine: editor.engine)
            }
            return bug == .commandsReportNoAdjustments ? [] : adjustments
        case .deleteBackward:
            let adjustments = recording { editor in
                if let caret = editor.current.insertionPoint {
                    guard caret > editor.document.startIndex else { return [] }
                    let before = editor.document.characters.index(before: caret)
                    let offset = editor.document.offset(of: before, in: .scalars)
                    let made = editor.engine.apply(.removeText(RangeSet(before..<caret)), to: &editor.document)
                    editor.current = .caret(editor.document.index(atOffset: offset, in: .scalars))
                    return made
                }
                let start = editor.document.offset(of: editor.current.ranges.ranges.first?.lowerBound ?? editor.document.endIndex, in: .scalars)
                let made = editor.engine.apply(.removeText(editor.current.ranges), to: &editor.document)
                editor.current = .caret(editor.document.index(atOffset: start, in: .scalars))
                return made
            }
            return bug == .commandsReportNoAdjustments ? [] : adjustments
        case let .insert(at, text) where bug == .typingAtAParagraphStartTakesThePreviousParagraph:
            guard let previous = attributesBeforeParagraphStart(at) else { fallthrough }
            let edit = Edit.replaceAttributed(index(at)..<index(at), with: RichString(text, attributes: previous))
            return recording { editor in editor.applyKeepingSelection(edit) }
        default:
            guard let edit = step.edit(on: document, definition: engine.definition) else { return [] }
            if bug == .placedCaretMissesDeletes, caretWasPlaced, case .removeText = edit, let caret = current.insertionPoint {
                let offset = document.offset(of: caret, in: .scalars)
                return recording { editor in
                    let made = editor.engine.apply(edit, to: &editor.document)
                    editor.current = .caret(editor.document.index(atOffset: min(offset, editor.document.counts.scalars), in: .scalars))
                    editor.caretWasPlaced = true
                    return made
                }
            }
            return recording { editor in editor.applyKeepingSelection(edit) }
        }
    }

    /// The attributes of the separator before scalar offset `offset` when `offset` starts a paragraph that is not
    /// the first (right after LF, U+2029 or a lone CR, before the end of the text); nil anywhere else.
    func attributesBeforeParagraphStart(_ offset: Int) -> AttributeSet? {
        let scalars = document.string.unicodeScalars
        guard offset > 0, offset < document.counts.scalars else { return nil }
        let before = scalars[scalars.index(scalars.startIndex, offsetBy: offset - 1)]
        let at = scalars[scalars.index(scalars.startIndex, offsetBy: offset)]
        guard before == "\n" || before == "\u{2029}" || (before == "\r" && at != "\n") else { return nil }
        let separator = document.index(atOffset: offset - 1, in: .scalars)
        return document.runs.first { $0.range.contains(separator) }?.attributes
    }

    /// Runs `body` as one undo step, recorded when the document changed; a change ends what redo can give back.
    mutating func recording(_ body: (inout PlantedBugEditor) -> [Adjustment]) -> [Adjustment] {
        let before = (document, current)
        let adjustments = body(&self)
        if !document.isEqualIncludingBehaviors(to: before.0) || document.string != before.0.string {
            undoStack.append(before)
            redoStack.removeAll()
        }
        return adjustments
    }

    /// `edit` through the engine, with the selection kept on its text (`transform(updating:)`): a caret stays a
    /// caret; ranges that collapse are dropped, and a selection whose ranges all collapse becomes a caret
    /// where the first one stood.
    mutating func applyKeepingSelection(_ edit: Edit) -> [Adjustment] {
        let caret = current.insertionPoint
        let ranges = caret.map { [$0..<$0] } ?? Array(current.ranges.ranges)
        var adjustments: [Adjustment] = []
        let engine = self.engine
        guard let tracked = document.transform(updating: ranges, body: { adjustments = engine.apply(edit, to: &$0) }) else { return adjustments }
        if caret != nil, let point = tracked.first {
            current = .caret(point.lowerBound)
        } else {
            let kept = tracked.filter { !$0.isEmpty }
            current = kept.isEmpty ? .caret(tracked.first?.lowerBound ?? document.endIndex) : Selection(ranges: RangeSet(kept))
        }
        return adjustments
    }
}
