import Formatting
import FormattingTesting
import RichText

// The README's example: a user's own constraint, and a buggy variant of it.

/// A paragraph is a heading or not.
let heading = AttributeKeyDescriptor(name: "heading", behavior: AttributeBehavior(runBoundaries: .paragraph))
/// The paragraph's font size.
let fontSize = AttributeKeyDescriptor(name: "fontSize", behavior: AttributeBehavior(runBoundaries: .paragraph))

/// Headings are 28 pt; body text has no size of its own.
let headingsAreLarge = CustomConstraint("HeadingsAreLarge", owns: fontSize, reads: ["heading"]) { run in
    run.value = run["heading"] == .bool(true) ? .number(28) : nil
}

/// The bug: "make headings 1.5× larger" scales whatever size is there, so every normalisation grows it again.
let headingsGrow = CustomConstraint("HeadingsGrow", owns: fontSize, reads: ["heading"]) { run in
    guard run["heading"] == .bool(true) else { run.value = nil; return }
    if case .number(let size) = run.value { run.value = .number(size * 1.5) } else { run.value = .number(17 * 1.5) }
}

func headingDefinition(_ constraint: CustomConstraint) throws -> FormattingDefinition {
    try FormattingDefinition(name: "headings", scope: [heading, fontSize]) { constraint }
}
