// libidn2: internationalised domain names to their ASCII form (UTS #46).
#ifndef REFOCUS_CIDN2_SHIM_H
#define REFOCUS_CIDN2_SHIM_H
#include <idn2.h>
#endif
