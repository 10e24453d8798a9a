import CLinux
import Glibc
import RefocusOS

/// The live view's source: the daemon's status file, watched with inotify
/// (`FileWatch`, as `refocus watch` does); at each change while a page
/// listens, and for each page that joins, `refocus status --json` runs (the
/// CLI's own view of the file: the caller's allowances only) and its output
/// goes to every listening page as one `event: status`. A comment line every
/// 15 seconds keeps idle streams open through proxies and shows a closed one.
final class StatusStream {
    static let keepAlive: Duration = .seconds(15)
    /// How often a missing status folder (no daemon yet) is looked for again.
    static let watchRetry: Duration = .seconds(5)

    let program: String
    let path = StatusFile().path
    private var watch: FileWatch?
    private var lastWatchTry: ContinuousClock.Instant?
    private var child: CommandChild?
    /// A change (or a new page) came while a run was going: run again after it.
    private var stale = false
    private var lastSent = ContinuousClock.now

    init(program: String) { self.program = program }

    func pollSet() -> [pollfd] {
        var set: [pollfd] = []
        if let watch { set.append(pollfd(fd: watch.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
        if let child {
            for pipe in [child.output, child.errors] where pipe >= 0 {
                set.append(pollfd(fd: pipe, events: Int16(POLLIN), revents: 0))
            }
        }
        return set
    }

    /// A page joined: it gets the status when the next run ends.
    func joined(_ connection: Connection) { stale = true }

    /// Handles `descriptor` if it is the watch's or the run's.
    func handle(_ descriptor: Int32, streams: [Connection]) {
        if let watch, descriptor == watch.fileDescriptor {
            if watch.drain() { stale = true }
        } else if let child, descriptor == child.output || descriptor == child.errors {
            child.drain(descriptor)
            guard child.finished else { return }
            self.child = nil
            let status = child.reap()
            let answer = CommandAnswer.response(.json, status: status, stdout: child.stdout, stderr: child.stderr)
            broadcast(Self.event(answer.body, name: status == 0 ? "status" : "problem"), to: streams)
        }
    }

    /// Starts a run when one is due, sends keep-alives, and watches the file once its folder exists.
    func tick(now: ContinuousClock.Instant, streams: [Connection]) {
        if watch == nil, lastWatchTry.map({ now - $0 > Self.watchRetry }) ?? true {
            lastWatchTry = now
            watch = try? FileWatch(path)
            if watch != nil { stale = true }
        }
        guard !streams.isEmpty else { return }
        if stale, child == nil {
            stale = false
            child = CommandChild(program: program, arguments: ["status", "--json"], input: [])
        }
        if now - lastSent > Self.keepAlive { broadcast(Array(": keep-alive\n\n".utf8), to: streams) }
    }

    private func broadcast(_ bytes: [UInt8], to streams: [Connection]) {
        lastSent = .now
        for connection in streams where !connection.send(bytes) { connection.state = .writing }
    }

    /// `event: NAME` (status, or problem: `{"error": …}` when the status cannot be read) with `json`
    /// as its data, a `data:` line per line.
    static func event(_ json: [UInt8], name: String = "status") -> [UInt8] {
        var text = "event: \(name)\n"
        for line in String(decoding: json, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        where !line.isEmpty {
            text += "data: \(line)\n"
        }
        return Array((text + "\n").utf8)
    }
}
