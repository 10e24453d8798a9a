import Glibc
import RefocusCore
import RefocusPlanning

/// The exec permission decisions already made for owners' execs, per file
/// identity, change time and uid: a file renamed, linked, rewritten or
/// chmodded gets a new change time and is decided again. Emptied when the
/// rules change, and when it holds `capacity` decisions.
struct ExecDecisionCache {
    /// What a decision is kept under.
    struct Key: Hashable {
        let file: FileIdentity
        let seconds: Int
        let nanoseconds: Int
        let uid: UInt32

        init(file: FileIdentity, changed: timespec, uid: UInt32) {
            self.file = file
            seconds = changed.tv_sec
            nanoseconds = changed.tv_nsec
            self.uid = uid
        }
    }

    /// The most decisions kept.
    static let capacity = 4_096

    private var decisions: [Key: ProgramMatch?] = [:]
    private var generation: UInt64 = 0

    /// Forgets every decision unless they were made under the rules of `generation`.
    mutating func use(generation new: UInt64) {
        guard new != generation else { return }
        decisions = [:]
        generation = new
    }

    /// The decision kept for `key`: a match (refused), `.some(nil)` (allowed), nil (not decided yet).
    subscript(key: Key) -> ProgramMatch?? {
        get { decisions[key] }
        set {
            if decisions.count >= Self.capacity { decisions = [:] }
            decisions[key] = newValue ?? nil
        }
    }
}
