import RefocusCore

/// Which block lists the /etc/hosts section holds when the resolver module
/// is in force, so that the section stays within the machine's total
/// (`max_hosts_names_per_machine`) for all sessions of all owners together.
///
/// Every lookup of every program on the machine reads /etc/hosts whole, so
/// its size is everyone's cost; lists left out are still blocked, by the
/// resolver module's index (constant time whatever its size). The choice is
/// deterministic and fair between owners, in whole lists, smallest first:
///
/// 1. Each owner has an equal share of the total (the total divided by the
///    number of owners with lists to place). The owners take turns, the one
///    with the fewest names placed so far going next (the lower uid on a
///    tie), each placing its smallest list not yet placed (then by name,
///    then by session) while it fits in its share.
/// 2. What the shares left unused goes, by the same turns, to the lists
///    that did not fit in their owner's share, while they fit in the total.
///
/// An owner's turns end at its first list that does not fit: its other
/// lists are no smaller. So one member's many or large lists never push
/// another's out of its share. A list counts its domains times one plus the
/// subdomains, whether or not another list holds the same names, so the
/// section never holds more than the total.
public struct HostsAllotment: Sendable {
    /// A list that could go to the section: within `hosts_only_above`.
    public struct Candidate: Sendable {
        /// The uid of the session's owner.
        public var owner: UInt32
        /// The names the list would add, subdomains included.
        public var names: Int
        /// The list's name, for a stable order between lists of equal sizes.
        public var list: BlockListName
        /// Its session's id (0 before it is stored), for a stable order between lists of equal names.
        public var session: Int64

        /// Makes a candidate.
        public init(owner: UInt32, names: Int, list: BlockListName, session: Int64) {
            (self.owner, self.names, self.list, self.session) = (owner, names, list, session)
        }
    }

    /// The positions in the candidates of the lists the section holds.
    public let admitted: Set<Int>

    /// Shares `total` names between `candidates`' owners.
    public init(_ candidates: [Candidate], total: Int) {
        var queues: [UInt32: [Int]] = [:]
        for (position, candidate) in candidates.enumerated() { queues[candidate.owner, default: []].append(position) }
        for owner in queues.keys {
            queues[owner]?.sort { left, right in
                let (a, b) = (candidates[left], candidates[right])
                return (a.names, a.list, a.session, left) < (b.names, b.list, b.session, right)
            }
        }
        var placement = Placement(queues: queues, candidates: candidates, total: total)
        placement.takeTurns(share: queues.isEmpty ? total : total / queues.count)
        placement.takeTurns(share: total)
        admitted = placement.admitted
    }

    /// The lists placed so far, and where each owner's turn stands.
    private struct Placement {
        let queues: [UInt32: [Int]]
        let candidates: [Candidate]
        let total: Int
        var used: [UInt32: Int] = [:]
        var next: [UInt32: Int] = [:]
        var spent = 0
        var admitted = Set<Int>()

        init(queues: [UInt32: [Int]], candidates: [Candidate], total: Int) {
            (self.queues, self.candidates, self.total) = (queues, candidates, total)
            used = queues.mapValues { _ in 0 }
            next = queues.mapValues { _ in 0 }
        }

        /// Turns until no owner's next list fits in `share` and in what is left of the total.
        mutating func takeTurns(share: Int) {
            var waiting = used.filter { next[$0.key, default: 0] < queues[$0.key, default: []].count }
            while let owner = waiting.min(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key {
                guard let queue = queues[owner], let index = next[owner], index < queue.count else {
                    waiting[owner] = nil
                    continue
                }
                let names = candidates[queue[index]].names
                guard used[owner, default: 0] + names <= share, spent + names <= total else {
                    waiting[owner] = nil
                    continue
                }
                admitted.insert(queue[index])
                spent += names
                used[owner, default: 0] += names
                waiting[owner] = used[owner]
                next[owner] = index + 1
            }
        }
    }
}
