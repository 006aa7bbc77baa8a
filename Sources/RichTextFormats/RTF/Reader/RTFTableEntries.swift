import RichText

/// One font of `\fonttbl`.
struct RTFFontEntry {
    var name = ""
    var charset: Int32? = nil
    /// The symbol font its name says it is, for its private-use characters (`RTFSymbolFonts`).
    var symbolFamily = RTFSymbolFonts.Family.other
}

/// One colour being read from `\colortbl` or `\expandedcolortbl`.
struct RTFColorEntry {
    enum Model { case rgb, gray }

    /// `\red \green \blue`, -1 when not given.
    var rgb: (Int32, Int32, Int32) = (-1, -1, -1)
    /// `\cN` values of the expanded table (0–100000).
    var components: [Int32] = []
    var model = Model.rgb

    mutating func set(_ index: Int, _ value: Int32) {
        switch index {
        case 0: rgb.0 = value
        case 1: rgb.1 = value
        default: rgb.2 = value
        }
    }

    /// The colour from `\colortbl` components (0–255); nil for an "auto" entry with none.
    var tableColor: RichColor? {
        guard rgb.0 >= 0 || rgb.1 >= 0 || rgb.2 >= 0 else { return nil }
        func unit(_ v: Int32) -> Double { Double(min(max(v, 0), 255)) / 255 }
        return RichColor(red: unit(rgb.0), green: unit(rgb.1), blue: unit(rgb.2))
    }

    /// The colour from expanded components (0–100000, optional alpha); nil when there are none.
    ///
    /// A component that is the five-digit form of an 8-bit value (`\\c47843` for 122/255) reads as that value
    /// exactly, so the colours of hex-coloured documents come back equal after a trip through RTF.
    var expandedColor: RichColor? {
        func unit(_ v: Int32) -> Double { Self.unit(expanded: v) }
        switch model {
        case .rgb:
            guard components.count >= 3 else { return nil }
            return RichColor(red: unit(components[0]), green: unit(components[1]), blue: unit(components[2]),
                             alpha: components.count >= 4 ? unit(components[3]) : 1)
        case .gray:
            guard let white = components.first else { return nil }
            return RichColor(red: unit(white), green: unit(white), blue: unit(white),
                             alpha: components.count >= 2 ? unit(components[1]) : 1)
        }
    }
}

extension RTFColorEntry {
    /// An expanded component (0–100000) as a unit value, snapped to k/255 when it is that value's five-digit form.
    static func unit(expanded value: Int32) -> Double {
        let clamped = Int(min(max(value, 0), 100_000))
        let byte = (Double(clamped) * 255 / 100_000).rounded()
        if Int((byte / 255 * 100_000).rounded()) == clamped { return byte / 255 }
        return Double(clamped) / 100_000
    }
}

extension RTFInterpreter {
    /// Stores the font entry being read (at `;`, or at the entry's `}` or next `\f` when it had a name).
    mutating func finishFontEntry(onlyIfNamed: Bool) {
        guard let number = fontEntryNumber else { return }
        if onlyIfNamed && fontNameBytes.isEmpty { return }
        let name = Self.trimmed(String(decoding: fontNameBytes, as: UTF8.self))
        if onlyIfNamed && name.isEmpty { return }
        fontNameBytes.removeAll(keepingCapacity: true)
        var entry = fontEntry
        entry.name = name
        entry.symbolFamily = RTFSymbolFonts.family(named: name)
        // The first entry for a number wins (Word repeats none; \upr's second table is skipped).
        if fonts[number] == nil { fonts[number] = entry }
        fontEntryNumber = nil
        fontEntry = RTFFontEntry()
        state.codePage = documentCodePage
        updateDecoder()
    }

    /// `text` without leading and trailing white space, line ends and separators (no Foundation bridging: font
    /// tables are long). Font names and footnote texts are trimmed so.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value <= 0x20 || scalar.value == 0xA0 || scalar.value == 0x2028 || scalar.value == 0x3000
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    /// Stores the colour entry being read (at `;`).
    mutating func finishColorEntry() {
        if state.destination == .expandedColorTable {
            expandedColors.append(colorEntry.expandedColor)
        } else {
            colors.append(colorEntry.tableColor)
        }
        colorEntry = RTFColorEntry()
    }
}
