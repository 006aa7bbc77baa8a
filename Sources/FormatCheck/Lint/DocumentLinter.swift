import Formatting
import RichText
import RichTextFormats
import StreamingJSON

/// Lints one document (native JSON, RTF or RTFD) against a loaded definition: linting is normalisation run dry (DESIGN §3),
/// plus what reading finds (wrong-typed values, behaviour fix-ups, undeclared attributes, malformed input).
///
/// ```swift
/// let linter = DocumentLinter(definition: loaded)
/// let outcome = linter.lint(bytes)
/// for violation in outcome.violations { print(violation.message) }
/// ```
public struct DocumentLinter: Sendable {
    /// The definition enforced.
    public let definition: LoadedDefinition
    /// The rules reported.
    public let selection: RuleSelection
    let engine: FormattingEngine
    let reader: LintDocumentReader
    /// Whether findings get their fingerprints (`Violation.fingerprint`): a few text conversions per finding,
    /// made only for reports that carry them.
    public var makesFingerprints = false
    /// `--report-unused-suppressions`: a rule a suppression names that it finds nothing of is an
    /// `unused-suppression` finding.
    public var reportsUnusedSuppressions = false
    /// Severities over the definition's, by rule (a configuration's `severities`, `--rule`).
    public var severities: [String: Severity] = [:]

    /// A linter for `definition`, reporting the rules `selection` chooses.
    public init(definition: LoadedDefinition, selection: RuleSelection = .all,
                limits: JSONReader.Limits = JSONReader.Limits(maxDepth: 256)) {
        self.definition = definition
        self.selection = selection
        engine = Self.engine(for: definition, selection: selection)
        reader = LintDocumentReader(definition: definition, limits: limits)
    }

    /// This linter fixing only what it fixes without dropping data: the unsafe rules (`BuiltInRule.isUnsafeFix`)
    /// are left out of the engine, so undeclared and out-of-scope attributes stay, and wrong-typed values are
    /// kept where the writer can keep them.
    public func withoutUnsafeFixes() -> DocumentLinter {
        let unsafe = BuiltInRule.allCases.filter(\.isUnsafeFix).map(\.id)
        var safe = DocumentLinter(definition: definition, selection: RuleSelection(select: selection.select, ignore: selection.ignore.union(unsafe)),
                                  limits: reader.limits)
        safe.makesFingerprints = makesFingerprints
        safe.severities = severities
        safe.reportsUnusedSuppressions = reportsUnusedSuppressions
        return safe
    }

    /// The engine that fixes only what `selection` reports, as ESLint fixes only enabled rules: constraints not
    /// selected are left out, and the scope rules remove only keys when their rule is selected
    /// (`undeclared-attribute` for keys the file does not declare, `scope` for declared keys outside the scope).
    /// Any definition's subset of constraints keeps its order, so it is valid whenever the whole one is.
    static func engine(for loaded: LoadedDefinition, selection: RuleSelection) -> FormattingEngine {
        let whole = loaded.definition
        // The suppression attribute is never out of scope: a fix leaves it.
        guard selection != .all else { return FormattingEngine(whole, keepingOutsideScope: isSuppression) }
        let constraints = whole.constraints.filter { selection.includes($0.name) }
        let subset = (try? FormattingDefinition(name: whole.name, scope: whole.scope, constraintList: constraints)) ?? whole
        let declared = Set(loaded.attributes.keys)
        let removesUndeclared = selection.includes(BuiltInRule.undeclaredAttribute.id)
        let removesOutOfScope = selection.includes(BuiltInRule.scope.id)
        return FormattingEngine(subset, keepingOutsideScope: { key in
            isSuppression(key) || (declared.contains(key) ? !removesOutOfScope : !removesUndeclared)
        })
    }

    /// The severity of `rule`'s findings: the override, else the definition's.
    func severity(of rule: String) -> Severity {
        severities[rule] ?? definition.severity(of: rule)
    }

    /// Whether `key` is the suppression attribute, which no engine of a linter removes.
    @Sendable static func isSuppression(_ key: String) -> Bool { key == BuiltInRule.suppressionAttribute }

    /// What linting one document found.
    public struct Outcome: Sendable {
        /// The findings the selection reports, in document order.
        public var violations: [Violation]
        /// The document normalised under the selected rules (ignored constraints and scope rules change
        /// nothing), when that or reading changes anything;
        /// nil when the document is clean or could not be read.
        public var fixed: RichString?
        /// The document as read (typed, behaviours fixed up); nil when it could not be read.
        public var document: RichString?
        /// The document's glyph images.
        public var images: ImageStore
        /// Whether the document could not be read at all.
        public var isMalformed: Bool
        /// What the reader had to interpret or could not keep (also reported as `reader-warning` findings).
        public var warnings: [DocumentWarning] = []
    }

    /// Lints a native JSON document's bytes.
    public func lint(_ bytes: [UInt8]) -> Outcome {
        lint(LintInput(format: .native, bytes: bytes))
    }

    /// Lints a document in any lintable format (native JSON, RTF, an RTFD package or flattened RTFD).
    public func lint(_ input: LintInput) -> Outcome {
        lint(reading(input))
    }

    /// A document read for linting, or the outcome of one that cannot be read. Linters of one definition read
    /// alike (`withoutUnsafeFixes` keeps the reader), so one reading serves them all.
    enum Reading {
        case read(LintDocumentReader.Result)
        case malformed(Outcome)
    }

    /// Reads `input` for `lint(_:)`.
    func reading(_ input: LintInput) -> Reading {
        do {
            return .read(try reader.read(input))
        } catch {
            return .malformed(Outcome(violations: malformed(error), fixed: nil, document: nil, images: ImageStore(), isMalformed: true))
        }
    }

    /// Lints a document read by `reading(_:)`.
    func lint(_ reading: Reading) -> Outcome {
        switch reading {
        case .read(let read): return lint(read)
        case .malformed(let outcome): return outcome
        }
    }

    /// Lints a document already read.
    public func lint(_ read: LintDocumentReader.Result) -> Outcome {
        var normalized = read.document
        let adjustments = engine.normalize(&normalized)
        // What reading could not keep comes first (it is at its place in the file too; the sort below keeps the
        // order found at one place).
        var violations = read.warnings.map { violation(for: $0, member: read.sourceMap?.memberPath) }
        let (undescribed, suppressing) = Self.scanRuns(read.document)
        violations.reserveCapacity(violations.count + read.findings.count + adjustments.count + undescribed.count)
        // Every position in one forward pass over the text, instead of a few O(log n) conversions each.
        let located = Located(read.findings.map(\.utf8Range) + adjustments.map(\.utf8Range) + undescribed.map(\.utf8Range),
                              in: read.document, map: read.sourceMap, source: read.source)
        for (k, finding) in read.findings.enumerated() {
            violations.append(violation(for: finding, in: read.document, at: located[k]))
        }
        for (k, adjustment) in adjustments.enumerated() {
            violations.append(violation(for: adjustment, in: read.document, at: located[read.findings.count + k]))
        }
        for (k, glyph) in undescribed.enumerated() {
            violations.append(violation(forUndescribed: glyph, in: read.document, at: located[read.findings.count + adjustments.count + k]))
        }
        // What reading changed counts when its rule is selected: a linter that leaves wrong-typed values alone
        // (`withoutUnsafeFixes`) finds nothing to fix in them.
        var changed = !adjustments.isEmpty || read.findings.contains { finding in
            switch finding.kind {
            case .wrongType: return selection.includes(BuiltInRule.wrongType.id)
            case .behavior(let cause): return selection.includes(cause.identifier)
            }
        }
        // Everything in file order (and in the order found at one place), in the array sized up front, which
        // the run keeps.
        violations.removeAll { !selection.includes($0.rule) }
        Self.sortByPlaceInFile(&violations)
        // Per-range suppressions (`fmtcheck.ignore`): what they suppress is neither reported nor fixed.
        var suppressions = Suppressions(runs: suppressing)
        if !suppressions.regions.isEmpty {
            let (kept, suppressed) = suppressions.removingSuppressed(from: violations)
            violations = kept
            if changed && suppressed.contains(where: { $0.fix != .none }) {
                normalized = Suppressions.restoring(suppressed, in: normalized, from: read.document)
                changed = !normalized.isEqualIncludingBehaviors(to: read.document)
            }
            let unusedRule = BuiltInRule.unusedSuppression.id
            let problems = selection.includes(unusedRule)
                ? suppressions.problems(reportingUnused: reportsUnusedSuppressions, reported: selection.includes) : []
            if !problems.isEmpty {
                let places = Located(problems.map(\.range), in: read.document, map: read.sourceMap, source: read.source)
                for (k, problem) in problems.enumerated() {
                    violations.append(Violation(rule: unusedRule, severity: severity(of: unusedRule), message: problem.message,
                                                position: places[k].position, key: BuiltInRule.suppressionAttribute))
                }
                Self.sortByPlaceInFile(&violations)
            }
        }
        // Fingerprints of what is reported only; a finding about the file has its own (`violation(for:)`).
        for k in violations.indices where makesFingerprints && violations[k].fingerprint.isEmpty {
            let text = violations[k].position.utf8Offset..<(violations[k].position.utf8Offset + violations[k].position.utf8Length)
            violations[k].fingerprint = ViolationFingerprint.of(rule: violations[k].rule, key: violations[k].key, utf8Range: text, in: read.document)
        }
        return Outcome(violations: violations, fixed: changed ? normalized : nil, document: read.document,
                       images: read.images, isMalformed: false, warnings: read.warnings)
    }

    /// `violations` in file order, those at one place in the order found (a stable sort by byte offset); nothing
    /// is moved when they are in that order already, as one kind of finding comes out.
    static func sortByPlaceInFile(_ violations: inout [Violation]) {
        let offsets = violations.map(\.position.byteOffset)
        guard zip(offsets, offsets.dropFirst()).contains(where: { $0 > $1 }) else { return }
        let order = offsets.indices.sorted { offsets[$0] != offsets[$1] ? offsets[$0] < offsets[$1] : $0 < $1 }
        violations = order.map { violations[$0] }
    }

    /// UTF-8 ranges of a document with their positions. With a source map, the file places them (one pass over
    /// the file, `SourceMap.lineAndColumns(of:in:)`), and of the text only the UTF-16 offsets are counted (one
    /// forward pass, `RichString.offsets(of:in:)`); without one, the text's lines and columns do, from one forward pass over it (`RichString.textPositions(of:)`),
    /// which gives the characters before each bound as well.
    struct Located {
        /// Per range: the clamped range, its position, and the characters before its bounds when they were
        /// counted on the way.
        var entries: [(range: Range<Int>, position: DocumentPosition, characters: Range<Int>?)] = []

        /// `ranges` of `document`, placed in `source` (the file's bytes) through `map`; without a map, the
        /// file position is the text's (`DocumentPosition(utf8Range:in:)`).
        init(_ ranges: [Range<Int>], in document: RichString, map: SourceMap? = nil, source: [UInt8] = []) {
            let total = document.counts.utf8
            let clamped = ranges.map { range -> Range<Int> in
                let lower = min(max(range.lowerBound, 0), total)
                return lower..<min(max(range.upperBound, lower), total)
            }
            entries.reserveCapacity(clamped.count)
            if let map, !map.pieces.isEmpty {
                var textBounds: [(offset: Int, isEnd: Bool)] = []
                var indices: [RichString.Index] = []
                textBounds.reserveCapacity(2 * clamped.count)
                indices.reserveCapacity(2 * clamped.count)
                for range in clamped {
                    textBounds.append((range.lowerBound, false))
                    textBounds.append((range.upperBound, true))
                    indices.append(document.index(atOffset: range.lowerBound, in: .utf8))
                    indices.append(document.index(atOffset: range.upperBound, in: .utf8))
                }
                let bounds = map.fileOffsets(ofText: textBounds, in: source)
                var fileOffsets: [Int] = []
                fileOffsets.reserveCapacity(2 * clamped.count)
                for (k, range) in clamped.enumerated() {
                    let start = bounds[2 * k] ?? 0
                    let end = range.isEmpty ? start : (bounds[2 * k + 1] ?? start)
                    fileOffsets.append(start)
                    fileOffsets.append(max(start, end))
                }
                let places = SourceMap.lineAndColumns(of: fileOffsets, in: source, counting: map.columns)
                let utf16 = document.offsets(of: indices, in: .utf16)
                for (k, range) in clamped.enumerated() {
                    let (from, to) = (places[2 * k], places[2 * k + 1])
                    let utf16Start = utf16[2 * k]
                    let utf16Length = utf16[2 * k + 1] - utf16Start
                    let position = DocumentPosition(line: from.line, column: from.column, endLine: to.line, endColumn: to.column,
                                                    byteOffset: fileOffsets[2 * k], byteLength: fileOffsets[2 * k + 1] - fileOffsets[2 * k],
                                                    member: map.memberPath, utf8Offset: range.lowerBound, utf8Length: range.count,
                                                    utf16Offset: utf16Start, utf16Length: utf16Length)
                    entries.append((range, position, nil))
                }
                return
            }
            var offsets: [Int] = []
            offsets.reserveCapacity(2 * clamped.count)
            for range in clamped {
                offsets.append(range.lowerBound)
                offsets.append(range.upperBound)
            }
            let infos = document.textPositions(of: offsets.map { document.index(atOffset: $0, in: .utf8) })
            for (k, range) in clamped.enumerated() {
                let (start, end) = (infos[2 * k], infos[2 * k + 1])
                let position = DocumentPosition(line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
                                                byteOffset: range.lowerBound, byteLength: range.count,
                                                utf8Offset: range.lowerBound, utf8Length: range.count,
                                                utf16Offset: start.utf16Offset, utf16Length: end.utf16Offset - start.utf16Offset)
                entries.append((range, position, start.characterOffset..<max(end.characterOffset, start.characterOffset)))
            }
        }

        subscript(k: Int) -> (range: Range<Int>, position: DocumentPosition, characters: Range<Int>?) { entries[k] }
    }

    /// The rule id, severity and message of a reading finding.
    func violation(for finding: LintDocumentReader.Finding, in document: RichString) -> Violation {
        violation(for: finding, in: document, at: Located([finding.utf8Range], in: document)[0])
    }

    /// The rule id, severity and message of a reading finding whose position is known.
    func violation(for finding: LintDocumentReader.Finding, in document: RichString,
                   at located: (range: Range<Int>, position: DocumentPosition, characters: Range<Int>?)) -> Violation {
        let text = ViolationMessage.quote(located.range, characters: located.characters, in: document)
        let rule: String, message: String
        var expected: ValueDescription? = ViolationMessage.describe(finding.newValue)
        switch finding.kind {
        case .wrongType(let type):
            rule = BuiltInRule.wrongType.id
            message = ViolationMessage.wrongType(key: finding.key, actual: finding.oldValue, type: type, on: text)
            expected = ValueDescription(text: nil, kind: type.name)
        case .behavior(let cause):
            rule = cause.identifier
            message = ViolationMessage.behavior(cause, key: finding.key, actual: finding.oldValue, expected: finding.newValue, on: text)
        }
        return Violation(rule: rule, severity: severity(of: rule), message: message,
                         position: located.position, key: finding.key,
                         expected: expected, actual: ViolationMessage.describe(finding.oldValue))
    }

    /// The rule id, severity and message of something normalisation would change.
    func violation(for adjustment: Adjustment, in document: RichString) -> Violation {
        violation(for: adjustment, in: document, at: Located([adjustment.utf8Range], in: document)[0])
    }

    /// The rule id, severity and message of something normalisation would change, whose position is known.
    func violation(for adjustment: Adjustment, in document: RichString,
                   at located: (range: Range<Int>, position: DocumentPosition, characters: Range<Int>?)) -> Violation {
        let text = ViolationMessage.quote(located.range, characters: located.characters, in: document)
        let rule: String, message: String
        switch adjustment.rule {
        case .scope where definition.attributes[adjustment.key] == nil:
            rule = BuiltInRule.undeclaredAttribute.id
            let hint = Suggestions.didYouMean(adjustment.key, in: definition.attributeOrder)
            message = ViolationMessage.undeclared(key: adjustment.key, actual: adjustment.oldValue, definition: definition.name, hint: hint, on: text)
        case .scope:
            rule = BuiltInRule.scope.id
            message = ViolationMessage.scope(key: adjustment.key, actual: adjustment.oldValue, definition: definition.name, on: text)
        case .definedBehavior(let behavior):
            rule = BuiltInRule.scope.id
            message = ViolationMessage.definedBehavior(key: adjustment.key, behavior: behavior, definition: definition.name, on: text)
        case .constraint(let name):
            rule = name
            message = ViolationMessage.constraint(name, key: adjustment.key, actual: adjustment.oldValue, expected: adjustment.newValue, on: text)
        case .behavior(let cause):
            rule = cause.identifier
            message = ViolationMessage.behavior(cause, key: adjustment.key, actual: adjustment.oldValue, expected: adjustment.newValue, on: text)
        }
        return Violation(rule: rule, severity: severity(of: rule), message: message,
                         position: located.position, key: adjustment.key,
                         expected: ViolationMessage.describe(adjustment.newValue), actual: ViolationMessage.describe(adjustment.oldValue))
    }

    /// One pass over the runs of `document` for what the linter looks for in attribute sets: the Genmoji without a
    /// description (`glyph-description`), and the runs that carry a suppression (`Suppressions`).
    static func scanRuns(_ document: RichString) -> (undescribed: [(utf8Range: Range<Int>, key: String, contentIdentifier: String)],
                                                     suppressing: [(utf8Range: Range<Int>, value: AttributeValue)]) {
        var found: [(utf8Range: Range<Int>, key: String, contentIdentifier: String)] = []
        var suppressing: [(utf8Range: Range<Int>, value: AttributeValue)] = []
        let suppression = BuiltInRule.suppressionAttribute
        // Each distinct set is looked at once (`AttributeSetMemo`): no hashing and no reference counted per run on
        // sets that other threads' documents share.
        // Per distinct set only whether it has either (a trivial value: nothing retained per run); the few runs
        // that do are read again.
        var seen = AttributeSetMemo<(glyphs: Bool, suppression: Bool)>()
        func undescribedGlyphs(_ attributes: AttributeSet) -> [(key: String, contentIdentifier: String)] {
            attributes.entries.compactMap { entry in
                guard case .imageGlyph(let glyph) = entry.value, glyph.contentDescription.isEmpty else { return nil }
                return (entry.name, glyph.contentIdentifier)
            }
        }
        document.forEachRun(inUTF8: 0..<document.counts.utf8) { range, attributes in
            let k = seen.index(of: attributes) { attributes in (!undescribedGlyphs(attributes).isEmpty, attributes[suppression] != nil) }
            let flags = seen.values[k]
            if flags.glyphs {
                for glyph in undescribedGlyphs(attributes) { found.append((range, glyph.key, glyph.contentIdentifier)) }
            }
            if flags.suppression, let value = attributes[suppression] { suppressing.append((range, value)) }
            return true
        }
        return (found, suppressing)
    }

    /// The `glyph-description` finding of a glyph without a description, whose position is known.
    func violation(forUndescribed glyph: (utf8Range: Range<Int>, key: String, contentIdentifier: String), in document: RichString,
                   at located: (range: Range<Int>, position: DocumentPosition, characters: Range<Int>?)) -> Violation {
        let rule = BuiltInRule.glyphDescription.id
        let text = ViolationMessage.quote(located.range, characters: located.characters, in: document)
        return Violation(rule: rule, severity: severity(of: rule),
                         message: ViolationMessage.glyphDescription(key: glyph.key, contentIdentifier: glyph.contentIdentifier, on: text),
                         position: located.position, key: glyph.key, expected: nil, actual: nil)
    }

    /// Something the reader had to interpret or could not keep, at its place in the input (in a package, in
    /// its `member`, the TXT.rtf, as every other finding there).
    func violation(for warning: DocumentWarning, member: String? = nil) -> Violation {
        let rule = BuiltInRule.readerWarning.id
        let location = warning.location
        let position = DocumentPosition(line: location?.line ?? 1, column: location?.column ?? 1, byteOffset: location?.byteOffset ?? 0, member: member)
        var found = Violation(rule: rule, severity: severity(of: rule), message: warning.message, position: position)
        if makesFingerprints { found.fingerprint = ViolationFingerprint.of(rule: rule, message: warning.message) }
        return found
    }

    /// A document that cannot be read: one `malformed-document` finding at the error's line and column, reported
    /// whatever `--select` and `--ignore` say (and exit 2).
    func malformed(_ error: DocumentError) -> [Violation] {
        // Always reported, whatever the selection: a document that cannot be read never passes.
        let rule = BuiltInRule.malformedDocument.id
        let location = error.location
        let position = DocumentPosition(line: location?.line ?? 1, column: location?.column ?? 1, byteOffset: location?.byteOffset ?? 0)
        var message = error.message
        if let expected = error.expected, !message.contains(expected) { message += "; expected \(expected)" }
        var found = Violation(rule: rule, severity: .error, message: "the document cannot be read: \(message)", position: position)
        if makesFingerprints { found.fingerprint = ViolationFingerprint.of(rule: rule, message: found.message) }
        return [found]
    }
}
