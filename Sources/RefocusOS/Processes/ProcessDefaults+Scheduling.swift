import CLinux
import Glibc
import SystemPackage

extension ProcessDefaults {
    /// How many CPUs the affinity mask names: the kernel ignores bits past
    /// the CPUs it has and keeps those the cgroup allows, so every bit set
    /// means every CPU this process may use.
    static let affinityBits = 8192
    /// ioprio_set's `IOPRIO_WHO_PROCESS`; the priority 0 is class NONE, which
    /// follows the nice value (the kernel's default).
    private static let ioprioWhoProcess: Int32 = 1

    /// Puts the scheduling a caller can pass on back to the kernel's defaults:
    /// policy SCHED_OTHER (after `chrt --idle` or `--batch`), nice 0 (after
    /// `nice 19`), every CPU (after `taskset 1`), I/O priority class NONE
    /// (after `ionice -c 3`), and an `oom_score_adj` raised by the caller
    /// (`echo 1000 > /proc/self/oom_score_adj`) back to 0; one set lower (by an
    /// administrator or a unit, to protect the daemon) stays. Each of these is
    /// per thread: call it before other threads start, and they inherit it.
    /// What cannot be changed (no CAP_SYS_NICE) stays as it was.
    static func resetScheduling() {
        var parameters = sched_param()
        parameters.sched_priority = 0
        _ = syscall { sched_setscheduler(0, SCHED_OTHER, &parameters) }
        _ = syscall { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 0) }
        let everyCPU = [UInt8](repeating: 0xFF, count: affinityBits / 8)
        _ = syscall { everyCPU.withUnsafeBytes { refocus_sched_setaffinity(0, UInt($0.count), $0.baseAddress) } }
        _ = syscall { refocus_ioprio_set(ioprioWhoProcess, 0, 0) }
        lowerOutOfMemoryScore()
    }

    /// Writes 0 to /proc/self/oom_score_adj when it holds more (the kernel
    /// lets any process go back down to where a privileged one last put it).
    private static func lowerOutOfMemoryScore() {
        let path = "/proc/self/oom_score_adj"
        guard let bytes = try? FileReader.readIfPresent(path, limit: 64),
            let score = Int(String(decoding: bytes.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)), score > 0,
            case .success(let file) = syscall({ open(path, O_WRONLY | O_CLOEXEC) })
        else { return }
        defer { close(file) }
        _ = syscall { write(file, "0\n", 2) }
    }
}
