import Foundation
import RichTextFormats
import SafeWrite

extension CommandRunner {
    /// `fmtcheck merge-reports`: reads every report, merges them (`ReportMerge`) and writes the result to `-o`
    /// atomically or to standard output, only once all of it is known; what the merge could not make exact is a
    /// note on standard error. Exit 0 when merged, 2 otherwise, with nothing written.
    static func mergeReports(_ command: MergeReportsCommand, console: Console) -> ExitCode {
        var inputs: [(name: String, bytes: [UInt8])] = []
        for path in command.inputs {
            if path == "-" {
                inputs.append((name: "<stdin>", bytes: [UInt8](FileHandle.standardInput.readDataToEndOfFile())))
                continue
            }
            guard FileIdentity.of(path)?.kind == .regular, let data = FileManager.default.contents(atPath: path) else {
                let reason = FileIdentity.of(path).map { $0.kind == .regular ? "the file cannot be read" : "it is \($0.kindDescription), not a report" } ?? "no such file"
                console.errLine("\(path): error: \(reason)")
                return .failure
            }
            inputs.append((name: path, bytes: [UInt8](data)))
        }
        let merged: ReportMerge.Merged
        do {
            merged = try ReportMerge.merge(inputs, as: command.format)
        } catch {
            console.err((error.isUsageError ? UsageError(error.message, hint: error.hint).description : error.description) + "\n")
            return .failure
        }
        guard let output = command.output else {
            console.out(merged.text)
            return .success
        }
        cleanLeftovers(beside: output, messages: LintMessages(console: console, github: false))
        do {
            try OutputTarget.createFolders(for: output)
            try AtomicWriter.write(Array(merged.text.utf8), to: output)
        } catch {
            console.errLine("fmtcheck: error: cannot write the merged report to \(output): \(error.message); nothing was replaced")
            return .failure
        }
        return .success
    }
}
