import XCTest
@testable import RichTextFormats
import struct FormattingTesting.SeededGenerator

/// Random damage to a real Genmoji (bytes flipped, inserted, deleted; most of it in the `meta` box, where the
/// reader looks) never makes the reader trap; what it accepts is still consistent.
final class HEICMutationPropertyTests: XCTestCase {
    func testMutatedGenmojiNeverTraps() throws {
        let seed = propertySeed(#function)
        var rng = SeededGenerator(seed: seed)
        let original = [UInt8](try HEICFixtures.genmoji)
        let metaEnd = 2400 // past ftyp and meta in the fixture; mutations land there three times in four
        var accepted = 0
        var kinds: [String: Int] = [:]
        for iteration in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let limit = Int.random(in: 0..<4, using: &rng) == 0 ? bytes.count : min(metaEnd, bytes.count)
                let at = Int.random(in: 0..<max(limit, 1), using: &rng)
                // Flips and overwrites most often: they keep box sizes, so the damage reaches the inner tables.
                switch [0, 0, 0, 1, 1, 1, 2, 2, 3, 4][Int.random(in: 0..<10, using: &rng)] {
                case 0 where !bytes.isEmpty: bytes[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
                case 1 where !bytes.isEmpty: bytes[at] = [0, 1, 0xFF, 0x7F, 0x80][Int.random(in: 0..<5, using: &rng)]
                case 2: bytes.insert(contentsOf: (0..<Int.random(in: 1...8, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) },
                                     at: min(at, bytes.count))
                case 3 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &rng)))
                default: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
                }
            }
            switch GlyphImageContent.read(Data(bytes)) {
            case .success(let content):
                accepted += 1
                let areas = content.renditions.map(\.pixelCount)
                XCTAssertEqual(areas, areas.sorted(by: >), "seed \(seed) iteration \(iteration)")
                XCTAssertFalse(content.renditions.isEmpty, "seed \(seed) iteration \(iteration)")
                XCTAssertEqual(content.imageContent, Data(bytes))
            case .failure(let error):
                kinds["\(error.kind)", default: 0] += 1
                XCTAssertFalse(error.description.isEmpty)
            }
            // The lower layer too: every item's data is either in bounds or a typed error.
            if let file = try? HEICFile(bytes) {
                for item in file.items {
                    if let data = try? file.data(of: item) { XCTAssertLessThanOrEqual(data.count, bytes.count) }
                }
            }
        }
        print("\(#function): \(accepted) of 3000 mutants read; errors \(kinds.sorted { $0.key < $1.key })")
    }
}
