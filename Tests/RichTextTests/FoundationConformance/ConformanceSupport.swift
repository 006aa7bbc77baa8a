// Shared support for the Foundation conformance tests: the counterpart of the test scope in Apple's
// swift-foundation `Tests/FoundationEssentialsTests/AttributedString/AttributedStringTestSupport.swift`
// (`AttributeScopes.TestAttributes`, whose keys `TestIntKey`, … are declared once in the TestKeys target,
// `Sources/TestKeys/TestKeys.swift`), builders that read like `AttributeContainer().testInt(1)`, and run
// checks shaped like Apple's `verify` / `verifyAttributes` helpers.

import Foundation
import XCTest
@testable import RichText
import TestKeys

// MARK: - Skips

/// Whether tests that pin a known deviation from Foundation skip (the default). Set
/// `FMTCHECK_RUN_KNOWN_DEVIATIONS=1` to run them and see what still differs.
let skipKnownDeviations = ProcessInfo.processInfo.environment["FMTCHECK_RUN_KNOWN_DEVIATIONS"] != "1"

/// Whether tests that would trap in our code skip (the default). Set `FMTCHECK_RUN_KNOWN_CRASHES=1` to run
/// them, which ends the test process at the first trap.
let skipKnownCrashes = ProcessInfo.processInfo.environment["FMTCHECK_RUN_KNOWN_CRASHES"] != "1"

// MARK: - Apple's test scope (its keys are declared in the TestKeys target, same names and behaviours)

extension AttributeKeys {
    /// Every key of the scope by its own name (`str[range].testInt`), as Apple's tests extend
    /// `AttributeDynamicLookup` with `AttributeScopes.TestAttributes`.
    subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<TestAttributes, K.Type>) -> K.Type { K.self }

    var writingDirection: TestWritingDirectionKey.Type { TestWritingDirectionKey.self }
}

/// Apple's `AttributeScopes.TestAttributes`, reached as `str.test.testInt`.
struct TestAttributes: RichAttributeScope {
    let testInt = TestIntKey.self
    let testString = TestStringKey.self
    let testDouble = TestDoubleKey.self
    let testBool = TestBoolKey.self
    let testNonExtended = TestNonExtendedKey.self
    let testParagraphConstrained = TestParagraphConstrainedKey.self
    let testSecondParagraphConstrained = TestSecondParagraphConstrainedKey.self
    let testCharacterConstrained = TestCharacterConstrainedKey.self
    let testUnicodeScalarConstrained = TestUnicodeScalarConstrainedKey.self
    let testAttributeDependent = TestAttributeDependentKey.self
    let testCharacterDependent = TestCharacterDependentKey.self
}

extension RichAttributeScopes {
    var test: TestAttributes.Type { TestAttributes.self }
}

/// Foundation's `LinkAttribute` (`NSLink`), for the tests that use a key of Foundation's own scope.
enum ConformanceLinkKey: RichAttributeKey {
    typealias Value = URL
    static let name = "NSLink"
}

/// The part of Foundation's `AttributeScopes.FoundationAttributes` the tests use, reached as `\.foundation`.
struct FoundationLinkAttributes: RichAttributeScope {
    let link = ConformanceLinkKey.self
}

extension RichAttributeScopes {
    var foundation: FoundationLinkAttributes.Type { FoundationLinkAttributes.self }
}

// MARK: - Attribute sets built like Apple's `AttributeContainer().testInt(1).testBool(true)`

extension AttributeSet {
    /// This set with the typed key set to `value` (nil removes it), with the key's declared behaviour.
    func with<K: RichAttributeKey>(_ key: K.Type, _ value: K.Value?) -> AttributeSet {
        setting(K.name, to: value?.attributeValue, behavior: K.descriptor.behavior)
    }

    func testInt(_ value: Int) -> AttributeSet { with(TestIntKey.self, value) }
    func testString(_ value: String) -> AttributeSet { with(TestStringKey.self, value) }
    func testDouble(_ value: Double) -> AttributeSet { with(TestDoubleKey.self, value) }
    func testBool(_ value: Bool) -> AttributeSet { with(TestBoolKey.self, value) }
    func testNonExtended(_ value: Int) -> AttributeSet { with(TestNonExtendedKey.self, value) }
    func testParagraphConstrained(_ value: Int) -> AttributeSet { with(TestParagraphConstrainedKey.self, value) }
    func testSecondParagraphConstrained(_ value: Int) -> AttributeSet { with(TestSecondParagraphConstrainedKey.self, value) }
    func testCharacterConstrained(_ value: Int) -> AttributeSet { with(TestCharacterConstrainedKey.self, value) }
    func testAttributeDependent(_ value: Int) -> AttributeSet { with(TestAttributeDependentKey.self, value) }
    func testCharacterDependent(_ value: Int) -> AttributeSet { with(TestCharacterDependentKey.self, value) }

    static func testInt(_ value: Int) -> AttributeSet { AttributeSet.empty.testInt(value) }
    static func testString(_ value: String) -> AttributeSet { AttributeSet.empty.testString(value) }
    static func testDouble(_ value: Double) -> AttributeSet { AttributeSet.empty.testDouble(value) }
    static func testBool(_ value: Bool) -> AttributeSet { AttributeSet.empty.testBool(value) }
    static func testNonExtended(_ value: Int) -> AttributeSet { AttributeSet.empty.testNonExtended(value) }
    static func testParagraphConstrained(_ value: Int) -> AttributeSet { AttributeSet.empty.testParagraphConstrained(value) }
    static func testCharacterConstrained(_ value: Int) -> AttributeSet { AttributeSet.empty.testCharacterConstrained(value) }
}

// MARK: - Whole-string shorthands

extension RichString {
    /// The range of the whole text: what Apple's tests reach through `str.testInt = …` on the string itself,
    /// which `RichString` spells `str[str.wholeRange].testInt = …`.
    var wholeRange: Range<Index> { startIndex..<endIndex }

    /// The index `n` characters from `index` (Apple's `index(_:offsetByCharacters:)`).
    func index(_ index: Index, characters n: Int) -> Index {
        self.index(index, offsetBy: n, in: .characters)
    }

    /// The index `n` Unicode scalars from `index` (Apple's `index(_:offsetByUnicodeScalars:)`).
    func index(_ index: Index, scalars n: Int) -> Index {
        self.index(index, offsetBy: n, in: .scalars)
    }
}

/// Foundation's `Runs` equality: the same runs in the same order, each compared by UTF-8 length and attributes
/// (`RichRunsView.Run ==`, as Foundation's `AttributedString.Runs.Run ==`). `RichRunsView` has no `==`.
func runsMatchLikeFoundation<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
where A.Element == RichRunsView.Run, B.Element == RichRunsView.Run {
    a.elementsEqual(b)
}

// MARK: - Run checks shaped like Apple's `verify` helpers

/// The scalars in `range`, as a `String` (Apple's `String.UnicodeScalarView(string.unicodeScalars[range])`).
func scalarText(_ text: RichString, _ range: Range<RichString.Index>) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars[range]))
}

/// Checks the runs of one key, forward and backward; each run's text is compared scalar by scalar.
func assertRuns<K: RichAttributeKey>(
    _ text: RichString, _ key: K.Type, _ expected: [(String, K.Value?)],
    file: StaticString = #filePath, line: UInt = #line
) {
    let runs = Array(text.runs[K.self])
    XCTAssertEqual(runs.count, expected.count, "Unexpected number of runs: \(runs.map { (scalarText(text, $0.1), $0.0) })", file: file, line: line)
    for ((value, range), expectation) in zip(runs, expected) {
        XCTAssertEqual(scalarText(text, range), expectation.0, "Unexpected range of run", file: file, line: line)
        XCTAssertEqual(value, expectation.1, "Unexpected value of \(K.name) for \(expectation.0.debugDescription)", file: file, line: line)
    }
    let reversed = Array(text.runs[K.self].reversed())
    XCTAssertEqual(reversed.count, expected.count, "Unexpected number of runs while reverse iterating", file: file, line: line)
    for ((value, range), expectation) in zip(reversed, expected.reversed()) {
        XCTAssertEqual(scalarText(text, range), expectation.0, "Unexpected range of run while reverse iterating", file: file, line: line)
        XCTAssertEqual(value, expectation.1, "Unexpected value of \(K.name) for \(expectation.0.debugDescription) while reverse iterating", file: file, line: line)
    }
}

/// Checks the runs of two keys, forward and backward; each run's text is compared as characters.
func assertRuns<K1: RichAttributeKey, K2: RichAttributeKey>(
    _ text: RichString, _ k1: K1.Type, _ k2: K2.Type, _ expected: [(String, K1.Value?, K2.Value?)],
    file: StaticString = #filePath, line: UInt = #line
) {
    let runs = Array(text.runs[K1.self, K2.self])
    XCTAssertEqual(runs.count, expected.count, "Unexpected number of runs: \(runs.map { (String(text.characters[$0.2]), $0.0, $0.1) })", file: file, line: line)
    for ((v1, v2, range), expectation) in zip(runs, expected) {
        XCTAssertEqual(String(text.characters[range]), expectation.0, "Unexpected range of run", file: file, line: line)
        XCTAssertEqual(v1, expectation.1, "Unexpected value of \(K1.name) for \(expectation.0.debugDescription)", file: file, line: line)
        XCTAssertEqual(v2, expectation.2, "Unexpected value of \(K2.name) for \(expectation.0.debugDescription)", file: file, line: line)
    }
    let reversed = Array(text.runs[K1.self, K2.self].reversed())
    XCTAssertEqual(reversed.count, expected.count, "Unexpected number of runs while reverse iterating", file: file, line: line)
    for ((v1, v2, range), expectation) in zip(reversed, expected.reversed()) {
        XCTAssertEqual(String(text.characters[range]), expectation.0, "Unexpected range of run while reverse iterating", file: file, line: line)
        XCTAssertEqual(v1, expectation.1, "Unexpected value of \(K1.name) for \(expectation.0.debugDescription) while reverse iterating", file: file, line: line)
        XCTAssertEqual(v2, expectation.2, "Unexpected value of \(K2.name) for \(expectation.0.debugDescription) while reverse iterating", file: file, line: line)
    }
}

/// Checks the runs of three keys, forward and backward; each run's text is compared as characters.
func assertRuns<K1: RichAttributeKey, K2: RichAttributeKey, K3: RichAttributeKey>(
    _ text: RichString, _ k1: K1.Type, _ k2: K2.Type, _ k3: K3.Type,
    _ expected: [(String, K1.Value?, K2.Value?, K3.Value?)],
    file: StaticString = #filePath, line: UInt = #line
) {
    let runs = Array(text.runs[K1.self, K2.self, K3.self])
    XCTAssertEqual(runs.count, expected.count, "Unexpected number of runs: \(runs.map { (String(text.characters[$0.3]), $0.0, $0.1, $0.2) })", file: file, line: line)
    for ((v1, v2, v3, range), expectation) in zip(runs, expected) {
        XCTAssertEqual(String(text.characters[range]), expectation.0, "Unexpected range of run", file: file, line: line)
        XCTAssertEqual(v1, expectation.1, "Unexpected value of \(K1.name) for \(expectation.0.debugDescription)", file: file, line: line)
        XCTAssertEqual(v2, expectation.2, "Unexpected value of \(K2.name) for \(expectation.0.debugDescription)", file: file, line: line)
        XCTAssertEqual(v3, expectation.3, "Unexpected value of \(K3.name) for \(expectation.0.debugDescription)", file: file, line: line)
    }
    let reversed = Array(text.runs[K1.self, K2.self, K3.self].reversed())
    XCTAssertEqual(reversed.count, expected.count, "Unexpected number of runs while reverse iterating", file: file, line: line)
    for ((v1, v2, v3, range), expectation) in zip(reversed, expected.reversed()) {
        XCTAssertEqual(String(text.characters[range]), expectation.0, "Unexpected range of run while reverse iterating", file: file, line: line)
        XCTAssertEqual(v1, expectation.1, "Unexpected value of \(K1.name) for \(expectation.0.debugDescription) while reverse iterating", file: file, line: line)
        XCTAssertEqual(v2, expectation.2, "Unexpected value of \(K2.name) for \(expectation.0.debugDescription) while reverse iterating", file: file, line: line)
        XCTAssertEqual(v3, expectation.3, "Unexpected value of \(K3.name) for \(expectation.0.debugDescription) while reverse iterating", file: file, line: line)
    }
}
