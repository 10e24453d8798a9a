import Foundation
import Glibc
import RefocusCore
import RefocusOS

/// The bytes root's clone holds, and what a failed fetch left in it: git
/// writes a fetch into temporary files (`tmp_pack_*`, `tmp_obj_*`,
/// `tmp_idx_*`) and leaves them behind when it dies (at the file size cap,
/// at the time limit). The clone is a cache: removed whole, the next pull
/// fetches anew.
enum FleetClone {
    /// What the clone's regular files come to: their sizes summed, and the largest.
    struct Size: Equatable {
        var total = 0
        var largest = 0
    }

    /// The sizes of the regular files under `clone` (links not followed); an empty size when it is missing.
    static func size(of clone: String) -> Size {
        var size = Size()
        guard let walker = FileManager.default.enumerator(atPath: clone) else { return size }
        while let relative = walker.nextObject() as? String {
            var status = stat()
            guard case .success = syscall({ lstat(clone + "/" + relative, &status) }),
                status.st_mode & S_IFMT == S_IFREG
            else { continue }
            size.total += Int(status.st_size)
            size.largest = max(size.largest, Int(status.st_size))
        }
        return size
    }

    /// Removes the temporary files a fetch that failed left under `clone`'s objects folder.
    static func removeLeftovers(in clone: String) {
        guard let walker = FileManager.default.enumerator(atPath: clone + "/objects") else { return }
        while let relative = walker.nextObject() as? String {
            let name = relative.split(separator: "/").last ?? ""
            if name.hasPrefix("tmp_") { _ = unlink(clone + "/objects/" + relative) }
        }
    }

    /// Removes the clone whole.
    static func remove(_ clone: String) throws {
        guard FileManager.default.fileExists(atPath: clone) else { return }
        try FileManager.default.removeItem(atPath: clone)
    }
}
