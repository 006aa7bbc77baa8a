import CGtk
import EditorBridge
import Foundation

/// The GTK signals the editor answers: the buffer's edits (stopped and sent through the bridge), selection
/// moves, the input method's preedit, paste, and the keyboard shortcuts.
extension RecipeEditor {
    func connectSignals() {
        // The buffer's `insert-text`: stopped, and the bridge's update inserted instead. Its location is then
        // moved past the text, as the default handler leaves it for the code that emitted the signal.
        let onInsert: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafePointer<CChar>?, Int32, UnsafeMutableRawPointer?) -> Void = {
            buffer, location, text, length, data in
            let editor: RecipeEditor = object(data)
            g_signal_stop_emission_by_name(buffer, "insert-text")
            guard let location else { return }
            editor.insert(string(text, count: Int(length)), at: Int(gtk_text_iter_get_offset(location)))
            gtk_text_buffer_get_iter_at_mark(editor.buffer, location, gtk_text_buffer_get_insert(editor.buffer))
        }
        // The buffer's `delete-range`: stopped, and the bridge's update applied instead; both iterators are then
        // left where the text was, as the default handler leaves them.
        let onDelete: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafeMutablePointer<GtkTextIter>?, UnsafeMutableRawPointer?) -> Void = {
            buffer, start, end, data in
            let editor: RecipeEditor = object(data)
            g_signal_stop_emission_by_name(buffer, "delete-range")
            guard let start, let end else { return }
            let lower = Int(min(gtk_text_iter_get_offset(start), gtk_text_iter_get_offset(end)))
            let upper = Int(max(gtk_text_iter_get_offset(start), gtk_text_iter_get_offset(end)))
            editor.delete(lower..<upper)
            gtk_text_buffer_get_iter_at_offset(editor.buffer, start, Int32(lower))
            end.pointee = start.pointee
        }
        // The cursor or the selection bound moved (a click, the arrow keys): the session's selection follows.
        let onMarkSet: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafeMutablePointer<GtkTextMark>?, UnsafeMutableRawPointer?) -> Void = {
            buffer, _, mark, data in
            let editor: RecipeEditor = object(data)
            let typed: UnsafeMutablePointer<GtkTextBuffer>? = cast(buffer)
            guard mark == gtk_text_buffer_get_insert(typed) || mark == gtk_text_buffer_get_selection_bound(typed) else { return }
            editor.selectionMoved()
        }
        // A user action is an undo group in the bridge: its edits are one undo step (a drag that moves text
        // deletes and inserts), and a keystroke's action, one edit, still gathers with the typing around it.
        // Typing over a selection deletes it in a user action of its own, then inserts in another: the deletion
        // waits for the insert, so the two are one edit and one undo step, as in GTK's own undo. A deletion nothing
        // was inserted over goes to the engine when the main loop next turns, before any other event; one in an
        // action that made other edits goes before the action ends, in its group.
        let onBeginAction: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let editor: RecipeEditor = object(data)
            if editor.userActionDepth == 0 { editor.editsInUserAction = 0 }
            editor.userActionDepth += 1
            editor.send(.beginUndoGroup)
        }
        let onEndAction: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let editor: RecipeEditor = object(data)
            editor.userActionDepth -= 1
            if editor.userActionDepth == 0, editor.editsInUserAction > 0 { editor.flushPendingDeletion() }
            editor.send(.endUndoGroup)
            guard editor.userActionDepth == 0, editor.pendingDeletion != nil else { return }
            let onIdle: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
                (object(data) as RecipeEditor).flushPendingDeletion()
                return 0
            }
            g_idle_add_full(G_PRIORITY_HIGH, onIdle, data, nil)
        }
        bufferHandlers = [
            connect(buffer, "insert-text", callback(onInsert), context: self),
            connect(buffer, "delete-range", callback(onDelete), context: self),
            connect(buffer, "mark-set", callback(onMarkSet), context: self, after: true),
            connect(buffer, "begin-user-action", callback(onBeginAction), context: self),
            connect(buffer, "end-user-action", callback(onEndAction), context: self),
        ]

        // Input-method preedit stays in the view; the bridge holds it until the commit, which arrives as one
        // `insert-text`.
        let onPreedit: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { _, preedit, data in
            let editor: RecipeEditor = object(data)
            editor.send(.setMarkedText(preedit.map { String(cString: $0) } ?? ""))
        }
        connect(textView, "preedit-changed", callback(onPreedit), context: self)

        // Paste: the clipboard's RTF through the RTF reader, else its plain text.
        let onPaste: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { view, data in
            g_signal_stop_emission_by_name(view, "paste-clipboard")
            (object(data) as RecipeEditor).pasteFromClipboard()
        }
        connect(textView, "paste-clipboard", callback(onPaste), context: self)

        // Ctrl+Z, Ctrl+Shift+Z (and Ctrl+Y), Ctrl+S, before the text view's own shortcuts.
        let keys = gtk_event_controller_key_new()
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        let onKey: @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = {
            _, keyval, _, state, data in
            let editor: RecipeEditor = object(data)
            guard state.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return 0 }
            let shifted = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            switch Int32(keyval) {
            case GDK_KEY_z where !shifted:
                editor.send(.undo)
            case GDK_KEY_z, GDK_KEY_Z, GDK_KEY_y:
                editor.send(.redo)
            case GDK_KEY_s:
                editor.save()
            default:
                return 0
            }
            return 1
        }
        connect(keys, "key-pressed", callback(onKey), context: self)
        gtk_widget_add_controller(window, keys)
    }

    /// Text the buffer was asked to insert at `offset`. Inserted where a user action just deleted the selection,
    /// it replaces the selection in one edit (one undo step, as GTK's own undo makes it).
    func insert(_ text: String, at offset: Int) {
        if let pending = pendingDeletion, pending.lowerBound == offset || pending.upperBound == offset {
            pendingDeletion = nil
            send(.replace(pending, with: text))
            return
        }
        var offset = offset
        if let pending = pendingDeletion, offset > pending.upperBound { offset -= pending.count }
        send(.insert(text, at: offset))
    }

    /// A range the buffer was asked to delete. The selection deleted inside a user action waits for the action's
    /// insert (typing over it) or its end.
    func delete(_ range: Range<Int>) {
        flushPendingDeletion()
        if userActionDepth > 0, !range.isEmpty, range == bufferSelection {
            pendingDeletion = range
            return
        }
        send(.delete(range))
    }

    /// Deletes the selection a user action deleted and inserted nothing over (`send` does it before any other
    /// event).
    func flushPendingDeletion() {
        guard let pending = pendingDeletion else { return }
        pendingDeletion = nil
        send(.delete(pending))
    }

    /// The buffer's selection, sent to the bridge (which ignores a selection it already has, so moving the
    /// cursor where typing left it keeps the typing in one undo step).
    func selectionMoved() {
        send(.select(bufferSelection))
    }

    /// The buffer's selection (the cursor as an empty range), in character offsets, whichever way it was made.
    var bufferSelection: Range<Int> {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_selection_bounds(buffer, &start, &end)
        let lower = Int(gtk_text_iter_get_offset(&start)), upper = Int(gtk_text_iter_get_offset(&end))
        return min(lower, upper)..<max(lower, upper)
    }
}
