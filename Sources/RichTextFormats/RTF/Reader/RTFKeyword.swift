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
    // Lists: definitions, overrides, and a paragraph's list and level
    case list, listlevel, listoverride, leveltext, levelnumbers, levelmarker, levelnfc, levelnfcn, levelstartat
    case levelfollow, levellegal, listid, ls, ilvl
    // Footnotes: endnote mark, numbering formats and starts
    case ftnalt, ftnnar, ftnnalc, ftnnauc, ftnnrlc, ftnnruc, ftnnchi, aftnnar, aftnnalc, aftnnauc, aftnnrlc
    case aftnnruc, aftnnchi, ftnstart, aftnstart
    // Destinations skipped
    case info, stylesheet, listtable, listoverridetable, themedata, datastore, latentstyles, pgdsctbl, rsidtbl
    case generator, xmlnstbl, colorschememapping, mmathPr, pnseclvl, pn, pntxta, pntxtb, nonshppict, object
    case objdata, filetbl, revtbl, template, userprops, docvar, background, txe, xe, tc, bkmkstart, bkmkend
    case nonesttables, ftnsep, ftnsepc, aftnsep, aftnsepc, ftncn, aftncn, listpicture, fchars, lchars, panose, falt, ud
    case defchp, defpap, wgrffmtfilter, pgptbl, fldtype, passwordhash, protusertbl, listname, lfolevel
    // Skipped with a warning
    case header, headerl, headerr, headerf, footer, footerl, footerr, footerf, footnote, annotation, atnid
    case atnauthor, atndate, atnref, shpinst, shptxt

    /// The word as written in RTF.
    var name: String { String(describing: self) }

    /// Looks up a control word by its packed bytes.
    @inline(__always)
    static func lookup(_ key: RTFWordKey) -> RTFKeyword {
        RTFKeyword(rawValue: table.value(for: key)) ?? .unknown
    }

    private static let table: RTFWordTable = {
        var table = RTFWordTable()
        for keyword in allCases where keyword != .unknown {
            var key = RTFWordKey()
            for byte in keyword.name.utf8 { key.append(byte) }
            table.insert(key, value: keyword.rawValue)
        }
        return table
    }()
}

/// A map from control words to small values (0 meaning absent), open-addressed with a multiplicative hash:
/// looking a word up costs a few multiplications instead of a SipHash.
struct RTFWordTable: Sendable {
    private var keys: [RTFWordKey]
    private var values: [UInt8]
    private var used: [Bool]
    private var shift: UInt64
    private(set) var count = 0

    init(capacityPowerOfTwo bits: Int = 9) {
        keys = Array(repeating: RTFWordKey(), count: 1 << bits)
        values = Array(repeating: 0, count: 1 << bits)
        used = Array(repeating: false, count: 1 << bits)
        shift = UInt64(64 - bits)
    }

    @inline(__always)
    private func slot(_ key: RTFWordKey) -> Int {
        let mixed = (key.a &* 0x9E37_79B9_7F4A_7C15) ^ (key.b &* 0xC2B2_AE3D_27D4_EB4F) ^ (key.c &* 0x1656_67B1_9E37_79F9)
            ^ UInt64(truncatingIfNeeded: key.count)
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The value stored for `key`, 0 when there is none.
    @inline(__always)
    func value(for key: RTFWordKey) -> UInt8 {
        let mask = keys.count - 1
        var i = slot(key)
        while used[i] {
            if keys[i] == key { return values[i] }
            i = (i + 1) & mask
        }
        return 0
    }

    /// Stores `value` (not 0) for `key`; returns whether the key was new.
    @discardableResult
    mutating func insert(_ key: RTFWordKey, value: UInt8) -> Bool {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var i = slot(key)
        while used[i] {
            if keys[i] == key { values[i] = value; return false }
            i = (i + 1) & mask
        }
        used[i] = true
        keys[i] = key
        values[i] = value
        count += 1
        return true
    }

    private mutating func grow() {
        let old = zip(keys, zip(values, used)).filter { $0.1.1 }
        self = RTFWordTable(capacityPowerOfTwo: 64 - Int(shift) + 1)
        for (key, (value, _)) in old { insert(key, value: value) }
    }
}

/// A control word's letters packed into three words (24 letters; RTF words are at most 32, longer ones pack
/// their first 24 letters and their length, and are never keywords).
struct RTFWordKey: Hashable {
    var a: UInt64 = 0
    var b: UInt64 = 0
    var c: UInt64 = 0
    var count: Int = 0

    init() {}

    /// The key of a word's letters.
    @inline(__always)
    init(_ letters: UnsafeBufferPointer<UInt8>) {
        count = letters.count
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let n = min(letters.count, 24)
        var i = 0
        while i < n {
            let value = UInt64(letters[i]) << UInt64((i & 7) << 3)
            if i < 8 { words.0 |= value } else if i < 16 { words.1 |= value } else { words.2 |= value }
            i += 1
        }
        a = words.0
        b = words.1
        c = words.2
    }

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
