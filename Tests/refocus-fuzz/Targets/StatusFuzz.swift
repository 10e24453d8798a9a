import RefocusOS

/// The reader of /run/refocus/status.json (`StatusSnapshotReader`, the
/// fast path `refocus status` takes every second under a status bar): a
/// snapshot read, written as the daemon writes it (`StatusFile.encode`) and
/// read again is the same snapshot.
enum StatusFuzz: FuzzTarget {
    static let name = "status"

    static func fuzz(_ bytes: [UInt8]) {
        guard let snapshot = StatusSnapshotReader.snapshot(from: bytes) else { return }
        FuzzCheck.require(StatusSnapshotReader.snapshot(from: StatusFile.encode(snapshot)) == snapshot,
                          "a snapshot read, encoded and read again is the same", input: bytes)
    }
}
