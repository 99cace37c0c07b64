//===- Functions.h - functions of this file called from an offloaded loop --===//
//
// A function defined in the translation unit may be called from an offloaded loop when its
// body follows the loop's rules: it takes values and pointers and returns values, declares
// pointer locals only with an initialiser, uses only its
// parameters, its locals and file-scope numbers and structs it reads (never writes; the device
// copy takes their values as parameters), no static locals, calls only C math
// functions and other such functions, and no function reaches itself again (no recursion,
// direct or mutual). Accepted functions are collected callees first for the emitter.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_FUNCTIONS_H
#define GPUPAR_PLUGIN_FUNCTIONS_H

#include "Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <vector>

namespace gpupar {

/// Returns why a call to `FD` (no body in this file) cannot be made in an offloaded loop:
/// `longjmp`, `alloca`, I/O ...; `InFunction`: the call is in a function the loop calls (the
/// message then says that the loop stays serial).
Reason undefinedCallProblem(const clang::FunctionDecl *FD, bool InFunction);

/// Checks function `FD` (its definition) and everything it calls. Appends the accepted
/// functions to `Out` (callees first, no duplicates), the types they use to `Types`, and the
/// file-scope constants they read to `Constants` (isDeviceConstant). Returns false with the
/// reason in `P` (at the offending expression inside the function).
bool checkDeviceFunction(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                         std::vector<const clang::FunctionDecl *> &Out,
                         std::vector<clang::QualType> &Types,
                         std::vector<const clang::VarDecl *> &Constants, Problem &P);

/// The declaration of file-scope variable `VD` with the most complete type: its definition
/// (tentative or not), else its latest declaration (`extern int perm[];` before a function,
/// `int perm[8];` after it). Other variables: `VD`.
const clang::VarDecl *fileVariable(const clang::VarDecl *VD);

/// The parameters of `FD` and every variable its body declares, in any block.
std::vector<const clang::VarDecl *> declaredVariables(const clang::FunctionDecl *FD);

/// The file-scope variables other than device constants that `FD` and the functions it calls read
/// (canonical declarations, in the order first read). The device copy of `FD` takes their values
/// as trailing parameters of the same names, and its calls pass them on.
std::vector<const clang::VarDecl *> functionGlobals(const clang::ASTContext &Ctx,
                                                    const clang::FunctionDecl *FD);

/// Returns whether `VD` is a file-scope `const` integer (not `_Bool`), `float` or `double`
/// variable whose initialiser is a constant (`static const double scale = 2.5;`): a function
/// the loop calls may read it, and the .cu file gets a copy with its value (constantDefinition).
bool isDeviceConstant(const clang::ASTContext &Ctx, const clang::VarDecl *VD);

/// Returns the C++ definition of device constant `VD` for the .cu file, with its value exact:
/// `static constexpr double scale = 0x1.4p+1;`.
std::string constantDefinition(const clang::ASTContext &Ctx, const clang::VarDecl *VD);

} // namespace gpupar

#endif
