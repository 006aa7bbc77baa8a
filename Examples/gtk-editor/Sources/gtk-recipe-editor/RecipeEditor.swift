import CGtk
import EditorBridge
import Formatting
import Foundation
import RichText

/// The editor window: a `GtkTextView` whose buffer mirrors the session's document through the bridge, a toolbar
/// whose buttons the probe enables, a side panel listing the last edit's adjustments, and a status line.
///
/// Every edit goes through the bridge: the buffer's `insert-text` and `delete-range` are stopped and the bridge's
/// update is applied instead, with the handlers blocked. GTK counts character offsets in Unicode scalars (a
/// paintable counts as its U+FFFC), so the bridge's unit is `.scalars`.
final class RecipeEditor {
    let options: EditorOptions
    let opened: OpenedDocument
    var bridge: EditorBridge
    let log: EventLog

    var window: UnsafeMutablePointer<GtkWidget>!
    var textView: UnsafeMutablePointer<GtkWidget>!
    var buffer: UnsafeMutablePointer<GtkTextBuffer>!
    var panel: UnsafeMutablePointer<GtkWidget>!
    var status: UnsafeMutablePointer<GtkWidget>!
    var commandButtons: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    var undoButton: UnsafeMutablePointer<GtkWidget>!
    var redoButton: UnsafeMutablePointer<GtkWidget>!
    /// The buffer's handlers, blocked while an update is applied.
    var bufferHandlers: [gulong] = []
    var tags: TextTags!
    var glyphs = GlyphTextures()
    /// How deep the buffer's user actions are nested (`begin-user-action`), each one an undo group in the bridge;
    /// the edits the outermost one sent; and the selection one of them deleted, not yet sent: typing over a
    /// selection is one edit.
    var userActionDepth = 0
    var editsInUserAction = 0
    var pendingDeletion: Range<Int>?
    /// Whether the document changed since it was opened or saved.
    var isModified = false

    /// The toolbar's formatting commands: Ingredient (the WWDC25 editor's plus button) and two colours.
    static let commands = [
        FormattingCommand(name: "Ingredient", key: AttributeKeyDescriptor(name: "ingredient"), value: .selectedText, toggles: true),
        FormattingCommand(name: "Red", key: AttributeKeyDescriptor(name: "foregroundColor"), value: .constant(.color(RichColor(hex: "#FF3B30")!))),
        FormattingCommand(name: "Blue", key: AttributeKeyDescriptor(name: "foregroundColor"), value: .constant(.color(RichColor(hex: "#007AFF")!))),
    ]

    init(options: EditorOptions, opened: OpenedDocument) {
        self.options = options
        self.opened = opened
        let session = EditingSession(document: opened.document, images: opened.images, engine: FormattingEngine(opened.definition.definition))
        bridge = EditorBridge(session: session, unit: .scalars, commands: Self.commands)
        log = EventLog(path: options.eventLog)
    }

    // MARK: Building the window

    func buildWindow(application: UnsafeMutablePointer<GtkApplication>?) {
        window = gtk_application_window_new(application)
        gtk_window_set_default_size(cast(window), 980, 560)

        let vertical = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_window_set_child(cast(window), vertical)
        gtk_box_append(cast(vertical), buildToolbar())

        let horizontal = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_set_vexpand(horizontal, 1)
        gtk_box_append(cast(vertical), horizontal)

        textView = gtk_text_view_new()
        gtk_text_view_set_wrap_mode(cast(textView), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(cast(textView), 12)
        gtk_text_view_set_right_margin(cast(textView), 12)
        gtk_text_view_set_top_margin(cast(textView), 10)
        gtk_widget_add_css_class(textView, "recipe-text")
        gtk_widget_set_hexpand(appendScrolled(textView, to: horizontal), 1)

        let side = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        gtk_widget_set_size_request(side, 340, -1)
        gtk_widget_add_css_class(side, "adjustments")
        let heading = gtk_label_new("Adjustments of the last edit")
        gtk_widget_add_css_class(heading, "heading")
        gtk_label_set_xalign(cast(heading), 0)
        gtk_box_append(cast(side), heading)
        panel = gtk_label_new("")
        gtk_label_set_xalign(cast(panel), 0)
        gtk_label_set_yalign(cast(panel), 0)
        gtk_label_set_wrap(cast(panel), 1)
        gtk_widget_add_css_class(panel, "monospace")
        gtk_widget_set_vexpand(appendScrolled(panel, to: side), 1)
        gtk_box_append(cast(horizontal), side)

        status = gtk_label_new("")
        gtk_label_set_xalign(cast(status), 0)
        gtk_widget_add_css_class(status, "status")
        gtk_box_append(cast(vertical), status)

        installStyle()
        buffer = gtk_text_view_get_buffer(cast(textView))
        // The bridge's session keeps the undo history; GTK's own would undo behind the engine's back.
        gtk_text_buffer_set_enable_undo(buffer, 0)
        tags = TextTags(buffer: buffer)
        apply(bridge.initialUpdate())
        connectSignals()
        updateTitle()
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(textView)
        log.write(["event": "ready", "characters": bridge.session.document.counts.scalars])
    }

    /// `child` in a scrolled window at the end of `box`; returns the scrolled window.
    private func appendScrolled(_ child: UnsafeMutablePointer<GtkWidget>?, to box: UnsafeMutablePointer<GtkWidget>?) -> UnsafeMutablePointer<GtkWidget>? {
        let scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(cast(scroller), child)
        gtk_box_append(cast(box), scroller)
        return scroller
    }

    /// The toolbar: Ingredient, the colours, undo, redo, save. Its buttons never take the keyboard focus, so
    /// typing stays in the text.
    private func buildToolbar() -> UnsafeMutablePointer<GtkWidget> {
        let toolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_add_css_class(toolbar, "toolbar")
        func button(_ label: String, _ handler: GCallback) -> UnsafeMutablePointer<GtkWidget> {
            let button = gtk_button_new_with_label(label)!
            gtk_widget_set_focus_on_click(button, 0)
            gtk_widget_set_can_focus(button, 0)
            connect(button, "clicked", handler, context: self)
            gtk_box_append(cast(toolbar), button)
            return button
        }
        let onCommand: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { button, data in
            let editor: RecipeEditor = object(data)
            guard let name = editor.commandButtons.first(where: { UnsafeMutableRawPointer($0.value) == button })?.key else { return }
            editor.send(.command(name))
        }
        for command in Self.commands {
            let made = button(command.name == "Ingredient" ? "＋ Ingredient" : command.name, callback(onCommand))
            gtk_widget_add_css_class(made, "command-\(command.name.lowercased())")
            commandButtons[command.name] = made
        }
        let onUndo: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            (object(data) as RecipeEditor).send(.undo)
        }
        let onRedo: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            (object(data) as RecipeEditor).send(.redo)
        }
        let onSave: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            (object(data) as RecipeEditor).save()
        }
        undoButton = button("Undo", callback(onUndo))
        redoButton = button("Redo", callback(onRedo))
        _ = button("Save", callback(onSave))
        return toolbar!
    }

    private func installStyle() {
        let provider = gtk_css_provider_new()
        let css = """
        .toolbar { padding: 6px; border-bottom: 1px solid #d0d0d0; }
        .toolbar button.on { background: #c9efd3; }
        .recipe-text { font-size: 15pt; }
        .adjustments { padding: 8px; border-left: 1px solid #d0d0d0; background: #fafafa; }
        .adjustments .heading { font-weight: bold; margin-bottom: 4px; }
        .monospace { font-family: monospace; font-size: 10pt; }
        .status { padding: 4px 8px; border-top: 1px solid #d0d0d0; font-size: 10pt; }
        """
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), cast(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    // MARK: Events

    /// Sends `event` through the bridge and shows the update; an event the bridge cannot take (the buffer and the
    /// document disagree, a bug) is reported, never applied.
    func send(_ event: WidgetEvent) {
        switch event {
        case .beginUndoGroup, .endUndoGroup:
            break  // a selection deleted in one user action waits for the next one's insert
        case .replace, .delete, .paste, .commitMarkedText:
            flushPendingDeletion()
            if userActionDepth > 0 { editsInUserAction += 1 }
        default:
            flushPendingDeletion()
        }
        log.write(event)
        do {
            let update = try bridge.handle(event)
            apply(update)
            if update.changesDocument {
                isModified = true
                updateTitle()
            }
        } catch {
            report("The edit could not be applied: \(error)")
        }
    }

    /// Applies an update to the buffer with the buffer's handlers blocked, then to the toolbar and the panel.
    func apply(_ update: ViewUpdate) {
        for handler in bufferHandlers { g_signal_handler_block(buffer, handler) }
        defer { for handler in bufferHandlers { g_signal_handler_unblock(buffer, handler) } }
        var start = GtkTextIter(), end = GtkTextIter()
        for change in update.textChanges {
            gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(change.range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &end, Int32(change.range.upperBound))
            if !change.range.isEmpty { gtk_text_buffer_delete(buffer, &start, &end) }
            if !change.text.isEmpty { gtk_text_buffer_insert(buffer, &start, change.text, -1) }
        }
        for change in update.attributeChanges {
            gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(change.range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &end, Int32(change.range.upperBound))
            tags.show(change.attributes, from: &start, to: &end)
            if change.attributes["adaptiveImageGlyph"] != nil { showGlyphs(in: change.range) }
        }
        if let selected = update.selectedRanges.first, selected != bufferSelection {
            gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(selected.upperBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &end, Int32(selected.lowerBound))
            gtk_text_buffer_select_range(buffer, &start, &end)
        }
        for state in update.commands {
            guard let button = commandButtons[state.name] else { continue }
            gtk_widget_set_sensitive(button, state.isEnabled ? 1 : 0)
            if state.isOn { gtk_widget_add_css_class(button, "on") } else { gtk_widget_remove_css_class(button, "on") }
        }
        gtk_widget_set_sensitive(undoButton, update.canUndo ? 1 : 0)
        gtk_widget_set_sensitive(redoButton, update.canRedo ? 1 : 0)
        if update.changesDocument { showAdjustments(update.adjustments) }
        logState(update)
        if !update.markedText.isEmpty { setStatus("Composing \u{201C}\(update.markedText)\u{201D}") }
    }

    /// With an event log: which buttons are enabled now, and where each sits in the window (for a UI test to
    /// press them as a person would).
    private func logState(_ update: ViewUpdate) {
        guard log.isActive else { return }
        var bounds: [String: [Double]] = [:]
        let buttons = commandButtons.merging(["Undo": undoButton, "Redo": redoButton]) { $1 }
        for (name, button) in buttons {
            var rect = graphene_rect_t()
            if gtk_widget_compute_bounds(button, window, &rect) != 0 {
                bounds[name] = [Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height)]
            }
        }
        log.write(["event": "state", "enabled": update.commands.filter(\.isEnabled).map(\.name).sorted(), "on": update.commands.filter(\.isOn).map(\.name).sorted(),
                   "canUndo": update.canUndo, "canRedo": update.canRedo, "buttons": bounds])
    }

    /// Puts each Genmoji's image at its U+FFFC in `range`, decoded once per image.
    private func showGlyphs(in range: Range<Int>) {
        let document = bridge.session.document
        var iter = GtkTextIter(), next = GtkTextIter()
        for offset in range {
            let index = document.index(atOffset: offset, in: .scalars)
            guard case .imageGlyph(let glyph)? = document[index..<document.index(atOffset: offset + 1, in: .scalars)].runs.first?.attributes["adaptiveImageGlyph"],
                  let texture = glyphs.texture(for: glyph, in: bridge.session.images) else { continue }
            gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(offset))
            guard gtk_text_iter_get_paintable(&iter) == nil else { continue }
            next = iter
            gtk_text_iter_forward_char(&next)
            gtk_text_buffer_delete(buffer, &iter, &next)
            gtk_text_buffer_insert_paintable(buffer, &iter, texture)
        }
    }

    /// Lists each adjustment of the last edit: rule, key, range (in characters), old and new value.
    func showAdjustments(_ adjustments: [ViewUpdate.PlacedAdjustment]) {
        func show(_ value: AttributeValue?) -> String { value.map { "\($0)" } ?? "—" }
        let lines = adjustments.map { adjustment in
            "\(adjustment.rule)\n  \(adjustment.key) [\(adjustment.range.lowerBound), \(adjustment.range.upperBound)): \(show(adjustment.oldValue)) → \(show(adjustment.newValue))"
        }
        gtk_label_set_text(cast(panel), lines.isEmpty ? "(none: the definition kept the edit as made)" : lines.joined(separator: "\n"))
    }

    func setStatus(_ message: String) {
        gtk_label_set_text(cast(status), message)
    }

    /// A problem the user should see: on the status line and on stderr.
    func report(_ message: String) {
        setStatus(message)
        FileHandle.standardError.write(Data((message + "\n").utf8))
        log.write(["event": "message", "text": message])
    }

    func updateTitle() {
        let name = URL(fileURLWithPath: options.file).lastPathComponent
        gtk_window_set_title(cast(window), "\(isModified ? "• " : "")\(name) — Recipe Editor (\(opened.definition.definition.name))")
    }
}
