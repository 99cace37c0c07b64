//===- FatalPaths.h - error reports that leave the program -----------------===//
//
// Real code checks its inputs in the middle of a computation and gives up:
// `if (m > mx) { printf("CFFTZ: ... %d\n", m); exit(1); }` (NPB FT). Such a fatal path reads
// data only to print it, and nothing after it runs. A device cannot print to the program's
// streams in order nor leave the program, so the kernel stops at the path instead
// (GPUPAR_FATAL, kernel.h) and the runtime runs the loop serially, where the path runs as
// written: the program prints and leaves as its serial build does. The analysis therefore
// skips the calls of a fatal path and their arguments, and the printer replaces the path.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_FATALPATHS_H
#define GPUPAR_PLUGIN_FATALPATHS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace gpupar {

/// Returns the call when statement `S` leaves the program, possibly cast to void: a call of the
/// C library's `exit`, `_Exit`, `quick_exit` or `abort`, or of a function of the file whose body
/// ends in such a call (a `die(msg)` helper); else null.
const clang::CallExpr *exitCall(const clang::Stmt *S);

/// Returns the call when statement `S` calls one of the C library's output functions (`printf`,
/// `fprintf`, `puts`, `fputs`, `putchar`, `fputc`, `putc`, `perror`, `fflush`), possibly cast
/// to void; else null.
const clang::CallExpr *reportCall(const clang::Stmt *S);

/// Returns whether `CE` calls one of the functions exitCall and reportCall accept. The analysis
/// accepts such a call only on a fatal path (onFatalPath), so later passes may skip it whole.
bool callsFatalPathFunction(const clang::CallExpr *CE);

/// Returns whether `CS` is a fatal block: its last statement is an exit call (exitCall).
bool endsInExit(const clang::CompoundStmt *CS);

/// Returns whether `S` holds a call callsFatalPathFunction accepts (in a loop body or a function
/// the analysis accepted, a fatal path).
bool hasFatalPath(const clang::Stmt *S);

/// Returns whether `CE` stands on a fatal path: an exit call that is a statement of its own
/// (not part of an expression or a condition), or a report call that is a statement of a
/// fatal block.
bool onFatalPath(clang::ASTContext &Ctx, const clang::CallExpr *CE);

} // namespace gpupar

#endif
