import RichText
import StreamingJSON

extension JSONWriter {
    /// A stored image as the native JSON document and the plain-text sidecar write it:
    /// `{"contentDescription": …, "contentType": …, <bytesKey>: <bytes>}`, the bytes inline (`"data"`, base64) or
    /// named (`"file"`).
    mutating func appendImage(_ image: ImageStore.Image, bytes bytesKey: String, _ bytes: String) {
        beginObject()
        appendKey("contentDescription")
        appendString(image.contentDescription)
        appendKey("contentType")
        appendString(image.contentType)
        appendKey(bytesKey)
        appendString(bytes)
        endObject()
    }
}
