import Foundation
import Logging
import RefocusCore
import RefocusEnforcement
import RefocusPlanning

/// The herald's notifications of daily allowances (`AllowanceNotice`), sent
/// to the owner as a session's are.
extension SessionHerald {
    /// Tells `owner` of their allowance: `notice`, logged as `event`.
    func tellAllowance(_ notice: SessionNotice, owner: UInt32, event: String) {
        logger.info("allowance of uid \(owner): \(event)")
        OwnerNotification.send(to: owner, title: notice.title, body: notice.body)
    }
}
