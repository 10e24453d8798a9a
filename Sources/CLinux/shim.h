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
#include <linux/connector.h>
#include <linux/cn_proc.h>

// glibc 2.34+; declared by <spawn.h> only with _GNU_SOURCE, which Swift's Glibc module lacks.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
// glibc 2.29+; likewise declared only with _GNU_SOURCE.
extern int posix_spawn_file_actions_addfchdir_np(posix_spawn_file_actions_t *actions, int fd);
// glibc 2.27+; declared by <sys/mman.h> only with _GNU_SOURCE.
extern int memfd_create(const char *name, unsigned int flags);
#endif
