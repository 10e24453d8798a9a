/// The requests that change something (POST only), each turned into the
/// `refocus` command a person would type, from a body checked by
/// `CommandArguments`.
enum PostRoutes {
    /// The command for a POST to the path of `parts`, or why none runs.
    static func command(_ parts: [String], body: [UInt8]) -> Result<CommandRun, RouteRefusal> {
        guard parts.count >= 2, parts[0] == "api" else { return .failure(RouteRefusal(.notFound, "no such action")) }
        switch (parts.count, parts[1]) {
        case (2, "start"): return RequestBodies.decode(RequestBodies.Start.self, body).flatMap(start)
        case (2, "stop"), (2, "pause"), (2, "resume"), (2, "next"): return session(parts[1], body)
        case (4, "lists"): return listChange(name: parts[2], change: parts[3], body)
        case (3, "schedules") where parts[2] == "add":
            return RequestBodies.decode(RequestBodies.ScheduleAdd.self, body).flatMap(scheduleAdd)
        case (3, "schedules") where parts[2] == "remove":
            return RequestBodies.decode(RequestBodies.ScheduleRemove.self, body).flatMap { schedule in
                guard CommandArguments.isText(schedule.id, limit: 64), schedule.id.utf8.allSatisfy({ $0 != 32 }) else {
                    return .failure(RouteRefusal(.badRequest, "a schedule's id is one word"))
                }
                return .success(CommandRun(["schedule", "remove", "--", schedule.id], answer: .text))
            }
        default: return .failure(RouteRefusal(.notFound, "no such action"))
        }
    }

    /// `refocus VERB --json [-- ID]` for stop, pause, resume and next.
    private static func session(_ verb: String, _ body: [UInt8]) -> Result<CommandRun, RouteRefusal> {
        RequestBodies.decode(RequestBodies.Session.self, body).flatMap { session in
            guard let id = session.id else { return .success(CommandRun([verb, "--json"])) }
            guard id > 0 else { return .failure(RouteRefusal(.badRequest, "a session's id is a positive number")) }
            return .success(CommandRun([verb, "--json", "--", String(id)]))
        }
    }

    /// `refocus list add|remove -- NAME ENTRY…`, or `refocus list import --json -- NAME -` with the text on stdin.
    private static func listChange(name: String, change: String, _ body: [UInt8]) -> Result<CommandRun, RouteRefusal> {
        guard CommandArguments.isName(name) else { return .failure(badName(name)) }
        switch change {
        case "add", "remove":
            return RequestBodies.decode(RequestBodies.Entries.self, body).flatMap { entries in
                guard (1...1000).contains(entries.entries.count),
                    entries.entries.allSatisfy({ CommandArguments.isText($0, limit: 1024) })
                else { return .failure(RouteRefusal(.badRequest, "entries are 1 to 1000 lines of text")) }
                return .success(CommandRun(["list", change, "--", name] + entries.entries, answer: .text))
            }
        case "import":
            return RequestBodies.decode(RequestBodies.Import.self, body).map { file in
                CommandRun(["list", "import", "--json", "--", name, "-"], input: Array(file.text.utf8))
            }
        default: return .failure(RouteRefusal(.notFound, "no such action"))
        }
    }

    /// `refocus start [--list L]… [--until T] [--lock] [--pomodoro] [--label=X] -- [PRESET] [LENGTH]`.
    private static func start(_ body: RequestBodies.Start) -> Result<CommandRun, RouteRefusal> {
        sessionOptions(preset: body.preset, lists: body.lists, length: body.length, until: body.until, lock: body.lock)
            .flatMap { options, positionals in
                var arguments = ["start", "--json"] + options
                if body.pomodoro == true { arguments.append("--pomodoro") }
                if let label = body.label, !label.isEmpty {
                    guard CommandArguments.isText(label, limit: 200) else {
                        return .failure(RouteRefusal(.badRequest, "a label is at most 200 characters of text"))
                    }
                    arguments.append("--label=\(label)")
                }
                return .success(CommandRun(arguments + ["--"] + positionals))
            }
    }

    /// `refocus schedule add [--list L]… [--until T] [--lock] -- EXPRESSION [PRESET|LENGTH]`.
    private static func scheduleAdd(_ body: RequestBodies.ScheduleAdd) -> Result<CommandRun, RouteRefusal> {
        guard CommandArguments.isText(body.expression, limit: 100) else {
            return .failure(RouteRefusal(.badRequest, "a schedule's expression is one line of text"))
        }
        return sessionOptions(
            preset: body.preset, lists: body.lists, length: body.length, until: body.until, lock: body.lock
        )
        .map { options, positionals in
            CommandRun(["schedule", "add"] + options + ["--", body.expression] + positionals, answer: .text)
        }
    }

    /// The options and positional arguments a session's fields make, each checked.
    private static func sessionOptions(
        preset: String?, lists: [String]?, length: String?, until: String?, lock: Bool?
    ) -> Result<([String], [String]), RouteRefusal> {
        let lists = lists ?? []
        if let bad = ([preset].compactMap { $0 } + lists).first(where: { !CommandArguments.isName($0) }) {
            return .failure(badName(bad))
        }
        guard preset != nil || !lists.isEmpty else {
            return .failure(RouteRefusal(.badRequest, "name a preset or a list"))
        }
        guard lists.count <= 32 else { return .failure(RouteRefusal(.badRequest, "at most 32 lists")) }
        var options = lists.flatMap { ["--list", $0] }
        if let until, !until.isEmpty {
            guard CommandArguments.isClockTime(until) else {
                return .failure(RouteRefusal(.badRequest, "until is HH:MM"))
            }
            options += ["--until", until]
        }
        if lock == true { options.append("--lock") }
        var positionals = preset.map { [$0] } ?? []
        if let length, !length.isEmpty {
            guard CommandArguments.isLength(length) else {
                return .failure(RouteRefusal(.badRequest, "a length is like 25m, 1h30m or 50/10"))
            }
            positionals.append(length)
        }
        return .success((options, positionals))
    }

    private static func badName(_ name: String) -> RouteRefusal {
        RouteRefusal(.badRequest, "'\(name.prefix(64))' is not a name (lower-case letters, digits, '-' and '_')")
    }
}
