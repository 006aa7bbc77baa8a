import FuzzDriver
import RichTextFormats

/// libFuzzer's entry point: decode the bytes as flattened RTFD (a serialized file wrapper). Errors are fine;
/// crashes are not. A package that decodes must encode, and the encoding must decode to the same package.
@_cdecl("LLVMFuzzerTestOneInput")
public func flattenedRTFDFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let package = try? FlattenedRTFD.decode(bytes) else { return 0 }
    let encoded = FlattenedRTFD.encode(package)
    guard let again = try? FlattenedRTFD.decode(encoded) else {
        fatalError("the encoder's output does not decode (\(encoded.count) bytes)")
    }
    precondition(again == package, "decode(encode(package)) differs from the package")
    precondition(FlattenedRTFD.encode(again) == encoded, "encoding is not a fixed point")
    return 0
}

@_cdecl("FlattenedRTFDFuzz_main")
public func flattenedRTFDFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in flattenedRTFDFuzz(data, size) }
}
