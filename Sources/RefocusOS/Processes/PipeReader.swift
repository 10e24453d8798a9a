#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import SystemPackage

/// Reads a pipe to its end on another thread, so that neither pipe fills up.
public final class PipeReader: @unchecked Sendable {
    // SAFETY of @unchecked Sendable: `bytes` is written once by the reading
    // thread before `done` is signalled, and read only after waiting on it.
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `descriptor` to its end (to nothing, should a read
    /// fail: a pipe's reads fail only on a bad descriptor), then closes it
    /// when `closing`, as it does by default: the reader owns it.
    public init(_ descriptor: FileDescriptor, closing: Bool = true) {
        DispatchQueue.global().async { [self] in
            bytes = (try? FileReader.readAll(descriptor.rawValue, path: "a pipe")) ?? []
            if closing { try? descriptor.close() }
            done.signal()
        }
    }

    /// Waits for the end of the pipe and returns everything read.
    public func wait() -> Data {
        done.wait()
        return Data(bytes)
    }
}
