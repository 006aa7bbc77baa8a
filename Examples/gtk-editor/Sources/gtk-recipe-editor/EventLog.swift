import EditorBridge
import Foundation
import RichText

/// With `--event-log FILE`, one JSON object a line for each widget event the editor sends through the bridge
/// (and for opening, saving and messages), so a UI test can see what reached the engine: a dead-key accent as one
/// `replace` of one character, say. Offsets are the buffer's, in Unicode scalars.
final class EventLog {
    private let handle: FileHandle?

    init(path: String?) {
        guard let path else {
            handle = nil
            return
        }
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        handle = FileHandle(forWritingAtPath: path)
    }

    /// Whether the editor was given a log to write.
    var isActive: Bool { handle != nil }

    func write(_ object: [String: Any]) {
        guard let handle, let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        handle.write(data + Data("\n".utf8))
    }

    func write(_ event: WidgetEvent) {
        guard handle != nil else { return }
        switch event {
        case let .replace(range, text): write(["event": "replace", "from": range.lowerBound, "to": range.upperBound, "text": text])
        case let .delete(range): write(["event": "delete", "from": range.lowerBound, "to": range.upperBound])
        case let .paste(piece, _, range): write(["event": "pasteText", "from": range.lowerBound, "to": range.upperBound, "text": piece.string])
        case let .command(name): write(["event": "command", "name": name])
        case .undo: write(["event": "undo"])
        case .redo: write(["event": "redo"])
        case .beginUndoGroup: write(["event": "beginUndoGroup"])
        case .endUndoGroup: write(["event": "endUndoGroup"])
        case let .select(range): write(["event": "select", "from": range.lowerBound, "to": range.upperBound])
        case let .setMarkedText(text): write(["event": "preedit", "text": text])
        case let .commitMarkedText(text): write(["event": "commit", "text": text])
        }
    }
}
