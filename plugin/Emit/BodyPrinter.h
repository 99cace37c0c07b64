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
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <string>
#include <utility>
#include <vector>

namespace gpupar {

/// Returns the name of the device copy of function `FD` in the .cu file: `gpupar_fn_<name>`
/// (CUDA declares `min`, `max` and more in the global namespace).
std::string deviceFunctionName(const clang::FunctionDecl *FD);

/// Returns C++ declarations of `Types` (records, typedefs, enums of the input, in dependency
/// order): forward declarations of named records first, then each definition.
std::string printTypes(const clang::ASTContext &Ctx,
                       const std::vector<const clang::TypeDecl *> &Types);

/// Returns the definition of `FD` as `static __host__ __device__ inline` C++ named
/// deviceFunctionName(FD); calls in its body go to the other device copies.
std::string printFunction(const clang::ASTContext &Ctx, const clang::FunctionDecl *FD);

/// An update of an array-reduction element, printed as `Fn(&(Target), (TypeCxx)(Value))`
/// (negated for `-=` and `--`; one for `++`/`--`), see ElementUpdate.h, or with its index
/// checked against the section (Check).
struct UpdateRewrite {
  const clang::Expr *Whole = nullptr, *Target = nullptr, *Value = nullptr;
  bool Negate = false;
  std::string Fn;      ///< `gpupar_red_update<gpupar_red_add<long > >`
  std::string TypeCxx; ///< the element type
  /// A section checked at run time: the body's gpupar_red_check variable, and the array (the
  /// body's pointer to its partial buffer). The update is then printed as
  /// `Fn(Array, Check, (long long)(index), (TypeCxx)(Value))` with Fn gpupar_red_update_in.
  std::string Check, Array;
};

/// An expression of the body printed as a name instead (a struct member read once before the
/// loop: LoopPlan::MemberReads).
using NameRewrite = std::pair<const clang::Expr *, std::string>;

/// Returns the statements of `Body` (a compound statement's children, or `Body` itself), one
/// per line, at indentation `Indent` (in spaces), with the updates in `Updates` and the
/// expressions in `Names` rewritten.
std::string printBody(const clang::ASTContext &Ctx, const clang::Stmt *Body, unsigned Indent,
                      const std::vector<UpdateRewrite> &Updates = {},
                      const std::vector<NameRewrite> &Names = {});

/// Returns the C++ declaration of pointer variable `VD` (no initialiser): `restrict` as
/// `__restrict__`.
std::string pointerDeclCxx(const clang::ASTContext &Ctx, const clang::VarDecl *VD);

/// Returns expression `E` printed as printBody prints expressions, with the expressions in
/// `Names` rewritten.
std::string printExpr(const clang::ASTContext &Ctx, const clang::Expr *E,
                      const std::vector<NameRewrite> &Names = {});

} // namespace gpupar

#endif
