import Glibc
import SystemPackage

extension ProcessDefaults {
    /// A resource limit still below its default after `reset`: the caller
    /// lowered the hard limit and this process may not raise it again (root
    /// without CAP_SYS_RESOURCE, as in some containers).
    public struct LimitShortfall: Sendable, Equatable, CustomStringConvertible {
        /// The limit's name without `RLIMIT_`: `FSIZE`.
        public let name: String
        /// Its soft value now.
        public let value: UInt64
        /// Its default soft value (`UInt64.max` for unlimited).
        public let standard: UInt64

        public var description: String {
            "RLIMIT_\(name) is \(value), below its default (\(standard == .max ? "unlimited" : String(standard)))"
        }
    }

    /// The limits whose soft value is below the default `reset` sets
    /// (those it only raises, such as NPROC, do not count: a lower value
    /// there was the administrator's). Empty after a `reset` with
    /// CAP_SYS_RESOURCE, whatever the caller set.
    public static func shortfalls() -> [LimitShortfall] {
        limits(threadsMax: nil, openMax: nil).compactMap { limit in
            guard !limit.atLeast else { return nil }
            var current = rlimit()
            guard case .success = syscall({ getrlimit(__rlimit_resource_t(limit.resource), &current) }),
                current.rlim_cur < limit.soft
            else { return nil }
            return LimitShortfall(name: limit.name, value: UInt64(current.rlim_cur), standard: UInt64(limit.soft))
        }
    }
}
