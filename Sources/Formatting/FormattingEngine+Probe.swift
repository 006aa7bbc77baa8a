import RichText

/// What an edit would become, found without touching the document.
public struct ProbeResult: Sendable {
    /// The document as it would be after the edit.
    public let document: RichString
    /// What the engine would change on its own.
    public let adjustments: [Adjustment]
    /// Whether the edit would stand as asked: for an attribute edit, whether every selected character would end
    /// up with the requested value; for text edits, whether no adjustment would touch the new text.
    public let isKept: Bool
    /// The adjustments that undo (part of) what was asked, with the rule that made them.
    public let reverts: [Adjustment]
}

extension FormattingEngine {
    /// What `edit` would become on `document`, and whether it would be kept. The document is a value: probing
    /// copies only the tree nodes the edit touches, so a probe costs about what the edit costs.
    public func probe(_ edit: Edit, on document: RichString) -> ProbeResult {
        var copy = document
        let adjustments = apply(edit, to: &copy)
        switch edit {
        case let .setAttribute(key, value, ranges):
            let targets = ranges.ranges.map { document.utf8Range(of: $0) }
            var kept = true
            for target in targets where !target.isEmpty {
                copy.forEachRun(inUTF8: target) { _, attributes in
                    if attributes[key.name] != value { kept = false }
                    return kept
                }
            }
            let reverts = adjustments.filter { adjustment in
                adjustment.key == key.name && targets.contains { $0.overlaps(adjustment.utf8Range) }
            }
            return ProbeResult(document: copy, adjustments: adjustments, isKept: kept, reverts: reverts)
        case let .replaceText(range, text):
            let start = document.utf8Range(of: range).lowerBound
            let inserted = start..<(start + text.utf8.count)
            let reverts = adjustments.filter { $0.utf8Range.overlaps(inserted) }
            return ProbeResult(document: copy, adjustments: adjustments, isKept: reverts.isEmpty, reverts: reverts)
        case let .replaceAttributed(range, piece):
            let start = document.utf8Range(of: range).lowerBound
            let inserted = start..<(start + piece.counts.utf8)
            let reverts = adjustments.filter { $0.utf8Range.overlaps(inserted) }
            return ProbeResult(document: copy, adjustments: adjustments, isKept: reverts.isEmpty, reverts: reverts)
        case .removeText:
            return ProbeResult(document: copy, adjustments: adjustments, isKept: true, reverts: [])
        }
    }

    /// Whether `key` may take `value` on every range of `selection`: what an editor asks to enable a control.
    public func canSet(_ key: AttributeKeyDescriptor, to value: AttributeValue?, on selection: RangeSet<RichString.Index>, in document: RichString) -> Bool {
        probe(.setAttribute(key, to: value, in: selection), on: document).isKept
    }

    /// The attributes text typed at `index` would end up with, after inheritance, behaviours and the definition.
    public func typingAttributes(at index: RichString.Index, in document: RichString) -> AttributeSet {
        var copy = document
        let offset = document.utf8Range(of: index..<index).lowerBound
        apply(.insert("x", at: index), to: &copy)
        var result = AttributeSet.empty
        copy.forEachRun(inUTF8: offset..<(offset + 1)) { _, attributes in result = attributes; return false }
        return result
    }
}
