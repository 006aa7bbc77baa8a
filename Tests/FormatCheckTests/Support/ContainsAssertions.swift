import XCTest

/// Checks that `text` contains every one of `needles`: one assertion a needle, each failure naming the
/// missing needle and showing `text`.
func assertContains(_ text: String, _ needles: [String], file: StaticString = #filePath, line: UInt = #line) {
    for needle in needles {
        XCTAssertTrue(text.contains(needle), "missing \(needle.debugDescription) in:\n\(text)", file: file, line: line)
    }
}

/// Checks that `text` contains none of `needles`: one assertion a needle, each failure naming the needle
/// found and showing `text`.
func assertLacks(_ text: String, _ needles: [String], file: StaticString = #filePath, line: UInt = #line) {
    for needle in needles {
        XCTAssertFalse(text.contains(needle), "unexpected \(needle.debugDescription) in:\n\(text)", file: file, line: line)
    }
}
