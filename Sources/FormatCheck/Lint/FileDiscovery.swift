import Foundation
import RichTextFormats
import StreamingJSON
import SafeWrite

/// Turns the PATHs of a lint command into documents: files as given, folders searched recursively for `.json`,
/// `.rtf` and `.rtfd` documents (extensions in any case; an `.rtfd` folder is one document, a package, and is
/// not searched), `-` as standard input.
///
/// Inside folders it skips nothing without saying so: every entry it passes over that a name or its contents
/// would make a document is listed with its reason (`Skipped`), the summary counts them and `--verbose` lists
/// them. Passed over are hidden files named like documents, definition files (a JSON object with `attributes`
/// and `scope`, which no document has), JSON schemas (`*.schema.json`), links to nothing, and folders named
/// like documents (searched as folders). Hidden folders (`.git`, `.build`) are not searched and configuration
/// files (`.fmtcheck.json`) are not documents; neither is listed. Files named explicitly are always linted. A folder with
/// no document in it is an input error: a run that lints nothing does not pass.
public enum FileDiscovery {
    /// An entry the search passed over, and why.
    public struct Skipped: Hashable, Sendable {
        /// The path.
        public var path: String
        /// Why it is not linted.
        public var reason: String
        /// Whether a pattern excluded it (`exclude`, `.gitignore`), rather than what it is.
        public var isExcluded = false
    }

    /// What the PATHs name: the documents (each once, sorted by path, standard input last), the failures (a
    /// missing path, a folder with no documents) the run reports and goes on from, and what the search
    /// passed over.
    /// What `request.paths` name, passing over what the exclude patterns and `.gitignore` files in effect
    /// exclude (`DocumentExclusion`); `resolver` finds each folder's configuration.
    /// With a `cache`, a `.json` file the cache has linted in the state it is in now is a document, and is not
    /// opened to tell it from a definition or a baseline.
    public static func targets(for request: LintRequest, resolver: ConfigurationResolver? = nil,
                               cache: LintCache? = nil) -> (targets: [LintTarget], failures: [InputFailure], skipped: [Skipped]) {
        let resolver = resolver ?? ConfigurationResolver(configFile: request.configFile)
        return targets(for: request.paths, standardInputName: request.standardInputName, exclusion: DocumentExclusion(request: request, resolver: resolver), cache: cache,
                       baseline: request.baseline)
    }

    /// With an `exclusion`, what its patterns exclude is passed over too (and listed as excluded); a `baseline`
    /// the run reads is passed over by its name.
    static func targets(for paths: [String], standardInputName: String?, exclusion: DocumentExclusion?, cache: LintCache? = nil,
                        baseline: String? = nil) -> (targets: [LintTarget], failures: [InputFailure], skipped: [Skipped]) {
        let baseline = baseline.map { absolutePath($0) }
        var files: Set<String> = []
        var failures: [InputFailure] = []
        var skipped: [Skipped] = []
        var standardInput = false
        for named in paths {
            if named == "-" { standardInput = true; continue }
            // A file inside an RTFD package (`Note.rtfd/TXT.rtf`, as pre-commit names changed files) is the package.
            let path = package(holding: named) ?? named
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                failures.append(InputFailure(.notFound, path: path, message: "no such file or folder"))
                continue
            }
            let trimmed = withoutTrailingSlash(path)
            if let reason = exclusion?.reasonForNamed(trimmed) {
                skipped.append(Skipped(path: trimmed, reason: reason + ", and --force-exclude is on", isExcluded: true))
                continue
            }
            if isDirectory.boolValue && isPackageName(trimmed) {
                files.insert(trimmed)
            } else if isDirectory.boolValue {
                let (found, passed) = documents(in: path, exclusion: exclusion, cache: cache, baseline: baseline)
                skipped += passed
                if found.isEmpty {
                    let excluded = passed.filter(\.isExcluded).count
                    let said = passed.isEmpty ? "" : excluded == passed.count ? " (\(excluded) excluded; --verbose lists them)"
                        : " (\(passed.count) passed over; --verbose lists them)"
                    failures.append(InputFailure(.noDocuments, path: path,
                                                 message: "no documents found under \(path): no .json, .rtf or .rtfd document\(said)"))
                }
                files.formUnion(found)
            } else if let exclusion, exclusion.forcesExclusion(of: trimmed), let reason = searchWouldPassOver(trimmed) {
                // Under --force-exclude a named file is taken as a search takes it (pre-commit names every file).
                skipped.append(Skipped(path: trimmed, reason: reason + ", and --force-exclude is on"))
            } else {
                files.insert(path)
            }
        }
        var targets = files.sorted().map { LintTarget.file($0) }
        if standardInput { targets.append(.standardInput(name: standardInputName ?? "<stdin>")) }
        return (targets, failures, skipped.sorted { $0.path < $1.path })
    }

    /// The RTFD package `path` is inside (`Note.rtfd` for `Note.rtfd/TXT.rtf`), or nil.
    static func package(holding path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return nil }
        for end in 1..<parts.count where parts[end - 1].lowercased().hasSuffix(".rtfd") && !parts[end...].allSatisfy(\.isEmpty) {
            let package = parts[..<end].joined(separator: "/")
            if FileIdentity.of(package)?.kind == .directory { return package }
        }
        return nil
    }

    /// Why a folder search would pass over the named file `path` (a hidden file or one in a hidden folder, a JSON
    /// schema, a definition file or a baseline), or nil when a search would lint it.
    static func searchWouldPassOver(_ path: String) -> String? {
        // The folders between the current folder and the file, as a search from the current folder meets them.
        let folder = FileManager.default.currentDirectoryPath
        let below = path.hasPrefix("/") ? (path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : (path as NSString).lastPathComponent) : path
        let components = below.split(separator: "/").filter { $0 != "." && $0 != ".." }
        if components.dropLast().contains(where: { $0.hasPrefix(".") }) { return "in a hidden folder" }
        let lower = (components.last.map(String.init) ?? path).lowercased()
        if lower.hasPrefix(".") { return "a hidden file" }
        if lower.hasSuffix(".schema.json") { return "a JSON schema" }
        if lower.hasSuffix(".json"), FileIdentity.of(path)?.kind == .regular { return notADocument(path) }
        return nil
    }

    /// The documents under `folder`, recursively, and what was passed over; `baseline` is the absolute path of
    /// the baseline the run reads.
    static func documents(in folder: String, exclusion: DocumentExclusion? = nil, cache: LintCache? = nil,
                          baseline: String? = nil) -> (found: [String], skipped: [Skipped]) {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let absoluteBase = exclusion?.absolute(base) ?? (cache != nil ? absolutePath(base) : nil)
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return ([], []) }
        var found: [String] = []
        var skipped: [Skipped] = []
        while let relative = enumerator.nextObject() as? String {
            let name = String(PathPattern.lastComponent(of: FileDiscovery.withoutTrailingSlash(relative)))
            let path = base + "/" + relative
            let lower = name.lowercased()
            let isRTFD = lower.hasSuffix(".rtfd")
            let hidden = name.hasPrefix(".")
            let candidate = hidden || isRTFD || isDocumentName(lower)
            // Only what may be searched or said is looked at on disk.
            var looked: FileIdentity??
            func file() -> FileIdentity? {
                if let looked { return looked }
                let identity = FileIdentity.of(path)
                looked = .some(identity)
                return identity
            }
            if !hidden, let exclusion, let absoluteBase,
               let reason = exclusion.reason(for: absoluteBase + "/" + relative, isFolder: { file()?.kind == .directory }) {
                // A folder excluded is not searched; a file excluded is said only when it would have been a document.
                let isFolder = file()?.kind == .directory
                if isFolder { enumerator.skipDescendants() }
                if isFolder || candidate { skipped.append(Skipped(path: path, reason: reason, isExcluded: true)) }
                continue
            }
            guard candidate else { continue }
            let kind = file()?.kind
            if hidden {
                // Hidden folders (.git, .build) are not searched, and configuration files are not documents; a
                // hidden file named like a document is said.
                if kind == .directory {
                    enumerator.skipDescendants()
                } else if isDocumentName(lower) && lower != ".fmtcheck.json" {
                    skipped.append(Skipped(path: path, reason: "a hidden file"))
                }
                continue
            }
            if isRTFD {
                enumerator.skipDescendants()
                if kind == .directory || kind == .regular {
                    found.append(path)
                } else {
                    skipped.append(Skipped(path: path, reason: danglingTarget(path).map(danglingReason) ?? "\(file()?.kindDescription ?? "nothing"), not a package or a file"))
                }
                continue
            }
            switch kind {
            case .directory?:
                skipped.append(Skipped(path: path, reason: "a folder named like a document, searched as a folder"))
                continue
            case .regular?:
                break
            default:
                // A FIFO, socket or device is kept as a document, which the run reports as not a regular file;
                // a link to nothing is said here.
                if let target = danglingTarget(path) {
                    skipped.append(Skipped(path: path, reason: danglingReason(target)))
                    continue
                }
            }
            if lower.hasSuffix(".schema.json") {
                skipped.append(Skipped(path: path, reason: "a JSON schema"))
                continue
            }
            if let baseline, lower.hasSuffix(".json"), absolutePath(path) == baseline {
                skipped.append(Skipped(path: path, reason: "the baseline this run reads (--baseline)"))
                continue
            }
            if lower.hasSuffix(".json"), kind == .regular,
               !(cache.map { cache in absoluteBase.map { cache.isKnownDocument($0 + "/" + relative, file()) } ?? false } ?? false),
               let what = notADocument(path) {
                skipped.append(Skipped(path: path, reason: what))
                continue
            }
            found.append(path)
        }
        return (found, skipped)
    }

    /// `path` made absolute against `folder` (the current folder by default) and normalised by its text alone:
    /// `.` and empty components dropped, `..` taking off the one before; symbolic links are kept, as a search
    /// found them. What `URL.standardizedFileURL` gives, without its cost per document.
    static func absolutePath(_ path: String, in folder: String = FileManager.default.currentDirectoryPath) -> String {
        let joined = path.hasPrefix("/") ? path : folder + "/" + path
        // Already normal: no `//`, no `.` or `..` component, no trailing slash. (Read as bytes: Foundation's
        // substring search costs microseconds a path.)
        var slashThenDotOrSlash = false
        var afterSlash = false
        for byte in joined.utf8 {
            if afterSlash && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")) { slashThenDotOrSlash = true; break }
            afterSlash = byte == UInt8(ascii: "/")
        }
        if !slashThenDotOrSlash && (joined == "/" || !afterSlash) { return joined }
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// An absolute `path` relative to the current folder when it is below it (for messages), else as it is.
    static func relativeToCurrentFolder(_ path: String) -> String {
        let folder = FileManager.default.currentDirectoryPath
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }

    /// `path` without the slash it may end with ("/" stays as it is).
    static func withoutTrailingSlash(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Whether `path` names an RTFD package: a document, though it is a folder.
    static func isPackageName(_ path: String) -> Bool {
        withoutTrailingSlash(path).lowercased().hasSuffix(".rtfd")
    }

    /// Whether `path` names a folder that is searched for documents (a folder that is not an RTFD package).
    static func isSearchedFolder(_ path: String) -> Bool {
        FileIdentity.of(path)?.kind == .directory && !isPackageName(path)
    }

    /// Whether a lowercased name is a document's: `.json` or `.rtf` (`.rtfd` is looked at apart).
    static func isDocumentName(_ lower: String) -> Bool {
        lower.hasSuffix(".json") || lower.hasSuffix(".rtf")
    }

    /// The target of `path` when it is a symbolic link to nothing.
    static func danglingTarget(_ path: String) -> String? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path), FileIdentity.of(path) == nil else { return nil }
        return target
    }

    /// Why a link to nothing is passed over.
    static func danglingReason(_ target: String) -> String {
        "a symbolic link to \(target), which does not exist"
    }

    /// How much of a `.json` file is read to tell a definition from a document.
    static let sniffedBytes = 64 << 10

    /// What a `.json` file is when it is one of fmtcheck's own files and not a document, or nil: a definition (a
    /// JSON object with `attributes` and `scope`, or whose first attribute is an object with a `"type"`), a
    /// baseline (`"tool": "fmtcheck"` and `findings`, or whose first finding is an object with `file`, `rule` and
    /// `fingerprint` strings), or a report (`--format json`'s `"tool": {"name": "fmtcheck"}`, or SARIF's
    /// `"$schema"`). Each is told by what the first 64 KiB show, whatever the file's size: the shape of
    /// a first attribute or finding is there even when `scope` or `tool` comes after a megabyte of them. A
    /// native JSON document in object form has `runs` (and `attributeTable`, `imageGlyphs`), never these; a
    /// document that only looks like neither is linted, and what is wrong with it is reported. Only a regular
    /// file is opened.
    static func notADocument(_ path: String) -> String? {
        // A document in array form, the usual one, says so in its first bytes: nothing more is read.
        guard let head = try? InputReader.readPrefix(path: path, count: 512),
              head.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) != UInt8(ascii: "[") else { return nil }
        guard let data = head.count < 512 ? head : try? InputReader.readPrefix(path: path, count: sniffedBytes) else { return nil }
        var reader = JSONReader(data, limits: JSONReader.Limits(maxDepth: 512))
        guard let first = try? reader.next(), case .beginObject = first.kind else { return nil }
        var depth = 1
        var members: Set<String> = []
        var pendingKey: String?
        var isFmtcheckTool = false
        let definition = "a definition file (its object has \"attributes\" and \"scope\")"
        let baseline = "an fmtcheck baseline (\"tool\": \"fmtcheck\" and \"findings\")"
        func verdict() -> String? {
            if members.contains("attributes") && members.contains("scope") { return definition }
            if isFmtcheckTool && members.contains("findings") { return baseline }
            return nil
        }
        while depth > 0, let token = try? reader.next() {
            let key = pendingKey
            pendingKey = nil
            switch token.kind {
            case .beginObject, .beginArray: depth += 1
            case .endObject, .endArray: depth -= 1
            case .key(let name) where depth == 1:
                members.insert(name)
                // Members only a document has (the table form writes its table first): no more is read.
                if name == "runs" || name == "attributeTable" || name == "imageGlyphs" { return nil }
                if let found = verdict() { return found }
                switch name {
                case "tool":
                    // A JSON report names its tool in an object: `"tool": {"name": "fmtcheck", …}`.
                    guard let value = try? reader.next() else { return verdict() }
                    if case .string("fmtcheck") = value.kind {
                        isFmtcheckTool = true
                        if let found = verdict() { return found }
                    } else if case .beginObject = value.kind {
                        guard let strings = objectStrings(&reader) else { return verdict() }
                        if strings["name"] == "fmtcheck" { return "an fmtcheck report (its \"tool\" is fmtcheck)" }
                    } else if !skipValue(value.kind, &reader) {
                        return verdict()
                    }
                case "$schema":
                    guard let value = try? reader.next() else { return verdict() }
                    if case .string(let schema) = value.kind, schema.lowercased().contains("sarif") { return "a SARIF report (its \"$schema\" is SARIF's)" }
                    if !skipValue(value.kind, &reader) { return verdict() }
                case "findings", "attributes":
                    // The member's first element (a finding, or an attribute's declaration) tells it by its shape.
                    guard let (strings, consumed) = firstElement(&reader) else { return nil }
                    if name == "findings", ["file", "rule", "fingerprint"].allSatisfy(strings.contains) { return baseline }
                    if name == "attributes", strings.contains("type") { return definition }
                    depth += consumed
                default:
                    pendingKey = name
                }
            case .string("fmtcheck") where depth == 1 && key == "tool":
                isFmtcheckTool = true
                if let found = verdict() { return found }
            default: break
            }
        }
        return verdict()
    }

    /// Reads the start of a member's value, an array or an object, through its first element when that is an
    /// object (an object's first member's value): the names of that object's members whose values are strings,
    /// and how many containers are left open (1 inside the value, 0 when it was empty). Nil when the value is
    /// something else or the bytes end first.
    static func firstElement(_ reader: inout JSONReader) -> (strings: Set<String>, consumed: Int)? {
        guard let open = try? reader.next() else { return nil }
        switch open.kind {
        case .beginArray:
            guard let element = try? reader.next() else { return nil }
            if case .endArray = element.kind { return ([], 0) }
            guard case .beginObject = element.kind else { _ = skipValue(element.kind, &reader); return ([], 1) }
        case .beginObject:
            guard let member = try? reader.next() else { return nil }
            if case .endObject = member.kind { return ([], 0) }
            guard case .key = member.kind, let element = try? reader.next() else { return nil }
            guard case .beginObject = element.kind else { _ = skipValue(element.kind, &reader); return ([], 1) }
        default:
            return nil
        }
        var strings: Set<String> = []
        while let token = try? reader.next() {
            switch token.kind {
            case .endObject:
                return (strings, 1)
            case .key(let name):
                guard let value = try? reader.next() else { return nil }
                if case .string = value.kind { strings.insert(name) } else if !skipValue(value.kind, &reader) { return nil }
            default:
                return nil
            }
        }
        return nil
    }

    /// Reads the rest of an object whose `{` was just read: its members whose values are strings (the others
    /// read past); nil when the bytes end first.
    static func objectStrings(_ reader: inout JSONReader) -> [String: String]? {
        var strings: [String: String] = [:]
        while let token = try? reader.next() {
            switch token.kind {
            case .endObject:
                return strings
            case .key(let name):
                guard let value = try? reader.next() else { return nil }
                if case .string(let text) = value.kind { strings[name] = text } else if !skipValue(value.kind, &reader) { return nil }
            default:
                return nil
            }
        }
        return nil
    }

    /// Reads the rest of a value whose first token was `kind`: true once it is read whole.
    static func skipValue(_ kind: JSONToken.Kind, _ reader: inout JSONReader) -> Bool {
        switch kind {
        case .beginObject, .beginArray: return NativeJSONPatch.skipContainer(&reader)
        default: return true
        }
    }
}
