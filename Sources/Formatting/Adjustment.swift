import RichText

/// A change the engine made on its own: which rule or behaviour, where, which key, and the values before and
/// after. Editors show these; `fmtcheck` reports them as violations (linting is normalisation run dry).
public struct Adjustment: Hashable, Sendable, CustomStringConvertible {
    /// What made the change.
    public enum Rule: Hashable, Sendable, CustomStringConvertible {
        /// A key behaviour of the string (invalidation, run boundaries).
        case behavior(AttributeAdjustment.Cause)
        /// The key is outside the definition's scope.
        case scope
        /// A value constraint, by name.
        case constraint(String)
        /// A key in the definition's scope took the behaviour the definition declares for it, given here; its
        /// value is unchanged (`oldValue == newValue`). The definition owns behaviours, whatever a reader or an
        /// earlier edit attached to the values (`FormattingEngine.stampBehaviors`).
        case definedBehavior(AttributeBehavior)

        /// A stable identifier: the constraint's name, `scope` (also for a behaviour the scope gave a key), or
        /// the behaviour's identifier.
        public var identifier: String {
            switch self {
            case .behavior(let cause): return cause.identifier
            case .scope, .definedBehavior: return "scope"
            case .constraint(let name): return name
            }
        }

        /// The identifier, spelled the same (a behaviour's with the key it depends on, `attribute-changed(color)`).
        public var description: String {
            switch self {
            case .behavior(let cause): return cause.description
            case .scope, .constraint: return identifier
            case .definedBehavior(let behavior): return "\(identifier)(behaviour: \(behavior))"
            }
        }
    }

    /// What changed, apart from where: one object that every adjustment of the same change shares (a cache
    /// entry's difference placed over each run it applies to), so an adjustment copies with one retain.
    final class Change: Sendable {
        let rule: Rule
        let key: String
        let oldValue: AttributeValue?
        let newValue: AttributeValue?

        init(rule: Rule, key: String, oldValue: AttributeValue?, newValue: AttributeValue?) {
            self.rule = rule
            self.key = key
            self.oldValue = oldValue
            self.newValue = newValue
        }

        /// The same change: the same object, or equal parts.
        @inline(__always)
        func isSame(as other: Change) -> Bool {
            self === other || (key == other.key && rule == other.rule && oldValue == other.oldValue && newValue == other.newValue)
        }
    }

    /// The rule, key and values, shared.
    private(set) var change: Change

    /// What made the change.
    public var rule: Rule {
        get { change.rule }
        set { change = Change(rule: newValue, key: change.key, oldValue: change.oldValue, newValue: change.newValue) }
    }
    /// Where, in UTF-8 offsets of the document after the change.
    public var utf8Range: Range<Int>
    /// The key.
    public var key: String {
        get { change.key }
        set { change = Change(rule: change.rule, key: newValue, oldValue: change.oldValue, newValue: change.newValue) }
    }
    /// The value before.
    public var oldValue: AttributeValue? {
        get { change.oldValue }
        set { change = Change(rule: change.rule, key: change.key, oldValue: newValue, newValue: change.newValue) }
    }
    /// The value after (nil: removed).
    public var newValue: AttributeValue? {
        get { change.newValue }
        set { change = Change(rule: change.rule, key: change.key, oldValue: change.oldValue, newValue: newValue) }
    }

    /// An adjustment.
    public init(rule: Rule, utf8Range: Range<Int>, key: String, oldValue: AttributeValue?, newValue: AttributeValue?) {
        change = Change(rule: rule, key: key, oldValue: oldValue, newValue: newValue)
        self.utf8Range = utf8Range
    }

    /// An adjustment from one of the string's own behaviour reports.
    public init(_ behavior: AttributeAdjustment) {
        self.init(rule: .behavior(behavior.cause), utf8Range: behavior.utf8Range, key: behavior.key,
                  oldValue: behavior.oldValue, newValue: behavior.newValue)
    }

    /// Where, as indices of `document` (the document right after the edit that made the adjustment), for an
    /// editor to highlight.
    public func range(in document: RichString) -> Range<RichString.Index> {
        document.index(atOffset: utf8Range.lowerBound, in: .utf8)..<document.index(atOffset: utf8Range.upperBound, in: .utf8)
    }

    public static func == (a: Adjustment, b: Adjustment) -> Bool {
        a.utf8Range == b.utf8Range && a.change.isSame(as: b.change)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(utf8Range)
        hasher.combine(change.rule)
        hasher.combine(change.key)
        hasher.combine(change.oldValue)
        hasher.combine(change.newValue)
    }

    public var description: String {
        func show(_ value: AttributeValue?) -> String { value.map { "\($0)" } ?? "nil" }
        return "\(rule) \(key) [\(utf8Range.lowerBound), \(utf8Range.upperBound)): \(show(oldValue)) -> \(show(newValue))"
    }
}

extension Adjustment: UTF8RangedReport {}
