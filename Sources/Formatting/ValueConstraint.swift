import RichText

/// The attributes of one run as a value constraint sees them: every key can be read, only the owned key written.
///
/// The engine runs a whole constraint chain over one working copy of the entries and interns the final set
/// once, so the intermediate sets of a chain are never built.
@dynamicMemberLookup
public struct ConstrainedAttributes: Sendable {
    /// The entries, sorted by name with distinct names (the layout of `AttributeSet.entries`).
    var entries: [AttributeEntry]
    /// The key the running constraint owns.
    public internal(set) var owned: AttributeKeyDescriptor
    /// Whether `put` changed an entry since the engine last cleared it.
    var changed = false

    init(attributes: AttributeSet, owned: AttributeKeyDescriptor) {
        self.entries = attributes.entries
        self.owned = owned
    }

    /// The run's attributes, with what earlier constraints produced.
    public var attributes: AttributeSet { AttributeSet(entries) }

    /// The value of any key, by name.
    public subscript(name: String) -> AttributeValue? {
        let (index, found) = position(of: name)
        return found ? entries[index].value : nil
    }

    /// The typed value of any key.
    public subscript<K: RichAttributeKey>(key: K.Type) -> K.Value? { self[K.name].flatMap { K.Value(attributeValue: $0) } }

    /// The typed value of a registered key through dynamic member lookup: `run.ingredient`.
    public subscript<K: RichAttributeKey>(dynamicMember keyPath: KeyPath<AttributeKeys, K.Type>) -> K.Value? {
        self[AttributeKeys()[keyPath: keyPath]]
    }

    /// The owned key's value; setting it (nil removes) is the constraint's output.
    public var value: AttributeValue? {
        get { self[owned.name] }
        set {
            guard newValue != self[owned.name] else { return }
            put(owned.name, newValue, behavior: owned.behavior)
        }
    }

    /// Sets `name` to `value` with `behavior` (nil removes it), as `AttributeSet.setting(_:to:behavior:)` does.
    mutating func put(_ name: String, _ value: AttributeValue?, behavior: AttributeBehavior) {
        let (index, found) = position(of: name)
        guard let value else {
            if found {
                entries.remove(at: index)
                changed = true
            }
            return
        }
        let entry = AttributeEntry(name: name, value: value, behavior: behavior)
        if found {
            if entries[index] != entry {
                entries[index] = entry
                changed = true
            }
        } else {
            entries.insert(entry, at: index)
            changed = true
        }
    }

    /// Keeps, replaces (under the same name) or drops (nil) every entry, in one pass: dropping many keys one
    /// `put` at a time moved the rest of the array each time, n² for a run of n keys.
    mutating func mapEntries(_ transform: (AttributeEntry) -> AttributeEntry?) {
        var kept: [AttributeEntry] = []
        kept.reserveCapacity(entries.count)
        for entry in entries {
            guard let new = transform(entry) else { changed = true; continue }
            if new != entry { changed = true }
            kept.append(new)
        }
        entries = kept
    }

    /// Where `name` is, or would be inserted, in the sorted entries.
    func position(of name: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].name < name { low = mid + 1 } else { high = mid }
        }
        return (low, low < entries.count && entries[low].name == name)
    }
}

/// A rule that owns one key and decides its value from the run's attributes, in the shape of SwiftUI's
/// `AttributedTextValueConstraint`.
///
/// Constraints run in order; each sees what earlier ones produced. To keep normalisation idempotent a
/// constraint must be a function of the keys it declares in `reads` (and of its own key's current value).
public protocol ValueConstraint: Sendable {
    /// The rule's name, used in reports ("IngredientsAreGreen").
    var name: String { get }
    /// The key this constraint owns: the only one it writes.
    var key: AttributeKeyDescriptor { get }
    /// The other keys it reads. Building a definition checks that none of them is written by a later constraint.
    var reads: Set<String> { get }
    /// Decides the owned key's value for one run.
    func constrain(_ attributes: inout ConstrainedAttributes)
    /// What the constraint does, as one English sentence about its key, without its name: what
    /// `fmtcheck definition explain` prints after the name ("foregroundColor is set to #34c759 when ingredient is
    /// present; otherwise it is removed.").
    var sentence: String { get }
    /// Values worth trying, per key name: the values the constraint compares against, produces or bounds (and
    /// those just past a bound), under the owned key and under the keys it reads. The property harness
    /// (FormattingTesting's `ValuePool`) draws generated edits from them, so they hit the constraint's rules and
    /// their edges. Empty when no value is special.
    var sampleValues: [String: [AttributeValue]] { get }
}

extension ValueConstraint {
    public var reads: Set<String> { [] }
}

/// A constraint written as a closure, for definitions built in Swift. The closure must be a pure function of
/// the run's attributes: the engine remembers its answer for each distinct attribute set.
public struct CustomConstraint: ValueConstraint {
    public let name: String
    public let key: AttributeKeyDescriptor
    public let reads: Set<String>
    /// What it does in words (see `sentence`); nil says what it decides from what.
    public let explanation: String?
    public let sampleValues: [String: [AttributeValue]]
    let body: @Sendable (inout ConstrainedAttributes) -> Void

    /// A constraint named `name` that owns `key`, reads `reads`, and runs `body` on each run; `explanation` is its
    /// sentence (one about `key`, without the name) and `sampleValues` the values worth trying, per key.
    public init(_ name: String, owns key: AttributeKeyDescriptor, reads: Set<String> = [], explanation: String? = nil,
                sampleValues: [String: [AttributeValue]] = [:], _ body: @escaping @Sendable (inout ConstrainedAttributes) -> Void) {
        self.name = name
        self.key = key
        self.reads = reads
        self.explanation = explanation
        self.sampleValues = sampleValues
        self.body = body
    }

    public func constrain(_ attributes: inout ConstrainedAttributes) { body(&attributes) }
}
