// RichTextFormats: the document formats that fmtcheck reads and writes (DESIGN.md §5). FORMATS.md beside
// this file describes every layout on disk.
//
// - Native JSON (Foundation's AttributedString Codable layout): NativeJSONDecoder, NativeJSONEncoder,
//   NativeJSONSchema, AttributeValueCodec; errors are DocumentError, results DecodedDocument.
// - Adaptive image glyphs: ImageGlyphReference values (RichText) with their bytes in an ImageStore.
// - Plain text with attachments: PlainTextWithAttachments (decompose / recompose / folder form).
// - HTML export: HTMLExporter, HTMLExport, HTMLExportWarning, HTMLLinkPolicy, PNGEncoder.
// - Glyph images as pixels, for HTML's fallback <img> (GlyphRendering/): GlyphImageDecoder, PlatformGlyphDecoder
//   (ImageIO, or libheif loaded at run time on Linux), UnavailableGlyphDecoder, RGBAImage, GlyphRenderingFailure.
// - The attribute names the formats give meaning to: StandardAttributes.
