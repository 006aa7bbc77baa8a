import RichText
import RichTextFormats
import StreamingJSON

/// Reads a native JSON document for linting under a loaded definition: the adapter between the definition
/// file's declared attribute types and `NativeJSONDecoder`.
///
/// The decoder's schema gives every declared attribute the codec of its type and its declared behaviour, so
/// typed values (colours, URLs, glyphs) decode as they will be compared, the runs are built once as they will be
/// linted, and the decoder's behaviour fix-up (`enforceBehaviors()`) is reported rather than applied silently. A
/// wrong-typed value would make the typed codec reject the whole document, so a key whose value does not fit is
/// read again as plain JSON, and each run's value is then checked against the declared type on its own: a finding
/// per run instead of a failed file. Then no key gets its behaviour from the decoder: declared keys get theirs
/// after typing, which drops the wrong-typed values first, and the fix-up runs once after that.
public struct LintDocumentReader: Sendable {
    /// The definition whose declarations type the values.
    public let definition: LoadedDefinition
    /// The tokenizer's limits (nesting depth, string length).
    public var limits: JSONReader.Limits
    /// The sets typed so far, for every document this reader (or a copy) reads.
    let typings = TypingCache()

    /// A reader for documents under `definition`.
    public init(definition: LoadedDefinition, limits: JSONReader.Limits = JSONReader.Limits(maxDepth: 256)) {
        self.definition = definition
        self.limits = limits
    }

    /// What reading found besides the document.
    public struct Finding: Sendable, Hashable {
        /// What kind of problem.
        public enum Kind: Sendable, Hashable {
            /// A declared attribute's value is not of its type; the value was dropped.
            case wrongType(AttributeValueType)
            /// The behaviour fix-up changed the value (a paragraph- or character-bound key out of place).
            case behavior(AttributeAdjustment.Cause)
        }
        /// What kind of problem.
        public var kind: Kind
        /// Where, in UTF-8 offsets of the document's text.
        public var utf8Range: Range<Int>
        /// The attribute.
        public var key: String
        /// The value as read.
        public var oldValue: AttributeValue?
        /// The value after the fix-up (nil: dropped).
        public var newValue: AttributeValue?
    }

    /// A document read for linting.
    public struct Result: Sendable {
        /// The document: typed, with declared behaviours, after the behaviour fix-up.
        public var document: RichString
        /// Its glyph images.
        public var images: ImageStore
        /// Wrong-typed values and behaviour fix-ups, in document order per kind.
        public var findings: [Finding]
        /// What the decoder accepted but had to interpret.
        public var warnings: [DocumentWarning]
        /// Where the text came from in `source`, when the reader keeps it.
        public var sourceMap: SourceMap?
        /// The bytes the source map counts in (the file; an RTFD package's `TXT.rtf`).
        public var source: [UInt8] = []
    }

    /// The decoder's schema: each declared attribute with its type's codec and its declared behaviour; with keys
    /// read as plain JSON, no behaviour yet (typing gives it, after dropping what does not fit).
    func schema(plainKeys: Set<String>) -> NativeJSONSchema {
        NativeJSONSchema(definition.attributes.values.map { declaration in
            NativeJSONSchema.Key(AttributeKeyDescriptor(name: declaration.name, behavior: plainKeys.isEmpty ? declaration.behavior : .plain),
                                 codec: plainKeys.contains(declaration.name) ? .json : declaration.type.codec)
        })
    }

    /// Reads `bytes`; throws the decoder's error (with line, column and byte offset) for a malformed document.
    public func read(_ bytes: [UInt8]) throws(DocumentError) -> Result {
        var plainKeys: Set<String> = []
        var decoded: DecodedDocument
        while true {
            do {
                decoded = try NativeJSONDecoder(schema: schema(plainKeys: plainKeys), limits: limits).decode(bytes)
                break
            } catch {
                // A declared key holding a value its codec cannot read: read that key as plain JSON and type-check
                // each run's value below. Any other error is the document's.
                guard case .wrongValueType(let key) = error.kind, definition.attributes[key] != nil,
                      plainKeys.insert(key).inserted else { throw error }
            }
        }
        var result = typed(decoded)
        result.source = bytes
        return result
    }

    /// Reads a document in any lintable format: native JSON as `read(_:)` does; RTF and both RTFD forms through
    /// `RTFReader`, whose values are then typed against the declarations. Throws the format reader's located error.
    public func read(_ input: LintInput) throws(DocumentError) -> Result {
        switch input.format {
        case .rtf, .rtfd, .flatRTFD:
            let package = try input.rtfPackage()
            var result = typed(try LintInput.readRTF(package))
            result.source = package.rtf
            // A package's positions count in its TXT.rtf.
            if input.format != .rtf { result.sourceMap?.memberPath = RTFDPackage.textFileName }
            return result
        case .native, .plain, .text, .html:
            return try read(input.bytes)
        }
    }

    /// Types a document another reader produced (RTF, RTFD) against the declarations: values that do not fit
    /// their declared type become `wrong-type` findings, declared keys get their declared behaviours, and the
    /// reader's own behaviour fix-ups are reported along with the definition's.
    public func typed(_ decoded: DecodedDocument) -> Result {
        var findings: [Finding] = decoded.adjustments.map(Self.finding)
        // Sets are interned and a document holds few distinct ones: type each distinct set once (`AttributeSetMemo`,
        // no hashing and no reference counted per run; the reader's `TypingCache` across documents).
        var memo = AttributeSetMemo<Typing>()
        var changesAny = false
        let source = decoded.document
        let all = 0..<source.counts.utf8
        source.forEachRun(inUTF8: all) { range, original in
            let k = memo.index(of: original) { original in
                let typing = self.typings.typing(of: original) { self.typing(of: $0) }
                if typing.attributes != original || !typing.wrongTypes.isEmpty { changesAny = true }
                return typing
            }
            for wrong in memo.values[k].wrongTypes {
                findings.append(Finding(kind: .wrongType(wrong.type), utf8Range: range, key: wrong.key,
                                        oldValue: wrong.value, newValue: nil))
            }
            return true
        }
        // The text is the decoded one: share its rope, and take new runs only when some set changed (the decoder
        // types and gives behaviours itself unless a key was read as plain JSON). Each run lends its typed set
        // to the list; equal neighbours are merged as the string takes the runs over.
        var document = source
        if changesAny {
            let runs = RunList()
            source.forEachRun(inUTF8: all) { range, original in
                AttributeSet.withBorrowed(\Typing.attributes, of: memo.values, at: memo.index(of: original)!) { runs.append(utf8Count: range.count, $0) }
                return true
            }
            guard let retyped = RichString(unenforcedRuns: runs, sharingTextOf: source) else {
                preconditionFailure("runs rebuilt from a decoded document no longer cover its text")
            }
            document = retyped
        }
        findings += document.enforceBehaviors().map(Self.finding)
        return Result(document: document, images: decoded.images, findings: findings, warnings: decoded.warnings, sourceMap: decoded.sourceMap)
    }

    /// What typing one decoded attribute set gives: the typed set, and the entries dropped as wrong-typed
    /// (in entry order).
    struct Typing {
        var attributes: AttributeSet
        var wrongTypes: [(key: String, type: AttributeValueType, value: AttributeValue)]
    }

    /// Types one decoded set against the declarations: declared keys get their declared type and behaviour,
    /// values that do not fit are dropped and listed.
    func typing(of original: AttributeSet) -> Typing {
        var entries: [AttributeEntry] = []
        var wrongTypes: [(key: String, type: AttributeValueType, value: AttributeValue)] = []
        for entry in original.entries {
            guard let declaration = definition.attributes[entry.name] else {
                entries.append(entry)
                continue
            }
            guard let value = declaration.type.typed(entry.value) else {
                wrongTypes.append((entry.name, declaration.type, entry.value))
                continue
            }
            entries.append(AttributeEntry(name: entry.name, value: value, behavior: declaration.behavior))
        }
        let attributes = entries.isEmpty ? AttributeSet.empty : AttributeSet(entries)
        return Typing(attributes: attributes, wrongTypes: wrongTypes)
    }

    /// A behaviour fix-up as a finding.
    static func finding(_ adjustment: AttributeAdjustment) -> Finding {
        Finding(kind: .behavior(adjustment.cause), utf8Range: adjustment.utf8Range, key: adjustment.key,
                oldValue: adjustment.oldValue, newValue: adjustment.newValue)
    }
}
