// libpsl: the public suffix list (com, co.uk, github.io, ...).
#ifndef REFOCUS_CPSL_SHIM_H
#define REFOCUS_CPSL_SHIM_H
#include <libpsl.h>
#endif
