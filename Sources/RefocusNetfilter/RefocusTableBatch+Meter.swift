import CNetfilter
import RefocusCore

/// The rules that meter open daily allowances' sites: the last rules of
/// the output chain, one per metered set, so that only what the rules
/// before let through is metered (a blocked address is refused, not
/// counted; the replies to connections others opened are accepted first).
/// Each matches the owner's sockets only (`meta skuid`), lets one packet
/// per step through its limit and logs it to `MeteredTraffic.logGroup`
/// with the allowance's prefix; no verdict, so the packet goes on as if
/// the rule were not there.
///
///     meta skuid 1000 ip daddr @meter0_4 limit rate 1/minute burst 1 packets \
///         log prefix "refocus-meter 1000 video" group 21062
///
/// The limit's bucket lives in the rule: a replacement of the table starts
/// it full, so the first packet after one is logged at once (a step may be
/// counted early, never twice at once).
extension RefocusTableBatch {
    /// The rule of chain `chain` that meters `traffic`'s packets to `set`, one per `step` seconds.
    static func meteringRule(
        chain: String, traffic: MeteredTraffic, set: RefocusSet, step: UInt32, table tableName: String
    ) throws(NftablesError) -> NftRule {
        let rule = try NftRule(table: tableName, chain: chain)
        try rule.matchSocketOwner(traffic.owner)
        try rule.lookUpDestination(in: set)
        try rule.limit(onePer: max(1, step))
        try rule.log(group: MeteredTraffic.logGroup, prefix: traffic.logPrefix)
        return rule
    }
}
