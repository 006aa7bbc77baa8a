import CGtk
import Foundation

/// The GtkApplication: opens the document when activated, and shows the editor, or a dialog saying why the
/// document cannot be opened (then quits with status 1).
final class EditorApplication {
    let options: EditorOptions
    var editor: RecipeEditor?
    var status: Int32 = 0
    var application: UnsafeMutablePointer<GtkApplication>!

    init(options: EditorOptions) {
        self.options = options
    }

    func run() -> Int32 {
        application = gtk_application_new("org.formatcheck.RecipeEditor", G_APPLICATION_NON_UNIQUE)
        let onActivate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            (object(data) as EditorApplication).activate()
        }
        connect(application, "activate", callback(onActivate), context: self)
        // GTK does not see FILE: the application opens it itself.
        let result = g_application_run(cast(application), 0, nil)
        g_object_unref(application)
        return status != 0 ? status : result
    }

    private func activate() {
        switch OpenedDocument.open(options) {
        case .success(let opened):
            let editor = RecipeEditor(options: options, opened: opened)
            self.editor = editor
            editor.buildWindow(application: application)
        case .failure(let failure):
            status = 1
            FileHandle.standardError.write(Data((failure.message + "\n").utf8))
            let dialog = fc_message_dialog_new(nil, GTK_MESSAGE_ERROR, "The recipe cannot be opened.\n\n\(failure.message)")
            gtk_window_set_application(cast(dialog), application)
            gtk_window_set_title(cast(dialog), "Recipe Editor")
            let onResponse: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { dialog, _, data in
                gtk_window_destroy(cast(dialog))
                g_application_quit(cast((object(data) as EditorApplication).application))
            }
            connect(dialog, "response", callback(onResponse), context: self)
            gtk_window_present(cast(dialog))
        }
    }
}

extension RecipeEditor {
    /// A message dialog over the editor (an error, or a notice).
    func showMessage(_ message: String, error: Bool) {
        let dialog = fc_message_dialog_new(cast(window), error ? GTK_MESSAGE_ERROR : GTK_MESSAGE_INFO, message)
        let onResponse: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { dialog, _, _ in
            gtk_window_destroy(cast(dialog))
        }
        g_signal_connect_data(dialog, "response", callback(onResponse), nil, nil, GConnectFlags(rawValue: 0))
        gtk_window_present(cast(dialog))
    }
}
