import Foundation
import RichTextFormats

/// The case a run is on, written to disk (atomically) before each script, so an editor that traps still
/// leaves its seed and step budget behind; a run that ends removes it. The run names the file when it starts.
struct CaseInProgress {
    /// The file.
    let file: URL

    /// The in-progress file of this process for `definition`, under `folder`.
    init(folder: URL, definition: String) {
        let name = String(definition.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" })
        file = folder.appendingPathComponent("in-progress").appendingPathComponent("\(name)-\(ProcessInfo.processInfo.processIdentifier).txt")
    }

    /// Says where the case will be written, on standard error.
    func announce() {
        FileHandle.standardError.write(Data("FormattingTesting: the case in progress is written to \(file.path) before each script\n".utf8))
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

    /// The run ended: nothing is in progress.
    func clear() {
        try? FileManager.default.removeItem(at: file)
    }
}
