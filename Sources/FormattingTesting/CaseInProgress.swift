import Foundation
import RichTextFormats

/// The case a run is on, written to disk (atomically) before each script and while a failure shrinks, so an editor
/// that traps still leaves its seed and step budget (or the failing script) behind. The file is named for the
/// property (`PropertyIdentity`): a run that ends removes it, and the next run of the property that finds it says
/// that the last one stopped inside a case. Nothing is printed while cases pass; a case that fails says where it
/// is written.
struct CaseInProgress {
    /// The file.
    let file: URL
    /// The property's name in messages: its test and definition.
    let name: String

    /// The in-progress file of the property `identity`, under `folder`.
    init(folder: URL, identity: PropertyIdentity) {
        file = folder.appendingPathComponent("in-progress")
            .appendingPathComponent("\(identity.test).\(identity.definition).\(identity.editor).\(identity.invariantsTag).txt")
        name = "\(identity.test) (\(identity.definition))"
    }

    /// Says on standard error that the last run of this property stopped inside a case, when its file is still
    /// there.
    func reportLeftover() {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        FormattingTestingLog.write("\(name): the last run stopped inside a case (an editor that trapped?); the case is in \(file.path)")
    }

    /// Records that the script with `seed` and `steps` steps is about to run.
    func write(definition: String, seed: UInt64, steps: Int) {
        let text = """
            definition: \(definition)
            seed: \(seed)
            steps: \(steps)
            If this file is still here, the run stopped inside this script (an editor that trapped?). Rerun it alone with
              FMTCHECK_SEED=\(seed) FMTCHECK_STEPS=\(steps) swift test --filter <the test>

            """
        try? AtomicFile.write(Data(text.utf8), to: file)
    }

    /// Records the failing `script` (found with `seed`, or replayed from `origin`) before it shrinks, and says where.
    func failed(_ script: [ScriptStep], seed: UInt64, origin: String?) {
        let text = """
            seed: \(seed)\(origin.map { " (replayed from \($0))" } ?? "")
            A case failed and was shrinking; if this file is still here, shrinking stopped inside a candidate (an editor
            that trapped?). The failing script is the JSON Lines below (copy them to a file of their own for
            FMTCHECK_REPLAY or `fmtcheck replay --check`):
            \(EditScript(script).jsonLines)
            """
        try? AtomicFile.write(Data(text.utf8), to: file)
        FormattingTestingLog.write("\(name): a case failed (seed \(seed)); while it shrinks, the case in progress is written to \(file.path)")
    }

    /// The run ended: nothing is in progress.
    func clear() {
        try? FileManager.default.removeItem(at: file)
    }
}

/// What the harness says on standard error, each line starting `FormattingTesting: `.
enum FormattingTestingLog {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data("FormattingTesting: \(line)\n".utf8))
    }
}
