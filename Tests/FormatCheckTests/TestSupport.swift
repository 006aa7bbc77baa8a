import FormatCheck
import Foundation
import StreamingJSON
import XCTest

/// The package's root directory, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The path of a shipped definition.
func shippedDefinition(_ name: String) -> String {
    packageRoot.appendingPathComponent("Definitions").appendingPathComponent(name + ".json").path
}

/// Every finding for a definition written inline; fails the test when it loads.
func diagnostics(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [Diagnostic] {
    switch DefinitionFile.parse(text, fileName: "test.json") {
    case .success:
        XCTFail("the definition loaded", file: file, line: line)
        return []
    case .failure(let problems):
        return problems.diagnostics
    }
}

/// The one finding of a check; fails unless there is exactly one.
func only(_ check: DefinitionCheck, in text: String, file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
    let found = diagnostics(text, file: file, line: line).filter { $0.check == check }
    XCTAssertEqual(found.count, 1, "findings: \(found)", file: file, line: line)
    return found.first
}

/// The one finding of a check, checked for its `line:column`, JSON path and hint where they are given; fails
/// unless there is exactly one.
@discardableResult
func assertOnly(_ check: DefinitionCheck, in text: String, at position: String? = nil, path: String? = nil, hint: String? = nil,
                file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
    let finding = only(check, in: text, file: file, line: line)
    if let position { XCTAssertEqual(finding?.position, position, file: file, line: line) }
    if let path { XCTAssertEqual(finding?.path, path, file: file, line: line) }
    if let hint { XCTAssertEqual(finding?.hint, hint, file: file, line: line) }
    return finding
}

/// A definition that loads; fails the test otherwise.
func loaded(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LoadedDefinition? {
    switch DefinitionFile.parse(text, fileName: "test.json") {
    case .success(let definition): return definition
    case .failure(let problems):
        XCTFail("the definition did not load:\n\(problems)", file: file, line: line)
        return nil
    }
}

extension Diagnostic {
    /// `line:column` of the finding.
    var position: String { location.map { "\($0.line):\($0.column)" } ?? "-" }
    /// The JSON path as text.
    var path: String { jsonPath?.description ?? "-" }
}
