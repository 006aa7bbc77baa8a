import RichText

extension ScriptStep {
    /// What an editor command means, in one place: the offset steps it comes to on `document` with `selection`
    /// (the reference model's), applied in order, and the selection it leaves. The harness's reference model of
    /// the selection and its adjustment check both read it; `fmtcheck replay` applies commands through an editing
    /// session, which follows the same rules.
    ///
    /// - `type(text)`: at a caret, the text is inserted there and the caret ends after it. Over ranges, as SwiftUI's
    ///   `replaceSelection(_:withCharacters:)`, the ranges after the first are removed (last first, so earlier
    ///   offsets hold) and the first is replaced by the text; the caret ends after the text.
    /// - `paste(document)`: as `type`, with the pasted runs keeping their attributes.
    /// - `deleteBackward`: at a caret, the character before it is removed (nothing at the start); over ranges, every
    ///   range is removed and the caret stands where the first one started.
    /// - Offset steps come to themselves, with the selection moved as `select` says or tracked through the text
    ///   change (`ScalarSelection.tracked`).
    ///
    /// Nil for `undo` and `redo`: where they lead is the editor's history, which the `undoRedo` check follows.
    public func lowered(selection: ScalarSelection, in document: RichString) -> (steps: [ScriptStep], selection: ScalarSelection)? {
        /// The ranges after the first, removed from the last one back.
        func removingOthers(_ ranges: [Range<Int>]) -> [ScriptStep] {
            ranges.dropFirst().reversed().map { .delete(from: $0.lowerBound, to: $0.upperBound) }
        }
        switch self {
        case .undo, .redo:
            return nil
        case .type(let text):
            let inserted = text.unicodeScalars.count
            if let caret = selection.caret {
                return (text.isEmpty ? [] : [.insert(at: caret, text: text)], .caret(caret + inserted))
            }
            guard let first = selection.ranges.first else { return ([], selection) }
            return (removingOthers(selection.ranges) + [.replace(from: first.lowerBound, to: first.upperBound, text: text)],
                    .caret(first.lowerBound + inserted))
        case .paste(let piece):
            let inserted = piece.counts.scalars
            let paste: (Int) -> [ScriptStep] = { at in inserted == 0 ? [] : [.insertAttributed(at: at, document: piece)] }
            if let caret = selection.caret { return (paste(caret), .caret(caret + inserted)) }
            guard let first = selection.ranges.first else { return ([], selection) }
            return (removingOthers(selection.ranges) + [.delete(from: first.lowerBound, to: first.upperBound)] + paste(first.lowerBound),
                    .caret(first.lowerBound + inserted))
        case .deleteBackward:
            if let caret = selection.caret {
                guard let before = TextGeometry(document.string).boundary(before: caret) else { return ([], selection) }
                return ([.delete(from: before, to: caret)], .caret(before))
            }
            guard let first = selection.ranges.first else { return ([], selection) }
            return (selection.ranges.reversed().map { .delete(from: $0.lowerBound, to: $0.upperBound) }, .caret(first.lowerBound))
        case let .select(from, to):
            return ([], .range(from, to))
        case .selectRanges(let ranges):
            return ([], ScalarSelection.ranges(ranges))
        default:
            guard let (range, inserted) = textMutation else { return ([self], selection) }
            return ([self], selection.tracked(through: range, inserted: inserted))
        }
    }
}
