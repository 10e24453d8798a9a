import CNetfilter

/// The rules of what is blocked for some users only: each user's block
/// sets (`RefocusSet.userContents`) get the three rules of the machine's
/// block sets, each matching that user's sockets first (`meta skuid`), so
/// that what is refused to one user is refused to nobody else, root and
/// the system included:
///
///     chain output {
///         meta skuid 1000 jump allow1000                 # allowlist owners (see +Allow)
///         ct direction reply accept                      # (see +Replies)
///         … the machine's block rules
///         meta skuid 1000 ip daddr @u1000_4 update @hits4 { ip daddr }
///         meta skuid 1000 meta l4proto tcp ip daddr @u1000_4 counter reject with tcp reset
///         meta skuid 1000 ip daddr @u1000_4 counter reject with icmpx admin-prohibited
///         … the same for u1000_4net, u1000_6 and u1000_6net, then the next user's
///         … the endpoint rules, the metering rules
///     }
///
/// They come where the machine's block rules are, after the replies'
/// accept: like those, they refuse what the user's own sockets send
/// (connections the user opens, new or already open), never the answers to
/// connections others opened. They refuse and count exactly as the
/// machine's do (a reset for TCP, admin-prohibited otherwise; the
/// destination into the family's hits set), so the totals and the hits
/// include them. Output chain only: a routed packet has no socket of this
/// machine, so no uid to match; what a user's programs send through a
/// namespace of theirs (slirp4netns, pasta) leaves through sockets of
/// theirs here, and is matched.
///
/// `meta skuid` is the socket's owner, fixed when the socket is made and
/// read as the table's namespace sees it: a program the user runs cannot
/// present another uid, root in a user namespace of theirs (`unshare -r`)
/// included (NftUsersTests), and one that switches to another uid (a
/// setuid program) is that uid's to judge.
extension NftRule {
    /// `meta skuid <uid>`: the packet's socket belongs to `uid`.
    func matchSocketOwner(_ uid: UInt32) throws(NftablesError) {
        try loadMeta(NFT_META_SKUID)
        try compareEqual(withUnsafeBytes(of: uid) { Array($0) })
    }
}
