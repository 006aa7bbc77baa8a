/// The writer's warnings: one per distinct kind of loss, in the order first met, however often it happens.
struct RTFWriterWarnings {
    private var seen: Set<String> = []
    private(set) var list: [DocumentWarning] = []

    /// Adds `message` unless a warning of the same `kind` was already given.
    mutating func add(kind: String, _ message: @autoclosure () -> String) {
        guard seen.insert(kind).inserted else { return }
        list.append(DocumentWarning(message: message()))
    }
}
