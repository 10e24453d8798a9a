// Linux and glibc headers that Swift's Glibc module does not import.
// <sys/socket.h> and <netinet/in.h> come before any <linux/...> header.
#ifndef REFOCUS_CLINUX_SHIM_H
#define REFOCUS_CLINUX_SHIM_H
#include <sys/socket.h>
#include <netinet/in.h>
#include <sys/xattr.h>
#include <sys/file.h>
#include <sys/pidfd.h>
#include <linux/connector.h>
#include <linux/cn_proc.h>
#endif
