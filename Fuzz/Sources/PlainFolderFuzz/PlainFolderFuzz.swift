import Foundation
import FuzzDriver
import RichText
import RichTextFormats

/// The folders each input is written to and round-tripped through (one pair per process).
let folder = URL(fileURLWithPath: fuzzScratchFolder("fmtcheck-plain-fuzz"), isDirectory: true)
let input = folder.appendingPathComponent("in", isDirectory: true)
let output = folder.appendingPathComponent("out", isDirectory: true)

/// libFuzzer's entry point: the bytes, split at NUL bytes, are a plain-text-with-attachments folder — the first
/// piece is `text.txt`, the second `attachments.json`, and each further piece an image file named `images/0`,
/// `images/1`, … up to `images/7` (which takes the rest, NULs and all: a file per NUL would make runs slow). Reading it may fail (errors are fine; crashes are not). A folder that reads and recomposes must
/// survive the round trip: decomposed again, written and read back, it is the same decomposition, and it
/// recomposes to the same document with no adjustments.
@_cdecl("LLVMFuzzerTestOneInput")
public func plainFolderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let pieces = UnsafeBufferPointer(start: data, count: size).split(separator: 0, maxSplits: 9, omittingEmptySubsequences: false)
    let manager = FileManager.default
    try? manager.removeItem(at: folder)
    let images = input.appendingPathComponent(PlainTextWithAttachments.imageFolderName, isDirectory: true)
    do {
        try manager.createDirectory(at: images, withIntermediateDirectories: true)
        let names = [PlainTextWithAttachments.textFileName, PlainTextWithAttachments.sideTableFileName]
        for (i, piece) in pieces.enumerated() {
            let url = i < 2 ? input.appendingPathComponent(names[i]) : images.appendingPathComponent("\(i - 2)")
            try Data(piece).write(to: url)
        }
    } catch {
        fatalError("cannot write the input folder: \(error)")
    }
    guard let parts = try? PlainTextWithAttachments.read(from: input), let decoded = try? parts.recompose() else { return 0 }
    let (again, dropped) = PlainTextWithAttachments.decompose(decoded.document, images: decoded.images, glyphKey: parts.glyphKey)
    precondition(dropped.isEmpty, "a recomposed document has attributes plain text cannot carry: \(dropped)")
    let back: PlainTextWithAttachments
    do {
        try again.write(to: output)
        back = try PlainTextWithAttachments.read(from: output)
    } catch {
        fatalError("the written folder does not read back: \(error)")
    }
    precondition(back == again, "write then read changed the decomposition")
    guard let recomposed = try? back.recompose() else { fatalError("a written folder does not recompose") }
    precondition(recomposed.adjustments.isEmpty, "recomposing a written folder adjusted it: \(recomposed.adjustments)")
    precondition(recomposed.document == decoded.document, "folder -> document -> folder -> document changed the document")
    precondition(recomposed.images == decoded.images.restricted(to: Set(again.attachments.map(\.contentIdentifier))),
                 "the round trip changed the images")
    return 0
}

@_cdecl("PlainFolderFuzz_main")
public func plainFolderFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in plainFolderFuzz(data, size) }
}
