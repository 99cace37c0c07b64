// Conditional writes of one constant (`if (c) flag = 1;`) end as the serial loop leaves them:
// '||'/'&&' for _Bool, 'max'/'min' with a run-time check of the value before the loop.
// Different constants, or a read of the flag, keep the loop serial.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify=expected,remarks -fplugin-arg-gpupar-remarks -fplugin-arg-gpupar-outdir=%t %s
// RUN: %gpupar_cc -fsyntax-only -fplugin-arg-gpupar-outdir=%t %s && %FileCheck %s --check-prefix=HOST < %t/reduction-constant-write.gpupar.c
#include <stdbool.h>
int f(int n, const float *a) {
  int found = 0, ok = 1;
  unsigned clear = 7;
  bool stop = false, all = true;
#pragma gpupar
  for (int i = 0; i < n; i++) { // remarks-remark {{loop offloaded}}
    if (a[i] > 10)
      found = 1;    // remarks-remark {{'found' is only set to 1 in the loop: it ends as 1 when an iteration sets it ('max' reduction; the loop runs serially unless found <= (1) before it)}}
    if (a[i] < -10)
      ok = 0;       // remarks-remark {{'ok' is only set to 0 in the loop: it ends as 0 when an iteration sets it ('min' reduction; the loop runs serially unless ok >= (0) before it)}}
    if (a[i] == 0)
      clear = 0;    // remarks-remark {{'clear' is only set to 0 in the loop: it ends as 0 when an iteration sets it ('min' reduction)}}
    if (a[i] > 1)
      stop = true;  // remarks-remark {{'stop' is only set to true in the loop: it ends as true when an iteration sets it ('||' reduction)}}
    if (a[i] > 2)
      all = false;  // remarks-remark {{'all' is only set to false in the loop: it ends as false when an iteration sets it ('&&' reduction)}}
  }
  return found + ok + stop + all + (int)clear;
}
// HOST: const int gpupar_if = ((found <= (1)) && (ok >= (0))) != 0;
int g(int n, const float *a) {
  int state = 0;
#pragma gpupar
  for (int i = 0; i < n; i++) {
    if (a[i] > 0)
      state = 1; // expected-warning {{'state' is read after the loop but not written in every iteration, so its value after the loop is not known; the loop stays serial}} expected-note {{declare it inside the loop, or write it in every iteration}}
    if (a[i] < 0)
      state = 2;
  }
  return state;
}
