#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RefocusCore
import RefocusProtocol
import RefocusOS

/// Why the helper could not be asked, or its answer not read: each one
/// line naming the helper, the cause and the fix.
enum HelperClientError: RefocusError, Equatable {
    /// No executable helper at the path.
    case notInstalled(String)
    /// No sudo to run the helper with.
    case noSudo
    /// sudo would not run the helper for this user.
    case sudoRefused(helper: String, reason: String, membership: GroupMembership)
    /// The helper ended without answering on stdout; `message` is the first line it wrote on stderr.
    case noAnswer(helper: String, status: Int32, message: String)
    /// The helper answered in a protocol version other than this build's.
    case otherProtocol(helper: String, version: Int)
    /// The helper refused with an error code this build does not know; `message` is the helper's.
    case failed(helper: String, status: Int32, message: String)
    /// The helper answered something that is not an answer of this protocol; `reason` says where.
    case unreadableAnswer(helper: String, status: Int32, reason: String)

    var category: ErrorCategory {
        switch self {
        case .notInstalled, .noSudo, .otherProtocol: .configuration
        case .sudoRefused: .notPermitted
        case .noAnswer, .unreadableAnswer: .system
        // The helper's exit statuses are the CLI's.
        case let .failed(_, status, _): ErrorCategory.allCases.first { ExitStatus($0).rawValue == status } ?? .system
        }
    }

    var description: String {
        switch self {
        case let .notInstalled(path):
            "the helper \(path) is not installed; install ReFocus with 'sudo make install'"
        case .noSudo:
            "sudo is not installed; install it ('apt-get install sudo') and ReFocus's policy ('sudo make install')"
        case let .sudoRefused(helper, reason, membership):
            "sudo refused to run \(helper) (\(reason.isEmpty ? "no reason given" : reason)); " + Self.fix(membership)
        case let .noAnswer(helper, status, message):
            "the helper \(helper) gave no answer (exit status \(status)\(message.isEmpty ? "" : ": \(message)")); "
                + Self.reinstall(helper)
        case let .otherProtocol(helper, version):
            "the helper \(helper) answers in protocol version \(version), this refocus speaks version "
                + "\(HelperProtocol.version): they come from different versions of ReFocus; install one version of "
                + "both ('sudo make install' from one source tree, or the same package)"
        case let .failed(_, _, message):
            message
        case let .unreadableAnswer(helper, status, reason):
            "the helper \(helper) gave an answer refocus cannot read (\(reason), exit status \(status)); "
                + Self.reinstall(helper)
        }
    }

    /// What to do about a helper that does not answer as it should.
    private static func reinstall(_ helper: String) -> String {
        "check that '\(helper) --version' prints this refocus's version (\(RefocusVersion.string)), "
            + "and reinstall ReFocus ('sudo make install') if it does not"
    }

    /// What lets the user through sudo, given their membership of the group refocus.
    private static func fix(_ membership: GroupMembership) -> String {
        switch membership {
        case .noSuchGroup, .notMember:
            "join the group refocus ('sudo usermod -aG refocus $USER') and log in again"
        case .notInThisLogin:
            "you are in the group refocus, but this login started before you joined it: "
                + "log in again (or run 'newgrp refocus' in this shell)"
        case .member:
            "you are in the group refocus, so its sudo rule is missing or names another path: "
                + "reinstall ReFocus ('sudo make install') or see /etc/sudoers.d/refocus"
        }
    }
}
