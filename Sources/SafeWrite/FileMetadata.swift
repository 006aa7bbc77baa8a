import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Carries what describes a file rather than its bytes — owner and group, extended attributes (which hold ACLs,
/// Finder info, SELinux labels) and permission bits — from an existing file to its replacement, so that
/// replacing a file by rename keeps everything but the content.
public enum FileMetadata {
    /// Gives the file open as `destination` the owner, group, extended attributes and permissions of the file at
    /// `source` (a link is not followed); returns what could not be carried over (empty when all was), in words.
    ///
    /// The owner is set only when it differs, which needs root (or the same user, for a group the user is in).
    /// Permissions come last: changing the owner clears the set-user-ID bits.
    public static func carry(from source: String, to destination: Int32) -> [String] {
        guard let original = FileIdentity.of(source, followingLinks: false) else {
            return ["the attributes of \(source) (\(SystemCalls.message(errno)))"]
        }
        var lost: [String] = []
        if let current = FileIdentity.of(descriptor: destination),
           current.owner != original.owner || current.group != original.group,
           fchown(destination, original.owner, original.group) != 0 {
            lost.append("its owner and group (uid \(original.owner), gid \(original.group))")
        }
        if let attributes = SystemCalls.extendedAttributes(of: source) {
            for (name, value) in attributes where !SystemCalls.setExtendedAttribute(name, value, on: destination) {
                lost.append("its extended attribute \(name)")
            }
        } else {
            lost.append("its extended attributes (\(SystemCalls.message(errno)))")
        }
        if fchmod(destination, mode_t(original.permissions)) != 0 {
            lost.append("its permissions (\(String(original.permissions, radix: 8)))")
        }
        return lost
    }

    /// The permission bits a new file or folder gets from `requested` under the process's umask, read from
    /// `/proc/self/status` (setting the umask to read it would race with other threads); 022 when unknown.
    public static func defaultPermissions(_ requested: UInt32) -> UInt32 {
        requested & ~currentUmask
    }

    static let currentUmask: UInt32 = {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = UInt32(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return value
        }
        #endif
        return 0o022
    }()
}
