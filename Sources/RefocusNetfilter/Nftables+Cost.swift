import RefocusCore

extension Nftables {
    /// Where the time of a replacement goes: building the batch in user
    /// space (libnftnl's messages for every element) and committing it
    /// (sending it and the kernel's work until every message is
    /// acknowledged): the second is the floor any tool that loads the same
    /// elements in one batch pays. Replaces the table with `contents`, like
    /// `replace`; for the benchmark.
    public func replacementCost(_ contents: TableContents) throws(NftablesError) -> (
        building: Duration, committing: Duration
    ) {
        let clock = ContinuousClock()
        let started = clock.now
        let batch = try RefocusTableBatch.replacement(
            for: contents, firstSequence: socket.firstFreeSequence, table: tableName)
        let built = clock.now
        forgetApplied()
        _ = try socket.exchange(batch, operation: "replace \(displayName)")
        return (built - started, clock.now - built)
    }
}
