import RichText

/// Runs every mutation through DESIGN §3's pipeline — the raw edit with inheritance, invalidation (both done by
/// the string), then scope, value constraints, run boundaries and coalescing — over the affected region only,
/// and reports every change it made on its own.
public struct FormattingEngine: Sendable {
    /// Everything the engine holds, behind one reference: an engine is copied on every call that captures or
    /// unwraps it, and a copy then retains one object.
    final class Core: Sendable {
        let definition: FormattingDefinition
        let scopeNames: Set<String>
        let descriptors: [String: AttributeKeyDescriptor]
        let hasParagraphOwnedKeys: Bool
        /// The token a document carries once it has this definition's behaviours (`RichString.behaviorStamp`),
        /// shared by every engine whose scope declares the same behaviours.
        let behaviorStamp: UInt64
        let keepsOutsideScope: @Sendable (String) -> Bool
        let cache = ConstraintCache()
        let fixedPoints = FixedPointMemo()
        let steps: [ConstraintStep]
        /// Whether the shortcuts that skip work provably left undone (`fixedPoints`, one-range edits) are taken;
        /// off only in tests, as the reference they are checked against.
        let usesFastPaths: Bool

        init(_ definition: FormattingDefinition, keepingOutsideScope keep: @escaping @Sendable (String) -> Bool, usesFastPaths: Bool) {
            self.usesFastPaths = usesFastPaths
            keepsOutsideScope = keep
            self.definition = definition
            scopeNames = definition.scopeNames
            descriptors = Dictionary(definition.scope.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            behaviorStamp = BehaviorStamps.token(for: descriptors)
            steps = definition.constraints.map(ConstraintStep.init)
            hasParagraphOwnedKeys = definition.constraints.contains { $0.key.behavior.runBoundaries == .paragraph }
                || definition.scope.contains { $0.behavior.runBoundaries == .paragraph }
        }
    }
    let core: Core

    /// The definition enforced.
    public var definition: FormattingDefinition { core.definition }
    var scopeNames: Set<String> { core.scopeNames }
    var descriptors: [String: AttributeKeyDescriptor] { core.descriptors }
    var hasParagraphOwnedKeys: Bool { core.hasParagraphOwnedKeys }
    /// Keys outside the scope that stay as they are instead of being removed.
    var keepsOutsideScope: @Sendable (String) -> Bool { core.keepsOutsideScope }
    var cache: ConstraintCache { core.cache }
    /// The sets the definition leaves as they are (outside paragraph starts), read before `cache`.
    var fixedPoints: FixedPointMemo { core.fixedPoints }
    var usesFastPaths: Bool { core.usesFastPaths }
    /// The constraints with what the chain asks of each, read once.
    var steps: [ConstraintStep] { core.steps }

    /// An engine for `definition`.
    public init(_ definition: FormattingDefinition) {
        self.init(definition, keepingOutsideScope: { _ in false })
    }

    /// An engine for `definition` that leaves the keys outside its scope for which `keep` is true as they are
    /// (a linter fixing only the rules it was asked to fix keeps what an ignored scope rule would remove).
    public init(_ definition: FormattingDefinition, keepingOutsideScope keep: @escaping @Sendable (String) -> Bool) {
        core = Core(definition, keepingOutsideScope: keep, usesFastPaths: true)
    }

    /// An engine that takes the general path everywhere (`usesFastPaths` false): the reference in tests.
    init(_ definition: FormattingDefinition, usesFastPaths: Bool) {
        core = Core(definition, keepingOutsideScope: { _ in false }, usesFastPaths: usesFastPaths)
    }

    /// Applies `edit` to `document` and returns every adjustment, in the order made.
    ///
    /// A document that does not carry the definition's behaviours yet (one read without the definition) gets
    /// them first (`stampBehaviors`), and what that changed comes first in the list, placed in the offsets
    /// after the edit. Whether it carries them is known in O(1) (`carriesDefinedBehaviors`), so a document
    /// edited through the engine pays for that walk once. Keys the edit itself brings in (a paste, a key set
    /// with another descriptor's behaviour) take the definition's behaviours in the scope step, as part of the
    /// edit, with no adjustment: their values stand as asked.
    @discardableResult
    public func apply(_ edit: consuming Edit, to document: inout RichString) -> [Adjustment] {
        let token = core.behaviorStamp
        guard document.behaviorStamp == token else { return applyStamping(edit, to: &document) }
        var processed = 0..<0
        let adjustments = apply(edit, to: &document, processed: &processed, learnsResults: true)
        // Every set the edit brought in or the steps rewrote lies in the region the definition was enforced
        // over (the scope step gives keys their defined behaviours there), and the rest carried them before.
        document.behaviorStamp = token
        return adjustments
    }

    /// `apply`, also giving the stretch (UTF-8 offsets after the edit) the definition was enforced over: every
    /// offset the engine read or wrote after the string's own steps lies in it. `learnsResults`: see `constrained`.
    func apply(_ edit: consuming Edit, to document: inout RichString, processed: inout Range<Int>, learnsResults: Bool) -> [Adjustment] {
        let behaviorReports: [AttributeAdjustment]
        var region: Range<Int>
        // The edit is taken apart, not copied: its payload moves into the cases below.
        switch consume edit {
        case let .replaceText(range, text):
            let r = document.utf8Range(of: range)
            behaviorReports = document.replaceSubrange(range, with: text)
            region = r.lowerBound..<(r.lowerBound + text.utf8.count)
        case let .replaceAttributed(range, piece):
            let r = document.utf8Range(of: range)
            behaviorReports = document.replaceSubrange(range, with: piece)
            region = r.lowerBound..<(r.lowerBound + piece.counts.utf8)
        case let .removeTextInRange(range):
            guard usesFastPaths else {
                return apply(.removeText(RangeSet(range)), to: &document, processed: &processed, learnsResults: learnsResults)
            }
            let r = document.utf8Range(of: range)
            behaviorReports = document.removeSubrange(range)
            region = r.lowerBound..<r.lowerBound
        case let .removeText(ranges):
            // One range (a deletion, nearly always) through the string's one-range call, which does what the
            // range-set call does with one range, without walking the range set generically.
            if usesFastPaths, let range = Self.onlyRange(of: ranges) {
                return apply(.removeTextInRange(range), to: &document, processed: &processed, learnsResults: learnsResults)
            }
            let list = ranges.ranges.map { document.utf8Range(of: $0) }
            behaviorReports = document.removeSubranges(ranges)
            let removed = list.reduce(0) { $0 + $1.count }
            let lower = list.first?.lowerBound ?? 0
            region = lower..<max(lower, (list.last?.upperBound ?? 0) - removed)
        case let .setAttributeInRange(key, value, range):
            guard usesFastPaths else {
                return apply(.setAttribute(key, to: value, in: RangeSet(range)), to: &document, processed: &processed, learnsResults: learnsResults)
            }
            region = document.utf8Range(of: range)
            if let adjustments = applyAttributeSetInOneWrite(key, to: value, in: region, to: &document,
                                                             processed: &processed, learnsResults: learnsResults) {
                return adjustments
            }
            behaviorReports = document.setAttribute(key, to: value, in: range)
        case let .setAttribute(key, value, ranges):
            if usesFastPaths, let range = Self.onlyRange(of: ranges) {
                return apply(.setAttributeInRange(key, to: value, in: range), to: &document, processed: &processed, learnsResults: learnsResults)
            }
            let list = ranges.ranges.map { document.utf8Range(of: $0) }
            behaviorReports = document.setAttribute(key, to: value, in: ranges)
            region = (list.first?.lowerBound ?? 0)..<(list.last?.upperBound ?? 0)
        }
        // Most edits fire no behaviour: the definition's adjustments are then the whole list, not appended to one.
        if behaviorReports.isEmpty {
            return enforceDefinition(on: &document, in: region, processed: &processed, learnsResults: learnsResults)
        }
        var adjustments = behaviorReports.map(Adjustment.init)
        for report in behaviorReports { region = region.union(report.utf8Range) }
        adjustments += enforceDefinition(on: &document, in: region, processed: &processed, learnsResults: learnsResults)
        return adjustments
    }

    /// Normalises a whole document: the definition's behaviours (`stampBehaviors`, then the behaviour fix-up
    /// under them), scope, constraints and run boundaries, once each.
    @discardableResult
    public func normalize(_ document: inout RichString) -> [Adjustment] {
        var adjustments = carriesDefinedBehaviors(document)
            ? document.enforceBehaviors().map(Adjustment.init)
            : stampBehaviors(&document)
        var processed = 0..<0
        adjustments += enforceDefinition(on: &document, in: 0..<document.utf8Count, processed: &processed, learnsResults: true)
        // The definition's writes are results of the scope step, which gives keys their defined behaviours.
        document.behaviorStamp = core.behaviorStamp
        return adjustments
    }

    /// What `normalize` would change, without changing anything: linting is normalisation run dry, so the two
    /// agree on every document, behaviours included.
    public func lint(_ document: RichString) -> [Adjustment] {
        var copy = document
        return normalize(&copy)
    }

    /// Scope, constraints and run boundaries over `region` (widened to whole paragraphs when paragraph-bound
    /// keys are in play).
    func enforceDefinition(on document: inout RichString, in region: Range<Int>, processed: inout Range<Int>, learnsResults: Bool) -> [Adjustment] {
        let total = document.utf8Count
        processed = region.clamped(to: 0..<total)
        guard total > 0 else { return [] }
        // Whole characters, and one more on each side: an edit can merge or split the clusters next to it
        // ("•" stops being "•" when a combining mark lands after it), which changes what bound keys allow.
        let widened = document.widenedToCharacters(region, margin: true)
        let lower = widened.lowerBound
        let upper = widened.upperBound
        if usesFastPaths, !hasParagraphOwnedKeys, allFixedPoints(over: widened, in: document) {
            // Nothing to do, found by a walk that captures nothing it writes (the general walk below captures
            // the adjustments and writes, which costs a dynamic exclusivity check per run).
            processed = widened
            return []
        }
        var adjustments: [Adjustment] = []
        var writes: [(Range<Int>, [AttributeRun])] = []
        /// Scope and constraints over the runs of `paragraph`, whose first character's constrained set is
        /// `first` when paragraph-bound keys are in play.
        func enforce(_ paragraph: Range<Int>, first: AttributeSet?, in document: RichString) {
            document.forEachRun(inUTF8: paragraph) { range, attributes in
                enforceRun(range, attributes, paragraphStart: first, in: document, learnsResults: learnsResults,
                           adjustments: &adjustments, writes: &writes)
                return true
            }
        }
        if hasParagraphOwnedKeys {
            // One byte further: a paragraph that starts right where the region ends has a new first character
            // when the edit inserted or removed a separator.
            let paragraphs = document.paragraphRanges(overlappingUTF8: lower..<min(upper + 1, total)).filter { !$0.isEmpty }
            processed = paragraphs.reduce(lower..<upper) { $0.union($1) }
            for paragraph in paragraphs {
                var start: AttributeSet = .empty
                document.forEachRun(inUTF8: paragraph.lowerBound..<(paragraph.lowerBound + 1)) { _, a in start = a; return false }
                let first = constrained(start, paragraphStart: nil, learnsResult: learnsResults).result
                enforce(paragraph, first: first, in: document)
            }
        } else {
            processed = widened
            enforce(widened, first: nil, in: document)
        }
        for (range, runs) in writes { document.replaceAttributesRaw(range, with: runs) }
        // The writes are boundary-consistent by construction (paragraph-owned keys come from the paragraph's
        // first character, character-bound keys were split per character); only re-stamped behaviours on
        // outside data can leave a boundary to fix, so the step runs when a written set has bound keys.
        let writesBoundKeys = writes.contains { $0.1.contains { $0.attributes.hasParagraphKeys || $0.attributes.hasCharacterKeys } }
        if writesBoundKeys {
            adjustments += document.enforceRunBoundaries(in: lower..<upper).map(Adjustment.init)
        }
        return adjustments
    }

    /// Whether every run over `range` carries a set `fixedPoints` knows the definition leaves as it is: after
    /// most edits, all of them.
    func allFixedPoints(over range: Range<Int>, in document: RichString) -> Bool {
        let fixedPoints = self.fixedPoints
        var settled = true
        document.forEachRun(inUTF8: range) { _, attributes in
            settled = fixedPoints.contains(attributes)
            return settled
        }
        return settled
    }

    /// What scope and constraints make of a run carrying `attributes` (`first`: see `enforceRun`), or nil when
    /// they leave it as it is. Nearly every run an edit touches carries such a set, known from `fixedPoints`
    /// without the cache.
    @inline(__always)
    func rewrite(of attributes: AttributeSet, paragraphStart first: AttributeSet?, learnsResults: Bool) -> ConstraintCache.Entry? {
        if first == nil, usesFastPaths, fixedPoints.contains(attributes) { return nil }
        let entry = constrained(attributes, paragraphStart: first, learnsResult: learnsResults)
        return entry.result == attributes ? nil : entry
    }

    /// Scope and constraints over one run (`range`, carrying `attributes`; `first` is the paragraph's first
    /// character's constrained set when paragraph-bound keys are in play): when the definition changes the set,
    /// the runs to write over `range` go to `writes` and every value that really changes, piece by piece, to
    /// `adjustments` under the rule that made its final value.
    func enforceRun(_ range: Range<Int>, _ attributes: AttributeSet, paragraphStart first: AttributeSet?, in document: RichString,
                    learnsResults: Bool, adjustments: inout [Adjustment], writes: inout [(Range<Int>, [AttributeRun])]) {
        guard let entry = rewrite(of: attributes, paragraphStart: first, learnsResults: learnsResults) else { return }
        write(entry, over: range, carrying: attributes, in: document, adjustments: &adjustments, writes: &writes)
    }

    /// The write and the adjustments of `entry`, the definition's rewrite of a run over `range` carrying
    /// `attributes`: the result, with a key bound to a character kept only on that character.
    func write(_ entry: ConstraintCache.Entry, over range: Range<Int>, carrying attributes: AttributeSet, in document: RichString,
               adjustments: inout [Adjustment], writes: inout [(Range<Int>, [AttributeRun])]) {
        let new = entry.result
        let runs = splitForCharacterKeys(new, over: range, in: document)
        writes.append((range, runs))
        if runs.count == 1, runs[0].attributes == new {
            // The run takes the result whole (no character-bound key was split off): its changes are the
            // entry's differences, worked out once per set.
            Self.report(entry.differences, over: range, into: &adjustments)
            return
        }
        var position = range.lowerBound
        for run in runs {
            let piece = position..<(position + run.utf8Count)
            Self.forEachDifferingKey(attributes, run.attributes) { name, oldValue, newValue in
                let rule = newValue == new[name] ? entry.lastRule(for: name) ?? .scope : .behavior(.characterBoundary)
                Self.report(rule, name, oldValue, newValue, over: piece, into: &adjustments)
            }
            position = piece.upperBound
        }
    }

    /// Appends the change of `key` over `piece`, or extends the last adjustment when it is the same change by the
    /// same rule and ends where `piece` starts.
    static func report(_ rule: Adjustment.Rule, _ key: String, _ oldValue: AttributeValue?, _ newValue: AttributeValue?,
                       over piece: Range<Int>, into adjustments: inout [Adjustment]) {
        report(Adjustment(rule: rule, utf8Range: piece, key: key, oldValue: oldValue, newValue: newValue), over: piece, into: &adjustments)
    }

    /// Appends `changes` (adjustments over an empty range, as a cache entry keeps them) placed over `piece`.
    @inline(__always)
    static func report(_ changes: [Adjustment], over piece: Range<Int>, into adjustments: inout [Adjustment]) {
        // Room for a few runs' worth at once: growing from empty one doubling at a time costs more than the
        // reports themselves.
        if adjustments.isEmpty { adjustments.reserveCapacity(4 * changes.count) }
        for k in changes.indices { report(changes[k], over: piece, into: &adjustments) }
    }

    /// Appends `change` placed over `piece`, or extends the last adjustment instead when it is the same change
    /// (same rule, key and values) and ends where `piece` starts. Compared in place and copied once.
    @inline(__always)
    static func report(_ change: Adjustment, over piece: Range<Int>, into adjustments: inout [Adjustment]) {
        let i = adjustments.count - 1
        if i >= 0, adjustments[i].utf8Range.upperBound == piece.lowerBound, adjustments[i].change.isSame(as: change.change) {
            adjustments[i].utf8Range = adjustments[i].utf8Range.lowerBound..<piece.upperBound
        } else {
            adjustments.append(change)
            adjustments[i + 1].utf8Range = piece
        }
    }

    /// One run's attributes after scope and every constraint, with each value change it made (without ranges).
    /// With `learnsResult`, a new answer's result set gets its own answer cached too (probes, which leave no
    /// runs behind, skip that).
    func constrained(_ attributes: AttributeSet, paragraphStart: AttributeSet?, learnsResult: Bool) -> ConstraintCache.Entry {
        let key = ConstraintCache.Key(attributes: attributes, paragraphStart: paragraphStart)
        if let cached = cache.entry(for: key) {
            noteFixedPoint(attributes, cached, paragraphStart: paragraphStart)
            return cached
        }
        let entry = computeConstrained(attributes, paragraphStart: paragraphStart)
        cache.store(entry, for: key)
        noteFixedPoint(attributes, entry, paragraphStart: paragraphStart)
        // The result is what runs will carry from now on, and the next edit next to them asks about it: learn
        // its answer too while the chain is warm (computed, not assumed: a chain need not be idempotent).
        if learnsResult, entry.result != attributes {
            let next = ConstraintCache.Key(attributes: entry.result, paragraphStart: paragraphStart)
            if cache.entry(for: next) == nil {
                let nextEntry = computeConstrained(entry.result, paragraphStart: paragraphStart)
                cache.store(nextEntry, for: next)
                noteFixedPoint(entry.result, nextEntry, paragraphStart: paragraphStart)
            }
        }
        return entry
    }

    /// Remembers `attributes` in `fixedPoints` when `entry`, its answer outside paragraph starts, gives it back.
    @inline(__always)
    private func noteFixedPoint(_ attributes: AttributeSet, _ entry: ConstraintCache.Entry, paragraphStart: AttributeSet?) {
        if paragraphStart == nil, entry.result == attributes, !fixedPoints.contains(attributes) { fixedPoints.insert(attributes) }
    }

    /// The one range of `ranges`, or nil when it holds none or several. Reads the range set by count and
    /// subscript: its generic collection walk costs far more than the edit it describes.
    static func onlyRange(of ranges: RangeSet<RichString.Index>) -> Range<RichString.Index>? {
        let list = ranges.ranges
        guard list.count == 1 else { return nil }
        return list[list.startIndex]
    }

    /// Calls `body` with each key whose value differs between `old` and `new`, in name order, with both values.
    /// Both entry lists are sorted by name, so one merge walk finds them.
    static func forEachDifferingKey(_ old: AttributeSet, _ new: AttributeSet, _ body: (String, AttributeValue?, AttributeValue?) -> Void) {
        let a = old.entries, b = new.entries
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].name < b[j].name) {
                body(a[i].name, a[i].value, nil)
                i += 1
            } else if i == a.count || b[j].name < a[i].name {
                body(b[j].name, nil, b[j].value)
                j += 1
            } else {
                if a[i].value != b[j].value { body(a[i].name, a[i].value, b[j].value) }
                i += 1
                j += 1
            }
        }
    }

    private func computeConstrained(_ attributes: AttributeSet, paragraphStart: AttributeSet?) -> ConstraintCache.Entry {
        let range = 0..<0
        // One working copy of the entries for the whole chain; the result is interned once at the end.
        var current = ConstrainedAttributes(attributes: attributes, owned: definition.constraints.first?.key ?? AttributeKeyDescriptor(name: ""))
        var adjustments: [Adjustment] = []
        // Scope: keys outside it go; keys inside it carry the definition's behaviours.
        current.mapEntries { entry in
            if let defined = definedEntry(entry) { return defined }
            if keepsOutsideScope(entry.name) { return entry }
            adjustments.append(Adjustment(rule: .scope, utf8Range: range, key: entry.name, oldValue: entry.value, newValue: nil))
            return nil
        }
        for step in steps {
            let before = current[step.keyName]
            current.changed = false
            if step.isParagraphBound, let paragraphStart {
                // A paragraph-bound key is decided once per paragraph, on its first character.
                current.put(step.keyName, paragraphStart[step.keyName], behavior: step.key.behavior)
            } else {
                current.owned = step.key
                step.constraint.constrain(&current)
            }
            guard current.changed else { continue }
            let after = current[step.keyName]
            if before != after {
                adjustments.append(Adjustment(rule: step.rule, utf8Range: range, key: step.keyName, oldValue: before, newValue: after))
            }
        }
        return ConstraintCache.Entry(asked: attributes, result: current.attributes, changes: adjustments)
    }

    /// The runs to write over `range` for `attributes`: a key bound to a character is kept only on the scalars
    /// its boundary admits (`RunBoundary.admits`), so the boundary step that follows has nothing to undo.
    func splitForCharacterKeys(_ attributes: AttributeSet, over range: Range<Int>, in document: RichString) -> [AttributeRun] {
        let bound = attributes.entries.compactMap { entry -> (name: String, boundary: RunBoundary)? in
            guard let boundary = entry.behavior.runBoundaries, boundary.constrainedScalar != nil else { return nil }
            return (entry.name, boundary)
        }
        guard !bound.isEmpty else { return [AttributeRun(utf8Count: range.count, attributes: attributes)] }
        var runs: [AttributeRun] = []
        document.forEachScalar(inUTF8: range) { offset, scalar in
            var set = attributes
            for (name, boundary) in bound where !boundary.admits(scalar) { set = set.removing(name) }
            let length = min(offset + scalar.utf8.count, range.upperBound) - max(offset, range.lowerBound)
            if let last = runs.last, last.attributes == set {
                runs[runs.count - 1].utf8Count += length
            } else {
                runs.append(AttributeRun(utf8Count: length, attributes: set))
            }
        }
        return runs
    }
}

/// One constraint of the chain with what the engine asks of it on every run, read once from the existential.
struct ConstraintStep: Sendable {
    let constraint: any ValueConstraint
    let key: AttributeKeyDescriptor
    let keyName: String
    let isParagraphBound: Bool
    let rule: Adjustment.Rule

    init(_ constraint: any ValueConstraint) {
        self.constraint = constraint
        key = constraint.key
        keyName = key.name
        isParagraphBound = key.behavior.runBoundaries == .paragraph
        rule = .constraint(constraint.name)
    }
}

extension Range where Bound == Int {
    /// The smallest range covering both.
    func union(_ other: Range<Int>) -> Range<Int> {
        Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
    }
}
