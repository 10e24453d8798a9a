import ArgumentParser
import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusProtocol

/// `refocus-helper nsswitch add|remove|check`: the resolver module's
/// service in /etc/nsswitch.conf (`NsswitchFile`), for `make install`, the
/// package's maintainer scripts and root. `add` and `remove` are for root
/// itself only (no SUDO_UID): through the group's sudo rule a member could
/// otherwise take the module off and escape their own lock. `check`, which
/// changes nothing and reads a world-readable file, answers anyone. Reads
/// no request, takes neither the store nor the policy, so that an
/// uninstaller's `remove` works whatever state they are in.
struct NsswitchVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: HelperVerbName.nsswitch.rawValue,
        abstract: "Root only: add, remove or check the resolver module.",
        discussion: """
            add puts the service refocus (the resolver module, libnss_refocus.so.2) on the hosts \
            line that glibc reads, just before its first dns or resolve service (else after its \
            last service), changing nothing else; where glibc reads no hosts line it appends \
            'hosts: files refocus dns' between '# BEGIN refocus' and '# END refocus' lines. remove \
            takes refocus off every hosts line and removes that section, giving back the file's \
            bytes from before add. Both write only when something changes, atomically, keeping the \
            file's owner, mode and attributes. check changes nothing. Each answers with \
            "resolverModule": the hosts services glibc consults, whether refocus is one of them \
            and comes before dns and resolve, and the installed library's path.

            \(ExitStatus.helpLine(for: .helper, [.success, .dataError, .systemError],
                                  notes: [.notPermitted: "add or remove through sudo"]))
            """)

    /// What to do with the file.
    enum Action: String, ExpressibleByArgument, CaseIterable {
        case add, remove, check
    }

    @Argument(
        help: ArgumentHelp("add, remove or check.", valueName: "action"),
        completion: .list(Action.allCases.map(\.rawValue)))
    var action: Action

    func run() throws {
        try ResponseWriter.answer {
            do {
                return try respond(caller: try Caller.current(environment: ProcessInfo.processInfo.environment))
            } catch let error as any RefocusError {
                // make install and dpkg's scripts show stderr, not the answer.
                StandardError.write("refocus-helper nsswitch \(action.rawValue): \(error)\n")
                throw error
            }
        }
    }

    private func respond(caller: Caller) throws -> HelperResponse {
        let file = NsswitchFile()
        var notes: [Note] = []
        switch action {
        case .add, .remove:
            guard caller.isRootItself else {
                throw ProtocolFailure(
                    code: .notPermitted,
                    message: "only root itself may \(action.rawValue) the resolver "
                        + "module in \(file.path), not a user through sudo")
            }
            let outcome = action == .add ? try file.add() : try file.remove()
            notes = outcome.notes.map { .remark($0) }
            notes.append(
                .remark(
                    outcome.changed
                        ? "\(action == .add ? "added refocus to" : "took refocus off") \(file.path)"
                        : "\(file.path) unchanged"))
        case .check:
            break
        }
        let state = ResolverModuleState(
            path: file.path, conf: try file.read(), library: ResolverModule.installedLibrary())
        notes.append(.remark(Self.summary(state)))
        return HelperResponse(sessions: [], notes: notes, resolverModule: state)
    }

    /// One sentence on whether glibc answers through the module, and why not.
    static func summary(_ state: ResolverModuleState) -> String {
        let services = "hosts: " + state.hostsServices.joined(separator: " ")
        let library =
            state.library.map { "\(ResolverModule.libraryName) is installed (\($0))" }
            ?? "\(ResolverModule.libraryName) is not installed in \(ResolverModule.libraryDirectories.joined(separator: " or "))"
        if state.inForce { return "the resolver module is in force (\(services)); \(library)" }
        let named =
            state.beforeResolvers
            ? "names refocus before dns and resolve"
            : state.named ? "names refocus only after dns or resolve" : "does not name refocus"
        return "the resolver module is not in force: \(state.path) \(named) (\(services)); \(library)"
    }
}
