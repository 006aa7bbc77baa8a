import RichText
import StreamingJSON

extension ScriptStep {
    /// Reads an edit script in DESIGN §7's JSON Lines format with `EditScript.parse`, for the harness: a shrunk
    /// failure pasted into a regression test replays as written.
    ///
    /// `value` converts a JSON value for a key; by default values read as `ScriptStep.jsonLine` writes them
    /// (`ScriptValueJSON`), each with its own kind, wrong-typed ones included. A line whose offsets count
    /// another unit than scalars is refused here, since only a document can turn them into scalars: read such
    /// a script with `EditScript.parse` and convert each step as it runs (`EditScript.Step.scalarOperation(in:)`).
    public static func parse(
        jsonLines text: String,
        value: @escaping (String, JSONValue) -> AttributeValue? = { _, json in ScriptValueJSON.value(from: json) }
    ) throws(EditScriptError) -> [ScriptStep] {
        var reading = ScriptReading.exact
        reading.value = value
        let script = try EditScript.parse(text, reading: reading)
        var steps: [ScriptStep] = []
        steps.reserveCapacity(script.steps.count)
        for step in script.steps {
            if let unit = EditScript.unitMember(step.unit) {
                throw EditScriptError(line: step.line, message: "\"unit\" \"\(unit)\" needs the document to count in; read the script with EditScript.parse")
            }
            steps.append(step.operation)
        }
        return steps
    }
}
