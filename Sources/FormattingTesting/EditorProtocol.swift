import Formatting
import RichText
import StreamingJSON

/// The editor protocol: how `fmtcheck replay --check --editor COMMAND` drives an editor that runs in its own
/// process (yours, in Swift through `EditorServer`, or in any language), so that a failure the harness found in
/// your editor replays from the command line too. JSON Lines both ways, one request and one answer a line:
///
/// 1. fmtcheck sends `{"op":"open","definition":"/abs/recipe.json","document":["milk",{"ingredient":"milk"}]}`
///    (`document` is null for an empty one); the editor opens it under that definition.
/// 2. Then each step of the script, as the harness writes it (`{"op":"type","text":"x"}`, see `EDIT-SCRIPTS.md`).
///
/// To every request the editor answers with its state after it:
/// `{"document":[…],"selection":{"caret":3},"adjustments":[…]}`, the document as a script writes a pasted one
/// (values tagged with their kinds), the selection as `{"caret":n}` or `{"ranges":[[from,to],…]}` in scalar
/// offsets, and each adjustment it reported as
/// `{"rule":"IngredientsAreGreen","key":"foregroundColor","utf8From":0,"utf8To":4,"old":null,"new":{"$color":"#34c759ff"}}`
/// (`"definedBehavior":true` for a key given the definition's behaviour). `{"error":"…"}` answers a request the
/// editor cannot take.
public enum EditorProtocol {
    /// The state an editor reports after a request.
    public struct State {
        /// The document.
        public var document: RichString
        /// The selection, in scalar offsets.
        public var selection: ScalarSelection
        /// The adjustments the request made.
        public var adjustments: [Adjustment]

        /// A state.
        public init(document: RichString, selection: ScalarSelection, adjustments: [Adjustment]) {
            self.document = document
            self.selection = selection
            self.adjustments = adjustments
        }
    }

    /// The `open` request.
    public static func openLine(definitionPath: String, document: RichString?) -> String {
        "{\"op\":\"open\",\"definition\":\(ScriptValueJSON.quoted(definitionPath)),\"document\":\(document.map(ScriptValueJSON.documentText(for:)) ?? "null")}"
    }

    /// A state as its answer line.
    public static func line(for state: State) -> String {
        let selection = state.selection.caret.map { "{\"caret\":\($0)}" }
            ?? "{\"ranges\":" + ScriptValueJSON.rangesText(state.selection.ranges) + "}"
        let adjustments = state.adjustments.map(line(for:)).joined(separator: ",")
        return "{\"document\":\(ScriptValueJSON.documentText(for: state.document)),\"selection\":\(selection),\"adjustments\":[\(adjustments)]}"
    }

    /// An error answer.
    public static func errorLine(_ message: String) -> String {
        "{\"error\":\(ScriptValueJSON.quoted(message))}"
    }

    /// One adjustment, as an answer lists it.
    public static func line(for adjustment: Adjustment) -> String {
        func value(_ v: AttributeValue?) -> String { v.map(ScriptValueJSON.text(for:)) ?? "null" }
        // A behaviour with the key it depends on (`attribute-changed(color)`), so that it reads back whole.
        let rule: String
        if case .behavior(let cause) = adjustment.rule { rule = cause.description } else { rule = adjustment.rule.identifier }
        var members = "\"rule\":\(ScriptValueJSON.quoted(rule)),\"key\":\(ScriptValueJSON.quoted(adjustment.key)),"
            + "\"utf8From\":\(adjustment.utf8Range.lowerBound),\"utf8To\":\(adjustment.utf8Range.upperBound),"
            + "\"old\":\(value(adjustment.oldValue)),\"new\":\(value(adjustment.newValue))"
        if case .definedBehavior = adjustment.rule { members += ",\"definedBehavior\":true" }
        return "{" + members + "}"
    }

    /// A problem with an answer: what was wrong with it.
    public struct AnswerError: Error, CustomStringConvertible {
        /// What was wrong.
        public var description: String
    }

    /// Reads an answer line; `definition` gives a `definedBehavior` adjustment its behaviour.
    public static func state(from line: String, definition: FormattingDefinition) throws(AnswerError) -> State {
        let json: JSONValue
        do { json = try JSONValue.parse(line) } catch { throw AnswerError(description: "the answer is not JSON: \(error)") }
        if let message = json["error"]?.stringValue { throw AnswerError(description: "the editor says: \(message)") }
        guard let documentJSON = json["document"], let document = ScriptValueJSON.document(from: documentJSON) else {
            throw AnswerError(description: "the answer has no \"document\" in the script layout")
        }
        let selection: ScalarSelection
        if let caret = json["selection"]?["caret"]?.intValue {
            selection = .caret(caret)
        } else if let list = json["selection"]?["ranges"] {
            guard let ranges = ScriptValueJSON.ranges(from: list) else { throw AnswerError(description: "a selection range must be [from, to]") }
            selection = ScalarSelection(caret: nil, ranges: ranges)
        } else {
            throw AnswerError(description: "the answer has no \"selection\" ({\"caret\":n} or {\"ranges\":[[from,to],…]})")
        }
        var adjustments: [Adjustment] = []
        for item in json["adjustments"]?.arrayValue ?? [] {
            guard let rule = item["rule"]?.stringValue, let key = item["key"]?.stringValue,
                  let from = item["utf8From"]?.intValue, let to = item["utf8To"]?.intValue, from <= to else {
                throw AnswerError(description: "an adjustment needs \"rule\", \"key\", \"utf8From\" and \"utf8To\"")
            }
            let defined = item["definedBehavior"]?.boolValue == true
            adjustments.append(Adjustment(rule: Self.rule(rule, key: key, defined: defined, definition: definition), utf8Range: from..<to, key: key,
                                          oldValue: item["old"].flatMap(ScriptValueJSON.value(from:)),
                                          newValue: item["new"].flatMap(ScriptValueJSON.value(from:))))
        }
        // The definition owns behaviours: the document's keys take its, as a reader for the definition gives them.
        return State(document: ScriptStep.stamped(document, definition: definition), selection: selection, adjustments: adjustments)
    }

    /// The rule an identifier names (`Adjustment.Rule.identifier` read back).
    static func rule(_ identifier: String, key: String, defined: Bool, definition: FormattingDefinition) -> Adjustment.Rule {
        if defined { return .definedBehavior(definition.descriptor(named: key)?.behavior ?? .plain) }
        if identifier == "scope" { return .scope }
        return AttributeAdjustment.Cause(description: identifier).map(Adjustment.Rule.behavior) ?? .constraint(identifier)
    }
}
