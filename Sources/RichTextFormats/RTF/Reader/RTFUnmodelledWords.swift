/// How the reader reports a control word it gives no attribute: not at all (bookkeeping with no formatting of
/// its own), as one kind of loss (tables, lists, tab stops, page layout), or by name.
enum RTFUnmodelledWords {
    enum Report {
        case silent
        case kind(String, String)
        case word
    }

    /// Words that carry no formatting: revision ids, language tags, generator versions, duplicate
    /// (associated-font, logical-indent) forms of words that are read, style references.
    static let silentWords: Set<String> = [
        "deff", "deflang", "deflangfe", "adeflang", "adeff", "stshfdbch", "stshfloch", "stshfhich", "stshfbi",
        "cocoartf", "cocoasubrtf", "cocoascreenfonts", "cocoatextscaling", "cocoaplatform", "lang", "langfe",
        "langnp", "langfenp", "alang", "noproof", "loch", "hich", "dbch", "af", "afs", "ab", "ai", "fcs", "ltrch",
        "rtlch", "lin", "rin", "pardirnatural", "partightenfactor", "nowidctlpar", "widctlpar", "aspalpha",
        "aspnum", "faauto", "adjustright", "wrapdefault", "viewkind", "viewscale", "vieww", "viewh", "viewzk",
        "htmautsp", "nouicompat", "ansicpg", "uc", "ltrsect", "ltrrow", "ltrdoc", "rtldoc", "fet", "fbidis",
        "themelang", "themelangfe", "themelangcs", "vern", "version", "edmins", "nofpages", "nofwords", "nofchars",
        "nofcharsws", "id", "fromtext", "sectdefaultcl", "sectunlocked", "insrsid", "charrsid",
        "pararsid", "sectrsid", "tblrsid", "rsidroot", "rsid", "styrsid", "delrsid", "cgrid", "yts", "ulc",
        "slleading", "outlinelevel", "s", "cs", "ds", "ts", "tsrowd", "ssemihidden", "sunhideused",
        "sqformat", "spriority", "sbasedon", "snext", "slink", "additive", "contextualspace",
    ]

    static let tableWords: Set<String> = [
        "trowd", "cellx", "intbl", "itap", "lastrow", "irow", "irowband", "nesttableprops", "nonesttables",
    ]
    static let tableMessage = "table structure (row and cell properties, borders) is not kept; cells end in a tab and rows in a paragraph break"
    static let listWords: Set<String> = ["listtemplateid", "listhybrid", "listsimple", "listrestarthdn"]
    static let listMessage = "list structure (\\ls, \\ilvl) is not kept; list labels ({\\listtext}, or built from \\listtable where a paragraph has none) are kept as text"
    static let tabWords: Set<String> = ["tx", "tb", "deftab", "pardeftab", "tqr", "tqc", "tqdec", "tldot", "tlhyph", "tlul", "tlth", "tleq", "tlmdot"]
    static let pageWords: Set<String> = [
        "paperw", "paperh", "margl", "margr", "margt", "margb", "gutter", "sectd", "landscape", "titlepg",
        "headery", "footery", "cols", "colsx", "linex", "endnhere", "sbknone", "sbkpage", "sbkcol", "pgnstarts",
        "facingp", "margmirror", "psz", "horzdoc", "vertdoc", "endnotes", "enddoc", "ftnbj", "aenddoc", "aftnnrlc",
    ]
    static let tabMessage = "tab stops (\\tx) are not kept"
    static let pageMessage = "page and section layout (paper size, margins, columns) is not kept"

    private static let classes: RTFWordTable = {
        var table = RTFWordTable()
        for (words, code) in [(silentWords, 1), (tableWords, 2), (listWords, 3), (tabWords, 4), (pageWords, 5)] as [(Set<String>, UInt8)] {
            for word in words {
                var key = RTFWordKey()
                for byte in word.utf8 { key.append(byte) }
                table.insert(key, value: code)
            }
        }
        return table
    }()

    /// How to report the word `letters` (packed as `key`), without making a String of it.
    static func classify(_ letters: UnsafeBufferPointer<UInt8>, key: RTFWordKey) -> Report {
        func hasPrefix(_ prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard letters.count >= count else { return false }
            let p = prefix.utf8Start
            for i in 0..<count where letters[i] != p[i] { return false }
            return true
        }
        func hasSuffix(_ suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            guard letters.count >= count else { return false }
            let p = suffix.utf8Start
            let offset = letters.count - count
            for i in 0..<count where letters[offset + i] != p[i] { return false }
            return true
        }
        switch key.count <= 24 ? classes.value(for: key) : 0 {
        case 1: return .silent
        case 2: return .kind("table", tableMessage)
        case 3: return .kind("list", listMessage)
        case 4: return .kind("tabs", tabMessage)
        case 5: return .kind("page", pageMessage)
        default: break
        }
        if hasSuffix("rsid") { return .silent }
        if (hasPrefix("tr") && !hasPrefix("track")) || hasPrefix("cl") || hasPrefix("brdr") || hasPrefix("tbl")
            || hasPrefix("tsbrdr") || hasPrefix("tscell") {
            return .kind("table", tableMessage)
        }
        if hasPrefix("pn") { return .kind("list", listMessage) }
        if hasPrefix("pgw") || hasPrefix("pgh") || hasPrefix("marg") || hasPrefix("pgn") || hasPrefix("ftn")
            || hasPrefix("aftn") || hasPrefix("sect") {
            return .kind("page", pageMessage)
        }
        return .word
    }
}
