/// A gitignore-style glob, anchored at a folder: what `exclude`, `extendExclude` and `perFileIgnores` in
/// `.fmtcheck.json` (anchored at the file's folder), their command-line options (anchored at the current
/// folder) and `.gitignore` lines (anchored at the `.gitignore`'s folder) are written in.
///
/// The rules are git's (`gitignore(5)`):
/// - `*` matches anything but `/`, `?` one character but `/`, `[a-z]` and `[!a-z]` one character of a set,
///   `\` makes the next character literal.
/// - A pattern with no `/` but a trailing one (`node_modules`, `*.draft.json`) matches a name at any depth
///   below its folder; one with a `/` at the start or in the middle (`legacy/*.json`, `/build`) matches the path
///   relative to its folder.
/// - `**` as a whole segment matches any number of folders: `**/x`, `a/**/b`, `legacy/**`.
/// - A trailing `/` matches only folders; a leading `!` re-includes what an earlier pattern excluded.
public struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    /// The folder it is anchored at: absolute, without a trailing slash.
    public let base: String
    /// Where it was written, for messages: a configuration file, `--exclude`, a `.gitignore` line.
    public let origin: String
    /// `!pattern`: a match re-includes.
    public let isNegated: Bool
    /// `pattern/`: matches only folders.
    let matchesOnlyFolders: Bool
    /// The segments between slashes, `**` kept whole; an unanchored pattern starts with `**`.
    let segments: [Segment]

    /// One segment: `**`, or a glob of one name's characters.
    enum Segment: Hashable, Sendable {
        case anyFolders
        case name([GlobElement])
    }

    /// A pattern that is one name at any depth with no wildcard (`node_modules/`, `tsconfig.json`): the name.
    let literalName: String?

    /// One element of a name glob.
    enum GlobElement: Hashable, Sendable {
        case literal(Unicode.Scalar)
        case anyOne
        case anyRun
        /// A set of ranges (a single character is a range of one), negated by `[!…]` or `[^…]`.
        case set([ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    /// The pattern `text` anchored at `base` (an absolute folder); nil when the text is blank, a comment
    /// (`#…`), or matches nothing (`/`, `!`).
    public init?(_ text: String, base: String, origin: String = "") {
        self.text = text
        self.origin = origin
        self.base = base.count > 1 && base.hasSuffix("/") ? String(base.dropLast()) : base
        var body = Substring(text)
        // Trailing spaces are not part of a pattern unless escaped.
        while body.hasSuffix(" ") && !body.hasSuffix("\\ ") { body = body.dropLast() }
        guard !body.isEmpty, !body.hasPrefix("#") else { return nil }
        isNegated = body.hasPrefix("!")
        if isNegated { body = body.dropFirst() }
        if body.hasPrefix("\\!") || body.hasPrefix("\\#") { body = body.dropFirst() }
        matchesOnlyFolders = body.hasSuffix("/") && !body.hasSuffix("\\/")
        if matchesOnlyFolders { body = body.dropLast() }
        let anchored = body.contains("/")
        if body.hasPrefix("/") { body = body.dropFirst() }
        guard !body.isEmpty else { return nil }
        var segments: [Segment] = anchored ? [] : [.anyFolders]
        for part in body.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "**" {
                if segments.last != .anyFolders { segments.append(.anyFolders) }
            } else {
                segments.append(.name(Self.glob(part)))
            }
        }
        self.segments = segments
        if segments.count == 2, segments[0] == .anyFolders, case .name(let glob) = segments[1],
           glob.allSatisfy({ if case .literal = $0 { return true } else { return false } }) {
            var name = String.UnicodeScalarView()
            for case .literal(let c) in glob { name.append(c) }
            literalName = String(name)
        } else {
            literalName = nil
        }
    }

    public var description: String { text }

    /// The components of `path` (absolute) below `base`, or nil when it is not below it.
    func components(of path: String) -> [Substring]? {
        if base == "/" { return path.split(separator: "/") }
        guard path.hasPrefix(base) else { return nil }
        let rest = path.dropFirst(base.count)
        guard rest.hasPrefix("/") else { return nil }
        return rest.split(separator: "/")
    }

    /// Whether the pattern matches `path` (absolute), which is a folder when `isFolder` says so; `isFolder` is
    /// asked only when the pattern matches only folders.
    public func matches(_ path: String, isFolder: () -> Bool) -> Bool {
        // `name` (any depth): only the last component can match; a name without wildcards is compared as text.
        if segments.count == 2, segments[0] == .anyFolders, case .name(let glob) = segments[1] {
            guard base == "/" || (path.hasPrefix(base) && path.utf8.dropFirst(base.utf8.count).first == UInt8(ascii: "/")) else { return false }
            let last = Self.lastComponent(of: path)
            guard !last.isEmpty else { return false }
            // A literal name: the same scalars are the same bytes, and a name of another length is told at once.
            let named = literalName.map { last.utf8.count == $0.utf8.count && last.utf8.elementsEqual($0.utf8) }
                ?? Self.matchName(glob[...], Array(last.unicodeScalars)[...])
            return named && (!matchesOnlyFolders || isFolder())
        }
        return matchesBySegments(path, isFolder: isFolder)
    }

    /// What follows the last `/` of `path` (all of it when there is none), found in its bytes.
    static func lastComponent(of path: String) -> Substring {
        let slash = path.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var i = bytes.count - 1
            while i >= 0 && bytes[i] != UInt8(ascii: "/") { i -= 1 }
            return i >= 0 ? i : nil
        } ?? path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.distance(from: path.utf8.startIndex, to: $0) }
        guard let slash else { return path[...] }
        return path[path.utf8.index(path.utf8.startIndex, offsetBy: slash + 1)...]
    }

    /// `matches` without its shortcut for a name at any depth: every component against every segment. The
    /// shortcut is held equal to it by `PathPatternTests.testTheNameShortcutAgreesWithTheSegmentMatch`.
    func matchesBySegments(_ path: String, isFolder: () -> Bool) -> Bool {
        guard let components = components(of: path), !components.isEmpty else { return false }
        let names = components.map { Array($0.unicodeScalars) }
        guard Self.match(segments[...], names[...]) else { return false }
        return !matchesOnlyFolders || isFolder()
    }

    /// Whether the segments match the names exactly.
    static func match(_ segments: ArraySlice<Segment>, _ names: ArraySlice<[Unicode.Scalar]>) -> Bool {
        guard let first = segments.first else { return names.isEmpty }
        switch first {
        case .anyFolders:
            let rest = segments.dropFirst()
            // A trailing `**` matches everything inside, not the folder itself.
            if rest.isEmpty { return !names.isEmpty }
            var tail = names
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        case .name(let glob):
            guard let name = names.first, matchName(glob[...], name[...]) else { return false }
            return match(segments.dropFirst(), names.dropFirst())
        }
    }

    /// Whether a name glob matches one name.
    static func matchName(_ glob: ArraySlice<GlobElement>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        var g = glob.startIndex, n = name.startIndex
        // The last `*` seen and where in the name it started, for backtracking (linear for one `*` at a time).
        var star: (glob: Int, name: Int)?
        while n < name.endIndex {
            if g < glob.endIndex {
                switch glob[g] {
                case .anyRun:
                    star = (g, n)
                    g += 1
                    continue
                case .anyOne:
                    g += 1; n += 1
                    continue
                case .literal(let c) where c == name[n]:
                    g += 1; n += 1
                    continue
                case .set(let ranges, let negated) where ranges.contains { $0.contains(name[n]) } != negated:
                    g += 1; n += 1
                    continue
                default:
                    break
                }
            }
            guard let last = star else { return false }
            star = (last.glob, last.name + 1)
            g = last.glob + 1
            n = last.name + 1
        }
        while g < glob.endIndex, glob[g] == .anyRun { g += 1 }
        return g == glob.endIndex
    }

    /// The glob of one segment's text.
    static func glob(_ text: Substring) -> [GlobElement] {
        let scalars = Array(text.unicodeScalars)
        var elements: [GlobElement] = []
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "\\" where i + 1 < scalars.count:
                elements.append(.literal(scalars[i + 1]))
                i += 2
                continue
            case "*":
                if elements.last != .anyRun { elements.append(.anyRun) }
            case "?":
                elements.append(.anyOne)
            case "[":
                if let (set, end) = bracket(scalars, from: i) {
                    elements.append(set)
                    i = end
                    continue
                }
                elements.append(.literal(c))
            default:
                elements.append(.literal(c))
            }
            i += 1
        }
        return elements
    }

    /// The set `[…]` starting at `start`, and the index after it; nil when it does not close (then `[` is literal).
    static func bracket(_ scalars: [Unicode.Scalar], from start: Int) -> (GlobElement, Int)? {
        var i = start + 1
        var negated = false
        if i < scalars.count, scalars[i] == "!" || scalars[i] == "^" { negated = true; i += 1 }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while i < scalars.count {
            var c = scalars[i]
            if c == "]" && !first { return (.set(ranges, negated: negated), i + 1) }
            first = false
            if c == "\\", i + 1 < scalars.count { i += 1; c = scalars[i] }
            if i + 2 < scalars.count, scalars[i + 1] == "-", scalars[i + 2] != "]" {
                let upper = scalars[i + 2]
                if c <= upper { ranges.append(c...upper) }
                i += 3
            } else {
                ranges.append(c...c)
                i += 1
            }
        }
        return nil
    }
}

extension Array where Element == PathPattern {
    /// The pattern that decides `path`, gitignore's way: the last one that matches; it excludes unless negated.
    func decidingMatch(for path: String, isFolder: () -> Bool) -> PathPattern? {
        var folder: Bool?
        func lazyFolder() -> Bool {
            if let folder { return folder }
            let answer = isFolder()
            folder = answer
            return answer
        }
        return last { $0.matches(path, isFolder: lazyFolder) }
    }
}
