import Foundation
import RichText

/// Glyphs and attachments: the package files they name, and the groups that stand for them in the text.
///
/// File names:
/// - an attachment's file is named by its identifier (the reader takes the identifier from the name), so two
///   attachments are never merged, even with identical bytes;
/// - a glyph's file is `AdaptiveImageGlyph-<id>.<ext>` as Apple names it (`<ext>` from its content type,
///   `heic` for Genmoji; an identifier that is not a safe file name gets `glyph-` and a hash of it). A glyph
///   whose bytes equal a file already written (an attachment's or another glyph's) names that file instead:
///   the reader still recovers each glyph's identifier from `\appleemojiimage`.
extension RTFWriting {
    /// The size written for a glyph or attachment whose image size cannot be read: 20 points square.
    static let defaultGraphicTwips = 400

    mutating func assignImageFiles() {
        var attachments: [ImageGlyphReference] = []
        var glyphs: [ImageGlyphReference] = []
        var seenAttachments: Set<String> = []
        var seenGlyphs: Set<String> = []
        for run in formats {
            switch run.graphic {
            case .attachment(let reference)? where seenAttachments.insert(reference.contentIdentifier).inserted:
                attachments.append(reference)
            case .glyph(let reference)? where seenGlyphs.insert(reference.contentIdentifier).inserted:
                glyphs.append(reference)
            default: break
            }
        }
        attachments.sort { $0.contentIdentifier.utf8.lexicographicallyPrecedes($1.contentIdentifier.utf8) }
        glyphs.sort { $0.contentIdentifier.utf8.lexicographicallyPrecedes($1.contentIdentifier.utf8) }

        var taken: Set<String> = ["txt.rtf"]
        var fileByContents: [Data: String] = [:]
        for reference in attachments {
            let name = reference.contentIdentifier
            if !reference.contentDescription.isEmpty { reportDescription() }
            if reference.contentType != RTFFileTypes.contentType(forFileName: name) {
                warnings.add(kind: "attachment-type",
                             "an attachment's content type is read back from its file name's extension (\(MessageText.quoted(name)) is \(reference.contentType))")
            }
            attachmentFiles[name] = name
            guard asPackage else { continue }
            guard ImageFileNames.isPlainFileName(name), !name.utf8.contains(0x3A), taken.insert(name.lowercased()).inserted else {
                warnings.add(kind: "attachment-name",
                             "the attachment \(MessageText.quoted(name)) cannot be a file of the package (its name is not a plain file name, or clashes with another); its bytes are not written")
                continue
            }
            guard let image = images[name] else {
                reportMissingBytes(name)
                continue
            }
            files[name] = image.data
            if fileByContents[image.data] == nil { fileByContents[image.data] = name }
        }
        for reference in glyphs {
            let id = reference.contentIdentifier
            if !reference.contentDescription.isEmpty { reportDescription() }
            let fileExtension: String
            // The reader reads a glyph file with an unknown extension as public.heic, so public.data has no form.
            if let known = RTFFileTypes.fileExtension(for: reference.contentType), known != "data" {
                fileExtension = known
            } else {
                fileExtension = "heic"
                warnings.add(kind: "glyph-type",
                             "a glyph's content type is read back from its file name's extension; \(reference.contentType.prefix(80)) is not one the reader knows, so it is written as .heic")
            }
            let image = images[id]
            if asPackage, let image, let shared = fileByContents[image.data] {
                glyphFiles[id] = shared
                continue
            }
            let stem = ImageFileNames.isSafe(id) ? id : "glyph-" + String(ImageFileNames.fnv1a(id), radix: 16)
            var name = "AdaptiveImageGlyph-\(stem).\(fileExtension)"
            var n = 2
            while taken.contains(name.lowercased()) {
                name = "AdaptiveImageGlyph-\(stem)-\(n).\(fileExtension)"
                n += 1
            }
            taken.insert(name.lowercased())
            glyphFiles[id] = name
            guard asPackage else { continue }
            guard let image else {
                reportMissingBytes(id)
                continue
            }
            files[name] = image.data
            fileByContents[image.data] = name
        }
    }

    private mutating func reportDescription() {
        warnings.add(kind: "description", "image descriptions (accessibility text) have no RTF form; they are not written")
    }

    private mutating func reportMissingBytes(_ id: String) {
        warnings.add(kind: "missing-bytes:" + id, DocumentWarning.imageWithoutBytes(id).message)
    }

    /// One glyph or attachment at a U+FFFC.
    mutating func writeGraphic(_ graphic: RTFRunFormat.Graphic) {
        switch graphic {
        case .glyph(let reference):
            let id = reference.contentIdentifier
            let name = glyphFiles[id] ?? "AdaptiveImageGlyph-\(id).heic"
            if !asPackage, images[id] != nil { unkeptImages.append(id) }
            writeNeXTGraphic(name: name, data: images[id]?.data, emojiImage: id)
        case .attachment(let reference):
            let name = reference.contentIdentifier
            let data = images[name]?.data
            if !asPackage, let data, writePicture(data, name: name, contentType: reference.contentType) { return }
            if !asPackage, data != nil { unkeptImages.append(name) }
            writeNeXTGraphic(name: name, data: data, emojiImage: nil)
        }
    }

    /// `{{\NeXTGraphic NAME \widthW \heightH[ \appleemojiimage ID]}¬}` with ¬ the byte 0xAC, as Cocoa writes it.
    private mutating func writeNeXTGraphic(name: String, data: Data?, emojiImage: String?) {
        let size = data.flatMap(RTFImageSize.of)?.twips ?? (width: Self.defaultGraphicTwips, height: Self.defaultGraphicTwips)
        out.raw("{{")
        out.word("NeXTGraphic")
        out.literal(name)
        out.rawByte(UInt8(ascii: " "))
        out.word("width", size.width)
        out.rawByte(UInt8(ascii: " "))
        out.word("height", size.height)
        if let emojiImage {
            out.rawByte(UInt8(ascii: " "))
            out.word("appleemojiimage")
            out.literal(emojiImage)
        }
        out.rawByte(UInt8(ascii: "}"))
        out.rawByte(0xAC)
        out.rawByte(UInt8(ascii: "}"))
    }

    /// `{\pict\pngblip\picwW\pichH\picwgoalW\pichgoalH hex}` for a PNG or JPEG (known by their bytes), and
    /// `\wmetafile8`, `\emfblip` or `\macpict` for an attachment of those types (the pictures a `.rtf` from Word
    /// or WordPad holds); false for any other image.
    private mutating func writePicture(_ data: Data, name: String, contentType: String) -> Bool {
        let word: StaticString
        let fileExtension: String
        switch (RTFImageSize.kind(of: data), contentType) {
        case (.png, _): (word, fileExtension) = ("pngblip", "png")
        case (.jpeg, _): (word, fileExtension) = ("jpegblip", "jpg")
        case (_, "com.microsoft.wmf"): (word, fileExtension) = ("wmetafile8", "wmf")
        case (_, "com.microsoft.emf"): (word, fileExtension) = ("emfblip", "emf")
        case (_, "com.apple.pict"): (word, fileExtension) = ("macpict", "pict")
        default: return false
        }
        pictureCount += 1
        let expected = "picture-\(pictureCount).\(fileExtension)"
        if name != expected {
            warnings.add(kind: "picture-name",
                         "attachment names are not kept in .rtf: pictures read back as picture-<n>.<type> (\(MessageText.quoted(name)) becomes \"\(expected)\"); write .rtfd to keep them")
        }
        out.raw("{")
        out.word("pict")
        out.word(word)
        if let size = RTFImageSize.of(data) {
            out.word("picw", size.width)
            out.word("pich", size.height)
            let twips = size.twips
            out.word("picwgoal", twips.width)
            out.word("pichgoal", twips.height)
        }
        out.newline()
        var column = 0
        for byte in data {
            out.hexByte(byte)
            column += 1
            if column == 64 {
                out.newline()
                column = 0
            }
        }
        out.rawByte(UInt8(ascii: "}"))
        return true
    }
}
