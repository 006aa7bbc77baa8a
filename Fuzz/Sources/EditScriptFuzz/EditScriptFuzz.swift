import FuzzDriver
import FormattingTesting

/// libFuzzer's entry point: the bytes are a definition seed and an edit script (`ByteScript`), applied through
/// an editing session under the random definition the seed gives. After every step the document must be
/// lint-clean, normalising it must be idempotent, the selection must track its text, the string's structure
/// must hold, and the adjustments must explain the change; any violation traps, so libFuzzer saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func editScriptFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let script = ByteScript(Array(UnsafeBufferPointer(start: data, count: size)))
    if let (step, failure) = script.check() {
        fatalError("seed \(script.seed), step \(step): \(failure)\n\(ScriptStep.jsonLines(Array(script.steps.prefix(step + 1))))")
    }
    return 0
}

@_cdecl("EditScriptFuzz_main")
public func editScriptFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in editScriptFuzz(data, size) }
}
