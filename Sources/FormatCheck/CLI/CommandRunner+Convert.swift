import Foundation
import RichText
import RichTextFormats

extension CommandRunner {
    /// `fmtcheck convert IN OUT`: converts, notes on stderr what the target format could not carry; exit 2 on
    /// failure, with OUT untouched.
    static func convert(_ command: ConvertCommand, console: Console) -> ExitCode {
        var isDirectory: ObjCBool = false
        let inputIsFolder = FileManager.default.fileExists(atPath: command.input, isDirectory: &isDirectory) && isDirectory.boolValue
        let inferred = DocumentFormat.infer(from: command.input)
        guard let from = command.from ?? (inputIsFolder && inferred != .rtfd ? .plain : inferred) else {
            console.errLine("fmtcheck: error: cannot tell the format of \(command.input) from its name; pass --from native|plain|text|rtf|rtfd|rtfd-flat")
            return .failure
        }
        guard let to = command.to ?? DocumentFormat.infer(from: command.output) else {
            console.errLine("fmtcheck: error: cannot tell the format of \(command.output) from its name; pass --to native|plain|text|html|rtf|rtfd|rtfd-flat")
            return .failure
        }
        var schema = NativeJSONSchema.standard
        if let path = command.definition {
            do {
                let loaded = try DefinitionFile.load(path: path)
                schema = schema.merging(NativeJSONSchema(loaded.orderedAttributes.map {
                    NativeJSONSchema.Key($0.descriptor, codec: $0.type.codec)
                }))
            } catch {
                for diagnostic in error.diagnostics { console.err(diagnostic.description + "\n") }
                return .failure
            }
        }
        do {
            let outcome = try DocumentConversion.convert(command.input, from: from, to: command.output, as: to, schema: schema)
            for warning in outcome.warnings { console.errLine("\(command.input): warning: \(warning)") }
            if !outcome.droppedKeys.isEmpty {
                console.errLine("\(command.output): note: \(to.rawValue) cannot carry \(outcome.droppedKeys.joined(separator: ", ")); left behind")
            }
            return .success
        } catch {
            console.errLine("fmtcheck: error: \(error.message); \(command.output) is untouched")
            return .failure
        }
    }
}
