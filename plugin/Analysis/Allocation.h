//===- Allocation.h - extents of arrays the loop's function allocates -----===//
//
// `double *x = malloc(n * sizeof *x); ... for (...) y[i] = x[col[i]];`: a pointer read at
// indices known only at run time needs its extent, which a `map` clause gives. When the loop's
// own function stores the pointer once, from the C library's malloc or calloc, before the loop,
// the extent is the allocation's: the host file asks the runtime for it at the call
// (gpupar_alloc_elems, the allocator's usable size), so no copy leaves the user's block.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_ALLOCATION_H
#define GPUPAR_PLUGIN_ALLOCATION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <string>

namespace gpupar {

/// Returns the element count of the block `VD` points to at loop `Loop`, as C text for the host
/// file (`gpupar_alloc_elems(x, sizeof(*x))`), when `VD` is a local pointer of the loop's
/// function (not a parameter) whose one store is a direct call of the C library's `malloc` or
/// `calloc` (cast or not; a null initialiser before it is allowed), in a statement of a block
/// around the loop that comes before it, with no `++`, `--` or `&` of `VD` and no label in the
/// function; else nullopt.
std::optional<std::string> allocationExtent(clang::ASTContext &Ctx, const clang::ForStmt *Loop,
                                            const clang::VarDecl *VD);

/// Returns whether the extent of pointer `VD` may be asked of the runtime at the call: the block
/// of the program's memory it points into (gpupar_heap_extent). `VD` is a variable (a parameter,
/// a local or a global) of pointer type to elements of a constant size.
bool heapExtentFits(const clang::VarDecl *VD);

} // namespace gpupar

#endif
