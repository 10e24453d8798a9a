import Glibc
import RefocusCore
import RefocusPlanning

/// The resolver module, `libnss_refocus.so.2`: where `make install` and the
/// Debian package put it, and whether nsswitch.conf names it. The one place
/// that knows the library's paths.
public enum ResolverModule {
    /// The library's file name: what glibc loads for the service `refocus`.
    public static let libraryName = "libnss_refocus.so.2"

    /// Debian's multiarch tuple of this build's architecture
    /// (`x86_64-linux-gnu`): the folder under /usr/lib and /lib that holds
    /// the C library and its NSS modules, and that the Makefile's `MULTIARCH`
    /// names (`cc -print-multiarch`).
    public static let multiarch: String = {
        #if arch(x86_64)
        return "x86_64-linux-gnu"
        #elseif arch(arm64)
        return "aarch64-linux-gnu"
        #else
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            + "-linux-gnu"
        #endif
    }()

    /// The folders the library is installed in, which glibc's loader
    /// searches without ld.so.cache: /usr/lib/MULTIARCH (`make install`,
    /// the package), then /lib/MULTIARCH (the same folder where /lib is a
    /// link to /usr/lib).
    public static let libraryDirectories = ["/usr/lib/\(multiarch)", "/lib/\(multiarch)"]

    /// The installed library's path: the first of `directories` that holds
    /// it as a regular file (a link to one counts); nil when none does.
    public static func installedLibrary(in directories: [String] = libraryDirectories) -> String? {
        directories.lazy.map { $0 + "/" + libraryName }.first { path in
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
    }

    /// Whether glibc, reading `nsswitch` (the bytes of nsswitch.conf),
    /// consults the service `refocus` for hosts at all
    /// (`NsswitchConf.hostsServices`).
    public static func isNamed(in nsswitch: [UInt8]) -> Bool {
        NsswitchConf(bytes: nsswitch).hostsServices.contains(NsswitchConf.service)
    }

    /// Whether glibc consults `refocus` before any `dns` or `resolve`, so
    /// that the module answers for blocked names first: what "in force" needs
    /// of nsswitch.conf (besides `installedLibrary()`).
    public static func precedesResolvers(in nsswitch: [UInt8]) -> Bool {
        NsswitchConf(bytes: nsswitch).consultsServiceBeforeResolvers
    }

    /// Whether glibc answers hosts lookups through the module now: the
    /// library is installed in one of `directories` and `nsswitch` names
    /// `refocus` before any resolver (`precedesResolvers`). A file that
    /// cannot be read counts as one that does not name it. Reads the file at
    /// every call: cheap (a few hundred bytes), and always current.
    public static func isInForce(
        nsswitch: NsswitchFile = NsswitchFile(),
        libraryIn directories: [String] = libraryDirectories
    ) -> Bool {
        guard installedLibrary(in: directories) != nil, let conf = try? nsswitch.read() else { return false }
        return conf.consultsServiceBeforeResolvers
    }
}
