// Follows Apple's swift-foundation
// `Tests/FoundationEssentialsTests/AttributedString/AttributedStringConstrainingBehaviorTests.swift`:
// the same inputs and the same expected runs, written against `RichString`.
//
// Every Apple test has a counterpart here. Two of them, `paragraphFromUntrustedRuns` and
// `characterFromUntrustedRuns`, are compiled only into Apple's framework build, because they read the runs
// from an `NSAttributedString`. Here the same runs go through `RichString(unenforcedText:runs:)` and
// `enforceBehaviors()`, which is our way in for outside data.
//
// Differences in wording, with the same meaning:
// - `str.testInt = v` on the whole string is written `str[str.wholeRange].testInt = v`.
// - Older ports write through `characters` / `unicodeScalars` (`append(contentsOf:)`, `insert(contentsOf:at:)`,
//   `replaceSubrange`, `removeSubrange`) as the plain-text edits they are: `append(_:)`, `insert(_:at:)`,
//   `replaceSubrange(_:with: String)`, `removeSubrange(_:)`. `extendingRunAddCharacters` and the element and
//   range writes (`characters[i] = c`, `characters[range] = slice`) use the views as Apple does.
// - `replacingAttributes` and `sub.replaceAttributes` are `replaceAttributes(_:with:in:)` on a copy, over the
//   whole string or the slice's range.
// No part is left out: the `transformingAttributes` steps, once missing, run with Apple's expected results.

import Foundation
import XCTest
@testable import RichText
import TestKeys

final class FoundationConformanceConstrainingBehaviorTests: XCTestCase {
    typealias Int_ = TestIntKey
    typealias NonExtended = TestNonExtendedKey
    typealias Para = TestParagraphConstrainedKey
    typealias Para2 = TestSecondParagraphConstrainedKey
    typealias Star = TestCharacterConstrainedKey
    typealias Replacement = TestUnicodeScalarConstrainedKey
    typealias Dependent = TestAttributeDependentKey
    typealias TextDependent = TestCharacterDependentKey

    // MARK: Extending runs

    /// Follows Apple's `extendingRunAddCharacters()`.
    func testExtendingRunAddCharacters() {
        let str = RichString("Hello, world", attributes: .testInt(2).testNonExtended(1))

        var result = str
        result.characters.append(contentsOf: "ABC")
        assertRuns(result, Int_.self, NonExtended.self, [("Hello, world", 2, 1), ("ABC", 2, nil)])

        result = str
        result.characters.insert(contentsOf: "ABC", at: result.index(result.startIndex, characters: 3))
        assertRuns(result, Int_.self, NonExtended.self, [("Hel", 2, 1), ("ABC", 2, nil), ("lo, world", 2, 1)])

        result = str
        result.characters.insert(contentsOf: "ABC", at: result.startIndex)
        assertRuns(result, Int_.self, NonExtended.self, [("ABC", 2, nil), ("Hello, world", 2, 1)])

        result = str
        var subrange = result.index(result.startIndex, characters: 2)..<result.index(result.startIndex, characters: 9)
        result.characters.replaceSubrange(subrange, with: "ABC")
        assertRuns(result, Int_.self, NonExtended.self, [("He", 2, 1), ("ABC", 2, nil), ("rld", 2, 1)])

        result = str
        subrange = result.index(result.startIndex, characters: 2)..<result.index(result.startIndex, characters: 9)
        let other = RichString("Hi!")
        result.characters[subrange] = other.characters[other.startIndex..<other.endIndex]
        assertRuns(result, Int_.self, NonExtended.self, [("He", 2, 1), ("Hi!", 2, nil), ("rld", 2, 1)])
    }

    /// Follows Apple's `extendingRunAddUnicodeScalars()`.
    func testExtendingRunAddUnicodeScalars() {
        let str = RichString("Hello, world", attributes: .testInt(2).testNonExtended(1))
        let scalars = "A\u{0301}B"

        var result = str
        result.append(scalars)
        assertRuns(result, Int_.self, NonExtended.self, [("Hello, world", 2, 1), (scalars, 2, nil)])

        result = str
        result.insert(scalars, at: result.index(atOffset: 3, in: .scalars))
        assertRuns(result, Int_.self, NonExtended.self, [("Hel", 2, 1), (scalars, 2, nil), ("lo, world", 2, 1)])

        result = str
        result.insert(scalars, at: result.startIndex)
        assertRuns(result, Int_.self, NonExtended.self, [(scalars, 2, nil), ("Hello, world", 2, 1)])

        result = str
        let subrange = result.index(atOffset: 2, in: .scalars)..<result.index(atOffset: 9, in: .scalars)
        result.replaceSubrange(subrange, with: scalars)
        assertRuns(result, Int_.self, NonExtended.self, [("He", 2, 1), (scalars, 2, nil), ("rld", 2, 1)])
    }

    // MARK: Paragraph-bound keys

    /// Follows Apple's `paragraphAttributeExpanding()`.
    func testParagraphAttributeExpanding() {
        var str = RichString("Hello, world\nNext Paragraph")
        var range = str.characters.index(after: str.startIndex)..<str.index(atOffset: 3, in: .characters)
        str[range].testParagraphConstrained = 2
        assertRuns(str, Para.self, [("Hello, world\n", 2), ("Next Paragraph", nil)])

        range = str.characters.index(before: str.endIndex)..<str.endIndex
        str[range].testParagraphConstrained = 3
        assertRuns(str, Para.self, [("Hello, world\n", 2), ("Next Paragraph", 3)])

        str[str.wholeRange].testInt = 1
        assertRuns(str, Para.self, Int_.self, [("Hello, world\n", 2, 1), ("Next Paragraph", 3, 1)])

        str[range].testParagraphConstrained = 4
        assertRuns(str, Para.self, Int_.self, [("Hello, world\n", 2, 1), ("Next Paragraph", 4, 1)])

        range = str.index(atOffset: 8, in: .characters)..<str.index(atOffset: 14, in: .characters)
        str[range].testParagraphConstrained = 4
        assertRuns(str, Para.self, [("Hello, world\n", 4), ("Next Paragraph", 4)])
    }

    /// Follows Apple's `paragraphAttributeRemoval()`.
    func testParagraphAttributeRemoval() {
        var str = RichString("Hello, world\nNext Paragraph", attributes: .testParagraphConstrained(2))
        var range = str.characters.index(after: str.startIndex)..<str.index(atOffset: 3, in: .characters)
        str[range].testParagraphConstrained = nil
        assertRuns(str, Para.self, [("Hello, world\n", nil), ("Next Paragraph", 2)])

        str[str.wholeRange].testInt = 1
        assertRuns(str, Para.self, Int_.self, [("Hello, world\n", nil, 1), ("Next Paragraph", 2, 1)])

        range = str.characters.index(before: str.endIndex)..<str.endIndex
        str[range].testParagraphConstrained = nil
        assertRuns(str, Para.self, Int_.self, [("Hello, world\n", nil, 1), ("Next Paragraph", nil, 1)])

        str = RichString("Hello, world\nNext Paragraph", attributes: .testParagraphConstrained(2))
        range = str.index(atOffset: 8, in: .characters)..<str.index(atOffset: 14, in: .characters)
        str[range].testParagraphConstrained = nil
        assertRuns(str, Para.self, [("Hello, world\n", nil), ("Next Paragraph", nil)])
    }

    /// Follows Apple's `paragraphAttributeContainerApplying()`.
    func testParagraphAttributeContainerApplying() {
        var container = AttributeSet.testParagraphConstrained(2).testString("Hello")
        var str = RichString("Hello, world\nNext Paragraph")
        var range = str.characters.index(after: str.startIndex)..<str.index(atOffset: 3, in: .characters)
        str[range].setAttributes(container)
        assertRuns(str, Para.self, TestStringKey.self, [
            ("H", 2, nil), ("el", 2, "Hello"), ("lo, world\n", 2, nil), ("Next Paragraph", nil, nil),
        ])

        range = str.characters.index(before: str.endIndex)..<str.endIndex
        container = container.with(Para.self, 3)
        str[range].setAttributes(container)
        assertRuns(str, Para.self, TestStringKey.self, [
            ("H", 2, nil), ("el", 2, "Hello"), ("lo, world\n", 2, nil), ("Next Paragrap", 3, nil), ("h", 3, "Hello"),
        ])

        str[str.wholeRange].testInt = 1
        assertRuns(str, Para.self, TestStringKey.self, Int_.self, [
            ("H", 2, nil, 1), ("el", 2, "Hello", 1), ("lo, world\n", 2, nil, 1), ("Next Paragrap", 3, nil, 1),
            ("h", 3, "Hello", 1),
        ])

        container = container.with(Int_.self, 2).with(Para.self, 4).with(TestStringKey.self, nil)
        str[range].mergeAttributes(container, mergePolicy: .keepCurrent)
        assertRuns(str, Para.self, TestStringKey.self, Int_.self, [
            ("H", 2, nil, 1), ("el", 2, "Hello", 1), ("lo, world\n", 2, nil, 1), ("Next Paragrap", 3, nil, 1),
            ("h", 3, "Hello", 1),
        ])
        str[range].mergeAttributes(container, mergePolicy: .keepNew)
        assertRuns(str, Para.self, TestStringKey.self, Int_.self, [
            ("H", 2, nil, 1), ("el", 2, "Hello", 1), ("lo, world\n", 2, nil, 1), ("Next Paragrap", 4, nil, 1),
            ("h", 4, "Hello", 2),
        ])

        range = str.index(atOffset: 8, in: .characters)..<str.index(atOffset: 14, in: .characters)
        str[range].mergeAttributes(container)
        assertRuns(str, Para.self, TestStringKey.self, Int_.self, [
            ("H", 4, nil, 1), ("el", 4, "Hello", 1), ("lo, w", 4, nil, 1), ("orld\n", 4, nil, 2), ("N", 4, nil, 2),
            ("ext Paragrap", 4, nil, 1), ("h", 4, "Hello", 2),
        ])
    }

    /// Follows Apple's `paragraphAttributeContainerReplacing()`.
    func testParagraphAttributeContainerReplacing() {
        var str = RichString("Hello, world\nNext Paragraph")
        let range = str.characters.index(after: str.startIndex)..<str.index(atOffset: 3, in: .characters)
        str[range].testInt = 2

        var result = str.transformingAttributes(\.testInt) {
            if $0.value == 2 {
                $0.replace(with: \.testParagraphConstrained, value: 3)
            }
        }
        assertRuns(result, Para.self, Int_.self, [("Hello, world\n", 3, nil), ("Next Paragraph", nil, nil)])

        result = str
        result.replaceAttributes(.testInt(2), with: .testParagraphConstrained(3).testBool(true), in: result.wholeRange)
        assertRuns(result, Para.self, Int_.self, TestBoolKey.self, [
            ("H", 3, nil, nil), ("el", 3, nil, true), ("lo, world\n", 3, nil, nil), ("Next Paragraph", nil, nil, nil),
        ])

        str[str.wholeRange].testInt = 2
        result = str
        result.replaceAttributes(.testInt(2), with: .testParagraphConstrained(3).testBool(true), in: range)
        assertRuns(result, Para.self, Int_.self, TestBoolKey.self, [
            ("H", 3, 2, nil), ("el", 3, nil, true), ("lo, world\n", 3, 2, nil), ("Next Paragraph", nil, 2, nil),
        ])
    }

    /// Apple's two-paragraph fixture: "Hello, world\n" with value 1, "Next Paragraph" with value 2.
    private func twoParagraphs() -> RichString {
        RichString(concatenating: [
            RichString("Hello, world\n", attributes: .testParagraphConstrained(1)),
            RichString("Next Paragraph", attributes: .testParagraphConstrained(2)),
        ])
    }

    /// Follows Apple's `paragraphTextMutation()`.
    func testParagraphTextMutation() {
        let str = twoParagraphs()

        var result = str
        result.insert("Test", at: result.index(atOffset: 2, in: .characters))
        assertRuns(result, Para.self, [("HeTestllo, world\n", 1), ("Next Paragraph", 2)])

        result = str
        result.append("Test")
        assertRuns(result, Para.self, [("Hello, world\n", 1), ("Next ParagraphTest", 2)])

        result = str
        result.insert("Test", at: result.startIndex)
        assertRuns(result, Para.self, [("TestHello, world\n", 1), ("Next Paragraph", 2)])

        result = str
        result.insert("Test\nInserted ", at: result.index(atOffset: 2, in: .characters))
        assertRuns(result, Para.self, [("HeTest\n", 1), ("Inserted llo, world\n", 1), ("Next Paragraph", 2)])

        result = str
        result.removeSubrange(result.index(atOffset: 8, in: .characters)..<result.index(atOffset: 14, in: .characters))
        assertRuns(result, Para.self, [("Hello, wext Paragraph", 1)])

        result = str
        result.removeSubrange(result.index(atOffset: 14, in: .characters)..<result.endIndex)
        assertRuns(result, Para.self, [("Hello, world\n", 1), ("N", 2)])

        result = str
        result.removeSubrange(result.startIndex..<result.index(atOffset: 8, in: .characters))
        assertRuns(result, Para.self, [("orld\n", 1), ("Next Paragraph", 2)])

        result = str
        result.replaceSubrange(result.index(atOffset: 3, in: .characters)..<result.index(atOffset: 5, in: .characters), with: "Test")
        assertRuns(result, Para.self, [("HelTest, world\n", 1), ("Next Paragraph", 2)])

        result = str
        result.replaceSubrange(result.index(atOffset: 8, in: .characters)..<result.index(atOffset: 15, in: .characters), with: "Test")
        assertRuns(result, Para.self, [("Hello, wTestxt Paragraph", 1)])

        result = str
        result.replaceSubrange(
            result.index(atOffset: 8, in: .characters)..<result.index(atOffset: 15, in: .characters), with: "Test\nReplacement")
        assertRuns(result, Para.self, [("Hello, wTest\n", 1), ("Replacementxt Paragraph", 1)])
    }

    /// Follows Apple's `paragraphAttributedTextMutation()`.
    func testParagraphAttributedTextMutation() {
        let str = twoParagraphs()
        let single = RichString("Test", attributes: .testParagraphConstrained(5).testSecondParagraphConstrained(6).testBool(true))
        let multi = RichString("Test\nInserted", attributes: .testParagraphConstrained(5).testSecondParagraphConstrained(6).testBool(true))

        var result = str
        result.insert(single, at: result.index(atOffset: 2, in: .characters))
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("He", 1, nil, nil), ("Test", 1, nil, true), ("llo, world\n", 1, nil, nil), ("Next Paragraph", 2, nil, nil),
        ])

        result = str
        result.insert(multi, at: result.index(atOffset: 2, in: .characters))
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("He", 1, nil, nil), ("Test\n", 1, nil, true), ("Inserted", 5, 6, true), ("llo, world\n", 5, 6, nil),
            ("Next Paragraph", 2, nil, nil),
        ])

        result = str
        result.append(single)
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("Hello, world\n", 1, nil, nil), ("Next Paragraph", 2, nil, nil), ("Test", 2, nil, true),
        ])

        result = str
        result.append(multi)
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("Hello, world\n", 1, nil, nil), ("Next Paragraph", 2, nil, nil), ("Test\n", 2, nil, true), ("Inserted", 5, 6, true),
        ])

        result = str
        result.insert(single, at: result.startIndex)
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("Test", 5, 6, true), ("Hello, world\n", 5, 6, nil), ("Next Paragraph", 2, nil, nil),
        ])

        result = str
        result.insert(multi, at: result.startIndex)
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("Test\n", 5, 6, true), ("Inserted", 5, 6, true), ("Hello, world\n", 5, 6, nil), ("Next Paragraph", 2, nil, nil),
        ])

        result = str
        result.replaceSubrange(result.index(atOffset: 3, in: .characters)..<result.index(atOffset: 5, in: .characters), with: single)
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("Hel", 1, nil, nil), ("Test", 1, nil, true), (", world\n", 1, nil, nil), ("Next Paragraph", 2, nil, nil),
        ])

        result = str
        result.replaceSubrange(
            result.index(atOffset: 3, in: .characters)..<result.index(atOffset: 5, in: .characters),
            with: RichString("Test", attributes: .testBool(true)))
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("Hel", 1, nil, nil), ("Test", 1, nil, true), (", world\n", 1, nil, nil), ("Next Paragraph", 2, nil, nil),
        ])

        result = str
        result.replaceSubrange(result.index(atOffset: 3, in: .characters)..<result.index(atOffset: 5, in: .characters), with: multi)
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("Hel", 1, nil, nil), ("Test\n", 1, nil, true), ("Inserted", 5, 6, true), (", world\n", 5, 6, nil),
            ("Next Paragraph", 2, nil, nil),
        ])

        result = str
        result.replaceSubrange(result.index(atOffset: 8, in: .characters)..<result.index(atOffset: 15, in: .characters), with: single)
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("Hello, w", 1, nil, nil), ("Test", 1, nil, true), ("xt Paragraph", 1, nil, nil),
        ])

        result = str
        result.replaceSubrange(result.index(atOffset: 8, in: .characters)..<result.index(atOffset: 15, in: .characters), with: multi)
        assertRuns(result, Para.self, Para2.self, TestBoolKey.self, [
            ("Hello, w", 1, nil, nil), ("Test\n", 1, nil, true), ("Inserted", 5, 6, true), ("xt Paragraph", 5, 6, nil),
        ])
    }

    /// Follows Apple's `paragraphFromUntrustedRuns()` (framework-only there: the runs come from an
    /// `NSAttributedString`). The same runs, unenforced, then enforced: the paragraph's first character decides.
    func testParagraphFromUntrustedRuns() throws {
        let runs = [
            AttributeRun(utf8Count: 6, attributes: .testParagraphConstrained(2)),
            AttributeRun(utf8Count: 5, attributes: .testParagraphConstrained(3).testSecondParagraphConstrained(4)),
        ]
        var str = try XCTUnwrap(RichString(unenforcedText: "Hello World", runs: runs))
        str.enforceBehaviors()
        assertRuns(str, Para.self, Para2.self, [("Hello World", 2, nil)])
    }

    /// Follows Apple's `paragraphFromReplacedSubrange()`.
    func testParagraphFromReplacedSubrange() throws {
        let str = RichString("Before\nHello, world\nNext Paragraph\nAfter", attributes: .testParagraphConstrained(1))
        // The range of "world\nNext".
        let range = str.index(atOffset: 14, in: .characters)..<str.index(atOffset: 24, in: .characters)

        var copy = str
        copy[range].testParagraphConstrained = 2
        assertRuns(copy, Para.self, [("Before\n", 1), ("Hello, world\n", 2), ("Next Paragraph\n", 2), ("After", 1)])

        copy = str
        var substr = copy[range]
        substr.testParagraphConstrained = 2
        copy[range] = substr
        assertRuns(copy, Para.self, [("Before\n", 1), ("Hello, world\n", 2), ("Next Paragraph\n", 2), ("After", 1)])

        copy = str
        copy.replaceSubrange(range, with: RichString("not world\nNext", attributes: .testParagraphConstrained(2)))
        assertRuns(copy, Para.self, [("Before\n", 1), ("Hello, not world\n", 1), ("Next Paragraph\n", 2), ("After", 1)])
    }

    // MARK: Character-bound keys

    /// Follows Apple's `characterAttributeApply()`.
    func testCharacterAttributeApply() throws {
        let str = RichString("*__*__**__*")

        var result = str
        result[result.wholeRange].testCharacterConstrained = 2
        assertRuns(result, Star.self, [("*", 2), ("__", nil), ("*", 2), ("__", nil), ("*", 2), ("*", 2), ("__", nil), ("*", 2)])

        result[result.index(result.endIndex, characters: -2)..<result.endIndex].testCharacterConstrained = nil
        assertRuns(result, Star.self, [("*", 2), ("__", nil), ("*", 2), ("__", nil), ("*", 2), ("*", 2), ("__", nil), ("*", nil)])

        result = str
        result[result.index(result.endIndex, characters: -2)..<result.endIndex].testCharacterConstrained = 3
        assertRuns(result, Star.self, [("*", nil), ("__", nil), ("*", nil), ("__", nil), ("*", nil), ("*", nil), ("__", nil), ("*", 3)])

        result[result.wholeRange].testInt = 1
        assertRuns(result, Star.self, Int_.self, [
            ("*", nil, 1), ("__", nil, 1), ("*", nil, 1), ("__", nil, 1), ("*", nil, 1), ("*", nil, 1), ("__", nil, 1), ("*", 3, 1),
        ])
    }

    /// Follows Apple's `characterAttributeSubCharacterApply()`.
    func testCharacterAttributeSubCharacterApply() throws {
        let str = RichString("ABC \u{FFFD} DEF")

        var result = str
        result[result.wholeRange].testUnicodeScalarConstrained = 2
        assertRuns(result, Replacement.self, [("ABC ", nil), ("\u{FFFD}", 2), (" DEF", nil)])

        result = str
        result[result.startIndex..<result.index(atOffset: 5, in: .scalars)].testUnicodeScalarConstrained = 2
        assertRuns(result, Replacement.self, [("ABC ", nil), ("\u{FFFD}", 2), (" DEF", nil)])

        result = str
        result[result.startIndex..<result.index(atOffset: 4, in: .scalars)].testUnicodeScalarConstrained = 2
        assertRuns(result, Replacement.self, [("ABC ", nil), ("\u{FFFD}", nil), (" DEF", nil)])

        result = str
        result[result.wholeRange].testUnicodeScalarConstrained = 2
        result[result.index(atOffset: 5, in: .scalars)..<result.endIndex].testUnicodeScalarConstrained = nil
        assertRuns(result, Replacement.self, [("ABC ", nil), ("\u{FFFD}", 2), (" DEF", nil)])

        result = str
        result[result.wholeRange].testUnicodeScalarConstrained = 2
        result[result.index(atOffset: 4, in: .scalars)..<result.endIndex].testUnicodeScalarConstrained = nil
        assertRuns(result, Replacement.self, [("ABC ", nil), ("\u{FFFD}", nil), (" DEF", nil)])

        // U+FFFD followed by U+0301 (combining acute accent): one character, and the value stays on U+FFFD.
        let str2 = RichString("ABC \u{FFFD}\u{301} DEF")
        result = str2
        result[result.wholeRange].testUnicodeScalarConstrained = 2
        assertRuns(result, Replacement.self, [("ABC ", nil), ("\u{FFFD}", 2), ("\u{301} DEF", nil)])
    }

    /// Follows Apple's `characterAttributeContainerReplacing()`.
    func testCharacterAttributeContainerReplacing() throws {
        var str = RichString("*__*__**__*")
        let range = str.characters.index(after: str.startIndex)..<str.index(atOffset: 4, in: .characters)
        str[range].testInt = 2

        var result = str.transformingAttributes(\.testInt) {
            if $0.value == 2 {
                $0.replace(with: \.testCharacterConstrained, value: 3)
            }
        }
        assertRuns(result, Star.self, Int_.self, [
            ("*", nil, nil), ("__", nil, nil), ("*", 3, nil), ("__", nil, nil), ("*", nil, nil), ("*", nil, nil),
            ("__", nil, nil), ("*", nil, nil),
        ])

        result = str
        result.replaceAttributes(.testInt(2), with: .testCharacterConstrained(3).testBool(true), in: result.wholeRange)
        assertRuns(result, Star.self, Int_.self, TestBoolKey.self, [
            ("*", nil, nil, nil), ("__", nil, nil, true), ("*", 3, nil, true), ("__", nil, nil, nil), ("*", nil, nil, nil),
            ("*", nil, nil, nil), ("__", nil, nil, nil), ("*", nil, nil, nil),
        ])

        str[str.wholeRange].testInt = 2
        result = str
        result.replaceAttributes(.testInt(2), with: .testCharacterConstrained(3).testBool(true), in: range)
        assertRuns(result, Star.self, Int_.self, TestBoolKey.self, [
            ("*", nil, 2, nil), ("__", nil, nil, true), ("*", 3, nil, true), ("__", nil, 2, nil), ("*", nil, 2, nil),
            ("*", nil, 2, nil), ("__", nil, 2, nil), ("*", nil, 2, nil),
        ])
    }

    /// Follows Apple's `characterTextMutation()`.
    func testCharacterTextMutation() throws {
        let str = RichString("*__*__**__*", attributes: .testCharacterConstrained(2))

        var result = str
        result.insert("_", at: result.index(atOffset: 1, in: .characters))
        assertRuns(result, Star.self, [("*", 2), ("___", nil), ("*", 2), ("__", nil), ("*", 2), ("*", 2), ("__", nil), ("*", 2)])

        result = str
        result.insert("*", at: result.index(atOffset: 1, in: .characters))
        assertRuns(result, Star.self, [
            ("*", 2), ("*", 2), ("__", nil), ("*", 2), ("__", nil), ("*", 2), ("*", 2), ("__", nil), ("*", 2),
        ])

        result = str
        result.append("_")
        assertRuns(result, Star.self, [
            ("*", 2), ("__", nil), ("*", 2), ("__", nil), ("*", 2), ("*", 2), ("__", nil), ("*", 2), ("_", nil),
        ])

        result = str
        result.insert("_", at: result.startIndex)
        assertRuns(result, Star.self, [
            ("_", nil), ("*", 2), ("__", nil), ("*", 2), ("__", nil), ("*", 2), ("*", 2), ("__", nil), ("*", 2),
        ])

        result = str
        result.replaceSubrange(result.index(atOffset: 3, in: .characters)..<result.index(atOffset: 5, in: .characters), with: "Test")
        assertRuns(result, Star.self, [("*", 2), ("__Test_", nil), ("*", 2), ("*", 2), ("__", nil), ("*", 2)])

        result = str
        result.characters[result.index(result.startIndex, characters: 3)] = "_"
        assertRuns(result, Star.self, [("*", 2), ("_____", nil), ("*", 2), ("*", 2), ("__", nil), ("*", 2)])
    }

    /// Follows Apple's `characterFromUntrustedRuns()` (framework-only there: the runs come from an
    /// `NSAttributedString`). The same runs, unenforced, then enforced.
    func testCharacterFromUntrustedRuns() throws {
        let runs = [
            AttributeRun(utf8Count: 11, attributes: .testCharacterConstrained(2)),
            AttributeRun(utf8Count: 2, attributes: .empty),
        ]
        var str = try XCTUnwrap(RichString(unenforcedText: "*__*__**__*_*", runs: runs))
        str.enforceBehaviors()
        assertRuns(str, Star.self, [
            ("*", 2), ("__", nil), ("*", 2), ("__", nil), ("*", 2), ("*", 2), ("__", nil), ("*", 2), ("_", nil), ("*", nil),
        ])
    }

    // MARK: Invalidation

    /// Follows Apple's `invalidationAttributeChange()`.
    func testInvalidationAttributeChange() {
        let str = RichString("Hello, world", attributes: .testInt(1).testAttributeDependent(2))

        var result = str
        result[result.wholeRange].testString = "Foundation"
        assertRuns(result, Int_.self, Dependent.self, TestStringKey.self, [("Hello, world", 1, 2, "Foundation")])

        result = str
        result[result.wholeRange].testInt = 1
        assertRuns(result, Int_.self, Dependent.self, [("Hello, world", 1, 2)])

        result = str
        result[result.wholeRange].testInt = 2
        assertRuns(result, Int_.self, Dependent.self, [("Hello, world", 2, nil)])

        result = str
        let range = str.characters.index(after: str.startIndex)..<str.characters.index(before: str.endIndex)
        result[range].testInt = 2
        assertRuns(result, Int_.self, Dependent.self, [("H", 1, 2), ("ello, worl", 2, nil), ("d", 1, 2)])

        result = str
        result[range].mergeAttributes(.testInt(2))
        assertRuns(result, Int_.self, Dependent.self, [("H", 1, 2), ("ello, worl", 2, nil), ("d", 1, 2)])

        result = str
        result.replaceAttributes(.testInt(1), with: .testString("Foundation"), in: range)
        assertRuns(result, Int_.self, Dependent.self, TestStringKey.self, [
            ("H", 1, 2, nil), ("ello, worl", nil, nil, "Foundation"), ("d", 1, 2, nil),
        ])

        result = str.transformingAttributes(\.testInt) {
            $0.value = ($0.value ?? 0) + 1
        }
        assertRuns(result, Int_.self, Dependent.self, [("Hello, world", 2, nil)])
    }

    /// Follows Apple's `invalidationCharacterChange()`.
    func testInvalidationCharacterChange() {
        let str = RichString("Hello, world", attributes: .testInt(1).testCharacterDependent(2))

        var result = str
        result[result.wholeRange].testString = "Foundation"
        assertRuns(result, Int_.self, TextDependent.self, TestStringKey.self, [("Hello, world", 1, 2, "Foundation")])

        result = str
        result.replaceSubrange(result.wholeRange, with: "ABC")
        assertRuns(result, Int_.self, TextDependent.self, [("ABC", 1, nil)])

        result = str
        result.replaceSubrange(result.startIndex..<result.characters.index(after: result.startIndex), with: "AB")
        assertRuns(result, Int_.self, TextDependent.self, [("ABello, world", 1, nil)])

        result = str
        result.append("ABC")
        assertRuns(result, Int_.self, TextDependent.self, [("Hello, world", 1, 2), ("ABC", 1, nil)])

        result = str
        result.insert("A", at: result.startIndex)
        assertRuns(result, Int_.self, TextDependent.self, [("A", 1, nil), ("Hello, world", 1, 2)])

        result = str
        result.insert("A", at: result.characters.index(after: result.startIndex))
        assertRuns(result, Int_.self, TextDependent.self, [("HAello, world", 1, nil)])

        result = str
        result.removeSubrange(result.characters.index(after: result.startIndex)..<result.characters.index(before: result.endIndex))
        assertRuns(result, Int_.self, TextDependent.self, [("Hd", 1, nil)])

        // Replacing a character with an independent instance of the same character should still count as
        // changing the character data, so it needs to invalidate character-dependent attributes.
        result = str
        result.characters[result.startIndex] = "H"
        assertRuns(result, Int_.self, TextDependent.self, [("Hello, world", 1, nil)])

        do {
            // The same is true when assigning a sub-view back to itself. (Unlike the similar operation on the
            // string itself.)
            result = str
            let range = result.startIndex..<result.characters.index(after: result.startIndex)
            result.characters[range] = result.characters[range]
            assertRuns(result, Int_.self, TextDependent.self, [("Hello, world", 1, nil)])
        }

        result = str
        result.replaceSubrange(result.wholeRange, with: "A🎺C")
        assertRuns(result, Int_.self, TextDependent.self, [("A🎺C", 1, nil)])

        result = str
        result.replaceSubrange(result.startIndex..<result.characters.index(after: result.startIndex), with: "A🎺")
        assertRuns(result, Int_.self, TextDependent.self, [("A🎺ello, world", 1, nil)])

        result = str
        result.append("A🎺C")
        assertRuns(result, Int_.self, TextDependent.self, [("Hello, world", 1, 2), ("A🎺C", 1, nil)])

        result = str
        result.removeSubrange(result.unicodeScalars.index(after: result.startIndex)..<result.unicodeScalars.index(before: result.endIndex))
        assertRuns(result, Int_.self, TextDependent.self, [("Hd", 1, nil)])

        var replacement = RichString("ABC", attributes: .testString("Hello"))
        result = str
        result.replaceSubrange(result.wholeRange, with: replacement)
        assertRuns(result, Int_.self, TextDependent.self, TestStringKey.self, [("ABC", nil, nil, "Hello")])

        result = str
        result.replaceSubrange(result.startIndex..<result.characters.index(after: result.startIndex), with: replacement)
        assertRuns(result, Int_.self, TextDependent.self, TestStringKey.self, [("ABC", nil, nil, "Hello"), ("ello, world", 1, nil, nil)])

        result = str
        result.append(replacement)
        assertRuns(result, Int_.self, TextDependent.self, TestStringKey.self, [("Hello, world", 1, 2, nil), ("ABC", nil, nil, "Hello")])

        // A slice of another string with the same text is still a text change.
        result = str
        replacement = RichString("HBC", attributes: .testString("Hello"))
        result[result.startIndex..<result.characters.index(after: result.startIndex)] =
            replacement[replacement.startIndex..<replacement.characters.index(after: replacement.startIndex)]
        assertRuns(result, Int_.self, TextDependent.self, TestStringKey.self, [("H", nil, nil, "Hello"), ("ello, world", 1, nil, nil)])
    }

    /// Follows Apple's `invalidationCharacterInsertionBetweenRuns()`.
    func testInvalidationCharacterInsertionBetweenRuns() {
        var str = RichString("Hello", attributes: .testInt(1).testCharacterDependent(2))
        str.append(RichString("World", attributes: .testInt(1).testCharacterDependent(3)))

        // Text typed between two runs invalidates neither.
        str.insert("|", at: str.index(atOffset: 5, in: .characters))
        assertRuns(str, Int_.self, TextDependent.self, [("Hello", 1, 2), ("|", 1, nil), ("World", 1, 3)])
    }
}
