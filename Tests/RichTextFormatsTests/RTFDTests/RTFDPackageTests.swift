import XCTest
@testable import RichTextFormats

/// RTFD packages on disk: read what was written, replace atomically, and name the file in every error.
final class RTFDPackageTests: XCTestCase {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rtfd-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testAWrittenPackageReadsBackExactly() throws {
        let folder = try temporaryFolder().appendingPathComponent("Doc.rtfd")
        let package = RTFDPackage(rtf: Array("{\\rtf1 hi}".utf8),
                                  files: ["AdaptiveImageGlyph-x.heic": Data([1, 2]), "odd #$!@%.png": Data([3]), "sub/c.png": Data()])
        try package.write(to: folder)
        XCTAssertEqual(try RTFDPackage.read(directory: folder), package)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("TXT.rtf")), Data("{\\rtf1 hi}".utf8))
    }

    func testWritingReplacesAnOldPackageAndLeavesNoTemporaryFolders() throws {
        let parent = try temporaryFolder()
        let folder = parent.appendingPathComponent("Doc.rtfd")
        try RTFDPackage(rtf: [1], files: ["old.png": Data([1])]).write(to: folder)
        let new = RTFDPackage(rtf: [2], files: ["new.png": Data([2])])
        try new.write(to: folder)
        XCTAssertEqual(try RTFDPackage.read(directory: folder), new)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), ["Doc.rtfd"])
    }

    func testABadFileNameFailsBeforeAnythingIsWritten() throws {
        let parent = try temporaryFolder()
        let folder = parent.appendingPathComponent("Doc.rtfd")
        for name in ["../escape.png", "", "a//b", "TXT.rtf", "./x", ".DS_Store", "sub/.hidden"] {
            XCTAssertThrowsError(try RTFDPackage(rtf: [1], files: [name: Data([1])]).write(to: folder)) { error in
                XCTAssertEqual((error as? DocumentError)?.kind, .malformed, name)
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), [])
    }

    func testReadingAFolderWithoutTXTrtfIsMalformedAndNamesIt() throws {
        let folder = try temporaryFolder()
        XCTAssertThrowsError(try RTFDPackage.read(directory: folder)) { error in
            let error = error as! DocumentError
            XCTAssertEqual(error.kind, .malformed)
            XCTAssertTrue(error.message.contains("TXT.rtf") && error.message.contains(folder.path), error.message)
        }
    }

    func testReadingAMissingPackageIsAFileSystemError() throws {
        let missing = try temporaryFolder().appendingPathComponent("none.rtfd")
        XCTAssertThrowsError(try RTFDPackage.read(directory: missing)) { error in
            XCTAssertEqual((error as? DocumentError)?.kind, .fileSystem)
        }
    }

    func testTheCorpusPackageReads() throws {
        let url = URL(fileURLWithPath: "/work/shared/corpus/rtf/cocoa-texshop-about402.rtfd")
        guard FileManager.default.fileExists(atPath: url.path) else { throw XCTSkip("the RTF corpus is not at \(url.path)") }
        let package = try RTFDPackage.read(directory: url)
        XCTAssertEqual(Array(package.files.keys), ["unknown.png"])
        XCTAssertTrue(package.rtf.starts(with: Array("{\\rtf1".utf8)))
        XCTAssertEqual(try FlattenedRTFD.decode(FlattenedRTFD.encode(package)), package)
    }

    func testAWriterPackageWritesAndReadsBack() throws {
        var generator = RTFRoundTripSupport(seed: 7)
        let folder = try temporaryFolder().appendingPathComponent("Doc.rtfd")
        for _ in 0..<20 {
            let (document, images) = generator.document()
            let output = RTFWriter().write(document, images: images, asPackage: true)
            let package = RTFDPackage(rtf: output.rtf, files: output.files)
            try package.write(to: folder)
            XCTAssertEqual(try RTFDPackage.read(directory: folder), package)
            XCTAssertEqual(try FlattenedRTFD.decode(FlattenedRTFD.encode(package)), package)
        }
    }
}
