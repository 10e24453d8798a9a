import Foundation

/// Reads a pipe to its end on another thread, so that neither pipe fills up.
public final class PipeReader: @unchecked Sendable {
    // SAFETY of @unchecked Sendable: `data` is written once by the reading
    // thread before `done` is signalled, and read only after waiting on it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `handle` to its end.
    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Waits for the end of the pipe and returns everything read.
    public func wait() -> Data {
        done.wait()
        return data
    }
}
