import CNetfilter
import RefocusCore
import RefocusOS

/// Turns datagrams from the nf_tables event group into an `NftMonitorBatch`:
/// walks each datagram's messages with libmnl (`mnl_nlmsg_ok`,
/// `mnl_nlmsg_next`), remembers which senders' transactions touched table
/// `inet refocus`, and at a transaction's NFT_MSG_NEWGEN counts it as own
/// (sent through a socket in `ownPortIDs`) or foreign. Pure: no system
/// call, so it is tested with datagrams built in memory.
///
/// A transaction's messages may span datagrams and drains; what was seen of
/// it is kept until its NEWGEN arrives. The kernel commits one transaction
/// at a time and sends all its messages before the next one's, so a NEWGEN
/// ends whatever came before it: messages of a transaction whose NEWGEN was
/// lost (ENOBUFS) are dropped there, and they are matched by sender, so they
/// are never blamed on the next transaction.
struct NftEventReader {
    /// The port ids of this process's sockets whose transactions are its own.
    var ownPortIDs: Set<UInt32>
    /// The name of ReFocus's table in family `inet`.
    let tableName: String
    /// The port ids whose messages since the last NEWGEN touched table `inet refocus`.
    private var pendingTouchers: Set<UInt32> = []

    /// A reader counting transactions sent through `ownPortIDs` as own and
    /// watching table `inet tableName`.
    init(ownPortIDs: Set<UInt32>, tableName: String = Policy.standardTableName) {
        self.ownPortIDs = ownPortIDs
        self.tableName = tableName
    }

    /// Reads every message of `datagram` into `batch`.
    mutating func read(_ datagram: UnsafeRawBufferPointer, into batch: inout NftMonitorBatch) {
        guard let start = datagram.baseAddress, datagram.count >= MemoryLayout<nlmsghdr>.size else { return }
        var remaining = Int32(clamping: datagram.count)
        var header: UnsafePointer<nlmsghdr>? = start.assumingMemoryBound(to: nlmsghdr.self)
        while let current = header, mnl_nlmsg_ok(current, remaining) {
            read(NftNotification(parsing: current), into: &batch)
            header = UnsafePointer(mnl_nlmsg_next(current, &remaining))
        }
    }

    /// Forgets what was seen of an unfinished transaction, whose end was
    /// lost with other notifications (the batch says `overflowed`).
    mutating func discardPending() {
        pendingTouchers = []
    }

    /// Adds one parsed message to `batch`.
    mutating func read(_ notification: NftNotification, into batch: inout NftMonitorBatch) {
        switch notification {
        case .object(let family, let table, let portID):
            if family == UInt8(NFPROTO_INET), table == tableName { pendingTouchers.insert(portID) }
        case .generation(let id, let portID, let processID, let processName):
            let touchesTable = pendingTouchers.contains(portID)
            pendingTouchers = []
            guard !ownPortIDs.contains(portID) else {
                batch.ownGenerationCount += 1
                return
            }
            batch.foreignGenerations.append(
                NftGeneration(
                    id: id, portID: portID, processID: processID,
                    processName: processName,
                    touchesRefocusTable: touchesTable))
        case .other:
            break
        }
    }
}
