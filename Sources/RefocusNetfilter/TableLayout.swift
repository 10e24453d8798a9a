import RefocusCore

/// The sets a `TableContents` makes, each with its elements, grouped as the
/// rules use them: block sets, each user's block sets, endpoint sets, each allowlist owner's sets,
/// the sets of the servers allowlist owners may use per service, and each
/// metered daily allowance's sets. Two
/// layouts with the same sets in the same order are the same table shape
/// (the same chains and rules): one becomes the other by adding and
/// deleting elements only. A user who comes or goes, or whose set appears
/// or goes, changes the shape, as an allowlist owner does.
struct TableLayout {
    typealias Contents = [(definition: RefocusSet, elements: [SetElement])]

    /// The block sets that have elements (`v4`, `v4net`, `v6`, `v6net`).
    let blocks: Contents
    /// Each user's block sets that have elements (`u1000_4`, `u1000_4net`, …), by uid in order.
    let users: [(uid: UInt32, sets: Contents)]
    /// The DNS-over-HTTPS endpoint sets that have elements.
    let endpoints: Contents
    /// Each allowlist owner's sets, by uid in order.
    let allowed: [(uid: UInt32, sets: Contents)]
    /// The sets of the servers allowlist owners may use per service (name,
    /// time and DHCP servers); none without allowlist owners.
    let services: Contents
    /// Each metered allowance's sets that have elements, in owner and list order.
    let metered: [(traffic: MeteredTraffic, sets: Contents)]
    /// How often a metered allowance's traffic is logged at most, in seconds.
    let meterStep: UInt32

    /// The layout of `contents`.
    init(_ contents: TableContents) {
        blocks = RefocusSet.contents(for: contents.blocked)
        users = contents.userBlocked.keys.sorted().enumerated().map { index, uid in
            (uid, RefocusSet.userContents(uid: uid, index: index, blocked: contents.userBlocked[uid] ?? .empty))
        }
        endpoints = RefocusSet.endpointContents(for: contents.endpoints)
        allowed = contents.allowed.owners.keys.sorted().enumerated().map { index, uid in
            (uid, RefocusSet.allowedContents(uid: uid, index: index, allowed: contents.allowed.owners[uid] ?? .empty))
        }
        services = contents.allowed.isEmpty ? [] : RefocusSet.serviceContents(for: contents.allowed)
        metered = contents.metered.enumerated().map { ($1, RefocusSet.meteredContents($1, index: $0)) }
        meterStep = contents.meterStep
    }

    /// Every set with elements to hold, in table order (the hits sets, which hold none, apart).
    var sets: Contents {
        blocks + users.flatMap(\.sets) + endpoints + allowed.flatMap(\.sets) + services + metered.flatMap(\.sets)
    }

    /// The size each set is made with (`RefocusSet.capacity`), by name: what it may grow to by updates.
    var capacities: [String: Int] {
        Dictionary(sets.map { ($0.definition.name, RefocusSet.capacity(forElements: $0.elements.count)) }) { first, _ in
            first
        }
    }

    /// Whether `other` has the same sets, in the same order, and the same
    /// metering step: the same table but for elements. (A metered set's
    /// definition names its owner and list, which its rule logs.)
    func hasTheShape(of other: TableLayout) -> Bool {
        sets.map(\.definition) == other.sets.map(\.definition)
            && (metered.isEmpty || meterStep == other.meterStep)
    }
}
