import EditorBridge
import Formatting
import RichText

/// A text widget reduced to what the bridge talks to: text, attributes and a selection, counted in `unit` by
/// Swift's own `String` views (not RichText's), applying each `ViewUpdate` as a widget would. Attributes are
/// held per scalar; a scalar no update ever tagged holds nil, so an update that forgets to re-tag new text shows.
struct ModelWidget {
    let unit: TextUnit
    var scalars: [Unicode.Scalar] = []
    var attributes: [AttributeSet?] = []
    var selectedRanges: [Range<Int>] = []

    init(unit: TextUnit) { self.unit = unit }

    var text: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// How many units the text holds.
    var count: Int { widgetOffset(ofScalar: scalars.count) }

    /// The widget offset of scalar offset `s`.
    func widgetOffset(ofScalar s: Int) -> Int {
        switch unit {
        case .scalars: return s
        case .utf8: return scalars[..<s].reduce(0) { $0 + UTF8.width($1) }
        case .utf16: return scalars[..<s].reduce(0) { $0 + UTF16.width($1) }
        case .characters:
            // The characters that start before scalar `s`: a position inside a character counts as its end.
            var characters = 0, start = 0
            for character in text where start < s {
                characters += 1
                start += character.unicodeScalars.count
            }
            return characters
        }
    }

    /// The scalar offset of widget offset `n`; nil when `n` is past the end or inside a scalar (for characters,
    /// past the last character).
    func scalarOffset(_ n: Int) -> Int? {
        switch unit {
        case .scalars: return n <= scalars.count ? n : nil
        case .utf8, .utf16:
            var units = 0, s = 0
            while units < n, s < scalars.count {
                units += unit == .utf8 ? UTF8.width(scalars[s]) : UTF16.width(scalars[s])
                s += 1
            }
            return units == n ? s : nil
        case .characters:
            let text = self.text
            guard n <= text.count else { return nil }
            let index = text.index(text.startIndex, offsetBy: n)
            return text.unicodeScalars.distance(from: text.startIndex, to: index)
        }
    }

    /// `range` in scalar offsets; nil when either bound is not a position of the widget's text.
    func scalarRange(_ range: Range<Int>) -> Range<Int>? {
        guard let lower = scalarOffset(range.lowerBound), let upper = scalarOffset(range.upperBound), lower <= upper else { return nil }
        return lower..<upper
    }

    /// The widget offset of a UTF-8 offset.
    func widgetOffset(ofUTF8 offset: Int) -> Int {
        var bytes = 0, s = 0
        while bytes < offset {
            bytes += UTF8.width(scalars[s])
            s += 1
        }
        return widgetOffset(ofScalar: s)
    }

    /// Applies an update: the text changes in order, then the attributes, then the selection. Returns what the
    /// widget could not apply (a range that is not a position of its text), or nil.
    mutating func apply(_ update: ViewUpdate) -> String? {
        for change in update.textChanges {
            guard let range = scalarRange(change.range) else { return "text change at \(change.range) outside the widget's text" }
            let new = Array(change.text.unicodeScalars)
            scalars.replaceSubrange(range, with: new)
            attributes.replaceSubrange(range, with: Array(repeating: nil, count: new.count))
        }
        for change in update.attributeChanges {
            guard let range = scalarRange(change.range) else { return "attribute change at \(change.range) outside the widget's text" }
            for s in range { attributes[s] = change.attributes }
        }
        selectedRanges = update.selectedRanges
        return nil
    }

    /// What differs between the widget and the session's document and selection; nil when nothing does. A widget
    /// counting characters is compared on each character's first scalar.
    func mismatch(with session: EditingSession) -> String? {
        let document = session.document
        guard text == document.string else {
            return "text: widget \(text.debugDescription), document \(document.string.debugDescription)"
        }
        var expected: [AttributeSet] = []
        for run in document.runs {
            let count = document[run.range].unicodeScalars.count
            expected += Array(repeating: run.attributes, count: count)
        }
        var compared = Set(0..<scalars.count)
        if unit == .characters {
            compared = []
            var s = 0
            for character in text {
                compared.insert(s)
                s += character.unicodeScalars.count
            }
        }
        for s in compared.sorted() where attributes[s] != expected[s] {
            return "attributes of scalar \(s) (\(String(scalars[s]).debugDescription)): widget \(attributes[s].map { "\($0)" } ?? "never tagged"), document \(expected[s])"
        }
        let selection: [Range<Int>]
        if let caret = session.selection.insertionPoint {
            let offset = widgetOffset(ofUTF8: caret.utf8Offset)
            selection = [offset..<offset]
        } else {
            selection = session.selection.ranges.ranges.map {
                widgetOffset(ofUTF8: $0.lowerBound.utf8Offset)..<widgetOffset(ofUTF8: $0.upperBound.utf8Offset)
            }
        }
        guard selection == selectedRanges else { return "selection: widget \(selectedRanges), session \(selection)" }
        return nil
    }
}
