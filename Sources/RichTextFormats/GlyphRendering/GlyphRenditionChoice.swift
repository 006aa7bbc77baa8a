/// Which of an image's renditions to decode for a picture `height` pixels tall.
///
/// The smallest rendition at least that tall, so that scaling only ever shrinks (sharper than enlarging);
/// when none is tall enough, the tallest. Renditions with a size outside `GlyphImageLimits` are never chosen.
enum GlyphRenditionChoice {
    /// The index in `sizes` of the rendition to decode, or nil when none may be decoded.
    static func index(among sizes: [(width: Int, height: Int)], forHeight height: Int) -> Int? {
        var best: Int? = nil
        for (i, size) in sizes.enumerated() where GlyphImageLimits.allows(width: size.width, height: size.height) {
            guard let current = best else { best = i; continue }
            let chosen = sizes[current].height
            if size.height >= height {
                if chosen < height || size.height < chosen { best = i }
            } else if chosen < height && size.height > chosen {
                best = i
            }
        }
        return best
    }
}
