import CNetfilter
import RefocusCore
import SystemPackage
import Testing

@testable import RefocusNetfilter

/// How `Nftables` reads the kernel's answers to the batches it sends, and
/// which bytes it sends, through a `RecordingNetlinkSocket`: without root,
/// the answers a test cannot provoke for real (no CAP_NET_ADMIN, a table
/// another process owns, a lost acknowledgement). The privileged tests
/// and `refocus-nft-scenarios check` cover the same calls against the kernel.
@Suite struct NftablesBatchAnswerTests {
    /// Which change the batch makes.
    enum Change: Sendable, CustomStringConvertible {
        case replace, delete

        var description: String { self == .replace ? "replace" : "delete" }
    }

    /// Both families and both kinds of set: v4net (two neighbours merge into
    /// a range), v6, and the hits sets hits4 and hits6.
    static let intervals = AddressIntervals([
        AddressRange(.v4(0xC000_0201)), AddressRange(.v4(0xC000_0202)),
        AddressRange(.v6(high: 0x2001_0db8 << 32, low: 1)),
    ])

    /// EPERM answering the batch's begin message is the kernel refusing a
    /// sender without CAP_NET_ADMIN; EPERM answering a table message is a
    /// table another process's socket owns; any other error names the
    /// message it answered, and the begin message names none.
    @Test(
        arguments: [
            (
                Change.replace, "begin the nftables batch", Errno.notPermitted,
                NftablesError.notPermitted(operation: "replace table inet refocus")
            ),
            (
                .replace, "create table inet refocus if absent", .notPermitted,
                .ownedByAnotherProcess(operation: "replace table inet refocus")
            ),
            (
                .replace, "delete the previous table inet refocus", .notPermitted,
                .ownedByAnotherProcess(operation: "replace table inet refocus")
            ),
            (
                .replace, "create table inet refocus if absent", .noSuchFileOrDirectory,
                .refused(
                    operation: "replace table inet refocus (create table inet refocus if absent)",
                    .noSuchFileOrDirectory)
            ),
            (
                .replace, "create set v4net", .notSupported,
                .refused(operation: "replace table inet refocus (create set v4net)", .notSupported)
            ),
            (
                .replace, "add a rule to chain forward", .fileExists,
                .refused(operation: "replace table inet refocus (add a rule to chain forward)", .fileExists)
            ),
            (
                .replace, "begin the nftables batch", .resourceBusy,
                .refused(operation: "replace table inet refocus", .resourceBusy)
            ),
            (
                .delete, "begin the nftables batch", .notPermitted,
                .notPermitted(operation: "delete table inet refocus")
            ),
            (
                .delete, "delete table inet refocus", .notPermitted,
                .ownedByAnotherProcess(operation: "delete table inet refocus")
            ),
            (
                .delete, "delete table inet refocus", .resourceBusy,
                .refused(operation: "delete table inet refocus (delete table inet refocus)", .resourceBusy)
            ),
        ] as [(Change, String, Errno, NftablesError)])
    func kernelErrorsNameTheirCause(change: Change, failing operation: String, errno: Errno, expected: NftablesError) {
        let socket = RecordingNetlinkSocket()
        socket.batchAnswers = [.failing(operation, with: errno)]
        #expect(throws: expected) { try Self.make(change, through: socket) }
        #expect(socket.sent.count == 1, "one batch, nothing else")
    }

    /// ENOENT is tolerated only when deleting the table, the batch's one
    /// message: the table is absent, which is what deleting wanted. Applying
    /// no address deletes too.
    @Test func deletingAnAbsentTableSucceeds() throws {
        let socket = RecordingNetlinkSocket()
        socket.batchAnswers = [
            .failing("delete table inet refocus", with: .noSuchFileOrDirectory),
            .failing("delete table inet refocus", with: .noSuchFileOrDirectory),
        ]
        let nftables = Nftables(socket: socket)
        try nftables.deleteTable()
        try nftables.apply(.empty)
        #expect(socket.sent.count == 2)
    }

    /// A message the kernel was asked to acknowledge and did not: the error
    /// names the change and the message's operation.
    @Test(
        arguments: [
            (Change.replace, "create set v6", "replace table inet refocus (create set v6)"),
            (.replace, "create table inet refocus", "replace table inet refocus (create table inet refocus)"),
            (.delete, "delete table inet refocus", "delete table inet refocus (delete table inet refocus)"),
        ] as [(Change, String, String)])
    func missingAcknowledgementNamesTheMessage(change: Change, unanswered operation: String, expected: String) {
        let socket = RecordingNetlinkSocket()
        socket.batchAnswers = [.leavingUnanswered(operation)]
        #expect(throws: NftablesError.unanswered(operation: expected)) { try Self.make(change, through: socket) }
    }

    /// Every message acknowledged: the change took effect, nothing thrown.
    @Test(arguments: [Change.replace, .delete])
    func acknowledgedBatchSucceeds(change: Change) throws {
        let socket = RecordingNetlinkSocket()
        socket.batchAnswers = [.acknowledgingAll]
        try Self.make(change, through: socket)
    }

    /// `apply`, `replace` and `deleteTable` send exactly the batches
    /// `RefocusTableBatch` builds for the instance's table, numbered on from
    /// the socket's last message, and nothing else: an `apply` of what the
    /// table already holds sends nothing.
    @Test func sendsTheTableBatchesByteForByte() throws {
        let socket = RecordingNetlinkSocket(firstSequence: 500)
        socket.batchAnswers = [.acknowledgingAll, .acknowledgingAll, .acknowledgingAll]
        let nftables = Nftables(socket: socket, tableName: "refocus_t7")
        #expect(try nftables.apply(TableContents(blocked: Self.intervals)) == .replaced)
        #expect(try nftables.apply(TableContents(blocked: Self.intervals)) == Nftables.Change.none)
        #expect(try nftables.replace(TableContents(blocked: Self.intervals)) == .replaced)
        try nftables.deleteTable()

        let first = try RefocusTableBatch.replacement(
            for: TableContents(blocked: Self.intervals),
            firstSequence: 500, table: "refocus_t7")
        let next = 500 + UInt32(first.messageCount)
        let second = try RefocusTableBatch.replacement(
            for: TableContents(blocked: Self.intervals),
            firstSequence: next, table: "refocus_t7")
        let deletion = try RefocusTableBatch.deletion(
            firstSequence: next + UInt32(second.messageCount), table: "refocus_t7")
        #expect(
            socket.sent == [
                .batch(try Self.bytes(first)), .batch(try Self.bytes(second)), .batch(try Self.bytes(deletion)),
            ])

        // Read back: numbered on from the socket's first free sequence number, the deletion one message naming the table.
        let sequences = socket.sent.flatMap { sent -> [UInt32] in
            guard case .batch(let bytes) = sent else { return [] }
            return NetlinkMessages.split(bytes).map(\.sequence)
        }
        #expect(sequences == Array(500..<500 + UInt32(sequences.count)))
        guard case .batch(let sentDeletion) = socket.sent.last else { return }
        let messages = NetlinkMessages.split(sentDeletion)
        #expect(
            messages.map(\.type) == [
                UInt16(NFNL_MSG_BATCH_BEGIN), NetlinkMessages.nftType(NFT_MSG_DELTABLE),
                UInt16(NFNL_MSG_BATCH_END),
            ])
        #expect(messages[1].flags == UInt16(NLM_F_REQUEST | NLM_F_ACK))
        #expect(messages[1].strings[UInt16(NFTA_TABLE_NAME.rawValue)] == "refocus_t7")
        #expect(messages[1].numbers[UInt16(NFTA_TABLE_FLAGS.rawValue)] == nil)
    }

    // MARK: - Helpers

    /// Replaces the table with `intervals` or deletes it, through `socket`.
    static func make(_ change: Change, through socket: RecordingNetlinkSocket) throws(NftablesError) {
        let nftables = Nftables(socket: socket)
        switch change {
        case .replace: try nftables.apply(TableContents(blocked: intervals))
        case .delete: try nftables.deleteTable()
        }
    }

    static func bytes(_ batch: NetlinkBatch) throws -> [UInt8] {
        try batch.withBytes { Array($0) }
    }
}
