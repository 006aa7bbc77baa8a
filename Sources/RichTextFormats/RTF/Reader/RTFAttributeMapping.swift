import Foundation
import RichText

/// Character and paragraph states as attribute entries (README's RTF table).
enum RTFAttributeMapping {
    static func entries(
        for state: RTFCharacterState, fonts: [Int32: RTFFontEntry], colors: [RichColor?], expandedColors: [RichColor?],
        links: [URL], objects: [RTFObject], footnotes: [RTFFootnote]
    ) -> [AttributeEntry] {
        var entries: [AttributeEntry] = []
        func add(_ key: AttributeKeyDescriptor, _ value: AttributeValue) {
            entries.append(AttributeEntry(name: key.name, value: value, behavior: key.behavior))
        }
        func color(_ index: Int32) -> RichColor? {
            guard index >= 0 else { return nil }
            let i = Int(index)
            if i < expandedColors.count, let color = expandedColors[i] { return color }
            return i < colors.count ? colors[i] : nil
        }
        if state.font != RTFCharacterState.absent, let font = fonts[state.font], !font.name.isEmpty {
            add(StandardAttributes.font, .string(font.name))
        }
        if state.halfPoints != RTFCharacterState.absent { add(StandardAttributes.fontSize, .number(Double(state.halfPoints) / 2)) }
        if state.bold { add(StandardAttributes.bold, .bool(true)) }
        if state.italic { add(StandardAttributes.italic, .bool(true)) }
        if state.strike {
            add(StandardAttributes.strikethrough, .bool(true))
            if state.strikeDouble { add(StandardAttributes.strikethroughStyle, .string("double")) }
        }
        if state.allCaps { add(StandardAttributes.allCaps, .bool(true)) }
        if state.smallCaps { add(StandardAttributes.smallCaps, .bool(true)) }
        if state.underline != .none {
            add(StandardAttributes.underline, .bool(true))
            if let style = state.underline.styleName { add(StandardAttributes.underlineStyle, .string(style)) }
        }
        if state.superscript != 0 { add(StandardAttributes.superscript, .integer(Int(state.superscript))) }
        if state.baseline != 0 { add(StandardAttributes.baselineOffset, .number(Double(state.baseline) / 2)) }
        if let foreground = color(state.foreground) { add(StandardAttributes.foregroundColor, .color(foreground)) }
        if let background = color(state.background) { add(StandardAttributes.backgroundColor, .color(background)) }
        if state.link >= 0 { add(StandardAttributes.link, .url(links[Int(state.link)])) }
        if state.object >= 0 {
            let object = objects[Int(state.object)]
            add(object.key, .imageGlyph(object.reference))
        }
        if state.footnote >= 0 {
            let note = footnotes[Int(state.footnote)]
            add(note.isEndnote ? StandardAttributes.endnote : StandardAttributes.footnote, .string(note.text))
        }
        return entries
    }

    static func entries(for state: RTFParagraphState) -> [AttributeEntry] {
        var entries: [AttributeEntry] = []
        func add(_ key: AttributeKeyDescriptor, _ value: AttributeValue) {
            entries.append(AttributeEntry(name: key.name, value: value, behavior: key.behavior))
        }
        let absent = RTFParagraphState.absent
        if let alignment = state.alignment { add(StandardAttributes.alignment, alignment.attributeValue) }
        if let direction = state.direction { add(StandardAttributes.writingDirection, direction.attributeValue) }
        if state.leftIndent != absent { add(StandardAttributes.headIndent, .number(Double(state.leftIndent) / 20)) }
        if state.rightIndent != absent { add(StandardAttributes.tailIndent, .number(Double(state.rightIndent) / 20)) }
        if state.firstIndent != absent { add(StandardAttributes.firstLineHeadIndent, .number(Double(state.firstIndent) / 20)) }
        if state.lineSpacing != absent {
            if state.lineSpacingMultiple {
                add(StandardAttributes.lineHeight, .number(Double(state.lineSpacing) / 240))
            } else {
                add(StandardAttributes.lineHeightPoints, .number(Double(state.lineSpacing) / 20))
            }
        }
        if state.spaceBefore != absent { add(StandardAttributes.paragraphSpacingBefore, .number(Double(state.spaceBefore) / 20)) }
        if state.spaceAfter != absent { add(StandardAttributes.paragraphSpacingAfter, .number(Double(state.spaceAfter) / 20)) }
        return entries
    }
}
