// SHA-256 block compression for the pack manifest's file hashes: the CPU's SHA extensions (x86-64 SHA-NI)
// where it has them, chosen at run time, else plain C (every other CPU, and STICKERPACK_PORTABLE=1).
#ifndef CDIGEST_H
#define CDIGEST_H

#include <stddef.h>
#include <stdint.h>

/// Whether this CPU has the SHA instructions.
int cd_has_sha_extensions(void);

/// Compresses `blocks` 64-byte blocks of `data` into `state` (the eight words of FIPS 180-4, in order).
void cd_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

/// The same in plain C, as cd_sha256_blocks runs it on CPUs without the instructions.
void cd_sha256_blocks_portable(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
