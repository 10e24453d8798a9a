import Glibc

/// A NULL-terminated array of C strings, as `posix_spawn` takes its argv
/// and envp: copies of Swift strings, freed in `deinit`. Keep it alive
/// across the spawn.
public final class SpawnStrings {
    /// The copies, then a NULL.
    public var pointers: [UnsafeMutablePointer<CChar>?]

    /// Copies `strings`.
    public init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        pointers.forEach { free($0) }
    }
}
