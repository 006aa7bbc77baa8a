import EditScripts
import Foundation
@testable import RichText

/// A document scalar by scalar: each scalar with its attributes by key name, in the oracle's value shape.
struct FlatDocument: Equatable {
    var scalars: [Unicode.Scalar] = []
    var attributes: [[String: OracleProcess.Value]] = []

    init(text: String, runs: [OracleProcess.Run]) {
        scalars = Array(text.unicodeScalars)
        for run in runs { attributes += Array(repeating: run.attributes, count: run.scalars) }
    }

    init(_ s: RichString) {
        let state = Differential.state(of: s)
        self.init(text: state.text, runs: state.runs)
    }

    var count: Int { scalars.count }

    func value(_ key: String, at i: Int) -> OracleProcess.Value? {
        i >= 0 && i < attributes.count ? attributes[i][key] : nil
    }

    /// Whether `a` starts a paragraph: 0, or just after LF, U+2029 or a lone CR.
    func isParagraphStart(_ a: Int) -> Bool {
        if a == 0 { return true }
        let s = scalars[a - 1]
        return s == "\n" || s == "\u{2029}" || (s == "\r" && (a == scalars.count || scalars[a] != "\n"))
    }

    func isSeparator(_ i: Int) -> Bool {
        guard i >= 0 && i < scalars.count else { return false }
        return scalars[i] == "\n" || scalars[i] == "\r" || scalars[i] == "\u{2029}"
    }

    /// Paragraph ranges (the separator belongs to the paragraph it ends).
    var paragraphs: [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for i in scalars.indices where i + 1 < scalars.count ? isParagraphStart(i + 1) : false {
            result.append(start..<(i + 1))
            start = i + 1
        }
        result.append(start..<scalars.count)
        return result.filter { !$0.isEmpty }
    }

    /// The first paragraph over which a paragraph-bound key is not constant, if any.
    func mixedParagraph(keys: [String]) -> (key: String, paragraph: Range<Int>)? {
        for paragraph in paragraphs {
            for key in keys where Set(paragraph.map { value(key, at: $0).map { "\($0)" } ?? "nil" }).count > 1 {
                return (key, paragraph)
            }
        }
        return nil
    }

    /// The maximal range around `i` over which `key` has the value it has at `i`.
    func stretch(_ key: String, around i: Int) -> Range<Int> {
        let v = value(key, at: i)
        var lo = i, hi = i + 1
        while lo > 0, value(key, at: lo - 1) == v { lo -= 1 }
        while hi < count, value(key, at: hi) == v { hi += 1 }
        return lo..<hi
    }

    /// How many separate stretches carry `value` for `key`.
    func stretchCount(_ key: String, value v: OracleProcess.Value) -> Int {
        var n = 0
        for i in attributes.indices where value(key, at: i) == v && (i == 0 || value(key, at: i - 1) != v) { n += 1 }
        return n
    }
}

/// Everything known about the first step of a script on which RichString and Foundation disagree. The states
/// before it agree (it is the first disagreement).
struct DeviationSituation {
    /// The step; the start document is pasted into the empty one (`isStart`).
    var op: ScriptStep
    var isStart: Bool
    /// Our state before the step (equal to Foundation's, coalesced).
    var before: RichString
    /// Foundation's runs before the step as it stores them: not coalesced, so they show where typed text made a
    /// run of its own.
    var foundationBefore: [OracleProcess.Run]
    var ours: RichString
    var foundationText: String
    var foundation: [OracleProcess.Run]
    /// For each scalar before the step: whether it was typed as plain text (insert or replace), not pasted.
    var typedBefore: [Bool] = []

    var pre: FlatDocument { FlatDocument(before) }
    var post: FlatDocument { FlatDocument(ours) }
    var foundationPost: FlatDocument { FlatDocument(text: foundationText, runs: foundation) }
    var textAgrees: Bool { ours.string.unicodeScalars.elementsEqual(foundationText.unicodeScalars) }

    /// Scalar indices where the two results' attributes differ, with the keys that differ (texts must agree).
    var differences: [(index: Int, keys: Set<String>)] {
        let a = post, b = foundationPost
        var result: [(Int, Set<String>)] = []
        for i in 0..<min(a.count, b.count) where a.attributes[i] != b.attributes[i] {
            let names = Set(a.attributes[i].keys).union(b.attributes[i].keys).filter { a.attributes[i][$0] != b.attributes[i][$0] }
            result.append((i, names))
        }
        return result
    }

    /// The edit's range in pre-edit scalar offsets and the length of the text it inserts (nil: an attribute op).
    var textEdit: (range: Range<Int>, inserted: Int, plain: Bool)? {
        if isStart { return nil }
        switch op {
        case .insert(let at, let text): return (at..<at, text.unicodeScalars.count, true)
        case .delete(let from, let to): return (from..<to, 0, true)
        case .replace(let from, let to, let text): return (from..<to, text.unicodeScalars.count, true)
        case .insertAttributed(let at, let document): return (at..<at, document.counts.scalars, false)
        default: return nil
        }
    }

    /// Where Foundation's stored runs (before the step) begin.
    var foundationRunStarts: Set<Int> {
        var starts: Set<Int> = []
        var position = 0
        for run in foundationBefore where run.scalars > 0 {
            starts.insert(position)
            position += run.scalars
        }
        return starts
    }
}

/// Where Foundation's `AttributedString` (Swift 6.3.1) contradicts DESIGN §2's key-behaviour table. The table
/// wins: the first step of a script on which the two disagree is classified into one of these by a precise
/// condition on the step and the state before it, and the script is then excluded by name. Each case shows a
/// minimal example with Foundation's real output (from `fmtoracle`) and ours; `testKnownDeviationExamplesAreClassified`
/// re-checks every example against the oracle. Runs are written `[scalars, {key: value}]`.
enum BehaviorDeviation: String, CaseIterable {
    /// Inserting "" or deleting an empty range strictly inside a `textChanged` stretch clears the stretch in
    /// Foundation; DESIGN: an empty edit changes nothing.
    ///
    ///     start "xx" "milk"{tag:"t"} "yy"; insert "" at 4
    ///     Foundation: [[8,{}]]
    ///     ours:       [[2,{}],[4,{"tag":"t"}],[2,{}]]
    ///
    /// Condition: an empty edit at a, 0 < a < length, with some `textChanged` key carrying the same value on
    /// the scalars at a - 1 and a.
    case emptyEditInsideTextChangedStretch

    /// NEW (found by this test, rare: 1 script in 2,000). An empty delete at a paragraph start changed a
    /// paragraph-bound key in Foundation; what in Foundation's stored state (invisible in its printed runs)
    /// makes it do so is not known. DESIGN: an empty edit changes nothing, and ours changes nothing. Seen on
    /// (seed 1796048625417, shrunk):
    ///
    ///     start "\u{308}a" "مرحبا\nab"{tagpara:1} "x\u{301}\u{308}😀"; insert "\r\n" at 14;
    ///     paste "x\u{301}\u{301}\r" "e\u{301}"{para:2} "\r\n" at 15; insert " \na" at 14; paste "🇫🇷\n " at 0;
    ///     replace [5,17) with "••\u{301}"; delete [21,21)      text "…\re\u{301}\r\n\n"
    ///     Foundation: [[17,{}],[5,{"para":2}]]       (the last paragraph, "\n", takes para=2)
    ///     ours:       [[17,{}],[4,{"para":2}],[1,{}]] (unchanged)
    ///
    /// Condition: an empty edit (insert "", or delete / replace of an empty range with ""); texts agree; our
    /// result equals our state before; the results differ only in paragraph-bound keys.
    case emptyEditChangesParagraphKey

    /// A delete or replace ends strictly inside one of Foundation's stored runs while a `textChanged` stretch
    /// continues into later runs: Foundation leaves those later runs tagged.
    ///
    ///     start "xx " "mil"{color:1,tag:"t"} "kshake"{color:2,tag:"t"} " yy"; delete [4,5)
    ///     Foundation: [[3,{}],[2,{"color":1}],[6,{"color":2,"tag":"t"}],[3,{}]]
    ///     ours:       [[3,{}],[2,{"color":1}],[6,{"color":2}],[3,{}]]
    ///
    /// Condition: a non-empty delete or replace [from, to), to < length, where `to` is not a start of a stored
    /// Foundation run (before the step) and a `textChanged` key's stretch around `to` reaches past the end of
    /// the stored run that holds `to`.
    case deleteEndsInsideStretch

    /// A dependent key on typed text: typed text is a stored run of its own in Foundation (even next to a run
    /// with equal attributes), and when the key it depends on changes over it, Foundation leaves the dependent
    /// on it (but removes it from pasted or original text).
    ///
    ///     start "abc"{color:1,dep:1}; insert "d" at 3; set [0,4) color=2
    ///     Foundation: [[3,{"color":2}],[1,{"color":2,"dep":1}]]
    ///     ours:       [[4,{"color":2}]]
    ///
    /// Condition: a set / remove / setRanges of a key that has dependents (`color`, `dep`), and the results
    /// differ only where Foundation keeps, with its value from before the step, a dependent key (`dep`, `dep2`)
    /// that ours removed, on scalars that were typed as plain text (insert or replace; the test tracks where
    /// every scalar came from).
    case dependentKeyOnTypedText

    /// A text edit inside a `textChanged` stretch also clears another stretch of the same value in Foundation:
    /// the cleared run merges with the text between, and the backward walk runs on past the boundary.
    ///
    ///     start "milk"{tag:"t"} " and " "shake"{tag:"t"}; insert "Z" at 11
    ///     Foundation: [[15,{}]]
    ///     ours:       [[4,{"tag":"t"}],[11,{}]]
    ///
    /// Condition: a text edit; texts agree; the results differ only where ours keeps a `textChanged` key that
    /// Foundation dropped, and before the step that key's value stood on more than one stretch.
    case neighbouringStretchWithSameValue

    /// Plain text typed at the start of a paragraph takes the previous paragraph's paragraph-bound values in
    /// Foundation (the separator's), and since the first character decides, the whole paragraph changes value.
    ///
    ///     start "ab\n"{para:1} "cd"{para:2}; insert "X" at 3
    ///     Foundation: [[6,{"para":1}]]
    ///     ours:       [[3,{"para":1}],[3,{"para":2}]]
    ///
    /// At offset 0 Foundation gives the typed text the following character's inheritable attributes, so a
    /// paragraph-bound key that is not inherited (`tagpara`, since `textChanged` keys never are) is lost by the
    /// whole first paragraph:
    ///
    ///     start "ab"{tagpara:2}; insert "\u{301}" at 0
    ///     Foundation: [[3,{}]]
    ///     ours:       [[3,{"tagpara":2}]]
    ///
    /// Condition: an insert (or replace of an empty range) of non-empty plain text at a < length where a starts
    /// a paragraph P (0, or after LF, U+2029 or a lone CR), and for a paragraph-bound key (`para`, `tagpara`)
    /// what Foundation's typed text takes (the inheritable value at a - 1, at 0 the one at a; nil for a key that
    /// is not inherited) differs from P's value.
    case typingAtParagraphStart

    /// Foundation leaves one paragraph holding two values of a paragraph-bound key after a paste, or a delete
    /// that merges paragraphs, inside a `textChanged` stretch: the invalidation widens the edit, and the
    /// paragraph fix-up checks only the widened range's ends.
    ///
    ///     start "ab"{tag:"t",para:1} "\ncd"{tag:"t",para:2}; delete [1,3)  → "acd", one paragraph
    ///     Foundation: [[1,{"para":1}],[2,{"para":2}]]
    ///     ours:       [[3,{"para":1}]]
    ///
    /// Condition: a text edit with a `textChanged` key on a scalar at or next to the edit's ends before the
    /// step, and Foundation's result has a paragraph over which `para` or `tagpara` is not constant.
    case mixedParagraphInTextChangedStretch

    /// Foundation's paragraph fix-up goes wrong when an edit boundary is not a character boundary, or sits just
    /// before a combining mark (a Grapheme_Extend scalar): the edit's start or end, or a join between the pieces
    /// of a document that Foundation builds with `append` (a pasted document, the start document). Foundation
    /// leaves the paragraph holding that boundary mixed, or gives it the previous paragraph's value. DESIGN's
    /// known case is a paste before a combining mark after a separator; the random test found more shapes
    /// (NEW):
    ///
    ///     start "a\n"{para:1} "\u{301}b"{para:2}; paste "x"{para:3} at 2   → "a\nx\u{301}b"
    ///     Foundation: [[2,{"para":1}],[1,{"para":3}],[2,{"para":2}]]
    ///     ours:       [[2,{"para":1}],[3,{"para":3}]]
    ///
    ///     start "ab\r\n" "c\u{301}"{para:1}; delete [4,5)  → "ab\r\n\u{301}"
    ///     Foundation: [[5,{}]]                      (the last paragraph, "\u{301}", loses para)
    ///     ours:       [[4,{}],[1,{"para":1}]]
    ///
    ///     start "a😀\u{308}•"; paste "\n😀"{para:1} at 2  → "a😀\n😀\u{308}•"
    ///     Foundation: [[3,{}],[1,{"para":1}],[2,{}]]
    ///     ours:       [[3,{}],[3,{"para":1}]]
    ///
    ///     start "a\n"{para:1}; paste "\u{2029}\r"{} at 1  → paragraphs "a\u{2029}", "\r\n" (the paste's end
    ///     is inside the new CRLF cluster)
    ///     Foundation: [[2,{"para":1}],[1,{}],[1,{"para":1}]]
    ///     ours:       [[2,{"para":1}],[2,{}]]
    ///
    ///     start "\n " "\u{301}م"{tagpara:1}      (a join inside the cluster " \u{301}")
    ///     Foundation: [[2,{}],[2,{"tagpara":1}]]
    ///     ours:       [[4,{}]]
    ///
    ///     start "\n👨\u{200D}👩"; paste "\u{301}"{tagpara:1} "\n" at 3   (splits the ZWJ sequence)
    ///     Foundation: [[3,{}],[3,{"tagpara":1}]]
    ///     ours:       [[6,{}]]
    ///
    /// Condition: a text edit or the start document; texts agree; some boundary b is suspect: the edit's start
    /// or end (`from + inserted`) when the edit's range started or ended inside a cluster of the text before,
    /// or any of the edit's start, end and the joins of the pasted or start document's pieces (offsets after
    /// the step) that lies inside a grapheme cluster or just before a scalar that extends a cluster (Grapheme_Extend, an emoji
    /// modifier, ZWJ); the results differ only in paragraph-bound keys, and only inside paragraphs (after the
    /// step) that hold such a boundary.
    case paragraphFixUpAtBoundaryInsideCharacter

    /// NEW (found by this test). Setting or removing a paragraph-bound key K over a range that crosses into a
    /// paragraph also rewrites the *other* paragraph-bound keys there: Foundation's fix-up gives the rest of the
    /// range's last paragraph, past the range's end, the other keys' values at the range's start, leaving that
    /// paragraph mixed. It happens even when K does not change (removing an absent key). DESIGN: only K's
    /// changed value spreads over each paragraph it touched.
    ///
    ///     start "ab\n"{para:1} "cdef"{para:2}; remove tagpara over [0,4)
    ///     Foundation: [[3,{"para":1}],[1,{"para":2}],[3,{"para":1}]]
    ///     ours:       [[3,{"para":1}],[4,{"para":2}]]
    ///
    /// Condition: a set / remove / setRanges of a paragraph-bound key K; texts agree; the results differ only in
    /// other paragraph-bound keys, and on each differing scalar Foundation's value is that key's value (before
    /// the step) at the start of one of the op's ranges.
    case paragraphFixUpSpreadsOtherParagraphKeys

    static let textChangedKeys = ["tag", "tagpara"]
    static let paragraphKeys = ["para", "tagpara"]
    static let dependents: [String: [String]] = ["color": ["dep", "dep2"], "dep": ["dep2"]]

    /// Whether a scalar joins the cluster before it in Foundation's paragraph fix-up: Grapheme_Extend, an emoji
    /// modifier (Grapheme_Cluster_Break=Extend) or ZWJ.
    static func extendsCluster(_ scalar: Unicode.Scalar) -> Bool {
        let zwj: Unicode.Scalar = "\u{200D}"
        if scalar == zwj { return true }
        return scalar.properties.isGraphemeExtend || scalar.properties.isEmojiModifier
    }

    /// The named deviation the situation falls under, or nil.
    static func classify(_ s: DeviationSituation) -> BehaviorDeviation? {
        allCases.first { $0.applies(to: s) }
    }

    func applies(to s: DeviationSituation) -> Bool {
        if s.isStart && self != .paragraphFixUpAtBoundaryInsideCharacter {
            return false
        }
        let pre = s.pre
        let length = pre.count
        switch self {
        case .emptyEditInsideTextChangedStretch:
            guard let edit = s.textEdit, edit.range.isEmpty, edit.inserted == 0 else { return false }
            let a = edit.range.lowerBound
            guard a > 0, a < length else { return false }
            return Self.textChangedKeys.contains { key in
                pre.value(key, at: a - 1) != nil && pre.value(key, at: a - 1) == pre.value(key, at: a)
            }

        case .emptyEditChangesParagraphKey:
            guard let edit = s.textEdit, edit.range.isEmpty, edit.inserted == 0, s.textAgrees else { return false }
            guard s.post == pre else { return false }
            let differences = s.differences
            return !differences.isEmpty && differences.allSatisfy { d in d.keys.allSatisfy { Self.paragraphKeys.contains($0) } }

        case .deleteEndsInsideStretch:
            guard let edit = s.textEdit, !edit.range.isEmpty else { return false }
            let to = edit.range.upperBound
            guard to < length, !s.foundationRunStarts.contains(to) else { return false }
            let runEnd = s.foundationRunStarts.filter { $0 > to }.min() ?? length
            return Self.textChangedKeys.contains { key in
                pre.value(key, at: to) != nil && pre.stretch(key, around: to).upperBound > runEnd
            }

        case .dependentKeyOnTypedText:
            switch s.op {
            case .set(_, _, let k, _), .remove(_, _, let k), .setRanges(_, let k, _):
                guard let dependents = Self.dependents[k], s.textAgrees else { return false }
                let post = s.post, theirs = s.foundationPost
                let differences = s.differences
                return !differences.isEmpty && differences.allSatisfy { d in
                    d.index < s.typedBefore.count && s.typedBefore[d.index] && d.keys.allSatisfy { key in
                        dependents.contains(key) && post.value(key, at: d.index) == nil
                            && theirs.value(key, at: d.index) != nil && theirs.value(key, at: d.index) == pre.value(key, at: d.index)
                    }
                }
            default:
                return false
            }

        case .neighbouringStretchWithSameValue:
            guard s.textEdit != nil, s.textAgrees else { return false }
            let post = s.post, theirs = s.foundationPost
            let differences = s.differences
            return !differences.isEmpty && differences.allSatisfy { d in
                d.keys.allSatisfy { k in
                    guard Self.textChangedKeys.contains(k), let v = post.value(k, at: d.index),
                          theirs.value(k, at: d.index) == nil else { return false }
                    return pre.stretchCount(k, value: v) > 1
                }
            }

        case .typingAtParagraphStart:
            guard let edit = s.textEdit, edit.plain, edit.range.isEmpty, edit.inserted > 0 else { return false }
            let a = edit.range.lowerBound
            guard a < length, pre.isParagraphStart(a) else { return false }
            // Foundation: the character before's inheritable values (at 0, the following one's); ours: P's.
            return Self.paragraphKeys.contains { key in
                let inheritable = ScriptKeys.behaviors.descriptors[key]!.behavior.isInheritable
                let foundationTyped = inheritable ? pre.value(key, at: a > 0 ? a - 1 : a) : nil
                return foundationTyped != pre.value(key, at: a)
            }

        case .mixedParagraphInTextChangedStretch:
            guard let edit = s.textEdit, s.textAgrees,
                  s.foundationPost.mixedParagraph(keys: Self.paragraphKeys) != nil else { return false }
            let (from, to) = (edit.range.lowerBound, edit.range.upperBound)
            return Self.textChangedKeys.contains { key in
                [from - 1, from, to - 1, to].contains { pre.value(key, at: $0) != nil }
            }

        case .paragraphFixUpSpreadsOtherParagraphKeys:
            let key: String, starts: [Int]
            switch s.op {
            case .set(let from, _, let k, _), .remove(let from, _, let k): (key, starts) = (k, [from])
            case .setRanges(let ranges, let k, _): (key, starts) = (k, ranges.map(\.lowerBound))
            default: return false
            }
            guard Self.paragraphKeys.contains(key), s.textAgrees else { return false }
            let theirs = s.foundationPost
            let differences = s.differences
            return !differences.isEmpty && differences.allSatisfy { d in
                d.keys.allSatisfy { other in
                    other != key && Self.paragraphKeys.contains(other)
                        && starts.contains { pre.value(other, at: $0) == theirs.value(other, at: d.index) }
                }
            }

        case .paragraphFixUpAtBoundaryInsideCharacter:
            guard s.textAgrees else { return false }
            let post = s.post
            var boundaries: [Int] = []
            func joins(_ document: RichString, at start: Int) {
                var offset = start
                for piece in ScriptStep.pieces(of: document) {
                    boundaries.append(offset)
                    offset += piece.0.unicodeScalars.count
                }
                boundaries.append(offset)
            }
            switch s.op {
            case .insertAttributed(let at, let document): joins(document, at: at)  // the start document too
            default:
                guard let edit = s.textEdit, !s.isStart else { return false }
                boundaries = [edit.range.lowerBound, edit.range.lowerBound + edit.inserted]
            }
            var clusterStarts: Set<Int> = []
            var offset = 0
            for character in s.ours.string {
                clusterStarts.insert(offset)
                offset += character.unicodeScalars.count
            }
            var suspects = boundaries.filter { b in
                b > 0 && b < post.count && (!clusterStarts.contains(b) || Self.extendsCluster(post.scalars[b]))
            }
            // An edit whose range started or ended inside a cluster of the text before it (splitting a CRLF or
            // an emoji sequence, or deleting up to a mark): both of its ends after the step are suspect.
            if let edit = s.textEdit, !s.isStart {
                var preStarts: Set<Int> = []
                var position = 0
                for character in s.before.string {
                    preStarts.insert(position)
                    position += character.unicodeScalars.count
                }
                let (from, to) = (edit.range.lowerBound, edit.range.upperBound)
                func inside(_ b: Int) -> Bool {
                    b > 0 && b < pre.count && (!preStarts.contains(b) || Self.extendsCluster(pre.scalars[b]))
                }
                if inside(from) || inside(to) {
                    suspects += [from, from + edit.inserted].filter { $0 < post.count }
                }
            }
            let paragraphs = post.paragraphs.filter { p in suspects.contains { p.contains($0) } }
            let differences = s.differences
            func explained(_ index: Int, _ key: String) -> Bool {
                guard Self.paragraphKeys.contains(key) else { return false }
                return paragraphs.contains { $0.contains(index) }
            }
            let paragraphDifference = differences.contains { d in d.keys.contains { Self.paragraphKeys.contains($0) } }
            return paragraphDifference && differences.allSatisfy { d in d.keys.allSatisfy { explained(d.index, $0) } }

        }
    }

    /// A minimal example: the script, and the final runs Foundation and ours give (coalesced).
    var example: (script: DifferentialScript, foundation: String, ours: String) {
        func script(_ start: [(String, [String: AttributeValue])], _ steps: [ScriptStep]) -> DifferentialScript {
            DifferentialScript(start: ScriptStep.document(start), steps: steps)
        }
        func document(_ pieces: [(String, [String: AttributeValue])]) -> RichString { ScriptStep.document(pieces) }
        switch self {
        case .emptyEditInsideTextChangedStretch:
            return (script([("xx", [:]), ("milk", ["tag": .string("t")]), ("yy", [:])], [.insert(at: 4, text: "")]),
                    #"[[8,{}]]"#, #"[[2,{}],[4,{"tag":"t"}],[2,{}]]"#)
        case .emptyEditChangesParagraphKey:
            return (script([("\u{308}a", [:]), ("مرحبا\nab", ["tagpara": .integer(1)]), ("x\u{301}\u{308}😀", [:])], [
                        .insert(at: 14, text: "\r\n"),
                        .insertAttributed(at: 15, document: document([("x\u{301}\u{301}\r", [:]), ("e\u{301}", ["para": .integer(2)]), ("\r\n", [:])])),
                        .insert(at: 14, text: " \na"), .insertAttributed(at: 0, document: document([("🇫🇷\n ", [:])])),
                        .replace(from: 5, to: 17, text: "••\u{301}"), .delete(from: 21, to: 21),
                    ]),
                    #"[[17,{}],[5,{"para":2}]]"#, #"[[17,{}],[4,{"para":2}],[1,{}]]"#)
        case .deleteEndsInsideStretch:
            return (script([("xx ", [:]), ("mil", ["color": .integer(1), "tag": .string("t")]),
                            ("kshake", ["color": .integer(2), "tag": .string("t")]), (" yy", [:])],
                           [.delete(from: 4, to: 5)]),
                    #"[[3,{}],[2,{"color":1}],[6,{"color":2,"tag":"t"}],[3,{}]]"#,
                    #"[[3,{}],[2,{"color":1}],[6,{"color":2}],[3,{}]]"#)
        case .dependentKeyOnTypedText:
            return (script([("abc", ["color": .integer(1), "dep": .integer(1)])],
                           [.insert(at: 3, text: "d"), .set(from: 0, to: 4, key: "color", value: .integer(2))]),
                    #"[[3,{"color":2}],[1,{"color":2,"dep":1}]]"#, #"[[4,{"color":2}]]"#)
        case .neighbouringStretchWithSameValue:
            return (script([("milk", ["tag": .string("t")]), (" and ", [:]), ("shake", ["tag": .string("t")])], [.insert(at: 11, text: "Z")]),
                    #"[[15,{}]]"#, #"[[4,{"tag":"t"}],[11,{}]]"#)
        case .typingAtParagraphStart:
            return (script([("ab\n", ["para": .integer(1)]), ("cd", ["para": .integer(2)])], [.insert(at: 3, text: "X")]),
                    #"[[6,{"para":1}]]"#, #"[[3,{"para":1}],[3,{"para":2}]]"#)
        case .mixedParagraphInTextChangedStretch:
            return (script([("ab", ["tag": .string("t"), "para": .integer(1)]), ("\ncd", ["tag": .string("t"), "para": .integer(2)])],
                           [.delete(from: 1, to: 3)]),
                    #"[[1,{"para":1}],[2,{"para":2}]]"#, #"[[3,{"para":1}]]"#)
        case .paragraphFixUpSpreadsOtherParagraphKeys:
            return (script([("ab\n", ["para": .integer(1)]), ("cdef", ["para": .integer(2)])], [.remove(from: 0, to: 4, key: "tagpara")]),
                    #"[[3,{"para":1}],[1,{"para":2}],[3,{"para":1}]]"#, #"[[3,{"para":1}],[4,{"para":2}]]"#)
        case .paragraphFixUpAtBoundaryInsideCharacter:
            return (script([("a\n", ["para": .integer(1)]), ("\u{301}b", ["para": .integer(2)])],
                           [.insertAttributed(at: 2, document: document([("x", ["para": .integer(3)])]))]),
                    #"[[2,{"para":1}],[1,{"para":3}],[2,{"para":2}]]"#, #"[[2,{"para":1}],[3,{"para":3}]]"#)
        }
    }
}
