import Foundation
import FormatCheck
import FormattingTesting

// `fmtbench lint-profile [COUNT] [recipe|ci|dense]`: lints COUNT (default 40) generated documents in memory, in
// order, on one core, with the library's DocumentLinter (the per-file work of `fmtbench lint` without file reads or
// threads): recipe documents of `fmtbench lint`, or the CI-shaped or 100-finding documents of its shaped rows.
// For instruction counts that do not depend on the machine's load:
//   valgrind --tool=callgrind --toggle-collect='*tallyFindings*' .build/release/fmtbench lint-profile
enum LintProfile {
    static func main(_ arguments: [String]) {
        let count = arguments.first.flatMap(Int.init) ?? 40
        guard let loaded = try? DefinitionFile.load(path: RecipeCorpus.recipeDefinitionPath()) else {
            print("fmtbench lint-profile: the definition did not load")
            exit(1)
        }
        var rng = SeededGenerator(seed: 0x4C49_4E54)
        let shape = arguments.count > 1 ? arguments[1] : "recipe"
        let documents = (0..<count).map { i in
            switch shape {
            case "ci": return RecipeCorpus.ciShapeDocument(table: i % 2 == 1, rng: &rng)
            case "dense": return RecipeCorpus.denseFindingsDocument(table: i % 2 == 1, rng: &rng)
            default: return RecipeCorpus.document(targetBytes: rng.int(in: LintBenchmark.sizeRange), table: i % 2 == 1, rng: &rng)
            }
        }
        let linter = DocumentLinter(definition: loaded)
        let violations = tallyFindings(documents, linter)
        print("lint-profile: \(count) documents, \(violations) violations")
    }

    @inline(never)
    static func tallyFindings(_ documents: [[UInt8]], _ linter: DocumentLinter) -> Int {
        documents.reduce(0) { $0 + linter.lint($1).violations.count }
    }
}
