// libnftnl and libmnl for RefocusSystem's nftables code, and rtnetlink for its fallback routes.
// <sys/socket.h> and <netinet/in.h> come before any <linux/...> header,
// or the kernel uapi definitions clash with Glibc's in the module.
#ifndef REFOCUS_CNETFILTER_SHIM_H
#define REFOCUS_CNETFILTER_SHIM_H
#include <sys/socket.h>
#include <netinet/in.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_log.h>
#include <linux/rtnetlink.h>
#include <libmnl/libmnl.h>
#include <libnftnl/batch.h>
#include <libnftnl/table.h>
#include <libnftnl/chain.h>
#include <libnftnl/set.h>
#include <libnftnl/rule.h>
#include <libnftnl/expr.h>
#include <libnftnl/common.h>
#endif
