import RichText
import RichTextFormats

/// The sentences findings are reported in: what the value is, what the rule wants, and on which text.
enum ViolationMessage {
    /// `"milk"`: the text a finding is about, shortened, with `"` and what `TerminalText` names escaped.
    static func quote(_ text: Substring) -> String {
        quote(text, limit: 40)
    }

    /// Whether a UTF-8 byte may belong to a character `quote` does not show as itself: `"` (escaped), and the
    /// bytes of every scalar `TerminalText.needsEscape` names (C0 controls and DEL; C1 controls after 0xC2;
    /// U+2028-U+202E and U+2066-U+2069 after 0xE2; U+FFFC after 0xEF). Lead bytes that start other characters
    /// too only send the text the long way.
    @inline(__always)
    private static func mayBeShownOtherwise(_ byte: UInt8) -> Bool {
        byte == 0x22 || TerminalText.mayStartEscape(byte)
    }

    /// The whole text quoted and escaped (for diffs).
    static func quoteWhole(_ text: String) -> String {
        quote(Substring(text), limit: Int.max)
    }

    /// `text` quoted, with at most `limit` characters shown.
    static func quote(_ text: Substring, limit: Int) -> String {
        if !text.utf8.contains(where: mayBeShownOtherwise), text.utf8.count <= limit || text.count <= limit {
            // Every character shows as itself and none is cut: the text as it is, quoted.
            var shown = "\""
            shown.reserveCapacity(text.utf8.count + 2)
            shown += text
            shown += "\""
            return shown
        }
        return MessageText.quoted(text, limit: limit, cutMark: "…") { character, shown in
            if character == "\"" { shown += "\\\"" } else { TerminalText.append(character, to: &shown) }
        }
    }

    /// The text of `range` in `document`, quoted. Reads at most 41 characters of it, whatever the run's length.
    static func quote(_ range: Range<Int>, in document: RichString) -> String {
        let total = document.counts.utf8
        let lower = min(max(range.lowerBound, 0), total)
        return quote(lower..<min(max(range.upperBound, lower), total), characters: nil, in: document)
    }

    /// `quote(_:in:)` for a clamped range; `characters`, when known, are the characters before its bounds (from
    /// `RichString.textPositions(of:)`). Characters are counted only for a range of more than 41 bytes, the
    /// only one that can hold more than the 41 characters read.
    static func quote(_ range: Range<Int>, characters: Range<Int>?, in document: RichString) -> String {
        let start = document.index(atOffset: range.lowerBound, in: .utf8)
        var end = document.index(atOffset: range.upperBound, in: .utf8)
        if range.count > 41 {
            let characters = characters ?? document.offset(of: start, in: .characters)..<document.offset(of: end, in: .characters)
            if characters.count > 41 { end = document.index(atOffset: characters.lowerBound + 41, in: .characters) }
        }
        return quote(Substring(document.string(in: start..<end)))
    }

    /// `parts` joined, written once into storage of their total size (a sentence of a finding is built for every
    /// finding; interpolation appends piece by piece).
    static func sentence(_ parts: String...) -> String {
        var total = 0
        for part in parts { total += part.utf8.count }
        return String(unsafeUninitializedCapacity: total) { buffer in
            var k = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
                    (buffer.baseAddress! + k).initialize(from: source, count: bytes.count)
                    k += bytes.count
                }
            }
            return k
        }
    }

    /// A value as messages show it: strings quoted, absent as nil.
    static func show(_ value: AttributeValue?) -> String {
        guard let value else { return "nil" }
        if case .string(let s) = value { return quote(Substring(s)) }
        return value.description
    }

    /// A value as reports carry it.
    static func describe(_ value: AttributeValue?) -> ValueDescription {
        ValueDescription(text: value?.description, kind: value?.kindName)
    }

    /// A constraint wants another value: "foregroundColor is nil but IngredientsAreGreen requires #34c759 on "milk"".
    static func constraint(_ name: String, key: String, actual: AttributeValue?, expected: AttributeValue?, on text: String) -> String {
        if let expected {
            return sentence(key, " is ", show(actual), " but ", name, " requires ", show(expected), " on ", text)
        }
        return sentence(key, " is ", show(actual), " but ", name, " requires no ", key, " on ", text)
    }

    /// A key outside the scope.
    static func scope(key: String, actual: AttributeValue?, definition: String, on text: String) -> String {
        sentence(key, " is ", show(actual), " but ", key, " is outside the scope of definition '", definition, "' on ", text)
    }

    /// A scope key whose value carries another behaviour than the one the definition declares.
    static func definedBehavior(key: String, behavior: AttributeBehavior, definition: String, on text: String) -> String {
        "\(key) does not behave as definition '\(definition)' declares (\(behavior)) on \(text)"
    }

    /// A key the definition does not declare.
    static func undeclared(key: String, actual: AttributeValue?, definition: String, hint: String?, on text: String) -> String {
        let suffix = hint.map { " (\($0))" } ?? ""
        return "\(key) is \(show(actual)) but definition '\(definition)' declares no attribute '\(key)'\(suffix) on \(text)"
    }

    /// A Genmoji without a description.
    static func glyphDescription(key: String, contentIdentifier: String, on text: String) -> String {
        "the Genmoji \(MessageText.quoted(contentIdentifier)) (\(key)) has no description, so screen readers and HTML's alt say nothing, on \(text)"
    }

    /// A value not of its declared type.
    static func wrongType(key: String, actual: AttributeValue?, type: AttributeValueType, on text: String) -> String {
        let kind = actual.map { " (\($0.kindName))" } ?? ""
        return "\(key) is \(show(actual))\(kind) but must be \(type.expectation) on \(text)"
    }

    /// A behaviour would change the value.
    static func behavior(_ cause: AttributeAdjustment.Cause, key: String, actual: AttributeValue?, expected: AttributeValue?, on text: String) -> String {
        switch cause {
        case .paragraphBoundary:
            return sentence(key, " is ", show(actual), " but its paragraph starts with ", show(expected), "; ", key,
                            " must not change inside a paragraph, on ", text)
        case .characterBoundary:
            return sentence(key, " is ", show(actual), " on ", text, " but ", key, " may only stand on its own character")
        case .textChanged:
            return sentence(key, " is ", show(actual), " on ", text, " but the text changed inside its stretch, which removes it")
        case .attributeChanged(let other):
            return sentence(key, " is ", show(actual), " on ", text, " but ", other, " changed under it, which removes it")
        }
    }
}
