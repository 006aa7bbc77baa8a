#if canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO

/// Decodes glyph images with ImageIO (HEIC and every other format it reads): the decoder
/// `PlatformGlyphDecoder` uses on Apple platforms.
public struct ImageIOGlyphDecoder: GlyphImageDecoder {
    /// An ImageIO decoder.
    public init() {}

    public func decode(_ data: Data, contentType: String, nearestHeight height: Int) throws(GlyphRenderingFailure) -> RGBAImage {
        guard let source = CGImageSourceCreateWithData(data as CFData, nil) else {
            throw .undecodable(decoder: "ImageIO", message: "not an image it reads")
        }
        let count = CGImageSourceGetCount(source)
        guard count > 0 else { throw .noImage }
        guard count <= GlyphImageLimits.maxRenditions else {
            throw .undecodable(decoder: "ImageIO", message: "the file lists \(count) images, more than \(GlyphImageLimits.maxRenditions)")
        }
        var sizes: [(width: Int, height: Int)] = []
        for index in 0..<count {
            let properties = CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [CFString: Any] ?? [:]
            let width = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.intValue ?? 0
            let rows = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.intValue ?? 0
            sizes.append((width, rows))
        }
        guard let chosen = GlyphRenditionChoice.index(among: sizes, forHeight: height) else {
            let largest = sizes.max { $0.width * $0.height < $1.width * $1.height }!
            throw .tooLarge(width: largest.width, height: largest.height)
        }
        guard let image = CGImageSourceCreateImageAtIndex(source, chosen, nil) else {
            throw .undecodable(decoder: "ImageIO", message: "image \(chosen) does not decode")
        }
        let width = image.width, rows = image.height
        guard GlyphImageLimits.allows(width: width, height: rows) else { throw .tooLarge(width: width, height: rows) }
        var pixels = [UInt8](repeating: 0, count: width * rows * 4)
        let drawn: Bool = pixels.withUnsafeMutableBytes { buffer in
            guard let space = CGColorSpace(name: CGColorSpace.sRGB),
                  let context = CGContext(data: buffer.baseAddress, width: width, height: rows, bitsPerComponent: 8,
                                          bytesPerRow: width * 4, space: space,
                                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return false }
            context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: rows))
            return true
        }
        guard drawn else { throw .undecodable(decoder: "ImageIO", message: "no RGBA context for \(width)×\(rows) pixels") }
        // Core Graphics draws premultiplied; PNG stores straight alpha.
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[i + 3])
            guard alpha > 0 && alpha < 255 else { continue }
            for c in 0..<3 { pixels[i + c] = UInt8(min(255, (Int(pixels[i + c]) * 255 + alpha / 2) / alpha)) }
        }
        guard let result = RGBAImage(width: width, height: rows, pixels: pixels) else { throw .noImage }
        return result
    }
}
#endif
