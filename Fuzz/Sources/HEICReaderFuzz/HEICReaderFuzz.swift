import Foundation
import FuzzDriver
import RichTextFormats

/// libFuzzer's entry point: read the bytes as a Genmoji's HEIC (`GlyphImageContent(imageContent:)`, and the box
/// reader `HEICFile` under it). Errors are fine; crashes are not. What reads must be consistent: renditions
/// largest first with positive sizes, the bytes kept exactly, every item's data inside the file, and a second
/// read equal to the first.
@_cdecl("LLVMFuzzerTestOneInput")
public func heicReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if let file = try? HEICFile(bytes) {
        for item in file.items {
            guard let itemData = try? file.data(of: item) else { continue }
            precondition(itemData.count <= size, "item \(item.id) has more bytes than the file")
        }
    }
    guard case .success(let content) = GlyphImageContent.read(bytes) else { return 0 }
    precondition(!content.renditions.isEmpty, "a glyph image read without a rendition")
    precondition(content.renditions.allSatisfy { $0.width > 0 && $0.height > 0 }, "a rendition without a size")
    let areas = content.renditions.map(\.pixelCount)
    precondition(areas == areas.sorted(by: >), "renditions are not largest first")
    precondition(content.imageContent == bytes, "the image bytes changed")
    precondition(GlyphImageContent.read(bytes) == .success(content), "a second read differs")
    return 0
}

@_cdecl("HEICReaderFuzz_main")
public func heicReaderFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in heicReaderFuzz(data, size) }
}
