import Foundation
import EditScripts
import FuzzDriver
import FormatCheck
import RichText

/// The file each input is written to: `TraceConversion.load` reads a path (`fmtcheck replay --trace`), and a
/// path without `.gz` is read as the decompressed JSON trace. (A `.gz` trace goes through `gzip -dc`, another
/// process, so fuzzing it here would fuzz gzip.)
let tracePath = fuzzScratchFolder("fmtcheck-trace-fuzz") + ".json"

/// The definition `fmtcheck replay --trace` uses when none is given: no rules, so no adjustments.
let emptyDefinition: LoadedDefinition = {
    guard case .success(let loaded) = DefinitionFile.parse(#"{"name": "none", "attributes": {}, "scope": []}"#, fileName: "none") else {
        fatalError("the empty definition does not load")
    }
    return loaded
}()

/// libFuzzer's entry point: read the bytes as a JSON editing trace, convert it to an edit script and replay it
/// as `fmtcheck replay --trace` does. Errors are fine; crashes are not. A trace that replays must give the text
/// of applying its patches to plain scalars, and its script must survive the JSON Lines round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func traceReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard FileManager.default.createFile(atPath: tracePath, contents: Data(bytes: data, count: size)) else {
        fatalError("cannot write \(tracePath)")
    }
    let trace: TraceConversion.Trace
    do {
        trace = try TraceConversion.load(path: tracePath)
    } catch {
        _ = error.description
        return 0
    }
    let script = TraceConversion.script(for: trace)
    var document = RichString()
    do {
        try ScriptReplayer(definition: emptyDefinition).apply(script, to: &document)
    } catch {
        _ = error.description
        return 0
    }
    // The reference: the same patches on an array of scalars. A patch that neither deletes nor inserts is no edit
    // (the script leaves it out, wherever it points).
    var scalars = Array(trace.startContent.unicodeScalars)
    for (position, deleted, inserted) in trace.patches where deleted != 0 || !inserted.isEmpty {
        scalars.replaceSubrange(position..<(position + deleted), with: inserted.unicodeScalars)
    }
    var expected = String.UnicodeScalarView()
    expected.append(contentsOf: scalars)
    precondition(document.string == String(expected), "the replayed trace differs from its patches applied to scalars")
    let lines = script.jsonLines
    guard let reparsed = try? EditScript.parse(lines) else { fatalError("the trace's JSON Lines do not parse:\n\(lines)") }
    precondition(reparsed == script, "the trace's JSON Lines parse to a different script")
    return 0
}

@_cdecl("TraceReaderFuzz_main")
public func traceReaderFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in traceReaderFuzz(data, size) }
}
