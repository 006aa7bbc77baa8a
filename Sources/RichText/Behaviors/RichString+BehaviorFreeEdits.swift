/// The runs around a text edit, read in one walk: what the quick paths need to know that the pipeline would
/// do nothing beyond the raw replacement.
///
/// It names the sets of runs without holding them (a neighbourhood is made on every keystroke, and holding its
/// eight sets would cost sixteen atomic reference counts). That is sound because every set it names is read
/// while the string still holds it: the quick paths read the sets before they change the string, except `after`
/// following a plain deletion, whose run the deletion leaves in place with its set. A set the string holds
/// cannot be reclaimed (see `AttributeRegistry`).
struct EditNeighbourhood {
    /// A set named without a reference.
    struct SetName {
        unowned(unsafe) let storage: SetStorage
        init(_ set: AttributeSet) { storage = set.storage }
        var set: AttributeSet { AttributeSet(storage: storage) }
    }

    /// An optional set kept as a `SetName`.
    @propertyWrapper
    struct Unheld {
        private var name: SetName?
        init(wrappedValue: AttributeSet?) { name = wrappedValue.map(SetName.init) }
        var wrappedValue: AttributeSet? {
            get { name?.set }
            set { name = newValue.map(SetName.init) }
        }
    }

    /// The attributes of the byte just before the edit (nil at the start of the text).
    @Unheld var before: AttributeSet? = nil
    /// The attributes of the byte just after the edited range (nil at the end of the text).
    @Unheld var after: AttributeSet? = nil
    /// Whether any run of the window carries a key with a behaviour.
    var hasBehaviors = false
    /// Whether any run of the window carries a key invalidated by text changes.
    var hasTextChangedKeys = false
    /// Whether any run of the window carries a character-bound key.
    var hasCharacterKeys = false
    /// The run holding the byte just before the edit: its index, start and length.
    var beforeRun: (index: Int, start: Int, length: Int)?
    /// The run holding the edit's first byte (for a deletion).
    var firstRun: (index: Int, start: Int, length: Int)?
    /// The attributes of the edit's first and last bytes (for a deletion).
    @Unheld var first: AttributeSet? = nil
    @Unheld var last: AttributeSet? = nil
    /// The first few sets of the window's runs that hold a `textChanged` key, in order; `textChangedSetCount`
    /// counts them all, so a count above the room here means some were not kept.
    private var textChangedSets: (SetName?, SetName?, SetName?, SetName?)
    var textChangedSetCount = 0

    /// Calls `body` with each kept set holding a `textChanged` key; false when some were not kept.
    func forEachTextChangedSet(_ body: (AttributeSet) -> Void) -> Bool {
        guard textChangedSetCount <= 4 else { return false }
        if let name = textChangedSets.0 { body(name.set) }
        if let name = textChangedSets.1 { body(name.set) }
        if let name = textChangedSets.2 { body(name.set) }
        if let name = textChangedSets.3 { body(name.set) }
        return true
    }

    mutating func keepTextChangedSet(_ set: AttributeSet) {
        switch textChangedSetCount {
        case 0: textChangedSets.0 = SetName(set)
        case 1: textChangedSets.1 = SetName(set)
        case 2: textChangedSets.2 = SetName(set)
        case 3: textChangedSets.3 = SetName(set)
        default: break
        }
        textChangedSetCount += 1
    }
}

extension RichString {
    /// The longest deletion the quick path takes: it walks every run of the deleted range.
    static let quickDeletionLimit = 64

    /// Plain typing and deletions, when the runs around the edit show that the behaviour pipeline would do
    /// nothing but the raw replacement (and, for a deletion, the paragraph check that follows it). Returns nil,
    /// having changed nothing, when the edit needs `editTextThroughPipeline`.
    ///
    /// Each condition below mirrors a step of the pipeline: no `textChanged` key at the edit's edges (step 2 has
    /// no survivors), no separator in or next to the edit (paragraphs are not split or merged), typed text that
    /// agrees with its paragraph (step 3 has nothing to do), no character-bound key nearby (step 4), and so no
    /// change for step 5 to follow.
    mutating func editTextQuickly(_ range: Range<Int>, with newText: Substring, attributedRuns: [AttributeRun]?) -> [AttributeAdjustment]? {
        let total = text.utf8Count
        guard total > 0 else { return nil }
        let isTyping = attributedRuns == nil && range.isEmpty && !newText.isEmpty
        let isDeletion = attributedRuns?.isEmpty == true && newText.isEmpty && !range.isEmpty
            && range.count <= Self.quickDeletionLimit
        guard isTyping || isDeletion else { return nil }
        // Filled in place: the neighbourhood holds several sets, and a copy of it retains each.
        var near = EditNeighbourhood()
        fillNeighbourhood(of: range, into: &near)
        if isTyping {
            let a = range.lowerBound
            guard let source = Self.inheritanceOffset(forTypingOver: range) < a ? near.before : near.after else { return nil }
            if !near.hasBehaviors {
                // Every key around is plain: typed text takes its source's attributes as they are.
                insertTyped(newText, at: a, attributes: source, near)
                return []
            }
            guard a > 0, !near.hasCharacterKeys else { return nil }
            // Not after or before a separator, and none typed: `a` is inside its paragraph, not at its start.
            guard !Self.mayHoldSeparator(newText), !separatorMayEndNear(range) else { return nil }
            let typed = source.inheritable
            // Typed text with the paragraph's values of paragraph-bound keys leaves the paragraph uniform.
            guard typed.paragraphBound == source.paragraphBound else { return nil }
            if near.hasTextChangedKeys, Self.typingSplitsAStretch(before: source, after: near.after) {
                return typeInsideStretches(newText, at: a, typed: typed, near)
            }
            insertTyped(newText, at: a, attributes: typed, near)
            return []
        }
        if !near.hasBehaviors {
            delete(range, near)
            return []
        }
        guard range.lowerBound > 0, !near.hasCharacterKeys, let before = near.before else { return nil }
        let breaksAStretch = near.hasTextChangedKeys && deletionBreaksAStretch(range, near)
        let around = separatorsAround(range)
        guard !around.mayEndNear else { return nil }
        if breaksAStretch { return deleteAcrossStretches(range, near) }
        delete(range, near)
        // The pipeline's step 3 after a deletion inside a paragraph enforces the one byte now at the edit (none
        // at the end of the text): nothing to do when it agrees with the paragraph's first character.
        guard range.upperBound < total, let after = near.after else { return [] }
        guard before.hasParagraphKeys || after.hasParagraphKeys else { return [] }
        // Nothing before the deleted range moved, and no separator ends next to it: the paragraph starts where it
        // did.
        let paragraphStart = around.paragraphStart ?? text.paragraphStart(atOrBefore: range.lowerBound)
        if runStore.attributes(at: paragraphStart).paragraphBound == after.paragraphBound { return [] }
        var adjustments: [AttributeAdjustment] = []
        var changes: [KeyChange] = []
        let dirty = range.lowerBound..<range.lowerBound
        enforceParagraphBoundaries(in: dirty, rule: .firstCharacterDecides, wholeParagraphs: false, into: &adjustments, changes: &changes)
        if !changes.isEmpty { propagateAttributeChanges(changes, into: &adjustments) }
        return adjustments
    }

    /// Whether a text edit can split or merge paragraphs: a separator in or next to the replaced range, or in
    /// the new text (as the pipeline computes it).
    func isStructural(_ range: Range<Int>, _ newText: Substring) -> Bool {
        let length = newText.utf8.count
        return touchesSeparator(range) || TextRope.separators(in: String(newText), upTo: length) > 0
            || newText.utf8.first == 0x0A || newText.utf8.last == 0x0D
    }

    /// Whether typing between bytes with attributes `before` and `after` lands strictly inside a stretch of a
    /// `textChanged` key (the same value on both sides), which step 2 of the pipeline then removes.
    static func typingSplitsAStretch(before: AttributeSet, after: AttributeSet?) -> Bool {
        guard let after else { return false }
        for entry in before.entries where entry.behavior.isInvalidatedByTextChange {
            if after[entry.name] == entry.value { return true }
        }
        // A key that is textChanged only on the right has the same value on the left only if it is there too.
        for entry in after.entries where entry.behavior.isInvalidatedByTextChange {
            if before[entry.name] == entry.value { return true }
        }
        return false
    }

    /// Whether a deletion leaves survivors of a `textChanged` stretch (step 2 of the pipeline): a key whose
    /// value at the first deleted byte goes on before it, or whose value at the last deleted byte goes on after.
    ///
    /// The window's runs with such a key and the attributes at both ends come from `near`, the same walk.
    func deletionBreaksAStretch(_ range: Range<Int>, _ near: EditNeighbourhood) -> Bool {
        let total = text.utf8Count
        let atFirst = near.first ?? runStore.attributes(at: range.lowerBound)
        let atLast = near.last ?? runStore.attributes(at: range.upperBound - 1)
        var breaks = false
        func check(_ attributes: AttributeSet) -> Bool {
            for entry in attributes.entries where entry.behavior.isInvalidatedByTextChange {
                let key = entry.name
                if let value = atFirst[key], range.lowerBound > 0, near.before?[key] == value { breaks = true }
                if let value = atLast[key], range.upperBound < total, near.after?[key] == value { breaks = true }
                if breaks { return false }
            }
            return true
        }
        let kept = near.forEachTextChangedSet { attributes in if !breaks { _ = check(attributes) } }
        if kept { return breaks }
        runStore.forEachRun(in: max(0, range.lowerBound - 1)..<min(total, range.upperBound + 1)) { _, attributes in
            attributes.hasTextChangedKeys ? check(attributes) : true
        }
        return breaks
    }

    /// Whether a paragraph separator may end in `range.lowerBound - 1 + 1 ... range.upperBound + 1`, the span
    /// `touchesSeparator` counts, read from the bytes there: false means surely none (a CR anywhere there
    /// counts as one, so the answer errs only towards true).
    func separatorMayEndNear(_ range: Range<Int>) -> Bool {
        separatorsAround(range, findingParagraphStart: false).mayEndNear
    }

    /// `separatorMayEndNear(range)`, and, when `findingParagraphStart` and read from the same chunk when it holds
    /// it, the start of the paragraph holding `range.lowerBound` (`text.paragraphStart(atOrBefore:)`; nil when
    /// not asked or the chunk does not show it).
    func separatorsAround(_ range: Range<Int>, findingParagraphStart: Bool = true) -> (mayEndNear: Bool, paragraphStart: Int?) {
        let total = text.utf8Count
        // Two more bytes on the left show whether an A9 byte ends a U+2029 (E2 80 A9).
        let window = max(0, range.lowerBound - 3)..<min(total, range.upperBound + 1)
        let checked = max(0, range.lowerBound - 1)
        guard checked < window.upperBound else { return (false, nil) }
        func mayEnd(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int) -> Bool {
            var i = i
            while i < end {
                switch bytes[i] {
                case 0x0A, 0x0D: return true
                case 0xA9 where i >= 2 && bytes[i - 2] == 0xE2 && bytes[i - 1] == 0x80: return true
                default: break
                }
                i += 1
            }
            return false
        }
        let inChunk: (Bool, Int?)? = text.withChunkBytes(holding: window.lowerBound) { bytes, start in
            guard window.upperBound <= start + bytes.count else { return nil }
            if mayEnd(bytes, from: checked - start, to: window.upperBound - start) { return (true, nil) }
            let paragraphStart = findingParagraphStart && range.lowerBound - start <= bytes.count
                ? SeparatorScan.lastEnd(in: bytes, upTo: range.lowerBound - start).map { start + $0 } : nil
            return (false, paragraphStart)
        } ?? nil
        if let inChunk { return inChunk }
        var string = text.string(in: window)
        return (string.withUTF8 { mayEnd($0, from: checked - window.lowerBound, to: $0.count) }, nil)
    }

    /// Whether `newText` may hold a separator or a CR (errs towards true, like `separatorMayEndNear`).
    static func mayHoldSeparator(_ newText: Substring) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in newText.utf8 {
            if byte == 0x0A || byte == 0x0D { return true }
            if byte == 0xA9, previous == (0xE2, 0x80) { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// Inserts typed text with `attributes` at `a`: when they are those of the run holding the byte before, that
    /// run grows in place (what `RunRope.replace` does then, without finding the run again).
    private mutating func insertTyped(_ newText: Substring, at a: Int, attributes: AttributeSet, _ near: EditNeighbourhood) {
        let length = newText.utf8.count
        if let run = near.beforeRun, near.before == attributes {
            rawReplace(a..<a, with: newText) { runs in runs.rope.update(at: run.index) { $0.utf8Count = run.length + length } }
        } else {
            rawReplace(a..<a, with: newText, runs: [AttributeRun(utf8Count: length, attributes: attributes)])
        }
    }

    /// Deletes `range`: when it lies inside the run holding its first byte and leaves some of it, that run
    /// shrinks in place (what `RunRope.replace` does then).
    mutating func delete(_ range: Range<Int>, _ near: EditNeighbourhood) {
        if let run = near.firstRun, range.upperBound <= run.start + run.length, run.length > range.count {
            rawReplace(range, with: "") { runs in runs.rope.update(at: run.index) { $0.utf8Count = run.length - range.count } }
        } else {
            rawReplace(range, with: "", runs: [])
        }
    }

    /// The runs over `range` and the bytes just before and after it, in one walk.
    func fillNeighbourhood(of range: Range<Int>, into near: inout EditNeighbourhood) {
        let total = text.utf8Count
        let window = max(0, range.lowerBound - 1)..<min(total, range.upperBound + 1)
        guard !window.isEmpty else { return }
        let beforeOffset = range.lowerBound - 1
        let firstOffset = range.lowerBound
        let afterOffset = range.upperBound
        // One walk to the run holding the window's first byte; the rest are read from its leaf.
        runStore.rope.forEach(from: window.lowerBound, along: RunUTF8Metric.self) { index, position, run in
            let end = position + run.utf8Count
            let attributes = run.attributes
            if position <= beforeOffset && beforeOffset < end {
                near.before = attributes
                near.beforeRun = (index, position, run.utf8Count)
            }
            if position <= firstOffset && firstOffset < end {
                near.firstRun = (index, position, run.utf8Count)
                near.first = attributes
            }
            if position < afterOffset && afterOffset <= end { near.last = attributes }
            if position <= afterOffset && afterOffset < end { near.after = attributes }
            if attributes.hasBehaviors {
                near.hasBehaviors = true
                if attributes.hasTextChangedKeys {
                    near.hasTextChangedKeys = true
                    near.keepTextChangedSet(attributes)
                }
                if attributes.hasCharacterKeys { near.hasCharacterKeys = true }
            }
            return end < window.upperBound
        }
    }
}
