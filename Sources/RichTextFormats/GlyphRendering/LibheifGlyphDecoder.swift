import Foundation

/// Decodes HEIF/HEIC images with libheif, loaded at run time (`Libheif`): the decoder `PlatformGlyphDecoder`
/// uses on Linux. Where libheif cannot be loaded (no `libheif1`, another architecture) every decode fails with
/// `decoderUnavailable` and the reason.
public struct LibheifGlyphDecoder: GlyphImageDecoder {
    /// A libheif decoder.
    public init() {}

    /// Whether `data` looks like an ISO base media file (a `ftyp` box first), as every HEIF file does.
    static func hasFileTypeBox(_ data: Data) -> Bool {
        data.count >= 12 && data.dropFirst(4).prefix(4).elementsEqual("ftyp".utf8)
    }

    public func decode(_ data: Data, contentType: String, nearestHeight height: Int) throws(GlyphRenderingFailure) -> RGBAImage {
        guard contentType == "public.heic" || contentType == "public.heif" || Self.hasFileTypeBox(data) else {
            throw .unsupportedContentType(contentType)
        }
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        let library = try Libheif.shared.get()
        let bytes = [UInt8](data)
        // libheif reads the bytes in place ("without copy"), so they stay borrowed until the context is freed.
        let result: Result<RGBAImage, GlyphRenderingFailure> = bytes.withUnsafeBytes { raw in
            Result { () throws(GlyphRenderingFailure) -> RGBAImage in
                try Self.decode(raw, with: library, nearestHeight: height)
            }
        }
        return try result.get()
        #else
        throw .decoderUnavailable("libheif is loaded only on 64-bit Linux (x86-64, arm64)")
        #endif
    }

    #if os(Linux) && (arch(x86_64) || arch(arm64))
    static func decode(_ bytes: UnsafeRawBufferPointer, with heif: Libheif, nearestHeight height: Int) throws(GlyphRenderingFailure) -> RGBAImage {
        guard bytes.count >= 12 else { throw .undecodable(decoder: heif.name, message: "\(bytes.count) bytes are too few for a HEIF file") }
        guard let context = heif.contextAlloc() else { throw .undecodable(decoder: heif.name, message: "no memory for a context") }
        defer { heif.contextFree(context) }
        if let failure = Libheif.failure(heif.readFromMemory(context, bytes.baseAddress, bytes.count, nil), decoder: heif.name) {
            throw failure
        }
        let count = Int(heif.numberOfTopLevelImages(context))
        guard count > 0 else { throw .noImage }
        guard count <= GlyphImageLimits.maxRenditions else {
            throw .undecodable(decoder: heif.name, message: "the file lists \(count) images, more than \(GlyphImageLimits.maxRenditions)")
        }
        var ids = [UInt32](repeating: 0, count: count)
        let listed = Int(ids.withUnsafeMutableBufferPointer { heif.listOfTopLevelImageIDs(context, $0.baseAddress, Int32(count)) })
        guard listed > 0 else { throw .noImage }
        ids = Array(ids.prefix(min(listed, count)))

        var sizes: [(width: Int, height: Int)] = []
        for id in ids {
            let handle = try Self.handle(id, in: context, with: heif)
            sizes.append((Int(heif.handleWidth(handle)), Int(heif.handleHeight(handle))))
            heif.handleRelease(handle)
        }
        guard let chosen = GlyphRenditionChoice.index(among: sizes, forHeight: height) else {
            let largest = sizes.max { $0.width * $0.height < $1.width * $1.height }!
            throw .tooLarge(width: largest.width, height: largest.height)
        }

        let handle = try Self.handle(ids[chosen], in: context, with: heif)
        defer { heif.handleRelease(handle) }
        var image: OpaquePointer? = nil
        if let failure = Libheif.failure(heif.decodeImage(handle, &image, Libheif.colorspaceRGB, Libheif.chromaInterleavedRGBA, nil),
                                         decoder: heif.name) {
            if let image { heif.imageRelease(image) }
            throw failure
        }
        guard let image else { throw .undecodable(decoder: heif.name, message: "no image decoded") }
        defer { heif.imageRelease(image) }

        // The decoded size can differ from the listed one (rotation, cropping): check it again before copying.
        let width = Int(heif.imageWidth(image, Libheif.channelInterleaved))
        let rows = Int(heif.imageHeight(image, Libheif.channelInterleaved))
        guard GlyphImageLimits.allows(width: width, height: rows) else { throw .tooLarge(width: width, height: rows) }
        var stride: Int32 = 0
        guard let plane = heif.planeReadonly(image, Libheif.channelInterleaved, &stride), Int(stride) >= width * 4 else {
            throw .undecodable(decoder: heif.name, message: "the decoded image has no interleaved RGBA plane")
        }
        var pixels = [UInt8](repeating: 0, count: width * rows * 4)
        pixels.withUnsafeMutableBytes { out in
            for row in 0..<rows {
                out.baseAddress!.advanced(by: row * width * 4)
                    .copyMemory(from: plane.advanced(by: row * Int(stride)), byteCount: width * 4)
            }
        }
        guard let result = RGBAImage(width: width, height: rows, pixels: pixels) else { throw .noImage }
        return result
    }

    /// The handle of image `id`; the caller releases it.
    static func handle(_ id: UInt32, in context: OpaquePointer, with heif: Libheif) throws(GlyphRenderingFailure) -> OpaquePointer {
        var handle: OpaquePointer? = nil
        if let failure = Libheif.failure(heif.getImageHandle(context, id, &handle), decoder: heif.name) {
            throw failure
        }
        guard let handle else { throw .undecodable(decoder: heif.name, message: "image \(id) has no handle") }
        return handle
    }
    #endif
}
