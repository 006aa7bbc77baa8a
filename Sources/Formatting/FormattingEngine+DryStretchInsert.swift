import RichText

/// The dry insert (`dryInsert`) strictly inside stretches of keys that text changes invalidate, as typing
/// inside a recipe's ingredient: the string removes each such key from its whole stretch, on both sides of
/// the new text, and the engine then enforces the definition over the stretches.
extension FormattingEngine {
    /// How far the dry run looks for the ends of a stretch, in bytes each side; a longer one goes to the excerpt.
    static let dryStretchReach = 256

    /// What `apply` reports for inserting `length` bytes of ASCII text (no CR) at `offset`, between ASCII
    /// bytes with no bound key, strictly inside the stretches of `broken` (by name), and the attributes the new
    /// text ends up with; nil when the dry run cannot decide.
    func dryInsertBreakingStretches(of broken: [(name: String, value: AttributeValue)], at offset: Int, length: Int, typed: AttributeSet, on document: RichString) -> (adjustments: [Adjustment], typed: AttributeSet)? {
        let total = document.utf8Count
        // Each stretch, in the document's offsets: the maximal stretch of equal value around the insert.
        var stretches: [Range<Int>] = []
        for key in broken {
            guard let stretch = Self.stretch(of: key.name, value: key.value, around: offset, in: document) else { return nil }
            stretches.append(stretch)
        }
        let low = stretches.map(\.lowerBound).min()!, high = stretches.map(\.upperBound).max()!
        // The string's reports: each key leaves the part before the new text, then the part after it.
        var adjustments: [Adjustment] = []
        for (key, stretch) in zip(broken, stretches) {
            adjustments.append(Adjustment(rule: .behavior(.textChanged), utf8Range: stretch.lowerBound..<offset, key: key.name, oldValue: key.value, newValue: nil))
            adjustments.append(Adjustment(rule: .behavior(.textChanged), utf8Range: (offset + length)..<(stretch.upperBound + length), key: key.name, oldValue: key.value, newValue: nil))
        }
        // The engine enforces over the stretches and the new text, one character more each side. Character
        // boundaries from one byte before the insert down, and from one byte after it up, are the document's:
        // the bytes around the insert are ASCII without CR, where segmentation cannot reach across.
        let lower = document.widenedToCharacters(low..<offset, margin: true).lowerBound
        let upper = document.widenedToCharacters(offset..<high, margin: true).upperBound
        var enforcement = DryEnforcement(engine: self)
        var final: AttributeSet? = nil
        var decidable = true
        func settled(_ run: (range: Range<Int>, attributes: AttributeSet)?) {
            if let run, run.range.contains(offset) { final = run.attributes }
        }
        // The document's runs with the broken keys removed over their stretches (whole runs, a stretch being
        // maximal), shifted past the new text on its right. No step may follow: no bound key (run boundaries)
        // and no key depending on another (the removals would invalidate it).
        func add(_ piece: Range<Int>, _ attributes: AttributeSet, shift: Int) {
            if attributes.hasParagraphKeys || attributes.hasCharacterKeys || attributes.hasDependentKeys { decidable = false; return }
            var set = attributes
            for (key, stretch) in zip(broken, stretches) where stretch.lowerBound <= piece.lowerBound && piece.upperBound <= stretch.upperBound {
                set = set.removing(key.name)
            }
            settled(enforcement.add((piece.lowerBound + shift)..<(piece.upperBound + shift), set))
        }
        document.forEachRun(inUTF8: lower..<offset) { piece, attributes in add(piece, attributes, shift: 0); return decidable }
        settled(enforcement.add(offset..<(offset + length), typed))
        document.forEachRun(inUTF8: offset..<min(upper, total)) { piece, attributes in add(piece, attributes, shift: length); return decidable }
        guard decidable else { return nil }
        settled(enforcement.finish())
        guard !enforcement.writesBoundKeys, let final else { return nil }
        return (adjustments + enforcement.adjustments, final)
    }

    /// The maximal stretch around `offset` (strictly inside it) over which `key` has `value`, found within
    /// `dryStretchReach` bytes each side; nil when it may reach further.
    static func stretch(of key: String, value: AttributeValue, around offset: Int, in document: RichString) -> Range<Int>? {
        let total = document.utf8Count
        let windowLow = max(offset - dryStretchReach, 0), windowHigh = min(offset + dryStretchReach, total)
        var start: Int? = nil
        document.forEachRun(inUTF8: windowLow..<offset) { piece, attributes in
            if attributes[key] == value { if start == nil { start = piece.lowerBound } } else { start = nil }
            return true
        }
        var end: Int? = nil
        document.forEachRun(inUTF8: offset..<windowHigh) { piece, attributes in
            if attributes[key] != value { end = piece.lowerBound; return false }
            return true
        }
        if end == nil && windowHigh == total { end = total }
        guard let start, let end, start > windowLow || windowLow == 0 else { return nil }
        return start..<end
    }
}
