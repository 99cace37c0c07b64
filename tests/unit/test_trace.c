/* GPUPAR_TRACE: run with GPUPAR_DEVICES=emu:3 and GPUPAR_TRACE=<file>. `test_trace` writes the
 * file and checks it roughly (check_trace.py then checks it with a JSON parser);
 * `test_trace unwritable` expects GPUPAR_TRACE to name a file that cannot be written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "loops.h"

static int unwritable;

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  static char text[1 << 20];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  return text;
}

static unsigned long long number_after(const char *from, const char *key) {
  const char *p = strstr(from, key);
  assert_non_null(p);
  return strtoull(p + strlen(key), NULL, 10);
}

static void test_trace_file(void **state) {
  (void)state;
  enum { N = 1000 };
  static float x[N + 1], y[N + 1];
  for (int i = 0; i < N; i++)
    x[i] = y[i] = (float)i;
  assert_int_equal(saxpy_offload(N, 2.0f, x, y), 1);       /* 3 chunks on emu:0..2 */
  assert_int_equal(saxpy_offload(500, 2.0f, x, x + 1), 0); /* overlap: one cpu chunk */
  if (unwritable) {
    assert_int_equal(gpupar_trace_flush(), GPUPAR_EIO);
    return;
  }
  assert_int_equal(gpupar_trace_flush(), GPUPAR_OK);
  const char *text = read_file(getenv("GPUPAR_TRACE"));
  assert_true(strncmp(text, "{\"traceEvents\":[", 16) == 0);
  /* Chunk events of saxpy with trip 1000 tile [0, 1000); the cpu chunk covers [0, 500). */
  unsigned long long covered[2] = {0, 0};
  int chunks = 0;
  for (const char *p = strstr(text, "\"cat\":\"chunk\""); p;
       p = strstr(p + 1, "\"cat\":\"chunk\"")) {
    chunks++;
    const char *end = strchr(p, '}');
    assert_non_null(end);
    unsigned long long b = number_after(p, "\"begin\":"), e = number_after(p, "\"end\":"),
                       t = number_after(p, "\"trip\":");
    assert_true(b < e && e <= t);
    assert_true(t == N || t == 500);
    covered[t == 500] += e - b;
    const char *dev = strstr(p, "\"device\":\"");
    assert_true(dev && dev < end);
    assert_true(strncmp(dev + 10, t == 500 ? "cpu\"" : "emu:", 4) == 0);
  }
  assert_int_equal(chunks, 4);
  assert_true(covered[0] == N && covered[1] == 500);
  assert_non_null(strstr(text, "\"loop\":\"saxpy.c:3\""));
  assert_non_null(strstr(text, "\"cat\":\"copy\""));
  assert_non_null(strstr(text, "\"direction\":\"h2d\""));
  assert_non_null(strstr(text, "\"direction\":\"d2h\""));
  assert_non_null(strstr(text, "\"array\":\"x\""));
  assert_non_null(strstr(text, "\"name\":\"thread_name\""));
  assert_non_null(strstr(text, "\"args\":{\"name\":\"emu:2 stream 0\"}"));
  assert_non_null(strstr(text, "\"args\":{\"name\":\"cpu\"}"));
  /* A loop after the flush reaches the file written at exit (check_trace.py looks for it). */
  static float in[40 * 30], out[40 * 30];
  assert_int_equal(stencil_offload(40, 30, in, out), 1);
}

int main(int argc, char **argv) {
  unwritable = argc > 1 && strcmp(argv[1], "unwritable") == 0;
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_trace_file)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
