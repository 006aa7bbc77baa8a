import XCTest
import RichText
import struct FormattingTesting.SeededGenerator

/// `RichColor.hex` writes each component as two lower-case hex digits of its value rounded to 0-255 (clamped),
/// with the alpha byte only when the colour is not opaque; `init?(hex:)` reads it back.
final class RichColorHexTests: XCTestCase {
    /// The hex form as a sum of formatted parts: the model the byte writer is held to.
    func model(_ c: RichColor) -> String {
        func byte(_ component: Double) -> String {
            let value = Int((min(max(component, 0), 1) * 255).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16)
        }
        let rgb = "#" + byte(c.red) + byte(c.green) + byte(c.blue)
        return c.alpha >= 1 ? rgb : rgb + byte(c.alpha)
    }

    func testHexMatchesTheModelOnRandomColours() {
        var rng = SeededGenerator(seed: 0x4845_58)
        let edges: [Double] = [0, 1, -0.5, 1.5, 0.5, 1.0 / 255, 15.0 / 255, 16.0 / 255, 0.999]
        for round in 0..<5_000 {
            func component() -> Double { rng.chance(0.3) ? rng.pick(edges) : Double(rng.int(0...1_000_000)) / 1_000_000 }
            let colour = RichColor(red: component(), green: component(), blue: component(), alpha: rng.chance(0.5) ? 1 : component())
            XCTAssertEqual(colour.hex, model(colour), "round \(round): \(colour.red) \(colour.green) \(colour.blue) \(colour.alpha)")
            // Read back, the bytes are the same (an alpha that rounds to ff reads as opaque and is left out).
            let hex = colour.hex
            XCTAssertEqual(RichColor(hex: hex)?.hex, hex.count == 9 && hex.hasSuffix("ff") ? String(hex.prefix(7)) : hex)
        }
    }

    func testExamples() {
        XCTAssertEqual(RichColor(red: 0x34 / 255, green: 0xC7 / 255, blue: 0x59 / 255).hex, "#34c759")
        XCTAssertEqual(RichColor(red: 0, green: 0, blue: 0, alpha: 0).hex, "#00000000")
        XCTAssertEqual(RichColor(red: 1, green: 1, blue: 1, alpha: 0.5).hex, "#ffffff80")
    }
}
