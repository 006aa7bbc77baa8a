import Formatting
import RichText

extension EditorBridge {
    /// The update after an event: `textChanges` as given, the attributes over `regions` (UTF-8 ranges of the
    /// document now) and, when `retagAdjusted`, over every range `adjustments` name (those of the one edit just
    /// made, placed in the document now), the selection, undo, the commands' states and the adjustments placed in
    /// the widget's unit. A redone step's adjustments were gathered over several edits, each placed in the
    /// document as that edit left it: they are listed (clipped to the text), not re-tagged.
    func update(textChanges: [ViewUpdate.TextChange] = [], regions: [Range<Int>] = [], adjustments: [Adjustment] = [],
                retagAdjusted: Bool = true) -> ViewUpdate {
        let document = session.document
        var result = ViewUpdate()
        result.textChanges = textChanges
        result.attributeChanges = attributeChanges(over: retagAdjusted ? regions + adjustments.map(\.utf8Range) : regions, in: document)
        let selection = session.selection
        if let caret = selection.insertionPoint {
            let offset = document.widgetOffset(ofUTF8: caret.utf8Offset, in: unit)
            result.selectedRanges = [offset..<offset]
        } else {
            result.selectedRanges = selection.ranges.ranges.map {
                document.widgetRange(ofUTF8: $0.lowerBound.utf8Offset..<$0.upperBound.utf8Offset, in: unit)
            }
        }
        result.canUndo = session.canUndo
        result.canRedo = session.canRedo
        result.commands = commandStates()
        let count = document.counts.utf8
        result.adjustments = adjustments.map { adjustment in
            let range = adjustment.utf8Range.clamped(to: 0..<count)
            return ViewUpdate.PlacedAdjustment(rule: adjustment.rule.identifier, range: document.widgetRange(ofUTF8: range, in: unit),
                                        key: adjustment.key, oldValue: adjustment.oldValue, newValue: adjustment.newValue)
        }
        result.markedText = markedText
        return result
    }

    /// The runs over `regions` (UTF-8 ranges, any order, possibly overlapping), widened to whole units of the
    /// widget, as disjoint ranges in the widget's unit in order; neighbours with equal attributes are one.
    func attributeChanges(over regions: [Range<Int>], in document: RichString) -> [ViewUpdate.AttributeChange] {
        let boundaryUnit = RichString.boundaryUnit(for: unit)
        let widened = regions.filter { !$0.isEmpty }.map { region in
            document.boundaries(aroundUTF8: region.lowerBound, in: boundaryUnit).lower
                ..< document.boundaries(aroundUTF8: region.upperBound, in: boundaryUnit).upper
        }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for region in widened {
            if let last = merged.last, region.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, region.upperBound)
            } else {
                merged.append(region)
            }
        }
        var changes: [ViewUpdate.AttributeChange] = []
        for region in merged {
            for run in document[document.range(region.lowerBound, region.upperBound, in: .utf8)].runs {
                let range = document.widgetRange(ofUTF8: run.range.lowerBound.utf8Offset..<run.range.upperBound.utf8Offset, in: unit)
                guard !range.isEmpty else { continue }
                if let last = changes.last, last.range.upperBound == range.lowerBound, last.attributes == run.attributes {
                    changes[changes.count - 1].range = last.range.lowerBound..<range.upperBound
                } else {
                    changes.append(.init(range: range, attributes: run.attributes))
                }
            }
        }
        return changes
    }
}
