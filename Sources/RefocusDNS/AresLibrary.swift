import CAres
import RefocusOS

/// c-ares' process-wide initialisation, done once before the first channel
/// and never undone (ares_library_cleanup is not thread-safe).
enum AresLibrary {
    /// ARES_SUCCESS, or the status of the one call to ares_library_init.
    static let status: Int32 = ares_library_init(ARES_LIB_INIT_ALL)
}
