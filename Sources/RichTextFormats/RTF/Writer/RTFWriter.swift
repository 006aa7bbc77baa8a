import Foundation
import RichText

/// Writes a document as Cocoa-flavoured RTF that TextEdit opens, the exact inverse of `RTFReader`'s mapping:
/// reading what this writes gives the document back for every attribute below.
///
/// The file starts as Cocoa's do:
///
/// ```
/// {\rtf1\ansi\ansicpg1252\cocoartf2822
/// \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fnil\fcharset0 Helvetica;}
/// {\colortbl;\red255\green0\blue0;}
/// {\*\expandedcolortbl;;}
/// \pard\qc
/// \f0\fs24 \cf1 Hello\
/// }
/// ```
///
/// Only what the document has is written: no default font or size, a font table of the fonts used, a colour
/// table of the colours used (entry 0 is the automatic colour, so `\cf0`/`\cb0` mean "none").
///
/// | attribute | RTF |
/// |---|---|
/// | `font` | `\fN` (table entry `\fN\fnil\fcharset0 NAME;`) |
/// | `fontSize` | `\fsN`, N = points × 2 |
/// | `bold` `italic` `strikethrough` `allCaps` `smallCaps` | `\b` `\i` `\strike` `\caps` `\scaps` (off: `\b0` …) |
/// | `underline` (+ `underlineStyle`) | `\ul`, `\uldb` `\ulth` `\uld` `\uldash` `\uldashd` `\uldashdd` `\ulwave`; off `\ulnone` |
/// | `strikethroughStyle` `double` | `\striked1` |
/// | `superscript` 1 / -1 | `\super` / `\sub`; off `\nosupersub` |
/// | `baselineOffset` | `\upN` / `\dnN`, N = points × 2 |
/// | `foregroundColor` `backgroundColor` | `\cfN` `\cbN`; components to 1/100000 in `\expandedcolortbl` (`\csgenericrgb\cR\cG\cB`, a 4th `\cA` when alpha < 1); an empty expanded entry when `\colortbl`'s n/255 is exact |
/// | `link` | `{\field{\*\fldinst{HYPERLINK "url"}}{\fldrslt text}}`; "#anchor" as `HYPERLINK \\l "anchor"` |
/// | `alignment` | `\ql` `\qc` `\qr` `\qj` `\qnatural` after `\pard` |
/// | `writingDirection` | `\ltrpar` `\rtlpar` |
/// | `headIndent` `tailIndent` `firstLineHeadIndent` | `\liN` `\riN` `\fiN`, N = points × 20 |
/// | `lineHeight` / `lineHeightPoints` | `\slN\slmult1` (N = × 240) / `\slN\slmult0` (N = × 20) |
/// | `paragraphSpacingBefore` `…After` | `\sbN` `\saN`, N = points × 20 |
/// | `adaptiveImageGlyph` | `{{\NeXTGraphic AdaptiveImageGlyph-<id>.heic \width<tw> \height<tw> \appleemojiimage <id>}¬}` |
/// | `attachment` | `{{\NeXTGraphic NAME \width<tw> \height<tw>}¬}` (package); `{\pict\pngblip…hex}`, `\jpegblip`, and `\wmetafile8` `\emfblip` `\macpict` by content type (.rtf) |
///
/// Text: printable ASCII as itself with `\`, `{`, `}` escaped; "\n" as Cocoa's paragraph end (`\` and a line
/// feed); U+2028 `\line`; tab `\tab`; U+000C `\page`; everything else `\uc0\uN ` with N the UTF-16 unit as a
/// signed 16-bit number (two escapes for a scalar outside the BMP). A CR or U+2029 is text (`\u13`,
/// `\u8233`), so the paragraph it ends shares the RTF paragraph of the next "\n".
///
/// The ¬ after a `\NeXTGraphic` group is the raw byte 0xAC, as Cocoa writes it (the reader skips it).
/// A graphic's `\width`/`\height` come from the image's header (PNG with its `pHYs` resolution, JPEG, HEIC
/// `ispe`), in whole points at 72 dpi unless the PNG says otherwise; 400 twips (20 pt) when the size cannot
/// be read.
///
/// Nothing is dropped in silence: every key without an RTF form, every value RTF cannot hold exactly
/// (rounded numbers, `false` flags, unknown styles), and image bytes a plain `.rtf` cannot hold are listed
/// in `Output.warnings`, one warning per kind of loss.
public struct RTFWriter: Sendable {
    /// What one write produces.
    public struct Output: Sendable {
        /// The RTF bytes (`TXT.rtf` of a package).
        public var rtf: [UInt8]
        /// The package's other files by name, each image once; empty unless writing a package.
        public var files: [String: Data]
        /// What the RTF does not keep exactly.
        public var warnings: [DocumentWarning]
    }

    /// A writer.
    public init() {}

    /// Writes `document` with the images of its glyphs and attachments.
    ///
    /// - Parameter asPackage: true for an RTFD package (`TXT.rtf` plus `files`); false for a lone `.rtf`, where
    ///   PNG, JPEG, WMF, EMF and PICT attachments are embedded as `\pict` and other image bytes are not kept
///   (and said so).
    public func write(_ document: RichString, images: ImageStore, asPackage: Bool) -> Output {
        var writing = RTFWriting(document: document, images: images, asPackage: asPackage)
        let rtf = writing.write()
        let edited = asPackage ? GlyphIdentityFromImages.editedDescriptions(in: document, images: images) : []
        return Output(rtf: rtf, files: writing.files, warnings: writing.warnings.list + edited)
    }
}
