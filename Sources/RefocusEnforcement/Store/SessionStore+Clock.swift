import RefocusCore
import RefocusOS

extension SessionStore {
    /// Reads the clocks and moves every open session onto their wall clock
    /// (`SessionClock`): the one place where sessions are rebased, once at
    /// the start of a helper run (`HelperContext`) and once before each of
    /// the daemon's reconciles, so that every rule after it compares
    /// wall-clock times that mean real time. The `Reconciler` is given the
    /// reading and rebases nothing itself.
    public func rebasedClock() throws -> ClockReading {
        let clock = SystemClock.read()
        _ = try write { try $0.rebase(to: clock) }
        return clock
    }
}
