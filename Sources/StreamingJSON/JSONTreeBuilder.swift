// Iterative (non-recursive) construction of value trees from the scanner's tokens.

/// Builds the nodes of a tree; implemented for `JSONValue` and `LocatedJSON`.
protocol JSONTreeBuilder {
    associatedtype Node
    func scalar(_ kind: JSONToken.Kind, _ location: JSONLocation) -> Node
    func array(_ elements: ArraySlice<Node>, _ location: JSONLocation) -> Node
    func object(keys: ArraySlice<String>, keyLocations: ArraySlice<JSONLocation>, values: ArraySlice<Node>, _ location: JSONLocation) -> Node
}

private struct OpenContainer {
    var isObject: Bool
    var valueStart: Int
    var keyStart: Int
    var location: JSONLocation
    /// Key -> absolute index into `keys`, created once an object grows large.
    var seen: [String: Int]?
}

private let linearDuplicateScanLimit = 12

/// Runs `builder` over the bytes with an explicit stack; duplicate keys are rejected.
func buildJSONTree<B: JSONTreeBuilder>(_ builder: B, _ p: UnsafePointer<UInt8>, _ n: Int, limits: JSONReader.Limits) throws(JSONSyntaxError) -> B.Node {
    var scanner = JSONScanner(limits: limits)
    var values: [B.Node] = []
    var keys: [String] = []
    var keyLocations: [JSONLocation] = []
    var open: [OpenContainer] = []
    var result: B.Node? = nil

    while let token = try scanner.next(p, n) {
        let node: B.Node
        switch token.kind {
        case .beginArray, .beginObject:
            open.append(OpenContainer(isObject: token.kind == .beginObject, valueStart: values.count,
                                      keyStart: keys.count, location: token.location, seen: nil))
            continue
        case .endArray:
            let c = open.removeLast()
            node = builder.array(values[c.valueStart...], c.location)
            values.removeSubrange(c.valueStart...)
        case .endObject:
            let c = open.removeLast()
            node = builder.object(keys: keys[c.keyStart...], keyLocations: keyLocations[c.keyStart...],
                                  values: values[c.valueStart...], c.location)
            values.removeSubrange(c.valueStart...)
            keys.removeSubrange(c.keyStart...)
            keyLocations.removeSubrange(c.keyStart...)
        case .key(let key):
            let top = open.count - 1
            let keyStart = open[top].keyStart
            var firstIndex: Int? = nil
            if open[top].seen != nil {
                firstIndex = open[top].seen![key]
                if firstIndex == nil { open[top].seen![key] = keys.count }
            } else {
                var i = keyStart
                while i < keys.count {
                    if keys[i] == key { firstIndex = i; break }
                    i += 1
                }
                if firstIndex == nil && keys.count - keyStart >= linearDuplicateScanLimit {
                    var d = [String: Int](minimumCapacity: 2 * linearDuplicateScanLimit)
                    for j in keyStart..<keys.count { d[keys[j]] = j }
                    d[key] = keys.count
                    open[top].seen = d
                }
            }
            if let firstIndex {
                throw JSONSyntaxError(kind: .duplicateKey,
                                      message: "duplicate key \"\(key)\" in object; first defined at \(keyLocations[firstIndex])",
                                      location: token.location)
            }
            keys.append(key)
            keyLocations.append(token.location)
            continue
        default:
            node = builder.scalar(token.kind, token.location)
        }
        if open.isEmpty {
            result = node
        } else {
            values.append(node)
        }
    }
    return result!
}

/// Calls `body` with a pointer/count for the bytes (a valid pointer even when empty).
@inline(__always)
func withJSONBytes<R>(_ buffer: UnsafeRawBufferPointer, _ body: (UnsafePointer<UInt8>, Int) throws(JSONSyntaxError) -> R) throws(JSONSyntaxError) -> R {
    if let base = buffer.baseAddress, buffer.count > 0 {
        return try body(base.assumingMemoryBound(to: UInt8.self), buffer.count)
    }
    var zero: UInt8 = 0
    return try withUnsafePointer(to: &zero) { (z) throws(JSONSyntaxError) -> R in try body(z, 0) }
}
