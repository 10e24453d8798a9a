import RefocusCore

/// One enforcement point (the /etc/hosts section, the resolver module's
/// index, table `inet refocus`, the unreachable routes of its fallback,
/// the Chromium-family browsers' policies, Firefox's, the program blocker
/// with its exec guard and process connector), as the `Reconciler` runs it.
///
/// `apply` makes the point hold what `plan` asks of it and says what it
/// did in a `LayerOutcome`: what is in force, counts, notes for a person
/// and what to watch for tampering. It is given the outcomes of the layers
/// run before it in the same reconcile, so that a fallback (the routes)
/// can follow the layer it stands in for (the table). A problem that
/// leaves the others to enforce is the outcome's `state` (`.failed`) and
/// its notes; an error thrown stops the reconcile (the daemon tries again),
/// which only the file layers do, as they always have. Idempotent: with
/// nothing changed, a second `apply` changes nothing. The real layers
/// need root; `RefocusLayerFakes` holds fakes for tests without it.
public protocol EnforcementLayer {
    /// Which enforcement point this is.
    var kind: LayerKind { get }

    /// Makes the enforcement point hold what `plan` asks of it; `earlier`
    /// are the outcomes of the layers run before it in this reconcile.
    func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) throws -> LayerOutcome
}

/// The enforcement points, in the order the system's reconcile runs them.
public enum LayerKind: String, Sendable, Codable, CaseIterable {
    /// The `refocus` section of /etc/hosts.
    case hosts
    /// The resolver module's index (read through nsswitch.conf).
    case resolverIndex
    /// The managed policies of Chromium-family browsers.
    case chromium
    /// Firefox's enterprise policies.
    case firefox
    /// Table `inet refocus`.
    case table
    /// The unreachable routes for the sinkhole, where no table can be made.
    case routes
    /// The daemon's program blocker: the exec guard (fanotify) and the process connector.
    case programs
}
