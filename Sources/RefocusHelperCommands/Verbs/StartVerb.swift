import ArgumentParser
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// `refocus-helper start`: starts or extends a session from the request on stdin.
struct StartVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: StartRequest.verb.rawValue,
        abstract: "Start or extend a session from the request on stdin.",
        discussion: """
            The JSON request names the lists with their entries and programs, the length, \
            the lock, the label, a pomodoro plan and whether the lists block or allow. \
            Starting active lists again extends their session.
            """)

    func respond(_ context: HelperContext, _ request: StartRequest) throws -> HelperResponse {
        let clock = context.clock
        let caller = context.caller
        let policy = context.policy
        // Read once: the rules check the request against them, and a run that enforces itself keeps them clear.
        let system = SystemProtections.read()
        let protected = ProtectedAddresses(policy: policy, system: system)
        let resolverModule = ResolverModule.isInForce()
        let session = try context.store.write { transaction in
            let plan = try SessionRules.start(
                request, owner: caller.uid, clock: clock, policy: policy,
                active: try transaction.openSessions(), protected: protected,
                resolverModule: resolverModule)
            switch plan {
            case .create(let session): return try transaction.insert(session)
            case .extend(let session):
                try transaction.update(session)
                return session
            }
        }
        let report = try context.enforce(system: system)
        let ignored = SessionRules.programsIgnored(by: request).map(\.rawValue)
        let ignoredNote: [Note] = ignored.isEmpty ? [] : [.allowlistProgramsIgnored(lists: ignored)]
        let notes =
            ignoredNote + report.notes
            + request.lists.compactMap { list -> Note? in
                if let domains = report.resolverOnly?[list.name] {
                    let cause: Note.ResolverOnlyCause =
                        DesiredEnforcement.isHostsOnly(domainCount: domains, policy: policy)
                        ? .overHostsOnlyAbove(limit: policy.hostsOnlyAbove)
                        : .machineTotal(
                            key: PolicyKey.maxHostsNamesPerMachine.rawValue, cap: policy.caps.hostsNamesPerMachine)
                    return .listInResolverOnly(list: list.name.rawValue, domains: domains, cause: cause)
                }
                guard let domains = report.hostsOnly?[list.name] else { return nil }
                return .listInHostsOnly(
                    list: list.name.rawValue, domains: domains, hostsOnlyAbove: policy.hostsOnlyAbove)
            }
        // The daemon's summary of the session, as it enforces it; this run's own when it is not among them.
        let summary = report.active.first { $0.id == session.id } ?? session.summary(at: clock.wall)
        return HelperResponse(sessions: [summary], notes: notes)
    }
}
