import Formatting
import RichText

/// What every text-widget integration needs, independent of any toolkit: the widget reports each edit in its
/// own unit (`WidgetEvent`), the bridge runs it through the editing session, and returns the minimal
/// `ViewUpdate` in the widget's unit: the text to change, the ranges whose attributes changed with their new
/// attributes, the selection, undo and redo, each formatting command's enabled state from the probe, and the
/// adjustments for a panel. This is the part NSTextStorage's `processEditing` plays for AppKit.
///
/// Typing inside a run updates O(1) ranges whatever the document's size: the ranges re-tagged are the new text
/// and the ranges the engine reports it adjusted, never a scan of the document. Undo and redo compare the
/// document before and after (the session's steps do not say where they changed), which costs O(n).
///
/// The widget's selection is one range (or a caret); a session whose selection holds several ranges is reduced
/// to its first when the bridge takes it.
public struct EditorBridge: Sendable {
    /// The session every edit goes through.
    public internal(set) var session: EditingSession
    /// The unit the widget counts offsets in: `.utf16` (AppKit, UIKit, the web), `.utf8` or `.scalars` (GTK's
    /// byte indices and character offsets, which count Unicode scalars), or `.characters`.
    public let unit: TextUnit
    /// The toolbar's formatting commands, whose states every update carries.
    public let commands: [FormattingCommand]
    /// The input method's preedit, held outside the document until it is committed.
    public private(set) var markedText = ""
    /// The open undo group (`beginUndoGrouping`), nil when none is open.
    var undoGroup: UndoGroup?

    /// A bridge over `session` for a widget counting `unit`.
    public init(session: EditingSession, unit: TextUnit, commands: [FormattingCommand] = []) {
        self.session = session
        self.unit = unit
        self.commands = commands
        let selected = session.selection.ranges.ranges
        if session.selection.insertionPoint == nil, selected.count > 1, let first = selected.first {
            self.session.select(Selection(range: first))
        }
    }

    /// The whole document as an update of an empty widget: what the widget shows when it opens the document
    /// (with the adjustments of normalising it on opening).
    public func initialUpdate() -> ViewUpdate {
        let document = session.document
        let text = document.string
        return update(textChanges: text.isEmpty ? [] : [.init(range: 0..<0, text: text)],
                      regions: [0..<document.counts.utf8], adjustments: session.lastAdjustments)
    }

    /// Runs `event` through the session and returns what the widget must do to show the document again. A range
    /// outside the widget's text (or an unknown command) throws and changes nothing: the widget and the bridge
    /// no longer agree.
    public mutating func handle(_ event: WidgetEvent) throws(EditorBridgeError) -> ViewUpdate {
        switch event {
        case let .replace(range, text):
            return type(text, over: try utf8Range(of: range))
        case let .commitMarkedText(text):
            markedText = ""
            return type(text, over: selectedUTF8Range)
        case let .delete(range):
            return delete(try utf8Range(of: range))
        case let .paste(piece, images, range):
            return paste(piece, images: images, over: try utf8Range(of: range))
        case let .command(name):
            guard let command = commands.first(where: { $0.name == name }) else { throw .unknownCommand(name) }
            return run(command)
        case .undo:
            closeUndoGroups()
            return undoOrRedo { $0.undo() }
        case .redo:
            closeUndoGroups()
            return undoOrRedo { $0.redo() }
        case let .select(range):
            _ = perform(.select(try utf8Range(of: range)))
            return update()
        case .beginUndoGroup:
            beginUndoGrouping()
            return update()
        case .endUndoGroup:
            return endUndoGrouping()
        case let .setMarkedText(text):
            markedText = text
            return update()
        }
    }

    // MARK: Edits

    /// Plain text over `range` (UTF-8), as typing: consecutive typing at the caret is one undo step.
    private mutating func type(_ text: String, over range: Range<Int>) -> ViewUpdate {
        let change = ViewUpdate.TextChange(range: session.document.widgetRange(ofUTF8: range, in: unit), text: text)
        let adjustments = perform(.type(text, over: range))
        let inserted = range.lowerBound..<(range.lowerBound + text.utf8.count)
        return update(textChanges: range.isEmpty && text.isEmpty ? [] : [change], regions: [inserted], adjustments: adjustments)
    }

    /// Text removed from `range` (UTF-8): the character before the caret as backspace (consecutive backspaces are
    /// one undo step), any other range as a deletion of the selection.
    private mutating func delete(_ range: Range<Int>) -> ViewUpdate {
        guard !range.isEmpty else { return update() }
        let change = ViewUpdate.TextChange(range: session.document.widgetRange(ofUTF8: range, in: unit), text: "")
        let adjustments = perform(.delete(range))
        return update(textChanges: [change], regions: [], adjustments: adjustments)
    }

    /// Attributed text over `range` (UTF-8), keeping its attributes before the definition applies.
    private mutating func paste(_ piece: RichString, images: ImageStore, over range: Range<Int>) -> ViewUpdate {
        let change = ViewUpdate.TextChange(range: session.document.widgetRange(ofUTF8: range, in: unit), text: piece.string)
        let adjustments = perform(.paste(piece, images: images, over: range))
        let pasted = range.lowerBound..<(range.lowerBound + piece.counts.utf8)
        return update(textChanges: range.isEmpty && piece.isEmpty ? [] : [change], regions: [pasted], adjustments: adjustments)
    }

    /// A formatting command on the selection; at a caret, on the typing attributes (the document does not change).
    private mutating func run(_ command: FormattingCommand) -> ViewUpdate {
        guard let value = resolvedValue(of: command, caretAttributes: session.typingAttributes) else { return update() }
        let selected = session.selection.ranges.ranges.map { $0.lowerBound.utf8Offset..<$0.upperBound.utf8Offset }
        let adjustments = perform(.setAttribute(command.key, to: value.newValue))
        return update(regions: selected, adjustments: adjustments)
    }

    /// Undo or redo; the update is the difference between the documents before and after.
    private mutating func undoOrRedo(_ step: (inout EditingSession) -> Bool) -> ViewUpdate {
        let before = session.document
        guard step(&session) else { return update() }
        return update(since: before, adjustments: session.lastAdjustments)
    }

    /// The update from `before` to the session's document, found by comparing them (O(n)).
    func update(since before: RichString, adjustments: [Adjustment]) -> ViewUpdate {
        let difference = DocumentDifference(from: before, to: session.document, boundaryUnit: RichString.boundaryUnit(for: unit))
        var changes: [ViewUpdate.TextChange] = []
        if let text = difference.text {
            changes.append(.init(range: before.widgetRange(ofUTF8: text.old, in: unit),
                                 text: session.document[session.document.range(text.new.lowerBound, text.new.upperBound, in: .utf8)].string))
        }
        return update(textChanges: changes, regions: difference.regions, adjustments: adjustments, retagAdjusted: false)
    }

    // MARK: Selection

    /// The selection as one UTF-8 range (the caret as an empty one).
    private var selectedUTF8Range: Range<Int> { SessionOperation.selectedUTF8Range(of: session) }

    /// A widget range as UTF-8 offsets of the document, widened to whole scalars where it cuts one (an
    /// insertion point inside a scalar moves to its start); checked against the widget's text length.
    private func utf8Range(of range: Range<Int>) throws(EditorBridgeError) -> Range<Int> {
        let document = session.document
        let count = document.counts[unit]
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw .outOfBounds(range, count: count, unit: unit)
        }
        let lower = document.utf8Boundaries(ofWidgetOffset: range.lowerBound, in: unit).lower
        if range.isEmpty { return lower..<lower }
        return lower..<document.utf8Boundaries(ofWidgetOffset: range.upperBound, in: unit).upper
    }
}

/// A widget event the bridge cannot take: the widget and the bridge disagree about the text.
public enum EditorBridgeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A range outside the text: `count` units of `unit`.
    case outOfBounds(Range<Int>, count: Int, unit: TextUnit)
    /// No formatting command has this name.
    case unknownCommand(String)

    public var description: String {
        switch self {
        case let .outOfBounds(range, count, unit):
            return "the range \(range.lowerBound)..<\(range.upperBound) lies outside the text (\(count) \(unit) units): the widget and the document disagree"
        case let .unknownCommand(name):
            return "no formatting command is named \"\(name)\""
        }
    }
}
