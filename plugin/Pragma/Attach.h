//===- Attach.h - finds the loop a `#pragma gpupar` belongs to -------------===//
//
// Between the pragma and its `for` only preprocessor lines may stand: directives (`#endif`,
// `#pragma omp parallel for`), blocks the preprocessor skipped (`#else` branches), comments.
// Loop pragmas of other tools next to it (`#pragma omp ...`, `#pragma GCC ivdep`) belong to the
// same loop: the host file moves them next to the `for` it keeps as the CPU fallback, so a
// compile with `-fopenmp` still finds its loop right after them.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_ATTACH_H
#define GPUPAR_PLUGIN_ATTACH_H

#include "Pragma/PragmaHandler.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Token.h"

#include <optional>
#include <vector>

namespace gpupar {

/// Returns the first token after the end of pragma `R` (`PragmaEnd`: the end of its expansion)
/// that is not part of a preprocessor line, a skipped block or a comment; stops at another
/// `#pragma gpupar` of the log (returning its `#`). Nothing at the end of the file.
std::optional<clang::Token> tokenAfterPragma(clang::SourceLocation PragmaEnd, const PragmaLog &Log,
                                             const clang::SourceManager &SM,
                                             const clang::LangOptions &LO);

/// Returns the first token from `Start` on, as tokenAfterPragma does.
std::optional<clang::Token> tokenFrom(clang::SourceLocation Start, const PragmaLog &Log,
                                      const clang::SourceManager &SM, const clang::LangOptions &LO);

/// Returns the character ranges of the active loop pragmas of other tools (`omp`, `acc`, `GCC
/// ivdep`, ...) that stand with hash pragma `R` before the loop at `ForLoc`: on the lines between
/// them, and on the preprocessor lines right above the pragma.
std::vector<clang::CharSourceRange> loopPragmasOf(const PragmaRecord &R,
                                                  clang::SourceLocation ForLoc,
                                                  const PragmaLog &Log,
                                                  const clang::SourceManager &SM);

/// Returns the offset of the newline that ends the directive line holding offset `Off` of `Buf`,
/// past its continued lines (the end of `Buf` when none follows).
size_t directiveEnd(llvm::StringRef Buf, size_t Off);

/// Where a directive's text (from its `#`) opens an OpenMP `parallel` region alone: a region
/// every thread of the team runs, unlike `parallel for`, `parallel sections`, ... which share
/// their statement out. Returns the offset in `Directive` just past the word `parallel`, or
/// nothing for any other directive.
std::optional<size_t> ompRegionParallelEnd(llvm::StringRef Directive);

/// Returns the construct word of an OpenMP pragma (`parallel`, `for`, `single`, ...) from its
/// text (from its `#`); empty when `Directive` is not `#pragma omp`.
llvm::StringRef ompConstruct(llvm::StringRef Directive);

} // namespace gpupar

#endif
