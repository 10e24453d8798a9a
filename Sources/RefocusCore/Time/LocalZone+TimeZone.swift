#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LocalZone {
    /// The zone of Foundation's `timeZone`, named by its identifier and
    /// asking it for every offset: the reference in tests and the bench.
    ///
    /// Foundation's zones by name live in FoundationInternationalization
    /// (ICU); with FoundationEssentials alone `TimeZone` knows GMT and fixed
    /// offsets only, so `refocus` takes the machine's zone from
    /// `MachineTimeZone` (glibc), never from this.
    public init(_ timeZone: TimeZone) {
        self.init(name: timeZone.identifier) { seconds in
            timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        }
    }
}
