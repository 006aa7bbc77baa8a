import Foundation
import RichText

/// A colour as the writer stores it in the colour tables: 0–255 components for `\colortbl`, and, unless those
/// say it exactly, components in 100000ths for `\expandedcolortbl` (`\cN`), so that colours the tables cannot
/// tell apart share one entry.
///
/// A colour whose components are exactly n/255 and opaque (every colour read from a table without expanded
/// entries, such as Word's) gets an empty expanded entry, as Cocoa writes for its own such entries, so it reads
/// back as exactly n/255 again.
struct RTFColor: Hashable {
    var red: Int
    var green: Int
    var blue: Int
    /// Components in 100000ths with alpha; nil when the 0–255 components are exact.
    var expanded: [Int]?

    init(_ color: RichColor) {
        func byte(_ component: Double) -> Int {
            guard component.isFinite else { return 0 }
            return Int((min(max(component, 0), 1) * 255).rounded())
        }
        func fine(_ component: Double) -> Int {
            guard component.isFinite else { return 0 }
            return Int((min(max(component, 0), 1) * 100_000).rounded())
        }
        red = byte(color.red)
        green = byte(color.green)
        blue = byte(color.blue)
        let exact = color.alpha == 1 && Double(red) / 255 == color.red && Double(green) / 255 == color.green
            && Double(blue) / 255 == color.blue
        expanded = exact ? nil : [fine(color.red), fine(color.green), fine(color.blue), fine(color.alpha)]
    }
}

/// What one attribute set becomes in RTF: its character and paragraph formatting, its link, and the graphic
/// it stands for (on U+FFFC).
struct RTFRunFormat {
    /// An image on U+FFFC.
    enum Graphic {
        case glyph(ImageGlyphReference)
        case attachment(ImageGlyphReference)
    }

    var character = RTFCharacterFormat()
    var paragraph = RTFParagraphFormat()
    /// The HYPERLINK target, as an index into `RTFWriting.links` (so that formats copy and compare cheaply).
    var link: Int?
    var graphic: Graphic?
    /// The footnote or endnote on the text (its reference mark).
    var note: RTFNote?
}

/// A footnote or endnote the writer puts after its reference mark: `{MARK{\footnote TEXT}}`.
struct RTFNote: Equatable {
    var text: String
    var isEndnote: Bool
}

/// The attribute names the writer gives an RTF form; every other key is reported once and not written.
enum RTFWrittenKeys {
    static let paragraphKeys: Set<String> = [
        StandardAttributes.alignment.name, StandardAttributes.writingDirection.name,
        StandardAttributes.headIndent.name, StandardAttributes.tailIndent.name,
        StandardAttributes.firstLineHeadIndent.name, StandardAttributes.lineHeight.name,
        StandardAttributes.lineHeightPoints.name, StandardAttributes.paragraphSpacingBefore.name,
        StandardAttributes.paragraphSpacingAfter.name,
    ]
}

extension RTFWriting {
    /// The RTF form of `attributes` (an index into `formats`), registering fonts and colours in the tables as
    /// they are met and reporting what has no RTF form.
    mutating func runFormat(_ attributes: AttributeSet) -> Int {
        if let cached = formatCache[attributes] { return cached }
        var format = RTFRunFormat()
        var underlineStyle: String?
        var strikethroughStyle: String?
        for entry in attributes.entries {
            let name = entry.name
            let value = entry.value
            switch name {
            case StandardAttributes.font.name:
                guard case .string(let font) = value else { wrongKind(name, value); continue }
                format.character.font = fontIndex(font)
            case StandardAttributes.fontSize.name:
                format.character.fontSize = scaled(value, key: name, by: 2, unit: "half-points")
            case StandardAttributes.bold.name: format.character.bold = flag(value, key: name)
            case StandardAttributes.italic.name: format.character.italic = flag(value, key: name)
            case StandardAttributes.allCaps.name: format.character.allCaps = flag(value, key: name)
            case StandardAttributes.smallCaps.name: format.character.smallCaps = flag(value, key: name)
            case StandardAttributes.underline.name:
                if flag(value, key: name) { format.character.underline = .single }
            case StandardAttributes.strikethrough.name:
                if flag(value, key: name) { format.character.strikethrough = .single }
            case StandardAttributes.underlineStyle.name:
                guard case .string(let style) = value else { wrongKind(name, value); continue }
                underlineStyle = style
            case StandardAttributes.strikethroughStyle.name:
                guard case .string(let style) = value else { wrongKind(name, value); continue }
                strikethroughStyle = style
            case StandardAttributes.superscript.name:
                switch value {
                case .integer(1): format.character.superscript = 1
                case .integer(-1): format.character.superscript = -1
                default: unsupportedValue(name, value, "RTF has only superscript (1) and subscript (-1)")
                }
            case StandardAttributes.baselineOffset.name:
                format.character.baselineOffset = scaled(value, key: name, by: 2, unit: "half-points")
            case StandardAttributes.foregroundColor.name:
                guard case .color(let color) = value else { wrongKind(name, value); continue }
                format.character.foreground = colorIndex(color, key: name)
            case StandardAttributes.backgroundColor.name:
                guard case .color(let color) = value else { wrongKind(name, value); continue }
                format.character.background = colorIndex(color, key: name)
            case StandardAttributes.link.name:
                guard case .url(let url) = value else { wrongKind(name, value); continue }
                format.link = linkIndex(url.absoluteString)
            case StandardAttributes.adaptiveImageGlyph.name:
                guard case .imageGlyph(let glyph) = value else { wrongKind(name, value); continue }
                format.graphic = .glyph(glyph)
            case StandardAttributes.attachment.name:
                guard case .imageGlyph(let glyph) = value else { wrongKind(name, value); continue }
                if case .glyph? = format.graphic {
                    warnings.add(kind: "attachment+glyph",
                                 "a character with both an adaptive image glyph and an attachment is written as the glyph; the attachment is not kept")
                } else {
                    format.graphic = .attachment(glyph)
                }
            case StandardAttributes.footnote.name, StandardAttributes.endnote.name:
                guard case .string(let text) = value else { wrongKind(name, value); continue }
                let isEndnote = name == StandardAttributes.endnote.name
                if format.note != nil {
                    warnings.add(kind: "footnote+endnote",
                                 "text with both a footnote and an endnote is written with the footnote only")
                    if isEndnote { continue }
                }
                format.note = RTFNote(text: text, isEndnote: isEndnote)
                if RTFInterpreter.trimmed(text) != text {
                    warnings.add(kind: "footnote-space",
                                 "white space and paragraph ends around a footnote's text are not kept (first: \(MessageText.quoted(String(text.prefix(40)))))")
                }
            case StandardAttributes.alignment.name:
                guard let alignment = StandardAttributes.Alignment(attributeValue: value) else {
                    unsupportedValue(name, value, "RTF has left, center, right, justified and natural")
                    continue
                }
                format.paragraph.alignment = alignment
            case StandardAttributes.writingDirection.name:
                guard let direction = StandardAttributes.WritingDirection(attributeValue: value), direction != .natural else {
                    unsupportedValue(name, value, "RTF has leftToRight (\\ltrpar) and rightToLeft (\\rtlpar)")
                    continue
                }
                format.paragraph.direction = direction
            case StandardAttributes.headIndent.name:
                format.paragraph.headIndent = scaled(value, key: name, by: 20, unit: "twips")
            case StandardAttributes.tailIndent.name:
                format.paragraph.tailIndent = scaled(value, key: name, by: 20, unit: "twips")
            case StandardAttributes.firstLineHeadIndent.name:
                format.paragraph.firstLineHeadIndent = scaled(value, key: name, by: 20, unit: "twips")
            case StandardAttributes.paragraphSpacingBefore.name:
                format.paragraph.spacingBefore = scaled(value, key: name, by: 20, unit: "twips")
            case StandardAttributes.paragraphSpacingAfter.name:
                format.paragraph.spacingAfter = scaled(value, key: name, by: 20, unit: "twips")
            case StandardAttributes.lineHeight.name:
                if let n = scaled(value, key: name, by: 240, unit: "240ths of a line") { format.paragraph.lineSpacing = (n, true) }
            case StandardAttributes.lineHeightPoints.name:
                if attributes[StandardAttributes.lineHeight.name] != nil {
                    warnings.add(kind: "lineHeight+lineHeightPoints",
                                 "a paragraph with both lineHeight and lineHeightPoints is written with lineHeight only (RTF has one \\sl)")
                } else if let n = scaled(value, key: name, by: 20, unit: "twips") {
                    if n == 0 {
                        // `\sl0` is RTF's automatic spacing, which the reader reads as no line height at all.
                        warnings.add(kind: "lineHeightPoints-zero",
                                     "a line height of 0 points has no RTF form (\\sl0 means automatic spacing); it is not written")
                    } else {
                        format.paragraph.lineSpacing = (n, false)
                    }
                }
            default:
                warnings.add(kind: "key:" + name, "the attribute \(MessageText.quoted(name)) has no RTF form; it is not written")
            }
        }
        if let underlineStyle {
            if format.character.underline == nil {
                warnings.add(kind: "underlineStyle-alone", "underlineStyle without underline has no RTF form; it is not written")
            } else {
                switch underlineStyle {
                case "double": format.character.underline = .double
                case "thick": format.character.underline = .thick
                case "dot": format.character.underline = .dotted
                case "dash": format.character.underline = .dash
                case "dashDot": format.character.underline = .dashDot
                case "dashDotDot": format.character.underline = .dashDotDot
                case "wave": format.character.underline = .wave
                default: unsupportedValue("underlineStyle", .string(underlineStyle), "written as a single underline")
                }
            }
        }
        if let strikethroughStyle {
            if format.character.strikethrough == nil {
                warnings.add(kind: "strikethroughStyle-alone", "strikethroughStyle without strikethrough has no RTF form; it is not written")
            } else if strikethroughStyle == "double" {
                format.character.strikethrough = .double
            } else {
                unsupportedValue("strikethroughStyle", .string(strikethroughStyle), "RTF has only double (\\striked1); written as a single line")
            }
        }
        formats.append(format)
        formatCache[attributes] = formats.count - 1
        return formats.count - 1
    }

    /// The index of `target` in `links`, adding it on first use.
    private mutating func linkIndex(_ target: String) -> Int {
        if let index = linkIndices[target] { return index }
        links.append(target)
        linkIndices[target] = links.count - 1
        return links.count - 1
    }

    /// `true` for `.bool(true)`; a `false` value is written as absent, and said so.
    private mutating func flag(_ value: AttributeValue, key: String) -> Bool {
        switch value {
        case .bool(true): return true
        case .bool(false):
            warnings.add(kind: "false:" + key, "\(key) = false is written as no \(key) (RTF has no separate \"off\" value)")
            return false
        default:
            wrongKind(key, value)
            return false
        }
    }

    /// `value` (a number of points, or of lines) in RTF's integer unit; rounded values and integers are said so.
    private mutating func scaled(_ value: AttributeValue, key: String, by factor: Double, unit: String) -> Int? {
        let number: Double
        switch value {
        case .number(let n): number = n
        case .integer(let n):
            number = Double(n)
            warnings.add(kind: "integer:" + key, "\(key): integer values are written as RTF numbers and read back as numbers")
        default:
            wrongKind(key, value)
            return nil
        }
        let scaled = number * factor
        // RTF parameters are 32-bit: every value the reader can read is in range, so it writes back.
        guard scaled.isFinite, scaled.rounded() >= Double(Int32.min), scaled.rounded() <= Double(Int32.max) else {
            warnings.add(kind: "range:" + key, "\(key) = \(number) is out of RTF's range; it is not written")
            return nil
        }
        let result = Int(scaled.rounded())
        if abs(Double(result) - scaled) > 1e-6 {
            warnings.add(kind: "rounded:" + key, "\(key) values are rounded to whole \(unit) (first: \(number))")
        }
        return result
    }

    private mutating func wrongKind(_ key: String, _ value: AttributeValue) {
        warnings.add(kind: "kind:" + key, "\(key) holds a \(value.kindName), which has no RTF form; it is not written")
    }

    private mutating func unsupportedValue(_ key: String, _ value: AttributeValue, _ note: String) {
        warnings.add(kind: "value:" + key, "\(key) = \(String(describing: value).prefix(80)) has no RTF form (\(note))")
    }

    /// The font table index of `name`, adding it on first use.
    private mutating func fontIndex(_ name: String) -> Int {
        if let index = fontIndices[name] { return index }
        let index = fonts.count
        fonts.append(name)
        fontIndices[name] = index
        if name != name.trimmingCharacters(in: .whitespaces) {
            warnings.add(kind: "font-spaces", "font names are trimmed when read back (\(MessageText.quoted(name)))")
        }
        return index
    }

    /// The colour table index (1-based; 0 is the automatic colour) of `color`, adding it on first use.
    private mutating func colorIndex(_ color: RichColor, key: String) -> Int {
        let entry = RTFColor(color)
        if let index = colorIndices[entry] { return index }
        colors.append(entry)
        colorIndices[entry] = colors.count
        return colors.count
    }
}
