#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import RefocusCore
import RefocusOS
import RefocusProtocol

/// The event loop of `refocus watch`: one poll(2) over the status file's
/// inotify watch (its folder, /run/refocus: the daemon replaces the file by
/// rename), a signalfd (SIGINT, SIGTERM and SIGHUP end the loop, SIGWINCH
/// redraws, SIGTSTP — Ctrl-Z — gives the terminal back before stopping and
/// takes it again on `fg`) and the keyboard (`q` ends it), with a timeout to the next
/// second of the countdown, so that the clock ticks once a second, never
/// faster. Nothing active and the file watched: it sleeps until something
/// happens. Without a watch (no /run/refocus yet), the file is read again every second.
struct WatchLoop {
    var source: WatchSource
    var snapshot: StatusSnapshot
    let signals: SignalWatch
    let fileWatch: FileWatch?
    let terminal: Terminal?

    /// Starts watching; signals are blocked from here on (read from the signalfd instead).
    init(source: WatchSource, snapshot: StatusSnapshot, terminal: Terminal?) throws {
        (self.source, self.snapshot, self.terminal) = (source, snapshot, terminal)
        signals = try SignalWatch([SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP])
        fileWatch = try? FileWatch(source.file.path)
    }

    /// Calls `draw` with the snapshot as it is now and the source's note
    /// after every event and tick, `resized` on SIGWINCH, and `suspend` on
    /// SIGTSTP (it stops the process and returns once continued), until a
    /// key `q` or a signal ends it.
    mutating func run(
        draw: (StatusSnapshot, Date, String?) throws -> Void, resized: () throws -> Void,
        suspend: () throws -> Void = { WatchLoop.stop() }
    ) throws {
        while true {
            let now = Date()
            try draw(snapshot.current(at: now), now, source.note)
            let timeout = Self.milliseconds(
                snapshot.current(at: now), now: now, watched: fileWatch != nil && source.note == nil)
            let ready = try Poll.readable(
                [signals.fileDescriptor, fileWatch?.fileDescriptor, terminal?.input].compactMap { $0 },
                milliseconds: timeout)
            if ready.contains(signals.fileDescriptor) {
                let received = signals.drain()
                if received.contains(where: { ![SIGWINCH, SIGTSTP].contains($0) }) { return }
                if received.contains(SIGTSTP) { try suspend() }
                if received.contains(SIGWINCH) { try resized() }
            }
            if let input = terminal?.input, ready.contains(input),
                terminal?.keys().contains(where: { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") }) == true
            {
                return
            }
            if let fileWatch, ready.contains(fileWatch.fileDescriptor) {
                if fileWatch.drain() { snapshot = source.reread(keeping: snapshot) }
            } else if fileWatch == nil || source.note != nil, ready.isEmpty {
                snapshot = source.reread(keeping: snapshot)
            }
        }
    }

    /// Stops this process as Ctrl-Z would have (SIGTSTP is read from the
    /// signalfd, so it stops nothing by itself); returns once continued.
    static func stop() {
        kill(getpid(), SIGSTOP)
    }

    /// How long to sleep: until just past the next whole second of the
    /// countdown shown large (at most a second); no limit when nothing is
    /// active and the file is watched, else a second.
    static func milliseconds(_ snapshot: StatusSnapshot, now: Date, watched: Bool) -> Int32 {
        let view = WatchView(snapshot: snapshot, now: now, screen: .init(columns: 0, rows: 0, depth: nil))
        guard let main = view.main else { return watched ? -1 : 1000 }
        let left = WatchView.countdown(main.session, now: now).left
        let fraction = left - left.rounded(.down)
        guard !main.session.isPaused, fraction > 0 else { return 1000 }
        return Int32(min(1000, fraction * 1000 + 5))
    }
}
