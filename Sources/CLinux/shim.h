// Linux and glibc headers that Swift's Glibc module does not import.
// <sys/socket.h> and <netinet/in.h> come before any <linux/...> header.
#ifndef REFOCUS_CLINUX_SHIM_H
#define REFOCUS_CLINUX_SHIM_H
#include <sys/socket.h>
#include <netinet/in.h>
#include <sys/xattr.h>
#include <sys/file.h>
#include <sys/pidfd.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <spawn.h>
#include <malloc.h>
#include <sys/fanotify.h>
#include <sys/eventfd.h>
#include <sys/vfs.h>
#include <linux/netlink.h>
#include <linux/connector.h>
#include <linux/cn_proc.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

// glibc 2.34+; declared by <spawn.h> only with _GNU_SOURCE, which Swift's Glibc module lacks.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
// glibc 2.29+; likewise declared only with _GNU_SOURCE.
extern int posix_spawn_file_actions_addfchdir_np(posix_spawn_file_actions_t *actions, int fd);
// glibc 2.27+; declared by <sys/mman.h> only with _GNU_SOURCE.
extern int memfd_create(const char *name, unsigned int flags);
// Declared by <unistd.h> and <sys/socket.h> only with _GNU_SOURCE: a pipe and an accepted socket
// with O_CLOEXEC (and O_NONBLOCK) set at once, so that no child spawned meanwhile inherits them.
extern int pipe2(int fds[2], int flags);
extern int accept4(int socket, struct sockaddr *address, socklen_t *length, int flags);

// O_PATH, defined by <fcntl.h> only with _GNU_SOURCE: a descriptor that names a file without opening it.
static const int refocus_o_path = __O_PATH;
// sched_setaffinity (declared only with _GNU_SOURCE) and ioprio_set (not wrapped by glibc), as raw system calls.
static inline long refocus_sched_setaffinity(int pid, unsigned long size, const void *mask) {
    return syscall(SYS_sched_setaffinity, pid, size, mask);
}
static inline long refocus_ioprio_set(int which, int who, int ioprio) {
    return syscall(SYS_ioprio_set, which, who, ioprio);
}
// openat2 (Linux 5.6), which glibc does not wrap: `path` resolved below `folder` under `resolve` (RESOLVE_*).
static inline long refocus_openat2(int folder, const char *path, unsigned long long flags, unsigned long long resolve) {
    struct open_how how = { .flags = flags, .mode = 0, .resolve = resolve };
    return syscall(SYS_openat2, folder, path, &how, sizeof how);
}
#endif
