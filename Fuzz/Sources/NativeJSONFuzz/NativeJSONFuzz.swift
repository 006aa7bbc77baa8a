import FuzzDriver
import RichText
import RichTextFormats

/// libFuzzer's entry point: decode the bytes as a native JSON document. Errors are fine; crashes are not.
/// A document that decodes must encode, and its encoding must be a fixed point: decoding and encoding it
/// again gives the same bytes, with no further adjustments.
@_cdecl("LLVMFuzzerTestOneInput")
public func nativeJSONFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let decoded = try? NativeJSONDecoder().decode(bytes) else { return 0 }
    let encoder = NativeJSONEncoder()
    guard let first = try? encoder.encode(decoded.document, images: decoded.images) else {
        fatalError("a decoded document failed to encode")
    }
    guard let again = try? NativeJSONDecoder().decode(first) else {
        fatalError("the encoder's output does not decode: \(String(decoding: first, as: UTF8.self))")
    }
    precondition(again.adjustments.isEmpty, "re-decoding an encoded document adjusted it: \(again.adjustments)")
    guard let second = try? encoder.encode(again.document, images: again.images) else {
        fatalError("a re-decoded document failed to encode")
    }
    precondition(first == second, "encoding is not a fixed point:\n\(String(decoding: first, as: UTF8.self))\n\(String(decoding: second, as: UTF8.self))")
    return 0
}

@_cdecl("NativeJSONFuzz_main")
public func nativeJSONFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in nativeJSONFuzz(data, size) }
}
