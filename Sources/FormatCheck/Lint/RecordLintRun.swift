import Foundation
import RichTextFormats
import StreamingJSON

/// `fmtcheck lint --records FILE|-`: lints the documents of a JSON Lines stream, one record a line
/// (`LintRecord`), and writes a line per finding (`JSONLinesReport`, or the default format's line) in input
/// order as it goes; with `--fix`, writes every line back, a record's document fixed, any other line (blank, not a
/// record, over the size limit) exactly as read.
///
/// Reading, parsing and linting overlap: this thread reads the stream into batches of lines, every core lints
/// batches, and each batch's lines are written as soon as the batches before it are. At most a few batches a
/// core are in flight, so memory stays flat however many records pass. A record that cannot be read is a line
/// of its own (with its line number) and the stream goes on; the summary then has input errors (exit 2).
///
/// Records are linted as `LintRun` lints files (`LintRun.lint(_:job:linter:into:)`), under the definition and
/// options the stream's configuration gives (the `.fmtcheck.json` of its folder; the current folder's for
/// standard input), or the record's own `definition`.
public struct RecordLintRun: Sendable {
    /// Definition, rules, severities, mode (`check` or `fix`), unsafe fixes and the size limit (per record).
    public var request: LintRequest
    /// The stream: a file, or `-` for standard input.
    public var source: String
    /// `jsonl` or `default`: how findings and unreadable records are written.
    public var format: ReportFormat = .jsonl
    /// Whether findings are written (not under `--statistics`, which prints counts at the end).
    public var writesFindings = true
    /// Whether batches are linted on every core; false lints them on the calling thread, one after another.
    public var parallel = true
    /// Records a batch holds at most (and bytes, `batchBytes`): what one core takes at a time.
    public var batchRecords = 256
    public var batchBytes = 2 << 20

    /// A run over `source`.
    public init(_ request: LintRequest, source: String) {
        self.request = request
        self.source = source
    }

    /// What a run found, in counts: nothing per record is kept.
    public struct Summary: Sendable {
        /// Lines that held a record or tried to (blank lines are not counted).
        public var records = 0
        /// Bytes of the stream read.
        public var bytes = 0
        /// Records that could not be linted: not a record, too long, no definition, not fixable as asked.
        public var unreadable = 0
        /// Records whose document is malformed (a `malformed-document` finding).
        public var malformed = 0
        /// Records with findings.
        public var recordsWithFindings = 0
        public var errors = 0
        public var warnings = 0
        /// Findings `--fix` fixes, and those only `--unsafe-fixes` does.
        public var fixable = 0
        public var unsafeFixable = 0
        /// With `--fix`: findings fixed, and records rewritten.
        public var fixed = 0
        public var fixedRecords = 0
        /// Findings per rule.
        var byRule: [String: RuleStatistics] = [:]
        /// Definitions that did not load (each once), configuration files that are invalid.
        public var definitionProblems: [DefinitionDiagnostics] = []
        public var configurationProblems: [ConfigurationError] = []
        /// A selection that names no rule: nothing was linted.
        public var selectionProblems: [SelectionProblem] = []
        /// Why the stream could not be read (to its end).
        public var failure: InputFailure?
        public var seconds = 0.0

        /// Per-rule counts, most found first.
        public var statistics: [RuleStatistics] { RuleStatistics.ordered(byRule.values) }
        /// Whether anything kept a record from being linted (exit code 2).
        public var hasInputErrors: Bool {
            unreadable > 0 || malformed > 0 || failure != nil || !definitionProblems.isEmpty || !configurationProblems.isEmpty || !selectionProblems.isEmpty
        }

        mutating func add(_ other: Summary) {
            records += other.records
            bytes += other.bytes
            unreadable += other.unreadable
            malformed += other.malformed
            recordsWithFindings += other.recordsWithFindings
            errors += other.errors
            warnings += other.warnings
            fixable += other.fixable
            unsafeFixable += other.unsafeFixable
            fixed += other.fixed
            fixedRecords += other.fixedRecords
            for entry in other.byRule.values { RuleStatistics.add(entry, into: &byRule) }
        }
    }

    /// The name findings are reported under: the file, or standard input's name.
    var sourceName: String { source == "-" ? request.standardInputName ?? "<stdin>" : source }

    /// Reads the stream to its end, writing `output` (findings, or the records under `--fix`) and `diagnostics`
    /// (what standard error shows) as it goes.
    public func run(output: @escaping @Sendable ([UInt8]) -> Void, diagnostics: @escaping @Sendable (String) -> Void) -> Summary {
        let started = Date()
        var summary = Summary()
        let jobs = RecordJobs(self)
        let first = jobs.job(for: nil)
        summary.selectionProblems = jobs.selectionProblems
        guard summary.selectionProblems.isEmpty else { return summary }
        if first.linter == nil, let failure = first.failure { diagnostics(TerminalText.escaped("\(sourceName): error: \(failure.message)") + "\n") }

        let descriptor: Int32
        if source == "-" {
            descriptor = STDIN_FILENO
        } else {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue {
                summary.failure = InputFailure(.notAFile, path: source, message: "a folder, not a stream of records")
                return summary
            }
            descriptor = open(source, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let reason = errno
                summary.failure = InputFailure(reason == ENOENT ? .notFound : .unreadable, path: source,
                                               message: reason == ENOENT ? "no such file" : "cannot open the records: \(String(cString: strerror(reason)))")
                return summary
            }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        let maxLine = request.maxFileSize ?? LintConfiguration.defaultMaxFileSize
        var reader = JSONLinesReader(descriptor: descriptor, name: sourceName, maxLineBytes: maxLine)

        let sink = OrderedBatches(output: output, diagnostics: diagnostics, window: parallel ? 3 * ProcessInfo.processInfo.activeProcessorCount : 1)
        let group = DispatchGroup()
        var index = 0
        var batch: [JSONLinesReader.Line] = []
        var batchSize = 0
        if request.mode == .fix {
            // Every line comes out, fixed or exactly as read: blank lines too, and a line too long to lint, which
            // goes through a piece at a time once every line before it is written.
            reader.keepsBlankLines = true
            reader.passThrough = { piece, first in
                if first {
                    if !batch.isEmpty { dispatch() }
                    group.wait()
                }
                output(piece)
            }
        }
        func dispatch() {
            let lines = batch, number = index
            batch = []
            batchSize = 0
            index += 1
            sink.admit()
            if parallel {
                group.enter()
                DispatchQueue.global().async {
                    sink.deliver(number, lint(lines, jobs: jobs))
                    group.leave()
                }
            } else {
                sink.deliver(number, lint(lines, jobs: jobs))
            }
        }
        do {
            while let line = try reader.next() {
                batch.append(line)
                if case .line(_, let bytes, _) = line { batchSize += bytes.count }
                if batch.count >= batchRecords || batchSize >= batchBytes { dispatch() }
            }
        } catch {
            summary.failure = error
        }
        if !batch.isEmpty { dispatch() }
        group.wait()
        summary.add(sink.summary)
        summary.definitionProblems = jobs.definitionProblems
        summary.configurationProblems = jobs.configurationProblems
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    /// A batch's lines, written out, and its counts.
    struct BatchOutcome {
        var output: [UInt8] = []
        var diagnostics = ""
        var summary = Summary()
    }

    /// Lints a batch of lines.
    func lint(_ lines: [JSONLinesReader.Line], jobs: RecordJobs) -> BatchOutcome {
        var outcome = BatchOutcome()
        for line in lines { lint(line, jobs: jobs, into: &outcome) }
        return outcome
    }

    /// Lints one line into `outcome`.
    func lint(_ line: JSONLinesReader.Line, jobs: RecordJobs, into outcome: inout BatchOutcome) {
        let number: Int, bytes: [UInt8], framing: JSONLinesReader.Framing
        switch line {
        case .blank(_, let raw):
            // Under --fix, a blank line comes out as it was; it is no record.
            outcome.summary.bytes += raw.count
            outcome.output += raw
            return
        case .tooLong(let n, let count):
            outcome.summary.records += 1
            outcome.summary.bytes += count
            let limit = request.maxFileSize ?? LintConfiguration.defaultMaxFileSize
            let kept = request.mode == .fix ? "; it is in the output as it was" : ""
            unreadable("too-large", "the record is \(ByteSize.describe(count)), over the limit of \(ByteSize.describe(limit)) (--max-file-size); it was not read\(kept)",
                       id: nil, line: n, column: 1, original: nil, into: &outcome)
            return
        case .line(let n, let b, let f):
            (number, bytes, framing) = (n, b, f)
            outcome.summary.records += 1
            outcome.summary.bytes += f.framing(b).count
        }
        let record: LintRecord
        do {
            record = try LintRecord.parse(bytes)
        } catch {
            let column = SourceMap.lineAndColumns(of: [error.byteOffset], in: bytes)[0].column
            unreadable("invalid-record", error.message, id: error.id, line: number, column: column, original: framing.framing(bytes), into: &outcome)
            return
        }
        let job = jobs.job(for: record.definition)
        guard let linter = job.linter else {
            unreadable(InputFailure.Kind.noDefinition.rawValue, job.failure?.message ?? "no definition to lint against",
                       id: record.id, line: number, column: 1, original: framing.framing(bytes), into: &outcome)
            return
        }
        let documentBytes: [UInt8]
        if record.format == .rtf {
            guard case .string(let text)? = try? JSONValue.parse(Array(bytes[record.document])) else {
                let column = SourceMap.lineAndColumns(of: [record.document.lowerBound], in: bytes)[0].column
                unreadable("invalid-record", "the RTF text is not a valid JSON string", id: record.id, line: number, column: column, original: framing.framing(bytes), into: &outcome)
                return
            }
            documentBytes = Array(text.utf8)
        } else {
            documentBytes = Array(bytes[record.document])
        }
        let run = LintRun(request)
        var (result, fix) = run.lint(LintInput(format: record.format, bytes: documentBytes), job: job, linter: linter,
                                     into: FileResult(target: .file(sourceName + ":\(number)")))
        var rewritten: [UInt8]?
        if request.mode == .fix {
            if let fix, fix.refusal == nil, let fixedValue = Self.documentValue(fix.encoded.input.bytes, format: record.format) {
                rewritten = Array(bytes[..<record.document.lowerBound]) + fixedValue + Array(bytes[record.document.upperBound...])
                result = run.fixed(result, by: fix, linter: linter)
                outcome.summary.fixed += result.fixedCount
                outcome.summary.fixedRecords += 1
            } else if let reason = fix?.refusal ?? result.fixHeldBack {
                outcome.diagnostics += TerminalText.escaped("\(sourceName):\(number): note: not fixed: \(reason)") + "\n"
            }
        }
        if let failure = result.failure {
            unreadable(failure.kind.rawValue, failure.message, id: record.id, line: number, column: 1, original: framing.framing(bytes), into: &outcome)
            return
        }
        let placed = Self.placed(result.violations, of: record, in: bytes, line: number)
        count(placed, into: &outcome.summary)
        if request.mode == .fix {
            outcome.output += framing.framing(rewritten ?? bytes)
        } else if writesFindings {
            for violation in placed {
                let text = format == .jsonl ? JSONLinesReport.recordFinding(violation, id: record.id, line: number)
                                            : DefaultReport.line(violation, path: sourceName) + "\n"
                outcome.output += Array(text.utf8)
            }
        }
    }

    /// A record that could not be linted: an error line (stdout in jsonl, stderr otherwise); under `--fix` the
    /// record is written back as it was (`original`, framing and all; a line too long to hold went through as it
    /// was read), so nothing is lost.
    func unreadable(_ kind: String, _ message: String, id: JSONValue?, line number: Int, column: Int, original: [UInt8]?,
                    into outcome: inout BatchOutcome) {
        outcome.summary.unreadable += 1
        if format == .jsonl && request.mode != .fix {
            outcome.output += Array(JSONLinesReport.recordError(kind, message: message, id: id, line: number).utf8)
        } else {
            outcome.diagnostics += TerminalText.escaped("\(sourceName):\(number):\(column): error: \(message) [\(kind)]") + "\n"
        }
        if request.mode == .fix, let original { outcome.output += original }
    }

    func count(_ violations: [Violation], into summary: inout Summary) {
        guard !violations.isEmpty else { return }
        summary.recordsWithFindings += 1
        if violations.contains(where: { $0.rule == BuiltInRule.malformedDocument.id }) { summary.malformed += 1 }
        for violation in violations {
            if violation.severity == .error { summary.errors += 1 } else { summary.warnings += 1 }
            switch violation.fix {
            case .safe: summary.fixable += 1
            case .unsafe: summary.unsafeFixable += 1
            case .none: break
            }
        }
        RuleStatistics.count(violations, into: &summary.byRule)
    }

    /// The fixed document as the record's value: native JSON on one line (a line break in JSON text is only ever
    /// space between tokens), or the RTF text as a JSON string. Nil when the RTF is not UTF-8.
    static func documentValue(_ encoded: [UInt8], format: DocumentFormat) -> [UInt8]? {
        guard format == .rtf else { return encoded.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 } }
        guard let text = String(validating: encoded, as: UTF8.self),
              let token = try? JSONWriter.string(.string(text), options: JSONWriter.Options(sortedKeys: true, escapeSlashes: false, prettyPrinted: false)) else { return nil }
        return Array(token.utf8)
    }

    /// `violations`, found in the record's document, placed in the record's line: `line` is the record's, and
    /// columns and byte offsets count in the line (through the escapes of an RTF record's string).
    static func placed(_ violations: [Violation], of record: LintRecord, in line: [UInt8], line number: Int) -> [Violation] {
        guard !violations.isEmpty else { return [] }
        // Each finding's start and end in the document, then in the line: past the document's start, or through
        // the escapes of an RTF record's string (one pass over the token for all bounds).
        let bounds = violations.flatMap { [$0.position.byteOffset, $0.position.byteOffset + $0.position.byteLength] }
        var offsets = bounds.map { record.document.lowerBound + $0 }
        if record.format == .rtf {
            let ascending = Array(Set(bounds)).sorted()
            let inLine = Dictionary(uniqueKeysWithValues: zip(ascending, SourceMap.jsonOffsets(ofDecoded: ascending, inTokenAt: record.document.lowerBound, in: line)))
            offsets = bounds.map { inLine[$0]! }
        }
        let places = SourceMap.lineAndColumns(of: offsets, in: line)
        return violations.enumerated().map { k, violation in
            var placed = violation
            let (start, end) = (offsets[2 * k], offsets[2 * k + 1])
            placed.position.line = number
            placed.position.endLine = number
            placed.position.column = places[2 * k].column
            placed.position.endColumn = places[2 * k + 1].column
            placed.position.byteOffset = start
            placed.position.byteLength = end - start
            placed.position.member = nil
            return placed
        }
    }
}

/// The linters of a record run: the stream's own (its configuration's definition and options), and one per
/// definition records name, each loaded once whichever thread asks first.
final class RecordJobs: @unchecked Sendable {
    private let run: RecordLintRun
    private let lock = NSLock()
    private var jobs: [String: LintRun.Job] = [:]
    private var defaultJob: LintRun.Job?
    private(set) var definitionProblems: [DefinitionDiagnostics] = []
    private(set) var configurationProblems: [ConfigurationError] = []
    private(set) var selectionProblems: [SelectionProblem] = []

    init(_ run: RecordLintRun) {
        self.run = run
    }

    /// What the records are linted under: the stream's definition (`definition` nil), or the file named.
    func job(for definition: String?) -> LintRun.Job {
        lock.lock(); defer { lock.unlock() }
        if definition == nil, let defaultJob { return defaultJob }
        if let definition, let job = jobs[definition] { return job }
        var request = run.request
        if let definition { request.definition = definition }
        let target: LintTarget = run.source == "-" ? .standardInput(name: run.sourceName) : .file(run.source)
        let (prepared, definitions, configurations, selections, _) = LintRun(request).prepare([target])
        let job = prepared.first ?? LintRun.Job(target: target, maxFileSize: 0)
        for problem in definitions where !definitionProblems.contains(where: { $0.fileName == problem.fileName }) { definitionProblems.append(problem) }
        for problem in configurations where !configurationProblems.contains(where: { $0.fileName == problem.fileName }) { configurationProblems.append(problem) }
        if definition == nil { selectionProblems = selections }
        if let definition { jobs[definition] = job } else { defaultJob = job }
        return job
    }
}

/// Batches' outcomes written in batch order whatever order they finish in; at most `window` batches are
/// admitted and not yet written, so a slow batch holds back the reader, not memory.
final class OrderedBatches: @unchecked Sendable {
    private let output: @Sendable ([UInt8]) -> Void
    private let diagnostics: @Sendable (String) -> Void
    private let lock = NSLock()
    private let slots: DispatchSemaphore
    private var pending: [Int: RecordLintRun.BatchOutcome] = [:]
    private var next = 0
    private(set) var summary = RecordLintRun.Summary()

    init(output: @escaping @Sendable ([UInt8]) -> Void, diagnostics: @escaping @Sendable (String) -> Void, window: Int) {
        self.output = output
        self.diagnostics = diagnostics
        slots = DispatchSemaphore(value: max(1, window))
    }

    /// Waits until a batch may be admitted.
    func admit() { slots.wait() }

    /// Hands in batch `index`'s outcome; writes it and any after it that are ready once the ones before are written.
    func deliver(_ index: Int, _ outcome: RecordLintRun.BatchOutcome) {
        lock.lock(); defer { lock.unlock() }
        pending[index] = outcome
        while let ready = pending.removeValue(forKey: next) {
            if !ready.diagnostics.isEmpty { diagnostics(ready.diagnostics) }
            if !ready.output.isEmpty { output(ready.output) }
            summary.add(ready.summary)
            next += 1
            slots.signal()
        }
    }
}
