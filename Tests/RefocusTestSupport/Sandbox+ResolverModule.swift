extension Sandbox {
    /// The set-up that installs the NSS module `library` in the sandbox as a
    /// package would, run after the overlay on /etc and the tmpfs on /run:
    ///
    /// - the system's multiarch library folder (the one holding the libc.so.6
    ///   that programs load, `/usr/lib/x86_64-linux-gnu` on Debian, where
    ///   `/lib` is a link to `usr/lib`) gets an overlay of its own, and the
    ///   library is copied in as `libnss_refocus.so.2`, root's, 0644. glibc
    ///   dlopens `libnss_refocus.so.2` by that name for the service
    ///   `refocus`: not in /etc/ld.so.cache, it is found in the loader's
    ///   system search path, which holds that folder. No ldconfig: it would
    ///   write /var/cache/ldconfig outside the sandbox, and a module needs
    ///   no cache entry;
    /// - the hosts line of the overlay's /etc/nsswitch.conf names `refocus`
    ///   before the first of `dns` and `resolve`, through the helper's own
    ///   `refocus-helper nsswitch add`, as `make install` and the package do.
    ///
    /// Scripts find the installed library in `$RESOLVER_MODULE`, and can call
    /// `install_index FILE`, which puts FILE at /run/refocus/names.idx as
    /// the helper writes it (0644, root's, a sibling renamed into place).
    static func resolverModuleSetUp(_ library: String) -> String {
        let quoted = "'" + library.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        return #"""
            resolver_libc=$(grep -m 1 -o '/[^ ]*/libc\.so\.6$' /proc/self/maps)
            resolver_libdir=$(dirname "$(readlink -f "$resolver_libc")")
            mkdir -p "$WORK/libdir-upper" "$WORK/libdir-work"
            mount -t overlay overlay -o lowerdir="$resolver_libdir",upperdir="$WORK/libdir-upper",workdir="$WORK/libdir-work" "$resolver_libdir"
            export RESOLVER_MODULE="$resolver_libdir/libnss_refocus.so.2"
            install -m 0644 -o root -g root \#(quoted) "$RESOLVER_MODULE"
            env -u SUDO_UID -u SUDO_GID -u SUDO_USER "$BIN/refocus-helper" nsswitch add > /dev/null
            install_index() {
              install -m 0644 -o root -g root "$1" /run/refocus/.names.idx.new
              mv -f /run/refocus/.names.idx.new /run/refocus/names.idx
            }
            """#
    }
}
