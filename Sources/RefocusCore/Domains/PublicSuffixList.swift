import CPSL

/// The public suffix list (`com`, `co.uk`, `github.io`, ...) through libpsl.
///
/// Loaded once, by libpsl, from the newer of its built-in copy and the
/// distribution's file (`/usr/share/publicsuffix/public_suffix_list.dafsa`,
/// Debian package `publicsuffix`). Lookups are read-only and thread-safe.
final class PublicSuffixList: @unchecked Sendable {
    // SAFETY of @unchecked Sendable: the context is never mutated after loading,
    // and libpsl documents lookups on a loaded context as thread-safe.
    private let context: OpaquePointer

    /// The list every domain check uses, or nil when libpsl found none.
    static let shared: PublicSuffixList? = {
        guard let context = refocus_psl_latest(nil) ?? refocus_psl_builtin() else { return nil }
        return PublicSuffixList(context: context)
    }()

    private init(context: OpaquePointer) {
        self.context = context
    }

    /// Whether `asciiName` (lower case, no trailing dot) is itself a public
    /// suffix, from the ICANN or the private section of the list.
    func isPublicSuffix(_ asciiName: String) -> Bool {
        refocus_psl_is_public_suffix2(context, asciiName, PSL_TYPE_ANY) != 0
    }
}
