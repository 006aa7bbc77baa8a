/// What makes a property check the same property from run to run, for filing its saved failures and its case in
/// progress: the test that runs it (`property`, by default the calling function, in `file`), the definition's
/// name, the editor's type, and the invariants checked (the built-in checks and the names of yours). Two
/// properties that differ in any of these keep their failures apart.
struct PropertyIdentity: Sendable {
    /// The test, as a folder name: `FormattingTestingTests.ShrinkingTests.testFoo`.
    let test: String
    /// The definition's name, as a folder name.
    let definition: String
    /// The editor's type, as a folder name.
    let editor: String
    /// The checks and invariants, as a file-name tag: the first three letters of each check, then a hash of your
    /// invariants' names when there are any.
    let invariantsTag: String

    init(property: String, file: String, definition: String, editorType: Any.Type, checks: Set<InvariantCheck>, invariants: [String]) {
        let fileName = file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
        let function = property.firstIndex(of: "(").map { String(property[..<$0]) } ?? property
        test = Self.safe(fileName.replacingOccurrences(of: "/", with: ".") + "." + function)
        self.definition = Self.safe(definition)
        editor = Self.safe(String(describing: editorType))
        let checksTag = checks.map(\.rawValue).sorted().map { String($0.prefix(3)) }.joined()
        invariantsTag = invariants.isEmpty ? checksTag : checksTag + "-" + Self.hash(invariants.sorted().joined(separator: "\n"))
    }

    /// `name` with every character but letters, digits, `-` and `.` made `_`.
    static func safe(_ name: String) -> String {
        String(name.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "." ? Character($0) : "_" })
    }

    /// FNV-1a of `text`'s UTF-8, 8 hex digits: stable across runs and platforms (Swift's `Hasher` is seeded per process).
    static func hash(_ text: String) -> String {
        var h: UInt32 = 0x811C_9DC5
        for byte in text.utf8 { h = (h ^ UInt32(byte)) &* 0x0100_0193 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
