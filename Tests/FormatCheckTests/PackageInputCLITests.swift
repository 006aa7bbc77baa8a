import Foundation
import XCTest

/// Document folders on the command line: a symbolic link inside an RTFD package or a plain-text folder is
/// refused before anything it points at is read, so neither `--max-file-size` nor the folder's bounds can be
/// bypassed through a link.
final class PackageInputCLITests: XCTestCase {
    func testALinkedTXTrtfIsRefusedUnreadUnderTheSizeLimit() throws {
        let folder = try temporaryFolder(self)
        // 2 MiB of RTF outside the package, far past --max-file-size 1K.
        let outside = try write("{\\rtf1 " + String(repeating: "x", count: 2 << 20) + "}", to: "big.rtf", in: folder)
        let package = folder.appendingPathComponent("linked.rtfd")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: package.appendingPathComponent("TXT.rtf").path, withDestinationPath: outside)
        let result = try FmtcheckProcess.run(["lint", "--definition", shippedDefinition("notes"), "--max-file-size", "1K", package.path],
                                             timeout: 60)
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("\(package.path): error: cannot read the RTFD package: "), result.err)
        XCTAssertTrue(result.err.contains("TXT.rtf in the RTFD package is a symbolic link; links in a package are not followed"), result.err)
    }

    func testAPackageOverTheSizeLimitIsRefusedWithItsSize() throws {
        let folder = try temporaryFolder(self)
        let package = folder.appendingPathComponent("big.rtfd")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try write("{\\rtf1 hi}", to: "TXT.rtf", in: package)
        try write(String(repeating: "x", count: 2048), to: "image.png", in: package)
        let result = try FmtcheckProcess.run(["lint", "--definition", shippedDefinition("notes"), "--max-file-size", "1K", package.path])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("\(package.path): error: the file (2 KiB) is larger than the limit of 1 KiB; it was not read"), result.err)
    }

    func testConvertingAPlainFolderWithALinkedImageEmbedsNothingFromOutside() throws {
        let folder = try temporaryFolder(self)
        let input = try write(ConvertCLITests.glyphDocument, to: "in.json", in: folder)
        let plain = folder.appendingPathComponent("plain").path
        XCTAssertEqual(try FmtcheckProcess.run(["convert", input, plain, "--to", "plain"]).status, 0)
        let secret = try write("root:x:0:0", to: "passwd", in: folder)
        let images = URL(fileURLWithPath: plain).appendingPathComponent("images")
        let image = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: images.path).first)
        try FileManager.default.removeItem(at: images.appendingPathComponent(image))
        try FileManager.default.createSymbolicLink(atPath: images.appendingPathComponent(image).path, withDestinationPath: secret)
        let out = folder.appendingPathComponent("out.json").path
        let result = try FmtcheckProcess.run(["convert", plain, out, "--from", "plain"])
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertTrue(result.err.contains("images/\(image) in \(plain) is a symbolic link; links in a document folder are not followed"), result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
