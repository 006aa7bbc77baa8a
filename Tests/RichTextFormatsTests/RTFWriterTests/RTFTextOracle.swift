import Foundation

/// A deliberately small reading of the writer's output for its tests (not the reader): the visible text,
/// with `\uN`, escapes, `\tab` `\line` `\page`, Cocoa paragraph ends, and one U+FFFC per `\NeXTGraphic` or
/// `\pict` group; header tables, field instructions and picture data are skipped. Also checks the syntax
/// the writer promises: balanced braces, ASCII except the 0xAC after a `\NeXTGraphic` group.
enum RTFTextOracle {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func text(_ rtf: [UInt8]) throws -> String {
        var scalars = String.UnicodeScalarView()
        var pendingHigh: UInt16? = nil
        var depth = 0
        /// Depth at which a skipped group started (everything inside is not text).
        var skipUntil: Int? = nil
        var i = 0
        func emit(_ unit: UInt16) {
            if let high = pendingHigh {
                pendingHigh = nil
                if (0xDC00...0xDFFF).contains(unit) {
                    let value = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
                    scalars.append(Unicode.Scalar(value)!)
                    return
                }
                scalars.append("\u{FFFD}")
            }
            if (0xD800...0xDBFF).contains(unit) { pendingHigh = unit; return }
            scalars.append(Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}")
        }
        while i < rtf.count {
            let byte = rtf[i]
            switch byte {
            case UInt8(ascii: "{"):
                depth += 1
                i += 1
                // Groups whose first word marks them as not text.
                var word = ""
                var j = i
                if j < rtf.count && rtf[j] == UInt8(ascii: "\\") {
                    j += 1
                    if j < rtf.count && rtf[j] == UInt8(ascii: "*") { word = "*" } else {
                        while j < rtf.count, (0x61...0x7A).contains(rtf[j]) || (0x41...0x5A).contains(rtf[j]) {
                            word.append(Character(Unicode.Scalar(rtf[j])))
                            j += 1
                        }
                    }
                }
                if skipUntil == nil {
                    switch word {
                    case "*", "fonttbl", "colortbl": skipUntil = depth
                    case "NeXTGraphic", "pict":
                        scalars.append("\u{FFFC}")
                        skipUntil = depth
                    default: break
                    }
                }
            case UInt8(ascii: "}"):
                if skipUntil == depth { skipUntil = nil }
                depth -= 1
                guard depth >= 0 else { throw Failure(description: "a '}' at byte \(i) closes no group") }
                i += 1
                // The fallback byte after a graphic group.
                if i < rtf.count && rtf[i] == 0xAC { i += 1 }
            case UInt8(ascii: "\\"):
                i += 1
                guard i < rtf.count else { throw Failure(description: "a '\\' ends the file") }
                let next = rtf[i]
                if (0x61...0x7A).contains(next) || (0x41...0x5A).contains(next) {
                    var word = ""
                    while i < rtf.count, (0x61...0x7A).contains(rtf[i]) || (0x41...0x5A).contains(rtf[i]) {
                        word.append(Character(Unicode.Scalar(rtf[i])))
                        i += 1
                    }
                    var parameter: Int? = nil
                    var negative = false
                    if i < rtf.count && rtf[i] == UInt8(ascii: "-") { negative = true; i += 1 }
                    while i < rtf.count, (0x30...0x39).contains(rtf[i]) {
                        parameter = (parameter ?? 0) * 10 + Int(rtf[i] - 0x30)
                        i += 1
                    }
                    if negative { parameter = -(parameter ?? 0) }
                    if i < rtf.count && rtf[i] == UInt8(ascii: " ") { i += 1 }
                    guard skipUntil == nil else { continue }
                    switch word {
                    case "u": emit(UInt16(bitPattern: Int16(truncatingIfNeeded: parameter ?? 0)))
                    case "tab": scalars.append("\t")
                    case "line": scalars.append("\u{2028}")
                    case "page": scalars.append("\u{0C}")
                    default: break
                    }
                } else {
                    i += 1
                    guard skipUntil == nil else { continue }
                    switch next {
                    case 0x0A: scalars.append("\n")
                    case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"): scalars.append(Unicode.Scalar(next))
                    default: throw Failure(description: "unexpected control symbol \\\(Unicode.Scalar(next)) at byte \(i - 1)")
                    }
                }
            case 0x0A, 0x0D:
                i += 1
            default:
                guard byte < 0x80 else { throw Failure(description: "a non-ASCII byte 0x\(String(byte, radix: 16)) at \(i)") }
                if skipUntil == nil { scalars.append(Unicode.Scalar(byte)) }
                i += 1
            }
        }
        guard depth == 0 else { throw Failure(description: "\(depth) groups are left open") }
        return String(scalars)
    }
}
