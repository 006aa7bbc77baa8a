import Foundation
import RichTextFormats

/// The saved-failures folder, Hypothesis's example database for edit scripts: every failure a run finds is
/// saved as its shrunk script, and the next run replays the saved scripts before generating any, so a bug
/// stays caught until it is fixed. Files are kept when they pass again (delete them by hand).
///
/// Failures are filed by the property's identity, so one property's failures never replay first in another's
/// run: a run reads and writes `ROOT/<test>/<definition>/<editor type>/`, files named `seed-<S>.<checks>.jsonl`
/// (the checks' tag adds a hash of your invariants' names when there are any): plain edit scripts, which
/// `fmtcheck replay --check` and `FMTCHECK_REPLAY` also accept. `ROOT` is yours to choose
/// (`PropertyCheck.run(…, failuresFolder:)`, or `FMTCHECK_FAILURES`; `.fmtcheck/failures` by default).
public struct SavedFailures: Sendable {
    /// The folder this property uses.
    public let folder: URL
    /// The tag of the checks (and invariants) in file names.
    let checksTag: String

    /// The saved failures of the test `property` (a function name, as `#function` gives it) in `file` (as
    /// `#fileID` gives it), of `definition` on `editorType` under `checks` and the invariants named `invariants`,
    /// in `root`.
    public init(root: URL, property: String, file: String, definition: String, editorType: Any.Type, checks: Set<InvariantCheck>,
                invariants: [String] = []) {
        self.init(root: root, identity: PropertyIdentity(property: property, file: file, definition: definition, editorType: editorType,
                                                         checks: checks, invariants: invariants))
    }

    init(root: URL, identity: PropertyIdentity) {
        folder = root.appendingPathComponent(identity.test).appendingPathComponent(identity.definition).appendingPathComponent(identity.editor)
        checksTag = identity.invariantsTag
    }

    /// One saved failure: its file, the seed it was found with, and its script.
    public struct Entry: Sendable {
        /// The file.
        public var file: URL
        /// The seed the run that found it used.
        public var seed: UInt64
        /// The script.
        public var script: [ScriptStep]
    }

    /// The saved failures, oldest seed first; files that cannot be read are skipped.
    public func load() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".\(checksTag).jsonl") }.compactMap { name -> Entry? in
            let file = folder.appendingPathComponent(name)
            guard let text = try? String(contentsOf: file, encoding: .utf8), let script = try? ScriptStep.parse(jsonLines: text) else { return nil }
            return Entry(file: file, seed: SavedFailures.seed(inFileName: name) ?? 0, script: script)
        }.sorted { $0.seed < $1.seed }
    }

    /// Saves `script`, found with `seed`; returns the file, or nil when it cannot be written.
    @discardableResult
    public func save(_ script: [ScriptStep], seed: UInt64) -> URL? {
        let file = folder.appendingPathComponent("seed-\(seed).\(checksTag).jsonl")
        do {
            try AtomicFile.write(Data(EditScript(script).jsonLines.utf8), to: file)
            return file
        } catch {
            return nil
        }
    }

    /// The seed in a name such as `seed-8.adjideli.jsonl`.
    static func seed(inFileName name: String) -> UInt64? {
        guard name.hasPrefix("seed-") else { return nil }
        return UInt64(name.dropFirst(5).prefix { $0.isNumber })
    }
}
