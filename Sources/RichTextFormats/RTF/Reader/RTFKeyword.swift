/// The control words the reader gives meaning to; every other word is `.unknown` (kept by its bytes for warnings).
enum RTFKeyword: UInt8, CaseIterable {
    case unknown
    // Text
    case par, sect, line, tab, cell, nestcell, row, nestrow, page, bullet, emdash, endash, lquote, rquote
    case ldblquote, rdblquote, emspace, enspace, qmspace, zwj, zwnj, ltrmark, rtlmark, u, uc, chftn
    // Character formatting
    case plain, f, fs, b, i, strike, striked, caps, scaps, ul, ulnone, uldb, ulth, uld, uldash, uldashd
    case uldashdd, ulwave, ulw, `super`, sub, nosupersub, up, dn, cf, cb, highlight, v
    // Paragraph formatting
    case pard, ql, qc, qr, qj, qnatural, rtlpar, ltrpar, li, ri, fi, sl, slmult, sb, sa
    // Document
    case rtf, ansi, mac, pc, pca, ansicpg, bin
    // Destinations handled
    case fonttbl, colortbl, expandedcolortbl, field, fldinst, fldrslt, NeXTGraphic, appleemojiimage
    case pict, pngblip, jpegblip, wmetafile, emfblip, macpict, upr, shppict, nesttableprops, listtext, pntext
    // Font and colour table words
    case fcharset, red, green, blue, csgenericrgb, cssrgb, csgray, c
    // Destinations skipped
    case info, stylesheet, listtable, listoverridetable, themedata, datastore, latentstyles, pgdsctbl, rsidtbl
    case generator, xmlnstbl, colorschememapping, mmathPr, pnseclvl, pn, pntxta, pntxtb, nonshppict, object
    case objdata, filetbl, revtbl, template, userprops, docvar, background, txe, xe, tc, bkmkstart, bkmkend
    case nonesttables, ftnsep, ftnsepc, aftnsep, aftnsepc, ftncn, aftncn, listpicture, fchars, lchars, panose, falt, ud
    // Skipped with a warning
    case header, headerl, headerr, headerf, footer, footerl, footerr, footerf, footnote, annotation, atnid
    case atnauthor, atndate, atnref

    /// The word as written in RTF.
    var name: String { String(describing: self) }

    /// Looks up a control word by its packed bytes.
    static func lookup(_ key: RTFWordKey) -> RTFKeyword {
        table[key] ?? .unknown
    }

    private static let table: [RTFWordKey: RTFKeyword] = {
        var table: [RTFWordKey: RTFKeyword] = [:]
        for keyword in allCases where keyword != .unknown {
            let bytes = Array(keyword.name.utf8)
            var key = RTFWordKey()
            for byte in bytes { key.append(byte) }
            table[key] = keyword
        }
        return table
    }()
}

/// A control word's letters packed into three words (24 letters; RTF words are at most 32, longer ones pack
/// their first 24 letters and their length, and are never keywords).
struct RTFWordKey: Hashable {
    var a: UInt64 = 0
    var b: UInt64 = 0
    var c: UInt64 = 0
    var count: Int = 0

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        let shift = UInt64((count & 7) << 3)
        switch count >> 3 {
        case 0: a |= UInt64(byte) << shift
        case 1: b |= UInt64(byte) << shift
        case 2: c |= UInt64(byte) << shift
        default: break
        }
        count += 1
    }
}
