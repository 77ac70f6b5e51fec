// targets: CDigest
// SHA-256 through cd_sha256_blocks_portable and cd_sha256_blocks (SHA-NI on x86-64 CPUs that have it):
// the FIPS 180-4 known answers, then both paths on fixed pseudo-random buffers of many lengths. Exits 1 when
// a known answer is wrong or the paths disagree, so both architectures cannot agree on a wrong value.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CDigest.h"

typedef void (*Blocks)(uint32_t state[8], const uint8_t *data, size_t blocks);

// Whole blocks straight from the message, then the padding: 0x80, zeros, the length in bits (big-endian).
static void sha256(Blocks blocks, const uint8_t *data, size_t length, uint8_t digest[32]) {
    uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    size_t whole = length / 64;
    blocks(state, data, whole);
    uint8_t tail[128] = {0};
    size_t rest = length - whole * 64;
    memcpy(tail, data + whole * 64, rest);
    tail[rest] = 0x80;
    size_t tail_blocks = rest + 9 <= 64 ? 1 : 2;
    uint64_t bits = (uint64_t)length * 8;
    for (int i = 0; i < 8; i++) tail[tail_blocks * 64 - 1 - i] = (uint8_t)(bits >> (8 * i));
    blocks(state, tail, tail_blocks);
    for (int i = 0; i < 32; i++) digest[i] = (uint8_t)(state[i / 4] >> (24 - 8 * (i % 4)));
}

static void hex(const uint8_t digest[32], char out[65]) {
    for (int i = 0; i < 32; i++) sprintf(out + 2 * i, "%02x", digest[i]);
}

int main(void) {
    int failures = 0;
    static const char *const messages[] = {"abc", "", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"};
    static const char *const answers[] = {
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",  // one million 'a'
    };
    uint8_t *million = malloc(1000000), *buffer = malloc(70000);
    if (!million || !buffer) return 2;
    memset(million, 'a', 1000000);
    static const Blocks paths[2] = {cd_sha256_blocks_portable, cd_sha256_blocks};
    static const char *const names[2] = {"portable", "dispatch"};
    for (int m = 0; m < 4; m++) {
        const uint8_t *data = m < 3 ? (const uint8_t *)messages[m] : million;
        size_t length = m < 3 ? strlen(messages[m]) : 1000000;
        for (int p = 0; p < 2; p++) {
            uint8_t digest[32];
            char text[65];
            sha256(paths[p], data, length, digest);
            hex(digest, text);
            int ok = strcmp(text, answers[m]) == 0;
            printf("known answer %d %-8s %s %s\n", m, names[p], text, ok ? "ok" : "WRONG");
            failures += !ok;
        }
    }
    // Both paths over every length 0-300 and some long ones (many blocks in one call), bytes from a fixed LCG.
    uint32_t lcg = 1;
    for (size_t i = 0; i < 70000; i++) { lcg = lcg * 1664525u + 1013904223u; buffer[i] = (uint8_t)(lcg >> 24); }
    uint32_t fnv = 2166136261u;
    int lengths = 0, disagree = 0;
    for (size_t length = 0; length <= 70000; length = length < 300 ? length + 1 : length * 3 + 17) {
        uint8_t a[32], b[32];
        sha256(cd_sha256_blocks_portable, buffer, length, a);
        sha256(cd_sha256_blocks, buffer, length, b);
        if (memcmp(a, b, 32) != 0) { printf("paths disagree at length %zu\n", length); disagree++; }
        for (int i = 0; i < 32; i++) fnv = (fnv ^ a[i]) * 16777619u;
        lengths++;
    }
    printf("random buffers: %d lengths, paths %s, digests fnv1a %08x\n", lengths, disagree ? "DISAGREE" : "agree", fnv);
    free(million); free(buffer);
    return failures || disagree ? 1 : 0;
}
