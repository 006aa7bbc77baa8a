import Foundation
import XCTest
@testable import RichText
import TestKeys

/// Examples of the string's API, one behaviour each.
final class RichStringExampleTests: XCTestCase {
    func testDescriptionPrintsRunsTheWayFoundationDoes() {
        var text = RichString("Hello world")
        text[text.range(of: "world")!][ColorKey.self] = 3
        XCTAssertEqual(text.description, "Hello  {\n}\nworld {\n\tcolor = 3\n}")
    }

    func testCanonicallyEquivalentTextWithEqualAttributesIsEqual() {
        // As Foundation: "Café" (precomposed) equals "Cafe" + U+0301, run by run, and they hash alike.
        let attributes = AttributeSet([AttributeEntry(name: "color", value: .integer(1))])
        let precomposed = RichString("Caf\u{E9}", attributes: attributes)
        let decomposed = RichString("Cafe\u{301}", attributes: attributes)
        XCTAssertEqual(precomposed, decomposed)
        XCTAssertEqual(precomposed.hashValue, decomposed.hashValue)
        XCTAssertNotEqual(precomposed, RichString("Cafe\u{301}"), "the attributes differ")
        var split = RichString("Cafe\u{301}")
        split[split.index(atOffset: 3, in: .scalars)..<split.endIndex][ColorKey.self] = 1
        XCTAssertNotEqual(RichString("Caf\u{E9}"), split, "the runs differ")
    }

    func testMergingKeepsTheCurrentValueOnlyWhenAskedTo() {
        let current = AttributeSet([AttributeEntry(name: "color", value: .integer(1))])
        let merged = AttributeSet([AttributeEntry(name: "color", value: .integer(2)), AttributeEntry(name: "size", value: .integer(12))])
        var text = RichString("ab", attributes: current)
        text.mergeAttributes(merged, mergePolicy: .keepCurrent, in: text.startIndex..<text.endIndex)
        XCTAssertEqual(text.runs.first?.attributes["color"], .integer(1))
        XCTAssertEqual(text.runs.first?.attributes["size"], .integer(12))
        text[text.startIndex..<text.endIndex].mergeAttributes(merged)
        XCTAssertEqual(text.runs.first?.attributes["color"], .integer(2), "keepNew is the default")
    }

    func testReplacingAttributesThroughEachKindOfSlice() {
        let bold = AttributeSet([AttributeEntry(name: "bold", value: .bool(true))])
        let strong = AttributeSet([AttributeEntry(name: "strong", value: .bool(true))])
        var text = RichString("abcdef", attributes: bold)
        let first = text.startIndex..<text.index(atOffset: 2, in: .characters)
        text[first].replaceAttributes(bold, with: strong)
        XCTAssertEqual(text.runs.map { text[$0.range].string }, ["ab", "cdef"])
        XCTAssertEqual(text.runs.first?.attributes, strong)
        let last = text.index(atOffset: 5, in: .characters)..<text.endIndex
        text[RangeSet(last)].replaceAttributes(bold, with: strong)
        XCTAssertEqual(text.runs.map { $0.attributes }, [strong, bold, strong])
        text[RangeSet(text.startIndex..<text.endIndex)].setAttributes(.empty)
        XCTAssertEqual(text.runs.count, 1)
    }

    func testConcatenationKeepsEachPiecesAttributes() {
        let a = RichString("milk", attributes: AttributeSet([AttributeEntry(name: "ingredient", value: .string("milk"))]))
        let text = RichString(concatenating: [RichString("Add "), a, RichString(".")])
        XCTAssertEqual(text.string, "Add milk.")
        XCTAssertEqual(text.runs.count, 3)
        XCTAssertEqual(text.runs.map { text[$0.range].string }, ["Add ", "milk", "."])
    }

    func testEveryViewCountsItsOwnUnit() {
        let text = RichString("e\u{301}👩🏽‍💻\r\nab")
        XCTAssertEqual(text.characters.count, 5)
        XCTAssertEqual(text.unicodeScalars.count, 10)
        XCTAssertEqual(text.utf16.count, "e\u{301}👩🏽‍💻\r\nab".utf16.count)
        XCTAssertEqual(text.utf8.count, "e\u{301}👩🏽‍💻\r\nab".utf8.count)
        XCTAssertEqual(Array(text.characters), Array("e\u{301}👩🏽‍💻\r\nab"))
        XCTAssertEqual(Array(text.utf16), Array("e\u{301}👩🏽‍💻\r\nab".utf16))
        XCTAssertEqual(Array(text.characters.reversed()), Array("e\u{301}👩🏽‍💻\r\nab".reversed()))
        XCTAssertEqual(Array(text.utf16.reversed()), Array("e\u{301}👩🏽‍💻\r\nab".utf16.reversed()))
    }

    func testOffsettingInAnyUnitLandsOnTheSamePosition() {
        let text = RichString("ab👍🏽cd")
        let byCharacters = text.characters.index(text.startIndex, offsetBy: 3)
        let byScalars = text.unicodeScalars.index(text.startIndex, offsetBy: 4)
        let byUTF16 = text.utf16.index(text.startIndex, offsetBy: 6)
        XCTAssertEqual(byCharacters, byScalars)
        XCTAssertEqual(byScalars, byUTF16)
        XCTAssertEqual(text.characters[byCharacters], "c")
        XCTAssertEqual(text.characters.distance(from: text.startIndex, to: byUTF16), 3)
    }

    func testCharacterViewOfARunEndingInsideACharacterRoundsDownLikeFoundation() {
        // The colour covers the "e" of "é" (e + U+0301) only, so its run ends inside a character.
        var text = RichString("Cafe\u{301}")
        let e = text.unicodeScalars.index(text.startIndex, offsetBy: 3)
        text[e..<text.unicodeScalars.index(after: e)][ColorKey.self] = 1
        var foundation = AttributedString("Cafe\u{301}")
        let fe = foundation.unicodeScalars.index(foundation.startIndex, offsetBy: 3)
        foundation[fe..<foundation.unicodeScalars.index(after: fe)][FoundationColorKey.self] = 1

        let ours = text.runs.map { String(text.characters[$0.range]) }
        let theirs = foundation.runs.map { String(foundation.characters[$0.range]) }
        XCTAssertEqual(ours, ["Caf", "", "e\u{301}"])
        XCTAssertEqual(ours, theirs)
        XCTAssertEqual(text.runs.map { text[$0.range].characters.count }, foundation.runs.map { foundation[$0.range].characters.count })
        XCTAssertEqual(text.runs.map { Array(text[$0.range].characters) }, foundation.runs.map { Array(foundation[$0.range].characters) })
    }

    func testUTF16ViewStepsThroughBothHalvesOfASurrogatePair() {
        let text = RichString("a😀")
        let second = text.utf16.index(after: text.utf16.index(after: text.startIndex))
        XCTAssertTrue(second.isTrailingSurrogate)
        XCTAssertEqual(text.utf16[second], 0xDE00)
        XCTAssertEqual(text.utf16.index(after: second), text.endIndex)
    }

    func testLineAndColumnCountCharactersAndEverySeparatorKind() {
        let text = RichString("ab\r\ncd\ne\u{301}f\rg\u{2029}h\u{2028}i")
        let f = text.range(of: "f")!.lowerBound
        XCTAssertEqual(text.lineAndColumn(of: f).line, 3)
        XCTAssertEqual(text.lineAndColumn(of: f).column, 2)
        let i = text.range(of: "i")!.lowerBound
        XCTAssertEqual(text.lineAndColumn(of: i).line, 5, "U+2028 is not a paragraph separator")
        XCTAssertEqual(text.index(line: 3, column: 2), f)
        XCTAssertNil(text.index(line: 9, column: 1))
    }

    func testParagraphRangeIncludesItsSeparatorAndNeverSplitsCRLF() {
        let text = RichString("one\r\ntwo\nthree")
        let t = text.range(of: "two")!.lowerBound
        XCTAssertEqual(text[text.paragraphRange(containing: t)].string, "two\n")
        XCTAssertEqual(text[text.paragraphRange(containing: text.startIndex)].string, "one\r\n")
        // The index between CR and LF still belongs to the first paragraph.
        let betweenCRAndLF = text.utf8.index(text.startIndex, offsetBy: 4)
        XCTAssertEqual(text[text.paragraphRange(containing: betweenCRAndLF)].string, "one\r\n")
        XCTAssertEqual(text.paragraphCount, 3)
    }

    func testTypedKeyThroughASliceSetsOnlyThatRange() {
        var text = RichString("Add milk now")
        let milk = text.range(of: "milk")!
        text[milk][IngredientKey.self] = "milk"
        XCTAssertEqual(text[milk][IngredientKey.self], "milk")
        XCTAssertNil(text[text.range(of: "Add")!][IngredientKey.self])
        XCTAssertEqual(text.runs.count, 3)
    }

    func testDynamicMemberLookupReachesRegisteredKeys() {
        var text = RichString("red and blue")
        let red = text.range(of: "red")!
        text[red].color = 1
        XCTAssertEqual(text[red].color, 1)
        text[red].color = nil
        XCTAssertEqual(text.runs.count, 1)
    }

    func testKeysKnownOnlyByNameShareStorageWithTypedKeys() {
        var text = RichString("abc")
        text.setAttribute(AttributeKeyDescriptor(name: "color"), to: .integer(7), in: text.startIndex..<text.endIndex)
        XCTAssertEqual(text[text.startIndex..<text.endIndex][ColorKey.self], 7)
        XCTAssertEqual(text[text.startIndex..<text.endIndex]["color"], .integer(7))
    }

    func testRangeSetSliceSetsEveryRangeInOneMutationAndKeepsIndicesValid() {
        var text = RichString("butter, milk, butter")
        let all = text.ranges(of: "butter")
        XCTAssertEqual(all.ranges.count, 2)
        let before = text.startIndex
        text[all][IngredientKey.self] = "butter"
        XCTAssertEqual(text[all][IngredientKey.self], "butter")
        XCTAssertEqual(text[all].string, "butterbutter")
        XCTAssertTrue(before.isValid(within: text), "attribute changes move no text, so indices stay valid")
    }

    func testSliceBoundsInsideAScalarRoundDownToItsStart() {
        let text = RichString("a😄b")
        let insideUTF8 = text.utf8.index(text.startIndex, offsetBy: 3)  // the third byte of 😄
        XCTAssertEqual(Array(text[text.startIndex..<insideUTF8].utf8), Array("a".utf8))
        XCTAssertEqual(Array(text[insideUTF8..<text.endIndex].utf8), Array("😄b".utf8))
        let trailing = text.utf16.index(text.startIndex, offsetBy: 2)  // the trailing surrogate of 😄
        XCTAssertTrue(trailing.isTrailingSurrogate)
        XCTAssertEqual(Array(text[text.startIndex..<trailing].utf16), Array("a".utf16))
        XCTAssertEqual(Array(text[trailing..<text.endIndex].utf16), Array("😄b".utf16))
        XCTAssertEqual(text[insideUTF8..<text.endIndex].bounds.lowerBound, text.index(atOffset: 1, in: .scalars))
        // The views themselves slice at any of their own positions, as String's views do.
        XCTAssertEqual(Array(text.utf8[text.startIndex..<insideUTF8]), Array("a😄".utf8.prefix(3)))
        XCTAssertEqual(Array(text.utf16[text.startIndex..<trailing]), Array("a😄".utf16.prefix(2)))
    }

    func testRunsPerKeyBreakOnlyWhereThatKeyChanges() {
        var text = RichString("aaaabbbb")
        text.setAttribute(ColorKey.self, to: 1, in: text.range(0, 8, in: .scalars))
        text.setAttribute(IngredientKey.self, to: "x", in: text.range(2, 6, in: .scalars))
        XCTAssertEqual(text.runs.count, 3)
        let colorRuns = Array(text.runs[ColorKey.self])
        XCTAssertEqual(colorRuns.count, 1)
        XCTAssertEqual(colorRuns[0].0, 1)
        let pairs = Array(text.runs[ColorKey.self, IngredientKey.self])
        XCTAssertEqual(pairs.count, 3)
    }

    func testRunsPerKeySubscriptGivesTheWholeRunHoldingThePosition() {
        var text = RichString("aaaabbbbcc")
        text.setAttribute(ColorKey.self, to: 1, in: text.range(0, 8, in: .scalars))
        text.setAttribute(IngredientKey.self, to: "x", in: text.range(4, 10, in: .scalars))
        let middle = text.index(atOffset: 6, in: .scalars)
        XCTAssertEqual(text.runs[ColorKey.self][middle].1, text.range(0, 8, in: .scalars))
        XCTAssertEqual(text.runs[ColorKey.self, IngredientKey.self][middle].2, text.range(4, 8, in: .scalars))
        // In a slice, the run is clipped to the slice's bounds.
        let slice = text[text.range(2, 9, in: .scalars)]
        XCTAssertEqual(slice.runs[ColorKey.self][middle].1, text.range(2, 8, in: .scalars))
    }

    func testRunsAreEqualByLengthAndAttributesWhereverTheyStand() {
        var text = RichString("ab ab abc")
        text.setAttribute(ColorKey.self, to: 1, in: text.range(0, 2, in: .scalars))
        text.setAttribute(ColorKey.self, to: 1, in: text.range(3, 5, in: .scalars))
        text.setAttribute(ColorKey.self, to: 1, in: text.range(6, 9, in: .scalars))
        let runs = Array(text.runs)
        XCTAssertEqual(runs.count, 5)
        XCTAssertEqual(runs[0], runs[2], "same length and attributes at another position")
        XCTAssertEqual(Set(runs).count, 3, "hashing agrees with ==")
        XCTAssertNotEqual(runs[0], runs[4], "different lengths")
        XCTAssertNotEqual(runs[0], runs[1], "different attributes")
        XCTAssertEqual(runs[0], RichString("xy", attributes: text.runs[text.startIndex].attributes).runs.first, "in another string")
    }

    func testRunsForAParagraphKeyBreakAtEveryParagraphEvenWithEqualValues() {
        var text = RichString("one\ntwo\nthree")
        text.setAttribute(AlignmentKey.self, to: "center", in: text.startIndex..<text.endIndex)
        XCTAssertEqual(text.runs.count, 1)
        let paragraphs = Array(text.runs[AlignmentKey.self])
        XCTAssertEqual(paragraphs.map { text[$0.1].string }, ["one\n", "two\n", "three"])
        XCTAssertEqual(Array(text.runs[AlignmentKey.self].reversed()).map { text[$0.1].string }, ["three", "two\n", "one\n"])
    }

    func testPlainInsertTakesTheAttributesOfTheCharacterBefore() {
        var text = RichString("ab")
        text.setAttribute(ColorKey.self, to: 1, in: text.range(0, 1, in: .scalars))
        text.setAttribute(ColorKey.self, to: 2, in: text.range(1, 2, in: .scalars))
        text.insert("X", at: text.index(atOffset: 1, in: .scalars))
        XCTAssertEqual(text.attribute(ColorKey.self, at: text.index(atOffset: 1, in: .scalars)), 1)
        text.insert("Y", at: text.startIndex)
        XCTAssertEqual(text.attribute(ColorKey.self, at: text.startIndex), 1, "at offset 0 it takes the following character's")
    }

    func testAttributedInsertKeepsItsOwnAttributes() {
        var text = RichString("ab")
        text.setAttribute(ColorKey.self, to: 1, in: text.startIndex..<text.endIndex)
        var piece = RichString("X")
        piece.setAttribute(ColorKey.self, to: 9, in: piece.startIndex..<piece.endIndex)
        text.insert(piece, at: text.index(atOffset: 1, in: .scalars))
        XCTAssertEqual(text.attribute(ColorKey.self, at: text.index(atOffset: 1, in: .scalars)), 9)
    }

    func testMergeAndReplaceAttributes() {
        var text = RichString("abc", attributes: AttributeSet([AttributeEntry(name: "color", value: .integer(1))]))
        let all = text.startIndex..<text.endIndex
        text.mergeAttributes(AttributeSet([AttributeEntry(name: "ingredient", value: .string("x"))]), in: all)
        XCTAssertEqual(text.attributes(at: text.startIndex).count, 2)
        text.replaceAttributes(
            AttributeSet([AttributeEntry(name: "color", value: .integer(1))]),
            with: AttributeSet([AttributeEntry(name: "color", value: .integer(2))]), in: all)
        XCTAssertEqual(text.attribute(ColorKey.self, at: text.startIndex), 2)
        XCTAssertEqual(text.attribute(IngredientKey.self, at: text.startIndex), "x")
    }

    func testStaleIndexIsReportedInvalidAfterATextChange() {
        var text = RichString("abc")
        let index = text.index(atOffset: 1, in: .characters)
        XCTAssertTrue(index.isValid(within: text))
        text.insert("z", at: text.startIndex)
        XCTAssertFalse(index.isValid(within: text))
    }

    func testEndIndexIsNotAValidIndexButRangesMayEndThere() {
        let text = RichString("abc")
        XCTAssertTrue(text.startIndex.isValid(within: text))
        XCTAssertTrue(text.index(atOffset: 2, in: .characters).isValid(within: text))
        XCTAssertFalse(text.endIndex.isValid(within: text), "nothing can be subscripted at the end")
        XCTAssertTrue((text.startIndex..<text.endIndex).isValid(within: text))
        XCTAssertTrue((text.endIndex..<text.endIndex).isValid(within: text))
        XCTAssertTrue(RangeSet(text.index(atOffset: 1, in: .characters)..<text.endIndex).isValid(within: text))
        let empty = RichString()
        XCTAssertFalse(empty.startIndex.isValid(within: empty))
        XCTAssertTrue((empty.startIndex..<empty.endIndex).isValid(within: empty))
    }

    func testTransformKeepsARangeOnTheSameTextThroughAnInsertBefore() {
        var text = RichString("The quick brown fox")
        let fox = text.range(of: "fox")!
        let updated = text.transform(updating: fox) { $0.insert("Wow! ", at: $0.startIndex) }
        XCTAssertEqual(updated.map { text[$0].string }, "fox")
    }

    func testTransformCollapsesARangeWhoseTextIsRemoved() {
        var text = RichString("Hello World")
        let hello = text.range(of: "Hello")!
        let updated = text.transform(updating: hello) { $0.removeSubrange(hello) }
        XCTAssertEqual(updated, text.startIndex..<text.startIndex)
    }

    func testTransformReturnsNilWhenTheBodyReplacesTheString() {
        var text = RichString("Hello")
        let updated = text.transform(updating: text.startIndex..<text.endIndex) { $0 = RichString("other") }
        XCTAssertNil(updated)
    }

    func testTransformMovesAnEndpointOutOfReplacedText() {
        var text = RichString("abcdef")
        let cd = text.range(2, 4, in: .scalars)  // "cd"
        let replaced = text.range(3, 5, in: .scalars)  // "de"
        let updated = text.transform(updating: cd) { $0.replaceSubrange(replaced, with: "XYZ") }!
        XCTAssertEqual(text[updated].string, "c")
    }

    func testTransformKeepsAnInsertionPointAfterTypedText() {
        var text = RichString("ab")
        let caret = text.index(atOffset: 1, in: .scalars)
        let updated = text.transform(updating: [caret..<caret]) { $0.insert("X", at: caret) }!
        XCTAssertEqual(updated[0].lowerBound.utf8Offset, 2)
        XCTAssertTrue(updated[0].isEmpty)
    }

    func testTransformUpdatesARangeSet() {
        var text = RichString("milk and milk")
        let all = text.ranges(of: "milk")
        let updated = text.transform(updating: all) { $0.insert(">> ", at: $0.startIndex) }!
        XCTAssertEqual(updated.ranges.map { text[$0].string }, ["milk", "milk"])
    }

    func testNestedTransformMovesTheOuterRangesWithTheInnerEdits() {
        var text = RichString("Hello, world")
        var hello = text.range(of: "Hello")!
        text.transform(updating: &hello) { outer in
            var world = outer.range(of: "world")!
            outer.transform(updating: &world) { $0.removeSubrange($0.range(of: "llo, wo")!) }
            XCTAssertEqual(outer[world].string, "rld")
            outer.insert(">", at: outer.startIndex)
        }
        XCTAssertEqual(text.string, ">Herld")
        XCTAssertEqual(text[hello].string, "He")
    }

    func testNestedTransformThatReplacesTheStringLosesTheOuterRangesToo() {
        var text = RichString("Hello, world")
        let hello = text.range(of: "Hello")!
        let outer = text.transform(updating: hello) { outer in
            let inner = outer.transform(updating: outer.startIndex..<outer.endIndex) { $0 = RichString("other") }
            XCTAssertNil(inner)
            outer.insert(">", at: outer.startIndex)
        }
        XCTAssertNil(outer)
        XCTAssertEqual(text.string, ">other")
    }

    func testTransformWhoseBodyThrowsKeepsTheOuterRangesMoved() {
        struct Stop: Error {}
        var text = RichString("Hello, world")
        let world = text.range(of: "world")!
        var threw = false
        let updated = text.transform(updating: world) { (outer: inout RichString) -> Void in
            do {
                _ = try outer.transform(updating: outer.startIndex..<outer.startIndex) { (inner: inout RichString) throws(Stop) in
                    inner.insert("Oh, ", at: inner.startIndex)
                    throw Stop()
                }
            } catch {
                threw = true
            }
        }
        XCTAssertTrue(threw)
        XCTAssertEqual(text.string, "Oh, Hello, world")
        XCTAssertEqual(updated.map { text[$0].string }, "world")
    }

    func testEqualityIgnoresTreeShape() {
        var built = RichString()
        for _ in 0..<3000 { built.append("abc ") }
        let direct = RichString(String(repeating: "abc ", count: 3000))
        XCTAssertEqual(built, direct)
        XCTAssertEqual(built.hashValue, direct.hashValue)
        var different = direct
        different.setAttribute(ColorKey.self, to: 1, in: different.range(0, 1, in: .scalars))
        XCTAssertNotEqual(different, direct)
    }

    func testCopiesAreIndependent() {
        let original = RichString(String(repeating: "x", count: 5000))
        var copy = original
        copy.insert("y", at: copy.startIndex)
        XCTAssertEqual(original.counts.utf8, 5000)
        XCTAssertEqual(copy.counts.utf8, 5001)
    }

    func testRangeOfMatchesWholeCharactersOnly() {
        let text = RichString("cafe\u{301} cafe")
        XCTAssertEqual(text.ranges(of: "cafe").ranges.count, 1, "\"cafe\u{301}\" ends in a different character")
        XCTAssertEqual(text.range(of: "cafe").map { text[$0].string }, "cafe")
    }

    func testFoundationBridgeRoundTripsBridgedKeys() {
        var foundation = AttributedString("milk and honey")
        let milk = foundation.range(of: "milk")!
        foundation[milk][FoundationIngredientKey.self] = "milk"
        foundation[milk][FoundationColorKey.self] = 2
        let bridge = FoundationAttributeBridge([.key(FoundationIngredientKey.self), .key(FoundationColorKey.self)])
        let rich = RichString(foundation, bridge: bridge)
        XCTAssertEqual(rich.string, "milk and honey")
        XCTAssertEqual(rich.attribute(IngredientKey.self, at: rich.startIndex), "milk")
        XCTAssertEqual(rich.attributes(at: rich.startIndex).entry(named: "ingredient")?.behavior.isInvalidatedByTextChange, true)
        XCTAssertEqual(AttributedString(rich, bridge: bridge), foundation)
    }
}
