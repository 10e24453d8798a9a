#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One reading of the machine's clocks: the wall clock, which people and
/// the store use, and the boot-time clock (CLOCK_BOOTTIME: time since boot,
/// suspend included), which nobody can set. Reading both together lets a
/// session keep its real length when someone moves the wall clock.
public struct ClockReading: Sendable, Equatable {
    /// The wall clock.
    public var wall: Date
    /// Time since boot, suspend included.
    public var sinceBoot: Duration
    /// The kernel's id of this boot (`/proc/sys/kernel/random/boot_id`);
    /// empty when unknown, and then nothing is anchored.
    public var bootID: String

    /// A reading; tests inject their own.
    public init(wall: Date, sinceBoot: Duration, bootID: String) {
        self.wall = wall
        self.sinceBoot = sinceBoot
        self.bootID = bootID
    }

    /// This reading as the anchor of a session started or rebased now; nil
    /// when the boot is unknown.
    public var anchor: BootAnchor? {
        bootID.isEmpty ? nil : BootAnchor(bootID: bootID, sinceBoot: sinceBoot, wall: wall)
    }
}

/// Where a session's time is anchored: a wall-clock time and the boot-time
/// clock at the same instant, in one boot. While the machine runs, a
/// session's elapsed time is the boot-time clock's, whatever the wall clock
/// does; across a reboot only the wall clock is left.
public struct BootAnchor: Sendable, Equatable, Codable {
    /// The boot the anchor belongs to.
    public var bootID: String
    /// The boot-time clock at the anchor.
    public var sinceBoot: Duration
    /// The wall clock at the anchor.
    public var wall: Date

    /// An anchor.
    public init(bootID: String, sinceBoot: Duration, wall: Date) {
        self.bootID = bootID
        self.sinceBoot = sinceBoot
        self.wall = wall
    }
}
