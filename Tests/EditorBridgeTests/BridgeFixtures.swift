import DefinitionFiles
import EditorBridge
import Foundation
import Formatting
import RichText
import XCTest

/// The definitions, commands and documents the bridge's tests share.
enum BridgeFixtures {
    /// The repository's `Definitions/` folder.
    static let definitions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Definitions")

    /// An engine under `Definitions/NAME.json`.
    static func engine(_ name: String) throws -> FormattingEngine {
        FormattingEngine(try FormattingDefinition(contentsOf: definitions.appendingPathComponent("\(name).json")))
    }

    static let green = AttributeValue.color(RichColor(hex: "#34C759")!)
    static let red = AttributeValue.color(RichColor(hex: "#FF3B30")!)
    static let ingredientKey = AttributeKeyDescriptor(name: "ingredient")
    static let colorKey = AttributeKeyDescriptor(name: "foregroundColor")

    /// The recipe editor's toolbar: Ingredient (the selected text, a toggle), red and green.
    static let commands = [
        FormattingCommand(name: "Ingredient", key: ingredientKey, value: .selectedText, toggles: true),
        FormattingCommand(name: "Red", key: colorKey, value: .constant(red)),
        FormattingCommand(name: "Green", key: colorKey, value: .constant(green)),
    ]

    /// "Melt the butter, add milk and stir.", with "milk" an ingredient.
    static func recipe() -> RichString {
        var text = RichString("Melt the butter, add milk and stir.")
        let milk = text.range(of: "milk")!
        _ = text[milk].setAttribute(ingredientKey, to: .string("milk"))
        return text
    }

    /// A bridge over `document` under `definition`, and a model widget showing its initial update.
    static func open(_ document: RichString, unit: TextUnit, definition: String = "recipe") throws -> (EditorBridge, ModelWidget) {
        let bridge = EditorBridge(session: EditingSession(document: document, engine: try engine(definition)), unit: unit, commands: commands)
        var widget = ModelWidget(unit: unit)
        if let failure = widget.apply(bridge.initialUpdate()) { throw BridgeTestFailure(message: failure) }
        return (bridge, widget)
    }
}

/// A bridge and its model widget, driven together: every event's update is applied and the widget checked
/// against the session.
struct DrivenWidget {
    var bridge: EditorBridge
    var widget: ModelWidget

    init(_ document: RichString, unit: TextUnit, definition: String = "recipe") throws {
        (bridge, widget) = try BridgeFixtures.open(document, unit: unit, definition: definition)
    }

    @discardableResult
    mutating func send(_ event: WidgetEvent, file: StaticString = #filePath, line: UInt = #line) throws -> ViewUpdate {
        let update = try bridge.handle(event)
        if let failure = widget.apply(update) ?? widget.mismatch(with: bridge.session) {
            XCTFail("after \(event): \(failure)", file: file, line: line)
        }
        return update
    }

    /// The widget range of the first occurrence of `text`, in the widget's unit.
    func range(of text: String) -> Range<Int> {
        let document = bridge.session.document
        let found = document.range(of: text)!
        return document.offset(of: found.lowerBound, in: bridge.unit)..<document.offset(of: found.upperBound, in: bridge.unit)
    }

    func state(_ name: String, in update: ViewUpdate) -> CommandState {
        update.commands.first { $0.name == name }!
    }
}

/// A model widget that could not take an update.
struct BridgeTestFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
