/// A path from the document root to a value, rendered like `$.attributes[2].name`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// An object member name.
        case key(String)
        /// An array index (0-based).
        case index(Int)
    }

    /// The steps from the root, outermost first.
    public var components: [Component]

    /// Creates a path from components (empty = the root, `$`).
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Creates a path from a literal list of components.
    public init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// The root path `$`.
    public static var root: JSONPath { JSONPath() }

    /// This path extended by an object key.
    public func appending(key: String) -> JSONPath {
        var p = self
        p.components.append(.key(key))
        return p
    }

    /// This path extended by an array index.
    public func appending(index: Int) -> JSONPath {
        var p = self
        p.components.append(.index(index))
        return p
    }

    /// Renders the path: `$`, then `.name` for identifier-like keys, `["any key"]`
    /// (JSON-escaped) for other keys, and `[n]` for indices.
    public var description: String {
        var out = "$"
        for c in components {
            switch c {
            case .index(let i):
                out += "[\(i)]"
            case .key(let k):
                if Self.isIdentifier(k) {
                    out += "." + k
                } else {
                    var w = JSONWriter(options: .init(escapeSlashes: false))
                    w.appendString(k)
                    out += "[" + String(decoding: w.bytes, as: UTF8.self) + "]"
                }
            }
        }
        return out
    }

    private static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first else { return false }
        func isStart(_ b: UInt8) -> Bool { (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x5F || b == 0x24 }
        guard isStart(first) else { return false }
        return s.utf8.allSatisfy { isStart($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }
}
