import StreamingJSON

/// The warnings of one read: one per kind of loss, located where it first happened; unmodelled control words
/// one per distinct word, up to a cap, then one summary; unmodelled words before the first text (document
/// settings) together in one warning. Places are byte offsets until the read ends, then lines and columns
/// worked out in one pass.
struct RTFWarningLog {
    static let unmodelledWordCap = 24

    private var entries: [(message: String, offset: Int)] = []
    private var kinds: Set<String> = []
    private var unmodelledWords = 0
    private var unmodelledBeyondCap = 0
    private var firstBeyondCap = 0
    private var settingWords: [String] = []
    private var settingCount = 0
    private var firstSetting = 0

    /// Whether the next document setting's name is still listed (else any name will do).
    var listsNextSetting: Bool { settingWords.count < 8 }
    /// Whether the next unmodelled word gets a warning of its own (else any name will do).
    var listsNextUnmodelled: Bool { unmodelledWords < Self.unmodelledWordCap }

    /// Whether a warning of `kind` was given already.
    func has(_ kind: String) -> Bool { kinds.contains(kind) }

    /// Records `message` once per `kind`.
    mutating func warn(_ kind: String, _ message: String, at offset: Int) {
        guard kinds.insert(kind).inserted else { return }
        entries.append((message, offset))
    }

    /// Records an unmodelled control word (the caller sends each distinct word once).
    mutating func unmodelled(_ word: String, at offset: Int) {
        if unmodelledWords < Self.unmodelledWordCap {
            unmodelledWords += 1
            entries.append(("the control word \\\(word) has no attribute here; its formatting is not kept", offset))
        } else {
            if unmodelledBeyondCap == 0 { firstBeyondCap = offset }
            unmodelledBeyondCap += 1
        }
    }

    /// Records an unmodelled control word met before the document's first text: a document-wide setting
    /// (compatibility options, drawing grid, …), all reported in one warning.
    mutating func documentSetting(_ word: String, at offset: Int) {
        if settingCount == 0 { firstSetting = offset }
        settingCount += 1
        if settingWords.count < 8 { settingWords.append("\\" + word) }
    }

    /// The warnings, located in `bytes`.
    func all(in bytes: UnsafeBufferPointer<UInt8>) -> [DocumentWarning] {
        var list: [(message: String, offset: Int)] = []
        if settingCount > 0 {
            let more = settingCount > settingWords.count ? ", and \(settingCount - settingWords.count) more" : ""
            list.append(("document settings are not kept: \(settingWords.joined(separator: ", "))\(more)", firstSetting))
        }
        list += entries
        if unmodelledBeyondCap > 0 {
            list.append(("\(unmodelledBeyondCap) more control words have no attribute here; their formatting is not kept",
                         firstBeyondCap))
        }
        let locations = RTFSourceLocation.locate(list.map(\.offset), in: bytes)
        return zip(list, locations).map { DocumentWarning(message: $0.message, location: $1) }
    }
}
