import RefocusUI
import Testing

/// What each request runs: the CLI's own verbs with `--json`, every value
/// the page sends checked and placed where `refocus` cannot read it as an
/// option (after `--`, or as `--label=…`).
struct DashboardRouteTests {
    static func post(_ path: String, _ body: String) -> DashboardRoute {
        DashboardRoute.of(HttpRequest(method: .post, path: path, body: Array(body.utf8)))
    }

    static func get(_ path: String, query: String = "") -> DashboardRoute {
        DashboardRoute.of(HttpRequest(method: .get, path: path, query: query))
    }

    @Test func readsRunTheCLIsJSON() {
        #expect(Self.get("/api/status") == .run(CommandRun(["status", "--json"])))
        #expect(
            Self.get("/api/stats", query: "by=label")
                == .run(CommandRun(["stats", "--json", "--weeks", "12", "--by", "label"])))
        #expect(Self.get("/api/lists/social") == .run(CommandRun(["list", "show", "--json", "--", "social"])))
        #expect(Self.get("/api/events") == .events && Self.get("/") == .page(""))
        for path in ["/api/lists/--help", "/api/lists/Social", "/../etc/passwd", "/api/nothing", "/app.css/x"] {
            guard case .refuse(let refusal) = Self.get(path) else {
                Issue.record("\(path) was answered")
                continue
            }
            #expect(refusal.status == .notFound, "\(path)")
        }
        guard case .refuse(let refusal) = Self.get("/api/stats", query: "by=--all-machines") else {
            Issue.record("by took an option")
            return
        }
        #expect(refusal.status == .badRequest)
    }

    @Test func aStartIsTheCommandAPersonWouldType() {
        #expect(
            Self.post("/api/start", #"{"preset":"quick"}"#) == .run(CommandRun(["start", "--json", "--", "quick"])))
        let lists = Self.post(
            "/api/start",
            #"{"lists":["social","news"],"length":"50/10","lock":true,"pomodoro":true,"label":"--lock me"}"#)
        #expect(
            lists
                == .run(
                    CommandRun([
                        "start", "--json", "--list", "social", "--list", "news", "--lock", "--pomodoro",
                        "--label=--lock me",
                        "--", "50/10",
                    ])))
        #expect(Self.post("/api/stop", #"{"id":3}"#) == .run(CommandRun(["stop", "--json", "--", "3"])))
        #expect(Self.post("/api/next", "") == .run(CommandRun(["next", "--json"])))
    }

    @Test(arguments: [
        #"{"preset":"--help"}"#, #"{"lists":["-x"]}"#, #"{"lists":["Social"]}"#, #"{}"#,
        #"{"preset":"quick","length":"--lock"}"#, #"{"preset":"quick","until":"9am"}"#,
        #"{"preset":"quick","label":"a\nb"}"#, #"{"preset":7}"#, "not json",
    ])
    func aStartOfBadValuesRunsNothing(_ body: String) {
        guard case .refuse(let refusal) = Self.post("/api/start", body) else {
            Issue.record("\(body) ran")
            return
        }
        #expect(refusal.status == .badRequest)
    }

    @Test func listsAndSchedulesChangeThroughTheirVerbs() {
        #expect(
            Self.post("/api/lists/work/add", #"{"entries":["reddit.com","-rf"]}"#)
                == .run(CommandRun(["list", "add", "--", "work", "reddit.com", "-rf"], answer: .text)))
        #expect(
            Self.post("/api/lists/work/import", #"{"text":"0.0.0.0 a.example\n"}"#)
                == .run(
                    CommandRun(
                        ["list", "import", "--json", "--", "work", "-"], input: Array("0.0.0.0 a.example\n".utf8))))
        #expect(
            Self.post("/api/schedules/add", #"{"expression":"30 8 * * 1-5","lists":["work"],"length":"3h"}"#)
                == .run(CommandRun(["schedule", "add", "--list", "work", "--", "30 8 * * 1-5", "3h"], answer: .text)))
        #expect(
            Self.post("/api/schedules/remove", #"{"id":"a1b2"}"#)
                == .run(CommandRun(["schedule", "remove", "--", "a1b2"], answer: .text)))
        for (path, body) in [
            ("/api/lists/work/add", #"{"entries":[]}"#), ("/api/lists/../add", #"{"entries":["a"]}"#),
            ("/api/schedules/remove", #"{"id":"a b"}"#), ("/api/schedules/add", #"{"expression":"@daily"}"#),
        ] {
            guard case .refuse = Self.post(path, body) else {
                Issue.record("\(path) \(body) ran")
                continue
            }
        }
    }
}
