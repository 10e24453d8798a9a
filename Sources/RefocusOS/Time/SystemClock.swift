#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore

/// Reads the machine's clocks: the wall clock, CLOCK_BOOTTIME and the boot id.
public enum SystemClock {
    /// The kernel's id of the running boot; empty (sessions then keep their
    /// wall-clock ends) when /proc is not mounted.
    public static let bootID: String = {
        guard let bytes = try? FileReader.readIfPresent("/proc/sys/kernel/random/boot_id", limit: 64) else {
            return ""
        }
        return String(String(decoding: bytes, as: UTF8.self).trimmingASCIIWhitespace())
    }()

    /// Time since boot, suspend included.
    public static var sinceBoot: Duration {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// The clocks now.
    public static func read() -> ClockReading {
        ClockReading(wall: Date(), sinceBoot: sinceBoot, bootID: bootID)
    }
}
