import FormattingTesting
@testable import RichText

/// Compares a rich string with the reference model; returns the first difference, or nil.
func firstDifference(_ text: RichString, _ model: ReferenceModel, rng: inout SeededGenerator) -> String? {
    text._invariantCheck()
    let expected = model.string
    guard text.string == expected else { return "text \(text.string.debugDescription) != model \(expected.debugDescription)" }
    let ours = text.runs.map { run -> (Int, [String: AttributeValue]) in
        (run.range.upperBound.utf8Offset - run.range.lowerBound.utf8Offset,
         Dictionary(uniqueKeysWithValues: run.attributes.entries.map { ($0.name, $0.value) }))
    }
    let theirs = model.runs
    guard ours.count == theirs.count, zip(ours, theirs).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) else {
        return "runs \(ours) != model \(theirs)"
    }
    let counts = text.counts
    guard counts.utf8 == expected.utf8.count, counts.utf16 == expected.utf16.count,
          counts.scalars == expected.unicodeScalars.count, counts.characters == expected.count
    else { return "counts \(counts) != utf8 \(expected.utf8.count) utf16 \(expected.utf16.count) scalars \(expected.unicodeScalars.count) characters \(expected.count)" }
    guard text.characters.count == expected.count, text.utf16.count == expected.utf16.count,
          text.unicodeScalars.count == expected.unicodeScalars.count, text.utf8.count == expected.utf8.count
    else { return "view counts differ" }

    // Paragraph separators and ranges, computed naively.
    let scalars = Array(expected.unicodeScalars)
    var paragraphEnds: [Int] = []  // UTF-8 offsets just after each separator
    var utf8 = 0
    for (i, s) in scalars.enumerated() {
        utf8 += String(s).utf8.count
        if s == "\n" || s == "\u{2029}" || (s == "\r" && (i + 1 == scalars.count || scalars[i + 1] != "\n")) {
            paragraphEnds.append(utf8)
        }
    }
    guard counts.separators == paragraphEnds.count else { return "separators \(counts.separators) != \(paragraphEnds.count)" }

    // Random conversions.
    for _ in 0..<4 where !scalars.isEmpty {
        let k = rng.int(0...scalars.count)
        let index = text.index(atOffset: k, in: .scalars)
        guard index.utf8Offset == model.utf8Offset(ofScalar: k) else { return "scalar \(k) -> utf8 \(index.utf8Offset)" }
        guard text.offset(of: index, in: .utf16) == model.utf16Offset(ofScalar: k) else { return "scalar \(k) -> utf16 differs" }
        guard text.offset(of: index, in: .scalars) == k else { return "scalar round trip \(k)" }
        let paragraphStart = paragraphEnds.last(where: { $0 <= index.utf8Offset }) ?? 0
        let paragraphEnd = paragraphEnds.first(where: { $0 > index.utf8Offset }) ?? expected.utf8.count
        let range = text.paragraphRange(containing: index)
        guard range.lowerBound.utf8Offset == paragraphStart, range.upperBound.utf8Offset == paragraphEnd else {
            return "paragraph of scalar \(k): \(range) != \(paragraphStart)..<\(paragraphEnd)"
        }
        let line = paragraphEnds.filter { $0 <= index.utf8Offset }.count + 1
        guard text.lineAndColumn(of: index).line == line else { return "line of scalar \(k)" }
    }
    let characterOffsets = Array(expected.indices.map { expected.utf8.distance(from: expected.startIndex, to: $0) }) + [expected.utf8.count]
    for _ in 0..<4 {
        let c = rng.int(0...(characterOffsets.count - 1))
        let index = text.index(atOffset: c, in: .characters)
        guard index.utf8Offset == characterOffsets[c] else { return "character \(c) -> utf8 \(index.utf8Offset), expected \(characterOffsets[c])" }
        guard text.offset(of: index, in: .characters) == c else { return "character round trip \(c)" }
        let (line, column) = text.lineAndColumn(of: index)
        guard text.index(line: line, column: column) == index else { return "line/column round trip at character \(c)" }
    }
    return nil
}

/// Runs `script` from an empty string; returns the step and message of the first difference.
func runScript(_ script: [ScriptStep], keys: ScriptKeys, seed: UInt64) -> (step: Int, message: String)? {
    var text = RichString()
    var model = ReferenceModel()
    var rng = SeededGenerator(seed: seed ^ 0xABCDEF)
    for (step, edit) in script.enumerated() {
        edit.apply(to: &text, keys: keys)
        edit.apply(to: &model, keys: keys)
        if let message = firstDifference(text, model, rng: &rng) { return (step, message) }
    }
    return nil
}

/// Cuts a failing script down: everything after the failing step, then edits while it still fails.
func shrink(_ script: [ScriptStep], keys: ScriptKeys, seed: UInt64) -> [ScriptStep] {
    var current = script
    if let failure = runScript(current, keys: keys, seed: seed) { current = Array(current[...failure.step]) }
    return droppingSteps(current) { runScript($0, keys: keys, seed: seed) != nil }
}

/// Generates and checks `count` scripts; returns a report of the first failure (seed and shrunk script).
func checkRandomScripts(seeds: Range<UInt64>, steps: Int, keys: ScriptKeys) -> String? {
    let generator = ScriptGenerator(keys: keys)
    for seed in seeds {
        let script = generator.script(seed: seed, steps: steps)
        if let failure = runScript(script, keys: keys, seed: seed) {
            let shrunk = shrink(script, keys: keys, seed: seed)
            let last = runScript(shrunk, keys: keys, seed: seed)
            return """
                seed \(seed): step \(failure.step): \(failure.message)
                shrunk to \(shrunk.count) edits (\(last?.message ?? "?")):
                \(shrunk.map(\.description).joined(separator: "\n"))
                """
        }
    }
    return nil
}
