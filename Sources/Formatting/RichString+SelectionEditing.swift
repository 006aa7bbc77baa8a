import RichText

/// Editing a string through a selection, in the shape of SwiftUI's `AttributedString` selection API
/// (`replaceSelection(_:withCharacters:)`, `replaceSelection(_:with:)`, `transformAttributes(in:)`), on the
/// string alone (its key behaviours) or through an engine (the definition too).
///
/// Over several ranges, the first range takes the new text and the others are removed, as SwiftUI does; the
/// selection then becomes a caret after the new text.
extension RichString {
    /// One step of typing over a selection, for whichever writer applies it.
    enum SelectionReplacementStep {
        /// Remove the selected ranges after the first.
        case removeOthers(RangeSet<Index>)
        /// Put the new text in place of the first range (or at the caret).
        case replace(Range<Index>)
    }

    /// The rule of typing over a selection, in one place: remove every range after the first, replace the first
    /// (or insert at the caret, or at the end when nothing is selected), and leave a caret after the new text.
    /// `write` applies each step and returns what it reported. The first range moves through each step by the
    /// string's own tracking (`transform(updating:)`), so it covers the new text after the replacement; what
    /// removing the others reported is moved through the replacement, so every report is in offsets of the final
    /// text.
    mutating func replacingSelection<A: UTF8RangedReport>(
        _ selection: inout Selection, _ write: (inout RichString, SelectionReplacementStep) -> [A]
    ) -> [A] {
        let ranges = selection.rangeList
        var first = selection.insertionPoint.map { $0..<$0 } ?? ranges.first ?? endIndex..<endIndex
        var reported: [A] = []
        if selection.insertionPoint == nil, ranges.count > 1 {
            let others = RangeSet(ranges.dropFirst())
            transform(updating: &first) { reported = write(&$0, .removeOthers(others)) }
        }
        let target = first
        let replaced = target.lowerBound.utf8Offset..<target.upperBound.utf8Offset
        var made: [A] = []
        transform(updating: &first) { made = write(&$0, .replace(target)) }
        reported = reported.isEmpty ? made : reported.moved(through: [(replaced, first.upperBound.utf8Offset - replaced.lowerBound)]) + made
        selection = Selection(insertionPoint: first.upperBound)
        return reported
    }

    // MARK: The string alone

    /// Types `characters` over `selection`, as SwiftUI's `replaceSelection(_:withCharacters:)`: the new text takes
    /// the selection's typing attributes when the caret was given some, else it inherits as typing does.
    @discardableResult
    public mutating func replaceSelection(_ selection: inout Selection, withCharacters characters: some Collection<Character>) -> [AttributeAdjustment] {
        let text = String(characters)
        if let typing = selection.typingAttributes {
            return replaceSelection(&selection, with: RichString(text, attributes: typing))
        }
        return replacingSelection(&selection) { string, step in
            switch step {
            case .removeOthers(let ranges): string.removeSubranges(ranges)
            case .replace(let range): string.replaceSubrange(range, with: text)
            }
        }
    }

    /// Puts attributed text over `selection`, as SwiftUI's `replaceSelection(_:with:)`: the text keeps its own
    /// attributes.
    @discardableResult
    public mutating func replaceSelection(_ selection: inout Selection, with text: RichString) -> [AttributeAdjustment] {
        replacingSelection(&selection) { string, step in
            switch step {
            case .removeOthers(let ranges): string.removeSubranges(ranges)
            case .replace(let range): string.replaceSubrange(range, with: text)
            }
        }
    }

    /// Changes the attributes of the selected text, as SwiftUI's `transformAttributes(in:body:)`: `body` gets the
    /// attributes every selected character has (at a caret, the typing attributes) and the keys it sets or
    /// removes are set or removed over every selected range. At a caret, the selection keeps the new typing
    /// attributes for the next `replaceSelection`.
    @discardableResult
    public mutating func transformAttributes(in selection: inout Selection, _ body: (inout AttributeSet) -> Void) -> [AttributeAdjustment] {
        transformingSelectedAttributes(&selection, body) { string, key, value, ranges in
            string.setAttribute(key, to: value, in: ranges)
        }
    }

    /// The rule of `transformAttributes(in:)`, in one place: what `body` changed in the selection's attributes,
    /// key by key, written over the selected ranges by `write`; at a caret, kept in the selection.
    mutating func transformingSelectedAttributes<A>(
        _ selection: inout Selection, _ body: (inout AttributeSet) -> Void,
        _ write: (inout RichString, AttributeKeyDescriptor, AttributeValue?, RangeSet<Index>) -> [A]
    ) -> [A] {
        let before = selection.attributes(in: self)
        var after = before
        body(&after)
        if selection.insertionPoint != nil {
            selection.typingAttributes = after
            return []
        }
        var reported: [A] = []
        for change in before.changes(to: after) {
            reported += write(&self, change.key, change.value, selection.ranges)
        }
        return reported
    }

    // MARK: Through an engine

    /// `replaceSelection(_:withCharacters:)` through `engine`: the definition applies, and its adjustments are
    /// returned.
    @discardableResult
    public mutating func replaceSelection(
        _ selection: inout Selection, withCharacters characters: some Collection<Character>, engine: FormattingEngine
    ) -> [Adjustment] {
        var said: WriteBeyondRawEdit?
        return replaceSelection(&selection, withCharacters: characters, engine: engine, watching: false, said: &said)
    }

    /// `replaceSelection(_:withCharacters:engine:)`, giving, when `watching`, what the funnel said when it wrote
    /// beyond the typed text (`said`): an editing session's undo keeps a typing step as the part it changed.
    mutating func replaceSelection(
        _ selection: inout Selection, withCharacters characters: some Collection<Character>, engine: FormattingEngine,
        watching: Bool, said: inout WriteBeyondRawEdit?
    ) -> [Adjustment] {
        let text = String(characters)
        if let typing = selection.typingAttributes {
            precondition(!watching, "text typed with the caret's own attributes is not watched")
            return replaceSelection(&selection, with: RichString(text, attributes: typing), engine: engine)
        }
        return replacingSelection(&selection) { string, step in
            switch step {
            case .removeOthers(let ranges): return engine.apply(.removeText(ranges), to: &string)
            case .replace(let range):
                // The funnel's own form of `.replaceText(range, with: text)`: a keystroke builds no `Edit` to take apart.
                let applied = engine.apply(.typing(Substring(text), over: range), to: &string, watchingWritesBeyondRawEdit: watching)
                said = applied.said
                return applied.adjustments
            }
        }
    }

    /// `replaceSelection(_:with:)` through `engine`.
    @discardableResult
    public mutating func replaceSelection(_ selection: inout Selection, with text: RichString, engine: FormattingEngine) -> [Adjustment] {
        replacingSelection(&selection) { string, step in
            switch step {
            case .removeOthers(let ranges): engine.apply(.removeText(ranges), to: &string)
            case .replace(let range): engine.apply(.replaceAttributed(range, with: text), to: &string)
            }
        }
    }

    /// `transformAttributes(in:_:)` through `engine`.
    @discardableResult
    public mutating func transformAttributes(in selection: inout Selection, engine: FormattingEngine, _ body: (inout AttributeSet) -> Void) -> [Adjustment] {
        transformingSelectedAttributes(&selection, body) { string, key, value, ranges in
            engine.apply(.setAttribute(key, to: value, in: ranges), to: &string)
        }
    }
}

extension Selection {
    /// The attributes every selected character has (Foundation's uniform values over the selected ranges); at a
    /// caret, what typing there would get from the text, or the caret's own typing attributes.
    public func attributes(in text: RichString) -> AttributeSet {
        if insertionPoint != nil { return typingAttributes(in: text) }
        return text[ranges].uniformAttributes
    }

    /// What text typed over this selection would get from the string's own behaviours (the caret's own typing
    /// attributes when it has some): the attributes of the first replaced character, or at a caret of the
    /// character before it, without the keys added text does not inherit.
    public func typingAttributes(in text: RichString) -> AttributeSet {
        if let typingAttributes { return typingAttributes }
        var probe = text
        var selection = self
        let start = text.offset(of: insertionPoint ?? ranges.ranges.first?.lowerBound ?? text.endIndex, in: .utf8)
        probe.replaceSelection(&selection, withCharacters: "x")
        var typed = AttributeSet.empty
        probe.forEachRun(inUTF8: start..<(start + 1)) { _, attributes in typed = attributes; return false }
        return typed
    }

    /// `typingAttributes(in:)` through `engine`: what the definition would leave on typed text.
    public func typingAttributes(in text: RichString, engine: FormattingEngine) -> AttributeSet {
        if let typingAttributes { return typingAttributes }
        if let caret = insertionPoint { return engine.typingAttributes(at: caret, in: text) }
        var probe = text
        var selection = self
        let start = text.offset(of: ranges.ranges.first?.lowerBound ?? text.endIndex, in: .utf8)
        probe.replaceSelection(&selection, withCharacters: "x", engine: engine)
        var typed = AttributeSet.empty
        probe.forEachRun(inUTF8: start..<(start + 1)) { _, attributes in typed = attributes; return false }
        return typed
    }
}

extension AttributeSet {
    /// The key-by-key changes that make this set into `other`: each key whose value differs (nil where `other`
    /// lacks it), with the behaviour it has in `other` (or here, for a removal).
    func changes(to other: AttributeSet) -> [(key: AttributeKeyDescriptor, value: AttributeValue?)] {
        var changes: [(key: AttributeKeyDescriptor, value: AttributeValue?)] = []
        for entry in other.entries where self[entry.name] != entry.value {
            changes.append((AttributeKeyDescriptor(name: entry.name, behavior: entry.behavior), entry.value))
        }
        for entry in entries where other[entry.name] == nil {
            changes.append((AttributeKeyDescriptor(name: entry.name, behavior: entry.behavior), nil))
        }
        return changes
    }
}
