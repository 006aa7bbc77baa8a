import RichText
import Foundation
import RichTextFormats
import SafeWrite

/// Lints many documents: resolves each one's definition and options (command line, then the nearest
/// `.fmtcheck.json`), loads each definition once, and lints the documents in parallel on every core. Results
/// come back sorted by path whatever order the work finished in.
public struct LintRun: Sendable {
    /// What to lint and how.
    public var request: LintRequest
    /// `--cache`: findings of documents unchanged since they were last linted under the same run key come from
    /// here (check runs only); the caller saves it after the run.
    public var cache: LintCache?
    /// Called with each document's result as soon as it is linted, on the thread that linted it; the run keeps
    /// what it returns (the HTML report renders a document's section here and lets the document go).
    public var completed: (@Sendable (FileResult) -> FileResult)?

    /// A run for `request`.
    public init(_ request: LintRequest) {
        self.request = request
    }

    /// One document with what it needs to be linted.
    struct Job {
        var target: LintTarget
        var linter: DocumentLinter?
        /// What `--fix` and `--diff` fix with: `linter` without its unsafe fixes, or `linter` under `--unsafe-fixes`.
        var fixer: DocumentLinter?
        var failure: InputFailure?
        var maxFileSize: Int
        /// What an interrupted `--fix` left beside the document.
        var leftovers: [Leftovers.Entry] = []
        /// What the cache must have linted the document under: the definition file's bytes, the rules and
        /// severities, the size limit, fingerprints.
        var runKey: UInt64 = 0
    }

    /// Runs it. `progress` is called (from any thread) with the number of documents done and the total.
    public func run(progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) -> LintRunResult {
        let started = Date()
        // A package an interrupted two-rename swap left aside: a fix puts it back; a lint run says where it is.
        let orphans = Leftovers.orphanedAsides(in: foldersNamed(by: request.paths))
        if request.mode == .fix { Leftovers.restore(orphans) }
        let resolver = ConfigurationResolver(configFile: request.configFile)
        var (targets, found, skipped) = FileDiscovery.targets(for: request, resolver: resolver, cache: request.mode == .check ? cache : nil)
        // Each document, and whatever else is said about a path, in the one shard its path hashes to.
        let inShard: (String) -> Bool = request.shard.map { shard in
            let root = LintShard.root()
            return { shard.contains($0, root: root) }
        } ?? { _ in true }
        targets = targets.filter { inShard($0.displayPath) }
        skipped = skipped.filter { inShard($0.path) }
        var missing = found
        if request.mode != .fix {
            for orphan in orphans {
                missing.removeAll { $0.path.hasSuffix("/") ? String($0.path.dropLast()) == orphan.document : $0.path == orphan.document }
                missing.append(InputFailure(.notFound, path: orphan.document,
                                            message: "the package is missing: an interrupted fmtcheck --fix left it at \(orphan.aside); the next --fix puts it back"))
            }
        }
        missing = missing.filter { inShard($0.path) }
        var (jobs, definitionProblems, configurationProblems, selectionProblems, configurations) = prepare(targets, resolver: resolver)
        // A selection that names no rule, or leaves none, is a usage error: nothing is linted under it.
        guard selectionProblems.isEmpty else {
            return LintRunResult(files: [], definitionProblems: definitionProblems, configurationProblems: configurationProblems,
                                 seconds: Date().timeIntervalSince(started), skipped: skipped, selectionProblems: selectionProblems)
        }
        let documents = jobs.map { job -> String? in if case .file(let path) = job.target { return Self.resolved(path) } else { return nil } }
        let leftovers = Leftovers.scan(documents.compactMap { $0 })
        for (index, document) in documents.enumerated() { if let document { jobs[index].leftovers = leftovers[document] ?? [] } }
        var results = [FileResult?](repeating: nil, count: jobs.count)
        // Standard input is read here, on one thread, before the parallel part.
        if let index = jobs.firstIndex(where: { if case .standardInput = $0.target { return true } else { return false } }) {
            results[index] = finished(lint(jobs[index]))
            jobs[index].linter = nil
        }
        let box = ResultBox(results)
        let total = jobs.count
        let work = jobs
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            guard box.get(index) == nil else { return }
            let result = finished(lint(work[index]))
            let done = box.set(index, result)
            progress(done, total)
        }
        var files = box.values.compactMap { $0 }
        files += missing.map { FileResult(target: .file($0.path), failure: $0) }
        // Files by path, standard input last (`LintTarget`'s order).
        files.sort { $0.target < $1.target }
        definitionProblems.sort { $0.fileName < $1.fileName }
        configurationProblems.sort { $0.fileName < $1.fileName }
        var result = LintRunResult(files: files, definitionProblems: definitionProblems, configurationProblems: configurationProblems,
                                   seconds: Date().timeIntervalSince(started), skipped: skipped)
        result.configurations = configurations
        return result
    }

    /// A document's result as the run keeps it (`completed`).
    func finished(_ result: FileResult) -> FileResult {
        completed?(result) ?? result
    }

    /// The folders where a package put aside by an interrupted swap would be: the folders named, and those
    /// holding the files and packages named.
    func foldersNamed(by paths: [String]) -> [String] {
        paths.filter { $0 != "-" }.flatMap { path -> [String] in
            let trimmed = FileDiscovery.withoutTrailingSlash(path)
            return FileDiscovery.isSearchedFolder(trimmed) ? [trimmed, DurableIO.parent(of: trimmed)] : [DurableIO.parent(of: trimmed)]
        }
    }

    /// `path` with its symbolic links resolved (what `--fix` replaces), or `path` itself when it cannot be.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// What a document whose only fixable findings drop data says.
    static let unsafeOnly = "its fixable findings drop data when fixed, an unsafe fix: --unsafe-fixes fixes them"

    /// The document path whose configuration `target` is linted under: standard input's is its
    /// `--stdin-filename`, else a document in the current folder.
    func configurationPath(of target: LintTarget) -> String {
        switch target {
        case .file(let path): return path
        case .standardInput(let name): return request.standardInputName == nil ? FileManager.default.currentDirectoryPath + "/-" : name
        }
    }

    /// Resolves every document's definition and options; loads each definition once.
    func prepare(_ targets: [LintTarget], resolver: ConfigurationResolver? = nil) -> ([Job], [DefinitionDiagnostics], [ConfigurationError], [SelectionProblem], [LintConfiguration]) {
        let resolver = resolver ?? ConfigurationResolver(configFile: request.configFile)
        var used: [[String]: LintConfiguration] = [:]
        var selections = SelectionCheck(request: request)
        var definitions: [String: Result<LoadedDefinition, DefinitionDiagnostics>] = [:]
        var configurationProblems: [String: ConfigurationError] = [:]
        var linters: [String: (linter: DocumentLinter, fixer: DocumentLinter)] = [:]
        var definitionHashes: [String: String] = [:]
        // What depends only on the configuration, worked out once for it: the options the command line leaves,
        // and the per-file ignores; then, per configuration and set of per-file ignores a document matches, its
        // linters and run key.
        var perConfiguration: [[String]: (effective: LintConfiguration, ignores: [PerFileIgnore])] = [:]
        var prepared: [PreparedKey: (linter: DocumentLinter, fixer: DocumentLinter, runKey: UInt64)] = [:]
        var jobs: [Job] = []
        for target in targets {
            var config = LintConfiguration()
            do {
                config = try resolver.configuration(forFile: configurationPath(of: target))
            } catch {
                configurationProblems[error.fileName] = error
                if request.definition == nil {
                    jobs.append(Job(target: target, failure: InputFailure(.noDefinition, path: target.displayPath,
                                    message: "its configuration \(error.fileName) is invalid"), maxFileSize: 0))
                    continue
                }
            }
            let firstUse = used[config.sources] == nil
            if firstUse {
                used[config.sources] = config
                perConfiguration[config.sources] = (config.applying(request), config.perFileIgnores(with: request))
            }
            let (effective, ignores) = perConfiguration[config.sources]!
            let maxFileSize = effective.maxFileSize ?? LintConfiguration.defaultMaxFileSize
            guard let definitionPath = effective.definition else {
                jobs.append(Job(target: target, failure: InputFailure(.noDefinition, path: target.displayPath,
                                message: "no definition to lint against: pass --definition FILE, or add a \(LintConfiguration.fileName) naming one in this folder or a parent"),
                                maxFileSize: maxFileSize))
                continue
            }
            if definitions[definitionPath] == nil {
                definitions[definitionPath] = Result { () throws(DefinitionDiagnostics) in try DefinitionFile.load(path: definitionPath) }
            }
            switch definitions[definitionPath]! {
            case .failure:
                jobs.append(Job(target: target, failure: InputFailure(.noDefinition, path: target.displayPath,
                                message: "its definition \(definitionPath) did not load", definitionNotLoaded: definitionPath),
                                maxFileSize: maxFileSize))
            case .success(let loaded):
                // A configuration gives every document it covers the same definition and selection, but for
                // its per-file ignores.
                if firstUse { selections.check(effective.selection, of: config, under: loaded) }
                // The per-file ignores are the only options that depend on the document.
                let matched: [Int] = ignores.isEmpty ? [] : {
                    let documentPath = FileDiscovery.absolutePath(configurationPath(of: target))
                    return ignores.indices.filter { ignores[$0].applies(to: documentPath) }
                }()
                let key = PreparedKey(sources: config.sources, matchedIgnores: matched)
                let entry = prepared[key] ?? {
                    let selection = effective.selection.ignoring(matched.map { ignores[$0] })
                    let severities = effective.severities.compactMapValues(\.severity)
                    let cacheKey = definitionPath + "\u{0}" + "\(selection.select?.sorted() ?? ["*"])" + "\(selection.ignore.sorted())"
                        + "\(severities.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })" + "\(request.reportsUnusedSuppressions)"
                    let pair = linters[cacheKey] ?? {
                        var linter = DocumentLinter(definition: loaded, selection: selection)
                        linter.makesFingerprints = request.fingerprints
                        linter.severities = severities
                        linter.reportsUnusedSuppressions = request.reportsUnusedSuppressions
                        let fixes = request.mode != .check && !request.unsafeFixes
                        guard fixes else { return (linter, linter) }
                        // The fixer's findings are not reported: it needs no fingerprints.
                        var fixer = linter.withoutUnsafeFixes()
                        fixer.makesFingerprints = false
                        return (linter, fixer)
                    }()
                    linters[cacheKey] = pair
                    var runKey: UInt64 = 0
                    if cache != nil {
                        let definitionHash = definitionHashes[definitionPath] ?? {
                            var hash = FNV1a()
                            hash.add(FileManager.default.contents(atPath: definitionPath) ?? Data())
                            return hash.hex
                        }()
                        definitionHashes[definitionPath] = definitionHash
                        var key = FNV1a()
                        for part in [cacheKey, definitionHash, "\(request.fingerprints)", "\(maxFileSize)"] { key.add(part: part) }
                        runKey = key.value
                    }
                    return (pair.linter, pair.fixer, runKey)
                }()
                prepared[key] = entry
                var job = Job(target: target, linter: entry.linter, fixer: entry.fixer, maxFileSize: maxFileSize)
                job.runKey = entry.runKey
                jobs.append(job)
            }
        }
        let problems = definitions.values.compactMap { result -> DefinitionDiagnostics? in
            if case .failure(let problems) = result { return problems }
            return nil
        }
        return (jobs, problems, Array(configurationProblems.values), selections.problems,
                used.values.sorted { $0.sources.lexicographicallyPrecedes($1.sources) })
    }

    /// Lints one document: read (with the size limit), lint, and fix or diff as asked. A fix holds the
    /// document's lock from before it reads until the fixed document is in place, first cleaning what an
    /// interrupted fix left beside it.
    func lint(_ job: Job) -> FileResult {
        var result = FileResult(target: job.target)
        if let failure = job.failure { result.failure = failure; return result }
        guard let linter = job.linter else { return result }
        result.definitionName = linter.definition.name
        result.ruleIDs = linter.definition.ruleIDs
        result.ruleDescriptions = linter.definition.summaries
        result.selection = linter.selection
        guard request.mode == .fix, case .file(let path) = job.target else {
            result.leftoverNotes = Leftovers.report(job.leftovers)
            return cachedLint(job, linter: linter, into: result)
        }
        let lock: DocumentLock
        do {
            lock = try DocumentLock.acquire(path)
        } catch {
            result.failure = error
            return result
        }
        defer { lock.release() }
        result.leftoverNotes = Leftovers.clean(job.leftovers, of: Self.resolved(path))
        guard let snapshot = DocumentSnapshot.take(path) else {
            result.failure = InputFailure(.notFound, path: path, message: "no such file (was it deleted during the run?)")
            return result
        }
        return lint(job, linter: linter, into: result, snapshot: snapshot)
    }

    /// `lint(_:linter:into:snapshot:)` in a check run with a cache: a regular file whose state and run key the
    /// cache has gets its findings from there, unread; any other is linted and its findings stored, under the
    /// state it had before it was read (a change while it is read makes the next run read it again).
    func cachedLint(_ job: Job, linter: DocumentLinter, into result: FileResult) -> FileResult {
        guard let cache, request.mode == .check, !request.keepsDocuments, case .file(let path) = job.target,
              let stamp = LintCache.Stamp.of(path) else {
            return lint(job, linter: linter, into: result, snapshot: nil)
        }
        let document = FileDiscovery.absolutePath(path)
        if let hit = cache.lookup(document, stamp: stamp, runKey: job.runKey) {
            var cached = result
            cached.format = hit.format
            cached.violations = hit.violations
            return cached
        }
        let linted = lint(job, linter: linter, into: result, snapshot: nil)
        if linted.failure == nil, let format = linted.format {
            cache.store(document, LintCache.Entry(stamp: stamp, runKey: job.runKey, format: format, violations: linted.violations))
        }
        return linted
    }

    /// Reads, lints, and fixes or diffs one document; `snapshot` is the document's state before reading, for `--fix`.
    func lint(_ job: Job, linter: DocumentLinter, into result: FileResult, snapshot: DocumentSnapshot?) -> FileResult {
        var result = result
        let input: LintInput
        do {
            switch job.target {
            case .file(let path): input = try LintInput.read(path: path, maxSize: job.maxFileSize)
            case .standardInput(let name): input = try LintInput.readStandardInput(name: name, maxSize: job.maxFileSize)
            }
        } catch {
            result.failure = error
            return result
        }
        let fix: ReadyFix?
        (result, fix) = lint(input, job: job, linter: linter, into: result)
        guard let fix else { return result }
        switch request.mode {
        case .check:
            break
        case .diff:
            if request.diffShowsRuns {
                result.diff = DocumentDiff.unified(from: fix.read, to: fix.fixed, path: result.path)
            } else {
                // The bytes --fix would write (an RTFD package's TXT.rtf), as a patch.
                let name = input.format == .rtfd ? ReportPath.artifact(result.path, member: RTFDPackage.textFileName) : result.path
                result.diff = FileDiff.unified(from: input.bytes, to: fix.encoded.input.bytes, path: name, escapingLines: request.diffIsForTerminal)
            }
        case .fix:
            guard case .file(let path) = job.target, let snapshot else { return result }
            if let refusal = fix.refusal {
                result.failure = InputFailure(.writeFailed, path: path, message: refusal)
                return result
            }
            let change = ChangeReport()
            let maxFileSize = job.maxFileSize
            let options = DocumentFileWriter.Options(keepsOtherFiles: true, beforeCommit: {
                TestHooks.pauseBeforeRename(path)
                let reason = snapshot.change(since: input, maxSize: maxFileSize)
                change.reason = reason
                return reason
            })
            do {
                try DocumentFileWriter.write(fix.encoded, to: Self.resolved(path), options: options)
                result = fixed(result, by: fix, linter: linter)
            } catch {
                result.failure = InputFailure(.writeFailed, path: path,
                                              message: change.reason ?? "cannot write the fixed document: \(error.message); the original is untouched")
            }
        }
        return result
    }

    /// A document's fix, encoded and checked: what `--diff` shows and `--fix` writes (a file, or a record).
    struct ReadyFix {
        /// The document as read.
        var read: RichString
        /// The document normalised.
        var fixed: RichString
        /// `fixed` in the document's format, as it will be written.
        var encoded: DocumentFileWriter.Encoded
        /// The written bytes as the fixer reads them back, and its lint of them (clean).
        var written: DocumentLinter.Reading
        var check: DocumentLinter.Outcome
        /// Why `--fix` must not write it, though it is clean: a whole rewrite would spell numbers as other values.
        var refusal: String?
    }

    /// Lints one document's bytes and, in a fix or diff run, prepares its fix: nil when there is nothing to fix
    /// or the fix is held back (`fixHeldBack`, or a `failure` when it cannot be written or is not clean).
    func lint(_ input: LintInput, job: Job, linter: DocumentLinter, into result: FileResult) -> (FileResult, ReadyFix?) {
        var result = result
        result.format = input.format
        let reading = linter.reading(input)
        let outcome = linter.lint(reading)
        result.violations = outcome.violations
        if request.keepsDocuments {
            result.document = outcome.document
            result.fixedDocument = outcome.fixed
            result.images = outcome.images
        }
        guard request.mode != .check, let read = outcome.document else { return (result, nil) }
        // Without --unsafe-fixes, only what is fixed without dropping data: undeclared and out-of-scope
        // attributes stay, wrong-typed values stay where the writer keeps them.
        let fixer = job.fixer ?? linter
        let fixing = request.unsafeFixes ? outcome : fixer.lint(reading)
        guard let fixed = fixing.fixed else {
            if outcome.violations.contains(where: { $0.fix == .unsafe }) { result.fixHeldBack = Self.unsafeOnly }
            return (result, nil)
        }
        let encoded: DocumentFileWriter.Encoded
        do {
            // A flattened RTFD keeps the files its text does not name (a package keeps them on disk).
            let kept = input.format == .flatRTFD ? ((try? input.rtfPackage())?.files ?? [:]) : [:]
            encoded = try DocumentFileWriter.encode(fixed, images: fixing.images, format: input.format,
                                                     readerWarnings: fixing.warnings,
                                                     hasWrongTypedValues: outcome.violations.contains { $0.rule == BuiltInRule.wrongType.id },
                                                     keptFiles: kept,
                                                     original: input, reader: fixer.reader, keepingUnread: !request.unsafeFixes)
        } catch {
            result.failure = InputFailure(.writeFailed, path: result.path, message: "the fixed document cannot be written: \(error.message)")
            return (result, nil)
        }
        result.fixNotes = encoded.notes
        // A rewrite that would drop what the document held is an unsafe fix.
        if !request.unsafeFixes, !encoded.notes.isEmpty {
            result.fixHeldBack = "writing it would drop what the note lists, an unsafe fix: --unsafe-fixes writes it anyway"
            return (result, nil)
        }
        // Normalisation is idempotent: the fixed document, as written, must lint clean under the rules it fixes.
        let written = encoded.readBack.map(DocumentLinter.Reading.read) ?? fixer.reading(encoded.input)
        let check = fixer.lint(written)
        guard check.fixed == nil, !check.isMalformed else {
            result.failure = InputFailure(.writeFailed, path: result.path,
                                          message: "internal error: the fixed document is not clean (\(check.violations.first { $0.rule != BuiltInRule.readerWarning.id }?.message ?? "unreadable")); nothing was written")
            return (result, nil)
        }
        // Numbers a whole rewrite would spell as another value: refuse rather than change them without a word.
        // Written over the original, they keep their spelling.
        let changing = encoded.patched ? [] : outcome.warnings.filter(\.changesOnRewrite)
        let refusal = changing.first.map { first -> String in
            let place = first.location.map { " (the first at line \($0.line), column \($0.column))" } ?? ""
            let what = changing.count == 1 ? "a number" : "\(changing.count) numbers"
            return "--fix would change \(what)\(place); nothing was written (write them as the reader-warnings say, then fix again)"
        }
        return (result, ReadyFix(read: read, fixed: fixed, encoded: encoded, written: written, check: check, refusal: refusal))
    }

    /// `result` once `fix` is written: what is left is what the fix did not repair (unsafe fixes without
    /// `--unsafe-fixes`, what no fix can), and the rest counts as fixed.
    func fixed(_ result: FileResult, by fix: ReadyFix, linter: DocumentLinter) -> FileResult {
        var result = result
        let remaining = (request.unsafeFixes ? fix.check : linter.lint(fix.written)).violations
        result.fixedCount = max(0, result.violations.count - remaining.count)
        var left = Dictionary(remaining.map { ($0.rule, 1) }, uniquingKeysWith: +)
        for violation in result.violations {
            if let n = left[violation.rule], n > 0 { left[violation.rule] = n - 1 } else { result.fixedByRule[violation.rule, default: 0] += 1 }
        }
        result.violations = remaining
        return result
    }
}

/// A configuration (its files) and the per-file ignores of it a document matches: documents alike in both are
/// linted alike.
struct PreparedKey: Hashable {
    var sources: [String]
    var matchedIgnores: [Int]
}

/// Why the document was not replaced, when it changed under the fix; set from the write's check.
final class ChangeReport: @unchecked Sendable {
    var reason: String?
}

/// The results of the parallel part, filled in from many threads.
final class ResultBox: @unchecked Sendable {
    private var storage: [FileResult?]
    private var done = 0
    private let lock = NSLock()

    init(_ initial: [FileResult?]) {
        storage = initial
        done = initial.compactMap { $0 }.count
    }

    func get(_ index: Int) -> FileResult? {
        lock.lock(); defer { lock.unlock() }
        return storage[index]
    }

    /// Stores a result and returns how many are done.
    func set(_ index: Int, _ result: FileResult) -> Int {
        lock.lock(); defer { lock.unlock() }
        storage[index] = result
        done += 1
        return done
    }

    var values: [FileResult?] {
        lock.lock(); defer { lock.unlock() }
        return storage
    }
}
