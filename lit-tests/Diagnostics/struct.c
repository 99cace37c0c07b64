// Arrays of structs: p[i].x touches a part of element i of p (members of the previous element
// are a dependence only when they are the same member); unions and pointer members cannot be
// copied.
// RUN: %gpupar_cc -fsyntax-only -Xclang -verify -fplugin-arg-gpupar-outdir=%t %s
struct P { float x, y; struct { float z; } v; };
union U { float f; int i; };
struct L { float v; struct L *next; };
void f(int n, struct P *p, union U *u, struct L *l) {
#pragma gpupar
  for (int i = 0; i < n; i++)
    p[i].v.z = p[i].x + p[i].y;
#pragma gpupar
  for (int i = 0; i < n; i++)
    u[i].f = 0; // expected-warning {{union 'union U' is not supported in an offloaded loop}}
#pragma gpupar
  for (int i = 0; i < n; i++)
    l[i].v = 0; // expected-warning {{struct member 'next' is a pointer, which cannot be copied to a device}}
#pragma gpupar
  for (int i = 1; i < n; i++)
    p[i].x = p[i - 1].x; // expected-error {{write to 'p[i].x' and read of 'p[i - 1].x' carry a dependence of distance 1}} expected-note {{read is here}}
#pragma gpupar
  for (int i = 1; i < n; i++)
    p[i].x = p[i - 1].y; // another member of the previous element: no dependence
}
