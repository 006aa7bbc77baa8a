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
    static let listWords: Set<String> = ["ls", "ilvl", "listid", "listtemplateid", "levelmarker", "levelstartat"]
    static let listMessage = "list structure (\\ls, \\ilvl) is not kept; list marker text ({\\listtext}) is kept as text"
    static let tabWords: Set<String> = ["tx", "tb", "deftab", "pardeftab", "tqr", "tqc", "tqdec", "tldot", "tlhyph", "tlul", "tlth", "tleq", "tlmdot"]
    static let pageWords: Set<String> = [
        "paperw", "paperh", "margl", "margr", "margt", "margb", "gutter", "sectd", "landscape", "titlepg",
        "headery", "footery", "cols", "colsx", "linex", "endnhere", "sbknone", "sbkpage", "sbkcol", "pgnstarts",
        "facingp", "margmirror", "psz", "horzdoc", "vertdoc", "endnotes", "enddoc", "ftnbj", "aenddoc", "aftnnrlc",
    ]
    static let pageMessage = "page and section layout (paper size, margins, columns) is not kept"

    static func classify(_ word: String) -> Report {
        if silentWords.contains(word) || word.hasSuffix("rsid") { return .silent }
        if tableWords.contains(word) || (word.hasPrefix("tr") && !word.hasPrefix("track")) || word.hasPrefix("cl")
            || word.hasPrefix("brdr") || word.hasPrefix("tbl") || word.hasPrefix("tsbrdr") || word.hasPrefix("tscell") {
            return .kind("table", tableMessage)
        }
        if listWords.contains(word) || word.hasPrefix("pn") { return .kind("list", listMessage) }
        if tabWords.contains(word) { return .kind("tabs", "tab stops (\\tx) are not kept") }
        if pageWords.contains(word) || word.hasPrefix("pgw") || word.hasPrefix("pgh") || word.hasPrefix("marg")
            || word.hasPrefix("pgn") || word.hasPrefix("ftn") || word.hasPrefix("aftn") || word.hasPrefix("sect") {
            return .kind("page", pageMessage)
        }
        return .word
    }
}
