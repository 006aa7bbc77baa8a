import FormattingTesting

// Recipe documents shaped like other people's corpora, for the lint rows of issue 40:
// - `ciShapeDocument`: a CI team's notes, 40 paragraphs a document (~13 KB), in many scripts, with a few findings
//   spread through the paragraphs and non-ASCII text before every finding;
// - `denseFindingsDocument`: a document with exactly 100 findings in ~13 KB, for the cost of one finding.

extension RecipeCorpus {
    /// Words of the CI-shaped text, by script: accented Latin, Cyrillic, Greek, Japanese, Chinese, Korean
    /// (syllables and, rarely, conjoining jamo), Devanagari conjuncts, Arabic, and emoji (ZWJ sequences, flags,
    /// skin tones, a keycap) with combining marks; every script a paragraph can be written in.
    static let scripts: [[String]] = [
        ["Teig", "kneten", "Schüssel", "über", "Nacht", "ruhen", "crème", "brûlée", "café", "naïve", "façon", "pâte",
         "à", "côté", "jalapeño", "señor", "smørbrød", "gâteau", "Ærø", "ﬁnal"],
        ["тесто", "месить", "десять", "минут", "затем", "оставить", "соль", "сахар", "молоко", "печь"],
        ["ζύμη", "αλάτι", "ζάχαρη", "γάλα", "ψήνουμε", "λεπτά", "ανακατεύουμε"],
        ["生地を", "十分", "こねる", "、", "寝かせて", "から", "焼きます", "。", "砂糖", "ミルク", "バター"],
        ["面团", "揉", "十分钟", "然后", "静置", "，", "烤", "温热", "食用", "。"],
        ["반죽을", "십", "분", "동안", "치대고", "굽습니다", "소금", "우유", "\u{1100}\u{1161}\u{11A8}"],
        ["आटा", "गूँधें", "क्षीर", "मिश्रण", "स्वाद", "नमक", "दूध", "पकाएँ"],
        ["العجين", "اعجن", "دقائق", "ملح", "سكر", "حليب"],
        ["🍰", "👩‍🍳", "🇫🇷", "🇯🇵", "👍🏽", "1️⃣", "e\u{301}", "n\u{303}", "🧑🏿‍🍳", "❤️"],
    ]

    /// A document of `paragraphs` paragraphs (~320 bytes of JSON each) in scripts drawn per paragraph, ingredients
    /// green, and a finding (an uncoloured ingredient or a coloured plain word) in about one paragraph in four,
    /// each after non-ASCII text. `table` picks the table form.
    static func ciShapeDocument(paragraphs: Int = 40, table: Bool, rng: inout SeededGenerator) -> [UInt8] {
        var runs: [(text: String, attributes: String)] = []
        for _ in 0..<paragraphs {
            let script = scripts[rng.below(scripts.count)]
            var size = 0
            let finding = rng.chanceFromHighBits(0.25)
            let findingAt = rng.int(in: 20...140)
            var found = false
            while size < 160 {
                var text = ""
                for _ in 0..<rng.int(in: 3...8) {
                    text += rng.chanceFromHighBits(0.15) ? words[rng.below(words.count)] : script[rng.below(script.count)]
                    text += " "
                }
                let ingredient = ingredients[rng.below(ingredients.count)]
                var kind = 1
                if finding && !found && size + text.utf8.count >= findingAt {
                    // Non-ASCII text right before the finding.
                    text += scripts[0][rng.below(scripts[0].count)] + " " + script[rng.below(script.count)] + " "
                    kind = rng.chanceFromHighBits(0.5) ? 2 : 3
                    found = true
                }
                runs.append((text, "{}"))
                runs.append((ingredient, attributeJSON(kind, ingredient: ingredient)))
                size += text.utf8.count + ingredient.utf8.count
            }
            runs.append(("\n", "{}"))
        }
        return encode(runs, table: table, capacity: paragraphs * 600)
    }

    /// A document of ~13 KB with exactly `findings` findings, one every ~130 bytes, in mixed scripts.
    static func denseFindingsDocument(findings: Int = 100, table: Bool, rng: inout SeededGenerator) -> [UInt8] {
        var runs: [(text: String, attributes: String)] = []
        for k in 0..<findings {
            let script = scripts[rng.below(scripts.count)]
            var text = ""
            for _ in 0..<rng.int(in: 7...14) {
                text += rng.chanceFromHighBits(0.5) ? words[rng.below(words.count)] : script[rng.below(script.count)]
                text += " "
            }
            if k % 10 == 9 { text += "\n" }
            runs.append((text, "{}"))
            let ingredient = ingredients[rng.below(ingredients.count)]
            let kind = rng.chanceFromHighBits(0.5) ? 2 : 3
            runs.append((ingredient, attributeJSON(kind, ingredient: ingredient)))
        }
        return encode(runs, table: table, capacity: findings * 200)
    }
}
