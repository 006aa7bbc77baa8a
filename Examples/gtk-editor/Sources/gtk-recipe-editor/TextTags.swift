import CGtk
import Foundation
import RichText

/// The document's attributes as `GtkTextTag`s: one tag per key and value, made on first use, with the look the
/// attribute asks for (colour, bold, italic, underline, strikethrough, font size, paragraph alignment, and the
/// ingredient mark). A key with no look here still gets a tag, so the buffer shows where each value stands.
final class TextTags {
    let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private var tags: [String: UnsafeMutablePointer<GtkTextTag>] = [:]

    init(buffer: UnsafeMutablePointer<GtkTextBuffer>) {
        self.buffer = buffer
    }

    /// Shows exactly `attributes` from `start` to `end`: every tag there goes, and those of the set are applied.
    func show(_ attributes: AttributeSet, from start: inout GtkTextIter, to end: inout GtkTextIter) {
        gtk_text_buffer_remove_all_tags(buffer, &start, &end)
        for entry in attributes.entries {
            gtk_text_buffer_apply_tag(buffer, tag(entry.name, entry.value), &start, &end)
        }
    }

    /// The tag of one key and value.
    func tag(_ key: String, _ value: AttributeValue) -> UnsafeMutablePointer<GtkTextTag> {
        let name = "\(key)=\(value)"
        if let made = tags[name] { return made }
        let tag = gtk_text_tag_new(name)!
        style(tag, key, value)
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), tag)
        tags[name] = tag
        return tag
    }

    private func style(_ tag: UnsafeMutablePointer<GtkTextTag>, _ key: String, _ value: AttributeValue) {
        let isOn: Bool
        switch value {
        case .bool(let on): isOn = on
        case .integer(let number): isOn = number != 0
        default: isOn = true
        }
        switch key {
        case "foregroundColor":
            if case .color(let color) = value { fc_object_set_string(tag, "foreground", Self.hex(color)) }
        case "backgroundColor":
            if case .color(let color) = value { fc_object_set_string(tag, "background", Self.hex(color)) }
        case "bold" where isOn:
            fc_object_set_int(tag, "weight", 700)
        case "italic" where isOn:
            fc_object_set_int(tag, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
        case "underline" where isOn, "underlineStyle" where isOn:
            fc_object_set_int(tag, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue))
        case "strikethrough" where isOn, "strikethroughStyle" where isOn:
            fc_object_set_boolean(tag, "strikethrough", 1)
        case "fontSize":
            switch value {
            case .number(let points): fc_object_set_double(tag, "size-points", points)
            case .integer(let points): fc_object_set_double(tag, "size-points", Double(points))
            default: break
            }
        case "alignment":
            if case .string(let alignment) = value, let justification = Self.justification[alignment] {
                fc_object_set_int(tag, "justification", Int32(justification.rawValue))
            }
        case "ingredient":
            // The ingredient mark: a light green wash under the text the constraint colours green.
            fc_object_set_string(tag, "background", "#e4f7e9")
        default:
            break
        }
    }

    static let justification: [String: GtkJustification] = [
        "left": GTK_JUSTIFY_LEFT, "natural": GTK_JUSTIFY_LEFT, "center": GTK_JUSTIFY_CENTER,
        "right": GTK_JUSTIFY_RIGHT, "justified": GTK_JUSTIFY_FILL,
    ]

    /// `#rrggbb` for a colour (GTK's colour parser reads it).
    static func hex(_ color: RichColor) -> String {
        func byte(_ component: Double) -> Int { Int((min(max(component, 0), 1) * 255).rounded()) }
        return String(format: "#%02x%02x%02x", byte(color.red), byte(color.green), byte(color.blue))
    }
}
