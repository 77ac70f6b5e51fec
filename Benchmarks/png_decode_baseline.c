/* The floor for `stickerpack lint`'s time: a plain libpng decode of the same files, and nothing else.
 *
 * Usage: png_decode_baseline N LIST
 *
 * LIST holds one PNG path a line. N processes are forked; process i decodes files i, i+N, i+2N, ... (so each
 * takes 1/N of the list, and a list sorted by name spreads its big and small files evenly), each file with
 * libpng's simplified API to 8-bit RGBA (png_image_begin_read_from_file, png_image_finish_read) into a buffer
 * that is freed before the next. Exits non-zero if any file fails to decode; prints the file count and the
 * pixels decoded to standard error.
 *
 * Built by `make bench`: cc -O2 png_decode_baseline.c $(pkg-config --cflags --libs libpng)
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char **read_list(const char *path, size_t *count) {
    FILE *list = fopen(path, "r");
    if (!list) {
        perror(path);
        exit(2);
    }
    size_t capacity = 1024, n = 0;
    char **paths = malloc(capacity * sizeof *paths);
    char *line = NULL;
    size_t size = 0;
    ssize_t length;
    while ((length = getline(&line, &size, list)) != -1) {
        while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = '\0';
        if (length == 0) continue;
        if (n == capacity) paths = realloc(paths, (capacity *= 2) * sizeof *paths);
        paths[n++] = strdup(line);
    }
    free(line);
    fclose(list);
    *count = n;
    return paths;
}

/* Decodes paths[first], paths[first + step], ...; returns the number of failures. */
static int decode_share(char **paths, size_t count, size_t first, size_t step, unsigned long long *pixels) {
    int failures = 0;
    for (size_t i = first; i < count; i += step) {
        png_image image;
        memset(&image, 0, sizeof image);
        image.version = PNG_IMAGE_VERSION;
        if (!png_image_begin_read_from_file(&image, paths[i])) {
            fprintf(stderr, "%s: %s\n", paths[i], image.message);
            failures++;
            continue;
        }
        image.format = PNG_FORMAT_RGBA;
        png_bytep buffer = malloc(PNG_IMAGE_SIZE(image));
        if (!buffer) {
            fprintf(stderr, "%s: out of memory\n", paths[i]);
            png_image_free(&image);
            failures++;
            continue;
        }
        if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
            fprintf(stderr, "%s: %s\n", paths[i], image.message);
            failures++;
        } else {
            *pixels += (unsigned long long)image.width * image.height;
        }
        png_image_free(&image);
        free(buffer);
    }
    return failures;
}

int main(int argc, char **argv) {
    if (argc != 3 || atoi(argv[1]) < 1) {
        fprintf(stderr, "usage: %s N LIST   (N processes decode the PNGs listed one a line in LIST)\n", argv[0]);
        return 2;
    }
    int processes = atoi(argv[1]);
    size_t count;
    char **paths = read_list(argv[2], &count);
    for (int p = 0; p < processes; p++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 2;
        }
        if (pid == 0) {
            unsigned long long pixels = 0;
            int failures = decode_share(paths, count, (size_t)p, (size_t)processes, &pixels);
            fprintf(stderr, "process %d: %.1f Mpx decoded, %d failed\n", p, pixels / 1e6, failures);
            _exit(failures ? 1 : 0);
        }
    }
    int failed = 0, status;
    while (wait(&status) > 0) {
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) failed = 1;
    }
    fprintf(stderr, "%zu files, %d processes%s\n", count, processes, failed ? ", some failed" : "");
    return failed;
}
