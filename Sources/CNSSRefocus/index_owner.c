/*
 * Whose names index the module believes: see nss_refocus_owner.h.
 *
 * Why the overflow uid may be believed outside the initial user namespace:
 *
 * - What a process sees as a file's owner is the file's real uid mapped
 *   through its user namespace's uid map; a uid the map does not cover is
 *   shown as the overflow uid (65534). The helper writes the index as real
 *   root, into /run/refocus (root's, 0755), renamed into place.
 * - In a user namespace a user can make without privilege (`unshare -r`,
 *   a browser's or Flatpak's sandbox, a rootless container), root is never
 *   mapped: the map may name only the creator's own uid (and, through
 *   newuidmap, the subordinate ids of /etc/subuid, never 0). So there the
 *   real index is shown as owned by the overflow uid (in a namespace with
 *   no map yet, `unshare -U`, every owner is). Believing root's uid alone
 *   made the module block nothing in every such namespace.
 * - Files a user creates, in a namespace of theirs or not, are owned by
 *   their real uid, which their namespace maps (`unshare -r` shows it as
 *   0). They cannot chown to an unmapped uid either. The owner check was
 *   never what kept their own files out of the module: the path was.
 * - The path is fixed, and every folder on it is root's in the machine's
 *   mount namespace: only root can put a file there. A process sees
 *   another file there only through a mount over the path in its own mount
 *   namespace, which needs CAP_SYS_ADMIN over the user namespace owning
 *   that mount namespace: its maker (or root). Mounts made there never
 *   propagate to a more privileged mount namespace (mount_namespaces(7):
 *   shared mounts become slaves), and no other user can join it (setns
 *   needs capabilities over its owner). So whoever can make a process see
 *   a file at that path other than root's is that process's own user, and
 *   it changes only their own processes' lookups, which they could as well
 *   point at no index at all, or at an nsswitch.conf without `refocus`.
 *   Believing the overflow uid gives no one a say over another user's
 *   lookups, and the owner of a session nothing they did not have.
 * - In the initial user namespace every uid is mapped to itself, so the
 *   overflow uid is a real user's (nobody's), never root's: only 0 counts
 *   there. A nested namespace maps at most what its parent maps, so a map
 *   of every uid to itself, read from inside, means owners are shown as
 *   they are all the way up.
 *
 * What this cannot give: a user who also makes a mount namespace
 * (`unshare -rm`) can mount over /run/refocus, /etc/hosts or
 * /etc/nsswitch.conf for the processes inside it. No check here can tell
 * that from the real files, since any anchor could be hidden the same
 * way; the nftables table, which lives in the machine's network
 * namespace, is what holds there (docs/security.md).
 *
 * Whose lookup it is, for the index's per-user entries (rf_nss_real_uid_at):
 *
 * - The caller is the process's real uid, never the effective one (a
 *   set-uid program resolving for its user resolves as that user). In the
 *   initial user namespace getuid() is that uid, and the module takes it
 *   without reading anything: one stat of /proc/self/ns/user tells that
 *   namespace (its inode is a constant of the kernel's). That stat costs
 *   microseconds, so the module remembers the uid it last saw there and
 *   takes getuid() as it is while getuid() still answers it. That is
 *   sound: unshare and setns change no process's uid as the kernel knows
 *   it (its kuid), only how it is shown; so while getuid() answers the
 *   same number as in the initial namespace, the kuid is the same, unless
 *   the process has also changed uid inside a namespace whose map sends
 *   that number elsewhere, which only a user with subordinate ids
 *   (/etc/subuid) can make, and which then gives the entries of the uid
 *   remembered, that same user's: never fewer. A new namespace whose map
 *   shows the uid as another number (`unshare -r`: 0) is looked at anew.
 *   The memory is the process's own, and gone at exec.
 * - In a user namespace getuid() is the uid as that namespace maps it
 *   (`unshare -r` shows the user as 0): the module maps it back through
 *   /proc/self/uid_map, which shows the map to the parent namespace. A
 *   uid the map does not cover (`unshare -U`, no map yet: getuid() is the
 *   overflow uid) cannot be told: every per-user entry then applies, so a
 *   targeted user gains nothing there, and a user nobody targeted meets
 *   others' entries only in a namespace of their own with no uid at all.
 * - uid_map shows one level. In a namespace nested in another (`unshare
 *   -r` run inside `unshare -r`), the parent's uid is itself mapped, and
 *   the module cannot see through it: there a targeted user is taken for
 *   the uid the inner map names (0), and their per-user names resolve.
 *   Sandboxes that map the user to themselves at each level (Flatpak,
 *   bubblewrap, browsers) come out right. Such a user could as well mount
 *   over the index in a mount namespace of theirs (above); neither lets
 *   them reach the addresses the nftables table refuses them by `meta
 *   skuid` (the socket's uid as the kernel knows it, whatever namespace
 *   made the socket): those of the names the daemon resolves, and the
 *   listed ones.
 * - Without /proc (a root directory of one's own, which needs a user
 *   namespace or root, and then holds its own nsswitch.conf too), getuid()
 *   is taken as it is.
 */
#include "nss_refocus_owner.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

/* Longer than the one line of a map of every uid ("0 0 4294967295", padded by the kernel). */
#define MAP_BYTES 128
/* A map of up to 31 lines (the kernel pads each to 33 bytes); further lines are not read. */
#define LONG_MAP_BYTES 1024
/* "4294967295\n" and then some. */
#define UID_BYTES 16

/*
 * Reads up to `size` bytes of the file at `path` into `buffer`; the count
 * (`size` when the file may hold more), or -1 when it cannot be read.
 */
static ssize_t read_start(const char *path, char *buffer, size_t size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return -1;
    size_t total = 0;
    while (total < size) {
        ssize_t got = read(fd, buffer + total, size - total);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            close(fd);
            return -1;
        }
        if (got == 0) break;
        total += (size_t)got;
    }
    close(fd);
    return (ssize_t)total;
}

/* Skips spaces from `*at` (the kernel pads uid_map's columns). */
static void skip_spaces(const char *text, size_t length, size_t *at) {
    while (*at < length && text[*at] == ' ') (*at)++;
}

/* Reads a decimal of at most 10 digits at `*at` into `*value`; false when there is none or it is too large. */
static bool decimal(const char *text, size_t length, size_t *at, uint64_t *value) {
    size_t start = *at;
    uint64_t result = 0;
    while (*at < length && text[*at] >= '0' && text[*at] <= '9' && *at - start < 10) {
        result = result * 10 + (uint64_t)(text[*at] - '0');
        (*at)++;
    }
    if (*at == start || (*at < length && text[*at] >= '0' && text[*at] <= '9')) return false;
    *value = result;
    return true;
}

/* Reads the three columns of a uid_map line from `*at` (inside, outside, count); false when one is missing. */
static bool map_line(const char *text, size_t length, size_t *at, uint64_t columns[3]) {
    for (int column = 0; column < 3; column++) {
        skip_spaces(text, length, at);
        if (!decimal(text, length, at, &columns[column])) return false;
    }
    return true;
}

bool rf_nss_maps_every_uid(const char *text, size_t length) {
    uint64_t line[3];
    size_t at = 0;
    if (!map_line(text, length, &at, line)) return false;
    return line[0] == 0 && line[1] == 0 && line[2] == UINT32_MAX && at + 1 == length && text[at] == '\n';
}

bool rf_nss_owner_believed(uid_t owner, bool maps_every_uid, uid_t overflow) {
    return owner == 0 || (!maps_every_uid && owner == overflow);
}

/* The overflow uid written in the file at `path` ("65534\n"); false when it cannot be read. */
static bool read_overflow_uid(const char *path, uid_t *uid) {
    char text[UID_BYTES];
    ssize_t length = read_start(path, text, sizeof text);
    if (length <= 0 || (size_t)length == sizeof text) return false;
    size_t at = 0;
    uint64_t value;
    if (!decimal(text, (size_t)length, &at, &value) || value >= UINT32_MAX) return false;
    if (!(at == (size_t)length || (at + 1 == (size_t)length && text[at] == '\n'))) return false;
    *uid = (uid_t)value;
    return true;
}

bool rf_nss_owner_trusted_at(uid_t owner, const char *uid_map, const char *overflow_uid) {
    if (owner == 0) return true;
    char map[MAP_BYTES];
    ssize_t length = read_start(uid_map, map, sizeof map);
    uid_t overflow;
    if (length < 0 || !read_overflow_uid(overflow_uid, &overflow)) return false;
    /* An empty map (`unshare -U`: nothing mapped yet) maps no uid; one that fills the buffer has more than one line. */
    return rf_nss_owner_believed(owner, rf_nss_maps_every_uid(map, (size_t)length), overflow);
}

bool rf_nss_map_uid(const char *text, size_t length, uint32_t uid, uint32_t *outside) {
    size_t at = 0;
    while (at < length) {
        uint64_t line[3];
        if (!map_line(text, length, &at, line)) return false;
        uint64_t inside = line[0], parent = line[1], count = line[2];
        /* Only whole lines: the last one read may be cut short. */
        if (at >= length || text[at] != '\n') return false;
        at++;
        if (uid >= inside && uid - inside < count && parent + (uid - inside) <= UINT32_MAX) {
            *outside = (uint32_t)(parent + (uid - inside));
            return true;
        }
    }
    return false;
}

bool rf_nss_real_uid_at(uint32_t uid, const char *user_ns, const char *uid_map, uint32_t *real, bool *initial) {
    struct stat status;
    /* No /proc: whoever made this process's root without one also chose its nsswitch.conf (security.md). */
    bool found = stat(user_ns, &status) == 0;
    *initial = found && status.st_ino == RF_NSS_INITIAL_USER_NS_INODE;
    if (!found || *initial) {
        *real = uid;
        return true;
    }
    char map[LONG_MAP_BYTES];
    ssize_t length = read_start(uid_map, map, sizeof map);
    if (length < 0) return false;
    return rf_nss_map_uid(map, (size_t)length, uid, real);
}
