import Foundation
import FormattingTesting
import PlantedBugEditors

// planted-bug-editor [BUG]: PlantedBugEditor with one planted bug (or none), served over the editor protocol on
// standard input and output, for `fmtcheck replay --check --editor '.build/debug/planted-bug-editor BUG'`.
// This is all it takes to let fmtcheck replay a script on an editor of your own.

let arguments = CommandLine.arguments.dropFirst()
let bug = arguments.first.flatMap(PlantedBug.init(rawValue:))
if let name = arguments.first, bug == nil {
    FileHandle.standardError.write("planted-bug-editor: no bug '\(name)'; the bugs are \(PlantedBug.allCases.map(\.rawValue).joined(separator: ", "))\n".data(using: .utf8)!)
    exit(64)
}
EditorServer.serve { engine, document in PlantedBugEditor(engine: engine, document: document, bug: bug) }
