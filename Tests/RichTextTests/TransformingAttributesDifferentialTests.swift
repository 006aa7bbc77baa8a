import Foundation
@testable import RichText
import TestKeys
import XCTest
import struct FormattingTesting.SeededGenerator

/// `transformingAttributes` against the toolchain's Foundation: random strings over keys of every behaviour, one
/// random transform on each side (the same actions, handed out in run order), and the results compared run by run
/// in Foundation's terms.
///
/// Keys (same names and behaviours on both sides): `color` (plain), `dep` (`attributeChanged(color)`),
/// `TestParagraphConstrained` (paragraph), `bullet` (character "•").
///
/// Reproduce: `FMTCHECK_SEED=<seed> swift test --filter TransformingAttributesDifferentialTests`;
/// `FMTCHECK_ITERATIONS=<n>` runs more cases.
final class TransformingAttributesDifferentialTests: XCTestCase {
    func testRandomTransformsAgreeWithFoundation() {
        let seeds: [UInt64] = SharedData.seedOverride.map { [$0] }
            ?? (0..<UInt64(propertyBudget(default: 300, long: 5_000))).map { 0x7A4E_F0A1 &+ $0 }
        var failures = 0
        var changedCases = 0
        for seed in seeds {
            var rng = SeededGenerator(seed: seed)
            let ours = TransformCase.richString(using: &rng)
            let theirs = AttributedString(ours, bridge: TransformCase.bridge)
            let scenario = rng.int(0...3)
            let actions = (0..<64).map { _ in TransformAction.random(using: &rng) }

            let ourResult = TransformCase.transform(ours, scenario: scenario, actions: actions)
            let theirResult = TransformCase.transform(theirs, scenario: scenario, actions: actions)
            let ourInFoundationTerms = AttributedString(ourResult, bridge: TransformCase.bridge)
            if theirResult != theirs { changedCases += 1 }
            if ourInFoundationTerms != theirResult {
                failures += 1
                guard failures <= 3 else { continue }
                XCTFail("""
                    transformingAttributes disagrees with Foundation (FMTCHECK_SEED=\(seed), scenario \(scenario)):
                    input: \(theirs)
                    actions: \(actions.prefix(8))
                    ours: \(ourInFoundationTerms)
                    Foundation: \(theirResult)
                    """)
            }
        }
        XCTAssertEqual(failures, 0, "\(failures) of \(seeds.count) cases disagree")
        if seeds.count > 1 {
            XCTAssertGreaterThan(changedCases, seeds.count / 2, "too few cases changed anything to compare")
        }
    }
}

// MARK: - Actions

/// What one transformer does, the same on both sides.
private enum TransformAction: CustomStringConvertible {
    case keep
    case set(Int)
    case remove
    /// Moves the range's bounds by these many scalars, clamped to the text.
    case move(Int, Int)
    /// Puts the named key with the value in place.
    case replace(String, Int)

    static let keyNames = ["color", "dep", "para", "bullet"]

    static func random(using rng: inout SeededGenerator) -> TransformAction {
        switch rng.int(0...9) {
        case 0...2: return .keep
        case 3, 4: return .set(rng.int(1...3))
        case 5: return .remove
        case 6, 7: return .move(rng.int(-3...3), rng.int(-3...3))
        default: return .replace(rng.pick(keyNames), rng.int(1...3))
        }
    }

    var description: String {
        switch self {
        case .keep: return "keep"
        case .set(let v): return "set \(v)"
        case .remove: return "remove"
        case .move(let l, let u): return "move \(l),\(u)"
        case .replace(let k, let v): return "replace \(k)=\(v)"
        }
    }

    /// New scalar bounds for a range at `lower..<upper` in a text of `count` scalars.
    static func moved(_ lower: Int, _ upper: Int, by deltas: (Int, Int), count: Int) -> (Int, Int) {
        let l = min(max(lower + deltas.0, 0), count)
        let u = min(max(upper + deltas.1, l), count)
        return (l, u)
    }

    func apply<K: RichAttributeKey>(to t: inout RichString.SingleAttributeTransformer<K>, in s: RichString) where K.Value == Int {
        switch self {
        case .keep: break
        case .set(let v): t.value = v
        case .remove: t.value = nil
        case .move(let dl, let du):
            let (l, u) = Self.moved(s.offset(of: t.range.lowerBound, in: .scalars), s.offset(of: t.range.upperBound, in: .scalars),
                                    by: (dl, du), count: s.counts.scalars)
            t.range = s.range(l, u, in: .scalars)
        case .replace(let name, let v):
            switch name {
            case "color": t.replace(with: ColorKey.self, value: v)
            case "dep": t.replace(with: ColorDependentKey.self, value: v)
            case "para": t.replace(with: TestParagraphConstrainedKey.self, value: v)
            default: t.replace(with: BulletKey.self, value: v)
            }
        }
    }

    func apply<K: AttributedStringKey>(to t: inout AttributedString.SingleAttributeTransformer<K>, in s: AttributedString) where K.Value == Int {
        switch self {
        case .keep: break
        case .set(let v): t.value = v
        case .remove: t.value = nil
        case .move(let dl, let du):
            let scalars = s.unicodeScalars
            let (l, u) = Self.moved(scalars.distance(from: scalars.startIndex, to: t.range.lowerBound),
                                    scalars.distance(from: scalars.startIndex, to: t.range.upperBound),
                                    by: (dl, du), count: scalars.count)
            t.range = scalars.index(scalars.startIndex, offsetBy: l)..<scalars.index(scalars.startIndex, offsetBy: u)
        case .replace(let name, let v):
            switch name {
            case "color": t.replace(with: FoundationColorKey.self, value: v)
            case "dep": t.replace(with: FoundationColorDependentKey.self, value: v)
            case "para": t.replace(with: FoundationTestParagraphConstrainedKey.self, value: v)
            default: t.replace(with: FoundationBulletKey.self, value: v)
            }
        }
    }
}

// MARK: - Cases

private enum TransformCase {
    static let bridge = FoundationAttributeBridge([
        .key(FoundationColorKey.self),
        .key(FoundationColorDependentKey.self, behavior: ColorDependentKey.descriptor.behavior),
        .key(FoundationTestParagraphConstrainedKey.self),
        .key(FoundationBulletKey.self, behavior: BulletKey.descriptor.behavior),
    ])

    static let pieces = ["ab", "•", "• x", "\n", "cd ", "\u{2029}", "milk", "•\n"]

    /// A few pieces, each with a random subset of the keys; concatenation enforces the behaviours.
    static func richString(using rng: inout SeededGenerator) -> RichString {
        var result = RichString()
        for _ in 0..<rng.int(1...5) {
            var attributes = AttributeSet.empty
            if rng.chance(0.5) { attributes = attributes.with(ColorKey.self, rng.int(1...2)) }
            if rng.chance(0.3) { attributes = attributes.with(ColorDependentKey.self, rng.int(1...2)) }
            if rng.chance(0.3) { attributes = attributes.with(TestParagraphConstrainedKey.self, rng.int(1...2)) }
            if rng.chance(0.3) { attributes = attributes.with(BulletKey.self, rng.int(1...2)) }
            result += RichString(rng.pick(pieces), attributes: attributes)
        }
        return result
    }

    /// Hands out `actions` in call order, the same on both sides.
    final class ActionQueue {
        let actions: [TransformAction]
        var next = 0
        init(_ actions: [TransformAction]) { self.actions = actions }
        func take() -> TransformAction {
            defer { next += 1 }
            return actions[next % actions.count]
        }
    }

    static func transform(_ s: RichString, scenario: Int, actions: [TransformAction]) -> RichString {
        let queue = ActionQueue(actions)
        switch scenario {
        case 0: return s.transformingAttributes(ColorKey.self) { queue.take().apply(to: &$0, in: s) }
        case 1: return s.transformingAttributes(TestParagraphConstrainedKey.self) { queue.take().apply(to: &$0, in: s) }
        case 2:
            return s.transformingAttributes(ColorKey.self, BulletKey.self) {
                queue.take().apply(to: &$0, in: s)
                queue.take().apply(to: &$1, in: s)
            }
        default:
            return s.transformingAttributes(TestParagraphConstrainedKey.self, ColorDependentKey.self, ColorKey.self) {
                queue.take().apply(to: &$0, in: s)
                queue.take().apply(to: &$1, in: s)
                queue.take().apply(to: &$2, in: s)
            }
        }
    }

    static func transform(_ s: AttributedString, scenario: Int, actions: [TransformAction]) -> AttributedString {
        let queue = ActionQueue(actions)
        switch scenario {
        case 0: return s.transformingAttributes(FoundationColorKey.self) { queue.take().apply(to: &$0, in: s) }
        case 1: return s.transformingAttributes(FoundationTestParagraphConstrainedKey.self) { queue.take().apply(to: &$0, in: s) }
        case 2:
            return s.transformingAttributes(FoundationColorKey.self, FoundationBulletKey.self) {
                queue.take().apply(to: &$0, in: s)
                queue.take().apply(to: &$1, in: s)
            }
        default:
            return s.transformingAttributes(FoundationTestParagraphConstrainedKey.self, FoundationColorDependentKey.self, FoundationColorKey.self) {
                queue.take().apply(to: &$0, in: s)
                queue.take().apply(to: &$1, in: s)
                queue.take().apply(to: &$2, in: s)
            }
        }
    }
}
