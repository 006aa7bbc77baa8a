import Foundation

/// Whether a path exists, for telling a mistyped command from a document path.
enum FileSystemProbe {
    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}
