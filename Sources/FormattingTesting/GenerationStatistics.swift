import RichText

/// What a property check generated: how many steps of each kind, how often the interesting cases came up
/// (selections of several ranges and what was done over them, typing at the start of a paragraph, undo and
/// redo), and how large the documents were. `PropertyCheckStats.generation` carries it; `FMTCHECK_STATISTICS=1`
/// (or `run(…, printStatistics: true)`) prints it when the run ends, so you can see whether the generator
/// reaches the cases your editor's bugs hide in.
public struct GenerationStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Steps generated, by operation (`insert`, `type`, `select`, …).
    public var stepsByOperation: [String: Int] = [:]
    /// Steps that selected two or more ranges.
    public var multiRangeSelections = 0
    /// Steps applied while two or more ranges were selected (commands and attribute changes over them).
    public var stepsOverMultiRangeSelections = 0
    /// Steps that typed or pasted at the start of a non-empty paragraph.
    public var paragraphStartTyping = 0
    /// The document's length in scalars after each step, smallest, median and largest.
    public var documentScalars: (min: Int, median: Int, max: Int) { summary(sizes) }
    /// Whether the run stopped generating because its time limit was up.
    public var stoppedByTimeLimit = false
    var sizes: [Int] = []

    /// Empty statistics.
    public init() {}

    /// All steps generated.
    public var steps: Int { stepsByOperation.values.reduce(0, +) }

    /// Counts one step, generated for `document` with the model's `selection`, that left a document of
    /// `scalarsAfter` scalars.
    mutating func record(_ step: ScriptStep, document: RichString, selection: ScalarSelection, scalarsAfter: Int) {
        stepsByOperation[step.operationName, default: 0] += 1
        if case .selectRanges(let ranges) = step, ranges.count > 1 { multiRangeSelections += 1 }
        if selection.ranges.count > 1, !step.isSelection { stepsOverMultiRangeSelections += 1 }
        let typedAt: Int?
        switch step {
        case let .insert(at, _), let .insertAttributed(at, _): typedAt = at
        case let .replace(f, t, _) where f == t: typedAt = f
        case .type, .paste: typedAt = selection.caret
        default: typedAt = nil
        }
        if let at = typedAt, Self.startsParagraph(at, in: document) { paragraphStartTyping += 1 }
        sizes.append(scalarsAfter)
    }

    /// Whether scalar offset `at` starts a non-empty paragraph of `document` (as the string divides it into
    /// paragraphs, in O(log n)).
    static func startsParagraph(_ at: Int, in document: RichString) -> Bool {
        guard at >= 0, at < document.counts.scalars else { return false }
        let index = document.index(atOffset: at, in: .scalars)
        return document.paragraphRange(containing: index).lowerBound == index
    }

    func summary(_ values: [Int]) -> (min: Int, median: Int, max: Int) {
        guard !values.isEmpty else { return (0, 0, 0) }
        let sorted = values.sorted()
        return (sorted[0], sorted[sorted.count / 2], sorted[sorted.count - 1])
    }

    public var description: String {
        let total = max(steps, 1)
        func share(_ n: Int) -> String { "\(n) (\(String(format: "%.1f", 100 * Double(n) / Double(total)))%)" }
        let operations = stepsByOperation.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let sizes = documentScalars
        return """
            generated \(steps) steps: \(operations)
              selections of several ranges: \(share(multiRangeSelections)); steps over them: \(share(stepsOverMultiRangeSelections))
              typing at the start of a paragraph: \(share(paragraphStartTyping))
              document length in scalars after a step: min \(sizes.min), median \(sizes.median), max \(sizes.max)\(stoppedByTimeLimit ? "\n  stopped generating at the time limit" : "")
            """
    }
}

extension ScriptStep {
    /// The step's `op`, as its JSON line writes it.
    public var operationName: String {
        switch self {
        case .insert: return "insert"
        case .delete: return "delete"
        case .replace: return "replace"
        case .insertAttributed: return "insertAttributed"
        case .set: return "set"
        case .remove: return "remove"
        case .setRanges: return "setRanges"
        case .select, .selectRanges: return "select"
        case .type: return "type"
        case .deleteBackward: return "deleteBackward"
        case .paste: return "paste"
        case .undo: return "undo"
        case .redo: return "redo"
        }
    }
}
