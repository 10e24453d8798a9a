import RefocusOS

/// The reader of /run/refocus/status.json (`StatusFile.decode`, which
/// `refocus status` runs every second under a status bar): a
/// snapshot read, written as the daemon writes it (`StatusFile.encode`) and
/// read again is the same snapshot; and it reads every input as
/// `StatusSnapshot`'s `Codable` does (`StatusFile.decodeByCodable`).
enum StatusFuzz: FuzzTarget {
    static let name = "status"

    static func fuzz(_ bytes: [UInt8]) {
        FuzzCheck.require(
            StatusFile.decode(bytes) == StatusFile.decodeByCodable(bytes),
            "the fast path reads what Codable reads", input: bytes)
        guard let snapshot = StatusFile.decode(bytes) else { return }
        FuzzCheck.require(
            StatusFile.decode(StatusFile.encode(snapshot)) == snapshot,
            "a snapshot read, encoded and read again is the same", input: bytes)
    }
}
