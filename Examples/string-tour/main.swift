// A tour of RichString: create a string, tag "cooking" orange, insert "chef " before it while tracking the
// range, and print the runs.
import RichText

/// The colour a run is drawn in.
enum ForegroundColor: RichAttributeKey {
    typealias Value = RichColor
    static let name = "foregroundColor"
}

extension AttributeKeys {
    var foregroundColor: ForegroundColor.Type { ForegroundColor.self }
}

var text = RichString("Happy cooking!")
var cooking = text.range(of: "cooking")!
text[cooking].foregroundColor = RichColor(hex: "#ff9500")!
print("Before:\n\(text)\n")

let insertionPoint = cooking.lowerBound
text.transform(updating: &cooking) { text in
    text.insert(RichString("chef "), at: insertionPoint)
}
print("After inserting \"chef \" (the tracked range still covers \(text[cooking].string.debugDescription)):")
for run in text.runs {
    let color = run.attributes[ForegroundColor.self].map { " foregroundColor=\($0)" } ?? ""
    print("  \(text[run.range].string.debugDescription)\(color)")
}
