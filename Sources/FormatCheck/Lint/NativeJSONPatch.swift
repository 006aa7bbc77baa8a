import RichText
import RichTextFormats
import StreamingJSON

/// `--fix` of a native JSON document that rewrites only what its findings name: the fixed document written over
/// the bytes it was read from. A run whose attributes the fix left as they were keeps its text token and its
/// dictionary byte for byte; in a run it changed, the members it did not touch keep their spelling (a link written
/// `"https://…"` stays so, a number keeps its digits, key order stays), removed members go with their separator,
/// and new ones are written in the file's own spacing. A run the fix splits (a paragraph-bound value set on part
/// of it) is cut at the right place in its own token, so the text keeps its escapes. Whitespace, members other
/// than runs (`imageGlyphs`) and the table form stay: a table-index run that needs another set points at an equal
/// table entry or at one appended to the table. A compact file stays compact, a pretty-printed one
/// pretty-printed. Members the reader did not read (a wrong-typed value, a `null`) stay with their run under a safe
/// fix, in whatever entry it comes to point at and in no other, unless the fix writes a value of their key there.
///
/// Nil for what it does not patch (a bare string that the fix gives attributes, a layout it does not know, a
/// result that does not read back as the fixed document): the caller writes the document whole.
enum NativeJSONPatch {
    /// One run as the file holds it.
    struct Run {
        /// The string token of its text, quotes included.
        var text: Range<Int>
        /// Its decoded length in UTF-8 bytes.
        var textLength: Int
        /// Its attributes: the dictionary's bytes, or the table index's.
        var attributes: Range<Int>
        /// The table index, in the table form.
        var tableIndex: Int?
    }

    /// The layout of a document file: its runs, and its attribute table (the array and each entry) in the table
    /// form.
    struct Layout {
        var runs: [Run] = []
        var table: (array: Range<Int>, entries: [Range<Int>])?
    }

    /// The fixed document `fixed` written over `bytes` (read by `reader`), with what reading it back found, or
    /// nil. With `keepingUnread`, members the reader did not read (a wrong-typed value, a `null`) stay as they
    /// are, as a safe fix leaves them; without it they go.
    static func patch(_ bytes: [UInt8], to fixed: RichString, reader: LintDocumentReader,
                      keepingUnread: Bool = false) -> (bytes: [UInt8], readBack: LintDocumentReader.Result)? {
        guard let layout = layout(of: bytes, limits: reader.limits), !layout.runs.isEmpty else { return nil }
        var patcher = Patcher(bytes: bytes, layout: layout, reader: reader)
        patcher.keepsUnread = keepingUnread
        guard let patched = try? patcher.patched(to: fixed) else { return nil }
        // What is written must read back as the fixed document, or it is written whole.
        guard let read = try? reader.read(patched), read.document.isEqualIncludingBehaviors(to: fixed) else { return nil }
        return (patched, read)
    }

    /// The runs (and table) of `bytes`, from their tokens' places; nil for a bare string or what is not a
    /// native JSON document.
    static func layout(of bytes: [UInt8], limits: JSONReader.Limits) -> Layout? {
        var reader = JSONReader(bytes, limits: limits)
        guard let first = try? reader.next() else { return nil }
        var layout = Layout()
        switch first.kind {
        case .beginArray:
            guard readRuns(&reader, into: &layout, indexed: false) else { return nil }
        case .beginObject:
            while let token = try? reader.next() {
                switch token.kind {
                case .endObject:
                    return layout
                case .key("runs"):
                    guard let open = try? reader.next(), case .beginArray = open.kind, readRuns(&reader, into: &layout, indexed: true) else { return nil }
                case .key("attributeTable"):
                    guard let open = try? reader.next(), case .beginArray = open.kind else { return nil }
                    var entries: [Range<Int>] = []
                    while true {
                        guard let entry = try? reader.next() else { return nil }
                        if case .endArray = entry.kind { break }
                        guard case .beginObject = entry.kind, skipContainer(&reader) else { return nil }
                        entries.append(entry.location.byteOffset..<reader.currentLocation.byteOffset)
                    }
                    layout.table = (open.location.byteOffset..<reader.currentLocation.byteOffset, entries)
                case .key:
                    guard let value = try? reader.next() else { return nil }
                    if case .beginObject = value.kind, !skipContainer(&reader) { return nil }
                    if case .beginArray = value.kind, !skipContainer(&reader) { return nil }
                default:
                    return nil
                }
            }
            return nil
        default:
            return nil
        }
        return layout
    }

    /// The runs of a `[text, attributes, …]` array after its `[`.
    static func readRuns(_ reader: inout JSONReader, into layout: inout Layout, indexed: Bool) -> Bool {
        while true {
            guard let text = try? reader.next() else { return false }
            if case .endArray = text.kind { return true }
            guard case .string(let s) = text.kind else { return false }
            let textEnd = reader.currentLocation.byteOffset
            guard let attributes = try? reader.next() else { return false }
            switch attributes.kind {
            case .beginObject:
                guard skipContainer(&reader) else { return false }
                layout.runs.append(Run(text: text.location.byteOffset..<textEnd, textLength: s.utf8.count,
                                       attributes: attributes.location.byteOffset..<reader.currentLocation.byteOffset))
            case .integer(let index) where indexed:
                layout.runs.append(Run(text: text.location.byteOffset..<textEnd, textLength: s.utf8.count,
                                       attributes: attributes.location.byteOffset..<reader.currentLocation.byteOffset, tableIndex: index))
            default:
                return false
            }
        }
    }

    /// Reads to the end of the object or array whose opening token was just read.
    static func skipContainer(_ reader: inout JSONReader) -> Bool {
        var depth = 1
        while depth > 0 {
            guard let token = try? reader.next() else { return false }
            switch token.kind {
            case .beginObject, .beginArray: depth += 1
            case .endObject, .endArray: depth -= 1
            default: break
            }
        }
        return true
    }

    /// The members of a dictionary: each one's bytes (key to end of value), its key, and where its value is.
    static func members(of dictionary: ArraySlice<UInt8>, limits: JSONReader.Limits) -> [(member: Range<Int>, key: String, value: Range<Int>)]? {
        var reader = JSONReader(Array(dictionary), limits: limits)
        guard let open = try? reader.next(), case .beginObject = open.kind else { return nil }
        let base = dictionary.startIndex
        var found: [(member: Range<Int>, key: String, value: Range<Int>)] = []
        while true {
            guard let token = try? reader.next() else { return nil }
            if case .endObject = token.kind { return found }
            guard case .key(let key) = token.kind, let value = try? reader.next() else { return nil }
            if case .beginObject = value.kind, !skipContainer(&reader) { return nil }
            if case .beginArray = value.kind, !skipContainer(&reader) { return nil }
            let end = base + reader.currentLocation.byteOffset
            found.append((base + token.location.byteOffset..<end, key, base + value.location.byteOffset..<end))
        }
    }

    /// One patch: the file's bytes, its layout, what its dictionaries decode to.
    struct Patcher {
        let bytes: [UInt8]
        let layout: Layout
        let reader: LintDocumentReader
        /// Decoded dictionaries, by their bytes.
        var decoded: [ArraySlice<UInt8>: AttributeSet] = [:]
        /// Table entries to append (table form): their bytes, and the sets they stand for.
        var appended: [(bytes: [UInt8], set: AttributeSet, unread: [ArraySlice<UInt8>])] = []
        /// Whether members the reader did not read stay.
        var keepsUnread = false
        /// Table entries patched where they are, with the set each now holds.
        var inPlace: [Int: AttributeSet] = [:]

        init(bytes: [UInt8], layout: Layout, reader: LintDocumentReader) {
            self.bytes = bytes
            self.layout = layout
            self.reader = reader
        }

        /// The attributes a dictionary's bytes decode to, as the linter reads them.
        mutating func set(of dictionary: ArraySlice<UInt8>) throws -> AttributeSet {
            if let known = decoded[dictionary] { return known }
            let document = Array(#"["x","#.utf8) + dictionary + Array("]".utf8)
            let set = try reader.read(document).document.runs.last?.attributes ?? .empty
            decoded[dictionary] = set
            return set
        }

        /// The attributes a run of the file has.
        mutating func set(of run: Run) throws -> AttributeSet {
            if let index = run.tableIndex {
                guard let table = layout.table, index >= 0, index < table.entries.count else { throw NativeJSONPatch.Unpatchable() }
                return try set(of: bytes[table.entries[index]])
            }
            return try set(of: bytes[run.attributes])
        }

        /// The patched file: the original with each changed run's span (its text token to the end of its
        /// attributes) replaced, table entries patched in place or appended after the table's last entry.
        mutating func patched(to fixed: RichString) throws -> [UInt8] {
            // The fixed document's runs, as (UTF-8 range, set).
            let fixedRuns = fixed.runs.map { ($0.range.lowerBound.utf8Offset..<$0.range.upperBound.utf8Offset, $0.attributes) }
            // Pass 1: what each run of the file becomes, as pieces of its text with their sets.
            var plans: [(run: Int, pieces: [(range: Range<Int>, set: AttributeSet)], original: AttributeSet, span: Range<Int>)] = []
            var position = 0
            var next = 0
            for (k, run) in layout.runs.enumerated() {
                let span = position..<(position + run.textLength)
                position = span.upperBound
                guard !span.isEmpty else { continue }
                while next < fixedRuns.count, fixedRuns[next].0.upperBound <= span.lowerBound { next += 1 }
                var pieces: [(range: Range<Int>, set: AttributeSet)] = []
                var j = next
                while j < fixedRuns.count, fixedRuns[j].0.lowerBound < span.upperBound {
                    let lower = max(fixedRuns[j].0.lowerBound, span.lowerBound), upper = min(fixedRuns[j].0.upperBound, span.upperBound)
                    pieces.append((lower..<upper, fixedRuns[j].1))
                    j += 1
                }
                guard pieces.first?.range.lowerBound == span.lowerBound, pieces.last?.range.upperBound == span.upperBound else { throw NativeJSONPatch.Unpatchable() }
                plans.append((k, pieces, try set(of: run), span))
            }
            // A table entry no run (or piece of a split run) still wants as it is is patched where it is, to the
            // set the first of them wants; runs that want another set point at an equal entry or a new one. So an
            // entry whose runs all change is not left behind unused.
            var edits: [(range: Range<Int>, bytes: [UInt8])] = []
            if let table = layout.table {
                var wanted: [Int: [AttributeSet]] = [:]
                for plan in plans {
                    guard let index = layout.runs[plan.run].tableIndex else { continue }
                    wanted[index, default: []] += plan.pieces.map(\.set)
                }
                for (index, sets) in wanted where index >= 0 && index < table.entries.count {
                    let entry = bytes[table.entries[index]]
                    let original = try set(of: entry)
                    // Without keepingUnread, an entry holding what the reader did not read is wanted by none as it is.
                    let clean = keepsUnread || !hasUnread(entry)
                    guard let first = sets.first, !(clean && sets.contains { Self.sameValues($0, original) }) else { continue }
                    inPlace[index] = first
                    edits.append((table.entries[index], try patchedDictionary(entry, original: original, to: first)))
                }
            }
            // Pass 2: the runs that change are written anew, from their text token to the end of their attributes.
            for plan in plans {
                let run = layout.runs[plan.run]
                if plan.pieces.count == 1, Self.sameValues(plan.pieces[0].set, plan.original), keepsUnread || !hasUnread(run) { continue }
                if plan.pieces.count == 1, let index = run.tableIndex, let set = inPlace[index], Self.sameValues(set, plan.pieces[0].set) { continue }
                let between = Array(bytes[run.text.upperBound..<run.attributes.lowerBound])
                let separator = plan.run + 1 < layout.runs.count ? Array(bytes[run.attributes.upperBound..<layout.runs[plan.run + 1].text.lowerBound]) : Array(",".utf8)
                var written: [UInt8] = []
                let cuts = textCuts(run, at: plan.pieces.dropFirst().map { $0.range.lowerBound - plan.span.lowerBound })
                for (p, piece) in plan.pieces.enumerated() {
                    if p > 0 { written += separator }
                    written += plan.pieces.count == 1 ? bytes[run.text] : Array("\"".utf8) + bytes[cuts[p]..<cuts[p + 1]] + Array("\"".utf8)
                    written += between
                    written += try attributes(of: run, original: plan.original, to: piece.set)
                }
                edits.append((run.text.lowerBound..<run.attributes.upperBound, written))
            }
            if !appended.isEmpty, let table = layout.table {
                let separator = table.entries.count > 1 ? Array(bytes[table.entries[0].upperBound..<table.entries[1].lowerBound]) : Array(",".utf8)
                var inserted: [UInt8] = []
                for (k, entry) in appended.enumerated() {
                    if k > 0 || !table.entries.isEmpty { inserted += separator }
                    inserted += entry.bytes
                }
                let at = table.entries.last?.upperBound ?? (table.array.lowerBound + 1)
                edits.append((at..<at, inserted))
            }
            edits.sort { $0.range.lowerBound < $1.range.lowerBound }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 256)
            var copied = 0
            for edit in edits {
                guard edit.range.lowerBound >= copied else { throw NativeJSONPatch.Unpatchable() }
                out += bytes[copied..<edit.range.lowerBound]
                out += edit.bytes
                copied = edit.range.upperBound
            }
            out += bytes[copied...]
            return out
        }

        /// Where a run's string token is cut for a split at each of `offsets` (ascending UTF-8 offsets of its
        /// text), after its opening quote and before its closing one: the pieces are cut from the token so their
        /// escapes stay. One pass over the token.
        func textCuts(_ run: Run, at offsets: [Int]) -> [Int] {
            [run.text.lowerBound + 1] + SourceMap.jsonOffsets(ofDecoded: offsets, inTokenAt: run.text.lowerBound, in: bytes) + [run.text.upperBound - 1]
        }

        /// Whether a run's dictionary (its own, or its table entry) holds members the reader did not read (a
        /// wrong-typed value, a `null`).
        func hasUnread(_ run: Run) -> Bool {
            guard let index = run.tableIndex else { return hasUnread(bytes[run.attributes]) }
            guard let table = layout.table, index >= 0, index < table.entries.count else { return false }
            return hasUnread(bytes[table.entries[index]])
        }

        /// Whether a dictionary already decoded holds members the reader did not read.
        func hasUnread(_ dictionary: ArraySlice<UInt8>) -> Bool {
            guard let members = NativeJSONPatch.members(of: dictionary, limits: reader.limits) else { return false }
            return members.count != (decoded[dictionary]?.entries.count ?? members.count)
        }

        /// What stands after a run's text for `set`: its own dictionary, patched; or a table index.
        mutating func attributes(of run: Run, original: AttributeSet, to set: AttributeSet) throws -> [UInt8] {
            if Self.sameValues(set, original), keepsUnread || !hasUnread(run) { return Array(bytes[run.attributes]) }
            guard run.tableIndex != nil, let table = layout.table else { return try patchedDictionary(bytes[run.attributes], original: original, to: set) }
            // The members of the run's own entry the reader did not read travel with the run (when they stay): the
            // entry it is pointed at must hold the same ones, no more and no fewer.
            let own = run.tableIndex.flatMap { $0 >= 0 && $0 < table.entries.count ? table.entries[$0] : nil }
            var unread: [ArraySlice<UInt8>] = []
            if keepsUnread, let own { unread = try unreadMembers(of: bytes[own], except: set) }
            // An equal entry of the table (as patched), or a new one.
            for (index, entry) in table.entries.enumerated() where Self.sameValues(try inPlace[index] ?? self.set(of: bytes[entry]), set) {
                // An entry patched where it is keeps its unread members only with keepingUnread.
                let entryUnread = inPlace[index] != nil && !keepsUnread ? [] : try unreadMembers(of: bytes[entry], except: set)
                if entryUnread == unread { return Array(String(index).utf8) }
            }
            if let known = appended.firstIndex(where: { Self.sameValues($0.set, set) && $0.unread == unread }) {
                return Array(String(table.entries.count + known).utf8)
            }
            // A new entry: the run's own, patched, when it has members to keep; else in the first entry's spacing,
            // without the first entry's own unread members.
            let dictionary: [UInt8]
            if let own, !unread.isEmpty {
                dictionary = try patchedDictionary(bytes[own], original: try self.set(of: bytes[own]), to: set)
            } else {
                let template = table.entries.first.map { bytes[$0] } ?? ArraySlice(Array("{}".utf8))
                let entryOriginal = try table.entries.first.map { try self.set(of: bytes[$0]) } ?? .empty
                dictionary = try patchedDictionary(template, original: entryOriginal, to: set, keepingUnread: false)
            }
            appended.append((dictionary, set, unread))
            return Array(String(table.entries.count + appended.count - 1).utf8)
        }

        /// The members of `dictionary` the reader did not read (a wrong-typed value, a `null`), as their bytes, but
        /// those of keys `set` gives a value (a fix writes its value over them).
        mutating func unreadMembers(of dictionary: ArraySlice<UInt8>, except set: AttributeSet) throws -> [ArraySlice<UInt8>] {
            let read = try self.set(of: dictionary)
            guard let members = NativeJSONPatch.members(of: dictionary, limits: reader.limits) else { throw NativeJSONPatch.Unpatchable() }
            guard members.count != read.entries.count else { return [] }
            return members.filter { read[$0.key] == nil && set[$0.key] == nil }.map { bytes[$0.member] }
        }

        /// `dictionary` (which decodes to `original`) changed to hold `set`: members whose value stays keep their
        /// bytes, changed ones keep their key's spelling, new ones follow in the file's spacing.
        /// A member the reader did not read stays, with `keepingUnread`, unless `set` gives its key a value: a fix
        /// writes that over it (the definition decides the key's value there, whatever it held).
        func patchedDictionary(_ dictionary: ArraySlice<UInt8>, original: AttributeSet, to set: AttributeSet,
                               keepingUnread: Bool? = nil) throws -> [UInt8] {
            let keepsUnread = keepingUnread ?? self.keepsUnread
            guard let members = NativeJSONPatch.members(of: dictionary, limits: reader.limits) else { throw NativeJSONPatch.Unpatchable() }
            // The spacing the file uses: inside the braces, between members, around the colon.
            let open = dictionary.startIndex + 1, close = dictionary.endIndex - 1
            let leading = members.first.map { Array(bytes[open..<$0.member.lowerBound]) } ?? []
            let trailing = members.last.map { Array(bytes[$0.member.upperBound..<close]) } ?? []
            // Between members as the dictionary has it; with one member, a pretty-printed dictionary's line break
            // and indentation, else a bare comma.
            let separator = members.count > 1 ? Array(bytes[members[0].member.upperBound..<members[1].member.lowerBound])
                : (leading.contains(0x0A) ? Array(",".utf8) + leading : Array(",".utf8))
            let colon = members.first.map { member -> [UInt8] in
                let keyEnd = SourceMap.jsonOffset(ofDecoded: member.key.utf8.count, inTokenAt: member.member.lowerBound, in: bytes) + 1
                return Array(bytes[keyEnd..<member.value.lowerBound])
            } ?? Array(":".utf8)
            // Each kept member with the separator that stood before it (so a member removed takes its own).
            var written: [(before: [UInt8], member: [UInt8])] = []
            var seen: Set<String> = []
            for (k, member) in members.enumerated() {
                seen.insert(member.key)
                let before = k > 0 ? Array(bytes[members[k - 1].member.upperBound..<member.member.lowerBound]) : separator
                if keepsUnread, original[member.key] == nil, set[member.key] == nil {
                    written.append((before, Array(bytes[member.member])))
                    continue
                }
                guard let value = set[member.key] else { continue }
                if original[member.key] == value {
                    written.append((before, Array(bytes[member.member])))
                } else {
                    written.append((before, Array(bytes[member.member.lowerBound..<member.value.lowerBound]) + (try NativeJSONEncoder.valueBytes(value, key: member.key))))
                }
            }
            for entry in set.entries where !seen.contains(entry.name) {
                written.append((separator, NativeJSONEncoder.stringBytes(entry.name) + colon + (try NativeJSONEncoder.valueBytes(entry.value, key: entry.name))))
            }
            guard !written.isEmpty else { return Array("{}".utf8) }
            var out = Array("{".utf8) + leading
            for (k, member) in written.enumerated() {
                if k > 0 { out += member.before }
                out += member.member
            }
            return out + trailing + Array("}".utf8)
        }

        /// Whether two sets hold the same keys with the same values (behaviours aside).
        static func sameValues(_ a: AttributeSet, _ b: AttributeSet) -> Bool {
            let x = a.entries, y = b.entries
            guard x.count == y.count else { return false }
            return zip(x, y).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        }
    }

    struct Unpatchable: Error {}
}
