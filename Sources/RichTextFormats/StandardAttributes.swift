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
/// | `alignment` | string: `left`, `center`, `right`, `justified`, `natural` | constant per paragraph |
/// | `writingDirection` | string: `leftToRight`, `rightToLeft`, `natural` | constant per paragraph |
/// | `adaptiveImageGlyph` | imageGlyph | not inherited, only on U+FFFC |
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
    public static let alignment = AttributeKeyDescriptor(
        name: "alignment", behavior: AttributeBehavior(runBoundaries: .paragraph))
    /// Paragraph writing direction; constant over each paragraph.
    public static let writingDirection = AttributeKeyDescriptor(
        name: "writingDirection", behavior: AttributeBehavior(runBoundaries: .paragraph))
    /// An adaptive image glyph (Genmoji): stands only on U+FFFC and is never taken by typed text.
    public static let adaptiveImageGlyph = AttributeKeyDescriptor(
        name: "adaptiveImageGlyph",
        behavior: AttributeBehavior(inheritedByAddedText: false, runBoundaries: .character("\u{FFFC}")))

    /// The character a glyph stands on.
    public static let objectReplacementCharacter: Character = "\u{FFFC}"
}
