import Foundation
import RichTextFormats
import SafeWrite

extension CommandRunner {
    /// `fmtcheck init [FOLDER]`: works out a starter configuration (`StarterConfiguration`), writes its files
    /// (none when one exists, unless `--force`), and says what it chose and what a first run finds.
    static func initialize(_ command: InitCommand, console: Console) -> ExitCode {
        let folder = command.folder
        guard FileDiscovery.isSearchedFolder(folder) else {
            console.errLine("fmtcheck: error: \(folder) is not a folder; 'init' writes a \(LintConfiguration.fileName) into a folder of documents")
            return .failure
        }
        var definitions = command.definitions
        for path in definitions {
            do {
                _ = try DefinitionFile.load(path: path)
            } catch {
                for diagnostic in error.diagnostics { console.err(diagnostic.description + "\n") }
                console.errLine("fmtcheck: error: the definition \(path) does not load; 'init' names only a definition that does")
                return .failure
            }
        }
        if definitions.isEmpty {
            // The definition files a search of the folder passes over, those that load.
            let found = FileDiscovery.documents(in: folder).skipped.filter { $0.reason.hasPrefix("a definition file") }.map(\.path)
            definitions = found.filter { (try? DefinitionFile.load(path: $0)) != nil }
            guard !definitions.isEmpty else {
                console.errLine("fmtcheck: error: no definition file under \(folder), and none given; write 'fmtcheck init \(folder) --definition FILE'")
                return .failure
            }
            console.errLine("fmtcheck: found \(count(definitions.count, "definition")) under \(folder): \(definitions.joined(separator: ", "))")
        }
        let plan = StarterConfiguration.make(folder: folder, definitions: definitions)
        let existing = plan.files.filter { FileIdentity.of($0.path, followingLinks: false) != nil }
        if !command.force && !existing.isEmpty {
            for file in existing {
                console.errLine("fmtcheck: error: \(file.path) exists; 'init' never replaces a configuration (pass --force to replace it)")
            }
            return .failure
        }
        for file in plan.files {
            do {
                try AtomicWriter.write(Array(file.text.utf8), to: file.path, beforeCommit: {
                    command.force || FileIdentity.of(file.path, followingLinks: false) == nil ? nil : "\(file.path) appeared meanwhile; nothing replaced it"
                })
            } catch {
                console.errLine("fmtcheck: error: cannot write \(file.path): \(error.message)")
                return .failure
            }
            let excluded = file.excluded.isEmpty ? "" : "; \(count(file.excluded.count, "JSON file")) that \(file.excluded.count == 1 ? "is" : "are") not a document excluded (\(file.excluded.joined(separator: ", ")))"
            console.outLine("wrote \(file.path): definition \(StarterConfiguration.relativePath(file.definition, from: file.folder)) (fits \(file.fitting) of \(count(file.documents, "document")))\(excluded)")
        }
        let fixable = plan.fixable > 0 ? ", \(plan.fixable) fixable with --fix" : ""
        let verdict = plan.documents == 0 ? "no documents yet" : plan.findings == 0 ? "no problems in \(count(plan.documents, "document"))"
            : "\(count(plan.findings, "problem")) in \(count(plan.documents, "document"))\(fixable)"
        console.outLine("next: fmtcheck \(folder) (\(verdict); fmtcheck \(folder) --statistics shows them rule by rule)")
        return .success
    }
}
