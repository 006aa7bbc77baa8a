import Foundation
import RichTextFormats

/// libFuzzer's entry point: decode the bytes as flattened RTFD. Errors are fine; crashes and unbounded memory
/// are not. A package that decodes must encode to bytes that decode to the same package, and encoding that
/// again must give the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func flattenedRTFDFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let package = try? FlattenedRTFD.decode(bytes) else { return 0 }
    let encoded = FlattenedRTFD.encode(package)
    guard let again = try? FlattenedRTFD.decode(encoded) else {
        fatalError("the encoder's output does not decode (\(encoded.count) bytes)")
    }
    precondition(again == package, "decode(encode(p)) != p for files \(package.files.keys.sorted())")
    precondition(FlattenedRTFD.encode(again) == encoded, "encoding is not a fixed point")
    return 0
}

// SwiftPM links executables on Linux with `main` aliased to `<module>_main`, which hides libFuzzer's own
// `main`. This is that symbol: it hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

@_cdecl("FlattenedRTFDFuzz_main")
public func flattenedRTFDFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, { data, size in flattenedRTFDFuzz(data, size) })
}
