import StreamingJSON

/// `fmtcheck merge-reports`: the reports of runs over disjoint parts of a corpus (the shards of a CI matrix)
/// merged into the report one run over all of them writes, byte for byte, for the json format (`JSONReport`)
/// and for SARIF (`SARIFReport`).
///
/// A run orders what it says by document (`LintRun`: files by path, standard input last) and says what is wrong
/// with a definition or configuration once, after the documents, sorted by file name. So the merge:
/// - orders findings and documents not linted by document, stably (each document's own order is kept);
/// - keeps one copy of each definition's and configuration's problems (every part that used it repeats them);
/// - sums the counts, and recomputes per-rule statistics and SARIF's rule table and indices.
///
/// SARIF rules carry their definition (`properties.definition`), so the rule table is rebuilt as one run
/// writes it. Standard input is recognised by its default name `<stdin>`; under `--stdin-filename NAME` it sorts
/// as a file named NAME.
public enum ReportMerge {
    /// The formats that merge.
    public static let formats: [ReportFormat] = [.json, .sarif]

    /// A merged report.
    public struct Merged: Hashable, Sendable {
        /// The report's text, as `JSONReport` or `SARIFReport` writes it.
        public var text: String
        /// Its format (the inputs').
        public var format: ReportFormat
    }

    /// Merges reports given as (name, bytes): the name is what errors say. The format is the inputs' (all
    /// alike); `format`, when given, is checked against it.
    public static func merge(_ inputs: [(name: String, bytes: [UInt8])], as format: ReportFormat? = nil) throws(ReportMergeError) -> Merged {
        if let format, !formats.contains(format) { throw .unsupportedFormat(format) }
        guard !inputs.isEmpty else { throw .noInputs }
        var reports: [Input] = []
        for input in inputs {
            let report = try Input(name: input.name, bytes: input.bytes)
            if let first = reports.first, first.format != report.format {
                throw .mixedFormats(first: first.name, firstFormat: first.format, other: report.name, otherFormat: report.format)
            }
            if let format, format != report.format { throw .formatMismatch(file: report.name, format: report.format, requested: format) }
            reports.append(report)
        }
        let root = reports[0].format == .json ? try mergeJSON(reports) : try mergeSARIF(reports)
        return Merged(text: JSONText.write(root), format: reports[0].format)
    }

    /// Merges reports given as text, and returns the merged text.
    public static func merge(_ inputs: [(name: String, text: String)]) throws(ReportMergeError) -> String {
        try merge(inputs.map { (name: $0.name, bytes: Array($0.text.utf8)) }).text
    }

    // MARK: Reading

    /// One report, parsed with every node's place, and its format.
    struct Input {
        var name: String
        var root: LocatedJSON
        var format: ReportFormat

        /// Parses `bytes` and tells the format from the content: a SARIF log has `"version": "2.1.0"` and
        /// `runs`, a json report `"version": 2` and `violations`.
        init(name: String, bytes: [UInt8]) throws(ReportMergeError) {
            self.name = name
            do {
                root = try JSONValue.parseWithLocations(bytes, limits: JSONReader.Limits(maxDepth: 64))
            } catch {
                throw .invalidReport(file: name, location: error.location, message: error.message)
            }
            let reader = ReportReader(name: name)
            let members = try reader.object(root, "a report")
            let keys = Set(members.map(\.key))
            let version = root["version"]
            if keys.contains("runs") || keys.contains("$schema") {
                guard case .string("2.1.0")? = version?.kind else {
                    throw reader.fail(version ?? root, "merge-reports reads SARIF 2.1.0 logs (\"version\": \"2.1.0\")")
                }
                format = .sarif
            } else if keys.contains("violations") {
                guard case .integer(let n)? = version?.kind, n == JSONReport.schemaVersion else {
                    throw reader.fail(version ?? root, "merge-reports reads json reports of version \(JSONReport.schemaVersion) (\"version\": \(JSONReport.schemaVersion))")
                }
                format = .json
            } else {
                throw reader.fail(root, "not an fmtcheck report: a json report has \"version\": 2 and \"violations\", a SARIF log \"version\": \"2.1.0\" and \"runs\"")
            }
        }
    }

    /// Reads the members of one report, failing at the place of the first that is not what a report has.
    struct ReportReader {
        var name: String

        func fail(_ node: LocatedJSON, _ message: String) -> ReportMergeError {
            .invalidReport(file: name, location: node.location, message: message)
        }

        func object(_ node: LocatedJSON, _ what: String) throws(ReportMergeError) -> [LocatedJSON.Member] {
            guard case .object(let members) = node.kind else { throw fail(node, "\(what) is a JSON object") }
            return members
        }

        func array(_ node: LocatedJSON, _ what: String) throws(ReportMergeError) -> [LocatedJSON] {
            guard case .array(let elements) = node.kind else { throw fail(node, "\(what) is an array") }
            return elements
        }

        func string(_ node: LocatedJSON, _ what: String) throws(ReportMergeError) -> String {
            guard case .string(let s) = node.kind else { throw fail(node, "\(what) is a string") }
            return s
        }

        func integer(_ node: LocatedJSON, _ what: String) throws(ReportMergeError) -> Int {
            guard case .integer(let n) = node.kind else { throw fail(node, "\(what) is a whole number") }
            return n
        }

        /// The members of the object `node`, which must have exactly `keys` (those in `optional` may be absent):
        /// an unknown member is refused rather than dropped, since the merge would not write it back.
        func members(_ node: LocatedJSON, _ what: String, keys: [String], optional: Set<String> = []) throws(ReportMergeError) -> [String: LocatedJSON] {
            var found: [String: LocatedJSON] = [:]
            for member in try object(node, what) {
                guard keys.contains(member.key) else {
                    throw .invalidReport(file: name, location: member.keyLocation,
                                         message: "\(what) has a member \"\(member.key)\" merge-reports does not know (a report of another fmtcheck version?)")
                }
                found[member.key] = member.value
            }
            for key in keys where found[key] == nil && !optional.contains(key) {
                throw fail(node, "\(what) has no \"\(key)\"")
            }
            return found
        }
    }

    // MARK: Merging

    /// `items` ordered by document as a run orders them (`LintTarget`'s order: files by path, standard input
    /// last), each document's own order kept.
    static func inDocumentOrder<T>(_ items: [(document: String, value: T)]) -> [T] {
        items.enumerated()
            .sorted { (target($0.element.document), $0.offset) < (target($1.element.document), $1.offset) }
            .map(\.element.value)
    }

    /// The target a report's document name stands for.
    static func target(_ document: String) -> LintTarget {
        document == "<stdin>" ? .standardInput(name: document) : .file(document)
    }

    /// Which input reports each document, so that a document in two inputs (overlapping parts, or one report
    /// given twice) is refused rather than counted twice.
    struct Owners {
        private var owner: [String: Int] = [:]

        mutating func claim(_ document: String, by input: Int, in inputs: [Input]) throws(ReportMergeError) {
            if let first = owner[document], first != input {
                throw .overlap(document: document, first: inputs[first].name, other: inputs[input].name)
            }
            owner[document] = input
        }
    }

    /// A definition's or configuration's problems: every part whose documents used the file repeats them, and a
    /// single run says them once, definitions then configurations, each sorted by file name.
    struct FileProblems {
        enum Kind: Int, Comparable {
            case definition, configuration
            static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
        }

        private var entries: [Key: [JSONValue]] = [:]
        private var adding: [Key: [JSONValue]] = [:]

        struct Key: Hashable, Comparable {
            var kind: Kind
            var file: String
            static func < (a: Key, b: Key) -> Bool { (a.kind, a.file) < (b.kind, b.file) }
        }

        /// Adds one entry of the input being read.
        mutating func add(_ entry: JSONValue, kind: Kind, file: String) {
            adding[Key(kind: kind, file: file), default: []].append(entry)
        }

        /// Ends an input: the files it is the first to name keep its entries; the others are repeats.
        mutating func endInput() {
            entries.merge(adding) { first, _ in first }
            adding = [:]
        }

        /// The entries, as a single run lists them.
        var merged: [JSONValue] { entries.keys.sorted().flatMap { entries[$0]! } }
    }
}
