import CNetfilter
import SystemPackage
import Testing

@testable import RefocusNetfilter

/// A `NetlinkSocket` that reaches no kernel: it records the exact bytes of
/// every batch and request sent through it and answers with what the test
/// scripted, for the kernel's answers a test cannot cause without root (no
/// CAP_NET_ADMIN, a table another process owns, a dump cut short, a lost
/// acknowledgement). It numbers messages as `KernelNetlinkSocket` does: a
/// batch takes the sequence numbers from `firstFreeSequence` on, a request
/// the next one. An exchange or request with nothing scripted is a test
/// failure.
final class RecordingNetlinkSocket: NetlinkSocket {
    /// One thing sent, as its bytes.
    enum Sent: Equatable {
        /// A whole batch, begin to end.
        case batch([UInt8])
        /// One request message.
        case request([UInt8])
    }

    /// How the kernel answers one batch: the replies for it.
    struct BatchAnswer {
        let replies: (NetlinkBatch) -> [NetlinkReply]

        /// An ACK for every message that asked for one: the batch took effect.
        static var acknowledgingAll: BatchAnswer {
            BatchAnswer { batch in
                (batch.acknowledgedSequences.map(Array.init) ?? []).map { NetlinkReply(sequence: $0, errno: nil) }
            }
        }

        /// `errno` for the message that does `operation`, an ACK for every
        /// other: the kernel answers every message of a failed batch, which
        /// then takes no effect. The begin message ("begin the nftables
        /// batch") gets the error alone, as the kernel sends EPERM for a
        /// sender without CAP_NET_ADMIN before reading any other message.
        static func failing(_ operation: String, with errno: Errno) -> BatchAnswer {
            BatchAnswer { batch in
                let failed = RecordingNetlinkSocket.sequence(of: operation, in: batch)
                if failed == batch.firstSequence { return [NetlinkReply(sequence: failed, errno: errno)] }
                return acknowledgingAll.replies(batch).map { reply in
                    reply.sequence == failed ? NetlinkReply(sequence: failed, errno: errno) : reply
                }
            }
        }

        /// An ACK for every message but the one that does `operation`, which
        /// gets no answer at all.
        static func leavingUnanswered(_ operation: String) -> BatchAnswer {
            BatchAnswer { batch in
                let skipped = RecordingNetlinkSocket.sequence(of: operation, in: batch)
                return acknowledgingAll.replies(batch).filter { $0.sequence != skipped }
            }
        }
    }

    let portID: UInt32
    private(set) var firstFreeSequence: UInt32
    /// Everything sent, in order.
    private(set) var sent: [Sent] = []
    /// The answers to the next batches, first first.
    var batchAnswers: [BatchAnswer] = []
    /// The answers to the next requests, first first: data messages or the kernel's error.
    var requestAnswers: [Result<[[UInt8]], Errno>] = []

    /// A socket with port id `portID` whose first message is numbered `firstSequence`.
    init(portID: UInt32 = 4242, firstSequence: UInt32 = 1000) {
        self.portID = portID
        firstFreeSequence = firstSequence
    }

    func exchange(_ batch: NetlinkBatch, operation: String) throws(NftablesError) -> [NetlinkReply] {
        firstFreeSequence = batch.firstSequence &+ UInt32(batch.messageCount)
        sent.append(.batch(try batch.withBytes { Array($0) }))
        guard !batchAnswers.isEmpty else {
            Issue.record("nothing scripted to answer the batch of \(operation)")
            throw .unanswered(operation: "the fake socket: \(operation)")
        }
        return batchAnswers.removeFirst().replies(batch)
    }

    func send(_ request: NetlinkRequest, operation: String) throws(NftablesError) -> Result<[[UInt8]], Errno> {
        firstFreeSequence = request.sequence &+ 1
        sent.append(.request(request.bytes))
        guard !requestAnswers.isEmpty else {
            Issue.record("nothing scripted to answer the request to \(operation)")
            throw .unanswered(operation: "the fake socket: \(operation)")
        }
        return requestAnswers.removeFirst()
    }

    /// The bytes of the requests sent, in order.
    var requests: [[UInt8]] {
        sent.compactMap { if case .request(let bytes) = $0 { bytes } else { nil } }
    }

    /// The sequence number of the message of `batch` that does `operation`
    /// (the first, when several do); a number outside the batch, which a
    /// test's expectations then miss, when none does.
    private static func sequence(of operation: String, in batch: NetlinkBatch) -> UInt32 {
        let count = UInt32(batch.messageCount)
        let offset = (0..<count).first { batch.operation(for: batch.firstSequence &+ $0) == operation }
        if offset == nil { Issue.record("the batch has no message that does '\(operation)'") }
        return batch.firstSequence &+ (offset ?? count)
    }
}
