import CGtk
import Foundation
import RichText
import RichTextFormats

/// Genmoji images as `GdkTexture`s, decoded once per image through the project's libheif loader
/// (`LibheifGlyphDecoder`, loaded at run time). An image that cannot be decoded (no libheif, a corrupt stream)
/// leaves its U+FFFC showing, and says why once on stderr.
struct GlyphTextures {
    /// The height glyphs are decoded at, in pixels: about a line of the editor's text.
    static let height = 28
    private var textures: [String: OpaquePointer?] = [:]

    mutating func texture(for glyph: ImageGlyphReference, in images: ImageStore) -> OpaquePointer? {
        if let made = textures[glyph.contentIdentifier] { return made }
        var texture: OpaquePointer?
        if let image = images[glyph.contentIdentifier] {
            do {
                let decoded = try LibheifGlyphDecoder().decode(image.data, contentType: image.contentType, nearestHeight: Self.height)
                let pixels = decoded.pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
                texture = gdk_memory_texture_new(Int32(decoded.width), Int32(decoded.height), GDK_MEMORY_R8G8B8A8, pixels, gsize(decoded.width * 4))
                g_bytes_unref(pixels)
            } catch {
                FileHandle.standardError.write(Data("gtk-recipe-editor: the Genmoji \"\(glyph.contentDescription)\" cannot be shown: \(error)\n".utf8))
            }
        }
        textures[glyph.contentIdentifier] = texture
        return texture
    }
}
