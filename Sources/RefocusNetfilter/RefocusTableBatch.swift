import CNetfilter
import RefocusCore
import RefocusOS

/// Builds the nf_tables batches that replace or delete table `inet refocus`,
/// the only table ReFocus ever touches. Pure message building: no privilege.
///
/// The table it builds:
///
///     table inet refocus {                       # flags owner, persist
///         set v4 { type ipv4_addr; size N; elements = { … } }
///         set v4net { type ipv4_addr; flags interval; size M; elements = { … } }
///         set v6 { type ipv6_addr; size K; elements = { … } }
///         set v6net { type ipv6_addr; flags interval; size L; elements = { … } }
///         set u1000_4 { … }                      # and u1000_4net, u1000_6, u1000_6net: user 1000's blocks
///         set hits4 { type ipv4_addr; size 65536; flags dynamic; counter; }
///         set hits6 { type ipv6_addr; size 65536; flags dynamic; counter; }
///         set doh4 { type ipv4_addr; flags interval; elements = { … } }
///         set doh6 { type ipv6_addr; flags interval; elements = { … } }
///         chain output {                         # and chain forward, hook forward
///             type filter hook output priority filter; policy accept;
///             meta skuid 1000 jump allow1000     # output only: allowlist owners (see +Allow)
///             ct direction reply accept          # replies of connections others opened (see +Replies)
///             ip daddr @v4 update @hits4 { ip daddr }
///             meta l4proto tcp ip daddr @v4 counter reject with tcp reset
///             ip daddr @v4 counter reject with icmpx admin-prohibited
///             … the same three rules for @v4net; for @v6 and @v6net with
///               ip6 daddr and @hits6
///             meta skuid 1000 ip daddr @u1000_4 update @hits4 { ip daddr }    # output only: a user's
///             … the same rules as above for each user's sets, with their uid     #   blocks (see +Users)
///             … the endpoint rules for @doh4 and @doh6 (see +Endpoints)
///             meta skuid 1000 ip daddr @meter0_4 limit rate 1/minute burst 1 packets \
///                 log prefix "refocus-meter 1000 video" group 21062    # output only (see +Meter)
///         }
///         chain allow1000 { … }                 # with sets allow1000_4/6, allowdns4/6, allowntp4/6, allowdhcp4/6
///     }
///
/// Single addresses go to the plain sets `v4` and `v6` (hash tables in the
/// kernel, sized by the size hint), wider ranges to the interval sets
/// `v4net` and `v6net` (rbtrees, several times slower to fill). A block set
/// exists only when it has elements, and its rules only with it; the size
/// hint is its element count. A family's hits set exists with its first
/// block set. The endpoint sets `doh4` and `doh6` hold the DNS-over-HTTPS
/// endpoints' addresses, refused on ports 443 and 853 only; they too exist
/// only with elements, and the table exists when any set has elements.
/// Every rule that refuses comes after the accept of the replies: a block
/// refuses what this machine sends to the address (connections it opens,
/// new or already open), never its answers to connections others opened.
///
/// Counters: the block sets have none, so loading them costs nothing more
/// than their elements. The packet path adds each refused destination to
/// its family's hits set (`update`), whose elements count the packets sent
/// there; the reject rules' counters count every refused packet once.
/// The update has a rule of its own: when the kernel cannot add the
/// address (the hits set is full, 65,536 addresses, or an atomic allocation
/// failed) it ends that rule only, and the reject rules still refuse the
/// packet and count it. A replacement starts all counters at zero, with
/// empty hits sets.
enum RefocusTableBatch {
    /// What error messages call table `table`.
    static func displayName(_ table: String) -> String { "table inet \(table)" }
    /// The chains and their hooks: traffic this host sends, and traffic it routes.
    static let chains: [(name: String, hook: nf_inet_hooks)] = [
        ("output", NF_INET_LOCAL_OUT), ("forward", NF_INET_FORWARD),
    ]
    /// Netlink bytes budgeted per set element (a v6 element with flags takes 36).
    static let bytesPerElement = 48
    /// Netlink bytes budgeted per user's block set: its definition and its
    /// three rules (about 1.3 KiB together), beyond the fixed 64 KiB, so
    /// that a schedule for a whole lab's users fits in one batch.
    static let bytesPerUserSet = 4096

    /// The batch that makes the table hold exactly `contents` (its
    /// endpoints refused on `endpointPorts` only), whatever was there
    /// before, in one transaction: NEWTABLE (without flags: creates it
    /// when absent, changes nothing when present), DELTABLE, NEWTABLE with
    /// OWNER|PERSIST, chains, the sets that have elements, their rules, the
    /// elements. Idempotent.
    static func replacement(
        for table: TableContents, endpointPorts: [UInt16] = DoHEndpoints.ports,
        firstSequence: UInt32,
        table tableName: String = Policy.standardTableName
    ) throws(NftablesError) -> NetlinkBatch {
        try replacement(
            for: TableLayout(table), endpointPorts: endpointPorts, firstSequence: firstSequence, table: tableName)
    }

    /// The replacement of the table by `layout`'s sets and the rules for them.
    static func replacement(
        for layout: TableLayout, endpointPorts: [UInt16] = DoHEndpoints.ports,
        firstSequence: UInt32,
        table tableName: String = Policy.standardTableName
    ) throws(NftablesError) -> NetlinkBatch {
        let displayName = displayName(tableName)
        let contents = layout.blocks, endpointContents = layout.endpoints, userContents = layout.users
        let owners = layout.allowed.map(\.uid)
        let allowedContents = layout.allowed.map { ($0.uid, $0.sets) }
        let serviceContents = layout.services
        let elementCount = layout.sets.reduce(0) { $0 + $1.elements.count }
        let userSetCount = userContents.reduce(0) { $0 + $1.sets.count }
        let batch = try NetlinkBatch(
            limit: 64 * 1024 + elementCount * bytesPerElement + userSetCount * bytesPerUserSet,
            firstSequence: firstSequence)

        let existing = try NftTable(name: tableName, flags: nil)
        try batch.append(
            NFT_MSG_NEWTABLE, flags: NLM_F_CREATE, operation: "create \(displayName) if absent", object: existing)
        try batch.append(NFT_MSG_DELTABLE, flags: 0, operation: "delete the previous \(displayName)", object: existing)
        let owned = try NftTable(name: tableName, flags: NftTable.ownerFlag | NftTable.persistFlag)
        try batch.append(NFT_MSG_NEWTABLE, flags: NLM_F_CREATE, operation: "create \(displayName)", object: owned)

        for chain in chains {
            let object = try NftChain(name: chain.name, table: tableName, hook: chain.hook)
            try batch.append(
                NFT_MSG_NEWCHAIN, flags: NLM_F_CREATE, operation: "create chain \(chain.name)", object: object)
        }
        for uid in owners {
            let object = try NftChain(regular: allowChainName(uid: uid), table: tableName)
            try batch.append(
                NFT_MSG_NEWCHAIN, flags: NLM_F_CREATE, operation: "create chain \(object.name)", object: object)
        }
        var sets: [NftSet] = []
        for (definition, elements) in contents + userContents.flatMap(\.sets) + endpointContents
            + allowedContents.flatMap(\.1) + serviceContents
            + layout.metered.flatMap(\.sets)
        {
            let set = try NftSet(
                definition, table: tableName, sizeHint: RefocusSet.capacity(forElements: elements.count))
            for element in elements { try set.add(element) }
            try batch.append(NFT_MSG_NEWSET, flags: NLM_F_CREATE, operation: "create set \(set.name)", object: set)
            sets.append(set)
        }
        let blockSets = (contents + userContents.flatMap(\.sets)).map(\.definition)
        for definition in RefocusSet.hitsSets(for: blockSets) {
            let set = try NftSet(definition, table: tableName, sizeHint: RefocusSet.hitsCapacity)
            try batch.append(NFT_MSG_NEWSET, flags: NLM_F_CREATE, operation: "create set \(set.name)", object: set)
        }
        for chain in chains {
            var rules: [NftRule] = []
            // The owners' jumps first: their chains refuse the owners' own replies too (see +Allow).
            for uid in owners where chain.hook == NF_INET_LOCAL_OUT {
                rules.append(try allowJumpRule(chain: chain.name, uid: uid, table: tableName))
            }
            rules.append(try replyRule(chain: chain.name, table: tableName))
            // The machine's blocks, then each user's, which match that user's sockets only (see +Users).
            let users = chain.hook == NF_INET_LOCAL_OUT ? userContents.flatMap(\.sets) : []
            for (definition, _) in contents + users {
                rules += [
                    try recordingRule(chain: chain.name, set: definition, table: tableName),
                    try blockingRule(chain: chain.name, set: definition, tcpOnly: true, table: tableName),
                    try blockingRule(chain: chain.name, set: definition, tcpOnly: false, table: tableName),
                ]
            }
            for (definition, _) in endpointContents {
                rules += try endpointRules(chain: chain.name, set: definition, ports: endpointPorts, table: tableName)
            }
            // Last: only what the rules above let through is metered.
            for (traffic, sets) in layout.metered where chain.hook == NF_INET_LOCAL_OUT {
                rules += try sets.map { (set, _) throws(NftablesError) in
                    try meteringRule(
                        chain: chain.name, traffic: traffic, set: set, step: layout.meterStep, table: tableName)
                }
            }
            for rule in rules {
                try batch.append(
                    NFT_MSG_NEWRULE, flags: NLM_F_CREATE | NLM_F_APPEND,
                    operation: "add a rule to chain \(chain.name)", object: rule)
            }
        }
        for (uid, owned) in allowedContents {
            let rules = try allowChainRules(
                uid: uid, sets: owned.map(\.definition),
                services: serviceContents.map(\.definition), table: tableName)
            for rule in rules {
                try batch.append(
                    NFT_MSG_NEWRULE, flags: NLM_F_CREATE | NLM_F_APPEND, operation: "add an allowlist rule",
                    object: rule)
            }
        }
        for set in sets { try set.appendElementMessages(to: batch) }
        try batch.finish()
        return batch
    }

    /// The batch that deletes the table with everything in it.
    static func deletion(firstSequence: UInt32, table tableName: String = Policy.standardTableName)
        throws(NftablesError) -> NetlinkBatch
    {
        let batch = try NetlinkBatch(limit: 4096, firstSequence: firstSequence)
        let table = try NftTable(name: tableName, flags: nil)
        try batch.append(NFT_MSG_DELTABLE, flags: 0, operation: "delete \(displayName(tableName))", object: table)
        try batch.finish()
        return batch
    }

    /// `[meta skuid <uid>] <ip|ip6> daddr @<set> update @<hits4|hits6> {
    /// <ip|ip6> daddr }` (the uid for a user's set), with the `meta nfproto`
    /// match nft adds in an `inet` table, and the address loaded again for
    /// the update, as nft does. No verdict: the
    /// reject rules after it refuse the packet whether or not the update
    /// could add the address.
    static func recordingRule(
        chain: String, set: RefocusSet,
        table tableName: String = Policy.standardTableName
    ) throws(NftablesError) -> NftRule {
        let family = set.family
        let hits = RefocusSet.hits(of: family)
        let rule = try NftRule(table: tableName, chain: chain)
        if let uid = set.user { try rule.matchSocketOwner(uid) }
        try rule.loadMeta(NFT_META_NFPROTO)
        try rule.compareEqual([family.nfproto])
        try rule.loadNetworkHeader(offset: family.destinationOffset, length: UInt32(family.addressLength))
        try rule.lookup(set: set.name, id: set.id)
        try rule.loadNetworkHeader(offset: family.destinationOffset, length: UInt32(family.addressLength))
        try rule.update(set: hits.name, id: hits.id)
        return rule
    }

    /// `[meta skuid <uid>] [meta l4proto tcp] <ip|ip6> daddr @<set> counter
    /// reject with <tcp reset|icmpx admin-prohibited>` (the uid for a user's
    /// set), with the `meta nfproto` match that nft adds in an `inet` table
    /// just before the address.
    ///
    /// A refused packet reaches one counter of the two rules: a TCP packet
    /// the first rule's, anything else the second's. The protocol is matched
    /// before the lookup, which is dearer, so that other packets skip the
    /// first rule's lookup.
    static func blockingRule(
        chain: String, set: RefocusSet, tcpOnly: Bool,
        table tableName: String = Policy.standardTableName
    ) throws(NftablesError) -> NftRule {
        let family = set.family
        let rule = try NftRule(table: tableName, chain: chain)
        if let uid = set.user { try rule.matchSocketOwner(uid) }
        if tcpOnly {
            try rule.loadMeta(NFT_META_L4PROTO)
            try rule.compareEqual([UInt8(IPPROTO_TCP)])
        }
        try rule.loadMeta(NFT_META_NFPROTO)
        try rule.compareEqual([family.nfproto])
        try rule.loadNetworkHeader(offset: family.destinationOffset, length: UInt32(family.addressLength))
        try rule.lookup(set: set.name, id: set.id)
        try rule.count()
        if tcpOnly {
            try rule.reject(NFT_REJECT_TCP_RST, code: 0)
        } else {
            try rule.reject(NFT_REJECT_ICMPX_UNREACH, code: UInt8(NFT_REJECT_ICMPX_ADMIN_PROHIBITED.rawValue))
        }
        return rule
    }
}
