import Foundation

// fmtbench NAME: benchmark dispatch (DESIGN §7). Hidden subcommands are the children benchmarks spawn.

let benchmarks: [(name: String, summary: String, run: () -> Void)] = [
    ("edits", "random inserts, deletes and attribute sets on ~1M characters vs Foundation; memory; scaling to 100M; constrained keys on 8 seeds", EditsBenchmark.main),
    ("traces", "replay real editing traces (automerge-paper, seph-blog1, rustcode) vs Foundation", TracesBenchmark.main),
    ("engine", "the edits script and the traces through FormattingEngine (recipe and a 20-constraint definition) vs bare RichString and Foundation; probe vs apply", EngineBenchmark.main),
    ("paragraphs", "set a paragraph-bound value on one character of a 100 / 10,000 / 100,000-character paragraph in a 1M document vs Foundation", ParagraphsBenchmark.main),
    ("json", "native JSON read and write MB/s on ~100 MB of recipe documents vs JSONSerialization parsing the same bytes", JSONBenchmark.main),
    ("rtf", "RTF read and write MB/s on ../shared/corpus/rtf repeated to 50 MB; RTF read time over native JSON read time of the same documents", RTFBenchmark.main),
    ("churn", "1,000,000 engine edits that each set a new distinct value and later remove it (RSS growth), and 4,000 documents of distinct vs repeated values linted (peak RSS ratio)", ChurnBenchmark.main),
    ("editor", "keystroke -> view update through the editor bridge (UTF-16) on 1 MB and 10 MB recipe documents: typing, backspace, paste, Ingredient; p50/p99 µs and ranges re-tagged", EditorBenchmark.main),
    ("lint", "lint 1,000 recipe documents (~220 MB) under Definitions/recipe.json on one core and all cores vs JSONSerialization; peak RSS / largest document", LintBenchmark.main),
]

let arguments = Array(CommandLine.arguments.dropFirst())


switch arguments.first {
case nil, "--list", "-l":
    for b in benchmarks { print("\(b.name)\t\(b.summary)") }
case "edits-peer":
    EditsBenchmark.peerMain()
case "edits-memory":
    EditsBenchmark.memoryMain(arguments.count > 1 ? arguments[1] : "idle")
case "edits-constrained-ours":
    ConstrainedEdits.childMain(foundation: false, Array(arguments.dropFirst()))
case "edits-constrained-peer":
    ConstrainedEdits.childMain(foundation: true, Array(arguments.dropFirst()))
case "edits-constrained-profile":
    ConstrainedEdits.profileMain(Array(arguments.dropFirst()))
case "paragraphs-peer":
    ParagraphsBenchmark.peerMain()
case "paragraphs-profile":
    ParagraphsBenchmark.profileMain(Array(arguments.dropFirst()))
case "edits-scaling", "scaling":
    ScalingBenchmark.run().printMetrics()
case "edits-profile":
    EditsBenchmark.profileMain()
case "traces-profile":
    TracesBenchmark.profileMain(arguments.dropFirst().first ?? "rustcode")
case "engine-profile":
    EngineBenchmark.profileMain(Array(arguments.dropFirst()))
case "lint-profile":
    LintProfile.main(Array(arguments.dropFirst()))
case "lint-cache":
    LintCacheBenchmark.run(definition: RecipeCorpus.recipeDefinitionPath())
case "lint-records":
    RecordsBenchmark.childMain(Array(arguments.dropFirst()))
case "lint-records-bench":
    RecordsBenchmark.run(definition: RecipeCorpus.recipeDefinitionPath())
case "lint-all-cores":
    LintBenchmark.allCoresMain(Array(arguments.dropFirst()))
case "churn-session":
    ChurnBenchmark.sessionMain()
case "churn-lint":
    ChurnBenchmark.lintMain(arguments.count > 1 ? arguments[1] : "distinct")
case "traces-peer":
    TracesBenchmark.peerMain(arguments.dropFirst().first ?? "")
case let name?:
    if let b = benchmarks.first(where: { $0.name == name }) {
        b.run()
    } else {
        FileHandle.standardError.write(Data("fmtbench: unknown benchmark \(name); try --list\n".utf8))
        exit(64)
    }
}
