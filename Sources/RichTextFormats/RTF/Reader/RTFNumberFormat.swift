/// How a list level (`\levelnfcN`) or a footnote mark (`\ftnnar`, `\aftnnrlc`, …) writes its number, as Word
/// shows it.
enum RTFNumberFormat: Equatable {
    /// 1, 2, 3 (`\levelnfc0`, `\ftnnar`; also every format this reader does not know).
    case decimal
    /// 01, 02, … 10 (`\levelnfc22`).
    case decimalZero
    /// I, II, III (`\levelnfc1`, `\ftnnruc`).
    case upperRoman
    /// i, ii, iii (`\levelnfc2`, `\ftnnrlc`).
    case lowerRoman
    /// A, B, … Z, AA, BB (`\levelnfc3`, `\ftnnauc`).
    case upperLetter
    /// a, b, … z, aa, bb (`\levelnfc4`, `\ftnnalc`).
    case lowerLetter
    /// 1st, 2nd, 3rd (`\levelnfc5`).
    case ordinal
    /// *, †, ‡, §, then doubled (`\ftnnchi`).
    case chicago
    /// A bullet: the level's text alone (`\levelnfc23`).
    case bullet
    /// No number (`\levelnfc255`).
    case none

    /// The format of `\levelnfcN`.
    init(levelNumberFormat code: Int32) {
        switch code {
        case 1: self = .upperRoman
        case 2: self = .lowerRoman
        case 3: self = .upperLetter
        case 4: self = .lowerLetter
        case 5: self = .ordinal
        case 22: self = .decimalZero
        case 23: self = .bullet
        case 255: self = .none
        default: self = .decimal
        }
    }

    /// `number` written in this format ("" for `.none` and `.bullet`, whose text is the level's own).
    func text(_ number: Int) -> String {
        switch self {
        case .decimal: return String(number)
        case .decimalZero: return number >= 0 && number < 10 ? "0\(number)" : String(number)
        case .upperRoman: return Self.roman(number)
        case .lowerRoman: return Self.roman(number).lowercased()
        case .upperLetter: return Self.letters(number)
        case .lowerLetter: return Self.letters(number).lowercased()
        case .ordinal: return Self.ordinal(number)
        case .chicago:
            guard number > 0 else { return String(number) }
            let symbols: [Character] = ["*", "\u{2020}", "\u{2021}", "\u{00A7}"]
            return String(repeating: symbols[(number - 1) % 4], count: (number - 1) / 4 + 1)
        case .bullet, .none: return ""
        }
    }

    /// Roman numerals for 1...3999; other numbers in decimal.
    private static func roman(_ number: Int) -> String {
        guard number > 0 && number < 4000 else { return String(number) }
        let values: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                       (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = number
        var result = ""
        for (value, numeral) in values {
            while rest >= value {
                result += numeral
                rest -= value
            }
        }
        return result
    }

    /// Word's letters: A…Z, then AA…ZZ, AAA…; other numbers (0, negatives, very large) in decimal.
    private static func letters(_ number: Int) -> String {
        guard number > 0 && number <= 26 * 40 else { return String(number) }
        let letter = Character(Unicode.Scalar(UInt8(65 + (number - 1) % 26)))
        return String(repeating: letter, count: (number - 1) / 26 + 1)
    }

    private static func ordinal(_ number: Int) -> String {
        let tens = number % 100
        let suffix: String
        if tens >= 11 && tens <= 13 {
            suffix = "th"
        } else {
            switch number % 10 {
            case 1: suffix = "st"
            case 2: suffix = "nd"
            case 3: suffix = "rd"
            default: suffix = "th"
            }
        }
        return "\(number)\(suffix)"
    }
}
