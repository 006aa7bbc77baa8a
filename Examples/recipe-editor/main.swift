// The WWDC25 "Cook up a rich text experience" story, replayed on the FormatCheck engine as an editor would
// build it: the definition is Definitions/recipe.json, edits go through a SwiftUI-shaped selection with typed
// keys, a toolbar button is enabled by a probe, a bookmark follows the text, a typed word undoes in one step,
// and the document is saved and reloaded as JSON and as an RTFD package with its Genmoji and the image.
// After every step it prints the runs and what the engine adjusted on its own.
import DefinitionFiles
import Foundation
import Formatting
import RichText
import RichTextFormats

// 1. The keys, typed. Their names and behaviours are the ones recipe.json declares.
enum ForegroundColor: RichAttributeKey {
    typealias Value = RichColor
    static let name = "foregroundColor"
}

enum AdaptiveImageGlyph: RichAttributeKey {
    typealias Value = ImageGlyphReference
    static let name = "adaptiveImageGlyph"
    // Not inherited: a U+FFFC typed after a Genmoji must not become a copy of it.
    static let inheritedByAddedText = false
    static let runBoundaries: RunBoundary? = .character("\u{FFFC}")
}

enum Ingredient: RichAttributeKey {
    typealias Value = String
    static let name = "ingredient"
    static let inheritedByAddedText = false
    static let invalidationConditions: Set<InvalidationCondition> = [.textChanged]
}

extension AttributeKeys {
    var ingredient: Ingredient.Type { Ingredient.self }
    var foregroundColor: ForegroundColor.Type { ForegroundColor.self }
}

/// Definitions/recipe.json, from the current folder (`swift run recipe-editor` at the package root) or beside
/// this example's sources.
func recipeDefinitionFile() -> URL {
    let here = URL(fileURLWithPath: "Definitions/recipe.json")
    if FileManager.default.fileExists(atPath: here.path) { return here }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Definitions/recipe.json")
}

func show(_ title: String, _ session: EditingSession, _ adjustments: [Adjustment]) {
    print("== \(title)")
    let text = session.document
    for run in text.runs {
        let attributes = run.attributes.entries.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        print("   \(text[run.range].string.debugDescription) \(attributes)")
    }
    if let caret = session.selection.insertionPoint {
        print("   caret at character \(text.offset(of: caret, in: .characters))")
    } else {
        print("   selection: " + session.selection.ranges.ranges.map { text[$0].string.debugDescription }.joined(separator: ", "))
    }
    for adjustment in adjustments {
        print("   adjusted: \(adjustment.rule) \(adjustment.key) on \(text[adjustment.range(in: text)].string.debugDescription): \(adjustment.oldValue.map { "\($0)" } ?? "nil") -> \(adjustment.newValue.map { "\($0)" } ?? "nil")")
    }
    if adjustments.isEmpty { print("   (no adjustments)") }
}

do {
    let definition = try FormattingDefinition(contentsOf: recipeDefinitionFile())
    let engine = FormattingEngine(definition)
    var session = EditingSession(document: RichString("Melt the butter, add milk and more butter."), engine: engine)
    show("1. Definitions/recipe.json loaded in the app (\(definition.constraints.count) constraint)", session, session.lastAdjustments)

    // 2. Select every "butter" (a multi-range selection, as SwiftUI's AttributedTextSelection) and mark them in
    //    one mutation.
    session.select(Selection(ranges: session.document.ranges(of: "butter")))
    var adjustments = session.setAttribute(Ingredient.self, to: "butter")
    show("2. mark every \"butter\" with the typed key: one mutation, both turn green", session, adjustments)

    // 3. A bookmark on "milk" follows the text through the edits below.
    var bookmark = [session.document.range(of: "milk")!]
    session.transform(updating: &bookmark) { session in
        // 3a. Mark "milk" through the selection, SwiftUI's way.
        session.select(Selection(range: session.document.range(of: "milk")!))
        adjustments = session.setAttribute(Ingredient.self, to: "milk")
        show("3a. mark \"milk\"", session, adjustments)
        // 3b. Type a word at the start, letter by letter.
        session.select(Selection(insertionPoint: session.document.startIndex))
        for letter in "First, " { adjustments = session.type(String(letter)) }
        show("3b. type \"First, \" letter by letter", session, adjustments)
    }
    print("   the bookmark is still on \(session.document[bookmark[0]].string.debugDescription)")

    // 4. Undo: the typed words go in one step.
    session.undo()
    show("4. undo: the typed words go in one step", session, session.lastAdjustments)

    // 5. A toolbar button: may "butter" be coloured white? The probe says no, and which rule says so.
    let butter = RangeSet(session.document.range(of: "butter")!)
    let white = RichColor(hex: "#ffffff")!
    let probe = engine.probe(.setAttribute(ForegroundColor.self, to: white, in: butter), on: session.document)
    print("== 5. toolbar: colour \"butter\" white?")
    print("   kept: \(probe.isKept)" + probe.reverts.map { "; reverted by \($0.rule) to \($0.newValue.map { "\($0)" } ?? "nil")" }.joined())
    print("   the colour button is \(engine.canSet(ForegroundColor.self, to: white, on: butter, in: session.document) ? "enabled" : "disabled")")

    // 6. Delete a letter of "milk": the mark leaves the whole word.
    let milk = session.document.range(of: "milk")!
    session.select(Selection(insertionPoint: session.document.characters.index(milk.lowerBound, offsetBy: 3)))
    adjustments = session.deleteBackward()
    show("6. delete the \"l\": the ingredient and its green leave the word", session, adjustments)

    // 7. Paste a Genmoji with its image: the image travels with the session.
    var pastedImages = ImageStore()
    let cat = ImageGlyphReference(contentIdentifier: "genmoji-cat", contentDescription: "a smiling cat chef", contentType: "public.heic")
    pastedImages.insert(Data("stand-in HEIC bytes".utf8), for: cat)
    var genmoji = RichString("\u{FFFC}")
    genmoji[genmoji.startIndex..<genmoji.endIndex][AdaptiveImageGlyph.self] = cat
    session.select(Selection(insertionPoint: session.document.endIndex))
    adjustments = session.paste(genmoji, images: pastedImages)
    show("7. paste a Genmoji with its image", session, adjustments)

    // 8. Save and reload as native JSON and as an RTFD package: the Genmoji and its image come back.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recipe-editor-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = try NativeJSONEncoder().write(session.document, images: session.images)
    let jsonFile = folder.appendingPathComponent("recipe.json")
    try Data(json.bytes).write(to: jsonFile)
    let fromJSON = try NativeJSONDecoder().decode(Data(contentsOf: jsonFile))
    let rtfd = RTFWriter().write(session.document, images: session.images, asPackage: true)
    let package = folder.appendingPathComponent("recipe.rtfd")
    try RTFDPackage(rtf: rtfd.rtf, files: rtfd.files).write(to: package)
    let read = try RTFDPackage.read(directory: package)
    let fromRTFD = try RTFReader().read(read.rtf, attachments: read.files)
    print("== 8. saved and reloaded")
    for (format, decoded, warnings) in [("JSON", fromJSON, json.warnings), ("RTFD", fromRTFD, rtfd.warnings)] {
        let glyphs = decoded.document.runs.compactMap { $0.attributes[AdaptiveImageGlyph.self]?.contentIdentifier }
        let image = glyphs.first.flatMap { decoded.images[$0] }
        print("   \(format): same text \(decoded.document.string == session.document.string), glyph \(glyphs), image \(image.map { "\($0.data.count) bytes" } ?? "missing")"
              + (warnings.isEmpty ? "" : "; writer notes: " + warnings.map(\.message).joined(separator: "; ")))
    }
} catch {
    print("recipe-editor: \(error)")
}
