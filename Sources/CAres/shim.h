// c-ares: asynchronous DNS queries to chosen name servers, for RefocusSystem's
// resolver (which must bypass /etc/hosts). <arpa/nameser.h> gives the class
// and type numbers (ns_c_in, ns_t_a, ns_t_aaaa); <poll.h> the event loop.
#ifndef REFOCUS_CARES_SHIM_H
#define REFOCUS_CARES_SHIM_H
#include <sys/socket.h>
#include <sys/time.h>
#include <netinet/in.h>
#include <arpa/nameser.h>
#include <ares.h>
#endif
