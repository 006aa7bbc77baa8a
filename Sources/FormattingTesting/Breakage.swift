import Formatting
import RichText

/// What a deliberately broken document breaks, with where (UTF-8 offsets).
public enum Breakage: Hashable, Sendable, CustomStringConvertible {
    /// A constraint's output was changed (another value, or removed) over a range.
    case constraintOutputChanged(constraint: String, key: String, utf8Range: Range<Int>, to: AttributeValue?)
    /// A key outside the scope was put on a range.
    case outOfScopeKey(key: String, utf8Range: Range<Int>)
    /// A paragraph-bound key's value was varied in the middle of a paragraph.
    case paragraphValueVaried(key: String, utf8Range: Range<Int>, to: AttributeValue?)
    /// A character-bound key was put on text that is not its character.
    case characterKeyMisplaced(key: String, utf8Range: Range<Int>)

    public var description: String {
        func show(_ v: AttributeValue?) -> String { v.map { "\($0)" } ?? "nil" }
        switch self {
        case let .constraintOutputChanged(c, key, r, to): return "changed \(c)'s output \(key) to \(show(to)) over [\(r.lowerBound), \(r.upperBound))"
        case let .outOfScopeKey(key, r): return "put out-of-scope key \(key) on [\(r.lowerBound), \(r.upperBound))"
        case let .paragraphValueVaried(key, r, to): return "varied paragraph key \(key) to \(show(to)) mid-paragraph over [\(r.lowerBound), \(r.upperBound))"
        case let .characterKeyMisplaced(key, r): return "put character-bound \(key) on other text over [\(r.lowerBound), \(r.upperBound))"
        }
    }
}

/// A document that breaks its definition on purpose, with what was broken and what linting reports.
public struct BrokenDocument: Sendable {
    /// The broken document (built without firing behaviours).
    public var document: RichString
    /// What was broken.
    public var breakage: Breakage
    /// What `lint` reports for it (never empty: a breakage lint cannot see is not returned).
    public var findings: [Adjustment]
}
