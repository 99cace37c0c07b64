//===- Asserts.h - `assert(e)` in offloaded code ---------------------------===//
//
// The C library's `assert(e)` expands to code that only reads `e` and, when `e` is false, calls
// the library's assertion failure with the text of `e`, the file, the line and the function
// name: glibc's `({ if (e) ; else __assert_fail("e", "f.c", 12, __PRETTY_FUNCTION__); })` (GNU
// C) or `(e) ? (void)0 : __assert_fail(...)` (strict C). CUDA provides `__assert_fail` in device
// code (a failed assertion stops the kernel; the runtime then runs the loop on the host, where
// it fails as in the serial program), so both forms are printed as they are.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_ASSERTS_H
#define GPUPAR_PLUGIN_ASSERTS_H

#include "clang/AST/Expr.h"

namespace gpupar {

/// Returns true when `CE` calls the assertion failure of a C library (`__assert_fail`,
/// `__assert_rtn`, `__assert`) with literal arguments and function names only: it reads none of
/// the program's data.
bool isAssertFailure(const clang::CallExpr *CE);

/// Returns `e` when `SE` is `({ if (e) ; else F(...); })` with F an assertion failure (the
/// expansion of glibc's `assert(e)`), else null.
const clang::Expr *assertCondition(const clang::StmtExpr *SE);

} // namespace gpupar

#endif
