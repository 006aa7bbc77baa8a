import Formatting
import RichText

/// Generates random valid definitions, for fuzzing definitions and the engine themselves: a random scope from
/// a pool of keys of every behaviour, and constraints (allowed values, clamps, rule lists) in a random order,
/// each reading only keys owned by earlier constraints, so every generated definition validates.
public enum DefinitionGenerator {
    /// The keys definitions are drawn from: plain keys, a key invalidated by text changes and not inherited, a
    /// paragraph-bound key, a key that depends on another, a character-bound key.
    public static let keyPool: [AttributeKeyDescriptor] = [
        AttributeKeyDescriptor(name: "k1"),
        AttributeKeyDescriptor(name: "k2"),
        AttributeKeyDescriptor(name: "tag", behavior: AttributeBehavior(inheritedByAddedText: false, invalidationConditions: [.textChanged])),
        AttributeKeyDescriptor(name: "para", behavior: AttributeBehavior(runBoundaries: .paragraph)),
        AttributeKeyDescriptor(name: "dep", behavior: AttributeBehavior(invalidationConditions: [.attributeChanged("k1")])),
        AttributeKeyDescriptor(name: "bullet", behavior: AttributeBehavior(runBoundaries: .character("•"))),
        AttributeKeyDescriptor(name: "num"),
    ]

    /// The values the generated constraints mention.
    public static let values: [AttributeValue] = [.integer(1), .integer(2), .string("a")]

    /// A random definition that validates.
    public static func randomDefinition(using rng: inout SeededGenerator) -> FormattingDefinition {
        let scope = keyPool.filter { _ in rng.chance(0.7) }
        var owned: [String] = []
        var constraints: [any ValueConstraint] = []
        for key in scope.shuffled(using: &rng) where rng.chance(0.6) {
            // Reading only keys owned earlier keeps the order valid by construction.
            let reads = owned
            func condition() -> Condition {
                guard !reads.isEmpty else { return .present(key.name) }
                let read = rng.pick(reads)
                switch rng.int(0...5) {
                case 0: return .present(read)
                case 1: return .absent(read)
                case 2: return .equals(read, rng.pick(values))
                case 3: return .oneOf(read, [rng.pick(values), rng.pick(values)])
                case 4: return .all([.present(read), .not(.equals(read, rng.pick(values)))])
                default: return .not(.equals(read, rng.pick(values)))
                }
            }
            switch rng.int(0...2) {
            case 0:
                constraints.append(AllowedValues("allowed-\(key.name)", for: key, values: [rng.pick(values)], default: rng.chance(0.5) ? rng.pick(values) : nil))
            case 1:
                let lower = Double(rng.int(0...1))
                constraints.append(Clamp("clamp-\(key.name)", for: key, lower: lower, upper: lower + Double(rng.int(0...1))))
            default:
                guard !reads.isEmpty else { continue }
                let rules = (0..<rng.int(1...2)).map { _ in Rule(when: condition(), rng.chance(0.7) ? .set(rng.pick(values)) : .remove) }
                constraints.append(Rules("rules-\(key.name)", for: key, rules, otherwise: rng.pick([.keep, .remove, .set(rng.pick(values))])))
            }
            owned.append(key.name)
        }
        do {
            return try FormattingDefinition(name: "random", scope: scope, constraintList: constraints)
        } catch {
            // Unreachable by construction; fall back to the scope alone rather than trap.
            return try! FormattingDefinition(name: "random", scope: scope, constraintList: [])
        }
    }
}
