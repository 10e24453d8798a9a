import Glibc
import RefocusOS

/// The controlling terminal, `/dev/tty`, as `refocus stop --emergency`
/// talks to a person on it: a line typed in the terminal's own mode
/// (echoed, edited by the terminal), and keys read one read at a time with
/// echo off in non-canonical mode, each with the time it arrived
/// (CLOCK_MONOTONIC), for `TypedChallenge` to judge. The terminal's mode
/// and the signal mask are put back on every way out, Ctrl-C included:
/// SIGINT, SIGTERM, SIGHUP and SIGQUIT are read from a signalfd while the
/// keys are read (Ctrl-Z is ignored there), and end the reading with
/// `TerminalKeysError.interrupted`. Fails when there is no controlling
/// terminal (ENXIO).
final class TerminalKeys {
    /// `/dev/tty`, open for reading and writing.
    let descriptor: Int32

    /// Opens the controlling terminal.
    init() throws(SystemError) {
        descriptor = try syscall { open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC) }.get("open", "/dev/tty")
    }

    deinit { close(descriptor) }

    /// Writes `text` on the terminal.
    func write(_ text: String) throws(SystemError) {
        try Terminal.write(text, to: descriptor)
    }

    /// A line typed on the terminal as it is (canonical, echoed), without its
    /// line end; nil at the end of input (Ctrl-D). At most `limit` bytes are
    /// kept; the rest of a longer line is read and dropped.
    func line(limit: Int) throws(SystemError) -> [UInt8]? {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = try buffer.withUnsafeMutableBytes { bytes in
                syscall { Glibc.read(descriptor, bytes.baseAddress, bytes.count) }
            }.get("read from", "/dev/tty")
            if count == 0 { return line.isEmpty ? nil : line }
            let chunk = buffer[..<count]
            let end = chunk.firstIndex(of: 0x0A)
            line.append(contentsOf: chunk[..<(end ?? count)].prefix(max(0, limit - line.count)))
            if end != nil { return line }
        }
    }

    /// Keys until Enter, at most `limit`, read with echo off in non-canonical
    /// mode; each is shown as `TypedChallenge.Edit` says (its character,
    /// erased by Backspace or Ctrl-U). Keys typed before the call are
    /// discarded. The keys that arrived in one read share its time.
    func keys(limit: Int) throws(TerminalKeysError) -> [TypedChallenge.Key] {
        var saved = termios()
        do {
            try syscall { tcgetattr(descriptor, &saved) }.get("read the mode of", "/dev/tty")
        } catch { throw .system(error) }
        var previousMask = sigset_t()
        sigprocmask(SIG_SETMASK, nil, &previousMask)
        let signals: SignalWatch
        do { signals = try SignalWatch([SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]) } catch { throw .system(error) }
        let restore = saved
        defer {
            _ = syscall { withUnsafePointer(to: restore) { tcsetattr(descriptor, TCSAFLUSH, $0) } }
            sigprocmask(SIG_SETMASK, &previousMask, nil)
        }
        var mode = saved
        mode.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &mode.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        let keyMode = mode
        do {
            try syscall { withUnsafePointer(to: keyMode) { tcsetattr(descriptor, TCSAFLUSH, $0) } }.get(
                "set the mode of", "/dev/tty")
            return try readKeys(limit: limit, signals: signals)
        } catch let error as TerminalKeysError {
            throw error
        } catch let error as SystemError {
            throw .system(error)
        } catch {
            throw .system(SystemError("read from", "/dev/tty", .ioError))
        }
    }

    /// The reading loop of `keys(limit:)`, in key mode.
    private func readKeys(limit: Int, signals: SignalWatch) throws -> [TypedChallenge.Key] {
        var keys: [TypedChallenge.Key] = []
        var shown = 0
        var buffer = [UInt8](repeating: 0, count: 64)
        while keys.count < limit {
            let ready = try Poll.readable([descriptor, signals.fileDescriptor], milliseconds: -1)
            if ready.contains(signals.fileDescriptor),
                let signal = signals.drain().first(where: { $0 != SIGTSTP })
            {
                throw TerminalKeysError.interrupted(signal: signal)
            }
            guard ready.contains(descriptor) else { continue }
            let count = try buffer.withUnsafeMutableBytes { bytes in
                syscall { Glibc.read(descriptor, bytes.baseAddress, bytes.count) }
            }.get("read from", "/dev/tty")
            let at = monotonicNanoseconds()
            if count == 0 { return keys }  // the terminal hung up
            for byte in buffer[..<min(count, limit - keys.count)] {
                keys.append(TypedChallenge.Key(byte: byte, at: at))
                let edit = TypedChallenge.Edit(byte)
                try write(Self.echo(edit, shown: &shown))
                if edit == .end { return keys }
            }
        }
        return keys
    }

    /// What the terminal shows for `edit` when `shown` characters are on the
    /// line (updated): the character (`?` for a byte that is not printable
    /// ASCII), the last character erased, the line erased, or a line end.
    static func echo(_ edit: TypedChallenge.Edit, shown: inout Int) -> String {
        switch edit {
        case .character(let byte):
            shown += 1
            return (0x20...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "?"
        case .erase:
            guard shown > 0 else { return "" }
            shown -= 1
            return "\u{8} \u{8}"
        case .eraseLine:
            defer { shown = 0 }
            return String(repeating: "\u{8} \u{8}", count: shown)
        case .end:
            return "\r\n"
        }
    }
}

/// Why `TerminalKeys.keys(limit:)` read no answer.
enum TerminalKeysError: Error {
    /// Ctrl-C, or SIGTERM, SIGHUP or SIGQUIT: the terminal is back as it was.
    case interrupted(signal: Int32)
    /// The terminal could not be read or set.
    case system(SystemError)
}
