import Glibc
import RefocusOS

/// Unmaps, from this process only, the read-only file pages it mapped while
/// starting, so that its resident set becomes the code it goes on to run.
///
/// Loading the Swift runtime and Foundation maps far more of their code
/// than a daemon waiting in `epoll_wait` ever runs again: the kernel maps
/// whole neighbourhoods (fault-around, large page-cache folios) on each
/// fault. For every mapping that is backed by a file, not writable, and
/// holds no private copy of any page (`Anonymous: 0 kB`, so relocated data
/// is never among them), this drops its page table entries with
/// `MADV_DONTNEED` and marks it `MADV_RANDOM` (no read-ahead when a page
/// comes back). Nothing is lost: those pages are the file's own bytes, left
/// in the page cache, and they fault back in when used.
///
/// Between reading /proc/self/smaps and the advice, no other thread may
/// unload a library (a new one mapped at the same place could hold private
/// copies); the daemon has a single thread, and nothing here unloads one.
public enum CleanCodePages {
    /// What a release did.
    public struct Release: Equatable, Sendable {
        /// Mappings released.
        public var mappings = 0
        /// Resident kibibytes they held before.
        public var kibibytes = 0
    }

    /// Releases every clean, read-only file mapping of this process.
    @discardableResult
    public static func release() -> Release {
        guard let smaps = ProcFile.read(pid: getpid(), "smaps", limit: 8 << 20) else { return Release() }
        var release = Release()
        for mapping in mappings(in: smaps) where mapping.isReleasable {
            guard let start = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
            let length = Int(mapping.end - mapping.start)
            guard madvise(start, length, MADV_DONTNEED) == 0, madvise(start, length, MADV_RANDOM) == 0 else { continue }
            release.mappings += 1
            release.kibibytes += mapping.residentKiB
        }
        return release
    }

    /// One mapping of /proc/self/smaps: its range, permissions, file and page counts.
    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var permissions: [UInt8]
        var isFile: Bool
        var residentKiB = 0
        var anonymousKiB = -1

        /// Read-only, file-backed, and no page of it a private copy.
        var isReleasable: Bool {
            isFile && permissions.count == 4 && permissions[0] == UInt8(ascii: "r")
                && permissions[1] == UInt8(ascii: "-")
                && anonymousKiB == 0
        }
    }

    /// The mappings described by the bytes of an smaps file.
    static func mappings(in smaps: [UInt8]) -> [Mapping] {
        var result: [Mapping] = []
        for line in smaps.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if let dash = first.firstIndex(of: UInt8(ascii: "-")),
                let start = hexadecimal(first[..<dash]), let end = hexadecimal(first[(dash + 1)...]), fields.count >= 5
            {
                let path = fields.count >= 6 ? fields[5] : []
                result.append(
                    Mapping(
                        start: start, end: end, permissions: Array(fields[1]),
                        isFile: path.first == UInt8(ascii: "/")))
            } else if fields.count >= 2, !result.isEmpty, let value = Int(String(decoding: fields[1], as: UTF8.self)) {
                switch String(decoding: first, as: UTF8.self) {
                case "Rss:": result[result.count - 1].residentKiB = value
                case "Anonymous:": result[result.count - 1].anonymousKiB = value
                default: break
                }
            }
        }
        return result
    }

    private static func hexadecimal(_ digits: ArraySlice<UInt8>) -> UInt? {
        digits.isEmpty ? nil : UInt(String(decoding: digits, as: UTF8.self), radix: 16)
    }
}
