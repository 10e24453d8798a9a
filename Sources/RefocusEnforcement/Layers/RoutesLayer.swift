import RefocusCore

/// The fallback of table `inet refocus`: where the `TableLayer` run before
/// it could not make the table, and the hosts section is in force,
/// unreachable routes for the `Sinkhole` addresses keep blocked names
/// failing at once (addresses are not blocked then). They are removed
/// again as soon as the table is in force or the section is gone; while
/// another process keeps the table, they are left as they are. Never
/// throws: a failure is a note, with the table's own. Needs root for the
/// system's routes (`SinkholeRoutes`).
public final class RoutesLayer: EnforcementLayer {
    /// What changes the routes.
    public let routing: any SinkholeRouting
    /// Always `.routes`.
    public let kind = LayerKind.routes
    /// Whether ReFocus's routes are in place; nil when not known (at start).
    private var installed: Bool?

    /// The layer over `routing`.
    public init(routing: any SinkholeRouting = SinkholeRoutes()) {
        self.routing = routing
    }

    /// Follows the table's outcome in `earlier`: routes in its stead while it failed and the
    /// sinkhole is in use, none otherwise.
    public func apply(_ plan: EnforcementPlan, after earlier: [LayerOutcome]) -> LayerOutcome {
        let table = earlier.last { $0.layer == .table }
        if table?.state == .keptByAnother {
            return LayerOutcome(layer: kind, state: installed == true ? .inForce : .idle)
        }
        guard let table, let tableFailure = table.failure else {
            do {
                let changed = try setRoutes(installed: false)
                return LayerOutcome(layer: kind, state: .idle, changed: changed)
            } catch {
                let failure = Note.fallbackRoutesNotRemoved(error: "\(error)")
                return LayerOutcome(layer: kind, state: .failed, failure: failure, notes: [failure])
            }
        }
        // A table that was to hold nothing is no problem for a person, even when it failed.
        let problem = table.state == .failed ? tableFailure : nil
        let sinkhole = plan.sinkholeInUse
        do {
            let changed = try setRoutes(installed: sinkhole)
            let note = problem.map { sinkhole ? Note.fallbackRoutesInForce(because: $0) : $0 }
            return LayerOutcome(
                layer: kind, state: sinkhole ? .inForce : .idle, changed: changed,
                notes: note.map { [$0] } ?? [])
        } catch {
            return LayerOutcome(
                layer: kind, state: .failed, failure: .fallbackRoutesFailed(error: "\(error)", because: nil),
                notes: [.fallbackRoutesFailed(error: "\(error)", because: problem)])
        }
    }

    /// Puts the sinkhole routes in place or removes them, unless they are already so; whether it changed them.
    private func setRoutes(installed wanted: Bool) throws -> Bool {
        guard installed != wanted else { return false }
        if wanted { try routing.install() } else { try routing.remove() }
        installed = wanted
        return true
    }
}
