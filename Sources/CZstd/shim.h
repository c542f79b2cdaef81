// Zstandard for Swift: the compressor of the radio map file's body (see RadioMapFile).
#ifndef FINGERPOST_CZSTD_SHIM_H
#define FINGERPOST_CZSTD_SHIM_H

#include <zstd.h>

#endif
