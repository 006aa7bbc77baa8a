// The WWDC25 recipe editor ("Cook up a rich text experience") as a GTK 4 desktop program: every edit of the
// GtkTextView goes through FormatCheck's editor bridge and the formatting engine under Definitions/recipe.json.
//
//     swift run --package-path Examples/gtk-editor gtk-recipe-editor [--definition D] FILE
import CGtk
import Foundation

let options: EditorOptions
switch EditorOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed):
    options = parsed
case .failure(let usage):
    FileHandle.standardError.write(Data(((usage.message.isEmpty ? "" : "gtk-recipe-editor: \(usage.message)\n") + EditorOptions.usage + "\n").utf8))
    exit(usage.message.isEmpty ? 0 : 2)
}
exit(EditorApplication(options: options).run())
