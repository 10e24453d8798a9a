import CLinux
import RefocusOS

/// This process's malloc heap.
public enum Heap {
    /// Returns the heap's free pages to the kernel (glibc's `malloc_trim`).
    public static func trim() {
        _ = malloc_trim(0)
    }
}
