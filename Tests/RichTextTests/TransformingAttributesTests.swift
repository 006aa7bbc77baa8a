import XCTest
@testable import RichText
import TestKeys

/// `transformingAttributes` on strings and slices: what each change of a transformer writes, and that key
/// behaviours hold in the result.
final class TransformingAttributesTests: XCTestCase {
    private func values<K: RichAttributeKey>(_ key: K.Type, _ text: RichString) -> [(String, K.Value?)] {
        text.runs[K.self].map { (text[$0.1].string, $0.0) }
    }

    private func assertValues<K: RichAttributeKey>(
        _ key: K.Type, _ text: RichString, _ expected: [(String, K.Value?)], line: UInt = #line
    ) {
        let actual = values(key, text)
        XCTAssertEqual(actual.map(\.0), expected.map(\.0), "run texts of \(K.name)", line: line)
        XCTAssertEqual(actual.map(\.1), expected.map(\.1), "run values of \(K.name)", line: line)
    }

    /// "milk and honey" with colour 1 on "milk" and colour 2 on "honey".
    private func milkAndHoney() -> RichString {
        RichString("milk", attributes: AttributeSet.empty.with(ColorKey.self, 1))
            + RichString(" and ")
            + RichString("honey", attributes: AttributeSet.empty.with(ColorKey.self, 2))
    }

    // MARK: Values

    func testEveryRunIsHandedOverAbsentStretchesWithNil() {
        var seen: [(String, Int?)] = []
        let text = milkAndHoney()
        _ = text.transformingAttributes(ColorKey.self) { seen.append((text[$0.range].string, $0.value)) }
        XCTAssertEqual(seen.map(\.0), ["milk", " and ", "honey"])
        XCTAssertEqual(seen.map(\.1), [1, nil, 2])
    }

    func testNewValuesAreSetAndTheOriginalIsLeftAlone() {
        let text = milkAndHoney()
        let result = text.transformingAttributes(ColorKey.self) { run in
            if let color = run.value { run.value = color * 10 }
        }
        assertValues(ColorKey.self, result, [("milk", 10), (" and ", nil), ("honey", 20)])
        assertValues(ColorKey.self, text, [("milk", 1), (" and ", nil), ("honey", 2)])
    }

    func testANilValueRemovesTheKey() {
        let result = milkAndHoney().transformingAttributes(ColorKey.self) { run in
            if run.value == 2 { run.value = nil }
        }
        assertValues(ColorKey.self, result, [("milk", 1), (" and honey", nil)])
    }

    func testAValueGivenToAnAbsentStretchIsSet() {
        let result = milkAndHoney().transformingAttributes(ColorKey.self) { run in
            if run.value == nil { run.value = 7 }
        }
        assertValues(ColorKey.self, result, [("milk", 1), (" and ", 7), ("honey", 2)])
    }

    func testAnUntouchedTransformerWritesNothing() {
        let text = RichString("abc", attributes: AttributeSet.empty.with(ColorKey.self, 1).with(ColorDependentKey.self, 5))
        let result = text.transformingAttributes(ColorKey.self) { run in run.value = run.value }
        XCTAssertEqual(result, text)
        XCTAssertEqual(result.attribute(ColorDependentKey.self, at: result.startIndex), 5, "the same value again is no change")
    }

    // MARK: Ranges

    func testAMovedRangeLeavesTheOldRangeAndCoversTheNewOne() {
        let text = milkAndHoney()
        let result = text.transformingAttributes(ColorKey.self) { run in
            if run.value == 1 { run.range = text.range(5, 8, in: .characters) }  // "milk" -> "and"
        }
        assertValues(ColorKey.self, result, [("milk ", nil), ("and", 1), (" ", nil), ("honey", 2)])
    }

    func testAnExtendedRangeOverwritesTheNextRun() {
        let text = milkAndHoney()
        let result = text.transformingAttributes(ColorKey.self) { run in
            if run.value == 1 { run.range = run.range.lowerBound..<text.endIndex }
        }
        assertValues(ColorKey.self, result, [("milk and honey", 1)])
    }

    func testRunsComeFromTheOriginalNotFromEarlierWrites() {
        // The first run spreads its value over the second; the second is still handed over as it was (nil), and
        // leaving it alone writes nothing, so the spread value stays.
        let text = milkAndHoney()
        var handed: [Int?] = []
        let result = text.transformingAttributes(ColorKey.self) { run in
            handed.append(run.value)
            if run.value == 1 { run.range = run.range.lowerBound..<text.index(atOffset: 9, in: .characters) }
        }
        XCTAssertEqual(handed, [1, nil, 2])
        assertValues(ColorKey.self, result, [("milk and ", 1), ("honey", 2)])
    }

    func testANilValueOverAMovedRangeRemovesTheKeyFromBoth() {
        // As Foundation: the key leaves the old range, and nil over the new range removes it there too.
        let text = milkAndHoney()
        let result = text.transformingAttributes(ColorKey.self) { run in
            if run.value == 1 {
                run.range = text.range(9, 14, in: .characters)  // "honey"
                run.value = nil
            }
        }
        assertValues(ColorKey.self, result, [("milk and honey", nil)])
    }

    // MARK: Another key

    func testReplacingWithAnotherKeyMovesTheValueToIt() {
        let result = milkAndHoney().transformingAttributes(ColorKey.self) { run in
            if run.value == 2 { run.replace(with: IngredientKey.self, value: "honey") }
        }
        assertValues(ColorKey.self, result, [("milk", 1), (" and honey", nil)])
        assertValues(IngredientKey.self, result, [("milk and ", nil), ("honey", "honey")])
    }

    func testReplacingThroughAKeyPath() {
        let result = milkAndHoney().transformingAttributes(\.color) { run in
            if run.value == 1 { run.replace(with: \.ingredient, value: "milk") }
        }
        assertValues(ColorKey.self, result, [("milk and ", nil), ("honey", 2)])
        assertValues(IngredientKey.self, result, [("milk", "milk"), (" and honey", nil)])
    }

    // MARK: Key behaviours

    func testAParagraphBoundValueOnPartOfAParagraphCoversIt() {
        let text = RichString("one\n") + RichString("two", attributes: AttributeSet.empty.with(ColorKey.self, 3)) + RichString(" three\nfour")
        let result = text.transformingAttributes(ColorKey.self) { run in
            if run.value == 3 { run.replace(with: AlignmentKey.self, value: "centre") }
        }
        assertValues(AlignmentKey.self, result, [("one\n", nil), ("two three\n", "centre"), ("four", nil)])
        assertValues(ColorKey.self, result, [("one\ntwo three\nfour", nil)])
    }

    func testParagraphBoundRunsAreHandedOverAParagraphAtATime() {
        let text = RichString("a\nb\nc", attributes: AttributeSet.empty.with(AlignmentKey.self, "left"))
        var handed: [String] = []
        _ = text.transformingAttributes(AlignmentKey.self) { handed.append(text[$0.range].string) }
        XCTAssertEqual(handed, ["a\n", "b\n", "c"])
    }

    func testACharacterBoundValueStaysOnItsCharacter() {
        let text = RichString("• milk", attributes: AttributeSet.empty.with(ColorKey.self, 1))
        let result = text.transformingAttributes(ColorKey.self) { run in
            run.replace(with: BulletKey.self, value: 1)
        }
        assertValues(BulletKey.self, result, [("•", 1), (" milk", nil)])
    }

    func testAChangedValueRemovesItsDependentsAndAnUnchangedOneKeepsThem() {
        let text = RichString("ab", attributes: AttributeSet.empty.with(ColorKey.self, 1).with(ColorDependentKey.self, 9))
            + RichString("cd", attributes: AttributeSet.empty.with(ColorKey.self, 2).with(ColorDependentKey.self, 9))
        let result = text.transformingAttributes(ColorKey.self) { run in
            if run.value == 2 { run.value = 3 }
        }
        assertValues(ColorDependentKey.self, result, [("ab", 9), ("cd", nil)])
    }

    // MARK: Several keys

    func testTwoKeysShareRunsThatBreakWhereEitherChanges() {
        let text = RichString("ab", attributes: AttributeSet.empty.with(ColorKey.self, 1))
            + RichString("cd", attributes: AttributeSet.empty.with(ColorKey.self, 1).with(IngredientKey.self, "x"))
        var handed: [(String, Int?, String?)] = []
        let result = text.transformingAttributes(ColorKey.self, IngredientKey.self) { color, ingredient in
            handed.append((text[color.range].string, color.value, ingredient.value))
            XCTAssertEqual(color.range, ingredient.range)
            if ingredient.value != nil { color.value = nil }
        }
        XCTAssertEqual(handed.map(\.0), ["ab", "cd"])
        XCTAssertEqual(handed.map(\.1), [1, 1])
        XCTAssertEqual(handed.map(\.2), [nil, "x"])
        assertValues(ColorKey.self, result, [("ab", 1), ("cd", nil)])
        assertValues(IngredientKey.self, result, [("ab", nil), ("cd", "x")])
    }

    func testRemovalsOfEveryKeyComeBeforeAnyWrite() {
        // Swapping two keys' values by replacing each with the other, as Foundation orders the steps: both old
        // places are cleared first, so clearing one key does not undo the value just written to it.
        let text = RichString("ab", attributes: AttributeSet.empty.with(ColorKey.self, 1).with(SizeKey.self, 2))
        let result = text.transformingAttributes(\.color, \.size) { color, size in
            let (c, s) = (color.value!, size.value!)
            color.replace(with: SizeKey.self, value: c)
            size.replace(with: ColorKey.self, value: s)
        }
        XCTAssertEqual(result, RichString("ab", attributes: AttributeSet.empty.with(ColorKey.self, 2).with(SizeKey.self, 1)))
    }

    func testAnotherKeyReplacingADependencyStillInvalidatesItsDependents() {
        let text = RichString("ab", attributes: AttributeSet.empty.with(ColorKey.self, 1).with(ColorDependentKey.self, 2))
        let result = text.transformingAttributes(\.color) { color in
            color.replace(with: SizeKey.self, value: 1)
        }
        XCTAssertEqual(result, RichString("ab", attributes: AttributeSet.empty.with(SizeKey.self, 1)))
    }

    func testThreeKeys() {
        let text = RichString("abc", attributes: AttributeSet.empty.with(ColorKey.self, 1).with(IngredientKey.self, "x").with(AlignmentKey.self, "left"))
        let result = text.transformingAttributes(ColorKey.self, IngredientKey.self, AlignmentKey.self) { color, ingredient, alignment in
            color.value = 2
            ingredient.value = nil
            alignment.value = "right"
        }
        let expected = RichString("abc", attributes: AttributeSet.empty.with(ColorKey.self, 2).with(AlignmentKey.self, "right"))
        XCTAssertEqual(result, expected)
        let byKeyPath = text.transformingAttributes(\.color, \.ingredient, \.alignment) { color, ingredient, alignment in
            color.value = 2
            ingredient.value = nil
            alignment.value = "right"
        }
        XCTAssertEqual(byKeyPath, expected)
    }

    func testFourAndFiveKeysInBothForms() {
        let text = RichString("ab", attributes: AttributeSet.empty.with(ColorKey.self, 1)) + RichString("cd")
        func addOne(_ t: inout RichString.SingleAttributeTransformer<ColorKey>) { t.value = (t.value ?? 0) + 1 }
        let four = text.transformingAttributes(ColorKey.self, IngredientKey.self, AlignmentKey.self, BulletKey.self) { c, _, _, _ in addOne(&c) }
        let fourByKeyPath = text.transformingAttributes(\.color, \.ingredient, \.alignment, \.bullet) { c, _, _, _ in addOne(&c) }
        let five = text.transformingAttributes(ColorKey.self, IngredientKey.self, AlignmentKey.self, BulletKey.self, ColorDependentKey.self) { c, _, _, _, _ in addOne(&c) }
        let fiveByKeyPath = text.transformingAttributes(\.color, \.ingredient, \.alignment, \.bullet, \.dependent) { c, _, _, _, _ in addOne(&c) }
        let expected = RichString("ab", attributes: AttributeSet.empty.with(ColorKey.self, 2)) + RichString("cd", attributes: AttributeSet.empty.with(ColorKey.self, 1))
        for result in [four, fourByKeyPath, five, fiveByKeyPath] {
            XCTAssertEqual(result, expected)
        }
    }

    // MARK: Slices

    func testASliceGivesAStringOfItsTextTransformed() {
        let text = milkAndHoney()
        let slice = text[text.range(2, 11, in: .characters)]  // "lk and ho"
        var handed: [String] = []
        let result = slice.transformingAttributes(ColorKey.self) { run in
            handed.append(text[run.range].string)
            if let color = run.value { run.value = color + 10 }
        }
        XCTAssertEqual(handed, ["lk", " and ", "ho"], "the slice's runs, cut at its bounds, in the string's indices")
        XCTAssertEqual(result.string, "lk and ho")
        assertValues(ColorKey.self, result, [("lk", 11), (" and ", nil), ("ho", 12)])
        assertValues(ColorKey.self, text, [("milk", 1), (" and ", nil), ("honey", 2)])
    }

    func testASliceMovesRangesWithinItself() {
        let text = milkAndHoney()
        let slice = text[text.range(2, 11, in: .characters)]  // "lk and ho"
        let result = slice.transformingAttributes(\.color) { run in
            if run.value == 2 { run.range = text.range(7, 11, in: .characters) }  // "d ho"
        }
        assertValues(ColorKey.self, result, [("lk", 1), (" an", nil), ("d ho", 2)])
    }

    func testASliceOverTheWholeStringEqualsTheStringsOwnTransform() {
        let text = milkAndHoney()
        let transform: (inout RichString.SingleAttributeTransformer<ColorKey>) -> Void = { run in
            if run.value == 1 { run.replace(with: IngredientKey.self, value: "milk") }
        }
        XCTAssertEqual(text[text.startIndex..<text.endIndex].transformingAttributes(ColorKey.self, transform),
                       text.transformingAttributes(ColorKey.self, transform))
    }
}

/// A plain key of this file.
private enum SizeKey: RichAttributeKey {
    typealias Value = Int
    static let name = "size"
}

// Key paths for keys the shared `AttributeKeys` registrations leave out.
extension AttributeKeys {
    fileprivate var size: SizeKey.Type { SizeKey.self }
    fileprivate var dependent: ColorDependentKey.Type { ColorDependentKey.self }
    fileprivate var alignment: AlignmentKey.Type { AlignmentKey.self }
    fileprivate var bullet: BulletKey.Type { BulletKey.self }
}
