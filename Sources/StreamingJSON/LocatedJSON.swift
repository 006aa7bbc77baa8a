// A JSON tree that remembers where every value (and key) came from.

struct LocatedJSONBuilder: JSONTreeBuilder {
    func scalar(_ kind: JSONToken.Kind, _ location: JSONLocation) -> LocatedJSON {
        let k: LocatedJSON.Kind
        switch kind {
        case .string(let s): k = .string(s)
        case .integer(let i): k = .integer(i)
        case .number(let d): k = .number(d)
        case .bool(let b): k = .bool(b)
        default: k = .null
        }
        return LocatedJSON(kind: k, location: location)
    }

    func array(_ elements: ArraySlice<LocatedJSON>, _ location: JSONLocation) -> LocatedJSON {
        LocatedJSON(kind: .array(Array(elements)), location: location)
    }

    func object(keys: ArraySlice<String>, keyLocations: ArraySlice<JSONLocation>, values: ArraySlice<LocatedJSON>, _ location: JSONLocation) -> LocatedJSON {
        var members: [LocatedJSON.Member] = []
        members.reserveCapacity(keys.count)
        for (i, j) in zip(keys.indices, values.indices) {
            members.append(LocatedJSON.Member(key: keys[i], keyLocation: keyLocations[i], value: values[j]))
        }
        return LocatedJSON(kind: .object(members), location: location)
    }
}

/// A parsed JSON value in which every node carries the location of its first byte.
///
/// Produced by `JSONValue.parseWithLocations`. Use `forEachNode` to visit
/// every node with its `JSONPath`, e.g. to report definition-file errors as
/// `$.attributes[2].name (line 7, column 13): ...`.
public struct LocatedJSON: Sendable, Hashable {
    /// An object member with the location of its key.
    public struct Member: Sendable, Hashable {
        /// The member name.
        public var key: String
        /// The location of the key's opening quote.
        public var keyLocation: JSONLocation
        /// The member value.
        public var value: LocatedJSON

        /// Creates a member.
        public init(key: String, keyLocation: JSONLocation, value: LocatedJSON) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// The kind of a located node, with its (located) children.
    public enum Kind: Sendable, Hashable {
        /// A string.
        case string(String)
        /// An integer that fits in `Int`.
        case integer(Int)
        /// Any other number.
        case number(Double)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
        /// An array of located elements.
        case array([LocatedJSON])
        /// An object's members in document order (keys are unique).
        case object([Member])
    }

    /// What this node is.
    public var kind: Kind
    /// The location of the node's first byte.
    public var location: JSONLocation

    /// Creates a node.
    public init(kind: Kind, location: JSONLocation) {
        self.kind = kind
        self.location = location
    }

    /// The child nodes (array elements or member values) in document order; empty for scalars.
    public var children: [LocatedJSON] {
        switch kind {
        case .array(let a): return a
        case .object(let m): return m.map(\.value)
        default: return []
        }
    }

    /// The member value for `key`, if this is an object containing it.
    public subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at `index`, if this is an array and the index is in range.
    public subscript(index: Int) -> LocatedJSON? {
        guard case .array(let a) = kind, a.indices.contains(index) else { return nil }
        return a[index]
    }

    /// The node at `path` relative to this node, or nil if there is none.
    public func node(at path: JSONPath) -> LocatedJSON? {
        var current = self
        for c in path.components {
            switch c {
            case .key(let k): guard let n = current[k] else { return nil }; current = n
            case .index(let i): guard let n = current[i] else { return nil }; current = n
            }
        }
        return current
    }

    /// Visits this node and all descendants in document order (pre-order) with their paths.
    ///
    /// Iterative, so it is safe on any depth the parser accepted.
    public func forEachNode(_ body: (JSONPath, LocatedJSON) throws -> Void) rethrows {
        var stack: [(JSONPath, LocatedJSON)] = [(.root, self)]
        while let (path, node) = stack.popLast() {
            try body(path, node)
            switch node.kind {
            case .array(let a):
                for i in a.indices.reversed() { stack.append((path.appending(index: i), a[i])) }
            case .object(let m):
                for member in m.reversed() { stack.append((path.appending(key: member.key), member.value)) }
            default:
                break
            }
        }
    }

    /// The plain value without locations (iterative conversion).
    public var value: JSONValue {
        // Post-order conversion with an explicit stack.
        var work: [(node: LocatedJSON, expanded: Bool)] = [(self, false)]
        var out: [JSONValue] = []
        while let (node, expanded) = work.popLast() {
            switch node.kind {
            case .string(let s): out.append(.string(s))
            case .integer(let i): out.append(.integer(i))
            case .number(let d): out.append(.number(d))
            case .bool(let b): out.append(.bool(b))
            case .null: out.append(.null)
            case .array(let a):
                if expanded {
                    let start = out.count - a.count
                    let arr = Array(out[start...])
                    out.removeSubrange(start...)
                    out.append(.array(arr))
                } else {
                    work.append((node, true))
                    for child in a.reversed() { work.append((child, false)) }
                }
            case .object(let m):
                if expanded {
                    let start = out.count - m.count
                    let vals = Array(out[start...])
                    out.removeSubrange(start...)
                    out.append(.object(JSONObject(uniqueKeys: m.map(\.key), values: vals)))
                } else {
                    work.append((node, true))
                    for member in m.reversed() { work.append((member.value, false)) }
                }
            }
        }
        return out[0]
    }
}
