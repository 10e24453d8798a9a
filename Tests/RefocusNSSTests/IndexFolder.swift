import Foundation
import Glibc
import RefocusCore
import RefocusTestSupport
import RefocusPlanning

/// A temporary folder holding the index file `names.idx` that the tests hand
/// the module: written as the helper writes it (a sibling renamed into place,
/// so a process that maps the old file keeps it whole), root's (the tests run
/// as root) and 0644 unless a test says otherwise.
struct IndexFolder {
    /// A system call that failed while the test prepared its files.
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let path: String
        let code: Int32
        var description: String { "\(call) \(path): \(String(cString: strerror(code)))" }
    }

    /// The folder (a `TemporaryFolder`).
    let directory: String
    /// The index file the module is given.
    let path: String

    init() throws {
        directory = try TemporaryFolder().path
        path = directory + "/names.idx"
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The index that blocks `names` (and every name under them).
    static func index(blocking names: String...) throws -> NameIndex {
        NameIndex(blocking: try names.map { try DomainName(validating: $0) })
    }

    /// Puts `bytes` at `path` with `mode`: written to a sibling, then renamed over it.
    func install(_ bytes: [UInt8], mode: mode_t = 0o644) throws {
        let temporary = directory + "/.names.idx.new"
        try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        try Self.check("chmod", temporary, chmod(temporary, mode))
        try Self.check("rename", path, rename(temporary, path))
    }

    /// Puts the index that blocks `names` in place.
    func install(blocking names: String...) throws {
        try install(NameIndex(blocking: try names.map { try DomainName(validating: $0) }).bytes)
    }

    /// The file's inode, to find its mapping in /proc/self/maps.
    func inode() throws -> UInt {
        var status = stat()
        try Self.check("stat", path, stat(path, &status))
        return UInt(status.st_ino)
    }

    /// Whether this process maps the file of this folder whose inode is
    /// `inode` (in place or already replaced: `… (deleted)`).
    func isMapped(inode: UInt) throws -> Bool {
        try mappedInodes().contains(inode)
    }

    /// The inodes of this folder's files that this process maps (/proc/self/maps).
    func mappedInodes() throws -> Set<UInt> {
        // Read to the end: /proc files have no size, and one read may stop at a page.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else {
            throw Failure(call: "open", path: "/proc/self/maps", code: errno)
        }
        defer { try? file.close() }
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        return Set(
            maps.split(separator: "\n").compactMap { line -> UInt? in
                let columns = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
                guard columns.count == 6, columns[5].drop(while: { $0 == " " }).hasPrefix(directory + "/") else {
                    return nil
                }
                return UInt(columns[4])
            })
    }

    /// Throws with errno when `result` is -1.
    static func check(_ call: String, _ path: String, _ result: Int32) throws {
        if result == -1 { throw Failure(call: call, path: path, code: errno) }
    }
}
