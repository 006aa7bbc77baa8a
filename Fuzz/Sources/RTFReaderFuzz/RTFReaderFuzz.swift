import Foundation
import FuzzDriver
import RichText
import RichTextFormats

/// libFuzzer's entry point: read the bytes as RTF. Errors are fine; crashes are not. A document the reader
/// accepts must survive the round trip the issue promises: written as an RTFD package (RTF plus its files) and
/// read back, it is the same document with the same images, and reading it back adjusts nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func rtfReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let decoded = try? RTFReader().read(bytes) else { return 0 }
    let written = RTFWriter().write(decoded.document, images: decoded.images, asPackage: true)
    let again: DecodedDocument
    do {
        again = try RTFReader().read(written.rtf, attachments: written.files)
    } catch {
        fatalError("the writer's output does not read back: \(error)\n\(String(decoding: written.rtf, as: UTF8.self))")
    }
    precondition(again.adjustments.isEmpty, "reading the writer's output adjusted it: \(again.adjustments)")
    precondition(again.document == decoded.document,
                 "RTF -> document -> RTF -> document changed the document:\n\(decoded.document)\n\(again.document)\n\(String(decoding: written.rtf, as: UTF8.self))")
    precondition(again.images == decoded.images, "the round trip changed the images")
    return 0
}

@_cdecl("RTFReaderFuzz_main")
public func rtfReaderFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in rtfReaderFuzz(data, size) }
}
