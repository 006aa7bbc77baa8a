import RichText

/// What the widget does after an event, in its own unit: the smallest change that makes its text, attributes and
/// selection those of the session's document again. Apply `textChanges` in order, then `attributeChanges`, then
/// the selection.
public struct ViewUpdate: Sendable, Hashable {
    /// Text to replace: `range` counts in the widget's text as the changes before it left it.
    public struct TextChange: Sendable, Hashable {
        /// The range replaced.
        public var range: Range<Int>
        /// The text that replaces it.
        public var text: String

        /// A change of `range` to `text`.
        public init(range: Range<Int>, text: String) {
            self.range = range
            self.text = text
        }
    }

    /// A range of the final text whose attributes are now exactly `attributes` (whatever the widget showed there
    /// before: new text included). A widget that counts characters gives each character the attributes of its
    /// first scalar.
    public struct AttributeChange: Sendable, Hashable {
        /// Where.
        public var range: Range<Int>
        /// The attributes over all of it.
        public var attributes: AttributeSet

        /// Attributes over a range.
        public init(range: Range<Int>, attributes: AttributeSet) {
            self.range = range
            self.attributes = attributes
        }
    }

    /// One change the engine made on its own during the event (an `Adjustment`), placed in the final text, for a
    /// panel that lists them.
    public struct PlacedAdjustment: Sendable, Hashable {
        /// The rule or behaviour that made it (`Adjustment.Rule.identifier`).
        public var rule: String
        /// Where, in the final text.
        public var range: Range<Int>
        /// The key.
        public var key: String
        /// The value before.
        public var oldValue: AttributeValue?
        /// The value after (nil: removed).
        public var newValue: AttributeValue?

        /// An adjustment placed at `range`.
        public init(rule: String, range: Range<Int>, key: String, oldValue: AttributeValue?, newValue: AttributeValue?) {
            self.rule = rule
            self.range = range
            self.key = key
            self.oldValue = oldValue
            self.newValue = newValue
        }
    }

    /// Text edits, in order. Empty unless the event changed text.
    public var textChanges: [TextChange] = []
    /// Ranges whose attributes changed, in the final text, in order and disjoint.
    public var attributeChanges: [AttributeChange] = []
    /// The selection: one range per selected range, a caret as one empty range.
    public var selectedRanges: [Range<Int>] = []
    /// Whether undo has a step to undo.
    public var canUndo = false
    /// Whether redo has a step to redo.
    public var canRedo = false
    /// Each formatting command's state on the new selection, in the bridge's order.
    public var commands: [CommandState] = []
    /// What the engine changed on its own during the event; empty for an event that made no edit.
    public var adjustments: [PlacedAdjustment] = []
    /// The input method's preedit the bridge holds (empty when there is none).
    public var markedText = ""

    /// An update that changes nothing.
    public init() {}

    /// Whether the event changed the document (its text or attributes).
    public var changesDocument: Bool { !textChanges.isEmpty || !attributeChanges.isEmpty }
}
