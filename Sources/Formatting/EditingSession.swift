import RichText

/// A document being edited: a selection, typing attributes, and undo, with every mutation going through the
/// engine. The selection stays on the same text through every edit (`transform(updating:)`); marking every
/// occurrence of a word in one range-set mutation leaves the cursor where it was.
public struct EditingSession: Sendable {
    /// The engine every mutation goes through.
    public let engine: FormattingEngine
    /// The document.
    public internal(set) var document: RichString
    /// The selection.
    public internal(set) var selection: Selection
    /// What typed text gets: the attributes given to the caret (`setAttribute` at a caret, or set here), else
    /// what the text gives at the caret (at the start of the first selected range), worked out when read. Moving
    /// the selection, or an edit at a caret, gives the caret back to the text.
    public var typingAttributes: AttributeSet {
        get {
            if let caretAttributes { return caretAttributes }
            let caret = selection.insertionPoint ?? selection.rangeList.first?.lowerBound ?? document.endIndex
            return engine.typingAttributes(at: caret, in: document)
        }
        set { caretAttributes = newValue }
    }
    /// The attributes given to the caret, which typed text takes as they are; nil when typed text goes in as plain
    /// text and takes its attributes from the text by itself.
    var caretAttributes: AttributeSet?
    /// The images of the document's glyphs (and attachments), which travel with it: a paste brings its images,
    /// and saving writes them (`NativeJSONEncoder().write(session.document, images: session.images)`). Images
    /// are only ever added: undoing a paste keeps its image, so redoing it finds the image again.
    public internal(set) var images: ImageStore
    /// The adjustments of the last mutation.
    public internal(set) var lastAdjustments: [Adjustment] = []

    /// How many steps undo keeps, the oldest dropped first, as `NSUndoManager.levelsOfUndo`; 0 (the default)
    /// keeps every one. Each step holds the document as it was (sharing what did not change), so a long-running
    /// session that replays many edits bounds its memory with this.
    public var levelsOfUndo = 0 {
        didSet { trimUndo() }
    }
    /// The states undo and redo go back to, each with the adjustments of the step that left it.
    var undoStack: [Snapshot] = []
    /// How many of the oldest `undoStack` entries are past `levelsOfUndo` and out of reach (`trimUndo`).
    var undoFloor = 0
    var redoStack: [Snapshot] = []
    /// The typing or deleting step still open for more of the same edits (see `EditingSession+Undo.swift`).
    var openStep: OpenStep?
    /// The state before the outermost `groupingUndo` call, and how deep the calls are.
    var groupStart: Snapshot?
    var groupDepth = 0
    /// Ranges a caller tracks through the session's edits with `transform(updating:_:)`, innermost call last.
    var callerRanges: [Range<RichString.Index>] = []

    /// A session over `document` and the images of its glyphs, with the caret at its end. The document is
    /// normalised first, and what that changed is the session's `lastAdjustments` (it is not an undo step).
    public init(document: RichString, images: ImageStore = ImageStore(), engine: FormattingEngine) {
        var normalized = document
        let adjustments = engine.normalize(&normalized)
        self.engine = engine
        self.images = images
        self.document = normalized
        selection = .caret(normalized.endIndex)
        lastAdjustments = adjustments
    }

    /// Moves the selection; typing attributes follow the new caret. Moving the selection ends the typing step
    /// undo was gathering.
    public mutating func select(_ selection: Selection) {
        openStep = nil
        self.selection = selection
        caretAttributes = nil
    }

    /// Types `text` over the selection (or at the caret); the caret ends after it. Over several ranges, as
    /// SwiftUI's `replaceSelection(_:withCharacters:)`, the first range takes the text and the others are removed,
    /// in one undo step. Text typed at a caret given attributes takes them; otherwise it takes its attributes
    /// from the text, as typing does.
    @discardableResult
    public mutating func type(_ text: String) -> [Adjustment] {
        recordingOneStep(.typing) { session, watch in
            var selection = session.selection
            selection.typingAttributes = session.caretAttributes
            let engine = session.engine
            watch.typedLength = text.utf8.count
            let watching = watch.watches
            let adjustments = session.editingDocument {
                $0.replaceSelection(&selection, withCharacters: text, engine: engine, watching: watching, said: &watch.said)
            }
            selection.typingAttributes = nil
            session.selection = selection
            return adjustments
        }
    }

    /// Runs `body` on the document, keeping the ranges callers track (`transform(updating:_:)`) on their text.
    mutating func editingDocument<R>(_ body: (inout RichString) -> R) -> R {
        if callerRanges.isEmpty { return body(&document) }
        var result: R?
        if let tracked = document.transform(updating: callerRanges, body: { result = body(&$0) }) {
            callerRanges = tracked
        }
        return result!
    }

    /// Deletes the selection, or the character before the caret.
    @discardableResult
    public mutating func deleteBackward() -> [Adjustment] {
        if let caret = selection.insertionPoint {
            guard caret > document.startIndex else { return [] }
            let before = document.characters.index(before: caret)
            return recordingOneStep(.deleting) { session, _ in
                session.applyKeepingSelection { engine, document in engine.apply(.removing(MutationRanges(before..<caret)), to: &document) }
            }
        }
        return perform(.removeText(selection.ranges))
    }

    /// Sets `key` to `value` over the selection (or, at a caret, in the typing attributes).
    @discardableResult
    public mutating func setAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?) -> [Adjustment] {
        guard selection.insertionPoint == nil else {
            typingAttributes = typingAttributes.setting(key.name, to: value, behavior: key.behavior)
            return []
        }
        return perform(.setAttribute(key, to: value, in: selection.ranges))
    }

    /// Sets the typed key `K` over the selection (or, at a caret, in the typing attributes); nil removes it.
    @discardableResult
    public mutating func setAttribute<K: RichAttributeKey>(_ key: K.Type, to value: K.Value?) -> [Adjustment] {
        setAttribute(K.descriptor, to: value?.attributeValue)
    }

    /// Pastes attributed text, with the images of its glyphs (kept in `images`; an image already there for the
    /// same identifier stays), over the selection; it keeps its attributes, then the definition applies. Over
    /// several ranges, the first takes the text and the others are removed, as typing does; the caret ends after
    /// the pasted text.
    @discardableResult
    public mutating func paste(_ text: RichString, images pastedImages: ImageStore = ImageStore()) -> [Adjustment] {
        images.merge(pastedImages)
        return recordingOneStep { session, _ in
            var selection = session.selection
            let engine = session.engine
            let adjustments = session.editingDocument { $0.replaceSelection(&selection, with: text, engine: engine) }
            session.selection = selection
            return adjustments
        }
    }

    /// Applies any edit through the engine, keeping the selection on the same text and recording undo.
    @discardableResult
    public mutating func perform(_ edit: Edit) -> [Adjustment] {
        recordingOneStep { session, _ in session.applyKeepingSelection(edit) }
    }

    /// Applies `edit` through the engine, keeping the selection (and the ranges callers track) on the same text;
    /// records no undo step.
    mutating func applyKeepingSelection(_ edit: Edit) -> [Adjustment] {
        applyKeepingSelection { engine, document in engine.apply(edit, to: &document) }
    }

    /// `applyKeepingSelection(_:)` with `body` applying the edit through the engine.
    mutating func applyKeepingSelection(_ body: (FormattingEngine, inout RichString) -> [Adjustment]) -> [Adjustment] {
        var adjustments: [Adjustment] = []
        let engine = self.engine
        let shape = selection
        let selected = selection.trackedRanges
        let tracked = document.transform(updating: selected + callerRanges) { document in
            adjustments = body(engine, &document)
        }
        if let tracked {
            selection = Selection(tracked: Array(tracked[..<selected.count]), shape: shape)
            callerRanges = Array(tracked[selected.count...])
        }
        return adjustments
    }
}
