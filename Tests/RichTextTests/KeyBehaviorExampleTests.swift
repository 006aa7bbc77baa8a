import XCTest
@testable import RichText
import TestKeys

/// One example per rule of DESIGN §2's key-behaviour table.
final class KeyBehaviorExampleTests: XCTestCase {
    private func scalars(_ text: RichString, _ from: Int, _ to: Int) -> Range<RichString.Index> {
        text.range(from, to, in: .scalars)
    }

    private func values<K: RichAttributeKey>(_ key: K.Type, _ text: RichString) -> [(String, K.Value?)] {
        text.runs[K.self].map { (text[$0.1].string, $0.0) }
    }

    // MARK: The WWDC25 recipe case

    func testTypingAfterAnIngredientDoesNotExtendIt() {
        var text = RichString("milk")
        text[text.startIndex..<text.endIndex][IngredientKey.self] = "milk"
        text.insert("y", at: text.endIndex)
        XCTAssertEqual(text.string, "milky")
        XCTAssertEqual(text[scalars(text, 0, 4)][IngredientKey.self], "milk")
        XCTAssertNil(text.attribute(IngredientKey.self, at: text.index(atOffset: 4, in: .scalars)))
    }

    func testDeletingALetterOfAnIngredientUnmarksTheWholeWord() {
        var text = RichString("milky")
        text[scalars(text, 0, 4)][IngredientKey.self] = "milk"
        let adjustments = text.removeSubrange(scalars(text, 2, 3))  // the "l"
        XCTAssertEqual(text.string, "miky")
        XCTAssertEqual(text.runs.count, 1)
        XCTAssertNil(text.attribute(IngredientKey.self, at: text.startIndex))
        XCTAssertEqual(adjustments.map(\.cause), [.textChanged])
        XCTAssertEqual(adjustments.first?.key, "ingredient")
        XCTAssertEqual(adjustments.first?.oldValue, .string("milk"))
        XCTAssertNil(adjustments.first?.newValue)
        XCTAssertEqual(adjustments.first?.utf8Range, 0..<3)
    }

    func testASpellCheckMarkBehavesTheSameWay() {
        var text = RichString("teh cat")
        text[scalars(text, 0, 3)][MisspelledKey.self] = true
        text.insert("x", at: text.index(atOffset: 3, in: .scalars))
        XCTAssertEqual(text[scalars(text, 0, 3)][MisspelledKey.self], true, "typing at the end does not touch it")
        text.insert("h", at: text.index(atOffset: 1, in: .scalars))
        XCTAssertNil(text[scalars(text, 0, 4)][MisspelledKey.self], "typing inside clears the whole word")
    }

    // MARK: Inheritance

    func testKeysThatAreNotInheritedAreLeftOffTypedText() {
        var text = RichString("ab")
        text.setAttribute(ColorKey.self, to: 1, in: text.startIndex..<text.endIndex)
        text.setAttribute(IngredientKey.self, to: "x", in: text.startIndex..<text.endIndex)
        XCTAssertEqual(text.typingAttributes(at: text.endIndex)[ColorKey.self], 1)
        XCTAssertNil(text.typingAttributes(at: text.endIndex)[IngredientKey.self])
    }

    func testTypingOverASelectionTakesTheFirstReplacedCharactersAttributes() {
        // "ab" color 1, "cd" color 2: typing "X" over "cde" gives "X" color 2, as Foundation's
        // `attributesToUseForTextReplacement(in:)` and every editor typing over a selected word.
        var text = RichString(concatenating: [
            RichString("ab", attributes: AttributeSet([AttributeEntry(name: "color", value: .integer(1))])),
            RichString("cd", attributes: AttributeSet([AttributeEntry(name: "color", value: .integer(2))])),
            RichString("ef"),
        ])
        text.replaceSubrange(scalars(text, 2, 5), with: "X")
        XCTAssertEqual(text.string, "abXf")
        XCTAssertEqual(values(ColorKey.self, text).map(\.0), ["ab", "X", "f"])
        XCTAssertEqual(values(ColorKey.self, text).map(\.1), [1, 2, nil])
    }

    func testTypingAtACaretTakesTheCharacterBeforeAndAtTheStartTheOneAfter() {
        var text = RichString(concatenating: [
            RichString("ab", attributes: AttributeSet([AttributeEntry(name: "color", value: .integer(1))])),
            RichString("cd", attributes: AttributeSet([AttributeEntry(name: "color", value: .integer(2))])),
        ])
        text.insert("X", at: text.index(atOffset: 2, in: .scalars))
        text.insert("Y", at: text.startIndex)
        XCTAssertEqual(values(ColorKey.self, text).map(\.0), ["YabX", "cd"])
    }

    func testAttributedInsertKeepsANonInheritedKey() {
        var text = RichString("add  now")
        let paste = RichString("milk", attributes: AttributeSet([AttributeEntry(name: "ingredient", value: .string("milk"), behavior: IngredientKey.descriptor.behavior)]))
        text.insert(paste, at: text.index(atOffset: 4, in: .scalars))
        XCTAssertEqual(text[scalars(text, 4, 8)][IngredientKey.self], "milk")
    }

    // MARK: textChanged

    func testTextChangeInvalidatesAStretchAcrossManyStoredRuns() {
        // DESIGN's first known case: Foundation leaves "shake" tagged.
        var text = RichString("xx milkshake yy")
        text.setAttribute(IngredientKey.self, to: "t", in: scalars(text, 3, 12))
        text.setAttribute(ColorKey.self, to: 1, in: scalars(text, 3, 7))
        text.setAttribute(ColorKey.self, to: 2, in: scalars(text, 7, 12))
        text.removeSubrange(scalars(text, 4, 5))
        XCTAssertTrue(values(IngredientKey.self, text).allSatisfy { $0.1 == nil })
    }

    func testAnEditOnTheBoundaryBetweenDifferentValuesInvalidatesNothing() {
        var text = RichString("milkeggs")
        text.setAttribute(IngredientKey.self, to: "milk", in: scalars(text, 0, 4))
        text.setAttribute(IngredientKey.self, to: "eggs", in: scalars(text, 4, 8))
        text.insert(" ", at: text.index(atOffset: 4, in: .scalars))
        XCTAssertEqual(values(IngredientKey.self, text).map(\.1), ["milk", nil, "eggs"])
    }

    func testAnEditAtEitherEndOfTheStringInvalidatesNothing() {
        var text = RichString("milk")
        text.setAttribute(IngredientKey.self, to: "milk", in: text.startIndex..<text.endIndex)
        text.insert(">", at: text.startIndex)
        text.insert("<", at: text.endIndex)
        XCTAssertEqual(values(IngredientKey.self, text).map(\.1), [nil, "milk", nil])
    }

    func testAnEmptyEditChangesNothing() {
        var text = RichString("abcde")
        text.setAttribute(IngredientKey.self, to: "t", in: scalars(text, 1, 4))
        XCTAssertEqual(text.insert("", at: text.index(atOffset: 2, in: .scalars)), [])
        text.removeSubrange(scalars(text, 2, 2))
        XCTAssertEqual(text[scalars(text, 1, 4)][IngredientKey.self], "t")
    }

    func testOnlyTheTouchedStretchIsClearedNotANeighbourWithTheSameValue() {
        var text = RichString("milk and shake")
        text.setAttribute(IngredientKey.self, to: "1", in: scalars(text, 0, 4))
        text.setAttribute(IngredientKey.self, to: "1", in: scalars(text, 9, 14))
        text.insert("x", at: text.index(atOffset: 11, in: .scalars))
        XCTAssertEqual(text[scalars(text, 0, 4)][IngredientKey.self], "1")
        XCTAssertNil(text.attribute(IngredientKey.self, at: text.index(atOffset: 9, in: .scalars)))
    }

    func testADeleteAcrossTwoStretchesClearsWhatSurvivesOfBoth() {
        var text = RichString("milkeggs")
        text.setAttribute(IngredientKey.self, to: "milk", in: scalars(text, 0, 4))
        text.setAttribute(IngredientKey.self, to: "eggs", in: scalars(text, 4, 8))
        let adjustments = text.removeSubrange(scalars(text, 3, 5))
        XCTAssertEqual(text.string, "milggs")
        XCTAssertEqual(text.runs.count, 1)
        XCTAssertEqual(Set(adjustments.map { $0.oldValue }), [.string("milk"), .string("eggs")])
    }

    func testRemovingSubrangesInvalidatesEachTouchedStretch() {
        var text = RichString("milk and eggs")
        text.setAttribute(IngredientKey.self, to: "milk", in: scalars(text, 0, 4))
        text.setAttribute(IngredientKey.self, to: "eggs", in: scalars(text, 9, 13))
        text.removeSubranges(RangeSet([scalars(text, 1, 2), scalars(text, 10, 11)]))
        XCTAssertEqual(text.string, "mlk and egs")
        XCTAssertEqual(text.runs.count, 1)
    }

    // MARK: attributeChanged

    func testADependentKeyIsRemovedWhereItsSourceReallyChanges() {
        var text = RichString("abcd")
        text.setAttribute(ColorKey.self, to: 1, in: text.startIndex..<text.endIndex)
        text.setAttribute(ColorDependentKey.self, to: 1, in: text.startIndex..<text.endIndex)
        let adjustments = text.setAttribute(ColorKey.self, to: 2, in: scalars(text, 0, 2))
        XCTAssertEqual(values(ColorDependentKey.self, text).map(\.1), [nil, 1])
        XCTAssertEqual(adjustments.map(\.cause), [.attributeChanged("color")])
    }

    func testSettingTheSameValueAgainRemovesNothing() {
        var text = RichString("abcd")
        text.setAttribute(ColorKey.self, to: 1, in: text.startIndex..<text.endIndex)
        text.setAttribute(ColorDependentKey.self, to: 1, in: text.startIndex..<text.endIndex)
        XCTAssertEqual(text.setAttribute(ColorKey.self, to: 1, in: scalars(text, 0, 2)), [])
        XCTAssertEqual(text[text.startIndex..<text.endIndex][ColorDependentKey.self], 1)
    }

    func testADependentOnTypedTextIsRemovedToo() {
        // DESIGN's second known case: Foundation keeps Dep on "d".
        var text = RichString("abc")
        text.setAttribute(ColorKey.self, to: 1, in: text.startIndex..<text.endIndex)
        text.setAttribute(ColorDependentKey.self, to: 1, in: text.startIndex..<text.endIndex)
        text.insert("d", at: text.endIndex)
        XCTAssertEqual(text.attribute(ColorDependentKey.self, at: text.index(atOffset: 3, in: .scalars)), 1)
        text.setAttribute(ColorKey.self, to: 2, in: text.startIndex..<text.endIndex)
        XCTAssertTrue(values(ColorDependentKey.self, text).allSatisfy { $0.1 == nil })
    }

    func testAChainOfDependentsIsFollowed() {
        var text = RichString("abcd")
        let all = text.startIndex..<text.endIndex
        text.setAttribute(ColorKey.self, to: 1, in: all)
        text.setAttribute(ColorDependentKey.self, to: 1, in: all)
        text.setAttribute(SecondDependentKey.self, to: 1, in: all)
        let adjustments = text.setAttribute(ColorKey.self, to: 2, in: scalars(text, 1, 2))
        XCTAssertEqual(adjustments.map(\.cause), [.attributeChanged("color"), .attributeChanged("dep")])
        XCTAssertNil(text.attribute(SecondDependentKey.self, at: text.index(atOffset: 1, in: .scalars)))
        XCTAssertEqual(text.attribute(SecondDependentKey.self, at: text.startIndex), 1)
    }

    func testADependentIsRemovedWhenItsSourceChangesThroughAnotherBehaviour() {
        // The colour is removed by a text change; the key that depends on it goes too.
        enum TaggedColor: RichAttributeKey {
            typealias Value = Int
            static let name = "taggedColor"
            static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
        }
        enum Follower: RichAttributeKey {
            typealias Value = Int
            static let name = "follower"
            static let invalidationConditions: Set<InvalidationCondition> = [.attributeChanged(TaggedColor.self)]
        }
        var text = RichString("abcdef")
        text.setAttribute(TaggedColor.self, to: 1, in: scalars(text, 0, 4))
        text.setAttribute(Follower.self, to: 1, in: text.startIndex..<text.endIndex)
        let adjustments = text.insert("x", at: text.index(atOffset: 2, in: .scalars))
        // Both sides of the typed "x" lose the colour, and with it the follower; "x" never had the colour.
        XCTAssertEqual(adjustments.map(\.cause), [.textChanged, .textChanged, .attributeChanged("taggedColor"), .attributeChanged("taggedColor")])
        XCTAssertEqual(values(Follower.self, text).map(\.0), ["ab", "x", "cd", "ef"])
        XCTAssertEqual(values(Follower.self, text).map(\.1), [nil, 1, nil, 1])
    }

    // MARK: Paragraph boundaries

    func testSettingAParagraphKeyOnPartOfAParagraphSetsTheWholeParagraph() {
        var text = RichString("one two\nthree")
        let adjustments = text.setAttribute(AlignmentKey.self, to: "center", in: scalars(text, 4, 5))
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.1), ["center", nil])
        XCTAssertEqual(adjustments.map(\.cause), [.paragraphBoundary, .paragraphBoundary])
    }

    func testASetThatSpansParagraphsCoversAllOfThem() {
        var text = RichString("one\ntwo\nthree\nfour")
        text.setAttribute(AlignmentKey.self, to: "right", in: scalars(text, 2, 9))
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.1), ["right", "right", "right", nil])
    }

    func testAfterATextEditTheParagraphsFirstCharacterDecides() {
        var text = RichString("one\ntwo")
        text.setAttribute(AlignmentKey.self, to: "left", in: scalars(text, 0, 1))
        text.setAttribute(AlignmentKey.self, to: "right", in: scalars(text, 4, 5))
        text.removeSubrange(scalars(text, 3, 4))  // delete the separator: the paragraphs merge
        XCTAssertEqual(text.string, "onetwo")
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.1), ["left"])
    }

    func testInsertingASeparatorSplitsAParagraphAndBothHalvesKeepItsValue() {
        var text = RichString("onetwo")
        text.setAttribute(AlignmentKey.self, to: "center", in: text.startIndex..<text.endIndex)
        text.insert("\n", at: text.index(atOffset: 3, in: .scalars))
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.1), ["center", "center"])
    }

    func testTypingAtTheStartOfAParagraphJoinsThatParagraph() {
        // DESIGN's fifth known case: Foundation turns paragraph 2 to Para=1.
        var text = RichString("one\ntwo")
        text.setAttribute(AlignmentKey.self, to: "left", in: scalars(text, 0, 1))
        text.setAttribute(AlignmentKey.self, to: "center", in: scalars(text, 4, 5))
        text.setAttribute(ColorKey.self, to: 7, in: scalars(text, 0, 4))
        text.insert("X", at: text.index(atOffset: 4, in: .scalars))
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.1), ["left", "center"])
        XCTAssertEqual(text.attribute(ColorKey.self, at: text.index(atOffset: 4, in: .scalars)), 7, "character keys still come from before")
        XCTAssertEqual(text.typingAttributes(at: text.index(atOffset: 4, in: .scalars))[AlignmentKey.self], "center")
    }

    func testEnterAtTheStartOfAParagraphCreatesAParagraphWithItsValue() {
        var text = RichString("one\ntwo")
        text.setAttribute(AlignmentKey.self, to: "left", in: scalars(text, 0, 1))
        text.setAttribute(AlignmentKey.self, to: "center", in: scalars(text, 4, 5))
        text.insert("X\nY", at: text.index(atOffset: 4, in: .scalars))
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.1), ["left", "center", "center"])
    }

    func testAnLFTypedAfterACRCompletesTheCRLFAndStaysInTheParagraphBefore() {
        var text = RichString("one\rtwo")
        text.setAttribute(AlignmentKey.self, to: "left", in: scalars(text, 0, 1))
        text.setAttribute(AlignmentKey.self, to: "center", in: scalars(text, 4, 5))
        text.insert("\n", at: text.index(atOffset: 4, in: .scalars))
        XCTAssertEqual(text.paragraphCount, 2)
        XCTAssertEqual(values(AlignmentKey.self, text).map { $0.0 }, ["one\r\n", "two"])
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.1), ["left", "center"])
    }

    func testTextTypedAfterATrailingSeparatorInheritsFromIt() {
        var text = RichString("one\n")
        text.setAttribute(AlignmentKey.self, to: "right", in: text.startIndex..<text.endIndex)
        text.insert("two", at: text.endIndex)
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.1), ["right", "right"])
    }

    func testCRLFIsOneSeparatorAndU2028IsNone() {
        var text = RichString("a\r\nb\u{2028}c\u{2029}d")
        text.setAttribute(AlignmentKey.self, to: "x", in: scalars(text, 0, 1))
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.0), ["a\r\n", "b\u{2028}c\u{2029}", "d"])
    }

    func testATextChangedParagraphKeyIsRemovedFromItsWholeStretch() {
        var text = RichString("one\ntwo\nthree")
        text.setAttribute(ParagraphTagKey.self, to: 1, in: scalars(text, 0, 5))
        text.insert("x", at: text.index(atOffset: 5, in: .scalars))
        XCTAssertTrue(values(ParagraphTagKey.self, text).allSatisfy { $0.1 == nil })
    }

    func testWritingBackASliceWithNewAttributesIsAnAttributeChange() {
        // As Foundation: a slice of the string's own text written back over its range changes attributes only,
        // so a paragraph-bound value set on part of a paragraph spreads over it, and no text edit fires.
        var text = RichString("Hello, world\nNext Paragraph\nLast")
        text[text.startIndex..<text.endIndex][AlignmentKey.self] = "left"
        let range = text.index(atOffset: 7, in: .scalars)..<text.index(atOffset: 17, in: .scalars)
        var slice = text[range]
        slice[AlignmentKey.self] = "center"
        text[range] = slice
        XCTAssertEqual(text.string, "Hello, world\nNext Paragraph\nLast")
        // Runs of a paragraph-bound key break at every paragraph.
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.0), ["Hello, world\n", "Next Paragraph\n", "Last"])
        XCTAssertEqual(values(AlignmentKey.self, text).map(\.1), ["center", "center", "left"])
    }

    func testWritingBackASliceWithOtherTextReplacesTheText() {
        var text = RichString("milk and eggs")
        let range = text.index(atOffset: 9, in: .scalars)..<text.endIndex
        let other = RichString("cream", attributes: AttributeSet([AttributeEntry(name: "color", value: .integer(2))]))
        text[range] = other[other.startIndex..<other.endIndex]
        XCTAssertEqual(text.string, "milk and cream")
        XCTAssertEqual(text.runs.last?.attributes["color"], .integer(2))
    }

    func testAParagraphDependentIsRemovedFromTheWholeParagraph() {
        var text = RichString("one\ntwo")
        text.setAttribute(ParagraphDependentKey.self, to: 1, in: text.startIndex..<text.endIndex)
        text.setAttribute(ColorKey.self, to: 3, in: scalars(text, 1, 2))
        XCTAssertEqual(values(ParagraphDependentKey.self, text).map(\.1), [nil, 1])
    }

    // MARK: Character boundaries

    func testACharacterBoundKeyStandsOnlyOnItsCharacter() {
        var text = RichString("• item\n• next")
        let adjustments = text.setAttribute(BulletKey.self, to: 1, in: scalars(text, 0, 3))
        XCTAssertEqual(text.attribute(BulletKey.self, at: text.startIndex), 1)
        XCTAssertNil(text.attribute(BulletKey.self, at: text.index(atOffset: 1, in: .scalars)))
        XCTAssertEqual(adjustments.map(\.cause), [.characterBoundary])
    }

    func testACombiningMarkTypedAfterTheCharacterKeepsTheKeyOnItsScalar() {
        // Per scalar, as Foundation's `_constrainedScalar`: "•" keeps the key inside the cluster "•\u{301}",
        // and the mark, which takes the key by inheritance, loses it.
        var text = RichString("•x")
        text.setAttribute(BulletKey.self, to: 1, in: scalars(text, 0, 1))
        let adjustments = text.insert("\u{301}", at: text.index(atOffset: 1, in: .scalars))
        XCTAssertEqual(text.attribute(BulletKey.self, at: text.startIndex), 1)
        XCTAssertNil(text.attribute(BulletKey.self, at: text.index(atOffset: 1, in: .scalars)))
        XCTAssertEqual(text.string, "•\u{301}x")
        XCTAssertEqual(adjustments.map(\.cause), [.characterBoundary])
    }

    func testAGlyphKeepsItsImageWhenACombiningMarkFollowsIt() {
        // A Genmoji's U+FFFC with its glyph key bound to that scalar: a mark typed after it forms one cluster
        // with it, and the glyph stays on the U+FFFC.
        var text = RichString("a\u{FFFC}b")
        text.setAttribute(GlyphKey.self, to: "g1", in: scalars(text, 1, 2))
        text.insert("\u{301}", at: text.index(atOffset: 2, in: .scalars))
        XCTAssertEqual(text.attribute(GlyphKey.self, at: text.index(atOffset: 1, in: .scalars)), "g1")
        XCTAssertNil(text.attribute(GlyphKey.self, at: text.index(atOffset: 2, in: .scalars)))
    }

    func testMakingAStringWithACharacterBoundKeyKeepsItOnlyOnItsCharacter() {
        // As Foundation's `AttributedString(_:attributes:)`, which enforces the constraint on creation.
        let text = RichString("*__*", attributes: AttributeSet([AttributeEntry(name: "star", value: .integer(2), behavior: AttributeBehavior(runBoundaries: .character("*")))]))
        XCTAssertEqual(text.runs.map { text[$0.range].string }, ["*", "__", "*"])
        XCTAssertEqual(text.runs.map { $0.attributes["star"] }, [.integer(2), nil, .integer(2)])
    }

    func testOnlyTheFirstScalarOfAMultiScalarBoundaryCharacterIsAdmitted() {
        // `.character("e\u{301}")` admits the scalar "e" alone, as Foundation: the rest of the character is not
        // looked at.
        var text = RichString("e\u{301}e")
        text.setAttribute(AccentKey.self, to: 1, in: text.startIndex..<text.endIndex)
        XCTAssertEqual(values(AccentKey.self, text).map(\.1), [1, nil, 1])
    }

    func testRunsOfACharacterBoundKeyBreakAroundEveryBoundScalar() {
        // As Foundation's per-key runs: each "•" is a run of its own, with or without a value, even next to an
        // equal one; the text between is one run.
        var text = RichString("••ab•c")
        text.setAttribute(BulletKey.self, to: 1, in: text.startIndex..<scalars(text, 4, 5).upperBound)
        text.setAttribute(BulletKey.self, to: nil, in: scalars(text, 4, 5))
        let expected: [(String, Int?)] = [("•", 1), ("•", 1), ("ab", nil), ("•", nil), ("c", nil)]
        XCTAssertEqual(values(BulletKey.self, text).map(\.0), expected.map(\.0))
        XCTAssertEqual(values(BulletKey.self, text).map(\.1), expected.map(\.1))
        XCTAssertEqual(text.runs[BulletKey.self].reversed().map { text[$0.1].string }, expected.map(\.0).reversed())
        XCTAssertEqual(text.runs[BulletKey.self][scalars(text, 3, 4).lowerBound].1, scalars(text, 2, 4))
        // A view of several keys breaks there too, whatever the other keys hold.
        text.setAttribute(ColorKey.self, to: 2, in: text.startIndex..<text.endIndex)
        XCTAssertEqual(text.runs[ColorKey.self, BulletKey.self].map { text[$0.2].string }, expected.map(\.0))
        XCTAssertEqual(text.runs[ColorKey.self].map { text[$0.1].string }, ["••ab•c"])
    }

    func testRunsOfACharacterBoundKeyFindBoundScalarsFarAwayInLongText() {
        // Thousands of bytes between bound scalars, so the search for the next (or previous) one crosses chunks.
        let text = RichString("•" + String(repeating: "a", count: 3000) + "•" + String(repeating: "bé", count: 2000))
        let expected = ["•", String(repeating: "a", count: 3000), "•", String(repeating: "bé", count: 2000)]
        XCTAssertEqual(values(BulletKey.self, text).map(\.0), expected)
        XCTAssertEqual(text.runs[BulletKey.self].reversed().map { text[$0.1].string }, expected.reversed())
        XCTAssertEqual(text.runs[BulletKey.self][text.index(atOffset: 5000, in: .scalars)].1, scalars(text, 3002, 7002))
    }

    // MARK: Untrusted content

    func testEnforcingBehaviorsOnOutsideDataFixesParagraphsAndCharacters() {
        let mixed = RichString(concatenating: [
            RichString("on", attributes: AttributeSet([AttributeEntry(name: "alignment", value: .string("left"), behavior: AlignmentKey.descriptor.behavior)])),
            RichString("e\ntwo", attributes: AttributeSet([AttributeEntry(name: "alignment", value: .string("right"), behavior: AlignmentKey.descriptor.behavior)])),
        ])
        // Concatenation goes through the pipeline: the paragraph is already uniform.
        XCTAssertEqual(values(AlignmentKey.self, mixed).map(\.1), ["left", "right"])
        var raw = RichString(text: TextRope("one\ntwo•"), runs: [
            AttributeRun(utf8Count: 2, attributes: AttributeSet([AttributeEntry(name: "alignment", value: .string("left"), behavior: AlignmentKey.descriptor.behavior)])),
            AttributeRun(utf8Count: 5, attributes: AttributeSet([AttributeEntry(name: "alignment", value: .string("right"), behavior: AlignmentKey.descriptor.behavior)])),
            AttributeRun(utf8Count: 3, attributes: AttributeSet([AttributeEntry(name: "bullet", value: .integer(1), behavior: BulletKey.descriptor.behavior)])),
        ])
        let adjustments = raw.enforceBehaviors()
        XCTAssertEqual(values(AlignmentKey.self, raw).map(\.1), ["left", "right"])
        XCTAssertEqual(Set(adjustments.map(\.cause)), [.paragraphBoundary])
        XCTAssertEqual(raw.enforceBehaviors(), [], "a second pass finds nothing")
    }
}
