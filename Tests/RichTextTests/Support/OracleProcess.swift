import Foundation
import XCTest

/// Runs `fmtoracle`, the Foundation `AttributedString` peer, on an edit script in a child process and reads
/// back the state it prints after every step.
///
/// Foundation may trap on some scripts; the child then dies by a signal. That is the peer crashing, which the
/// caller counts, never a failure of ours: the steps printed before the trap are still compared.
struct OracleProcess {
    /// An attribute value as the oracle prints it.
    enum Value: Hashable, CustomStringConvertible {
        case integer(Int)
        case string(String)

        var description: String {
            switch self {
            case .integer(let i): return String(i)
            case .string(let s): return "\"\(s)\""
            }
        }
    }

    /// One run: its length in Unicode scalars and its attributes by key name.
    struct Run: Hashable {
        var scalars: Int
        var attributes: [String: Value]
    }

    /// The document after one step (step 0 is the start state).
    struct State {
        var step: Int
        var text: String
        var runs: [Run]
    }

    /// What one run of the oracle gave.
    struct Outcome {
        /// Every state printed, in step order.
        var states: [State]
        /// The signal the child died of, when Foundation trapped.
        var crashSignal: Int32?
        /// The exit status, when it exited normally.
        var exitStatus: Int32?
        /// The script error the oracle reported (exit status 3), if any.
        var scriptError: String?
        /// The last lines of the child's standard error.
        var standardError: String

        var peerCrashed: Bool { crashSignal != nil }
    }

    /// The oracle executable.
    let executable: URL

    /// Finds the built `fmtoracle`: `FMTCHECK_ORACLE`, else next to the running test bundle, else in the
    /// package's `.build/debug` or `.build/release`. Throws `XCTSkip` with the places looked at.
    static func locate() throws -> OracleProcess {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["FMTCHECK_ORACLE"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        // `swift test` runs the bundle from the build directory, where every product of the package lies.
        for bundle in [Bundle.main] + Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("fmtoracle"))
            candidates.append(bundle.bundleURL.appendingPathComponent("fmtoracle"))
        }
        if let argv0 = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: argv0).deletingLastPathComponent().appendingPathComponent("fmtoracle"))
        }
        let build = SharedData.packageRoot.appendingPathComponent(".build")
        candidates.append(build.appendingPathComponent("debug/fmtoracle"))
        candidates.append(build.appendingPathComponent("release/fmtoracle"))
        for url in candidates where FileManager.default.isExecutableFile(atPath: url.path) {
            return OracleProcess(executable: url.standardizedFileURL)
        }
        throw XCTSkip(
            "fmtoracle not found; build it with `swift build --product fmtoracle` or set FMTCHECK_ORACLE (looked at: "
                + Set(candidates.map(\.path)).sorted().joined(separator: ", ") + ")")
    }

    /// Runs `script` (JSON Lines) and collects the printed states.
    func run(script: String) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-"]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment

        let input = Pipe()
        let output = Pipe()
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("fmtoracle-stderr-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }

        process.standardInput = input
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()

        // The oracle reads all of its input before it prints anything, so writing first cannot deadlock.
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        var outcome = Outcome(states: [], crashSignal: nil, exitStatus: nil, scriptError: nil, standardError: "")
        switch process.terminationReason {
        case .uncaughtSignal: outcome.crashSignal = process.terminationStatus
        case .exit: outcome.exitStatus = process.terminationStatus
        @unknown default: outcome.exitStatus = process.terminationStatus
        }
        let errorText = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        outcome.standardError = String(errorText.split(separator: "\n").suffix(5).joined(separator: "\n"))

        for line in data.split(separator: 0x0A) where !line.isEmpty {
            // A line cut short by a trap is dropped; every complete line is one JSON object.
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { continue }
            if let error = object["error"] {
                outcome.scriptError = "\(error) (script line \(object["line"] ?? "?"))"
                continue
            }
            guard let step = object["step"] as? Int, let text = object["text"] as? String,
                let rawRuns = object["runs"] as? [Any]
            else { continue }
            var runs: [Run] = []
            for rawRun in rawRuns {
                guard let pair = rawRun as? [Any], pair.count == 2, let length = pair[0] as? Int,
                    let rawAttributes = pair[1] as? [String: Any]
                else { continue }
                var attributes: [String: Value] = [:]
                for (name, rawValue) in rawAttributes {
                    if let s = rawValue as? String {
                        attributes[name] = .string(s)
                    } else if let i = rawValue as? Int {
                        attributes[name] = .integer(i)
                    } else {
                        attributes[name] = .string("\(rawValue)")
                    }
                }
                runs.append(Run(scalars: length, attributes: attributes))
            }
            outcome.states.append(State(step: step, text: text, runs: runs))
        }
        return outcome
    }

    /// Drops empty runs and merges neighbours with equal attributes: Foundation may report adjacent runs
    /// with identical attributes, which is the same document.
    static func coalesce(_ runs: [Run]) -> [Run] {
        var result: [Run] = []
        for run in runs where run.scalars > 0 {
            if let last = result.last, last.attributes == run.attributes {
                result[result.count - 1].scalars += run.scalars
            } else {
                result.append(run)
            }
        }
        return result
    }
}
