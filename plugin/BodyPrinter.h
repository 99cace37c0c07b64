//===- BodyPrinter.h - prints a C loop body as C++ for the .cu file --------===//
//
// Statements are printed here (so that declarations and `for` initialisations go through the
// same expression printer); expressions are printed by Clang's StmtPrinter with a helper that
// prints what C and C++ read differently: enum constants become integer literals, math-call
// arguments are cast to the C parameter types (so C++ overloads such as sqrt(float) cannot
// change the result), and initializer-list elements are cast to the element type (C++ rejects
// narrowing there). Types are printed canonical, `_Bool` as `bool`.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_BODYPRINTER_H
#define GPUPAR_PLUGIN_BODYPRINTER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <string>

namespace gpupar {

/// Returns the statements of `Body` (a compound statement's children, or `Body` itself), one
/// per line, at indentation `Indent` (in spaces).
std::string printBody(const clang::ASTContext &Ctx, const clang::Stmt *Body, unsigned Indent);

} // namespace gpupar

#endif
