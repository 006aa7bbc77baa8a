import Foundation
import RichTextFormats

/// The saved-failures folder, Hypothesis's example database for edit scripts: every failure a run finds is
/// saved as its shrunk script, and the next run replays the saved scripts before generating any, so a bug
/// stays caught until it is fixed. Files are kept when they pass again (delete them by hand).
///
/// A run reads and writes `FOLDER/<definition>/<editor type>/`, files named `seed-<S>.<checks>.jsonl`:
/// plain edit scripts, which `fmtcheck replay --check` and `FMTCHECK_REPLAY` also accept.
public struct SavedFailures: Sendable {
    /// The folder this definition, editor and set of checks use.
    public let folder: URL
    /// The tag of the checks in file names.
    let checksTag: String

    /// The saved failures of `definition` on `editorType` under `checks`, in `root`.
    public init(root: URL, definition: String, editorType: Any.Type, checks: Set<InvariantCheck>) {
        func safe(_ name: String) -> String {
            String(name.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" ? Character($0) : "_" })
        }
        folder = root.appendingPathComponent(safe(definition)).appendingPathComponent(safe(String(describing: editorType)))
        checksTag = checks.map(\.rawValue).sorted().map { String($0.prefix(3)) }.joined()
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
