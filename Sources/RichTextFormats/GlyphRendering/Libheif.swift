#if os(Linux) && (arch(x86_64) || arch(arm64))
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The functions of libheif (`libheif.so.1`, Debian's `libheif1`), found with `dlopen` and `dlsym` at run time,
/// so that building needs no libheif headers and a machine without the library still runs.
///
/// The C function types are declared here. Every opaque libheif pointer is an `OpaquePointer`, enums are
/// `Int32`, `heif_item_id` is `UInt32`. Functions that return `struct heif_error` ({int code; int subcode;
/// const char* message;}, 16 bytes) are declared to return `ldiv_t` ({long; long;}): both are 16-byte
/// aggregates of integers, which the x86-64 System V and AArch64 calling conventions return alike in two
/// integer registers, so the code and subcode arrive in `quot` and the message pointer in `rem`. That is why
/// this file is only for those two architectures.
struct Libheif: @unchecked Sendable { // only immutable C function addresses and a version string
    typealias ErrorWords = ldiv_t
    typealias GetVersion = @convention(c) () -> UnsafePointer<CChar>?
    typealias Init = @convention(c) (OpaquePointer?) -> ErrorWords
    typealias ContextAlloc = @convention(c) () -> OpaquePointer?
    typealias ContextFree = @convention(c) (OpaquePointer?) -> Void
    typealias ReadFromMemory = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, OpaquePointer?) -> ErrorWords
    typealias NumberOfTopLevelImages = @convention(c) (OpaquePointer?) -> Int32
    typealias ListOfTopLevelImageIDs = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?, Int32) -> Int32
    typealias GetImageHandle = @convention(c) (OpaquePointer?, UInt32, UnsafeMutablePointer<OpaquePointer?>?) -> ErrorWords
    typealias HandleSize = @convention(c) (OpaquePointer?) -> Int32
    typealias HandleRelease = @convention(c) (OpaquePointer?) -> Void
    typealias DecodeImage = @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32, Int32, OpaquePointer?) -> ErrorWords
    typealias ImageSize = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias PlaneReadonly = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int32>?) -> UnsafePointer<UInt8>?
    typealias ImageRelease = @convention(c) (OpaquePointer?) -> Void

    /// `heif_colorspace_RGB`.
    static let colorspaceRGB: Int32 = 1
    /// `heif_chroma_interleaved_RGBA`.
    static let chromaInterleavedRGBA: Int32 = 11
    /// `heif_channel_interleaved`.
    static let channelInterleaved: Int32 = 10

    /// The library's file name, as Debian's `libheif1` installs it.
    static let soname = "libheif.so.1"

    /// "libheif 1.15.1": the library and its version, for messages.
    let name: String
    let contextAlloc: ContextAlloc
    let contextFree: ContextFree
    let readFromMemory: ReadFromMemory
    let numberOfTopLevelImages: NumberOfTopLevelImages
    let listOfTopLevelImageIDs: ListOfTopLevelImageIDs
    let getImageHandle: GetImageHandle
    let handleWidth: HandleSize
    let handleHeight: HandleSize
    let handleRelease: HandleRelease
    let decodeImage: DecodeImage
    let imageWidth: ImageSize
    let imageHeight: ImageSize
    let planeReadonly: PlaneReadonly
    let imageRelease: ImageRelease

    /// The library, loaded once per process; or why it cannot be used.
    static let shared: Result<Libheif, GlyphRenderingFailure> = load(soname)

    /// Loads the library named `file` (another name only in tests, to see the failures).
    static func load(_ file: String) -> Result<Libheif, GlyphRenderingFailure> {
        guard let library = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
            let detail = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            return .failure(.decoderUnavailable("\(file) not found (\(detail)); install libheif1"))
        }
        // The library stays loaded for the life of the process: function pointers into it are kept.
        func symbol<F>(_ name: String, as type: F.Type) throws(GlyphRenderingFailure) -> F {
            guard let address = dlsym(library, name) else { throw .missingSymbol(library: file, symbol: name) }
            return unsafeBitCast(address, to: type)
        }
        do throws(GlyphRenderingFailure) {
            let version = try symbol("heif_get_version", as: GetVersion.self)().map { String(cString: $0) } ?? "?"
            // Since libheif 1.13, heif_init loads decoder plugins; earlier versions have no such function.
            if let initialize = dlsym(library, "heif_init") {
                _ = unsafeBitCast(initialize, to: Init.self)(nil)
            }
            return .success(Libheif(
                name: "libheif \(version)",
                contextAlloc: try symbol("heif_context_alloc", as: ContextAlloc.self),
                contextFree: try symbol("heif_context_free", as: ContextFree.self),
                readFromMemory: try symbol("heif_context_read_from_memory_without_copy", as: ReadFromMemory.self),
                numberOfTopLevelImages: try symbol("heif_context_get_number_of_top_level_images", as: NumberOfTopLevelImages.self),
                listOfTopLevelImageIDs: try symbol("heif_context_get_list_of_top_level_image_IDs", as: ListOfTopLevelImageIDs.self),
                getImageHandle: try symbol("heif_context_get_image_handle", as: GetImageHandle.self),
                handleWidth: try symbol("heif_image_handle_get_width", as: HandleSize.self),
                handleHeight: try symbol("heif_image_handle_get_height", as: HandleSize.self),
                handleRelease: try symbol("heif_image_handle_release", as: HandleRelease.self),
                decodeImage: try symbol("heif_decode_image", as: DecodeImage.self),
                imageWidth: try symbol("heif_image_get_width", as: ImageSize.self),
                imageHeight: try symbol("heif_image_get_height", as: ImageSize.self),
                planeReadonly: try symbol("heif_image_get_plane_readonly", as: PlaneReadonly.self),
                imageRelease: try symbol("heif_image_release", as: ImageRelease.self)))
        } catch {
            return .failure(error)
        }
    }

    /// The failure a returned `heif_error` stands for, or nil when its code is `heif_error_Ok`. A libheif with no
    /// decoder for the image's codec (`heif_error_Unsupported_feature` with `heif_suberror_Unsupported_codec`:
    /// libheif without its HEVC plugin) or whose plugins did not load (`heif_error_Plugin_loading_error`) is this
    /// machine's limit, `decoderUnavailable`; any other error is the image's, `undecodable`.
    static func failure(_ words: ErrorWords, decoder: String) -> GlyphRenderingFailure? {
        let code = Int32(truncatingIfNeeded: words.quot)
        guard code != 0 else { return nil }
        let subcode = Int32(truncatingIfNeeded: words.quot >> 32)
        let text = UnsafePointer<CChar>(bitPattern: words.rem).map { String(cString: $0) } ?? ""
        let message = text.isEmpty ? "libheif error \(code)" : text
        let unsupportedFeature: Int32 = 4, unsupportedCodec: Int32 = 3000, pluginLoadingError: Int32 = 11
        if (code == unsupportedFeature && subcode == unsupportedCodec) || code == pluginLoadingError {
            return .decoderUnavailable("\(decoder) cannot decode this image here (\(message)); install libheif-plugin-libde265")
        }
        return .undecodable(decoder: decoder, message: message)
    }
}
#endif
