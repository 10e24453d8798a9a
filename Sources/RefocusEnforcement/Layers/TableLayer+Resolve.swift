import RefocusCore
import RefocusOS
import RefocusDNS

extension TableLayer {
    /// The upstream name servers' answers for `names` (never /etc/hosts). A
    /// failure to resolve is a note, not an error: the hosts section still
    /// blocks the names.
    func resolve(
        _ names: [String], policy: Policy, notes: inout [Note],
        for purpose: Note.ResolvePurpose = .blocking
    ) -> [ResolvedName] {
        let domains = names.compactMap { try? DomainName(validating: $0) }
        do {
            let servers = try SystemNameServers.load().upstreamServers()
            let deadline = Duration.milliseconds(policy.resolveTimeoutMilliseconds)
            let answers = try DNSClient(servers: servers, deadline: deadline).resolve(domains)
            let timedOut = answers.filter { $0.failure == .timedOut }.count
            if timedOut > 0 {
                notes.append(.namesTimedOut(count: timedOut, purpose: purpose))
            }
            return answers
        } catch {
            notes.append(.namesNotResolved(error: "\(error)", purpose: purpose))
            return []
        }
    }
}
