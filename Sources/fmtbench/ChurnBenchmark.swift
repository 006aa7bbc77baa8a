import Foundation
import FormatCheck
import Formatting
import FormattingTesting
import RichText
import RichTextFormats

// fmtbench churn (issue 21): memory follows what is alive. An editing session makes a million edits, each setting
// a value never seen before and, a little later, removing it; resident memory at the end must be close to what
// it was after the first tenth. Then 4,000 small documents whose attribute values are all distinct are linted in
// one process, and the same documents with repeated values in another: the peaks must be close.

enum ChurnBenchmark {
    /// The session's edits; `FMTBENCH_CHURN_EDITS` picks another count.
    static let edits = environmentCount("FMTBENCH_CHURN_EDITS", default: 1_000_000)
    /// How many edits later a value is removed: the number of distinct values alive at once.
    static let lag = 64
    /// The documents linted, and the runs each holds (one distinct set a run in the distinct corpus).
    static let documents = environmentCount("FMTBENCH_CHURN_DOCUMENTS", default: 4_000)
    static let runsPerDocument = 200

    static func main() {
        print("churn: \(grouped(Double(edits))) edits through the recipe engine, each setting `ingredient` to a new value over 5 characters and removing it \(lag) edits later; every 16th edit types a character and deletes it; " + loadAverageNote())
        flushOutput()
        let session = runSelf(["churn-session"])
        guard let record = session.records("session").first, record.count >= 5,
              let early = Int(record[1]), let late = Int(record[2]), let peak = Int(record[3]),
              let seconds = Double(record[4]) else {
            print("fmtbench churn: the session child failed (exit \(session.exitStatus))")
            exit(1)
        }
        let growth = Double(late) / Double(early)
        printTable(["session", "RSS after 10%", "RSS at the end", "peak", "end / 10%", "edits per second"], [[
            "recipe engine", megabytes(early), megabytes(late), megabytes(peak), formatNumber(growth, digits: 3),
            grouped(Double(edits) * 2 / seconds),
        ]])
        print("")

        print("lint: \(grouped(Double(documents))) documents of \(runsPerDocument) runs under the recipe definition, in a child process each way")
        flushOutput()
        var peaks: [String: Int] = [:]
        var rows: [[String]] = []
        for kind in ["distinct", "repeated"] {
            let child = runSelf(["churn-lint", kind])
            guard let r = child.records("lint").first, r.count >= 5, let peakRSS = Int(r[1]), let sets = Int(r[2]),
                  let violations = Int(r[3]), let seconds = Double(r[4]) else {
                print("fmtbench churn: the \(kind) lint child failed (exit \(child.exitStatus))")
                exit(1)
            }
            peaks[kind] = peakRSS
            rows.append([kind, grouped(Double(sets)), grouped(Double(violations)), megabytes(peakRSS), formatNumber(seconds, digits: 2) + " s"])
        }
        printTable(["values", "distinct sets made", "violations", "peak RSS", "time"], rows)
        let peakRatio = Double(peaks["distinct"]!) / Double(peaks["repeated"]!)
        print("")
        print("goals: end / 10% <= 1.2 (\(growth <= 1.2 ? "met" : "MISSED")); distinct / repeated peak <= 1.5 (\(peakRatio <= 1.5 ? "met" : "MISSED"))")
        print("metric churn_rss_growth_ratio \(formatNumber(growth, digits: 4))")
        print("metric churn_distinct_over_repeated_peak \(formatNumber(peakRatio, digits: 4))")
    }

    /// `churn-session`: the editing session; prints `session RSS-after-10% RSS-at-end peak seconds`.
    static func sessionMain() {
        let engine = EngineDefinitions.recipeScenario.engine
        let ingredient = EngineDefinitions.ingredient
        var text = RichString(String(repeating: "stir the milk into the flour and add sugar slowly ", count: 200))
        let length = text.utf8.count
        var rng = SeededGenerator(seed: 0xC4_0A2)
        var placed: [Int] = Array(repeating: -1, count: lag)
        var early = 0
        func range(_ start: Int, _ count: Int) -> Range<RichString.Index> {
            let lower = text.utf8.index(text.startIndex, offsetBy: start)
            return lower..<text.utf8.index(lower, offsetBy: count)
        }
        let seconds = measure {
            for i in 0..<edits {
                let slot = i % lag
                if placed[slot] >= 0 {
                    _ = engine.setAttribute(ingredient, to: nil, in: range(placed[slot], 5), of: &text)
                }
                let start = rng.int(in: 0...(length - 6))
                _ = engine.setAttribute(ingredient, to: .string("value-\(i)"), in: range(start, 5), of: &text)
                placed[slot] = start
                if i % 16 == 15 {
                    let at = rng.int(in: 1...(length - 1))
                    _ = engine.apply(.replaceText(range(at, 0), with: "x"), to: &text)
                    _ = engine.removeText(in: range(at, 1), of: &text)
                }
                if i + 1 == edits / 10 { early = procStatusBytes("VmRSS") }
            }
        }
        blackHole(text.runs.count)
        print("session \(early) \(procStatusBytes("VmRSS")) \(procStatusBytes("VmHWM")) \(seconds)")
    }

    /// `churn-lint distinct|repeated`: lints the corpus made in memory, one document at a time; prints
    /// `lint peak-RSS distinct-sets violations seconds`.
    static func lintMain(_ kind: String) {
        let loaded: LoadedDefinition
        do {
            loaded = try DefinitionFile.load(path: RecipeCorpus.recipeDefinitionPath())
        } catch {
            print("fmtbench churn: the recipe definition did not load")
            exit(1)
        }
        let linter = DocumentLinter(definition: loaded)
        let distinct = kind == "distinct"
        let ingredient = EngineDefinitions.ingredient
        var violations = 0
        let seconds = measure {
            for d in 0..<documents {
                var document = RichString()
                for r in 0..<runsPerDocument {
                    let value = distinct ? "ingredient-\(d)-\(r)" : EngineDefinitions.ingredientNames[r % 16]
                    var run = RichString("word\(r % 10) ")
                    run[run.startIndex..<run.endIndex].setAttribute(ingredient, to: .string(value))
                    _ = document.append(run)
                }
                guard let bytes = try? NativeJSONEncoder().encode(document) else { exit(1) }
                violations += linter.lint(bytes).violations.count
            }
        }
        print("lint \(procStatusBytes("VmHWM")) \(distinct ? documents * runsPerDocument : 16) \(violations) \(seconds)")
    }
}
