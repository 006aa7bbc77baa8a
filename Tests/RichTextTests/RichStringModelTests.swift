import XCTest
@testable import RichText

/// Random edit scripts against a naive model: text, runs, every view's count, conversions, paragraphs and the
/// rope invariants after every step. FMTCHECK_LONG=1 runs thousands of scripts.
final class RichStringModelTests: XCTestCase {
    func testRandomScriptsMatchTheReferenceModel() {
        let scripts = propertyBudget(default: 60, long: 3000)
        if let report = checkRandomScripts(seeds: 1..<UInt64(scripts + 1), steps: 60, keys: .plain) {
            XCTFail(report)
        }
        print("model property test: \(scripts) scripts x 60 steps checked")
    }

    func testLongScriptsBuildDeepTreesAndStillMatch() {
        let scripts = propertyBudget(default: 3, long: 100)
        if let report = checkRandomScripts(seeds: 10_000..<UInt64(10_000 + scripts), steps: 600, keys: .plain) {
            XCTFail(report)
        }
    }
}
