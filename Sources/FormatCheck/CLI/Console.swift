import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: standard output for results, standard error for diagnostics. Tests pass closures
/// that collect the text instead.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void

    /// Writes bytes to standard output as they are (records under `--fix`, which may hold what is not UTF-8);
    /// nil writes them through `out`, decoded.
    public var outBytes: (@Sendable ([UInt8]) -> Void)?

    /// Whether standard output is a terminal, for `--color auto`; false for a console of closures.
    public var outIsTerminal = false
    /// Whether standard error is a terminal.
    public var errIsTerminal = false
    /// The environment `--color auto` reads (`FORCE_COLOR`, `NO_COLOR`, `TERM`); empty for a console of closures.
    public var environment: [String: String] = [:]

    /// A console from two writers.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// Writes bytes to standard output.
    func out(bytes: [UInt8]) {
        if let outBytes { outBytes(bytes) } else { out(String(decoding: bytes, as: UTF8.self)) }
    }

    /// Writes one line that embeds text from input to standard output, escaped (`TerminalText`), then a newline.
    func outLine(_ line: String) { out(TerminalText.escaped(line) + "\n") }

    /// Writes one line that embeds text from input to standard error, escaped (`TerminalText`), then a newline.
    func errLine(_ line: String) { err(TerminalText.escaped(line) + "\n") }

    /// The style of what goes to standard output (`style(forErr: false)`) or standard error, under `choice`.
    func style(_ choice: ColorChoice?, forErr: Bool) -> TerminalStyle {
        TerminalStyle.decide(choice, isTerminal: forErr ? errIsTerminal : outIsTerminal, environment: environment)
    }

    /// The process's standard output and standard error.
    public static var standard: Console {
        var console = Console(out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                              err: { FileHandle.standardError.write(Data($0.utf8)) })
        console.outBytes = { FileHandle.standardOutput.write(Data($0)) }
        console.outIsTerminal = isatty(STDOUT_FILENO) == 1
        console.errIsTerminal = isatty(STDERR_FILENO) == 1
        console.environment = ProcessInfo.processInfo.environment
        return console
    }
}
