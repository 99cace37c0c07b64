//===- Tiling.h - two-loop nests run as tiles on devices -------------------===//
//
// A nest `for i, for j { Pre; for (k = lo; k < hi; k++) S; Post }` (collapsed: matrix products,
// distances between two sets of points) whose inner loop reads X(i, k), not depending on j, and
// Y(k, j), not depending on i, from arrays the loop never writes. On a device a block of threads
// then runs a 128 x 128 tile of (i, j) iterations, 8 x 8 per thread, and stages an 8-wide slice
// of k of X and Y in shared memory, so that each value read from device memory serves 128
// iterations instead of one. Each iteration still runs Pre, S in the order of k, then Post; the
// iterations of a tile interleave, which the proven independence of the nest allows. What S
// writes must be Pre's variables, S's own, or one array element that does not move with k
// (`C[i][j] += ...`, kept in a register meanwhile): nothing else may be written while a thread
// runs 64 iterations at once.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_TILING_H
#define GPUPAR_PLUGIN_TILING_H

#include "Plan/LoopPlan.h"

#include "clang/AST/ASTContext.h"

#include <optional>

namespace gpupar {

/// Returns how plan `P` runs as tiles, or nothing when its nest does not have that form.
std::optional<PlanTile> planTile(clang::ASTContext &Ctx, const LoopPlan &P);

} // namespace gpupar

#endif
