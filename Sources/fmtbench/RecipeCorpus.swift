import FormattingTesting
import Foundation

// Generated recipe documents in Foundation's Codable layout (DESIGN §5, FORMATS.md), for `fmtbench json` and
// `fmtbench lint`. Text runs are plain ({}), ingredients ({"foregroundColor":"#34C759","ingredient":"milk"}),
// and now and then a coloured non-ingredient or an uncoloured ingredient (real findings for the linter).
// Half the documents use the flat array form, half the {"attributeTable", "runs"} table form.

enum RecipeCorpus {
    static let words = ["knead", "the", "dough", "for", "ten", "minutes", "then", "let", "it", "rest", "stir",
                        "gently", "until", "smooth", "bake", "at", "200", "degrees", "serve", "warm", "crème",
                        "brûlée", "with", "a", "pinch", "of", "salt", "and", "fold", "in", "café", "naïve"]
    static let ingredients = ["milk", "flour", "butter", "eggs", "sugar", "yeast", "water", "salt", "tomatoes",
                              "basil", "olive oil", "crème fraîche", "honey", "lemon", "garlic", "pepper"]

    /// The attribute dictionaries a document uses (as JSON text), by kind.
    static func attributeJSON(_ kind: Int, ingredient: String) -> String {
        switch kind {
        case 0: return "{}"
        case 1: return "{\"foregroundColor\":\"#34C759\",\"ingredient\":\"\(ingredient)\"}"
        case 2: return "{\"foregroundColor\":\"#FF3B30\"}"          // coloured, not an ingredient: a finding
        default: return "{\"ingredient\":\"\(ingredient)\"}"         // an ingredient that is not green: a finding
        }
    }

    /// One document of about `targetBytes` bytes. `table` picks the table form.
    static func document(targetBytes: Int, table: Bool, rng: inout SeededGenerator) -> [UInt8] {
        var runs: [(text: String, attributes: String)] = []
        var size = 40
        var paragraph = 0
        while size < targetBytes {
            // A plain stretch of words, sometimes ending a paragraph.
            var text = ""
            for _ in 0..<rng.int(in: 3...14) {
                text += words[rng.below(words.count)]
                text += " "
            }
            if rng.chanceFromHighBits(0.3) { text += "\n"; paragraph += 1 }
            runs.append((text, "{}"))
            size += text.utf8.count + (text.hasSuffix("\n") ? 1 : 0) + 6
            // An ingredient (or, rarely, a finding).
            let ingredient = ingredients[rng.below(ingredients.count)]
            let kind = rng.chanceFromHighBits(0.02) ? (rng.chanceFromHighBits(0.5) ? 2 : 3) : 1
            let name = (rng.chanceFromHighBits(0.5) ? "\(rng.int(in: 1...500)) g of " : "") + ingredient
            let attributes = attributeJSON(kind, ingredient: ingredient)
            runs.append((name, attributes))
            // In the table form a run's attributes are an index into the table (a digit or two).
            size += name.utf8.count + (table ? 2 : attributes.utf8.count) + 4
        }
        return encode(runs, table: table, capacity: targetBytes + 4096)
    }

    /// The native JSON of `runs` (text, attribute dictionary as JSON text): the flat array form, or with `table`
    /// the table form, whose table lists each distinct non-empty dictionary once.
    static func encode(_ runs: [(text: String, attributes: String)], table: Bool, capacity: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        if table {
            var tableIndex: [String: Int] = [:]
            var tableOrder: [String] = []
            var runBytes: [UInt8] = []
            runBytes.reserveCapacity(capacity)
            for (i, run) in runs.enumerated() {
                if i > 0 { runBytes.append(UInt8(ascii: ",")) }
                appendQuoted(run.text, to: &runBytes)
                runBytes.append(UInt8(ascii: ","))
                if run.attributes == "{}" {
                    runBytes.append(contentsOf: "{}".utf8)
                } else {
                    let index: Int
                    if let known = tableIndex[run.attributes] { index = known } else {
                        index = tableOrder.count
                        tableIndex[run.attributes] = index
                        tableOrder.append(run.attributes)
                    }
                    runBytes.append(contentsOf: String(index).utf8)
                }
            }
            out.append(contentsOf: ("{\"attributeTable\":[" + tableOrder.joined(separator: ",") + "],\"runs\":[").utf8)
            out.append(contentsOf: runBytes)
            out.append(contentsOf: "]}".utf8)
        } else {
            out.append(UInt8(ascii: "["))
            for (i, run) in runs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                appendQuoted(run.text, to: &out)
                out.append(UInt8(ascii: ","))
                out.append(contentsOf: run.attributes.utf8)
            }
            out.append(UInt8(ascii: "]"))
        }
        return out
    }

    /// Appends a JSON string literal (the generated text needs only \n, quote and backslash escapes).
    static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\n"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\\"))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Definitions/recipe.json: from the current directory, else beside this source tree.
    static func recipeDefinitionPath() -> String {
        let local = FileManager.default.currentDirectoryPath + "/Definitions/recipe.json"
        if FileManager.default.fileExists(atPath: local) { return local }
        let source = URL(fileURLWithPath: #filePath)
        return source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Definitions/recipe.json").path
    }
}

/// The 1-minute load average and the core count, printed so readers can judge contention on shared machines.
func loadAverageNote() -> String {
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
    return "load average \(load) on \(ProcessInfo.processInfo.activeProcessorCount) cores"
}
