#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few system calls Swift's C module does not import (`renameat2`, the `*xattr` family live behind
/// `_GNU_SOURCE` and `<sys/xattr.h>`), looked up once in the C library by name; nil where the library has none.
public enum SystemCalls {
    typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    typealias ListXattr = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
    typealias GetXattr = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    typealias FGetXattr = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    typealias FSetXattr = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    /// `RENAME_EXCHANGE` of `<linux/fs.h>`.
    static let renameExchange: UInt32 = 1 << 1

    static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        #if os(Linux)
        guard let handle = dlopen(nil, RTLD_NOW), let pointer = dlsym(handle, name) else { return nil }
        return unsafeBitCast(pointer, to: type)
        #else
        return nil
        #endif
    }

    static let renameat2 = symbol("renameat2", as: Renameat2.self)
    static let llistxattr = symbol("llistxattr", as: ListXattr.self)
    static let lgetxattr = symbol("lgetxattr", as: GetXattr.self)
    static let fgetxattr = symbol("fgetxattr", as: FGetXattr.self)
    static let fsetxattr = symbol("fsetxattr", as: FSetXattr.self)

    /// Swaps the two names atomically (`renameat2(RENAME_EXCHANGE)`); 0, or the `errno` (`ENOSYS` where the
    /// call does not exist).
    static func exchange(_ a: String, _ b: String) -> Int32 {
        guard let renameat2 else { return ENOSYS }
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0 ? 0 : errno
    }

    /// The extended attributes of the file at `path` (not following a link), by name; nil when they cannot be
    /// listed (the file system has none: an empty list).
    static func extendedAttributes(of path: String) -> [(name: String, value: [UInt8])]? {
        guard let llistxattr, let lgetxattr else { return [] }
        var size = llistxattr(path, nil, 0)
        if size < 0 { return errno == ENOTSUP ? [] : nil }
        if size == 0 { return [] }
        var names = [CChar](repeating: 0, count: size)
        size = llistxattr(path, &names, names.count)
        guard size >= 0 else { return nil }
        var result: [(String, [UInt8])] = []
        for raw in names[0..<size].split(separator: 0) {
            let name = String(decoding: raw.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let length = lgetxattr(path, name, nil, 0)
            guard length >= 0 else { return nil }
            var value = [UInt8](repeating: 0, count: length)
            let read = value.withUnsafeMutableBytes { lgetxattr(path, name, $0.baseAddress, length) }
            guard read >= 0 else { return nil }
            result.append((name, Array(value[0..<read])))
        }
        return result
    }

    /// Sets an extended attribute on an open file, unless it already has that value; false when it cannot.
    static func setExtendedAttribute(_ name: String, _ value: [UInt8], on descriptor: Int32) -> Bool {
        guard let fgetxattr, let fsetxattr else { return false }
        let length = fgetxattr(descriptor, name, nil, 0)
        if length == value.count {
            var current = [UInt8](repeating: 0, count: length)
            let read = current.withUnsafeMutableBytes { fgetxattr(descriptor, name, $0.baseAddress, length) }
            if read == length && current == value { return true }
        }
        return value.withUnsafeBytes { fsetxattr(descriptor, name, $0.baseAddress, value.count, 0) } == 0
    }

    /// The message of an `errno`.
    public static func message(_ code: Int32) -> String { String(cString: strerror(code)) }
}
