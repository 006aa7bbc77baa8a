import Foundation
import Formatting
import FormattingTesting
import RichText

// `fmtbench engine`'s keystroke row: one character typed through `EditingSession.type` at a caret, against
// `RichString.insert` of the same character at the same place, on the 1 M-character edits document under a
// definition. An editor types words: each word is typed at a caret placed at random, a character a keystroke, so
// the session's undo gathers the word into one step as it does for a person typing.

enum SessionKeystrokes {
    static let words = 2_000
    static let wordLength = Int(ProcessInfo.processInfo.environment["FMTBENCH_WORD"] ?? "") ?? 6
    static let seed: UInt64 = 0x5E55_1011
    static let rounds = 4

    /// The carets (scalar offsets, each in the document as the words before it left it) and the words typed.
    static func script(scalars: Int) -> [(caret: Int, word: String)] {
        var rng = SeededGenerator(seed: seed)
        var length = scalars
        var result: [(Int, String)] = []
        for _ in 0..<words {
            let word = String((0..<wordLength).map { _ in Character(Unicode.Scalar(UInt8(97 + rng.below(26)))) })
            result.append((rng.below(length + 1), word))
            length += wordLength
        }
        return result
    }

    /// The seconds spent in the keystrokes alone, through the session and on the bare string, best of `rounds`
    /// each, the two sides alternated.
    static func time(_ scenario: EngineScenario) -> (session: Double, bare: Double, keystrokes: Int) {
        let (document, _, _) = scenario.buildDocument()
        let typing = script(scalars: document.counts.scalars)
        var bestSession = Double.infinity, bestBare = Double.infinity
        for _ in 0..<rounds {
            var session = EditingSession(document: document, engine: scenario.engine)
            var inSession = 0.0
            for (caret, word) in typing {
                session.select(.caret(session.document.index(atOffset: caret, in: .scalars)))
                for character in word {
                    let text = String(character)
                    let t0 = now()
                    session.type(text)
                    inSession += now() - t0
                }
            }
            bestSession = min(bestSession, inSession)
            var bare = document
            let onBare = insert(typing, into: &bare, timingEachKeystroke: true)
            bestBare = min(bestBare, onBare)
            if session.document.string != bare.string { print("PROBLEM: the session's text differs from the bare string's") }
        }
        return (bestSession, bestBare, words * wordLength)
    }

    /// The session's keystrokes alone, for callgrind (`engine-profile recipe session`); `warm` runs them outside the
    /// function callgrind toggles on.
    static func profiledKeystrokes(_ scenario: EngineScenario, warm: Bool) -> Double {
        let (document, _, _) = scenario.buildDocument()
        let typing = script(scalars: document.counts.scalars)
        var session = EditingSession(document: document, engine: scenario.engine)
        return warm ? type(typing, in: &session) : profiledType(typing, in: &session)
    }

    /// The bare side's keystrokes alone, for callgrind (`engine-profile recipe session-bare`).
    static func profiledBareKeystrokes(_ scenario: EngineScenario, warm: Bool) -> Double {
        let (document, _, _) = scenario.buildDocument()
        let typing = script(scalars: document.counts.scalars)
        var bare = document
        return warm ? insert(typing, into: &bare, timingEachKeystroke: false) : profiledInsert(typing, into: &bare)
    }

    @inline(never)
    static func profiledInsert(_ typing: [(caret: Int, word: String)], into bare: inout RichString) -> Double {
        insert(typing, into: &bare, timingEachKeystroke: false)
    }

    /// The typing on the bare string: each character inserted where the session's caret would be. The seconds of
    /// the inserts alone when `timingEachKeystroke` (the benchmark's side), else of the whole loop (callgrind's,
    /// which reads no clock inside it).
    @inline(never)
    static func insert(_ typing: [(caret: Int, word: String)], into bare: inout RichString, timingEachKeystroke: Bool) -> Double {
        var inserting = 0.0
        let start = now()
        for (caret, word) in typing {
            var offset = caret
            for character in word {
                let text = String(character)
                let index = bare.index(atOffset: offset, in: .scalars)
                if timingEachKeystroke {
                    let t0 = now()
                    bare.insert(text, at: index)
                    inserting += now() - t0
                } else {
                    bare.insert(text, at: index)
                }
                offset += 1
            }
        }
        return timingEachKeystroke ? inserting : now() - start
    }

    @inline(never)
    static func profiledType(_ typing: [(caret: Int, word: String)], in session: inout EditingSession) -> Double {
        type(typing, in: &session)
    }

    @inline(never)
    static func type(_ typing: [(caret: Int, word: String)], in session: inout EditingSession) -> Double {
        measure {
            for (caret, word) in typing {
                session.select(.caret(session.document.index(atOffset: caret, in: .scalars)))
                for character in word { session.type(String(character)) }
            }
        }
    }
}
