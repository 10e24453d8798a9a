import Glibc
import RefocusCore
import RefocusNetfilter
import RefocusOS

/// Root's `clear` makes sure table `inet NAME` is gone before it returns:
/// a daemon that has let go of its lock may still own the table for a
/// moment (the OWNER flag holds until its netlink socket closes, as it
/// exits), and a delete meanwhile is refused. So the table is looked up
/// until it is missing, deleted whenever no live socket owns it, and
/// waited for while one does, up to a deadline.
public enum TableRemoval {
    /// Waits up to `deadline` for table `inet tableName` to be gone,
    /// deleting it when it is orphaned. Nil once it is gone (or no
    /// netfilter socket can be opened: then there is no table to remove);
    /// otherwise a sentence saying what is left and why.
    public static func awaitRemoval(of tableName: String, within deadline: Duration) -> String? {
        guard let nftables = try? Nftables(tableName: tableName) else { return nil }
        let begun = ContinuousClock.now
        var last = "it is still there"
        while true {
            do throws(NftablesError) {
                switch try nftables.tableState() {
                case .missing:
                    return nil
                case .orphaned, .ownedByUs:
                    try nftables.deleteTable()
                    last = "it was deleted but came back"
                case .ownedByOther(let port):
                    last = "netlink port \(port) (a process that is not exiting: another daemon?) still owns it"
                }
            } catch {
                last = "\(error)"
            }
            guard ContinuousClock.now - begun < deadline else {
                return "table inet \(tableName) was not removed within \(deadline.secondsText): \(last); "
                    + "'nft delete table inet \(tableName)' removes it once no process owns it"
            }
            usleep(20_000)
        }
    }
}
