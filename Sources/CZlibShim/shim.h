// zlib for Swift (named apart from ZIPFoundation's CZlib module): the compressor of the radio map file's body (see RadioMapFile).
#ifndef FINGERPOST_CZLIB_SHIM_H
#define FINGERPOST_CZLIB_SHIM_H

#include <zlib.h>

#endif
