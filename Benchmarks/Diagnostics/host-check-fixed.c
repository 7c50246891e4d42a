/*
 * A measurement aid for BENCHMARKS.md ("Sustained load and memory"), never linked into the SDK.
 *
 * FoundationNetworking on Linux checks, for every task it starts, that libcurl reads the same host
 * from the URL as Foundation does (CFURLSessionCurlHostIsEqual). In Swift 6.3.1 (and every release
 * since 5.10) that check frees the parsed URL handle with curl_free, which releases the handle but
 * not the parts libcurl stored in it: scheme, host, port and path stay allocated, four blocks of
 * 54 bytes in all for http://127.0.0.1:<port>/app/hello, about 145 bytes of heap with malloc's
 * overhead, for every request. swiftlang/swift-corelibs-foundation#5498 (main, July 2026) frees it with
 * curl_url_cleanup.
 *
 * Preloaded (LD_PRELOAD), this file's function of the same name answers the same question and
 * frees everything, so a run shows what the process keeps without that leak. It counts its calls
 * and prints the count at exit, which shows the preload took effect.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The few libcurl declarations needed (curl/curl.h and curl/urlapi.h, libcurl ≥ 7.62). */
typedef struct Curl_URL CURLU;
CURLU *curl_url(void);
void curl_url_cleanup(CURLU *handle);
int curl_url_set(CURLU *handle, int what, const char *part, unsigned int flags);
int curl_url_get(CURLU *handle, int what, char **part, unsigned int flags);
void curl_free(void *pointer);
enum { PART_URL = 0, PART_HOST = 5, URL_OK = 0 };

static unsigned long calls;

bool CFURLSessionCurlHostIsEqual(const char *url, const char *expectedHost) {
    __atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED);
    CURLU *parsed = curl_url();
    if (parsed == NULL) return false;
    bool equal = false;
    char *host = NULL;
    if (curl_url_set(parsed, PART_URL, url, 0) == URL_OK && curl_url_get(parsed, PART_HOST, &host, 0) == URL_OK) {
        /* libcurl keeps an IPv6 literal's brackets; Foundation's URL.host has none. */
        size_t length = strlen(host);
        const char *start = host;
        if (length >= 2 && start[0] == '[' && start[length - 1] == ']') {
            start += 1;
            length -= 2;
        }
        equal = length == strlen(expectedHost) && memcmp(start, expectedHost, length) == 0;
        curl_free(host);
    }
    curl_url_cleanup(parsed);
    return equal;
}

__attribute__((destructor)) static void report(void) {
    fprintf(stderr, "host-check-fixed: CFURLSessionCurlHostIsEqual answered %lu calls\n",
            __atomic_load_n(&calls, __ATOMIC_RELAXED));
}
