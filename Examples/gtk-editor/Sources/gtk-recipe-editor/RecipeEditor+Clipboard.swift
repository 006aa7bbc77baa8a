import CGtk
import EditorBridge
import FormatCheck
import Foundation
import RichText
import RichTextFormats

/// Paste: the clipboard's `text/rtf` (as LibreOffice and browsers put it there) read by the project's RTF reader
/// and pasted with its formatting, which the definition then normalises; without RTF, or with RTF that cannot be
/// read, the clipboard's plain text, with a message saying why.
extension RecipeEditor {
    static let rtfTypes = ["text/rtf", "application/rtf"]

    func pasteFromClipboard() {
        let clipboard = gtk_widget_get_clipboard(textView)
        let formats = gdk_clipboard_get_formats(clipboard)
        guard let type = Self.rtfTypes.first(where: { gdk_content_formats_contain_mime_type(formats, $0) != 0 }) else {
            pastePlainText(because: nil)
            return
        }
        let onStream: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { source, result, data in
            let editor: RecipeEditor = object(data)
            var error: UnsafeMutablePointer<GError>?
            guard let stream = gdk_clipboard_read_finish(OpaquePointer(source), result, nil, &error) else {
                editor.pastePlainText(because: "the clipboard's RTF could not be read (\(RecipeEditor.message(of: error)))")
                return
            }
            // Gather the stream into memory, asynchronously: the owner of the clipboard sends it through the main loop.
            let memory = g_memory_output_stream_new_resizable()
            let onSpliced: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { target, result, data in
                let editor: RecipeEditor = object(data)
                var error: UnsafeMutablePointer<GError>?
                let written = g_output_stream_splice_finish(cast(target), result, &error)
                defer { g_object_unref(target) }
                guard written >= 0 else {
                    editor.pastePlainText(because: "the clipboard's RTF could not be read (\(RecipeEditor.message(of: error)))")
                    return
                }
                let size = g_memory_output_stream_get_data_size(cast(target))
                let bytes = g_memory_output_stream_get_data(cast(target)).map {
                    Array(UnsafeRawBufferPointer(start: $0, count: Int(size)))
                } ?? []
                editor.pasteRTF(bytes)
            }
            let flags = GOutputStreamSpliceFlags(rawValue: G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE.rawValue | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET.rawValue)
            g_output_stream_splice_async(memory, stream, flags, G_PRIORITY_DEFAULT, nil, onSpliced, data)
            g_object_unref(stream)
        }
        type.withCString { name in
            var types: [UnsafePointer<CChar>?] = [name, nil]
            types.withUnsafeMutableBufferPointer { list in
                gdk_clipboard_read_async(clipboard, list.baseAddress, G_PRIORITY_DEFAULT, nil, onStream,
                                         Unmanaged.passUnretained(self).toOpaque())
            }
        }
    }

    /// Pastes RTF bytes over the selection, read by the RTF reader; unreadable RTF falls back to plain text.
    func pasteRTF(_ bytes: [UInt8]) {
        let decoded: DecodedDocument
        do {
            decoded = try LintInput(format: .rtf, bytes: bytes).readRTF()
        } catch {
            let place = error.location.map { "line \($0.line), column \($0.column): " } ?? ""
            pastePlainText(because: "the clipboard's RTF cannot be read (\(place)\(error.message))")
            return
        }
        log.write(["event": "paste", "format": "rtf", "text": decoded.document.string])
        send(.paste(decoded.document, images: decoded.images, over: bufferSelection))
        setStatus("Pasted RTF (\(decoded.document.counts.characters) characters); the definition normalised it")
    }

    /// Pastes the clipboard's plain text over the selection, as typing; `reason` (why it is not rich) is shown.
    func pastePlainText(because reason: String?) {
        let onText: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { source, result, data in
            let editor: RecipeEditor = object(data)
            var error: UnsafeMutablePointer<GError>?
            guard let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, &error) else {
                editor.report("Nothing to paste: \(RecipeEditor.message(of: error))")
                return
            }
            defer { g_free(text) }
            editor.send(.replace(editor.bufferSelection, with: String(cString: text)))
        }
        if let reason { report("Pasted as plain text: \(reason)") }
        gdk_clipboard_read_text_async(gtk_widget_get_clipboard(textView), nil, onText,
                                      Unmanaged.passUnretained(self).toOpaque())
    }

    /// A GError's message (and frees it).
    static func message(of error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
