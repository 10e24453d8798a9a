/// What the dashboard does with a request it has let in (`AccessGuard`):
/// serve a file of the page, run `refocus` for it, open a stream of status
/// events, or refuse it.
public enum DashboardRoute: Equatable, Sendable {
    /// The page's file at this path (`/` is index.html).
    case page(String)
    /// Run the command and answer with its output.
    case run(CommandRun)
    /// The stream of `event: status` for the live view.
    case events
    /// An answer without running anything (404, 400…).
    case refuse(RouteRefusal)

    /// The route of `request`.
    public static func of(_ request: HttpRequest) -> DashboardRoute {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch request.method {
        case .get: return get(parts, request)
        case .post:
            switch PostRoutes.command(parts, body: request.body) {
            case .success(let run): return .run(run)
            case .failure(let refusal): return .refuse(refusal)
            }
        }
    }

    private static func get(_ parts: [String], _ request: HttpRequest) -> DashboardRoute {
        if parts.count == 1, ["", "app.css", "app.js", "icon.svg"].contains(parts[0]) { return .page(parts[0]) }
        guard parts.count >= 2, parts[0] == "api" else { return .refuse(RouteRefusal(.notFound, "no such page")) }
        if parts.count == 3, parts[1] == "lists", CommandArguments.isName(parts[2]) {
            return .run(CommandRun(["list", "show", "--json", "--", parts[2]]))
        }
        guard parts.count == 2 else { return .refuse(RouteRefusal(.notFound, "no such page")) }
        switch parts[1] {
        case "status": return .run(CommandRun(["status", "--json"]))
        case "events": return .events
        case "presets": return .run(CommandRun(["preset", "list", "--json"]))
        case "lists": return .run(CommandRun(["lists", "--json"]))
        case "stats":
            let by = request.queryValue("by")
            guard by == nil || by == "label" || by == "list" else {
                return .refuse(RouteRefusal(.badRequest, "by is label or list"))
            }
            return .run(CommandRun(["stats", "--json", "--weeks", "12"] + (by.map { ["--by", $0] } ?? [])))
        case "history": return .run(CommandRun(["history", "--json", "--limit", "500"]))
        case "history.csv":
            return .run(
                CommandRun(["history", "--csv", "--limit", "100000"], answer: .csv(filename: "refocus-history.csv")))
        case "schedules": return .run(CommandRun(["schedule", "list", "--json"]))
        default: return .refuse(RouteRefusal(.notFound, "no such page"))
        }
    }
}
