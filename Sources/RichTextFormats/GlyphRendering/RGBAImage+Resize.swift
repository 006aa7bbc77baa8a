extension RGBAImage {
    /// The image scaled to `width` × `height` pixels (each at least 1).
    ///
    /// Shrinking averages every source pixel a destination pixel covers, in proportion to the area covered (a box
    /// filter), so thin details fade rather than vanish or alias; enlarging interpolates bilinearly. Both work
    /// on premultiplied alpha, so transparent pixels lend no colour to their neighbours.
    public func resized(width newWidth: Int, height newHeight: Int) -> RGBAImage {
        let newWidth = max(1, newWidth), newHeight = max(1, newHeight)
        if newWidth == width && newHeight == height { return self }
        let premultiplied = premultipliedSamples()
        let scaled: [Float]
        if newWidth <= width && newHeight <= height {
            let rows = Self.boxShrink(premultiplied, count: width, to: newWidth, lines: height, alongRows: true)
            scaled = Self.boxShrink(rows, count: height, to: newHeight, lines: newWidth, alongRows: false)
        } else {
            scaled = bilinear(premultiplied, width: newWidth, height: newHeight)
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: Self.straightBytes(scaled))!
    }

    /// Each pixel's colour multiplied by its alpha, as floats in 0…255.
    func premultipliedSamples() -> [Float] {
        var samples = [Float](repeating: 0, count: pixels.count)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Float(pixels[i + 3]) / 255
            samples[i] = Float(pixels[i]) * alpha
            samples[i + 1] = Float(pixels[i + 1]) * alpha
            samples[i + 2] = Float(pixels[i + 2]) * alpha
            samples[i + 3] = Float(pixels[i + 3])
        }
        return samples
    }

    /// Premultiplied samples back to straight-alpha bytes.
    static func straightBytes(_ samples: [Float]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: samples.count)
        func byte(_ value: Float) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        for i in stride(from: 0, to: samples.count, by: 4) {
            let alpha = samples[i + 3]
            guard alpha >= 0.5 else { continue }
            let scale = 255 / alpha
            bytes[i] = byte(samples[i] * scale)
            bytes[i + 1] = byte(samples[i + 1] * scale)
            bytes[i + 2] = byte(samples[i + 2] * scale)
            bytes[i + 3] = byte(alpha)
        }
        return bytes
    }

    /// Shrinks one axis by area averaging. The samples are `lines` lines of `count` pixels along the axis: rows
    /// (`alongRows`, stored row by row) or columns of a `lines`-wide image. The result is stored row by row.
    static func boxShrink(_ samples: [Float], count: Int, to newCount: Int, lines: Int, alongRows: Bool) -> [Float] {
        var out = [Float](repeating: 0, count: newCount * lines * 4)
        let step = Double(count) / Double(newCount)
        for target in 0..<newCount {
            let start = Double(target) * step, end = start + step
            var source = Int(start)
            while Double(source) < end && source < count {
                let weight = Float(min(end, Double(source + 1)) - max(start, Double(source))) / Float(step)
                for line in 0..<lines {
                    let from = alongRows ? (line * count + source) * 4 : (source * lines + line) * 4
                    let to = alongRows ? (line * newCount + target) * 4 : (target * lines + line) * 4
                    for c in 0..<4 { out[to + c] += samples[from + c] * weight }
                }
                source += 1
            }
        }
        return out
    }

    /// Bilinear interpolation of premultiplied samples, pixel centres aligned.
    func bilinear(_ samples: [Float], width newWidth: Int, height newHeight: Int) -> [Float] {
        var out = [Float](repeating: 0, count: newWidth * newHeight * 4)
        func coordinate(_ target: Int, _ newCount: Int, _ count: Int) -> (Int, Int, Float) {
            let position = max(0, min(Double(count - 1), (Double(target) + 0.5) * Double(count) / Double(newCount) - 0.5))
            let low = Int(position)
            return (low, min(low + 1, count - 1), Float(position - Double(low)))
        }
        for y in 0..<newHeight {
            let (y0, y1, fy) = coordinate(y, newHeight, height)
            for x in 0..<newWidth {
                let (x0, x1, fx) = coordinate(x, newWidth, width)
                for c in 0..<4 {
                    let top = samples[(y0 * width + x0) * 4 + c] * (1 - fx) + samples[(y0 * width + x1) * 4 + c] * fx
                    let bottom = samples[(y1 * width + x0) * 4 + c] * (1 - fx) + samples[(y1 * width + x1) * 4 + c] * fx
                    out[(y * newWidth + x) * 4 + c] = top * (1 - fy) + bottom * fy
                }
            }
        }
        return out
    }
}
