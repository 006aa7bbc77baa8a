/// The paragraph formatting of one RTF paragraph, in RTF's units (twips), written after `\pard`.
struct RTFParagraphFormat: Hashable {
    var alignment: StandardAttributes.Alignment?
    /// `.leftToRight` or `.rightToLeft`: RTF has no word for a natural direction.
    var direction: StandardAttributes.WritingDirection?
    /// Twips (`\liN`, `\riN`, `\fiN`, `\sbN`, `\saN`).
    var headIndent: Int?
    var tailIndent: Int?
    var firstLineHeadIndent: Int?
    var spacingBefore: Int?
    var spacingAfter: Int?
    /// `\slN`: with `\slmult1` N is 240ths of a line, with `\slmult0` twips.
    var lineSpacing: (value: Int, multiple: Bool)?

    static func == (a: RTFParagraphFormat, b: RTFParagraphFormat) -> Bool {
        a.alignment == b.alignment && a.direction == b.direction && a.headIndent == b.headIndent
            && a.tailIndent == b.tailIndent && a.firstLineHeadIndent == b.firstLineHeadIndent
            && a.spacingBefore == b.spacingBefore && a.spacingAfter == b.spacingAfter
            && a.lineSpacing?.value == b.lineSpacing?.value && a.lineSpacing?.multiple == b.lineSpacing?.multiple
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(alignment)
        hasher.combine(direction)
        hasher.combine(headIndent)
        hasher.combine(lineSpacing?.value)
    }

    /// `\pard` and the words for every attribute set.
    func write(to out: inout RTFOutput) {
        out.word("pard")
        switch alignment {
        case .left: out.word("ql")
        case .center: out.word("qc")
        case .right: out.word("qr")
        case .justified: out.word("qj")
        case .natural: out.word("qnatural")
        case nil: break
        }
        switch direction {
        case .rightToLeft: out.word("rtlpar")
        case .leftToRight: out.word("ltrpar")
        case .natural, nil: break
        }
        if let headIndent { out.word("li", headIndent) }
        if let tailIndent { out.word("ri", tailIndent) }
        if let firstLineHeadIndent { out.word("fi", firstLineHeadIndent) }
        if let lineSpacing {
            out.word("sl", lineSpacing.value)
            out.word("slmult", lineSpacing.multiple ? 1 : 0)
        }
        if let spacingBefore { out.word("sb", spacingBefore) }
        if let spacingAfter { out.word("sa", spacingAfter) }
    }
}
