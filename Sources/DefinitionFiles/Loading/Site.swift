import StreamingJSON

/// Where something is written in a definition file: its line and column, and its JSON path.
struct Site: Hashable, Sendable {
    /// The line and column of the first byte.
    var location: JSONLocation
    /// The path from the root.
    var path: JSONPath

    /// The site of a member's key, for findings about the name itself (an unknown or duplicate field).
    static func key(_ member: LocatedJSON.Member, in objectPath: JSONPath) -> Site {
        Site(location: member.keyLocation, path: objectPath.appending(key: member.key))
    }
}
