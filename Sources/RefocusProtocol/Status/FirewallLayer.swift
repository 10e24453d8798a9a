/// What blocks addresses, as `refocus status` reports it.
public enum FirewallLayer: String, Codable, Sendable {
    /// Nothing to block, or nothing can: no table and no routes.
    case none
    /// Table `inet refocus` refuses the blocked addresses and the sinkhole
    /// addresses of the /etc/hosts section.
    case table
    /// No table could be made (a kernel without nf_tables): unreachable
    /// routes make the sinkhole addresses fail at once, so blocked names
    /// still fail fast; the addresses on lists and those names resolve to
    /// are not blocked.
    case routes = "unreachable-routes"
}
