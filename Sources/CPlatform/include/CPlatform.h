// What only C can reach of the C library stickerpack runs on (see Platform.swift).
#ifndef CPLATFORM_H
#define CPLATFORM_H

/// With glibc, has freed blocks under 32 MB kept in the heap, and up to 1 GB free at its top, for the next
/// allocation. Elsewhere it does nothing.
void cp_keep_freed_memory(void);

#endif
