import ArgumentParser
import RefocusCore
import RefocusDaemon
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// `refocus-helper allowance`: sets, removes or shows the caller's daily
/// allowances from the request on stdin (`AllowanceRules`), then has the
/// daemon enforce them; answers every allowance of the caller after the change.
struct AllowanceVerb: HelperVerb {
    static let configuration = CommandConfiguration(
        commandName: AllowanceRequest.verb.rawValue,
        abstract: "Set, remove or show the caller's daily allowances from the request on stdin.",
        discussion: """
            The JSON request names the action (set, remove, show), the lists with their \
            entries and programs, the daily length, the reset minute and the lock. \
            Allowances are counted by the enforcer daemon: a set is refused when it \
            cannot run.
            """)

    func respond(_ context: HelperContext, _ request: AllowanceRequest) throws -> HelperResponse {
        let owner = context.caller.uid
        let now = context.now
        let policy = context.policy
        let zone = MachineTimeZone.current
        try Self.refuseAdministered(request, owner: owner, context)
        if request.action == .set { try Self.requireDaemon(context) }
        let system = SystemProtections.read()
        let protected = ProtectedAddresses(policy: policy, system: system)
        let resolverModule = ResolverModule.isInForce()
        try context.store.write { transaction in
            let change = try AllowanceRules.apply(
                request, owner: owner, existing: try transaction.allowances(owner: owner),
                sessions: try transaction.openSessions(), now: now, zone: zone, policy: policy,
                protected: protected, resolverModule: resolverModule)
            for allowance in change.saved { try transaction.save(allowance) }
            for list in change.removed { try transaction.removeAllowance(owner: owner, list: list) }
        }
        // A look starts no daemon; a change is enforced at once (a lower daily length may spend it now).
        let answer = try context.enforce(startingDaemon: request.action != .show, system: system)
        let summaries = try Self.summaries(answer, owner: owner, context)
        return HelperResponse(sessions: [], notes: answer.notes, allowances: summaries)
    }

    /// The allowances of `owner` (nil: everyone's) in the daemon's count, with what runs now; the store's
    /// when the daemon did not answer.
    static func summaries(_ answer: DaemonAnswer, owner: UInt32?, _ context: HelperContext) throws
        -> [AllowanceSummary]
    {
        if let counted = answer.allowances { return counted.filter { owner == nil || $0.owner == owner } }
        let now = context.now
        let zone = MachineTimeZone.current
        let administered = AdministeredAllowances.of(
            context.policy, owner: owner, at: now, zone: zone, uid: UserAccount.uid)
        return try context.store.read { transaction in
            let stored = try transaction.allowances(owner: owner)
            return try AdministeredAllowances.inForce(stored: stored, administered: administered).map { allowance in
                let day = allowance.period(at: now, zone: zone).day
                return AllowanceDay(
                    allowance, at: now, zone: zone,
                    usedSeconds: try transaction.usedSeconds(owner: allowance.owner, list: allowance.name, day: day)
                ).summary(at: now)
            }
        }
    }

    /// Refuses a set or removal of a list the administrator set an allowance of for the caller.
    static func refuseAdministered(_ request: AllowanceRequest, owner: UInt32, _ context: HelperContext) throws {
        guard request.action != .show else { return }
        let administered = Set(
            context.policy.allowances.filter { $0.users.compactMap(UserAccount.uid).contains(owner) }.map(\.list.name))
        guard let list = request.lists.first(where: { administered.contains($0.name) }) else { return }
        throw ProtocolFailure(
            code: .sessionLocked,
            message: "the administrator set the daily allowance of '\(list.name)' for you; only they change it "
                + "(\(Policy.path))")
    }

    /// Refuses a set when no enforcer daemon runs or can be started: only it counts allowances.
    static func requireDaemon(_ context: HelperContext) throws {
        switch try DaemonLink.send(.reconcile, starting: true, deadlines: context.deadlines) {
        case .answered(let answer):
            if let error = answer.error { throw DaemonLinkError.failed(error, answer.category ?? .system) }
        case .noDaemon, .stuck:
            throw ProtocolFailure(
                code: .systemError,
                message: "daily allowances need the enforcer daemon, which is not running: enable it with "
                    + "'sudo systemctl enable --now refocus.service' (where systemd does not run, start "
                    + "'refocus-helper daemon' as root)")
        }
    }
}
