import FuzzDriver
import FormatCheck
import Formatting
import RichText

/// libFuzzer's entry point: load the bytes as a definition file. Diagnostics are fine; crashes are not.
/// A file that loads must give a definition the engine accepts: an engine built on it normalises a small
/// document to a lint-clean fixed point.
@_cdecl("LLVMFuzzerTestOneInput")
public func definitionFileFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch DefinitionFile.parse(bytes: bytes, fileName: "fuzz.json") {
    case .failure(let diagnostics):
        // Rendering every diagnostic exercises the message and hint paths too.
        for diagnostic in diagnostics.diagnostics { _ = "\(diagnostic)" }
    case .success(let loaded):
        _ = loaded.ruleIDs
        let engine = FormattingEngine(loaded.definition)
        var document = RichString("a\nb •\u{FFFC}")
        engine.normalize(&document)
        let findings = engine.lint(document)
        precondition(findings.isEmpty, "a loaded definition's normalised document is not lint-clean: \(findings)")
    }
    return 0
}

@_cdecl("DefinitionFileFuzz_main")
public func definitionFileFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in definitionFileFuzz(data, size) }
}
