import RichText
import Synchronization

/// What an edit would become, found without touching the document.
public struct ProbeResult: Sendable {
    /// The document as it would be after the edit. Built when first read: most callers only ask `isKept`.
    public var document: RichString { edited.value }
    /// What the engine would change on its own.
    public let adjustments: [Adjustment]
    /// Whether the edit would stand as asked: for an attribute edit, whether every selected character would end
    /// up with the requested value; for a text edit, whether the new text keeps the attributes it brought itself
    /// (plain typed text is always kept; what it only inherited may be adjusted).
    public let isKept: Bool
    /// The adjustments that undo (part of) what was asked, with the rule that made them.
    public let reverts: [Adjustment]

    let edited: LazyDocument
}

/// The edited document of a probe, made on first use (by copying the document and applying the edit) and kept.
final class LazyDocument: Sendable {
    private let make: @Sendable () -> RichString
    private let made = Mutex<RichString?>(nil)

    init(_ make: @escaping @Sendable () -> RichString) { self.make = make }
    init(_ document: RichString) {
        make = { document }
        made.withLock { $0 = document }
    }

    var value: RichString {
        if let document = made.withLock({ $0 }) { return document }
        let document = make()
        made.withLock { $0 = document }
        return document
    }
}

extension ProbeResult {
    /// The verdict on a text edit, in one place for every probe path. The text typed or pasted is kept (the engine
    /// never removes text). A revert is an adjustment, over the new text, of a key the new text asked for itself
    /// (`askedKeys`: the attributes of a pasted attributed string); what the engine does to attributes plain text
    /// only inherited from its neighbour is reported as an adjustment, not as a refusal.
    static func ofTextEdit(adjustments: [Adjustment], inserted: Range<Int>, askedKeys: Set<String>, edited: LazyDocument) -> ProbeResult {
        let reverts = askedKeys.isEmpty ? [] : adjustments.filter {
            askedKeys.contains($0.key) && $0.utf8Range.overlaps(inserted) && $0.changesValue
        }
        return ProbeResult(adjustments: adjustments, isKept: reverts.isEmpty, reverts: reverts, edited: edited)
    }

    /// The reverts of an attribute set of `key` over `targets`, in one place for every probe path: the
    /// adjustments that change `key`'s value over a target (giving the key the definition's behaviour changes no
    /// value, and is not one).
    static func reverts(of key: AttributeKeyDescriptor, over targets: [Range<Int>], in adjustments: [Adjustment]) -> [Adjustment] {
        adjustments.filter { adjustment in
            adjustment.key == key.name && adjustment.changesValue && targets.contains { $0.overlaps(adjustment.utf8Range) }
        }
    }
}

extension Adjustment {
    /// Whether the adjustment changes a value (every one does but `.definedBehavior`, which changes a behaviour).
    var changesValue: Bool {
        if case .definedBehavior = rule { return false }
        return true
    }
}

extension RichString {
    /// The names of the keys set anywhere in the string.
    var keyNames: Set<String> {
        var names: Set<String> = []
        forEachRun(inUTF8: 0..<counts.utf8) { _, attributes in
            for entry in attributes.entries { names.insert(entry.name) }
            return true
        }
        return names
    }
}

extension FormattingEngine {
    /// What `edit` would become on `document`, and whether it would be kept. The string runs the edit through
    /// its funnel on an excerpt of what the edit can affect (`RichString.probe`), so a probe costs less than the
    /// edit; where an excerpt cannot decide, on a copy of the document.
    public func probe(_ edit: Edit, on document: RichString) -> ProbeResult {
        var steps = EngineSteps(self, learnsResults: false)
        if let (excerpt, start) = document.probe(edit.mutation(), under: &steps) {
            steps.shiftAdjustments(by: start)
            return probeResult(edit, on: document, adjustments: steps.adjustments, edited: excerpt, shift: start, lazyEdited(edit, on: document))
        }
        return probeByCopy(edit, on: document)
    }

    /// `probe` by copying the document and applying the edit to the copy: the reference.
    func probeByCopy(_ edit: Edit, on document: RichString) -> ProbeResult {
        var copy = document
        let adjustments = apply(edit, to: &copy)
        return probeResult(edit, on: document, adjustments: adjustments, edited: copy, shift: 0, LazyDocument(copy))
    }

    /// The edited document of a probe, made by copying and applying when first read.
    func lazyEdited(_ edit: Edit, on document: RichString) -> LazyDocument {
        LazyDocument { [self] in
            var copy = document
            apply(edit, to: &copy)
            return copy
        }
    }

    /// The verdict from the adjustments (in `document`'s offsets) and the edited text, whose offsets are
    /// `document`'s minus `shift`.
    private func probeResult(_ edit: Edit, on document: RichString, adjustments: [Adjustment], edited: RichString, shift: Int, _ lazy: LazyDocument) -> ProbeResult {
        /// An attribute set is kept when every selected byte ends up with the value asked for.
        func attributeSetResult(_ key: AttributeKeyDescriptor, _ value: AttributeValue?, _ targets: [Range<Int>]) -> ProbeResult {
            var kept = true
            for target in targets where !target.isEmpty {
                edited.forEachRun(inUTF8: (target.lowerBound - shift)..<(target.upperBound - shift)) { _, attributes in
                    if attributes[key.name] != value { kept = false }
                    return kept
                }
            }
            return ProbeResult(adjustments: adjustments, isKept: kept, reverts: ProbeResult.reverts(of: key, over: targets, in: adjustments), edited: lazy)
        }
        switch edit {
        case let .setAttribute(key, value, ranges):
            return attributeSetResult(key, value, Edit.rangeList(of: ranges).map { document.offset(of: $0.lowerBound, in: .utf8)..<document.offset(of: $0.upperBound, in: .utf8) })
        case let .replaceText(range, text):
            let start = document.offset(of: range.lowerBound, in: .utf8)
            return .ofTextEdit(adjustments: adjustments, inserted: start..<(start + text.utf8.count), askedKeys: [], edited: lazy)
        case let .replaceAttributed(range, piece):
            let start = document.offset(of: range.lowerBound, in: .utf8)
            return .ofTextEdit(adjustments: adjustments, inserted: start..<(start + piece.counts.utf8), askedKeys: piece.keyNames, edited: lazy)
        case .removeText:
            return ProbeResult(adjustments: adjustments, isKept: true, reverts: [], edited: lazy)
        }
    }

    /// Whether `key` may take `value` on every range of `selection`: what an editor asks to enable a control.
    public func canSet(_ key: AttributeKeyDescriptor, to value: AttributeValue?, on selection: RangeSet<RichString.Index>, in document: RichString) -> Bool {
        probe(.setAttribute(key, to: value, in: selection), on: document).isKept
    }

    /// Whether the typed key `K` may take `value` on every range of `selection`: `canSet(Ingredient.self, to: "milk", …)`.
    public func canSet<K: RichAttributeKey>(_ key: K.Type, to value: K.Value?, on selection: RangeSet<RichString.Index>, in document: RichString) -> Bool {
        canSet(K.descriptor, to: value?.attributeValue, on: selection, in: document)
    }

    /// The attributes text typed at `index` would end up with, after inheritance, behaviours and the definition:
    /// typing probed on an excerpt, or on a copy where an excerpt cannot decide.
    public func typingAttributes(at index: RichString.Index, in document: RichString) -> AttributeSet {
        let offset = document.offset(of: index, in: .utf8)
        var steps = EngineSteps(self, learnsResults: false)
        var edited: RichString
        var start = 0
        if let probed = document.probe(.typing("x", at: index), under: &steps) {
            (edited, start) = (probed.excerpt, probed.start)
        } else {
            edited = document
            apply(.insert("x", at: index), to: &edited)
        }
        var result = AttributeSet.empty
        edited.forEachRun(inUTF8: (offset - start)..<(offset - start + 1)) { _, attributes in result = attributes; return false }
        return result
    }
}
