import Glibc

/// Now on CLOCK_MONOTONIC, in nanoseconds: the clock of the exec guard's
/// stall watch, the memory readers' deadlines and the process connector's
/// timestamps (the kernel's `ktime_get_ns`).
package func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
