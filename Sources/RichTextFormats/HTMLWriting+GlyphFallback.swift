import Foundation
import RichText

/// A glyph's decoded fallback at one size.
struct GlyphFallbackKey: Hashable {
    var contentIdentifier: String
    var cssHeight: Int
}

/// A decoded fallback PNG written once: its URL and its size in CSS pixels.
struct RenderedFallback {
    var url: String
    var width: Int
    var height: Int
}

extension HTMLWriting {
    /// The glyph's font size in CSS pixels: an em at its `fontSize` in points (12 pt, a browser's 16 px, when it
    /// has none), clamped so that a hostile size cannot ask for a huge picture.
    static func cssEm(_ attributes: AttributeSet) -> Int {
        let points: Double
        switch attributes[StandardAttributes.fontSize.name] {
        case .number(let d)? where d.isFinite && d > 0: points = d
        case .integer(let i)? where i > 0: points = Double(i)
        default: points = 12
        }
        return Int(min(max((points * 4 / 3).rounded(), 1), Double(GlyphImageLimits.maxOutputSide / 4)))
    }

    /// The glyph's image decoded and scaled to an em of its text, as a PNG file or `data:` URL made once per
    /// size; nil, with a warning the first time, when it cannot be decoded, and nil without one when the store
    /// has no image for it.
    mutating func renderedFallback(_ id: String, attributes: AttributeSet) -> RenderedFallback? {
        guard let image = images[id], undecodable[id] == nil else { return nil }
        let em = Self.cssEm(attributes)
        let key = GlyphFallbackKey(contentIdentifier: id, cssHeight: em)
        if let known = renderedFallbacks[key] { return known }
        let picture: RGBAImage
        do {
            picture = try decoder.fallbackImage(image.data, contentType: image.contentType, height: em * pixelScale)
        } catch {
            undecodable[id] = error
            warnings.append(HTMLExportWarning(contentIdentifier: id, reason: error))
            return nil
        }
        let png = Data(picture.png())
        let url: String
        switch policy {
        case .dataURLs:
            url = "data:image/png;base64," + png.base64EncodedString()
        case .files(let folder):
            url = Self.join(folder, names.name(for: "\(id)-\(picture.height)px", fileExtension: "png"))
            files[url] = png
        }
        let width = max(1, Int((Double(picture.width) / Double(pixelScale)).rounded()))
        let rendered = RenderedFallback(url: url, width: width, height: em)
        renderedFallbacks[key] = rendered
        return rendered
    }
}
