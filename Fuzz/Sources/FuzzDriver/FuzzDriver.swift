import Foundation

// What the fuzz targets share: handing control to libFuzzer's driver, and a scratch folder for those that read files.
//
// SwiftPM links executables on Linux with `main` aliased to `<module>_main` (so tests can import them), which
// hides libFuzzer's own `main`. Each target therefore defines `<module>_main` (one line) and calls `runLibFuzzer`.

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// Runs libFuzzer with the process's arguments, calling `testOneInput` for every input it generates.
public func runLibFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                         _ testOneInput: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}

/// Where targets that read files write each input: `/dev/shm` (memory) when there is one, else the temporary
/// folder. On a disk, writing a few files per run is what makes such a target slow.
public func fuzzScratchFolder(_ name: String) -> String {
    var isDirectory: ObjCBool = false
    let base = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
        ? "/dev/shm" : FileManager.default.temporaryDirectory.path
    return base + "/\(name)-\(ProcessInfo.processInfo.processIdentifier)"
}
