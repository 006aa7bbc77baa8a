import Foundation

/// The image bytes of adaptive image glyphs, keyed by content identifier: each image is stored once, however
/// many glyphs show it.
///
/// Glyph attributes hold only an `ImageGlyphReference`; a glyph copied or pasted elsewhere carries the same
/// identifier and so shares the stored image. `Data` is copy-on-write, so copies of a store share bytes too.
public struct ImageStore: Sendable, Hashable {
    /// One stored image: its bytes, their uniform type, and the accessible description of the glyph.
    public struct Image: Sendable, Hashable {
        /// The encoded image (HEIC for Genmoji, PNG, …).
        public var data: Data
        /// The uniform type of `data`, such as `public.heic`.
        public var contentType: String
        /// The accessible description of the glyph.
        public var contentDescription: String

        /// An image.
        public init(data: Data, contentType: String, contentDescription: String) {
            self.data = data
            self.contentType = contentType
            self.contentDescription = contentDescription
        }
    }

    /// The images by content identifier.
    public private(set) var images: [String: Image] = [:]

    /// An empty store.
    public init() {}

    /// The image for `contentIdentifier`.
    public subscript(contentIdentifier: String) -> Image? { images[contentIdentifier] }

    /// The stored identifiers, sorted by their UTF-8 bytes (the order every writer uses).
    public var identifiers: [String] {
        images.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The number of stored images.
    public var count: Int { images.count }

    /// Whether the store is empty.
    public var isEmpty: Bool { images.isEmpty }

    /// Stores `image` under `contentIdentifier` unless an image is already stored there; returns whether it
    /// was added. The first image for an identifier wins, so pasting a glyph never replaces or duplicates it.
    @discardableResult
    public mutating func insert(_ image: Image, for contentIdentifier: String) -> Bool {
        guard images[contentIdentifier] == nil else { return false }
        images[contentIdentifier] = image
        return true
    }

    /// Stores `image` under `contentIdentifier`, replacing any image stored there.
    public mutating func replace(_ image: Image, for contentIdentifier: String) {
        images[contentIdentifier] = image
    }

    /// Stores the images of `glyph` (bytes, and the reference's type and description) unless already stored.
    @discardableResult
    public mutating func insert(_ data: Data, for glyph: ImageGlyphReference) -> Bool {
        insert(Image(data: data, contentType: glyph.contentType, contentDescription: glyph.contentDescription),
               for: glyph.contentIdentifier)
    }

    /// Removes the image for `contentIdentifier`.
    public mutating func remove(_ contentIdentifier: String) {
        images[contentIdentifier] = nil
    }

    /// Adds every image of `other` whose identifier this store does not hold yet (a paste between documents).
    public mutating func merge(_ other: ImageStore) {
        for (id, image) in other.images where images[id] == nil { images[id] = image }
    }

    /// Only the images whose identifiers are in `identifiers`.
    public func restricted(to identifiers: Set<String>) -> ImageStore {
        var result = ImageStore()
        result.images = images.filter { identifiers.contains($0.key) }
        return result
    }
}

extension ImageStore {
    /// The content identifiers of the glyphs in `document` that have no image in this store, sorted as the
    /// writers sort them: what a writer must say it writes without an image.
    public func glyphsWithoutImage(in document: RichString) -> [String] {
        var missing: Set<String> = []
        var seen: Set<AttributeSet> = []
        document.runStore.forEachRun(in: 0..<document.text.utf8Count) { _, attributes in
            guard seen.insert(attributes).inserted else { return true }
            for entry in attributes.entries {
                if case .imageGlyph(let glyph) = entry.value, images[glyph.contentIdentifier] == nil {
                    missing.insert(glyph.contentIdentifier)
                }
            }
            return true
        }
        return missing.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
