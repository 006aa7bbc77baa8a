// Follows Apple's swift-foundation
// `Tests/FoundationEssentialsTests/AttributedString/AttributedStringCOWTests.swift`: every mutation copies
// when the storage is shared, and mutates in place when it is not.
//
// Apple's "did not copy" check compares the identity of the string's `_guts` object before and after. Ours
// compares the identity of the root nodes of the text rope and the run rope, which a mutation keeps when it
// changes a uniquely referenced rope in place.
//
// Differences in wording, with the same meaning:
// - Whole-string attribute writes (`str.testInt = 3`, `str[Key.self] = 3`, `str.test.testInt = 3`) go through
//   `str[str.wholeRange]`; `setAttributes` / `mergeAttributes` / `replaceAttributes` on the whole string take
//   `in: str.wholeRange`.
// - Writes through `characters` / `unicodeScalars` are the plain-text edits `replaceSubrange(_:with: String)`,
//   `append(_:)` and `insert(_:at:)`, but for the element and range writes (`characters[i] = c`,
//   `characters[range].append(c)`), which use the view as Apple does.
// - `..<i` is `startIndex..<i`.

import Foundation
import XCTest
@testable import RichText
import TestKeys

extension RichStringProtocol {
    /// Apple's `genericSetAttribute()`: a write through the protocol both the string and its slices share.
    fileprivate mutating func genericSetAttribute() {
        self.testInt = 3
    }
}

final class FoundationConformanceCOWTests: XCTestCase {
    // MARK: Utilities

    private let container = AttributeSet.testInt(2)
    private let containerB = AttributeSet.testBool(true)

    private func createString() -> RichString {
        var str = RichString("Hello", attributes: container)
        str.append(RichString(" "))
        str.append(RichString("World", attributes: containerB))
        return str
    }

    /// What stands for Foundation's `_guts` identity: the root nodes of both ropes.
    private func storageIdentity(_ str: RichString) -> [ObjectIdentifier?] {
        [str.text.rope.root.map { ObjectIdentifier($0) }, str.runStore.rope.root.map { ObjectIdentifier($0) }]
    }

    private func assertCopies(line: UInt = #line, _ operation: (inout RichString) -> Void) {
        let str = createString()
        var copy = str
        operation(&copy)
        XCTAssertNotEqual(str, copy, "Mutation did not copy when the storage was shared", line: line)
        XCTAssertEqual(str, createString(), "Mutating a copy changed the original", line: line)
    }

    private func assertMutatesInPlace(line: UInt = #line, _ operation: (inout RichString) -> Void) {
        var str = createString()
        let before = storageIdentity(str)
        operation(&str)
        XCTAssertEqual(before, storageIdentity(str), "Mutation copied although the storage was not shared", line: line)
    }

    private func assertCOWBehavior(line: UInt = #line, _ operation: (inout RichString) -> Void) {
        assertCopies(line: line, operation)
        assertMutatesInPlace(line: line, operation)
    }

    private func makeSubrange(_ str: RichString) -> Range<RichString.Index> {
        str.characters.index(str.startIndex, offsetBy: 2)..<str.characters.index(str.endIndex, offsetBy: -2)
    }

    private func makeSubranges(_ str: RichString) -> RangeSet<RichString.Index> {
        let rangeA = str.characters.index(str.startIndex, offsetBy: 2)..<str.characters.index(str.startIndex, offsetBy: 4)
        let rangeB = str.characters.index(str.endIndex, offsetBy: -4)..<str.characters.index(str.endIndex, offsetBy: -2)
        return RangeSet([rangeA, rangeB])
    }

    // MARK: Tests

    /// Follows Apple's `topLevelType()`.
    func testTopLevelType() {
        assertCOWBehavior { $0.setAttributes(self.container, in: $0.wholeRange) }
        assertCOWBehavior { $0.mergeAttributes(self.container, in: $0.wholeRange) }
        assertCOWBehavior { $0.replaceAttributes(self.container, with: self.containerB, in: $0.wholeRange) }
        assertCOWBehavior { $0.append(RichString("b", attributes: self.containerB)) }
        assertCOWBehavior { $0.insert(RichString("b", attributes: self.containerB), at: $0.startIndex) }
        assertCOWBehavior { $0.removeSubrange($0.startIndex..<$0.characters.index($0.startIndex, offsetBy: 3)) }
        assertCOWBehavior { $0.removeSubranges(self.makeSubranges($0)) }
        assertCOWBehavior {
            $0.replaceSubrange($0.startIndex..<$0.characters.index($0.startIndex, offsetBy: 3), with: RichString("b", attributes: self.containerB))
        }
        assertCOWBehavior { $0[$0.wholeRange][TestIntKey.self] = 3 }
        assertCOWBehavior { $0[$0.wholeRange].testInt = 3 }
        // Apple: `str.test.testInt = 3` (through the test scope).
        assertCOWBehavior { $0[$0.wholeRange].testInt = 3 }
    }

    /// Follows Apple's `substring()`. `replaceAttributes` over the slice is `replaceAttributes(_:with:in:)`.
    func testSubstring() {
        assertCOWBehavior { $0[self.makeSubrange($0)].setAttributes(self.container) }
        assertCOWBehavior { $0[self.makeSubrange($0)].mergeAttributes(self.container) }
        assertCOWBehavior { $0.replaceAttributes(self.container, with: self.containerB, in: self.makeSubrange($0)) }
        assertCOWBehavior { $0[self.makeSubrange($0)][TestIntKey.self] = 3 }
        assertCOWBehavior { $0[self.makeSubrange($0)].testInt = 3 }
        // Apple: `str[range].test.testInt = 3` (through the test scope).
        assertCOWBehavior { $0[self.makeSubrange($0)].testInt = 3 }
    }

    /// Follows Apple's `discontiguousSubstring()`.
    func testDiscontiguousSubstring() throws {
        assertCOWBehavior { $0[self.makeSubranges($0)].setAttributes(self.container) }
        assertCOWBehavior { $0[self.makeSubranges($0)].mergeAttributes(self.container) }
        assertCOWBehavior { $0[self.makeSubranges($0)].replaceAttributes(self.container, with: self.containerB) }
        assertCOWBehavior { $0[self.makeSubranges($0)][TestIntKey.self] = 3 }
        assertCOWBehavior { $0[self.makeSubranges($0)].testInt = 3 }
        // Apple: `str[ranges].test.testInt = 3` (through the test scope).
        assertCOWBehavior { $0[self.makeSubranges($0)].testInt = 3 }
        assertCOWBehavior {
            let other = RichString("___________")
            $0[self.makeSubranges($0)] = other[self.makeSubranges(other)]
        }
    }

    /// Follows Apple's `characters()`: text edits that Apple makes through the characters view.
    func testCharacters() {
        let char: Character = "a"

        assertCOWBehavior { $0.replaceSubrange(self.makeSubrange($0), with: "abc") }
        assertCOWBehavior { $0.append(String(char)) }
        assertCOWBehavior { $0.append("abc") }
        assertCOWBehavior { $0.append(String([char, char, char])) }
        assertCOWBehavior { $0.characters[$0.startIndex] = "A" }
        assertCOWBehavior { $0.characters[self.makeSubrange($0)].append("a") }
    }

    /// Follows Apple's `unicodeScalars()`.
    func testUnicodeScalars() {
        let scalar: Unicode.Scalar = "a"
        assertCOWBehavior {
            var replacement = String.UnicodeScalarView()
            replacement.append(contentsOf: [scalar, scalar])
            $0.replaceSubrange(self.makeSubrange($0), with: String(replacement))
        }
    }

    /// Follows Apple's `indexTracking()`.
    ///
    /// Apple's last two checks store a reference to the string inside the body and then require that the index
    /// updates after the body copy the storage rather than change it under that reference. Our tracked ranges
    /// live in the `RichString` value, not in shared storage, so nothing is written after the body; what can be
    /// Follows Apple's `genericProtocol()`.
    func testGenericProtocol() {
        assertCOWBehavior { $0.genericSetAttribute() }
        assertCOWBehavior { $0[self.makeSubrange($0)].genericSetAttribute() }
    }

    /// checked is Apple's observable result: the stored reference holds the edited text, unchanged.
    func testIndexTracking() {
        assertCOWBehavior {
            _ = $0.transform(updating: $0.startIndex..<$0.endIndex) {
                $0[$0.wholeRange].testInt = 2
            }
        }
        assertCOWBehavior {
            _ = $0.transform(updating: $0.startIndex..<$0.endIndex) {
                $0.insert(RichString("_"), at: $0.startIndex)
            }
        }
        assertCOWBehavior {
            _ = $0.transform(updating: [$0.startIndex..<$0.endIndex]) {
                $0[$0.wholeRange].testInt = 2
            }
        }
        assertCOWBehavior {
            _ = $0.transform(updating: [$0.startIndex..<$0.endIndex]) {
                $0.insert(RichString("_"), at: $0.startIndex)
            }
        }

        // A reference stored inside the body, after the mutation.
        var storage = RichString()
        var str = createString()
        _ = str.transform(updating: str.startIndex..<str.endIndex) {
            $0.insert(RichString("_"), at: $0.startIndex)
            storage = $0
        }
        XCTAssertNotEqual(storage, "")
        XCTAssertEqual(storage.string, "_Hello World")
        XCTAssertEqual(storage, str)

        // The same when the body throws.
        storage = RichString()
        str = createString()
        _ = try? str.transform(updating: str.startIndex..<str.endIndex) {
            $0.insert(RichString("_"), at: $0.startIndex)
            storage = $0
            throw CocoaError(.fileReadUnknown)
        }
        XCTAssertNotEqual(storage, "")
        XCTAssertEqual(storage.string, "_Hello World")
        XCTAssertEqual(storage, str)
    }
}
