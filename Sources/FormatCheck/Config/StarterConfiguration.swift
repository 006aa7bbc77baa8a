import Foundation
import StreamingJSON

/// What `fmtcheck init` writes: a starter `.fmtcheck.json` for a folder, from the documents a lint run there
/// finds and the definitions it is given.
///
/// Every document is linted under every definition; a document fits the definition under which it has the
/// fewest `undeclared-attribute` and `wrong-type` findings (the definition that speaks its vocabulary), then
/// the fewest findings, then the first given. The folder's file names the definition most documents fit; a
/// folder below it whose documents mostly fit another gets a file of its own naming that one (as
/// `Examples/notes/.fmtcheck.json` does). A `.json` file that is valid JSON but no document (an object without
/// `runs`, a number) goes in `extendExclude`, so the first run is about documents.
public struct StarterConfiguration: Sendable {
    /// One configuration file to write.
    public struct File: Hashable, Sendable {
        /// The folder it goes in (as the run names it).
        public var folder: String
        /// The definition file's path, as given.
        public var definition: String
        /// How many documents under the folder fit the definition.
        public var fitting: Int
        /// How many documents are under the folder.
        public var documents: Int
        /// Files that are JSON but not documents, relative to the folder (`extendExclude`, anchored).
        public var excluded: [String] = []

        /// The path of the file.
        public var path: String { (folder == "." ? "" : FileDiscovery.withoutTrailingSlash(folder) + "/") + LintConfiguration.fileName }

        /// The file's JSON text: `definition` relative to the folder, then `extendExclude`.
        public var text: String {
            var members: [(String, JSONValue)] = [("definition", .string(StarterConfiguration.relativePath(definition, from: folder)))]
            if !excluded.isEmpty { members.append(("extendExclude", .array(excluded.map { .string("/" + $0) }))) }
            let options = JSONWriter.Options(sortedKeys: false, escapeSlashes: false, prettyPrinted: true)
            return ((try? JSONWriter.string(.object(JSONObject(members)), options: options)) ?? "{}") + "\n"
        }
    }

    /// The files, the folder's own first, then the folders below it in path order.
    public var files: [File]
    /// How many findings a run under the files makes.
    public var findings: Int
    /// How many of them `--fix` fixes.
    public var fixable: Int
    /// Documents linted.
    public var documents: Int

    /// Works out the starter configuration for `folder` from `definitions` (paths of definition files that load).
    public static func make(folder: String, definitions: [String]) -> StarterConfiguration {
        // Each document's results under each definition.
        var results: [String: [FileResult]] = [:]
        var order: [String] = []
        for definition in definitions {
            let request = LintRequest(paths: [folder], definition: definition)
            for file in LintRun(request).run().files {
                if results[file.path] == nil { order.append(file.path) }
                results[file.path, default: []].append(file)
            }
        }
        let notDocuments = Set(order.filter { path in results[path]!.first.map(isNotADocument) ?? false })
        let documents = order.filter { !notDocuments.contains($0) }
        // The definition each document fits (its index in `definitions`).
        var fit: [String: Int] = [:]
        for path in documents {
            let scored = results[path]!.enumerated().map { index, file in
                (index: index, misfit: file.violations.filter { ["undeclared-attribute", "wrong-type"].contains($0.rule) }.count, all: file.violations.count)
            }
            fit[path] = scored.min { ($0.misfit, $0.all, $0.index) < ($1.misfit, $1.all, $1.index) }!.index
        }
        let base = FileDiscovery.withoutTrailingSlash(folder)
        func relative(_ path: String) -> String {
            base == "." && path.hasPrefix("./") ? String(path.dropFirst(2)) : path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
        }
        // The folder's definition, then each folder below whose documents mostly fit another.
        var files: [File] = []
        func assign(_ subfolder: String, inherited: Int?) {
            let under = documents.filter { relative($0).hasPrefix(subfolder.isEmpty ? "" : subfolder + "/") }
            guard !under.isEmpty || inherited == nil else { return }
            let votes = Dictionary(grouping: under, by: { fit[$0]! }).mapValues(\.count)
            let chosen = votes.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 0
            var own = inherited
            if chosen != inherited {
                own = chosen
                let excluded = notDocuments.map(relative).filter { subfolder.isEmpty || $0.hasPrefix(subfolder + "/") }
                    .map { subfolder.isEmpty ? $0 : String($0.dropFirst(subfolder.count + 1)) }.sorted()
                files.append(File(folder: subfolder.isEmpty ? folder : base == "." ? subfolder : base + "/" + subfolder, definition: definitions[chosen],
                                  fitting: votes[chosen] ?? 0, documents: under.count, excluded: inherited == nil ? excluded : []))
            }
            // The folders directly below, each once.
            var children: [String] = []
            for path in under {
                let rest = relative(path).dropFirst(subfolder.isEmpty ? 0 : subfolder.count + 1)
                guard let slash = rest.firstIndex(of: "/") else { continue }
                let child = (subfolder.isEmpty ? "" : subfolder + "/") + rest[..<slash]
                // A package's members are its own document, not a folder of documents.
                if !FileDiscovery.isPackageName(child), !children.contains(child) { children.append(child) }
            }
            for child in children.sorted() { assign(child, inherited: own) }
        }
        assign("", inherited: nil)
        var findings = 0, fixable = 0
        for path in documents {
            // The results under the definition the document's file (or the nearest above it) names.
            let folderOfFile = files.last { $0.folder == folder || relative(path).hasPrefix(relative(base == "." ? "./" + $0.folder : $0.folder) + "/") }
            let index = folderOfFile.flatMap { file in definitions.firstIndex(of: file.definition) } ?? 0
            let file = results[path]![index]
            findings += file.violations.count
            fixable += file.violations.filter { $0.fix == .safe }.count
        }
        return StarterConfiguration(files: files, findings: findings, fixable: fixable, documents: documents.count)
    }

    /// Whether a linted `.json` file is valid JSON that is not a document: an object without `runs`, or a
    /// number, bool or null (a document is a string, an array, or an object with `runs`).
    static func isNotADocument(_ file: FileResult) -> Bool {
        guard case .file(let path) = file.target, path.lowercased().hasSuffix(".json"),
              file.violations.contains(where: { $0.rule == BuiltInRule.malformedDocument.id }),
              let data = FileManager.default.contents(atPath: path), let value = try? JSONValue.parse([UInt8](data)) else { return false }
        switch value {
        case .object(let members): return members["runs"] == nil
        case .string, .array: return false
        default: return true
        }
    }

    /// `path` relative to `folder` (both as the run names them, relative to the current folder or absolute).
    static func relativePath(_ path: String, from folder: String) -> String {
        let target = FileDiscovery.absolutePath(path).split(separator: "/")
        let start = FileDiscovery.absolutePath(folder).split(separator: "/")
        var common = 0
        while common < min(target.count, start.count) && target[common] == start[common] { common += 1 }
        let ups = Array(repeating: "..", count: start.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
