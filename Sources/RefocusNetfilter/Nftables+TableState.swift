import CNetfilter
import SystemPackage
import RefocusOS

extension Nftables {
    /// Who holds table `inet refocus`, from the kernel's own answer.
    public enum TableState: Equatable, Sendable, CustomStringConvertible {
        /// There is no table `inet refocus`.
        case missing
        /// This instance's socket owns the table: nobody else can change or delete it.
        case ownedByUs
        /// The table exists but no live socket owns it (no OWNER flag): its
        /// owner is gone (PERSIST kept it) or someone else created it without
        /// the flag. Anyone with CAP_NET_ADMIN may change or delete it;
        /// `apply` makes it this instance's.
        case orphaned
        /// Another live socket owns the table (another daemon, or another
        /// `Nftables` in this process): `apply` here fails with `.ownedByAnotherProcess`.
        case ownedByOther(portID: UInt32)

        /// `missing`, `owned by us`, `orphaned`, `owned by port 1234`.
        public var description: String {
            switch self {
            case .missing: "missing"
            case .ownedByUs: "owned by us"
            case .orphaned: "orphaned"
            case .ownedByOther(let portID): "owned by port \(portID)"
            }
        }
    }

    /// Asks the kernel who holds table `inet refocus` (one GETTABLE request
    /// and its answer: cheap enough after every foreign change). Reads its
    /// flags and owner (NFTA_TABLE_FLAGS, NFTA_TABLE_OWNER); the table's
    /// contents are not checked. Needs CAP_NET_ADMIN like any nftables
    /// request: throws `.notPermitted` without it.
    public func tableState() throws(NftablesError) -> TableState {
        let operation = "look up \(displayName)"
        let table = try NftTable(name: tableName, flags: nil)
        let answers: [[UInt8]]
        switch try socket.request(NFT_MSG_GETTABLE, object: table, operation: operation) {
        case .success(let found): answers = found
        case .failure(.noSuchFileOrDirectory): return .missing
        case .failure(.notPermitted): throw .notPermitted(operation: operation)
        case .failure(let errno): throw .refused(operation: operation, errno)
        }
        guard let answer = answers.first else { return .missing }
        let reply = try NftTableReply(parsing: answer)
        guard reply.isOwned else { return .orphaned }
        guard let owner = reply.owner else { return .orphaned }
        return owner == portID ? .ownedByUs : .ownedByOther(portID: owner)
    }
}
