import Formatting
import RichText
import XCTest

/// `EditingSession.levelsOfUndo` keeps the newest steps, as `NSUndoManager.levelsOfUndo` does, checked against
/// a reference model of two stacks of texts.
final class LevelsOfUndoTests: XCTestCase {
    func testUndoReachesExactlyTheNewestLevelsAfterAnyEditsUndosAndRedos() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["FMTCHECK_SEED"] ?? "") ?? 0x0AD0_1E7E
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let engine = FormattingEngine(try recipeDefinition())
        for levels in [1, 2, 3, 7] {
            var session = EditingSession(document: RichString(""), engine: engine)
            session.levelsOfUndo = levels
            // The model: the texts undo goes back to (the newest `levels`), and those redo gives back.
            var undo: [String] = [], redo: [String] = []
            var done: [String] = []
            for step in 0..<400 {
                let text = session.document.string
                switch next(5) {
                case 0, 1, 2:
                    let letter = String(UnicodeScalar(UInt8(97 + next(26))))
                    session.perform(.insert(letter, at: session.document.endIndex))
                    undo.append(text)
                    if undo.count > levels { undo.removeFirst() }
                    redo.removeAll()
                    done.append("insert \(letter)")
                case 3:
                    XCTAssertEqual(session.undo(), !undo.isEmpty, "seed \(seed), levels \(levels), step \(step): \(done)")
                    if let back = undo.popLast() { redo.append(text); XCTAssertEqual(session.document.string, back) }
                    done.append("undo")
                default:
                    XCTAssertEqual(session.redo(), !redo.isEmpty, "seed \(seed), levels \(levels), step \(step): \(done)")
                    if let forward = redo.popLast() { undo.append(text); XCTAssertEqual(session.document.string, forward) }
                    done.append("redo")
                }
                XCTAssertEqual(session.canUndo, !undo.isEmpty, "seed \(seed), levels \(levels), step \(step)")
                XCTAssertEqual(session.canRedo, !redo.isEmpty, "seed \(seed), levels \(levels), step \(step)")
            }
        }
    }

    func testLoweringTheLevelsDropsTheOldestSteps() throws {
        var session = EditingSession(document: RichString(""), engine: FormattingEngine(try recipeDefinition()))
        for letter in ["a", "b", "c", "d"] { session.perform(.insert(letter, at: session.document.endIndex)) }
        session.levelsOfUndo = 2
        XCTAssertTrue(session.undo())
        XCTAssertTrue(session.undo())
        XCTAssertEqual(session.document.string, "ab")
        XCTAssertFalse(session.undo(), "the two oldest steps are gone")
        XCTAssertEqual(session.document.string, "ab")
    }
}
