import Foundation
import RichTextFormats
import SafeWrite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTMLReport {
    /// A file's section rendered before its number in the page and its rules' rows in the rules table are known
    /// (they depend on the whole run): its bytes, and the places those numbers go.
    struct SectionTemplate: Sendable {
        /// What goes in a place: the file's number, or the row of the rule at an index of `rules`.
        enum Slot: Sendable {
            case file
            case rule(Int)
        }

        /// The section's bytes without the numbers.
        var bytes: [UInt8]
        /// Where each number goes (byte offsets in `bytes`, ascending).
        var slots: [(offset: Int, slot: Slot)]
        /// The rules the section names.
        var rules: [String]

        /// `HTMLReport.section` of `file` with its numbers left open: rendered with a marker in each place, a
        /// random one each time, which no document can carry (it cannot know it), then the markers taken out.
        init(_ file: FileResult) {
            while true {
                let marker = "fmtcheckslot" + String(UInt64.random(in: 0...UInt64.max), radix: 36) + "x"
                var rules: [String] = []
                let text = HTMLReport.section(file, fileID: marker + "K") { rule in
                    let index = rules.firstIndex(of: rule) ?? { rules.append(rule); return rules.count - 1 }()
                    return marker + "R\(index)_"
                }
                if let template = Self.compile(Array(text.utf8), marker: Array(marker.utf8), rules: rules) {
                    self = template
                    return
                }
            }
        }

        init(bytes: [UInt8], slots: [(offset: Int, slot: Slot)], rules: [String]) {
            self.bytes = bytes
            self.slots = slots
            self.rules = rules
        }

        /// `text` with each marked place taken out and noted; nil when the marker is found anywhere it was not
        /// written (a place whose kind cannot be read).
        static func compile(_ text: [UInt8], marker: [UInt8], rules: [String]) -> SectionTemplate? {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.count)
            var slots: [(offset: Int, slot: Slot)] = []
            var i = 0
            let first = marker[0]
            while i < text.count {
                guard text[i] == first, text.count - i >= marker.count + 1, text[i..<(i + marker.count)].elementsEqual(marker) else {
                    bytes.append(text[i])
                    i += 1
                    continue
                }
                var j = i + marker.count
                switch text[j] {
                case UInt8(ascii: "K"):
                    slots.append((bytes.count, .file))
                    j += 1
                case UInt8(ascii: "R"):
                    j += 1
                    var index = 0, digits = 0
                    while j < text.count, (0x30...0x39).contains(text[j]) { index = index * 10 + Int(text[j] - 0x30); j += 1; digits += 1 }
                    guard digits > 0, j < text.count, text[j] == UInt8(ascii: "_"), index < rules.count else { return nil }
                    slots.append((bytes.count, .rule(index)))
                    j += 1
                default:
                    return nil
                }
                i = j
            }
            return SectionTemplate(bytes: bytes, slots: slots, rules: rules)
        }

        /// The section with its numbers: the file's, and each rule's row.
        func filled(fileID: String, ruleNumber: (String) -> String) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 8 * slots.count)
            let file = Array(fileID.utf8)
            let numbers = rules.map { Array(ruleNumber($0).utf8) }
            var copied = 0
            for (offset, slot) in slots {
                out += bytes[copied..<offset]
                switch slot {
                case .file: out += file
                case .rule(let index): out += numbers[index]
                }
                copied = offset
            }
            out += bytes[copied...]
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The HTML report's sections, rendered on the threads that lint, each as soon as its document is linted
    /// (`keep`), so that the run lets every document go at once instead of holding them all for the page. They
    /// wait in a temporary file (removed from its folder as soon as it is made, so nothing is left behind
    /// whatever happens), or in memory where no temporary file can be made, until the page is written.
    public final class Sections: @unchecked Sendable {
        private let lock = NSLock()
        private var descriptor: Int32 = -1
        private var size = 0
        private var stored: [String: (offset: Int, length: Int, slots: [(offset: Int, slot: SectionTemplate.Slot)], rules: [String])] = [:]
        private var inMemory: [String: SectionTemplate] = [:]

        /// Sections kept in a fresh temporary file.
        public init() {
            var template = Array((NSTemporaryDirectory() + "/.fmtcheck-sections-XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if descriptor >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }

        /// `file` as the run keeps it: its section rendered and put aside when it has findings, and the document,
        /// its fixed form and its images let go.
        public func keep(_ file: FileResult) -> FileResult {
            var kept = file
            if file.failure == nil, !file.violations.isEmpty {
                store(SectionTemplate(file), for: file.path)
            }
            kept.document = nil
            kept.fixedDocument = nil
            kept.images = nil
            return kept
        }

        private func store(_ template: SectionTemplate, for path: String) {
            lock.lock(); defer { lock.unlock() }
            guard descriptor >= 0 else { inMemory[path] = template; return }
            let offset = size
            guard DurableIO.writeAll(template.bytes, to: descriptor, at: offset) == 0 else { inMemory[path] = template; return }
            size += template.bytes.count
            stored[path] = (offset, template.bytes.count, template.slots, template.rules)
        }

        /// The section put aside for the file at `path`, if there is one.
        func template(for path: String) -> SectionTemplate? {
            lock.lock(); defer { lock.unlock() }
            if let template = inMemory[path] { return template }
            guard let entry = stored[path] else { return nil }
            var bytes = [UInt8](repeating: 0, count: entry.length)
            var read = 0
            while read < entry.length {
                let n = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + read, entry.length - read, off_t(entry.offset + read)) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return nil }
                read += n
            }
            return SectionTemplate(bytes: bytes, slots: entry.slots, rules: entry.rules)
        }
    }
}
