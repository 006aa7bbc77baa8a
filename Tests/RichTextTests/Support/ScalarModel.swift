@testable import RichText

/// A naive model of a rich string: an array of scalars, each with its own attributes. The reference models
/// share how they read back as text and as runs, so that they are compared with the rope in one way.
protocol ScalarModel {
    var scalars: [Unicode.Scalar] { get }
    /// Each scalar's attributes, name → value.
    var scalarAttributes: [[String: AttributeValue]] { get }
}

extension ScalarModel {
    var string: String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s)
    }

    /// Runs as (UTF-8 length, name → value), coalesced.
    var runs: [(Int, [String: AttributeValue])] {
        var result: [(Int, [String: AttributeValue])] = []
        for (scalar, attrs) in zip(scalars, scalarAttributes) {
            let length = String(scalar).utf8.count
            if let last = result.last, last.1 == attrs { result[result.count - 1].0 += length } else { result.append((length, attrs)) }
        }
        return result
    }
}
