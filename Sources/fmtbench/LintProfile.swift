import Foundation
import FormatCheck
import FormattingTesting

// `fmtbench lint-profile [COUNT]`: lints COUNT (default 40) generated recipe documents in memory, in order, on one
// core, with the library's DocumentLinter (the per-file work of `fmtbench lint` without file reads or threads).
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
        let documents = (0..<count).map { i in
            RecipeCorpus.document(targetBytes: rng.int(in: LintBenchmark.sizeRange), table: i % 2 == 1, rng: &rng)
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
