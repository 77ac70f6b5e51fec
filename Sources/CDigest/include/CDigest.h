// SHA-256 block compression with the CPU's SHA extensions (x86-64 SHA-NI), chosen at run time: hashing
// every sticker's pixels is most of a lint run, and the instructions are several times faster than code.
#ifndef CDIGEST_H
#define CDIGEST_H

#include <stddef.h>
#include <stdint.h>

/// Whether this CPU runs cd_sha256_blocks.
int cd_has_sha_extensions(void);

/// Compresses `blocks` 64-byte blocks of `data` into `state` (the eight words of FIPS 180-4, in order).
void cd_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
