import RichText

/// What a text widget reports: an edit it was asked to make, a command, or a selection change, with offsets in
/// the widget's own unit (`EditorBridge.unit`: UTF-16 as AppKit, UIKit and the web count, UTF-8 bytes or
/// Unicode scalars as GTK counts, or characters). Offsets count the widget's committed text only: input-method
/// preedit (marked text) is not part of it until committed.
///
/// The widget does not make a text edit itself: it reports it (GTK: stops `insert-text`/`delete-range`) and
/// applies the `ViewUpdate` the bridge returns, which holds the edit as the document took it.
public enum WidgetEvent: Sendable {
    /// Text typed or otherwise inserted over `range` (an insertion when the range is empty): plain text, which
    /// takes its attributes from the text around it as typing does.
    case replace(Range<Int>, with: String)
    /// Text deleted: backspace, delete, cut. Backspace at the caret over the character before it gathers with
    /// the backspaces before it into one undo step.
    case delete(Range<Int>)
    /// Attributed text pasted over `range` (a paste of rich text from the clipboard), with the images of its
    /// glyphs; it keeps its own attributes, then the definition applies.
    case paste(RichString, images: ImageStore = ImageStore(), over: Range<Int>)
    /// A formatting command, by its `FormattingCommand.name`, on the selection.
    case command(String)
    /// Undo the last step.
    case undo
    /// Redo the last undone step.
    case redo
    /// The selection moved: `range` selected, or the caret at `range.lowerBound` when it is empty.
    case select(Range<Int>)
    /// The input method's preedit (marked text) changed; an empty text ends it. It stays in the widget: the
    /// document does not change until the input method commits.
    case setMarkedText(String)
    /// Opens an undo group: the edits until the matching `endUndoGroup` are one undo step (`NSUndoManager`'s
    /// `beginUndoGrouping`, GTK's `begin-user-action`). Groups nest; a group of one edit is that edit, so typing
    /// wrapped in a group per keystroke still gathers into one typing step. Undo and redo close open groups.
    case beginUndoGroup
    /// Closes the innermost undo group; closing the outermost makes its edits one undo step. The update changes
    /// no text: undo and redo availability may change.
    case endUndoGroup
    /// The input method committed `text`: it replaces the selection (or goes in at the caret) as one edit, and
    /// the marked text ends.
    case commitMarkedText(String)

    /// Text inserted at `offset`.
    public static func insert(_ text: String, at offset: Int) -> WidgetEvent { .replace(offset..<offset, with: text) }
}
