// glibc's allocator settings (mallopt is glibc's; macOS's allocator keeps freed blocks for reuse by itself).
#include "CPlatform.h"
#include <stdlib.h> // defines __GLIBC__ with glibc

#if defined(__GLIBC__)
#include <malloc.h>

void cp_keep_freed_memory(void) {
    // 32 MB is the most glibc takes (half a thread's heap); setting it also stops glibc from moving it.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}
#else
void cp_keep_freed_memory(void) {}
#endif
