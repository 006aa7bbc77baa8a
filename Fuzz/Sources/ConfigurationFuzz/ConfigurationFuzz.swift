import FuzzDriver
import FormatCheck
import StreamingJSON

/// libFuzzer's entry point: parse the bytes as a `.fmtcheck.json` file. Errors are fine (and must render);
/// crashes are not. A configuration that parses must print as JSON (`--print-config`) that reads back with the
/// same values, and merging it over or under an empty configuration must change nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func configurationFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let config: LintConfiguration
    do {
        config = try LintConfiguration.parse(bytes: bytes, path: "/fuzz/project/.fmtcheck.json")
    } catch {
        _ = error.description
        return 0
    }
    _ = config.selection
    precondition(LintConfiguration().overridden(by: config) == config, "an empty configuration under this one changed it")
    precondition(config.overridden(by: LintConfiguration()) == config, "an empty configuration over this one changed it")
    let printed = ConfigurationPrinter.json(config)
    guard let root = try? JSONValue.parse(printed) else { fatalError("--print-config is not JSON:\n\(printed)") }
    precondition(root["definition"] == config.definition.map(JSONValue.string) ?? .null, "the printed definition differs")
    precondition(root["select"] == config.select.map { .array($0.map(JSONValue.string)) } ?? .null, "the printed selection differs")
    precondition(root["format"] == .string((config.format ?? .default).rawValue), "the printed format differs")
    return 0
}

@_cdecl("ConfigurationFuzz_main")
public func configurationFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in configurationFuzz(data, size) }
}
