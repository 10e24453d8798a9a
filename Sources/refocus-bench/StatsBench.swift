import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning
import RefocusProtocol

/// What `refocus stats` waits for: the helper's `focus` verb answering
/// 100,000 ended sessions (its SQLite read, focus computed from each
/// timeline, the compact encoding) and the CLI decoding them into
/// `FocusRecord`s, with the CLI's own spawning and reading
/// (`ForegroundProcess`), against the `history` verb at its limit of
/// 10,000 sessions decoded as the CLI decoded it before. Runs as root in a
/// mount namespace of its own, with tmpfs on /var/lib (the helper's store
/// path is fixed), so the host's store is untouched; the caller is uid
/// 65534 through SUDO_UID, as sudo would set it, with a tenth of the rows
/// another user's, and the caller's daily allowances at their most (32
/// lists, each used on each of the 61 days the store keeps). Target:
/// 100,000 sessions in under 0.25 s (0.99 s while
/// `JSONEncoder` wrote the columns and `JSONDecoder` read them whole); the
/// figures through `JSONEncoder` and `JSONDecoder` are printed beside ours.
enum StatsBench {
    static let insideVariable = "REFOCUS_BENCH_STATS_NAMESPACE"
    static let sessions = 100_000
    static let caller: UInt32 = 65534
    /// The caller's allowances, each used every day the store keeps.
    static let allowances = 32
    static var allowanceDays: Int { allowances * (SessionTransaction.allowanceUseDays + 1) }
    /// The target for the focus verb's whole round trip, in seconds.
    static let target = 0.25

    static func run(_ options: BenchMain.Options) throws {
        guard geteuid() == 0 else {
            print("stats: skipped, it needs root for a mount namespace (sudo refocus-bench stats)")
            return
        }
        guard ProcessInfo.processInfo.environment[insideVariable] != nil else {
            return try reenter(arguments: options.checkOnly ? ["stats", "--check"] : ["stats"])
        }
        // Its own /var/lib and /run: the store, and the helper runs' fairness tickets (/run/refocus), stay in the namespace.
        try Measure.shell(
            "mount --make-rprivate / && mount -t tmpfs tmpfs /var/lib && mount -t tmpfs -o mode=0755 tmpfs /run")
        let count = options.checkOnly ? 2_000 : sessions
        let runs = options.checkOnly ? 1 : 5
        let seeding = ContinuousClock().measure { seed(count) }
        print(
            "stats data (\(Machine.summary); \(count) ended sessions of the caller and \(count / 10) of another user, "
                + "\(allowanceDays) days of the caller's allowance use, "
                + "seeded in \(Measure.format(seconds(seeding))); median of \(runs) runs; target: focus verb and decode < \(Measure.format(target))):"
        )
        let helper = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/refocus-helper"
        setenv("SUDO_UID", "\(caller)", 1)
        let focusRequest = try HelperProtocol.encoder().encode(RequestEnvelope(FocusRequest()))
        var bytes = 0
        var decoded = 0
        let spawn = try CPUTiming.measure(runs: runs, of: RUSAGE_CHILDREN) {
            bytes = try ask(helper, .focus, focusRequest).count
        }
        let answer = try ask(helper, .focus, focusRequest)
        let decode = try CPUTiming.measure(runs: runs, of: RUSAGE_SELF) {
            decoded = try records(fromFocus: answer).count
        }
        let whole = try Measure.median(runs: runs) { _ = try records(fromFocus: try ask(helper, .focus, focusRequest)) }
        let store = try SessionStore()
        let read = try CPUTiming.measure(runs: runs, of: RUSAGE_SELF) {
            _ = try store.read { try $0.focusRecords(owner: caller) }
        }
        let stored = try store.read { try $0.focusRecords(owner: caller) }
        let encode = try CPUTiming.measure(runs: runs, of: RUSAGE_SELF) {
            _ = try HelperResponse(sessions: [], focus: FocusColumns(stored)).json()
        }
        let encoderEncode = try CPUTiming.measure(runs: runs, of: RUSAGE_SELF) {
            _ = try HelperProtocol.encoder().encode(HelperResponse(sessions: [], focus: FocusColumns(stored)))
        }
        let decoderDecode = try CPUTiming.measure(runs: runs, of: RUSAGE_SELF) {
            _ = try HelperProtocol.decoder().decode(HelperResponse.self, from: answer).focus?.records()
        }
        guard decoded == count else {
            throw BenchError.checkFailed("the focus verb returned \(decoded) of \(count) sessions")
        }
        let envelope = FocusAnswer(answer)?.envelope ?? answer
        let days = AllowanceUseColumns.days(
            try HelperProtocol.decoder().decode(HelperResponse.self, from: envelope).usedAllowances ?? []
        ).count
        guard days == allowanceDays else {
            throw BenchError.checkFailed("the focus verb returned \(days) of \(allowanceDays) allowance days")
        }
        print("  refocus-helper focus, \(decoded) sessions, \(bytes / 1024) KiB: \(spawn)")
        print(
            "  of which, in this process: the store's read into FocusRecords \(read); their encoding \(encode) "
                + "(through JSONEncoder, as before: \(encoderEncode))")
        print(
            "  the CLI's decode into FocusRecords: \(decode) (through JSONDecoder whole, as before: \(decoderDecode))")
        // The helper `make install` installs (static, stripped of nothing that runs): what users run, and so the
        // figure the target is for, as for the status line; this build's beside it.
        let installed = FileManager.default.currentDirectoryPath + "/.build-static/release/refocus-helper"
        let installedWhole =
            access(installed, X_OK) == 0
            ? try Measure.median(runs: runs) { _ = try records(fromFocus: try ask(installed, .focus, focusRequest)) }
            : nil
        let verdict = { (seconds: Double) in
            "target \(Measure.format(target))" + (seconds < target ? ", under it" : ", OVER it")
        }
        print(
            "  together (spawn, answer, decode), this build's helper: \(Measure.format(whole))"
                + (installedWhole == nil ? "; " + verdict(whole) : ""))
        if let installedWhole {
            print(
                "  together (spawn, answer, decode), the static helper as installed: "
                    + "\(Measure.format(installedWhole)); \(verdict(installedWhole))")
        } else {
            print("  the static helper as installed: \(installed) is not built (make static): measured this build's")
        }
        let historyRequest = try HelperProtocol.encoder().encode(
            RequestEnvelope(HistoryRequest(limit: HelperProtocol.maximumHistory)))
        let history = try ask(helper, .history, historyRequest)
        let reference = try Measure.median(runs: runs) {
            _ = try records(fromHistory: try ask(helper, .history, historyRequest))
        }
        print(
            "  reference: refocus-helper history at its limit of \(HelperProtocol.maximumHistory) sessions "
                + "(\(history.count / 1024) KiB) with the decode stats used before, together: \(Measure.format(reference)); "
                + String(
                    format: "focus answers %.1f× the sessions in %.2f× the time",
                    Double(decoded) / Double(HelperProtocol.maximumHistory),
                    whole / reference))
    }

    /// The helper's answer to `request` on `verb`, as the CLI reads it.
    private static func ask(_ helper: String, _ verb: HelperVerbName, _ request: Data) throws -> Data {
        let output = try ForegroundProcess.run([helper, verb.rawValue], input: request)
        guard output.status == 0 else {
            throw BenchError.referenceFailed(
                "\(helper) \(verb.rawValue): \(String(decoding: output.standardError, as: UTF8.self))")
        }
        return output.standardOutput
    }

    /// What `FocusHistory.read(since:)` does with the focus verb's answer
    /// (`HelperAnswer.read`): the columns parsed in place, the rest through
    /// `JSONDecoder`, the allowances' use spread into days.
    private static func records(fromFocus data: Data) throws -> [FocusRecord] {
        guard let parts = FocusAnswer(data) else { throw BenchError.checkFailed("the answer is not an object") }
        let envelope = try HelperProtocol.decoder().decode(HelperResponse.self, from: parts.envelope)
        _ = AllowanceUseColumns.days(envelope.usedAllowances ?? [])
        guard let columns = try parts.columns() else { throw BenchError.checkFailed("no focus key") }
        return try columns.records()
    }

    /// What `FocusHistory.records(since:)` did with the history verb's answer before the focus verb.
    private static func records(fromHistory data: Data) throws -> [FocusRecord] {
        let response = try HelperProtocol.decoder().decode(HelperResponse.self, from: data)
        return response.sessions.compactMap { session -> FocusRecord? in
            guard let end = session.endedAt, let outcome = session.outcome else { return nil }
            let focused = max(0, end.timeIntervalSince(session.start) - Double(session.progress.pause?.seconds ?? 0))
            return FocusRecord(
                id: session.id, start: session.start, end: end, focusedSeconds: Int(focused.rounded()),
                outcome: outcome, lists: session.lists, label: session.label,
                completedWork: session.progress.completedWork)
        }.reversed()
    }

    /// `count` ended sessions of the caller over the last years (plain and
    /// pomodoro, paused or not, three outcomes, one to three lists, some
    /// labelled, with blocked counts), and a tenth as many of root's; the
    /// caller's `allowances` allowances, each used on every day the store keeps.
    private static func seed(_ count: Int) {
        do {
            let store = try SessionStore()
            let names = try ["social", "news", "video", "chat", "games"].map { try BlockListName($0) }
            let labels = try ["thesis", "reading", "code review"].map { try SessionLabel($0) }
            let plan = try PomodoroPlan(
                work: SessionLength(seconds: 1500), shortBreak: SessionLength(seconds: 300),
                cycles: 4, longBreak: SessionLength(seconds: 900))
            let now = Date().timeIntervalSince1970
            try store.write { transaction in
                var counts: [Int64: BlockedCounts] = [:]
                for i in 0..<(count + count / 10) {
                    let start = Date(timeIntervalSince1970: now - Double(count + count / 10 - i) * 1800)
                    let pomodoro = i % 4 == 0
                    let length = pomodoro ? Double(plan.total) : Double(600 + (i % 12) * 300)
                    let lists = (0...(i % 3)).map { BlockList(name: names[(i + $0) % names.count]) }
                    var session = Session(
                        owner: i < count ? caller : 0, blockLists: lists, start: start,
                        plannedEnd: start.addingTimeInterval(length), locked: i % 5 == 0,
                        endedAt: start.addingTimeInterval(i % 3 == 1 ? length / 2 : length),
                        outcome: [.completed, .stopped, .cleared][i % 7 == 0 ? 2 : i % 3 == 1 ? 1 : 0],
                        keptCounts: ListCounts(entries: 50, programs: 2),
                        label: i % 2 == 0 ? labels[i % labels.count] : nil,
                        pomodoro: pomodoro ? plan : nil)
                    if i % 6 == 0 {
                        session.timeline.pauses = 1
                        session.timeline.pausedSeconds = 120
                        session.plannedEnd = session.plannedEnd.addingTimeInterval(120)
                    }
                    let stored = try transaction.insert(session)
                    if let id = stored.id, i % 10 != 0 {
                        counts[id] = BlockedCounts(attempts: UInt64(i % 40), programsKilled: i % 3)
                    }
                }
                try transaction.keepBlockedCounts(counts)
                // Oldest day first: keeping a day forgets those more than 60 days before it, none of these.
                let today = MachineTimeZone.current.day(of: Date())
                for number in 0..<allowances {
                    let list = try BlockListName("allowance\(number)")
                    try transaction.save(
                        StoredAllowance(
                            owner: caller, list: BlockList(name: list, programs: [try ProgramName("game\(number)")]),
                            allowance: try DailyAllowance(list: list, dailySeconds: 1800)))
                    for day in (0...SessionTransaction.allowanceUseDays).reversed() {
                        try transaction.keepUse(
                            owner: caller, list: list, day: today.adding(days: -day), seconds: 60 * (day % 31))
                    }
                }
            }
        } catch {
            BenchMain.fail("refocus-bench: stats: seeding the store failed: \(error)", status: 1)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Runs this benchmark again in a mount namespace of its own.
    private static func reenter(arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--mount", "--", CommandLine.arguments[0]] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging([insideVariable: "1"]) { $1 }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError.referenceFailed("the stats benchmark") }
    }
}
