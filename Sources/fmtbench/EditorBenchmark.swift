import DefinitionFiles
import EditorBridge
import FormatCheck
import Formatting
import FormattingTesting
import Foundation
import RichText

// fmtbench editor (issue 38): a keystroke through the editor bridge, as a text widget counting UTF-16 calls it, to
// the view update it applies (text, re-tagged ranges, selection, undo, the toolbar's states from the probe), on
// 1 MB and 10 MB recipe documents: typing a character, backspace, pasting a paragraph, Ingredient over a word.
// No GTK: the bridge alone.

enum EditorBenchmark {
    /// Samples per operation and size (`FMTBENCH_EDITOR_SAMPLES` picks another count for typing and backspace;
    /// paste and Ingredient take a tenth).
    static let samples = environmentCount("FMTBENCH_EDITOR_SAMPLES", default: 3_000)
    static let sizes = [(label: "1 MB", bytes: 1 << 20), (label: "10 MB", bytes: 10 << 20)]

    /// Wall-clock and on-CPU times of each sample: on a shared machine the wall clock's tail is mostly time the
    /// thread spent descheduled, which the CPU time leaves out.
    struct Timings {
        var micros: [Double] = []
        var cpuMicros: [Double] = []
        var retagged: [Int] = []

        mutating func time(_ body: () -> ViewUpdate) {
            let cpuStart = threadCPUTime(), start = now()
            let update = body()
            micros.append((now() - start) * 1e6)
            cpuMicros.append((threadCPUTime() - cpuStart) * 1e6)
            retagged.append(update.attributeChanges.count)
        }

        func percentile(_ p: Double, cpu: Bool = false) -> Double {
            let sorted = (cpu ? cpuMicros : micros).sorted()
            return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
        }
    }

    /// The calling thread's CPU time in seconds.
    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func main() {
        let loaded: LoadedDefinition
        do {
            loaded = try DefinitionFile.load(path: RecipeCorpus.recipeDefinitionPath())
        } catch {
            print("fmtbench editor: \(RecipeCorpus.recipeDefinitionPath()): \(error)")
            exit(1)
        }
        print("editor: keystroke -> view update through EditorBridge (UTF-16 widget, toolbar Ingredient/Red/Green probed on every update), \(samples) typing and backspace samples, \(samples / 10) paste and Ingredient samples per size; " + loadAverageNote())
        var rows: [[String]] = []
        var typingP99At10MB = 0.0, typingCPUP99At10MB = 0.0, maxRetaggedTyping = 0
        for size in sizes {
            var rng = SeededGenerator(seed: 38)
            let bytes = RecipeCorpus.document(targetBytes: size.bytes, table: true, rng: &rng)
            let document: RichString
            do {
                document = try LintDocumentReader(definition: loaded).read(bytes).document
            } catch {
                print("fmtbench editor: the generated document does not read: \(error)")
                exit(1)
            }
            let results = run(on: document, engine: FormattingEngine(loaded.definition), rng: &rng)
            for (name, timings) in results {
                rows.append([size.label, name, formatNumber(timings.percentile(0.5), digits: 1), formatNumber(timings.percentile(0.99), digits: 1),
                             formatNumber(timings.micros.max() ?? 0, digits: 1), formatNumber(timings.percentile(0.99, cpu: true), digits: 1),
                             "\(timings.retagged.max() ?? 0)"])
            }
            if let typing = results.first(where: { $0.0 == "type a character" })?.1 {
                maxRetaggedTyping = max(maxRetaggedTyping, typing.retagged.max() ?? 0)
                if size.bytes == 10 << 20 {
                    typingP99At10MB = typing.percentile(0.99)
                    typingCPUP99At10MB = typing.percentile(0.99, cpu: true)
                }
            }
        }
        printTable(["document", "operation", "p50 µs", "p99 µs", "max µs", "p99 CPU µs", "ranges re-tagged (max)"], rows)
        printMetric("editor_keystroke_p99_us_10mb", typingP99At10MB)
        printMetric("editor_keystroke_cpu_p99_us_10mb", typingCPUP99At10MB)
        printMetric("editor_retagged_ranges_typing", maxRetaggedTyping)
    }

    /// Each operation timed on a bridge over `document`, at random places.
    static func run(on document: RichString, engine: FormattingEngine, rng: inout SeededGenerator) -> [(String, Timings)] {
        let commands = [
            FormattingCommand(name: "Ingredient", key: AttributeKeyDescriptor(name: "ingredient"), value: .selectedText, toggles: true),
            FormattingCommand(name: "Red", key: AttributeKeyDescriptor(name: "foregroundColor"), value: .constant(.color(RichColor(hex: "#FF3B30")!))),
            FormattingCommand(name: "Green", key: AttributeKeyDescriptor(name: "foregroundColor"), value: .constant(.color(RichColor(hex: "#34C759")!))),
        ]
        var bridge = EditorBridge(session: EditingSession(document: document, engine: engine), unit: .utf16, commands: commands)
        var typing = Timings(), backspace = Timings(), paste = Timings(), ingredient = Timings()
        var paragraph = RichString("Fold in 200 g of sugar and a pinch of salt, then rest the dough.\n")
        _ = paragraph[paragraph.range(of: "sugar")!].setAttribute(AttributeKeyDescriptor(name: "ingredient"), to: .string("sugar"))
        func handle(_ event: WidgetEvent) -> ViewUpdate {
            do { return try bridge.handle(event) } catch {
                print("fmtbench editor: \(event) failed: \(error)")
                exit(1)
            }
        }
        /// A caret at a random place (not timed), then a burst of keystrokes there, as a person types a word.
        func caret() -> Int {
            let offset = Int(rng.below(bridge.session.document.counts.utf16))
            _ = handle(.select(offset..<offset))
            return offset
        }
        let bursts = samples / 10
        for _ in 0..<bursts {
            var at = caret()
            for letter in "salted" + "!!!!" {
                typing.time { handle(.insert(String(letter), at: at)) }
                at += 1
            }
            for _ in 0..<10 {
                backspace.time { handle(.delete((at - 1)..<at)) }
                at -= 1
            }
        }
        for _ in 0..<max(1, samples / 10) {
            let at = caret()
            paste.time { handle(.paste(paragraph, over: at..<at)) }
        }
        for _ in 0..<max(1, samples / 10) {
            // A word: from a random place to the next space.
            let text = bridge.session.document
            let start = Int(rng.below(text.counts.utf16 - 64))
            let window = text[text.range(start, start + 64, in: .utf16)].string.utf16
            guard let space = window.firstIndex(of: 32), window.distance(from: window.startIndex, to: space) > 0 else { continue }
            let end = start + window.distance(from: window.startIndex, to: space)
            _ = handle(.select(start..<end))
            ingredient.time { handle(.command("Ingredient")) }
        }
        return [("type a character", typing), ("backspace", backspace), ("paste a paragraph", paste), ("Ingredient over a word", ingredient)]
    }
}
