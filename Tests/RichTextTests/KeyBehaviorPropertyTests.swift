import XCTest
@testable import RichText

/// Random scripts over keys of every behaviour against a naive whole-document model of DESIGN §2; after every
/// step run boundaries hold everywhere and no invalidated stretch keeps its value.
final class KeyBehaviorPropertyTests: XCTestCase {
    func testRandomScriptsOverEveryBehaviourMatchTheNaiveModel() {
        let scripts = propertyBudget(default: 80, long: 4000)
        if let report = checkBehaviorScripts(seeds: 1..<UInt64(scripts + 1), steps: 40) {
            XCTFail(report)
        }
        print("behaviour property test: \(scripts) scripts x 40 steps checked")
    }
}
