import Glibc

/// A terminal that a full-screen view takes over: its size (TIOCGWINSZ),
/// its input in raw mode (non-canonical, no echo; Ctrl-C still raises
/// SIGINT) while the view runs, and the alternate screen with the cursor
/// hidden. Only ANSI/VT100 sequences that xterm, tmux, ssh clients and the
/// Linux console all know, no terminfo. `leave()` puts everything back, once,
/// and runs from `deinit` too: call it before printing anything after the view.
public final class Terminal {
    /// Where the view is drawn.
    public let output: Int32
    /// Where keys are read; nil when stdin is not a terminal (no keys then).
    public let input: Int32?
    private var saved: termios?
    private var entered = false

    /// The terminal on `output` (stdout), reading keys from `input` (stdin) when it is one.
    public init(output: Int32 = STDOUT_FILENO, input: Int32 = STDIN_FILENO) {
        self.output = output
        self.input = isatty(input) == 1 ? input : nil
    }

    deinit { leave() }

    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The size in cells; 80 × 24 when the terminal does not say (a serial line).
    public func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        for descriptor in [output, input].compactMap({ $0 }) {
            if case .success = syscall({ ioctl(descriptor, UInt(TIOCGWINSZ), &size) }), size.ws_col > 0, size.ws_row > 0
            {
                return (Int(size.ws_col), Int(size.ws_row))
            }
        }
        return (80, 24)
    }

    /// Switches to the alternate screen, hides the cursor, clears, and puts
    /// the input in raw mode; `leave()` undoes it all.
    public func enter() throws(SystemError) {
        if let input {
            var mode = termios()
            try syscall { tcgetattr(input, &mode) }.get("read the mode of", "the terminal")
            saved = mode
            mode.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &mode.c_cc) { cc in
                cc[Int(VMIN)] = 0
                cc[Int(VTIME)] = 0
            }
            let raw = mode
            try syscall { withUnsafePointer(to: raw) { tcsetattr(input, TCSANOW, $0) } }.get(
                "set the mode of", "the terminal")
        }
        entered = true
        try write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    /// Clears the screen (after a resize: the next frame draws every line).
    public func clear() throws(SystemError) {
        try write("\u{1B}[0m\u{1B}[H\u{1B}[2J")
    }

    /// Shows the cursor, leaves the alternate screen (the Linux console has
    /// none: the view is cleared there instead) and restores the input's
    /// mode, discarding keys not read. Does nothing the second time.
    public func leave() {
        guard entered else { return }
        entered = false
        try? write("\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[?25h\u{1B}[?1049l")
        if let input, let saved {
            _ = syscall { withUnsafePointer(to: saved) { tcsetattr(input, TCSAFLUSH, $0) } }
        }
    }

    /// The keys typed since the last call (raw bytes), without waiting.
    public func keys() -> [UInt8] {
        guard let input else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { bytes in syscall { read(input, bytes.baseAddress, bytes.count) } }
        guard case .success(let read) = count, read > 0 else { return [] }
        return Array(buffer[..<read])
    }

    /// Writes all of `text`.
    public func write(_ text: String) throws(SystemError) {
        try Self.write(text, to: output)
    }

    /// Writes all of `text` to `descriptor` (a terminal or a pipe), however many calls it takes.
    public static func write(_ text: String, to descriptor: Int32) throws(SystemError) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let result = bytes.withUnsafeBytes { raw in syscall { Glibc.write(descriptor, raw.baseAddress, raw.count) }
            }
            bytes = bytes.dropFirst(try result.get("write to", "standard output"))
        }
    }
}
