// refocus-hook-launch: starts a hook the way the daemon does, for the privileged tests. Not a
// product: under Tests/, built by `swift build --build-tests`, run as root inside a test sandbox.
//   refocus-hook-launch OWNER-UID EVENT HELPER [TIME-LIMIT-SECONDS]
// Launches HELPER's hook runner for OWNER through HookLauncher (the real setpriv) with a fixed
// context (session 7, lists social and news, pomodoro work phase of cycle 2/4, ending at
// 2030-01-02T03:04:05Z, label "thesis", outcome completed at end), records it in HookRuns, waits
// for it, and prints its pid, the outcome and the report as JSON. Exits 1 when nothing was launched.
import Foundation
import RefocusCore
import RefocusHooks
import RefocusProtocol

let arguments = Array(CommandLine.arguments.dropFirst())
guard (3...4).contains(arguments.count), let owner = UInt32(arguments[0]), let event = HookEvent(rawValue: arguments[1])
else {
    FileHandle.standardError.write(
        Data("usage: refocus-hook-launch OWNER-UID EVENT HELPER [TIME-LIMIT-SECONDS]\n".utf8))
    exit(64)
}
let context = HookContext(
    sessionID: 7, lists: try [BlockListName("social"), BlockListName("news")],
    endsAt: Date(timeIntervalSince1970: 1_893_553_445), phase: .work, cycle: HookCycle(2, of: 4),
    outcome: event == .end ? .completed : nil, label: try SessionLabel("thesis"))
let limit = arguments.count == 4 ? Int(arguments[3]) : nil
guard
    let pid = HookLauncher.launch(
        event: event, owner: owner, context: context, runner: arguments[2],
        timeLimitSeconds: limit)
else {
    print("not launched")
    exit(1)
}
var runs = HookRuns()
runs.record(pid: pid, event: event, sessionID: context.sessionID, at: .now)
var status: Int32 = 0
while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
guard let report = runs.reap(pid: pid, status: status, at: Date()) else {
    print("not a recorded run")
    exit(1)
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
encoder.dateEncodingStrategy = .iso8601
print("pid: \(pid)")
print("outcome: \(report.outcome)")
print("report: \(String(decoding: try encoder.encode(report), as: UTF8.self))")
