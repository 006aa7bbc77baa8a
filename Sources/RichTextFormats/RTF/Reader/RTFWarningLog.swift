import StreamingJSON

/// The warnings of one read: one per kind of loss, located where it first happened; unmodelled control words
/// one per distinct word, up to a cap, then one summary.
struct RTFWarningLog {
    static let unmodelledWordCap = 24

    private(set) var warnings: [DocumentWarning] = []
    private var kinds: Set<String> = []
    private var unmodelledWords: [String] = []
    private var unmodelledBeyondCap = 0
    private var firstBeyondCap: JSONLocation? = nil

    /// Whether a warning of `kind` was given already.
    func has(_ kind: String) -> Bool { kinds.contains(kind) }

    /// Records `message` once per `kind`.
    mutating func warn(_ kind: String, _ message: String, at location: JSONLocation) {
        guard kinds.insert(kind).inserted else { return }
        warnings.append(DocumentWarning(message: message, location: location))
    }

    /// Records an unmodelled control word (the caller sends each distinct word once).
    mutating func unmodelled(_ word: String, at location: JSONLocation) {
        if unmodelledWords.count < Self.unmodelledWordCap {
            unmodelledWords.append(word)
            warnings.append(DocumentWarning(
                message: "the control word \\\(word) has no attribute here; its formatting is not kept",
                location: location))
        } else {
            if unmodelledBeyondCap == 0 { firstBeyondCap = location }
            unmodelledBeyondCap += 1
        }
    }

    private var settingWords: [String] = []
    private var settingCount = 0
    private var firstSetting: JSONLocation? = nil

    /// Records an unmodelled control word met before the document's first text: a document-wide setting
    /// (compatibility options, drawing grid, …), all reported in one warning.
    mutating func documentSetting(_ word: String, at location: JSONLocation) {
        if settingCount == 0 { firstSetting = location }
        settingCount += 1
        if settingWords.count < 8 { settingWords.append("\\" + word) }
    }

    /// The warnings, with the document settings and the summary of words beyond the cap.
    var all: [DocumentWarning] {
        var result: [DocumentWarning] = []
        if settingCount > 0 {
            let more = settingCount > settingWords.count ? ", and \(settingCount - settingWords.count) more" : ""
            result.append(DocumentWarning(
                message: "document settings are not kept: \(settingWords.joined(separator: ", "))\(more)",
                location: firstSetting))
        }
        result += warnings
        if unmodelledBeyondCap > 0 {
            result.append(DocumentWarning(
                message: "\(unmodelledBeyondCap) more control words have no attribute here; their formatting is not kept",
                location: firstBeyondCap))
        }
        return result
    }
}
