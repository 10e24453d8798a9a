import Glibc

/// Starts a program as a session's owner from root: `setpriv` switches to
/// the owner's uid (real, effective and saved), their primary gid and
/// their supplementary groups, all from the password database, with no
/// capability left (inheritable and bounding sets emptied, so none can come
/// back through a file's capabilities either), `no_new_privs` set (no
/// setuid program regains privilege), and an environment reset to nothing
/// but `environment` (passed through `/usr/bin/env`). The privileges are
/// dropped before `program` is even opened. Started detached
/// (`DetachedProcess`); the daemon reaps it on SIGCHLD.
package enum OwnerProcess {
    package static let setpriv = "/usr/bin/setpriv"
    package static let env = "/usr/bin/env"

    /// setpriv's arguments for running `program` with `arguments` as `account`.
    package static func arguments(
        _ account: UserAccount, environment: [String], program: String,
        arguments: [String]
    ) -> [String] {
        [
            "--reuid=\(account.uid)", "--regid=\(account.gid)", "--init-groups", "--inh-caps=-all",
            "--bounding-set=-all", "--no-new-privs", "--reset-env", "--", env,
        ] + environment + [program] + arguments
    }

    /// Starts `program` as `owner`; nil (and nothing started) for root,
    /// an owner the password database does not know, a missing setpriv or
    /// env, or a failed spawn.
    package static func start(
        as owner: UInt32, environment: (UserAccount) -> [String], program: String,
        arguments: [String]
    ) -> pid_t? {
        guard owner != 0, let account = UserAccount.lookup(uid: owner),
            access(setpriv, X_OK) == 0, access(env, X_OK) == 0
        else { return nil }
        let all = Self.arguments(account, environment: environment(account), program: program, arguments: arguments)
        return try? DetachedProcess.start(setpriv, all)
    }
}
