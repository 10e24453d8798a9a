/// The buffer a test hands the module (`buffer`, `buflen`), between guard
/// regions filled with a pattern: a write before or past the buffer changes
/// a guard byte, which `guardsIntact` sees. `misalignment` moves the buffer
/// off the 16-byte boundary, so that the module's own alignment is tested.
final class GuardedBuffer {
    /// How many guard bytes lie on each side.
    static let guardSize = 256
    /// What the guards and the buffer hold before the call.
    static let pattern: UInt8 = 0xA5

    /// The bytes handed to the module.
    let start: UnsafeMutablePointer<CChar>
    /// `buflen`.
    let count: Int
    private let storage: UnsafeMutableRawPointer
    private let lead: Int

    init(count: Int, misalignment: Int = 0) {
        self.count = count
        lead = Self.guardSize + misalignment
        storage = .allocate(byteCount: lead + count + Self.guardSize, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: Self.pattern, count: lead + count + Self.guardSize)
        start = (storage + lead).bindMemory(to: CChar.self, capacity: count)
    }

    deinit {
        storage.deallocate()
    }

    /// Whether every byte before and after the buffer still holds the pattern.
    var guardsIntact: Bool {
        let bytes = storage.assumingMemoryBound(to: UInt8.self)
        let before = UnsafeBufferPointer(start: bytes, count: lead)
        let after = UnsafeBufferPointer(start: bytes + lead + count, count: Self.guardSize)
        return before.allSatisfy { $0 == Self.pattern } && after.allSatisfy { $0 == Self.pattern }
    }

    /// Whether `size` bytes at `pointer` lie inside the buffer.
    func holds(_ pointer: UnsafeRawPointer?, size: Int) -> Bool {
        guard let pointer else { return false }
        let offset = pointer - UnsafeRawPointer(start)
        return offset >= 0 && offset + size <= count
    }

    /// Whether the C string at `pointer`, its NUL included, lies inside the buffer.
    func holdsString(_ pointer: UnsafePointer<CChar>?) -> Bool {
        guard let pointer, holds(pointer, size: 1) else { return false }
        let available = count - (UnsafeRawPointer(pointer) - UnsafeRawPointer(start))
        return (0..<available).contains { pointer[$0] == 0 }
    }
}
