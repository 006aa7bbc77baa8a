extension BuiltInRule {
    /// What the rule checks, why, how it is fixed and an example: the one text `fmtcheck rule`, SARIF's `help`
    /// and the HTML report use. Each example is linted in `RuleDocumentationTests` (the failing document has a
    /// finding of the rule, the passing one none; an edit rule's edit is replayed).
    public var documentation: RuleDocumentation {
        RuleDocumentation(id: id, summary: summary, why: why, fix: BuiltInRule.fix(for: id), fixDescription: fixDescription,
                          severity: defaultSeverity, example: example)
    }

    /// What the rule checks, in one sentence.
    var summary: String {
        switch self {
        case .scope: return "An attribute the definition declares but does not include in its scope."
        case .undeclaredAttribute: return "An attribute the definition does not declare."
        case .wrongType: return "A value that is not of its attribute's declared type."
        case .textChanged: return "A value that textChanged invalidation removes."
        case .attributeChanged: return "A value that attributeChanged invalidation removes."
        case .paragraphBoundary: return "A paragraph-bound value that changes inside a paragraph."
        case .characterBoundary: return "A character-bound value on text that is not its character."
        case .malformedDocument: return "A document that cannot be read (malformed JSON or RTF)."
        case .readerWarning: return "Something the reader had to interpret or could not keep; --fix would not write it back."
        case .glyphDescription: return "A Genmoji whose description (its accessible text) is empty."
        case .unusedSuppression: return "A suppression (fmtcheck.ignore) that cannot be read, or that suppresses nothing (--report-unused-suppressions)."
        }
    }

    private var why: String {
        switch self {
        case .scope:
            return "An editor under the definition removes every attribute outside its scope, so a value stored outside it is one no editor keeps: it disappears at the first edit, and until then some apps show it and others do not."
        case .undeclaredAttribute:
            return "A key the definition does not know has no type and no behaviour. It is usually a misspelt key (\"ingredeint\") or a leftover of another app, and an editor under the definition removes it."
        case .wrongType:
            return "Apps read a value by its attribute's declared type: a colour stored as a number, or an enum value that is not one of its cases, is dropped or misread when the document opens."
        case .textChanged:
            return "A key invalidated by textChanged describes exactly the text it was set on (an ingredient's name, a spelling suggestion). Once that text changes the value no longer holds, so the engine removes it from the whole stretch, on both sides of the edit."
        case .attributeChanged:
            return "A key invalidated by attributeChanged(K) is derived from K (a contrast note from the colour): when K really changes, the derived value is stale, so the engine removes it where K changed."
        case .paragraphBoundary:
            return "A paragraph-bound attribute (alignment, a list style) describes a whole paragraph; two values in one paragraph cannot both be shown. The paragraph's first character decides."
        case .characterBoundary:
            return "A character-bound attribute belongs to one character (a Genmoji to U+FFFC, a bullet style to its bullet): on any other text it means nothing, and editors drop it there."
        case .malformedDocument:
            return "A document that cannot be read cannot be checked or fixed at all; its findings would go unseen. The position is where reading stopped."
        case .readerWarning:
            return "The document holds something the reader accepted but could not keep (RTF hidden text, page headers, a JSON null value): writing the document back, as --fix does, would lose it, so it is said before anything is written."
        case .glyphDescription:
            return "A Genmoji's description is its accessible text: what screen readers say and what HTML's alt attribute holds. Without it the glyph is silent to people who cannot see it."
        case .unusedSuppression:
            return "A suppression that cannot be read suppresses nothing and hides that it does not; one that names a rule with no finding under it (--report-unused-suppressions) is left over from a fixed finding and would hide the next one."
        }
    }

    private var fixDescription: String {
        switch self {
        case .scope, .undeclaredAttribute: return "removes the attribute, and with it the values it held."
        case .wrongType: return "removes the value."
        case .textChanged, .attributeChanged: return "the engine removes the stale value as the edit is made; a stored document is fixed by the edit that made it, not by --fix."
        case .paragraphBoundary: return "gives the whole paragraph its first character's value."
        case .characterBoundary: return "removes the value from the text that is not its character."
        case .malformedDocument: return "a document that cannot be read cannot be rewritten; mend it at the position given."
        case .readerWarning: return "what the reader could not keep cannot be written back; keep the document in a format that holds it, or remove it by hand."
        case .glyphDescription: return "a description cannot be invented; write one (the contentDescription of the glyph)."
        case .unusedSuppression: return "remove the suppression, or mend its value (a rule id, a list of them, or {\"rules\": [...], \"reason\": \"...\"})."
        }
    }

    /// The examples' definitions: the smallest that shows the rule.
    private static let ingredientDefinition = #"{"name": "example", "attributes": {"ingredient": {"type": "string"}}, "scope": ["ingredient"]}"#

    private var example: RuleExample {
        switch self {
        case .scope:
            return RuleExample(definition: #"{"name": "example", "attributes": {"ingredient": {"type": "string"}, "draft": {"type": "bool"}}, "scope": ["ingredient"]}"#,
                               failing: #"["milk",{"draft":true,"ingredient":"milk"}]"#, passing: #"["milk",{"ingredient":"milk"}]"#)
        case .undeclaredAttribute:
            return RuleExample(definition: Self.ingredientDefinition,
                               failing: #"["milk",{"ingredeint":"milk"}]"#, passing: #"["milk",{"ingredient":"milk"}]"#)
        case .wrongType:
            return RuleExample(definition: #"{"name": "example", "attributes": {"foregroundColor": {"type": "color"}}, "scope": ["foregroundColor"]}"#,
                               failing: ##"["milk",{"foregroundColor":52}]"##, passing: ##"["milk",{"foregroundColor":"#34c759"}]"##)
        case .textChanged:
            return RuleExample(definition: #"{"name": "example", "attributes": {"ingredient": {"type": "string", "invalidationConditions": ["textChanged"]}}, "scope": ["ingredient"]}"#,
                               failing: #"["milk",{"ingredient":"milk"}]"#, passing: #""mixlk""#, edit: #"{"op":"insert","at":2,"text":"x"}"#)
        case .attributeChanged:
            return RuleExample(definition: #"{"name": "example", "attributes": {"foregroundColor": {"type": "color"}, "contrastNote": {"type": "string", "invalidationConditions": [{"attributeChanged": "foregroundColor"}]}}, "scope": ["foregroundColor", "contrastNote"]}"#,
                               failing: ##"["milk",{"contrastNote":"passes AA","foregroundColor":"#34c759"}]"##, passing: ##"["milk",{"foregroundColor":"#ff3b30"}]"##,
                               edit: ##"{"op":"set","from":0,"to":4,"key":"foregroundColor","value":"#ff3b30"}"##)
        case .paragraphBoundary:
            return RuleExample(definition: #"{"name": "example", "attributes": {"alignment": {"type": "enum", "values": ["left", "center"], "runBoundaries": "paragraph"}}, "scope": ["alignment"]}"#,
                               failing: #"["Step ",{"alignment":"left"},"one\n",{"alignment":"center"}]"#, passing: #"["Step one\n",{"alignment":"left"}]"#)
        case .characterBoundary:
            return RuleExample(definition: #"{"name": "example", "attributes": {"bullet": {"type": "bool", "runBoundaries": {"character": "•"}}}, "scope": ["bullet"]}"#,
                               failing: #"["• milk",{"bullet":true}]"#, passing: #"["•",{"bullet":true}," milk",{}]"#)
        case .malformedDocument:
            return RuleExample(definition: Self.ingredientDefinition,
                               failing: #"["milk",{"ingredient":"milk"}"#, passing: #"["milk",{"ingredient":"milk"}]"#)
        case .readerWarning:
            return RuleExample(definition: Self.ingredientDefinition,
                               failing: #"["milk",{"ingredient":null}]"#, passing: #""milk""#)
        case .glyphDescription:
            return RuleExample(definition: #"{"name": "example", "attributes": {"adaptiveImageGlyph": {"type": "imageGlyph", "runBoundaries": {"character": "\uFFFC"}}}, "scope": ["adaptiveImageGlyph"]}"#,
                               failing: #"{"attributeTable":[{"adaptiveImageGlyph":{"contentDescription":"","contentIdentifier":"cat","contentType":"public.heic"}}],"imageGlyphs":{"cat":{"contentDescription":"","contentType":"public.heic","data":"AQID"}},"runs":["\uFFFC",0]}"#,
                               passing: #"{"attributeTable":[{"adaptiveImageGlyph":{"contentDescription":"a cat","contentIdentifier":"cat","contentType":"public.heic"}}],"imageGlyphs":{"cat":{"contentDescription":"a cat","contentType":"public.heic","data":"AQID"}},"runs":["\uFFFC",0]}"#)
        case .unusedSuppression:
            return RuleExample(definition: Self.ingredientDefinition,
                               failing: #"["milk",{"fmtcheck.ignore":42,"legacyTag":"x"}]"#,
                               passing: #"["milk",{"fmtcheck.ignore":{"reason":"imported from the old app","rules":["undeclared-attribute"]},"legacyTag":"x"}]"#)
        }
    }
}
