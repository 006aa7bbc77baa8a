import RichText

/// A probe run dry: what `apply` would report, derived from the document's runs without building anything.
///
/// Two common cases, where the string's behaviour steps are known to do nothing and no paragraph-bound key is
/// in play, so the edit's effect on the runs is known in advance:
/// - an attribute set whose key has no run boundary and no dependency, over runs without paragraph-bound or
///   dependent keys: the edited runs are the old ones with the key set (or removed) over the ranges;
/// - an insert of ASCII text (no CR) between ASCII bytes, with no bound key next to it and not strictly inside
///   a stretch that text changes invalidate: the new text takes the typing attributes, and every position
///   around it is a character boundary.
/// The engine's own step (`enforceDefinition`) then runs dry over those runs (`DryEnforcement`). Anything
/// else, or a constrained set carrying a bound key (the engine would split it and run the boundary step), goes
/// back to the excerpt probe.
extension FormattingEngine {
    /// `probe` run dry, or nil when the dry run cannot decide.
    func dryProbe(_ edit: Edit, on document: RichString) -> ProbeResult? {
        switch edit {
        case let .setAttribute(key, value, ranges):
            let list = Self.rangeList(of: ranges)
            return drySetAttributeResult(edit, key, to: value, in: list, on: document)
        case let .replaceText(range, text):
            guard let (adjustments, _, start) = dryInsert(text, at: range, on: document) else { return nil }
            return .ofTextEdit(adjustments: adjustments, inserted: start..<(start + text.utf8.count), askedKeys: [], edited: lazyEdited(edit, on: document))
        case .replaceAttributed, .removeText:
            return nil
        }
    }

    /// The probe of `edit`, an attribute set of `key` to `value` over `ranges`, run dry; nil when the dry run
    /// cannot decide.
    private func drySetAttributeResult(_ edit: Edit, _ key: AttributeKeyDescriptor, to value: AttributeValue?, in ranges: [Range<RichString.Index>], on document: RichString) -> ProbeResult? {
        drySetAttribute(key, to: value, in: ranges, on: document).map { adjustments, isKept, targets in
            ProbeResult(adjustments: adjustments, isKept: isKept, reverts: ProbeResult.reverts(of: key, over: targets, in: adjustments),
                        edited: lazyEdited(edit, on: document))
        }
    }

    /// `typingAttributes` run dry, or nil when the dry run cannot decide.
    func dryTypingAttributes(at index: RichString.Index, in document: RichString) -> AttributeSet? {
        dryInsert("x", at: index..<index, on: document)?.typed
    }

    /// The edited document of a probe, made by copying and applying when first read.
    func lazyEdited(_ edit: Edit, on document: RichString) -> LazyDocument {
        LazyDocument { [self] in
            var copy = document
            apply(edit, to: &copy)
            return copy
        }
    }

    /// What `apply(.setAttribute(key, value, ranges))` reports, and whether every selected byte would end up
    /// with `value`; nil when the dry run cannot decide.
    /// With the selected ranges as UTF-8 offsets.
    func drySetAttribute(_ key: AttributeKeyDescriptor, to value: AttributeValue?, in ranges: [Range<RichString.Index>], on document: RichString) -> (adjustments: [Adjustment], isKept: Bool, targets: [Range<Int>])? {
        // Behaviour steps fire for a paragraph-bound or character-bound key, or for keys that depend on the key
        // changed; the engine reads paragraph starts when the definition binds keys to paragraphs.
        guard !hasParagraphOwnedKeys, key.behavior.runBoundaries == nil, !Self.hasDependency(key.behavior) else { return nil }
        let total = document.utf8Count
        guard total > 0 else { return nil }
        if ranges.contains(where: { $0.lowerBound.isTrailingSurrogate || $0.upperBound.isTrailingSurrogate }) { return nil }
        let targets = ranges.map { document.utf8Range(of: $0) }
        let region = (targets.first?.lowerBound ?? 0)..<(targets.last?.upperBound ?? 0)
        // Setting an attribute leaves the text as it is: the enforced stretch is the same as on the document.
        let widened = document.widenedToCharacters(region, margin: true)
        // The key resolved once, as `apply` resolves it, not once per run.
        let transform = AttributeSet.KeyChange(setting: key, to: value)
        var enforcement = DryEnforcement(engine: self)
        var isKept = true
        var decidable = true
        var t = 0
        func settled(_ run: (range: Range<Int>, attributes: AttributeSet)?) {
            guard let run else { return }
            // Selected bytes under this run (targets lie inside the enforced stretch, in order).
            for target in targets where target.overlaps(run.range) && run.attributes[key.name] != value {
                isKept = false
            }
        }
        document.forEachRun(inUTF8: widened) { range, attributes in
            var position = range.lowerBound
            while position < range.upperBound {
                while t < targets.count && targets[t].upperBound <= position { t += 1 }
                let piece: Range<Int>
                var set = attributes
                if t < targets.count && targets[t].lowerBound <= position {
                    // Selected: the key is set here, which must fire no behaviour step.
                    piece = position..<min(range.upperBound, targets[t].upperBound)
                    if attributes.hasParagraphKeys || attributes.hasDependentKeys { decidable = false; return false }
                    set = transform(attributes)
                } else {
                    piece = position..<min(range.upperBound, t < targets.count ? targets[t].lowerBound : range.upperBound)
                }
                settled(enforcement.add(piece, set))
                position = piece.upperBound
            }
            return true
        }
        guard decidable else { return nil }
        settled(enforcement.finish())
        guard !enforcement.writesBoundKeys else { return nil }
        return (enforcement.adjustments, isKept, targets)
    }

    /// What `apply(.replaceText(range, text))` reports when `range` is empty, and the attributes the new text
    /// ends up with, and where it goes (a UTF-8 offset); nil when the dry run cannot decide.
    func dryInsert(_ text: String, at range: Range<RichString.Index>, on document: RichString) -> (adjustments: [Adjustment], typed: AttributeSet, offset: Int)? {
        guard !hasParagraphOwnedKeys, range.isEmpty, !range.lowerBound.isTrailingSurrogate else { return nil }
        let total = document.utf8Count
        let length = text.utf8.count
        guard total > 0, length > 0, text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
        let offset = document.utf8Range(of: range).lowerBound
        // ASCII without CR on both sides, and ASCII text in between: every position from two bytes before the
        // insert to two after it is a character boundary, before and after the edit.
        guard document.isASCIIWithoutCR(aroundUTF8: offset) else { return nil }
        // No behaviour step fires, so the string inserts the typed attributes and nothing else: no key bound to
        // paragraphs or characters next to the insert or in the typed attributes, and the insert is not
        // strictly inside a stretch of a key that text changes invalidate (equal values on both sides).
        var before: AttributeSet? = nil, after: AttributeSet? = nil
        document.forEachRun(inUTF8: max(offset - 1, 0)..<min(offset + 1, total)) { piece, attributes in
            if piece.lowerBound < offset { before = attributes }
            if piece.upperBound > offset { after = attributes }
            return true
        }
        // Typed text takes the inheritance source's inheritable keys (the string's one rule): all of them when
        // none has a behaviour. Otherwise the string answers (paragraph starts aside, excluded here).
        guard let source = RichString.inheritanceSource(forTypingOver: offset..<offset) < offset ? before : after else { return nil }
        let typed = source.hasBehaviors ? document.typingAttributes(at: range.lowerBound) : source
        func bindsKeys(_ set: AttributeSet?) -> Bool { set.map { $0.hasParagraphKeys || $0.hasCharacterKeys } ?? false }
        if bindsKeys(before) || bindsKeys(after) || bindsKeys(typed) { return nil }
        if let before, let after {
            let broken = Self.textChangedKeysShared(before, after)
            if !broken.isEmpty {
                return dryInsertBreakingStretches(of: broken, at: offset, length: length, typed: typed, on: document).map { ($0.adjustments, $0.typed, offset) }
            }
        }
        // The edited document's runs over the enforced stretch: one byte (one character) each side of the text.
        var enforcement = DryEnforcement(engine: self)
        var final: AttributeSet? = nil
        func settled(_ run: (range: Range<Int>, attributes: AttributeSet)?) {
            if let run, run.range.contains(offset) { final = run.attributes }
        }
        if let before { settled(enforcement.add((offset - 1)..<offset, before)) }
        settled(enforcement.add(offset..<(offset + length), typed))
        if let after { settled(enforcement.add((offset + length)..<(offset + length + 1), after)) }
        settled(enforcement.finish())
        guard !enforcement.writesBoundKeys, let final else { return nil }
        return (enforcement.adjustments, final, offset)
    }

    /// The keys invalidated by text changes (in either set) that have the same value in both, by name: text
    /// put between them is strictly inside their stretch.
    static func textChangedKeysShared(_ a: AttributeSet, _ b: AttributeSet) -> [(name: String, value: AttributeValue)] {
        guard a.hasBehaviors || b.hasBehaviors else { return [] }
        var shared: [(name: String, value: AttributeValue)] = []
        for (x, y) in [(a, b), (b, a)] {
            for entry in x.entries where entry.behavior.isInvalidatedByTextChange && y[entry.name] == entry.value {
                if !shared.contains(where: { $0.name == entry.name }) { shared.append((entry.name, entry.value)) }
            }
        }
        return shared.sorted { $0.name < $1.name }
    }

    /// Whether a behaviour makes the key depend on another key's change.
    static func hasDependency(_ behavior: AttributeBehavior) -> Bool {
        behavior.invalidationConditions.contains { if case .attributeChanged = $0 { return true } else { return false } }
    }
}

/// `enforceDefinition`'s scope-and-constraints step run dry, for a definition without paragraph-bound keys,
/// over the runs the edited document would hold in the enforced stretch, given in order (clipped to it).
/// Equal neighbours are merged first, as the document stores them; then each run's constrained set is
/// compared with its own and every differing key reported, pieces merged, as the engine reports them.
struct DryEnforcement {
    let engine: FormattingEngine
    private(set) var adjustments: [Adjustment] = []
    /// Whether a constrained set carries a key bound to paragraphs or characters: the engine would split it
    /// and run the boundary step, which the dry run does not follow.
    private(set) var writesBoundKeys = false
    private var pending: (range: Range<Int>, attributes: AttributeSet)? = nil

    init(engine: FormattingEngine) { self.engine = engine }

    /// Adds the next run; returns the run settled by it (its range and its attributes after the engine), if any.
    mutating func add(_ range: Range<Int>, _ attributes: AttributeSet) -> (range: Range<Int>, attributes: AttributeSet)? {
        guard !range.isEmpty else { return nil }
        if let run = pending, run.attributes == attributes, run.range.upperBound == range.lowerBound {
            pending = (run.range.lowerBound..<range.upperBound, attributes)
            return nil
        }
        let previous = pending
        pending = (range, attributes)
        guard let previous else { return nil }
        return settle(previous)
    }

    /// Settles the last run.
    mutating func finish() -> (range: Range<Int>, attributes: AttributeSet)? {
        guard let run = pending else { return nil }
        pending = nil
        return settle(run)
    }

    private mutating func settle(_ run: (range: Range<Int>, attributes: AttributeSet)) -> (range: Range<Int>, attributes: AttributeSet) {
        guard let entry = engine.rewrite(of: run.attributes, paragraphStart: nil, learnsResults: false) else { return run }
        let new = entry.result
        if new.hasParagraphKeys || new.hasCharacterKeys { writesBoundKeys = true }
        let piece = run.range
        var adjustments = self.adjustments
        self.adjustments = []
        FormattingEngine.report(entry.differences, over: piece, into: &adjustments)
        self.adjustments = adjustments
        return (piece, new)
    }
}
