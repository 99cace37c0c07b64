/* Pointer-to-pointer arrays (`float **a` read as `a[r][c]`, loop.h gpupar_rows_desc): the check
 * that written rows share no memory with other touched rows, and the packing that turns such an
 * array into one contiguous host buffer the device path copies like any other array. */
#ifndef GPUPAR_RUNTIME_ROWS_H
#define GPUPAR_RUNTIME_ROWS_H

#include <stddef.h>

#include "gpupar/loop.h"
#include "schedule/space.h"

/* Checks, over the whole iteration space, that the elements written in each row of a
 * pointer-to-pointer array share no byte with the elements touched in any other row (of any
 * array, rows allocated as one block included) nor with the other arrays' sections. Reads the
 * row pointers the loop uses. Returns GPUPAR_OK (also when the loop has no such array), or
 * GPUPAR_EINVAL with a reason in `why` (`len` bytes). */
int gpupar__rows_check(const gpupar_loop *loop, const gpupar_call *call, const gpupar__space *sp,
                       char *why, size_t len);

/* A call whose pointer-to-pointer arrays are packed into host buffers (owned by it). */
typedef struct gpupar__rows_pack gpupar__rows_pack;

/* Packs the touched elements of each touched row of every pointer-to-pointer array of `loop`
 * into a contiguous host buffer (element (r, c) at (r - r0) * pitch + (c - c0); or, when a
 * column moves with the loop variable, column by column at (c - c0) * rows + (r - r0), so
 * that a chunk's columns are one contiguous section) and sets `*ploop` and
 * `*pcall` to a loop and call that describe the packed buffers as flat arrays: the device path
 * runs them unchanged, the body finds row r through the gpupar_rows_layout scalar. `*out` owns
 * them; NULL (with `*ploop = loop`, `*pcall = call`) when the loop has no such array. Returns
 * GPUPAR_OK, GPUPAR_ENOMEM, or GPUPAR_EINVAL on overflow (with `why`). */
int gpupar__rows_pack_new(const gpupar_loop *loop, gpupar_call *call, const gpupar__space *sp,
                          gpupar__rows_pack **out, const gpupar_loop **ploop, gpupar_call **pcall,
                          char *why, size_t len);

/* Copies the written elements of every written row from the packed buffers back to the
 * program's rows (only the columns the loop writes in that row, over all iterations: the
 * devices have copied their own sections back into the packed buffers first). */
void gpupar__rows_unpack(const gpupar__rows_pack *pack);

/* Frees `pack` (NULL is ignored). */
void gpupar__rows_pack_free(gpupar__rows_pack *pack);

#endif
