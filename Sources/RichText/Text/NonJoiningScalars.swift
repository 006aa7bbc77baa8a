/// The scalars that never join a neighbour into one character: the one place that says which they are.
///
/// Two adjacent scalars of this table always have a grapheme boundary between them, whatever text surrounds
/// them, except CR followed by LF (UAX #29's GB3). Each scalar here has the Grapheme_Cluster_Break property
/// Other, Control, CR, LF, LV or LVT, and none is an Indic conjunct linker or extender: the rules that keep
/// scalars together (GB3, GB6-GB9c, GB11-GB13) all need an Extend, ZWJ, SpacingMark, Prepend, jamo L, V or T,
/// or regional indicator on one side, and those are left out. A Hangul syllable (LV, LVT) joins only a
/// following V or T jamo, so syllables are in; an emoji is Other and joins only through a ZWJ, so it is in.
///
/// So a character count needs grapheme breaking only around scalars outside the table, and the standard
/// library's breaker (`String.count`, `String.index(after:)`) answers there, from boundaries this table fixes
/// (`CharacterCounting`). The ranges are whole blocks, or the letters of a block up to its first combining
/// mark; `NonJoiningScalarsTests` checks every scalar in them against the standard library's breaker, so a
/// toolchain whose Unicode data disagrees fails the tests instead of miscounting.
enum NonJoiningScalars {
    /// The scalars, by range (ascending, not overlapping).
    static let ranges: [ClosedRange<UInt32>] = [
        0x0000...0x02FF,    // C0 controls (CR pairs only with LF), ASCII, Latin-1, Latin Extended-A/B, IPA, modifiers
        0x0370...0x0482,    // Greek and Coptic, Cyrillic up to its combining marks
        0x048A...0x0590,    // Cyrillic, Cyrillic Supplement, Armenian
        0x05D0...0x05FF,    // Hebrew letters
        0x0620...0x064A,    // Arabic letters before the harakat
        0x0671...0x06D5,    // Arabic letters
        0x0904...0x0939,    // Devanagari vowels and consonants (a virama between two is outside: it is Extend)
        0x0E01...0x0E30,    // Thai consonants and vowels before the first mark
        0x10A0...0x10FF,    // Georgian
        0x1200...0x135C,    // Ethiopic syllables
        0x13A0...0x167F,    // Cherokee, Unified Canadian Aboriginal Syllabics
        0x1E00...0x200B,    // Latin Extended Additional (Vietnamese), Greek Extended, spaces (ZWNJ and ZWJ are outside)
        0x200E...0x20CF,    // General Punctuation from LRM on, super- and subscripts, currency symbols
        0x2100...0x2BFF,    // letterlike symbols, arrows, mathematical and technical symbols, box drawing, dingbats
        0x2E00...0x3029,    // supplemental punctuation, CJK radicals, Kangxi, CJK symbols up to the tone marks
        0x3030...0x3096,    // wavy dash to the last hiragana
        0x309B...0x318F,    // kana marks, katakana, bopomofo, Hangul compatibility jamo (not conjoining)
        0x3190...0x4DBF,    // kanbun, CJK strokes, enclosed CJK, compatibility, CJK Extension A
        0x4DC0...0x9FFF,    // Yijing hexagrams, CJK Unified Ideographs
        0xA000...0xA4CF,    // Yi
        0xAC00...0xD7A3,    // Hangul syllables (LV and LVT)
        0xF900...0xFAFF,    // CJK Compatibility Ideographs
        0xFF01...0xFF9D,    // fullwidth forms, halfwidth katakana before the voiced marks
        0x1F300...0x1F3FA,  // emoji before the skin-tone modifiers
        0x1F400...0x1FAFF,  // emoji
        0x20000...0x3FFFD,  // CJK Extensions B-J, compatibility supplement (planes 2 and 3)
    ]

    /// Every scalar whose UTF-8 lead byte is below this (U+0000-U+02FF) is in the table: the word-at-a-time
    /// scans that skip decoding rely on it (`NonJoiningScalarsTests` holds it to `ranges`).
    static let leadByteLimit: UInt8 = 0xCC

    /// Whether `value` is in the table. A loop over many scalars reads `lookup` once and asks it instead: each
    /// read of a static costs a check that it is initialised.
    static func contains(_ value: UInt32) -> Bool { lookup.contains(value) }

    /// The table in the form lookups read: the basic multilingual plane as a bitmap (one load a scalar), and the
    /// few ranges past it, searched in turn.
    static let lookup = Lookup(ranges)

    struct Lookup: @unchecked Sendable {
        private let words: UnsafeMutablePointer<UInt64>
        private let supplementary: UnsafeMutableBufferPointer<ClosedRange<UInt32>>

        init(_ ranges: [ClosedRange<UInt32>]) {
            words = .allocate(capacity: 1024)
            words.initialize(repeating: 0, count: 1024)
            for range in ranges where range.lowerBound < 0x10000 {
                for value in range.lowerBound...min(range.upperBound, 0xFFFF) {
                    words[Int(value >> 6)] |= 1 << UInt64(value & 63)
                }
            }
            let beyond = ranges.filter { $0.upperBound >= 0x10000 }.map { max($0.lowerBound, 0x10000)...$0.upperBound }
            supplementary = .allocate(capacity: beyond.count)
            _ = supplementary.initialize(from: beyond)
        }

        @inline(__always)
        func contains(_ value: UInt32) -> Bool {
            if value < 0x10000 { return words[Int(value >> 6)] >> UInt64(value & 63) & 1 != 0 }
            for range in supplementary where range.contains(value) { return true }
            return false
        }
    }
}
