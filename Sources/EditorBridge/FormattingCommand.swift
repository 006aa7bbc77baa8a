import RichText

/// A toolbar button: sets a key over the selection (or, at a caret, for the text typed next), as Bold or the
/// WWDC25 recipe editor's Ingredient button do. Its enabled state comes from the engine's probe, so a toolbar
/// greys out what the definition would undo (as SwiftUI's `TextEditor` disables colour on ingredient text).
public struct FormattingCommand: Sendable, Hashable {
    /// The value a command sets.
    public enum Value: Sendable, Hashable {
        /// Always this value.
        case constant(AttributeValue)
        /// The selected text, trimmed of white space at both ends (an ingredient named by its text: selecting
        /// "butter" and pressing Ingredient sets `ingredient` to "butter"). Nothing to set at a caret.
        case selectedText
    }

    /// The name the widget's events use (`WidgetEvent.command`), unique among a bridge's commands.
    public var name: String
    /// The key set.
    public var key: AttributeKeyDescriptor
    /// The value set.
    public var value: Value
    /// Whether the command is a toggle: when the whole selection already carries the key (with the command's
    /// value, for a constant), the command removes it instead, as Bold does.
    public var toggles: Bool

    /// A command named `name` that sets `key` to `value`.
    public init(name: String, key: AttributeKeyDescriptor, value: Value, toggles: Bool = false) {
        self.name = name
        self.key = key
        self.value = value
        self.toggles = toggles
    }
}

/// A command's state on the current selection, for its button.
public struct CommandState: Sendable, Hashable {
    /// The command's name.
    public var name: String
    /// Whether pressing it now would be kept by the definition (the probe's verdict); a disabled button is
    /// greyed out.
    public var isEnabled: Bool
    /// Whether the selection already carries what the command sets (a toggle then removes it): the button shows
    /// as pressed.
    public var isOn: Bool

    /// A state.
    public init(name: String, isEnabled: Bool, isOn: Bool) {
        self.name = name
        self.isEnabled = isEnabled
        self.isOn = isOn
    }
}
