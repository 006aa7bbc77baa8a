import Foundation
import RichTextFormats
import StreamingJSON
import SafeWrite

/// The findings a corpus had when fmtcheck was switched on, so that a run reports only new ones, as SwiftLint's
/// baseline and ESLint's suppressions file do. `--write-baseline FILE` records a run's findings;
/// `--baseline FILE` leaves out those it records; `--prune-baseline` removes the entries that no longer match.
///
/// ```json
/// {"version": 1, "tool": "fmtcheck",
///  "findings": [{"file": "docs/bread.json", "rule": "IngredientsAreGreen", "fingerprint": "6f1c…", "message": "…"}]}
/// ```
///
/// A finding matches an entry by document, rule and fingerprint (`Violation.fingerprint`: the rule, key, text
/// and the text beside it in its paragraph, never an offset), so a paragraph added above leaves old findings
/// matched and a new violation is new. Equal entries count: a baseline with two equal entries covers two equal
/// findings, and a third shows. Paths are relative to the baseline's folder; `message` is for people reading
/// the file and is not matched.
public struct Baseline: Hashable, Sendable {
    /// One recorded finding.
    public struct Entry: Hashable, Sendable, Comparable {
        /// The document, relative to the baseline's folder (absolute when it is not below it).
        public var file: String
        /// The rule id.
        public var rule: String
        /// The finding's fingerprint.
        public var fingerprint: String
        /// The finding's message when it was recorded.
        public var message: String

        /// An entry.
        public init(file: String, rule: String, fingerprint: String, message: String) {
            self.file = file
            self.rule = rule
            self.fingerprint = fingerprint
            self.message = message
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.rule, a.fingerprint, a.message) < (b.file, b.rule, b.fingerprint, b.message)
        }

        /// What a finding must equal to match: document, rule and fingerprint.
        var key: MatchKey { MatchKey(file: file, rule: rule, fingerprint: fingerprint) }
    }

    /// Document, rule and fingerprint.
    struct MatchKey: Hashable {
        var file: String
        var rule: String
        var fingerprint: String
    }

    /// Rules a baseline never records or leaves out: a document that cannot be read is an input error (exit 2)
    /// in every run, not a finding to live with.
    static let unrecordedRules: Set<String> = [BuiltInRule.malformedDocument.id]

    /// The baseline file's format version.
    public static let version = 1

    /// The entries, sorted.
    public var entries: [Entry]
    /// The folder paths are relative to: the baseline file's.
    public var folder: String

    /// A baseline of `entries` whose paths are relative to `folder` (absolute).
    public init(entries: [Entry], folder: String) {
        self.entries = entries.sorted()
        self.folder = folder
    }

    /// The baseline of a run's findings, to be written to `path`.
    public init(recording result: LintRunResult, path: String) {
        let folder = Self.folder(of: path)
        var entries: [Entry] = []
        for file in result.files {
            let name = Self.relative(file, to: folder)
            for violation in file.violations where !Self.unrecordedRules.contains(violation.rule) {
                entries.append(Entry(file: name, rule: violation.rule, fingerprint: violation.fingerprint, message: violation.message))
            }
        }
        self.init(entries: entries, folder: folder)
    }

    /// The absolute folder of the file at `path`.
    static func folder(of path: String) -> String {
        DurableIO.parent(of: FileDiscovery.absolutePath(path))
    }

    /// The name a document has in a baseline in `folder`: its path relative to the folder (standard input's
    /// `--stdin-filename`, relative alike).
    static func relative(_ file: FileResult, to folder: String) -> String {
        let absolute = FileDiscovery.absolutePath(file.path)
        if case .standardInput(let name) = file.target, name == "<stdin>" { return name }
        let prefix = folder == "/" ? "/" : folder + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    // MARK: Applying

    /// What applying a baseline to a run did.
    public struct Outcome: Sendable {
        /// The run without the findings the baseline records.
        public var result: LintRunResult
        /// How many findings the baseline left out.
        public var matched: Int
        /// The entries that no longer match a finding: their document was linted under their rule and no
        /// longer has it, or the document is gone. Entries of documents this run did not lint are not among them.
        public var stale: [Entry]
    }

    /// `result` without the findings this baseline records (in each document, the first findings of each key
    /// up to the number of equal entries).
    public func apply(to result: LintRunResult) -> Outcome {
        var remaining: [MatchKey: Int] = [:]
        for entry in entries { remaining[entry.key, default: 0] += 1 }
        var filtered = result
        var matched = 0
        var linted: [String: FileResult] = [:]
        for index in filtered.files.indices {
            let file = filtered.files[index]
            let name = Self.relative(file, to: folder)
            if file.failure == nil && !file.hasInputError { linted[name] = file }
            filtered.files[index].violations = file.violations.filter { violation in
                let key = MatchKey(file: name, rule: violation.rule, fingerprint: violation.fingerprint)
                guard !Self.unrecordedRules.contains(violation.rule), let count = remaining[key], count > 0 else { return true }
                remaining[key] = count - 1
                matched += 1
                return false
            }
        }
        var stale: [Entry] = []
        var unmatched = remaining
        for entry in entries {
            guard let left = unmatched[entry.key], left > 0 else { continue }
            let gone = linted[entry.file] == nil && !FileManager.default.fileExists(atPath: absolute(entry.file))
            let reported = linted[entry.file].map { $0.reports(entry.rule) } ?? false
            guard gone || reported else { continue }
            unmatched[entry.key] = left - 1
            stale.append(entry)
        }
        filtered.baselineCounts = (matched, stale.count, false)
        return Outcome(result: filtered, matched: matched, stale: stale)
    }

    /// This baseline without `stale` entries (each removed once).
    public func pruning(_ stale: [Entry]) -> Baseline {
        var drop: [Entry: Int] = [:]
        for entry in stale { drop[entry, default: 0] += 1 }
        let kept = entries.filter { entry in
            guard let n = drop[entry], n > 0 else { return true }
            drop[entry] = n - 1
            return false
        }
        return Baseline(entries: kept, folder: folder)
    }

    /// The absolute path of an entry's document.
    func absolute(_ file: String) -> String {
        file.hasPrefix("/") ? file : (folder == "/" ? "/" : folder + "/") + file
    }

    // MARK: Reading and writing

    /// The baseline file's text: pretty-printed, keys sorted, entries sorted, so that it diffs well in review.
    public var fileText: String {
        let findings: [JSONValue] = entries.map { entry in
            .object(JSONObject([("file", .string(entry.file)), ("rule", .string(entry.rule)),
                                ("fingerprint", .string(entry.fingerprint)), ("message", .string(entry.message))]))
        }
        return JSONText.write(.object(JSONObject([("version", .integer(Self.version)), ("tool", .string("fmtcheck")),
                                                  ("findings", .array(findings))])))
    }

    /// Reads a baseline file.
    public static func load(path: String) throws(ConfigurationError) -> Baseline {
        guard FileIdentity.of(path)?.kind == .regular, let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(category: "baseline", fileName: path, message: FileManager.default.fileExists(atPath: path) ? "the file cannot be read" : "no such file",
                                hint: "write one with 'fmtcheck --write-baseline \(path) PATH...'")
        }
        return try parse(bytes: [UInt8](data), path: path)
    }

    /// Parses a baseline file's bytes.
    public static func parse(bytes: [UInt8], path: String) throws(ConfigurationError) -> Baseline {
        let root = try ConfigurationError.parseJSON(bytes, path: path, category: "baseline", maxDepth: 8)
        func fail(_ node: LocatedJSON, _ message: String) -> ConfigurationError {
            ConfigurationError(category: "baseline", fileName: path, location: node.location, message: message)
        }
        guard case .object(let members) = root.kind else { throw fail(root, "a baseline is a JSON object with \"findings\"") }
        var findings: [LocatedJSON]?
        for member in members {
            switch member.key {
            case "version":
                guard case .integer(let n) = member.value.kind, n == version else {
                    throw fail(member.value, "this fmtcheck reads baseline version \(version)")
                }
            case "tool":
                guard case .string("fmtcheck") = member.value.kind else { throw fail(member.value, "not an fmtcheck baseline") }
            case "findings":
                guard case .array(let items) = member.value.kind else { throw fail(member.value, "\"findings\" must be an array") }
                findings = items
            default:
                throw ConfigurationError(category: "baseline", fileName: path, location: member.keyLocation, message: "unknown member \"\(member.key)\"")
            }
        }
        guard let findings else { throw fail(root, "a baseline has \"findings\"") }
        var entries: [Entry] = []
        entries.reserveCapacity(findings.count)
        for item in findings {
            guard case .object(let fields) = item.kind else { throw fail(item, "a finding is an object with file, rule and fingerprint") }
            var values: [String: String] = [:]
            for field in fields {
                guard ["file", "rule", "fingerprint", "message"].contains(field.key) else {
                    throw ConfigurationError(category: "baseline", fileName: path, location: field.keyLocation, message: "unknown member \"\(field.key)\" of a finding")
                }
                guard case .string(let text) = field.value.kind else { throw fail(field.value, "\"\(field.key)\" must be a string") }
                values[field.key] = text
            }
            guard let file = values["file"], let rule = values["rule"], let fingerprint = values["fingerprint"] else {
                throw fail(item, "a finding needs \"file\", \"rule\" and \"fingerprint\"")
            }
            entries.append(Entry(file: file, rule: rule, fingerprint: fingerprint, message: values["message"] ?? ""))
        }
        return Baseline(entries: entries, folder: folder(of: path))
    }
}
