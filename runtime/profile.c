/* The profile table: one line per loop site, in first-call order. */
#include "profile.h"

#include <stdlib.h>

#include "gpupar/gpupar.h"
#include "placement/site.h"

void gpupar__profile_write(FILE *out) {
  if (!out)
    out = stderr;
  int n = gpupar__site_list(NULL, 0);
  gpupar__site_stats *s = n > 0 ? calloc((size_t)n, sizeof *s) : NULL;
  if (n > 0 && !s)
    return;
  int m = gpupar__site_list(s, n);
  if (m < n)
    n = m;
  char line[256];
  snprintf(line, sizeof line, "%-24s %7s %7s %7s %7s %6s %10s %10s %10s %8s\n", "gpupar profile",
           "calls", "devices", "host", "serial", "faults", "time ms", "MB in", "MB out", "GB/s");
  fputs(line, out);
  for (int i = 0; i < n; i++) {
    double mb_in = (double)s[i].bytes_in / 1e6, mb_out = (double)s[i].bytes_out / 1e6;
    double gbs = s[i].time_us > 0 ? (mb_in + mb_out) / 1e3 / (s[i].time_us / 1e6) : 0;
    snprintf(line, sizeof line,
             "%-24.24s %7llu %7llu %7llu %7llu %6llu %10.3f %10.3f %10.3f %8.2f\n", s[i].name,
             s[i].calls, s[i].where[0], s[i].where[1], s[i].where[2], s[i].faults,
             s[i].time_us / 1e3, mb_in, mb_out, gbs);
    fputs(line, out);
  }
  /* The data path per call (docs/performance.md, "Counters"). */
  int header = 0;
  for (int i = 0; i < n; i++) {
    const gpupar_counters *c = &s[i].counters;
    if (c->calls == 0)
      continue;
    if (!header) {
      snprintf(line, sizeof line, "%-24s %7s %7s %10s %6s %6s %6s %6s %8s %6s %8s\n",
               "gpupar data path/call", "calls", "subs", "memcpy MB", "h2d", "d2h", "d2d", "syncs",
               "launches", "reg", "pageable");
      fputs(line, out);
      header = 1;
    }
    double k = 1.0 / (double)c->calls;
    snprintf(line, sizeof line,
             "%-24.24s %7llu %7.1f %10.3f %6.1f %6.1f %6.1f %6.1f %8.1f %6.1f %8.1f\n", s[i].name,
             c->calls, (double)c->subchunks * k, (double)c->memcpy_bytes * k / 1e6,
             (double)c->h2d * k, (double)c->d2h * k, (double)c->d2d * k, (double)c->syncs * k,
             (double)c->launches * k, (double)c->registered * k, (double)c->pageable * k);
    fputs(line, out);
  }
  fflush(out);
  free(s);
}

void gpupar__profile_print(void) { gpupar__profile_write(stderr); }
