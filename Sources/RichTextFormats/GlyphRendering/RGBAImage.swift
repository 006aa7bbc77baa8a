/// Decoded pixels: 8-bit red, green, blue and straight (not premultiplied) alpha, row by row, top row first,
/// as `PNGEncoder` writes them.
public struct RGBAImage: Sendable, Hashable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes.
    public let pixels: [UInt8]

    /// An image, or nil when the sizes are not positive or `pixels` does not hold exactly `width × height × 4`
    /// bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, width <= Int.max / 4 / height, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The image as PNG.
    public func png() -> [UInt8] {
        PNGEncoder.encode(width: width, height: height, rgba: pixels)
    }
}
