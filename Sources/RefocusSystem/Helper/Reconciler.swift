import Foundation
import RefocusCore

/// `reconcile(now)`: the one path by which enforcement changes. It closes
/// sessions whose end has passed, computes the desired enforcement of the
/// active ones (`DesiredEnforcement`, pure), and makes the system match it.
/// Idempotent: a second run with nothing changed writes nothing.
///
/// The caller holds the `ExclusiveLock`, so concurrent runs do not interleave.
public struct Reconciler: Sendable {
    /// The session store.
    public let store: SessionStore
    /// The /etc/hosts section.
    public let hosts: HostsFile
    /// The administrator's policy.
    public let policy: Policy

    /// Makes a reconciler over these enforcement points.
    public init(store: SessionStore, hosts: HostsFile, policy: Policy) {
        self.store = store
        self.hosts = hosts
        self.policy = policy
    }

    /// What one run found and did.
    public struct Report: Sendable {
        /// Sessions closed because their end had passed.
        public var expired: [Session]
        /// The sessions enforced now.
        public var active: [Session]
        /// What is enforced now.
        public var desired: DesiredEnforcement
        /// Whether /etc/hosts was rewritten.
        public var hostsChanged: Bool
    }

    /// Brings the system in line with the store at `now`.
    @discardableResult
    public func reconcile(now: Date) throws -> Report {
        let expired = try store.write { try $0.endExpired(now: now) }
        let active = try store.read { try $0.openSessions() }.filter { $0.isActive(at: now) }
        let desired = DesiredEnforcement(sessions: active, policy: policy)
        let hostsChanged = try hosts.apply(body: desired.hostsBody.isEmpty ? nil : desired.hostsBody)
        return Report(expired: expired, active: active, desired: desired, hostsChanged: hostsChanged)
    }
}
