import Foundation
import StreamingJSON

/// Turns the PATHs of a lint command into documents: files as given, folders searched recursively for `.json`,
/// `.rtf` and `.rtfd` documents (an `.rtfd` folder is one document, a package, and is not searched), `-` as
/// standard input.
///
/// Inside folders, hidden files and folders (`.git`, `.build`, `.fmtcheck.json`) are skipped, and so are
/// definition files: JSON objects whose first member is one a definition file starts with (`$schema`, `name`,
/// `attributes`, …), which no native JSON document does (its object form starts with `attributeTable`,
/// `imageGlyphs` or `runs`). Files named explicitly are always linted.
public enum FileDiscovery {
    /// The documents named by `paths`, each once, sorted by path (standard input last); missing paths are
    /// returned as failures so the run can report them and go on.
    public static func targets(for paths: [String], standardInputName: String?) -> (targets: [LintTarget], failures: [InputFailure]) {
        var files: Set<String> = []
        var failures: [InputFailure] = []
        var standardInput = false
        for path in paths {
            if path == "-" { standardInput = true; continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                failures.append(InputFailure(.notFound, path: path, message: "no such file or folder"))
                continue
            }
            let isPackage = (path.hasSuffix("/") ? String(path.dropLast()) : path).lowercased().hasSuffix(".rtfd")
            if isDirectory.boolValue && isPackage {
                files.insert(path.hasSuffix("/") ? String(path.dropLast()) : path)
            } else if isDirectory.boolValue {
                files.formUnion(documents(in: path))
            } else {
                files.insert(path)
            }
        }
        var targets = files.sorted().map { LintTarget.file($0) }
        if standardInput { targets.append(.standardInput(name: standardInputName ?? "<stdin>")) }
        return (targets, failures)
    }

    /// The documents under `folder`, recursively.
    static func documents(in folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            let lower = name.lowercased()
            let path = base + "/" + relative
            if lower.hasSuffix(".rtfd") {
                enumerator.skipDescendants()
                found.append(path)
                continue
            }
            if lower.hasSuffix(".rtf") {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { found.append(path) }
                continue
            }
            guard name.hasSuffix(".json"), !name.hasSuffix(".schema.json") else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            if looksLikeDefinition(path) { continue }
            found.append(path)
        }
        return found
    }

    /// The members a definition file's object starts with; no document's object does.
    static let definitionMembers: Set<String> = ["$schema", "name", "description", "attributes", "scope", "constraints", "severities"]

    /// Whether the file's first JSON member is a definition file's (reads at most 4 KiB). Only a regular file
    /// is opened: a FIFO named `x.json` would block the search; it is kept as a document, which the run then
    /// reports as not a regular file.
    static func looksLikeDefinition(_ path: String) -> Bool {
        guard let data = try? InputReader.readPrefix(path: path, count: 4096) else { return false }
        var reader = JSONReader(data, limits: JSONReader.Limits(maxDepth: 4))
        guard let first = try? reader.next(), case .beginObject = first.kind,
              let second = try? reader.next(), case .key(let key) = second.kind else { return false }
        return definitionMembers.contains(key)
    }
}
