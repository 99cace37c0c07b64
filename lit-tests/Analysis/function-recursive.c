// Recursion, direct or mutual, cannot run in an offloaded loop.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
static int fact(int k) { return k <= 1 ? 1 : k * fact(k - 1); } // expected-warning {{function 'fact' is recursive ('fact' -> 'fact'); recursion cannot run in an offloaded loop; the loop stays serial}}
static int ping(int k);
static int pong(int k) { return k ? ping(k - 1) : 0; }
static int ping(int k) { return k ? pong(k - 1) : 1; } // expected-warning {{function 'ping' is recursive ('ping' -> 'pong' -> 'ping')}}
void f(int n, float *a) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = fact(i); // expected-note {{called from the loop here}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    a[i] = ping(i); // expected-note {{called from the loop here}}
}
