/// How much a HEIC reader may take from untrusted bytes. Past a limit, reading stops with
/// `HEICError.Kind.limitExceeded`; memory stays bounded by the input's size and these numbers.
public struct HEICLimits: Sendable, Hashable {
    /// How deep boxes may nest below the top level (a Genmoji needs 4: meta → iprp → ipco → ispe).
    public var maxDepth: Int
    /// How many boxes one container may hold.
    public var maxChildren: Int
    /// How many items `iinf`, `iloc` and `ipma` may declare.
    public var maxItems: Int
    /// How many extents one item may have.
    public var maxExtents: Int
    /// The most bytes the reader copies out of one item (the XMP packet).
    public var maxItemBytes: Int

    /// Limits; the defaults are far above anything Apple writes for a glyph.
    public init(maxDepth: Int = 16, maxChildren: Int = 4096, maxItems: Int = 4096, maxExtents: Int = 256,
                maxItemBytes: Int = 1 << 20) {
        self.maxDepth = maxDepth
        self.maxChildren = maxChildren
        self.maxItems = maxItems
        self.maxExtents = maxExtents
        self.maxItemBytes = maxItemBytes
    }
}
