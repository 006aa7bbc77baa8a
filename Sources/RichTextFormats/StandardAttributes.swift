import RichText

/// The attribute names that the shipped definitions, the HTML writer and the plain-text decomposer use.
///
/// | name | value | behaviour |
/// |---|---|---|
/// | `bold`, `italic`, `underline`, `strikethrough` | bool | plain |
/// | `foregroundColor`, `backgroundColor` | color | plain |
/// | `font` | string (a font family name) | plain |
/// | `fontSize` | number (points) | plain |
/// | `link` | url | plain |
/// | `NSLink` | url (Foundation's own link key) | plain |
/// | `alignment` | string: `left`, `center`, `right`, `justified`, `natural` (`StandardAttributes.Alignment`) | constant per paragraph |
/// | `writingDirection` | string: `leftToRight`, `rightToLeft`, `natural` (`StandardAttributes.WritingDirection`) | constant per paragraph |
/// | `adaptiveImageGlyph` | imageGlyph | not inherited, only on U+FFFC |
/// | `attachment` | imageGlyph (a file or picture: identifier = file name, bytes in the image store) | not inherited, only on U+FFFC |
/// | `underlineStyle`, `strikethroughStyle` | string: `double`, `thick`, `dot`, `dash`, `dashDot`, `dashDotDot`, `wave` (absent: single) | plain |
/// | `superscript` | integer: 1 superscript, -1 subscript | plain |
/// | `baselineOffset` | number (points; positive raises) | plain |
/// | `allCaps`, `smallCaps` | bool | plain |
/// | `headIndent`, `tailIndent`, `firstLineHeadIndent` | number (points; the first line's is relative to `headIndent`) | constant per paragraph |
/// | `lineHeight` | number (a multiple of the font's line height) | constant per paragraph |
/// | `lineHeightPoints` | number (points; positive: at least, negative: exactly) | constant per paragraph |
/// | `paragraphSpacingBefore`, `paragraphSpacingAfter` | number (points) | constant per paragraph |
/// | `footnote`, `endnote` | string (the note's text, on its reference mark) | not inherited |
public enum StandardAttributes {
    /// Bold text (`<strong>`).
    public static let bold = AttributeKeyDescriptor(name: "bold")
    /// Italic text (`<em>`).
    public static let italic = AttributeKeyDescriptor(name: "italic")
    /// Underlined text (`<u>`).
    public static let underline = AttributeKeyDescriptor(name: "underline")
    /// Struck-through text (`<s>`).
    public static let strikethrough = AttributeKeyDescriptor(name: "strikethrough")
    /// The text colour.
    public static let foregroundColor = AttributeKeyDescriptor(name: "foregroundColor")
    /// The colour behind the text.
    public static let backgroundColor = AttributeKeyDescriptor(name: "backgroundColor")
    /// The font family name.
    public static let font = AttributeKeyDescriptor(name: "font")
    /// The font size in points.
    public static let fontSize = AttributeKeyDescriptor(name: "fontSize")
    /// A link target.
    public static let link = AttributeKeyDescriptor(name: "link")
    /// Foundation's link key, encoded as Foundation encodes `URL`: `{"relative": "…"}`.
    public static let foundationLink = AttributeKeyDescriptor(name: "NSLink")
    /// Paragraph alignment; constant over each paragraph.
    public static let alignment = paragraphKey("alignment")
    /// Paragraph writing direction; constant over each paragraph.
    public static let writingDirection = paragraphKey("writingDirection")
    /// An adaptive image glyph (Genmoji): stands only on U+FFFC and is never taken by typed text.
    public static let adaptiveImageGlyph = objectKey("adaptiveImageGlyph")

    /// An attached file or picture (RTFD `\NeXTGraphic`, RTF `\pict`): a reference whose identifier is the file
    /// name, with the bytes in the document's image store. Stands only on U+FFFC.
    public static let attachment = objectKey("attachment")
    /// The underline's style when it is not a single line.
    public static let underlineStyle = AttributeKeyDescriptor(name: "underlineStyle")
    /// The strikethrough's style when it is not a single line.
    public static let strikethroughStyle = AttributeKeyDescriptor(name: "strikethroughStyle")
    /// 1 for superscript, -1 for subscript.
    public static let superscript = AttributeKeyDescriptor(name: "superscript")
    /// Points above (positive) or below (negative) the baseline.
    public static let baselineOffset = AttributeKeyDescriptor(name: "baselineOffset")
    /// Text shown in capitals (the stored text keeps its case).
    public static let allCaps = AttributeKeyDescriptor(name: "allCaps")
    /// Text shown in small capitals.
    public static let smallCaps = AttributeKeyDescriptor(name: "smallCaps")
    /// The paragraph's leading indent in points; constant over each paragraph.
    public static let headIndent = paragraphKey("headIndent")
    /// The paragraph's trailing indent in points; constant over each paragraph.
    public static let tailIndent = paragraphKey("tailIndent")
    /// The first line's indent in points, relative to `headIndent`; constant over each paragraph.
    public static let firstLineHeadIndent = paragraphKey("firstLineHeadIndent")
    /// The line height as a multiple of the font's; constant over each paragraph.
    public static let lineHeight = paragraphKey("lineHeight")
    /// The line height in points (positive: at least, negative: exactly); constant over each paragraph.
    public static let lineHeightPoints = paragraphKey("lineHeightPoints")
    /// Space before the paragraph in points; constant over each paragraph.
    public static let paragraphSpacingBefore = paragraphKey("paragraphSpacingBefore")
    /// Space after the paragraph in points; constant over each paragraph.
    public static let paragraphSpacingAfter = paragraphKey("paragraphSpacingAfter")

    /// A footnote: its text (plain; paragraphs end in "\n"), on the footnote's reference mark (RTF `\footnote`).
    /// Typed text never takes it.
    public static let footnote = AttributeKeyDescriptor(name: "footnote", behavior: AttributeBehavior(inheritedByAddedText: false))
    /// An endnote: its text, on its reference mark (RTF `\footnote\ftnalt`). Typed text never takes it.
    public static let endnote = AttributeKeyDescriptor(name: "endnote", behavior: AttributeBehavior(inheritedByAddedText: false))

    /// A key constant over each paragraph.
    private static func paragraphKey(_ name: String) -> AttributeKeyDescriptor {
        AttributeKeyDescriptor(name: name, behavior: AttributeBehavior(runBoundaries: .paragraph))
    }

    /// A key that stands only on `objectReplacementCharacter` and is never taken by typed text.
    private static func objectKey(_ name: String) -> AttributeKeyDescriptor {
        AttributeKeyDescriptor(name: name, behavior: AttributeBehavior(inheritedByAddedText: false, runBoundaries: .character(objectReplacementCharacter)))
    }

    /// The character a glyph stands on.
    public static let objectReplacementCharacter: Character = "\u{FFFC}"
}
