import Foundation
import RichText
import StreamingJSON

/// Reads RTF (Cocoa/TextEdit, Word, WordPad, LibreOffice flavours) into a document.
///
/// The text and attribute mapping is README's RTF table: paragraphs end in "\n", `\line` is U+2028, table
/// cells end in a tab and rows in "\n", pictures and RTFD attachments stand on U+FFFC with their bytes in the
/// image store, HYPERLINK fields become `link`, a footnote's text is the `footnote` (or `endnote`) attribute of
/// its reference mark. A list paragraph's label is `{\listtext}`/`{\pntext}` when the file has one, else built
/// from `\listtable`/`\listoverridetable` (`RTFLists`). Everything read but not kept (hidden text, headers and
/// footers, table and list structure, control words with no attribute) is named in a warning, once per kind.
///
/// Errors (`.malformed`, `.limitExceeded`) carry a location whose column counts bytes from the start of the
/// line (lines end at LF); unknown control words are never errors. Malformed: groups still open at the end, a
/// truncated file (inside a control word, a `\'hh`, or a `\binN` longer than what remains), a bad hex digit
/// in `\'hh`, a negative `\bin`.
/// Limits (see ``Limits``): group depth, `\bin` length, picture size — checked before anything that size is
/// allocated.
///
/// Choices made where input is odd, each with a warning rather than an error:
/// - `\u` values outside -32768...65535, unpaired surrogates and double-byte lead bytes with no trail byte
///   read as U+FFFD; bytes a code page leaves unmapped read as U+FFFD.
/// - What follows the document's closing `}` (a `}` too many and more paragraphs, Word's trailing
///   `{\*\themedata …}`, Outlook's HTML tags, a second document) is read as part of the document, with a
///   warning where it starts; binary data there (control bytes) is not read, with a warning. Whitespace, NUL
///   and ^Z are padding.
/// - `\*` marks a destination only as its group's first word; elsewhere it is ignored.
/// - A symbol font's bytes (`\fcharset2`, or a font named Symbol or Wingdings with no `\fcharset`), space
///   aside, are U+F000 + byte as Windows reads them; these and `\uN` private-use characters U+F020…U+F0FF
///   become the Unicode characters the font shows (`RTFSymbolFonts`), or stay, with a warning.
/// - `\ucN` is clamped to 0...16 fallback characters.
public struct RTFReader: Sendable {
    /// How much the reader accepts before it stops with `.limitExceeded`; memory stays bounded by these.
    public struct Limits: Sendable, Hashable {
        /// The deepest group nesting accepted (the document's own group is depth 1).
        public var maxGroupDepth: Int
        /// The largest `\binN` length accepted, in bytes.
        public var maxBinaryLength: Int
        /// The largest picture (`\pict` data, after hex decoding) accepted, in bytes.
        public var maxPictureBytes: Int

        /// Limits; the defaults are far above anything a word processor writes.
        public init(maxGroupDepth: Int = 10_000, maxBinaryLength: Int = 256 << 20, maxPictureBytes: Int = 256 << 20) {
            self.maxGroupDepth = maxGroupDepth
            self.maxBinaryLength = maxBinaryLength
            self.maxPictureBytes = maxPictureBytes
        }
    }

    /// The limits this reader enforces.
    public var limits: Limits
    /// Keys whose behaviour the read document takes instead of the standard one (`StandardAttributes`): a
    /// formatting definition's scope, so that the document carries the behaviours the definition owns, and the
    /// behaviour fix-up runs (and reports) under them.
    public var behaviors: [AttributeKeyDescriptor]

    /// A reader with `limits`, giving the keys named in `behaviors` those behaviours (the first descriptor of
    /// a name wins, as in a definition's scope).
    public init(limits: Limits = Limits(), adoptingBehaviorsOf behaviors: [AttributeKeyDescriptor] = []) {
        self.limits = limits
        self.behaviors = behaviors
    }

    /// Reads `bytes`, an RTF document. `attachments` are an RTFD package's files by name: the bytes that
    /// `\NeXTGraphic NAME` groups refer to.
    ///
    /// The result's document has been through `enforceBehaviors()`; `adjustments` lists what that changed.
    public func read(_ bytes: [UInt8], attachments: [String: Data] = [:]) throws(DocumentError) -> DecodedDocument {
        var interpreter = RTFInterpreter(limits: limits, attachments: attachments)
        for descriptor in behaviors where interpreter.adoptedBehaviors[descriptor.name] == nil {
            interpreter.adoptedBehaviors[descriptor.name] = descriptor.behavior
        }
        let result: Result<DecodedDocument, DocumentError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(DocumentError) {
                try interpreter.run(buffer)
                return .success(interpreter.finish())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
