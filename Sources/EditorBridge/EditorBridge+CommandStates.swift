import Formatting
import RichText

extension EditorBridge {
    /// What a command would do now: the value it would set (nil: remove the key) and whether the selection
    /// already carries what it sets.
    struct CommandEvaluation {
        var newValue: AttributeValue?
        var isOn: Bool
    }

    /// What `command` would do on the selection now; nil when it has nothing to set (a command that sets the
    /// selected text, at a caret or over white space only). `caretAttributes` are the session's typing attributes
    /// when the selection is a caret (worked out once by the caller: each costs a probe), else unused.
    func resolvedValue(of command: FormattingCommand, caretAttributes: @autoclosure () -> AttributeSet) -> CommandEvaluation? {
        let document = session.document
        let selection = session.selection
        let value: AttributeValue
        switch command.value {
        case .constant(let constant):
            value = constant
        case .selectedText:
            guard selection.insertionPoint == nil, let first = selection.ranges.ranges.first else { return nil }
            let text = document[first].string.trimmingWhiteSpace
            guard !text.isEmpty else { return nil }
            value = .string(text)
        }
        let isOn: Bool
        if selection.insertionPoint != nil {
            isOn = caretAttributes()[command.key.name] == value
        } else {
            isOn = selection.ranges.ranges.allSatisfy { range in
                document[range].runs.allSatisfy { run in
                    let current = run.attributes[command.key.name]
                    if case .selectedText = command.value { return current != nil }
                    return current == value
                }
            }
        }
        return CommandEvaluation(newValue: command.toggles && isOn ? nil : value, isOn: isOn)
    }

    /// The state of the command named `name` on the selection now (nil: no such command), worked out alone: what a
    /// toolbar asks for one button, at the cost of that command's probe (and, at a caret, one probe for the
    /// typing attributes), with no copy of the document.
    public func state(ofCommand name: String) -> CommandState? {
        guard let command = commands.first(where: { $0.name == name }) else { return nil }
        return commandStates(of: [command])[0]
    }

    /// Each command's state on the selection: enabled when the probe says the definition would keep what it
    /// sets. At a caret a command sets the typing attributes, so it is enabled when text typed with them keeps
    /// them: one probe for the typing attributes, shared by every command, then one for each command that has a
    /// value to set (a command naming the selected text has none at a caret, and costs nothing).
    func commandStates(of commands: [FormattingCommand]? = nil) -> [CommandState] {
        let document = session.document
        let selection = session.selection
        let engine = session.engine
        let caret = selection.insertionPoint
        var typing: AttributeSet?
        func caretAttributes() -> AttributeSet {
            if let typing { return typing }
            let attributes = session.typingAttributes
            typing = attributes
            return attributes
        }
        return (commands ?? self.commands).map { command in
            guard let evaluation = resolvedValue(of: command, caretAttributes: caretAttributes()) else {
                return CommandState(name: command.name, isEnabled: false, isOn: false)
            }
            let isEnabled: Bool
            if let caret {
                let typed = caretAttributes().setting(command.key.name, to: evaluation.newValue, behavior: command.key.behavior)
                isEnabled = engine.probe(.replaceAttributed(caret..<caret, with: RichString("x", attributes: typed)), on: document).isKept
            } else {
                isEnabled = engine.canSet(command.key, to: evaluation.newValue, on: selection.ranges, in: document)
            }
            return CommandState(name: command.name, isEnabled: isEnabled, isOn: evaluation.isOn)
        }
    }
}

extension String {
    /// The text without white space (and newlines) at either end.
    var trimmingWhiteSpace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
