import Foundation
import RichTextFormats
import XCTest

/// `--fix` rewrites a document without losing what it does not change: unused images, package files the text
/// does not name, the spelling of numbers, and the file's owner, mode, extended attributes and hard links.
final class FixKeepsDataTests: XCTestCase {
    /// A definition with one declared attribute, so an undeclared one is a fixable finding.
    static let tinyDefinition = #"{"name": "tiny", "attributes": {"a": {"type": "bool"}}, "scope": ["a"]}"#

    func testFixKeepsAGlyphImageNoGlyphUses() throws {
        let folder = try temporaryFolder(self)
        let definition = try write(Self.tinyDefinition, to: "tiny.definition.json", in: folder)
        let document = try write(#"{"attributeTable":[{"a":true,"b":true}],"imageGlyphs":{"spare":{"contentDescription":"a dog","contentType":"public.heic","data":"AQID"}},"runs":["x",0]}"#,
                                 to: "doc.json", in: folder)
        // Removing the undeclared "b" drops data: an unsafe fix.
        let fixed = try FmtcheckProcess.run(["--definition", definition, "--fix", "--unsafe-fixes", document])
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        let written = try String(contentsOfFile: document, encoding: .utf8)
        XCTAssertTrue(written.contains(#""spare":{"contentDescription":"a dog","contentType":"public.heic","data":"AQID"}"#), written)
        XCTAssertFalse(written.contains(#""b""#), written)
    }
}

extension FixKeepsDataTests {
    func testAFixKeepsTheSpellingOfNumbersItDoesNotTouch() throws {
        let folder = try temporaryFolder(self)
        let definition = try write(#"{"name": "sizes", "attributes": {"a": {"type": "bool"}, "n": {"type": "number"}, "m": {"type": "number"}, "z": {"type": "number"}}, "scope": ["a", "n", "m", "z"]}"#,
                                   to: "sizes.definition.json", in: folder)
        let original = "[\"x\",{\"a\":true,\"b\":true,\n \"n\":123456789012345678901234567890,\"m\":1e-999,\"z\":-0}]"
        let document = try write(original, to: "doc.json", in: folder)
        // A whole rewrite would spell these numbers as other values (the reader warns where); written over the
        // original, only the undeclared "b" goes and every number keeps its digits.
        let lint = try FmtcheckProcess.run(["--definition", definition, document])
        XCTAssertTrue(lint.out.contains("doc.json:2:6: warning reader-warning: the number 123456789012345678901234567890 would be written back as 1.2345678901234568e+29"), lint.out)
        let fixed = try FmtcheckProcess.run(["--definition", definition, "--fix", "--unsafe-fixes", document])
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        XCTAssertEqual(try String(contentsOfFile: document, encoding: .utf8),
                       "[\"x\",{\"a\":true,\n \"n\":123456789012345678901234567890,\"m\":1e-999,\"z\":-0}]")
    }
}

/// Package files the text does not name, in both RTFD forms.
extension FixKeepsDataTests {
    /// A note whose link is neither blue nor underlined: `--fix` under the notes definition changes it.
    static let linkedNote = #"{\rtf1\ansi\ansicpg1252 {\field{\*\fldinst{HYPERLINK "https://swift.org"}}{\fldrslt swift}} is fast\par}"#

    func testFixKeepsPackageFilesTheTextDoesNotName() throws {
        let folder = try temporaryFolder(self)
        let package = folder.appendingPathComponent("note.rtfd")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("extra"), withIntermediateDirectories: true)
        _ = try write(Self.linkedNote, to: "TXT.rtf", in: package)
        _ = try write("draft notes", to: "notes.txt", in: package)
        _ = try write("finder", to: ".DS_Store", in: package)
        _ = try write("deep", to: "extra/a.bin", in: package)
        let fixed = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), "--fix", package.path])
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        XCTAssertTrue(try String(contentsOf: package.appendingPathComponent("TXT.rtf"), encoding: .utf8).contains(#"\ul"#), "the fix was written")
        for (name, content) in [("notes.txt", "draft notes"), (".DS_Store", "finder"), ("extra/a.bin", "deep")] {
            XCTAssertEqual(try? String(contentsOf: package.appendingPathComponent(name), encoding: .utf8), content, name)
        }
    }

    func testFixKeepsFlattenedRTFDFilesTheTextDoesNotName() throws {
        let folder = try temporaryFolder(self)
        let flat = folder.appendingPathComponent("note.rtfd")
        let original = RTFDPackage(rtf: Array(Self.linkedNote.utf8), files: ["notes.txt": Data("draft notes".utf8)])
        try Data(FlattenedRTFD.encode(original)).write(to: flat)
        let fixed = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), "--fix", flat.path])
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        let package = try FlattenedRTFD.decode([UInt8](try Data(contentsOf: flat)))
        XCTAssertNotEqual(package.rtf, original.rtf, "the fix was written")
        XCTAssertEqual(package.files["notes.txt"], Data("draft notes".utf8))
    }
}

/// The file's identity: owner, extended attributes, hard links, and a package's permissions.
extension FixKeepsDataTests {
    /// A copy of Examples/recipes/smoothie.json, which `--fix` under the recipe definition changes.
    func smoothie(in folder: URL) throws -> String {
        try write(try String(contentsOfFile: packageRoot.appendingPathComponent("Examples/recipes/smoothie.json").path, encoding: .utf8),
                  to: "smoothie.json", in: folder)
    }

    func testFixKeepsTheOwnerOfTheFile() throws {
        guard getuid() == 0 else { throw XCTSkip("giving a file another owner needs root") }
        let folder = try temporaryFolder(self)
        let path = try smoothie(in: folder)
        XCTAssertEqual(chown(path, 4242, 4343), 0)
        let fixed = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--fix", path])
        XCTAssertEqual(fixed.status, 0, fixed.err)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_uid, 4242)
        XCTAssertEqual(info.st_gid, 4343)
    }

    func testFixKeepsExtendedAttributes() throws {
        let folder = try temporaryFolder(self)
        let path = try smoothie(in: folder)
        guard ExtendedAttributes.set("user.fmtcheck.test", "kept", on: path) else { throw XCTSkip("this file system has no user extended attributes") }
        let fixed = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--fix", path])
        XCTAssertEqual(fixed.status, 0, fixed.err)
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("#34c759"), "the fix was written")
        XCTAssertEqual(ExtendedAttributes.get("user.fmtcheck.test", of: path), "kept")
    }

    func testFixOfAHardLinkedFileRewritesItInPlaceSoEveryNameSeesTheFix() throws {
        let folder = try temporaryFolder(self)
        let path = try smoothie(in: folder)
        let other = folder.appendingPathComponent("other-name.json").path
        XCTAssertEqual(link(path, other), 0)
        let fixed = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--fix", path])
        XCTAssertEqual(fixed.status, 0, fixed.err)
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("#34c759"), "the fix was written")
        XCTAssertEqual(try String(contentsOfFile: other, encoding: .utf8), try String(contentsOfFile: path, encoding: .utf8))
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_nlink, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }, [])
    }

    func testFixKeepsThePermissionsOfAPackageAndItsFiles() throws {
        let folder = try temporaryFolder(self)
        let package = folder.appendingPathComponent("private.rtfd")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let text = try write(Self.linkedNote, to: "TXT.rtf", in: package)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: text)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: package.path)
        let fixed = try FmtcheckProcess.run(["--definition", shippedDefinition("notes"), "--fix", package.path])
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        XCTAssertTrue(try String(contentsOfFile: text, encoding: .utf8).contains(#"\ul"#), "the fix was written")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: package.path)[.posixPermissions] as? Int, 0o700)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: text)[.posixPermissions] as? Int, 0o600)
    }
}

/// Extended attributes through the C library (Foundation has no API for them on Linux).
enum ExtendedAttributes {
    typealias SetXattr = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    typealias GetXattr = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int

    static func symbol<T>(_ name: String, _ type: T.Type) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let pointer = dlsym(handle, name) else { return nil }
        return unsafeBitCast(pointer, to: type)
    }

    static func set(_ name: String, _ value: String, on path: String) -> Bool {
        guard let setxattr = symbol("setxattr", SetXattr.self) else { return false }
        return Array(value.utf8).withUnsafeBytes { setxattr(path, name, $0.baseAddress, $0.count, 0) } == 0
    }

    static func get(_ name: String, of path: String) -> String? {
        guard let getxattr = symbol("getxattr", GetXattr.self) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { getxattr(path, name, $0.baseAddress, $0.count) }
        return count < 0 ? nil : String(decoding: buffer[0..<count], as: UTF8.self)
    }
}

extension FixKeepsDataTests {
    func testFixThroughASymbolicLinkWritesItsTargetAndKeepsTheLink() throws {
        let folder = try temporaryFolder(self)
        let path = try smoothie(in: folder)
        let link = folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "smoothie.json")
        let fixed = try FmtcheckProcess.run(["--definition", shippedDefinition("recipe"), "--fix", link])
        XCTAssertEqual(fixed.status, 0, fixed.err)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "smoothie.json", "still the link")
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("#34c759"), "the target was fixed")
    }
}
