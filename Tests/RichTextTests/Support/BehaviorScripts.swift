import EditScripts
@testable import RichText

extension ScriptKeys {
    /// Keys of every behaviour, including combinations and a chain of `attributeChanged`.
    static let behaviors = ScriptKeys(descriptors: [
        "p1": AttributeKeyDescriptor(name: "p1"),
        "tag": AttributeKeyDescriptor(name: "tag", behavior: AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged])),
        "color": AttributeKeyDescriptor(name: "color"),
        "dep": AttributeKeyDescriptor(name: "dep", behavior: AttributeBehavior(invalidationConditions: [.attributeChanged("color")])),
        "dep2": AttributeKeyDescriptor(name: "dep2", behavior: AttributeBehavior(invalidationConditions: [.attributeChanged("dep")])),
        "para": AttributeKeyDescriptor(name: "para", behavior: AttributeBehavior(runBoundaries: .paragraph)),
        "tagpara": AttributeKeyDescriptor(name: "tagpara", behavior: AttributeBehavior(invalidationConditions: [.textChanged], runBoundaries: .paragraph)),
        "paradep": AttributeKeyDescriptor(name: "paradep", behavior: AttributeBehavior(invalidationConditions: [.attributeChanged("tag")], runBoundaries: .paragraph)),
        "bullet": AttributeKeyDescriptor(name: "bullet", behavior: AttributeBehavior(runBoundaries: .character("•"))),
        "noinherit": AttributeKeyDescriptor(name: "noinherit", behavior: AttributeBehavior(inheritedByAddedText: false)),
    ])
}

extension ScriptStep {
    /// Applies the step to the behaviour model, with the same clamping as on the string.
    func apply(to model: inout BehaviorModel, keys: ScriptKeys) {
        func entry(_ key: String, _ value: AttributeValue) -> AttributeEntry {
            AttributeEntry(name: key, value: value, behavior: keys.descriptors[key]?.behavior ?? .plain)
        }
        switch clamped(toScalarCount: model.scalars.count) {
        case let .insert(at, s): model.replace(at..<at, with: Array(s.unicodeScalars), attributed: nil)
        case let .delete(from, to): model.replace(from..<to, with: [], attributed: [])
        case let .replace(from, to, s): model.replace(from..<to, with: Array(s.unicodeScalars), attributed: nil)
        case let .insertAttributed(at, document):
            // The pasted document is itself a consistent string: build it through the model first.
            var piece = BehaviorModel()
            for (text, attrs) in ScriptStep.pieces(of: document) {
                let e = Dictionary(uniqueKeysWithValues: attrs.map { ($0.key, entry($0.key, $0.value)) })
                piece.replace(piece.scalars.count..<piece.scalars.count, with: Array(text.unicodeScalars),
                              attributed: Array(repeating: e, count: text.unicodeScalars.count))
            }
            model.replace(at..<at, with: piece.scalars, attributed: piece.entries)
        case let .set(from, to, key, value):
            let e = entry(key, value)
            model.transform([from..<to]) { var d = $0; d[key] = e; return d }
        case let .remove(from, to, key):
            model.transform([from..<to]) { var d = $0; d[key] = nil; return d }
        case let .setRanges(ranges, key, value):
            let normalized = RangeSet(ranges).ranges.map { $0 }
            model.transform(normalized) { var d = $0; d[key] = value.map { entry(key, $0) }; return d }
        case .select, .selectRanges, .type, .deleteBackward, .paste, .undo, .redo: break
        }
    }
}

/// Checks, on the string alone, that run boundaries hold everywhere: every paragraph-bound key is constant
/// over each paragraph, and every character-bound key stands only on its character.
func boundaryViolation(_ text: RichString) -> String? {
    let keys = ScriptKeys.behaviors
    for descriptor in keys.descriptors.values {
        switch descriptor.behavior.runBoundaries {
        case .paragraph:
            for run in text.runs[[descriptor]] {
                let paragraph = text.paragraphRange(containing: run.range.lowerBound)
                if run.range.lowerBound != paragraph.lowerBound || (run.range.upperBound != paragraph.upperBound && run.range.upperBound != text.endIndex) {
                    return "\(descriptor.name) varies inside the paragraph \(text[paragraph].string.debugDescription)"
                }
            }
        case .character(let c):
            for run in text.runs where run.attributes[descriptor.name] != nil {
                if !text[run.range].string.allSatisfy({ $0 == c }) {
                    return "\(descriptor.name) stands on \(text[run.range].string.debugDescription)"
                }
            }
        case nil:
            break
        }
    }
    return nil
}

/// Runs a script on the string and the behaviour model; returns the first step whose state differs.
func runBehaviorScript(_ script: [ScriptStep], keys: ScriptKeys) -> (step: Int, message: String)? {
    var text = RichString()
    var model = BehaviorModel()
    for (step, edit) in script.enumerated() {
        edit.apply(to: &text, keys: keys)
        edit.apply(to: &model, keys: keys)
        text._invariantCheck()
        if let violation = boundaryViolation(text) { return (step, violation) }
        guard text.string == model.string else { return (step, "text \(text.string.debugDescription) != model \(model.string.debugDescription)") }
        let ours = text.runs.map { run -> (Int, [String: AttributeValue]) in
            (run.range.upperBound.utf8Offset - run.range.lowerBound.utf8Offset,
             Dictionary(uniqueKeysWithValues: run.attributes.entries.map { ($0.name, $0.value) }))
        }
        let theirs = model.runs
        guard ours.count == theirs.count, zip(ours, theirs).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) else {
            return (step, "runs\n  ours  \(ours)\n  model \(theirs)")
        }
    }
    return nil
}

/// Generates behaviour scripts from each seed; returns the first failure, shrunk, with its seed.
func checkBehaviorScripts(seeds: Range<UInt64>, steps: Int) -> String? {
    let keys = ScriptKeys.behaviors
    let generator = ScriptGenerator(keys: keys)
    for seed in seeds {
        let script = generator.script(seed: seed, steps: steps) { step, rng in
            if case .insert(let at, _) = step, rng.chance(0.15) { return .insert(at: at, text: rng.pick(["•", "• ", "\n• "])) }
            return step
        }
        if let failure = runBehaviorScript(script, keys: keys) {
            let current = droppingSteps(Array(script[...failure.step])) { runBehaviorScript($0, keys: keys) != nil }
            let last = runBehaviorScript(current, keys: keys)
            return """
                seed \(seed): step \(failure.step): \(failure.message)
                shrunk to \(current.count) edits: \(last?.message ?? "?")
                \(current.map(\.description).joined(separator: "\n"))
                """
        }
    }
    return nil
}
