/* NCCL, loaded with dlopen on first use so that libgpupar has no link-time dependency on it:
 * which reductions NCCL can combine, and ncclReduce over a set of CUDA devices (one
 * communicator per device set, created once and kept). See docs/runtime.md, "Reductions". */
#ifndef GPUPAR_RUNTIME_NCCL_DL_H
#define GPUPAR_RUNTIME_NCCL_DL_H

#include <stddef.h>

/* The ncclDataType_t of elements of type (kind, size) (gpupar_type_kind), or -1 when NCCL has
 * none (16-bit integers, _Bool, long double). */
int gpupar__nccl_datatype(int kind, size_t size);

/* The ncclRedOp_t of `op` (gpupar_red_op): + * min max; -1 for the others (& | ^ && ||). */
int gpupar__nccl_redop(int op);

/* Returns whether NCCL can combine elements of type (kind, size) with `op`. */
int gpupar__nccl_can_reduce(int kind, size_t size, int op);

/* Sets `*version` to NCCL's version code (2.28.9: 22809). Returns GPUPAR_OK, or GPUPAR_ENODEV
 * when libnccl.so.2 cannot be loaded. */
int gpupar__nccl_version(int *version);

/* Runs ncclReduce of `count` elements (datatype from gpupar__nccl_datatype, op from
 * gpupar__nccl_redop) over the CUDA devices `ordinals[0..n)` (n >= 2, distinct): rank i sends
 * src[i] on streams[i] (cudaStream_t); the result lands in `dst` on ordinals[root]. Asynchronous:
 * complete when those streams are. Returns 0, or -1 with a one-line message in `msg`. */
int gpupar__nccl_reduce(const int *ordinals, int n, int root, void *const *src, void *dst,
                        size_t count, int datatype, int op, void *const *streams, char *msg,
                        size_t len);

/* Checks the communicators of `ordinals[0..n)` for an asynchronous error
 * (ncclCommGetAsyncError); on one, aborts them (the set is not used again) and returns -1 with
 * `msg` set. Returns 0 otherwise (also when NCCL or the set is missing). */
int gpupar__nccl_check(const int *ordinals, int n, char *msg, size_t len);

/* Aborts the communicators of `ordinals[0..n)` (ncclCommAbort: their pending collectives end)
 * because of `why`; the set is not used again. */
void gpupar__nccl_abort(const int *ordinals, int n, const char *why);

/* Frees every communicator (ncclCommDestroy). Registered with atexit when the first set is
 * created (after NCCL's own exit handlers, so it runs before them). */
void gpupar__nccl_shutdown(void);

#endif
