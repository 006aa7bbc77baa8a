import Foundation
import RichText

/// A `\field` being read: where it opened and its instruction so far.
struct RTFField {
    var depth: Int
    var instruction = ""
}

/// A glyph or attachment standing on one U+FFFC.
struct RTFObject {
    var key: AttributeKeyDescriptor
    var reference: ImageGlyphReference
}

/// `\pict` data being read.
struct RTFPictureData {
    enum Kind { case unknown, png, jpeg, wmf, emf, pict }

    var depth: Int
    var start: Int
    var kind = Kind.unknown
    var data: [UInt8] = []
    /// A hex digit waiting for its partner.
    var highNibble: UInt8? = nil

    /// The file extension and content type of the kind; nil when the kind cannot be kept.
    var format: (extension: String, contentType: String)? {
        switch kind {
        case .png: return ("png", "public.png")
        case .jpeg: return ("jpg", "public.jpeg")
        case .wmf: return ("wmf", "com.microsoft.wmf")
        case .emf: return ("emf", "com.microsoft.emf")
        case .pict: return ("pict", "com.apple.pict")
        case .unknown: return nil
        }
    }
}

/// A `{\NeXTGraphic NAME \width … \appleemojiimage ID}` group being read.
struct RTFAttachmentGroup {
    var depth: Int
    var start: Int
    var name = ""
    var emojiIdentifier = ""
    var readingEmojiIdentifier = false
    /// The name ends at the first control word after it.
    var nameEnded = false

    mutating func append(_ scalar: Unicode.Scalar) {
        if readingEmojiIdentifier {
            emojiIdentifier.unicodeScalars.append(scalar)
        } else if !nameEnded {
            name.unicodeScalars.append(scalar)
        }
    }
}

extension RTFInterpreter {
    /// Whether a U+FFFC put here would be kept: in the body, not hidden (that warns), not attachment fallback.
    /// Pictures and attachments that would not be kept store no image either.
    mutating func keepsObjectHere() -> Bool {
        guard state.destination == .body, !state.skipsAttachmentFallback else { return false }
        if state.character.hidden {
            warnHidden()
            return false
        }
        return true
    }

    /// Puts one U+FFFC carrying `object` into the body (the caller checked `keepsObjectHere()`). The image store
    /// holds one image per identifier, so every glyph with an identifier seen before takes the content type of
    /// the first (two `\appleemojiimage` groups naming one ID with different file extensions read as one glyph).
    mutating func emitObject(_ object: RTFObject) {
        var object = object
        let identifier = object.reference.contentIdentifier
        if let type = images[identifier]?.contentType ?? objectTypes[identifier] {
            object.reference.contentType = type
        } else {
            objectTypes[identifier] = object.reference.contentType
        }
        flushPendingText()
        objects.append(object)
        let saved = state.character.object
        state.character.object = Int32(objects.count - 1)
        styleDirty = true
        emitScalar("\u{FFFC}")
        state.character.object = saved
        styleDirty = true
    }

    // MARK: Fields

    /// `\fldrslt`: a HYPERLINK field's result text gets the link.
    mutating func startFieldResult() {
        guard let field = fields.last, let target = RTFHyperlinkInstruction.target(of: field.instruction) else { return }
        guard let url = URL(string: target)
                ?? target.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(["#", "%"])).flatMap(URL.init(string:))
        else {
            warn("bad-link", "a HYPERLINK target is not a URL (\(target.prefix(80))); its text is kept without the link")
            return
        }
        links.append(url)
        setCharacter(\.link, Int32(links.count - 1))
        // The result is body text (a field inside a footnote keeps the footnote's text).
        if state.destination != .body && state.destination != .footnote { state.destination = .body }
    }

    // MARK: Pictures

    mutating func pictureHex(_ start: Int, _ end: Int) throws(DocumentError) {
        guard var open = picture else { return }
        picture = nil
        defer { picture = open }
        var i = start
        while i < end {
            let byte = bytes[i]
            if let nibble = hexValue(byte) {
                if let high = open.highNibble {
                    open.data.append(high << 4 | nibble)
                    open.highNibble = nil
                } else {
                    open.highNibble = nibble
                }
            } else if byte != 0x20 && byte != 0x09 {
                warn("picture-hex", "picture data holds characters that are not hex digits; they are ignored",
                         at: i)
            }
            i += 1
        }
        if open.data.count > limits.maxPictureBytes {
            throw error(.limitExceeded, "a picture is larger than the \(limits.maxPictureBytes)-byte limit", at: open.start)
        }
    }

    mutating func binary(_ start: Int, _ end: Int) throws(DocumentError) {
        guard state.destination == .picture, picture != nil else { return }
        picture!.data.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        if picture!.data.count > limits.maxPictureBytes {
            throw error(.limitExceeded, "a picture is larger than the \(limits.maxPictureBytes)-byte limit", at: picture!.start)
        }
    }

    mutating func finishPicture(_ open: RTFPictureData) throws(DocumentError) {
        guard let format = open.format else {
            warn("picture-kind", "a picture in a format that cannot be kept (not PNG, JPEG, WMF, EMF or PICT) is dropped",
                     at: open.start)
            return
        }
        guard keepsObjectHere() else { return }
        pictureCount += 1
        var identifier = "picture-\(pictureCount).\(format.extension)"
        // An attachment may already be named so: pictures take the next free number.
        while images[identifier] != nil || objectTypes[identifier] != nil {
            pictureCount += 1
            identifier = "picture-\(pictureCount).\(format.extension)"
        }
        images.insert(ImageStore.Image(data: Data(open.data), contentType: format.contentType, contentDescription: ""),
                      for: identifier)
        emitObject(RTFObject(key: StandardAttributes.attachment,
                             reference: ImageGlyphReference(contentIdentifier: identifier, contentDescription: "",
                                                            contentType: format.contentType)))
    }

    // MARK: Attachments

    mutating func finishAttachment(_ open: RTFAttachmentGroup) {
        let name = Self.trimmed(open.name)
        let emoji = Self.trimmed(open.emojiIdentifier)
        guard !name.isEmpty || !emoji.isEmpty else {
            warn("attachment-name", "a \\NeXTGraphic group names no file; it is dropped", at: open.start)
            return
        }
        guard keepsObjectHere() else { return }
        let object: RTFObject
        if !emoji.isEmpty {
            object = RTFObject(key: StandardAttributes.adaptiveImageGlyph, reference: ImageGlyphReference(
                contentIdentifier: emoji, contentDescription: "",
                contentType: RTFFileTypes.knownContentType(forFileName: name) ?? "public.heic"))
        } else {
            object = RTFObject(key: StandardAttributes.attachment, reference: ImageGlyphReference(
                contentIdentifier: name, contentDescription: "",
                contentType: RTFFileTypes.contentType(forFileName: name)))
        }
        if !emoji.isEmpty, !name.isEmpty { glyphFileNames[emoji] = name }
        if let data = attachments[name] {
            images.insert(data, for: ImageGlyphReference(
                contentIdentifier: object.reference.contentIdentifier, contentDescription: "",
                contentType: objectTypes[object.reference.contentIdentifier] ?? object.reference.contentType))
        } else {
            warn("attachment-file-\(name)", "the attachment \(name) has no file in the package", at: open.start)
        }
        emitObject(object)
        // The rest of the enclosing group is the attachment's fallback text (Cocoa writes a 0xAC byte).
        if depth > 1 { state.skipsAttachmentFallback = true } else { skipsAttachmentMarkByte = true }
    }
}
