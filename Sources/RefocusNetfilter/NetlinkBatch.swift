import CNetfilter
import RefocusOS

/// One nf_tables transaction being built: a batch-begin message, the
/// messages, a batch-end message, in one buffer (libmnl's `mnl_nlmsg_batch`).
///
/// The kernel applies the messages between begin and end atomically: all or
/// none. Each message asks for an ACK and gets a sequence number; `operation`
/// names the message whose sequence number an error answer carries.
/// Building needs no privilege; sending it (`NetlinkSocket.exchange`) needs CAP_NET_ADMIN.
final class NetlinkBatch {
    /// Spare room after the limit: the last message may run past the limit
    /// before `mnl_nlmsg_batch_next` notices, by at most one element message.
    static let overrun = 128 * 1024

    private let storage: UnsafeMutableRawPointer
    private let capacity: Int
    private let batch: OpaquePointer
    /// The sequence number of the batch-begin message.
    let firstSequence: UInt32
    private var operations: [String] = []
    private var isFinished = false

    /// Starts a batch of at most `limit` bytes whose messages are numbered
    /// from `firstSequence` (the socket's `firstFreeSequence`), and writes
    /// the batch-begin message for the nf_tables subsystem.
    init(limit: Int, firstSequence: UInt32) throws(NftablesError) {
        capacity = limit + Self.overrun
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        // Zeroed: libmnl 1.0.4 leaves the padding after an attribute as it
        // finds it, so that a batch would otherwise carry stale heap bytes and
        // differ from an identical one built elsewhere.
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: capacity)
        guard let batch = mnl_nlmsg_batch_start(storage, limit) else {
            storage.deallocate()
            throw .outOfMemory("the nftables batch")
        }
        self.batch = batch
        self.firstSequence = firstSequence
        try append(operation: "begin the nftables batch") { buffer, sequence in
            nftnl_batch_begin(buffer, sequence)
        }
    }

    deinit {
        mnl_nlmsg_batch_stop(batch)
        storage.deallocate()
    }

    /// The number of messages so far, begin and end included.
    var messageCount: Int { operations.count }

    /// The size in bytes of the messages written so far.
    var byteCount: Int { mnl_nlmsg_batch_size(batch) }

    /// What the message numbered `sequence` does, if it belongs to this batch.
    func operation(for sequence: UInt32) -> String? {
        let index = Int(sequence &- firstSequence)
        return operations.indices.contains(index) ? operations[index] : nil
    }

    /// The sequence numbers of the messages that ask for an ACK (all but begin and end).
    var acknowledgedSequences: ClosedRange<UInt32>? {
        operations.count > 2 ? (firstSequence &+ 1)...(firstSequence &+ UInt32(operations.count - 2)) : nil
    }

    /// Appends one nf_tables message of `type` for family `inet` with flags
    /// `flags | NLM_F_ACK`; `payload` writes its attributes after the header
    /// and returns what the caller needs to know (whether elements remain).
    @discardableResult
    func append<Outcome>(
        _ type: nf_tables_msg_types, flags: Int32, operation: String,
        payload: (UnsafeMutablePointer<nlmsghdr>) -> Outcome
    ) throws(NftablesError) -> Outcome {
        try append(operation: operation) { buffer, sequence throws(NftablesError) in
            guard
                let header = nftnl_nlmsg_build_hdr(
                    buffer, UInt16(type.rawValue), UInt16(NFPROTO_INET),
                    UInt16(flags | NLM_F_ACK), sequence)
            else { throw .outOfMemory(operation) }
            return payload(header)
        }
    }

    /// Writes the batch-end message; `RefocusTableBatch` appends nothing afterwards.
    func finish() throws(NftablesError) {
        guard !isFinished else { return }
        try append(operation: "end the nftables batch") { buffer, sequence in
            nftnl_batch_end(buffer, sequence)
        }
        isFinished = true
    }

    /// Calls `body` with the bytes of the batch (finish it first).
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws(NftablesError) -> Result) throws(NftablesError)
        -> Result
    {
        guard let head = mnl_nlmsg_batch_head(batch) else { throw .batchOverflow(bytes: capacity) }
        return try body(UnsafeRawBufferPointer(start: head, count: byteCount))
    }

    /// Writes one message at the batch's current position and moves past it.
    @discardableResult
    private func append<Outcome>(
        operation: String,
        write: (UnsafeMutablePointer<CChar>, UInt32) throws(NftablesError) -> Outcome
    ) throws(NftablesError) -> Outcome {
        guard let current = mnl_nlmsg_batch_current(batch) else { throw .batchOverflow(bytes: capacity) }
        let outcome = try write(current.assumingMemoryBound(to: CChar.self), firstSequence &+ UInt32(operations.count))
        operations.append(operation)
        guard mnl_nlmsg_batch_next(batch) else { throw .batchOverflow(bytes: capacity - Self.overrun) }
        return outcome
    }
}
