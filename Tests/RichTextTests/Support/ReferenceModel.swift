@testable import RichText

/// The naive reference: an array of scalars, each with its own attribute dictionary.
struct ReferenceModel: Equatable, ScalarModel {
    var scalars: [Unicode.Scalar] = []
    var attributes: [[String: AttributeValue]] = []

    var scalarAttributes: [[String: AttributeValue]] { attributes }

    /// Plain text typed over `range`: it takes the attributes of the first replaced scalar; inserted at an empty
    /// range, those of the scalar before it, or at the start the following one; without keys that are not
    /// inherited.
    mutating func replacePlain(_ range: Range<Int>, with text: String, behaviors: [String: AttributeBehavior]) {
        if range.isEmpty && text.isEmpty { return }
        var inherited: [String: AttributeValue] = [:]
        if !range.isEmpty {
            inherited = attributes[range.lowerBound]
        } else if range.lowerBound > 0 {
            inherited = attributes[range.lowerBound - 1]
        } else if !attributes.isEmpty {
            inherited = attributes[0]
        }
        inherited = inherited.filter { behaviors[$0.key, default: .plain].isInheritable }
        let new = Array(text.unicodeScalars)
        scalars.replaceSubrange(range, with: new)
        attributes.replaceSubrange(range, with: Array(repeating: inherited, count: new.count))
    }

    mutating func replaceAttributed(_ range: Range<Int>, with pieces: [(String, [String: AttributeValue])]) {
        var newScalars: [Unicode.Scalar] = []
        var newAttributes: [[String: AttributeValue]] = []
        for (text, attrs) in pieces {
            for scalar in text.unicodeScalars {
                newScalars.append(scalar)
                newAttributes.append(attrs)
            }
        }
        scalars.replaceSubrange(range, with: newScalars)
        attributes.replaceSubrange(range, with: newAttributes)
    }

    mutating func set(_ name: String, _ value: AttributeValue?, in range: Range<Int>) {
        for i in range { attributes[i][name] = value }
    }

    /// UTF-16 units before scalar `n`.
    func utf16Offset(ofScalar n: Int) -> Int {
        scalars[..<n].reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
    }

    func utf8Offset(ofScalar n: Int) -> Int {
        scalars[..<n].reduce(0) { $0 + String($1).utf8.count }
    }
}
