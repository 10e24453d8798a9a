import Glibc

/// One run of a writer as a child process in a process group of its own,
/// killed with SIGKILL after a delay (the whole group, so that what it
/// started dies too), or left to finish. The child is a program, or a fork
/// of this process that calls the writer (ReFocus's own code, as the helper
/// and the daemon call it): a fork costs a millisecond where starting a
/// program costs tens, so that 1,000 kills take seconds.
struct KilledChild {
    /// What the child runs.
    enum Work {
        /// A program and its arguments, looked up on PATH.
        case program([String])
        /// A call in a fork of this (single-threaded) process, which says "start" with one byte first.
        case call(() throws -> Void)
    }

    /// How the run ended.
    enum End: Equatable {
        /// SIGKILL arrived while it ran.
        case killed
        /// It exited before the kill, with this status.
        case finished(Int32)
    }

    let work: Work

    /// Runs the child; `delay` seconds after its start (or after the byte it
    /// writes as its write begins), kills it, unless `delay` is nil. Returns
    /// how it ended and the seconds from that start to its end.
    func run(killingAfter delay: Double?) throws -> (end: End, seconds: Double) {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw HarnessError("pipe: errno \(errno)") }
        defer { close(pipe[0]) }
        let pid: pid_t
        let signalsStart: Bool
        switch work {
        case .program(let command):
            pid = try spawn(command, output: pipe)
            signalsStart = false
        case .call(let body):
            pid = fork()
            if pid == 0 {
                setpgid(0, 0)
                var start: UInt8 = 1
                _ = write(pipe[1], &start, 1)
                do { try body() } catch { _exit(1) }
                _exit(0)
            }
            guard pid > 0 else { throw HarnessError("fork: errno \(errno)") }
            setpgid(pid, pid)
            close(pipe[1])
            signalsStart = true
        }
        let clock = ContinuousClock()
        var start = clock.now
        if signalsStart {
            var byte: UInt8 = 0
            guard read(pipe[0], &byte, 1) == 1 else {
                throw HarnessError("the writer ended before its write: status \(reap(pid))")
            }
            start = clock.now
        }
        if let delay {
            if delay > 0 { sleep(seconds: delay) }
            kill(-pid, SIGKILL)
        }
        let status = reap(pid)
        let seconds =
            Double((clock.now - start).components.attoseconds) * 1e-18
            + Double((clock.now - start).components.seconds)
        let killed = status & 0x7F == SIGKILL
        return (killed ? .killed : .finished(status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F), seconds)
    }

    /// Starts `command` in a process group of its own, its output into the pipe.
    private func spawn(_ command: [String], output pipe: [Int32]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, command[0], &actions, &attributes, argv, environ)
        close(pipe[1])
        guard spawned == 0 else { throw HarnessError("spawn \(command[0]): error \(spawned)") }
        return pid
    }

    private func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    private func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }
}

/// What stops the harness: a failure of its own, not a finding.
struct HarnessError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
