//===- CoveredReads.h - reads of what the same iteration wrote first ------------===//
//
// Scratch arrays that each iteration writes and then reads back (Rodinia srad's `dN[k] = ...;
// ... dN[k] * dN[k]`) are read and written, so every chunk copied them in before it ran. A read
// of an element that a statement earlier in the same iteration assigned never sees the value the
// array held before the loop: its term asks for no copy (GPUPAR_READ), and an array whose every
// read is such a read goes to the devices as written only.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_COVEREDREADS_H
#define GPUPAR_PLUGIN_COVEREDREADS_H

#include "Analysis/Accesses.h"

namespace gpupar {

/// Sets Access::CoveredRead on each read of `Loop`'s body (not in a called function) of an
/// element that an earlier statement `a[e] = v;` of a block around it, inside the body,
/// assigns: the same element as written (`sameValue`), its subscripts plain arithmetic over
/// constants and local variables that nothing from that statement to the one holding the read
/// writes (or takes the address of). Bodies with labels, `goto` or `switch` are left alone.
void markCoveredReads(clang::ASTContext &Ctx, const clang::ForStmt *Loop, BodyInfo &Info);

} // namespace gpupar

#endif
