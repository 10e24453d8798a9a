/*
 * libnss_refocus.so.2: the hosts database of glibc's Name Service Switch,
 * answering for every name that the names index (/run/refocus/names.idx)
 * blocks, and for every name under it, with the sinkhole addresses
 * 192.0.2.1 and 100::1; NSS_STATUS_NOTFOUND for every other name, so that
 * the next service (dns, resolve) answers. Never touches the network.
 *
 * The _nss_refocus_* functions are what glibc calls; the rf_nss_*_at
 * functions are the same with the index's path given, for the tests.
 */
#ifndef REFOCUS_NSS_H
#define REFOCUS_NSS_H

#include <sys/socket.h>
#include <netinet/in.h>
#include <netdb.h>
#include <nss.h>
#include <stddef.h>
#include <stdint.h>

/* Where the helper writes the index. */
#define RF_NSS_INDEX_PATH "/run/refocus/names.idx"

enum nss_status _nss_refocus_gethostbyname4_r(const char *name, struct gaih_addrtuple **pat, char *buffer,
                                              size_t buflen, int *errnop, int *h_errnop, int32_t *ttlp);
enum nss_status _nss_refocus_gethostbyname3_r(const char *name, int af, struct hostent *host, char *buffer,
                                              size_t buflen, int *errnop, int *h_errnop, int32_t *ttlp,
                                              char **canonp);
enum nss_status _nss_refocus_gethostbyname2_r(const char *name, int af, struct hostent *host, char *buffer,
                                              size_t buflen, int *errnop, int *h_errnop);
enum nss_status _nss_refocus_gethostbyname_r(const char *name, struct hostent *host, char *buffer,
                                             size_t buflen, int *errnop, int *h_errnop);

/* gethostbyname4_r over the index at `index`. */
enum nss_status rf_nss_gethostbyname4_at(const char *index, const char *name, struct gaih_addrtuple **pat,
                                         char *buffer, size_t buflen, int *errnop, int *h_errnop, int32_t *ttlp);
/* gethostbyname3_r over the index at `index`. */
enum nss_status rf_nss_gethostbyname3_at(const char *index, const char *name, int af, struct hostent *host,
                                         char *buffer, size_t buflen, int *errnop, int *h_errnop, int32_t *ttlp,
                                         char **canonp);

#endif
