//===- CudaEmitter.cpp - prints the generated .cu file ---------------------===//
#include "Emit/CudaEmitter.h"
#include "Analysis/Functions.h"
#include "Emit/BodyPrinter.h"
#include "Emit/PlanText.h"
#include "Emit/RuntimeNames.h"
#include "Text.h"

#include "gpupar/version.h"

#include "clang/AST/PrettyPrinter.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace gpupar {

namespace {

/// Declares `Name` as a pointer to array `A`'s elements (`const float *Name`) or, with inner
/// dimensions, to its rows (`double (*Name)[4][5]`), so the body's `A[i][j]` compiles unchanged.
/// An empty `Name` gives the type, for casts.
std::string arrayDecl(const ASTContext &Ctx, const PlanArray &A, const std::string &Name) {
  std::string Elem = (A.Write ? "" : "const ") + typeCxx(Ctx, A.Elem);
  if (A.Rows) { // a struct: `__restrict__` does not apply
    std::string Plain = Name.rfind("__restrict__ ", 0) == 0 ? Name.substr(13) : Name;
    return std::string(A.MovingColumn ? rt::Cols : rt::Rows) + "<" + Elem + " >" +
           (Plain.empty() ? "" : " " + Plain);
  }
  if (!A.VarDims.empty()) { // a struct, as above
    std::string Plain = Name.rfind("__restrict__ ", 0) == 0 ? Name.substr(13) : Name;
    return std::string(rt::Vla) + "<" + Elem + ", " + std::to_string(A.VarDims.size()) + ">" +
           (Plain.empty() ? "" : " " + Plain);
  }
  if (A.Dims.empty())
    return Elem + " *" + Name;
  std::string S = Elem + " (*" + Name + ")";
  for (uint64_t D : A.Dims)
    S += "[" + std::to_string(D) + "]";
  return S;
}

/// Returns array `A`'s value from slot `I` of the launch, as the body's parameter takes it.
std::string arrayLoad(const ASTContext &Ctx, const LoopPlan &P, const PlanArray &A, size_t I) {
  std::string Slot = "gpupar_L->arrays[" + std::to_string(I) + "]";
  if (A.Rows)
    return arrayDecl(Ctx, A, "") + "(" + Slot + ", *(const " + rt::RowsLayout +
           " *)gpupar_L->scalars[" + std::to_string(A.LayoutScalar) + "])";
  if (A.VarDims.empty())
    return "(" + arrayDecl(Ctx, A, "") + ")" + Slot;
  // `gpupar_vla<T, N>{(T *)slot, {dims}}`: each variable dimension read from its scalar slot.
  std::string Dims;
  for (const PlanDim &D : A.VarDims) {
    Dims += Dims.empty() ? "" : ", ";
    if (!D.Scalar) {
      Dims += std::to_string(D.Size) + "LL";
      continue;
    }
    Dims += "(long long)*(const " + scalarTypeCxx(Ctx, P.Scalars[*D.Scalar]) +
            " *)gpupar_L->scalars[" + std::to_string(*D.Scalar) + "]";
  }
  return arrayDecl(Ctx, A, "") + "{(" + std::string(A.Write ? "" : "const ") +
         typeCxx(Ctx, A.Elem) + " *)" + Slot + ", {" + Dims + "}}";
}

/// The per-thread variables: declarations (at `Indent`; a kernel's or the host entry's), the
/// body's extra parameters and arguments, and the descriptor index of each entry with one (-1
/// otherwise). An array reduction's variable points into its partial buffer (the host entry)
/// or its block's copy (a kernel), shifted so that the body's `a[e]` is element e - lo.
struct PerThread {
  std::string Locals, Params, Args;
  std::vector<int> Desc;
  unsigned NumDesc = 0;
  bool AnyArray = false;
  bool AnyChecked = false; ///< some array reduction's section is checked at run time
};

std::string slotPointer(const ASTContext &Ctx, const PlanReduction &R, int D) {
  return "(" + typeCxx(Ctx, R.Type) + " *)gpupar_L->partials[" + std::to_string(D) + "]";
}

std::string opType(const ASTContext &Ctx, const PlanReduction &R) {
  return std::string(rt::reductionOpTemplate(R.Op)) + "<" + typeCxx(Ctx, R.Type) + " >";
}

/// The body's run-time check of array reduction `R`'s section.
std::string checkName(const PlanReduction &R) { return "gpupar_chk_" + reductionName(R); }

PerThread perThread(const ASTContext &Ctx, const LoopPlan &P, const std::string &Indent,
                    bool Kernel) {
  PerThread T;
  for (const PlanReduction &R : P.Reductions) {
    int D = LoopPlan::hasDescriptor(R) ? (int)T.NumDesc++ : -1;
    T.Desc.push_back(D);
    std::string Name = reductionName(R), Type = typeCxx(Ctx, R.Type);
    T.Args += ", " + Name;
    if (R.IsArray) {
      std::string DS = std::to_string(D);
      std::string Lo = scalarName(P, P.Scalars[R.LoScalar]);
      T.AnyArray = true;
      T.Params += ", " + Type + " *" + Name;
      if (Kernel)
        T.Locals += Indent + Type + " *" + Name + " = " + rt::RedPrivateBegin + "<" +
                    opType(Ctx, R) + " >(gpupar_r" + DS + ", gpupar_c" + DS +
                    ", gpupar_cursor) - " + Lo + ";\n";
      else
        T.Locals += Indent + "if (!gpupar_L->partials_ready)\n" + Indent + "  " + rt::RedFill +
                    "<" + opType(Ctx, R) + " >(" + slotPointer(Ctx, R, D) +
                    ", gpupar_L->partial_counts[" + DS + "]);\n" + Indent + Type + " *" + Name +
                    " = " + slotPointer(Ctx, R, D) + " - " + Lo + ";\n";
      if (R.Checked) {
        std::string Chk = checkName(R);
        std::string Count = Kernel ? "gpupar_c" + DS : "gpupar_L->partial_counts[" + DS + "]";
        std::string Flags = Kernel ? "gpupar_outside" : "gpupar_L->outside";
        T.Params += ", " + std::string(rt::RedCheck) + " " + Chk;
        T.Args += ", " + Chk;
        T.Locals += Indent + "const " + rt::RedCheck + " " + Chk + " = {" + Lo + ", " + Count +
                    ", " + Flags + " ? " + Flags + " + " + DS + " : nullptr};\n";
        T.AnyChecked = true;
      }
      continue;
    }
    T.Locals += Indent + Type + " " + Name;
    if (R.Kind == PlanReduction::Reduce)
      T.Locals += " = " + opType(Ctx, R) + "::id();\n";
    else // `T t{}`: value-initialised; `T()` is ill-formed for `unsigned char`, `long long`
      T.Locals += "{};\n";
    T.Params += ", " + Type + " &" + Name;
  }
  if (Kernel && T.AnyArray)
    T.Locals = Indent + rt::DynamicShared + "(gpupar_smem);\n" + Indent +
               "unsigned char *gpupar_cursor = gpupar_shared ? gpupar_smem : nullptr;\n" + T.Locals;
  return T;
}

/// The text shared by the functions generated for one loop: the parameter lists of the body, the
/// kernel and the calls, and the host entry's locals. Values only the generated code uses (the
/// scalars other than user variables) are the kernel's alone.
struct LoopText {
  std::string Params, Args, HostLocals, LaunchArgs, GenParams, GenLaunchArgs;
  std::string SlotParams;             ///< the kernel's partial buffers
  std::string NestParams;             ///< the collapsed loops' variables, after the outer one
  std::string Index;                  ///< `(T)GPUPAR_INDEX(`: the outer variable's value
  PerThread Host, Kernel;             ///< per-thread variables of the host entry and the kernel
  std::vector<UpdateRewrite> Updates; ///< array-reduction updates as the body prints them
  std::vector<NameRewrite> Names;     ///< struct members read once, as the body names them
  /// A tiled nest's struct (kernel.h gpupar_tiled): its fields (the body's parameters) and their
  /// values in the launcher, in the same order.
  std::string Fields, FieldValues;
};

LoopText loopText(const ASTContext &Ctx, const LoopPlan &P) {
  LoopText L;
  for (size_t I = 0; I < P.Scalars.size(); ++I) {
    const PlanScalar &S = P.Scalars[I];
    if (S.Kind == PlanScalar::Layout || S.Kind == PlanScalar::Extent)
      continue; // read with its array below
    std::string Type = scalarTypeCxx(Ctx, S), Name = scalarName(P, S);
    std::string Load = "*(const " + Type + " *)gpupar_L->scalars[" + std::to_string(I) + "]";
    L.HostLocals += "  " + Type + " " + Name + " = " + Load + ";\n";
    if (S.Kind != PlanScalar::Variable && S.Kind != PlanScalar::Member) {
      L.GenParams += ", " + Type + " " + Name;
      L.GenLaunchArgs += ",\n      " + Load;
      continue;
    }
    L.Params += ", " + Type + " " + Name;
    L.Args += ", " + Name;
    L.LaunchArgs += ",\n      " + Load;
    L.Fields += "  " + Type + " " + Name + ";\n";
    L.FieldValues += (L.FieldValues.empty() ? "" : ", ") + Load;
  }
  for (size_t I = 0; I < P.Arrays.size(); ++I) {
    const PlanArray &A = P.Arrays[I];
    std::string Name = arrayName(P, (unsigned)I);
    L.Params += ", " + arrayDecl(Ctx, A, "__restrict__ " + Name);
    L.Args += ", " + Name;
    std::string Load = arrayLoad(Ctx, P, A, I);
    L.HostLocals += "  " + arrayDecl(Ctx, A, Name) + " = " + Load + ";\n";
    L.LaunchArgs += ",\n      " + Load;
    L.Fields += "  " + arrayDecl(Ctx, A, Name) + ";\n";
    L.FieldValues += (L.FieldValues.empty() ? "" : ", ") + Load;
  }
  L.Host = perThread(Ctx, P, "  ", /*Kernel=*/false);
  L.Kernel = perThread(Ctx, P, "  ", /*Kernel=*/true);
  const PerThread &PT = L.Host;
  for (size_t I = 0; I < P.Reductions.size(); ++I)
    if (PT.Desc[I] >= 0) {
      std::string D = std::to_string(PT.Desc[I]);
      L.SlotParams += ", " + typeCxx(Ctx, P.Reductions[I].Type) + " *__restrict__ gpupar_r" + D;
      L.LaunchArgs += ",\n      " + slotPointer(Ctx, P.Reductions[I], PT.Desc[I]);
      if (P.Reductions[I].IsArray) {
        L.SlotParams += ", long long gpupar_c" + D;
        L.LaunchArgs += ", gpupar_L->partial_counts[" + D + "]";
      }
    }
  if (PT.NumDesc) {
    L.SlotParams += ", unsigned gpupar_slots";
    L.LaunchArgs += ",\n      gpupar_L->partial_slots";
  }
  if (PT.AnyArray) {
    L.SlotParams += ", int gpupar_shared";
    L.LaunchArgs += ", gpupar_shared";
  }
  if (PT.AnyChecked) {
    L.SlotParams += ", int *gpupar_outside";
    L.LaunchArgs += ", gpupar_L->outside";
  }
  L.Index = "(" + typeCxx(Ctx, P.Form.Var->getType()) + ")" + rt::Index + "(";
  for (const PlanCollapsed &C : P.Collapsed)
    L.NestParams +=
        ", " + typeCxx(Ctx, C.Form.Var->getType()) + " " + C.Form.Var->getNameAsString();
  for (const PlanUpdate &U : P.Updates) {
    const PlanReduction &R = P.Reductions[U.Reduction];
    std::string Fn =
        std::string(R.Checked ? rt::RedUpdateIn : rt::RedUpdate) + "<" + opType(Ctx, R) + " >";
    L.Updates.push_back({U.Whole, U.Target, U.Value, U.Negate, Fn, typeCxx(Ctx, R.Type),
                         R.Checked ? checkName(R) : "", R.Checked ? reductionName(R) : ""});
  }
  for (const auto &[Read, K] : P.MemberReads)
    L.Names.push_back({Read, scalarName(P, P.Scalars[K])});
  for (const auto &[Read, K] : P.MemberArrayReads)
    L.Names.push_back({Read, arrayName(P, K)});
  return L;
}

/// The collapsed loops' variables of one iteration, as arguments of the body: each from its
/// index in `Ix` (`gpupar_k1`, ... or `gpupar_ix[1]`, ...).
std::string nestArgs(const ASTContext &Ctx, const LoopPlan &P, const std::string &Ix) {
  std::string S;
  for (size_t I = 0; I < P.Collapsed.size(); ++I) {
    const PlanCollapsed &C = P.Collapsed[I];
    S += ", (" + typeCxx(Ctx, C.Form.Var->getType()) + ")" + rt::Index + "(" +
         scalarName(P, P.Scalars[C.LoScalar]) + ", " + llLiteral(C.Form.Step) + ", " + Ix +
         std::to_string(I + 1) + (Ix.back() == '[' ? "]" : "") + ")";
  }
  return S;
}

void emitBody(const ASTContext &Ctx, const LoopPlan &P, const LoopText &L, raw_ostream &OS) {
  OS << "// " << P.Site << "\n";
  OS << "static __host__ __device__ inline void gpupar_body_" << P.Name << "("
     << typeCxx(Ctx, P.Form.Var->getType()) << " " << P.Form.Var->getNameAsString() << L.NestParams
     << L.Params << L.Host.Params << ") {\n";
  OS << "  do {\n";
  for (const VarDecl *VD : P.ThreadPrivates)
    OS << "    "
       << (VD->getType()->isPointerType() ? pointerDeclCxx(Ctx, VD)
           : VD->getType()->isArrayType()
               ? declCxx(Ctx, VD->getType(), VD->getName())
               : typeCxx(Ctx, VD->getType()) + " " + VD->getNameAsString())
       << ";\n";
  OS << printBody(Ctx, P.Body, 4, L.Updates, L.Names) << "  } while (0);\n}\n\n";
}

/// The host entry point: the collapsed loops nested, as written. Host-only functions are hidden
/// from device passes (nvcc would warn that they are unused, clang would compile them for the
/// device).
void emitHostEntry(const ASTContext &Ctx, const LoopPlan &P, const LoopText &L, raw_ostream &OS) {
  const PerThread &PT = L.Host;
  size_t NC = P.Collapsed.size();
  OS << "#ifndef __CUDA_ARCH__\n";
  OS << "static int gpupar_host_" << P.Name << "(const " << rt::Launch << " *gpupar_L) {\n"
     << L.HostLocals << PT.Locals;
  // Twice: a unit step as a constant lets the host compiler vectorise the common case.
  for (bool Unit : {true, false}) {
    const char *Step = Unit ? "1" : "gpupar_L->step";
    OS << (Unit ? "  if (gpupar_L->step == 1)\n" : "  else\n");
    OS << "    for (unsigned long long gpupar_k = gpupar_L->begin; gpupar_k < gpupar_L->end; "
          "++gpupar_k)\n";
    for (size_t I = 0; I < NC; ++I) {
      std::string K = "gpupar_k" + std::to_string(I + 1);
      OS << std::string(6 + 2 * I, ' ') << "for (unsigned long long " << K << " = 0; " << K
         << " < (unsigned long long)gpupar_L->collapsed_trips[" << I << "]; ++" << K << ")\n";
    }
    OS << std::string(6 + 2 * NC, ' ') << "gpupar_body_" << P.Name << "(" << L.Index
       << "gpupar_L->lo, " << Step << ", gpupar_k)" << nestArgs(Ctx, P, "gpupar_k") << L.Args
       << PT.Args << ");\n";
  }
  for (size_t I = 0; I < P.Reductions.size(); ++I) {
    const PlanReduction &R = P.Reductions[I];
    if (R.Kind == PlanReduction::Reduce && !R.IsArray)
      OS << "  " << rt::StorePartial << "<" << opType(Ctx, R) << " >("
         << slotPointer(Ctx, R, PT.Desc[I]) << ", gpupar_L->partial_slots, " << reductionName(R)
         << ");\n";
    else if (R.Kind == PlanReduction::Last)
      OS << "  if (gpupar_L->begin < gpupar_L->end)\n    *" << slotPointer(Ctx, R, PT.Desc[I])
         << " = " << reductionName(R) << ";\n";
  }
  OS << "  return 0;\n}\n#endif\n\n";
}

void emitKernel(const ASTContext &Ctx, const LoopPlan &P, const LoopText &L, raw_ostream &OS) {
  const PerThread &PT = L.Host;
  size_t NC = P.Collapsed.size();
  bool HasLast = false;
  for (const PlanReduction &R : P.Reductions)
    HasLast |= R.Kind == PlanReduction::Last;
  std::string NestKernelParams;
  for (size_t I = 0; I < NC; ++I)
    NestKernelParams += ", unsigned long long gpupar_n" + std::to_string(I + 1);
  OS << "static __global__ void gpupar_kernel_" << P.Name
     << "(unsigned long long gpupar_begin, unsigned long long gpupar_end, long long gpupar_lo,\n"
     << "    long long gpupar_step" << NestKernelParams << L.GenParams << L.Params << L.SlotParams
     << ") {\n";
  OS << L.Kernel.Locals;
  std::string Call, End = "gpupar_end";
  if (NC == 0) {
    OS << "  " << rt::ForThreads << "(gpupar_k, gpupar_begin, gpupar_end) {\n";
    Call = "gpupar_body_" + P.Name + "(" + L.Index + "gpupar_lo, gpupar_step, gpupar_k)" + L.Args +
           PT.Args + ");\n";
  } else {
    // One thread per iteration of the whole nest; the innermost index varies fastest.
    OS << "  const unsigned long long gpupar_total = (gpupar_end - gpupar_begin) * gpupar_n1"
       << (NC > 1 ? " * gpupar_n2" : "") << ";\n";
    // A thread divides its first index and its stride once, then steps with carries.
    const char *N2 = NC > 1 ? "gpupar_n2" : "1ull";
    OS << "  unsigned long long gpupar_ix[3], gpupar_dx[3];\n";
    OS << "  " << rt::NestBegin << "(gpupar_n1, " << N2 << ", gpupar_ix, gpupar_dx);\n";
    OS << "  " << rt::ForThreads << "(gpupar_t, 0ull, gpupar_total) {\n";
    OS << "    const unsigned long long gpupar_k = gpupar_begin + gpupar_ix[0];\n";
    Call = "gpupar_body_" + P.Name + "(" + L.Index + "gpupar_lo, gpupar_step, gpupar_k)" +
           nestArgs(Ctx, P, "gpupar_ix[") + L.Args + PT.Args + ");\n";
    Call += std::string("    ") + rt::NestStep + "(gpupar_ix, gpupar_dx, gpupar_n1, " + N2 + ");\n";
    End = "gpupar_total";
  }
  OS << "    " << Call;
  if (!HasLast) {
    OS << "  }\n";
  } else {
    OS << "    if (" << (NC ? "gpupar_t" : "gpupar_k") << " + 1 == " << End << ") {\n";
    for (size_t I = 0; I < P.Reductions.size(); ++I)
      if (P.Reductions[I].Kind == PlanReduction::Last)
        OS << "      gpupar_r" << PT.Desc[I] << "[0] = " << reductionName(P.Reductions[I]) << ";\n";
    OS << "    }\n  }\n";
  }
  for (size_t I = 0; I < P.Reductions.size(); ++I) {
    const PlanReduction &R = P.Reductions[I];
    if (R.IsArray)
      OS << "  " << rt::RedPrivateEnd << "<" << opType(Ctx, R) << " >(gpupar_r" << PT.Desc[I]
         << ", " << reductionName(R) << " + " << scalarName(P, P.Scalars[R.LoScalar])
         << ", gpupar_c" << PT.Desc[I] << ");\n";
    else if (R.Kind == PlanReduction::Reduce)
      OS << "  " << rt::BlockReduce << "<" << opType(Ctx, R) << " >(" << reductionName(R)
         << ", gpupar_r" << PT.Desc[I] << ", gpupar_slots);\n";
  }
  OS << "}\n\n";
}

/// Returns `Stmts` printed at `Indent` with the rewrites `Names`.
std::string printStmts(const ASTContext &Ctx, const std::vector<const Stmt *> &Stmts,
                       unsigned Indent, const std::vector<NameRewrite> &Names) {
  std::string S;
  for (const Stmt *St : Stmts)
    S += printBody(Ctx, St, Indent, {}, Names);
  return S;
}

/// A tiled nest's struct for kernel.h's gpupar_tiled (see Plan/Tiling.h): the body's parameters
/// as fields (so the body's statements compile unchanged in its functions), an iteration's state,
/// and the body cut into pre, the staged reads, one step of the inner loop, and post.
void emitTile(const ASTContext &Ctx, const LoopPlan &P, const LoopText &L, raw_ostream &OS) {
  const PlanTile &T = *P.Tile;
  auto VarDeclText = [&](const VarDecl *VD) {
    return typeCxx(Ctx, VD->getType()) + " " + VD->getNameAsString();
  };
  std::string I = VarDeclText(P.Form.Var), J = VarDeclText(P.Collapsed[0].Form.Var),
              K = VarDeclText(T.K.Var);
  std::string XType = typeCxx(Ctx, T.X->getType()), YType = typeCxx(Ctx, T.Y->getType());
  // Pre's variables live in the iteration's state; the step also reads the staged values and
  // keeps the accumulating element in the state.
  std::vector<NameRewrite> Names = L.Names;
  for (const Expr *E : T.StateUses)
    Names.push_back({E, "gpupar_s." + cast<DeclRefExpr>(E)->getDecl()->getNameAsString()});
  std::vector<NameRewrite> StepNames = Names;
  for (const Expr *E : T.AccUses)
    StepNames.push_back({E, "gpupar_s.gpupar_acc"});
  for (const Expr *E : T.XUses)
    StepNames.push_back({E, "gpupar_xv"});
  for (const Expr *E : T.YUses)
    StepNames.push_back({E, "gpupar_yv"});

  OS << "struct gpupar_tile_" << P.Name << " {\n";
  OS << "  typedef " << typeCxx(Ctx, P.Form.Var->getType()) << " gpupar_I;\n"
     << "  typedef " << typeCxx(Ctx, P.Collapsed[0].Form.Var->getType()) << " gpupar_J;\n"
     << "  typedef " << typeCxx(Ctx, T.K.Var->getType()) << " gpupar_K;\n"
     << "  typedef " << XType << " gpupar_X;\n  typedef " << YType << " gpupar_Y;\n"
     << "  static const bool gpupar_x_k_fastest = " << (T.XKFastest ? "true" : "false") << ";\n"
     << "  static const bool gpupar_y_k_fastest = " << (T.YKFastest ? "true" : "false") << ";\n";
  OS << "  struct gpupar_state {\n";
  for (const VarDecl *VD : T.State)
    OS << "    " << typeCxx(Ctx, VD->getType().getUnqualifiedType()) << " " << VD->getNameAsString()
       << ";\n";
  if (T.Acc)
    OS << "    " << typeCxx(Ctx, T.Acc->getType().getUnqualifiedType()) << " gpupar_acc;\n";
  OS << "  };\n" << L.Fields;
  // The k loop's bounds: the same for every iteration (the launcher reads them on the host).
  std::string Lo = printExpr(Ctx, T.K.Lo, L.Names), Hi = printExpr(Ctx, T.K.Hi, L.Names);
  OS << "  __host__ __device__ long long gpupar_k_lo() const { return (long long)(" << Lo
     << "); }\n";
  OS << "  __host__ __device__ long long gpupar_k_end() const { return (long long)(" << Hi << ")"
     << (T.K.Op == Cond::LE ? " + 1" : "") << "; }\n";
  OS << "  __device__ void gpupar_pre(" << I << ", " << J << ", gpupar_state &gpupar_s) const {\n"
     << printStmts(Ctx, T.Pre, 4, L.Names);
  for (const VarDecl *VD : T.State)
    OS << "    gpupar_s." << VD->getNameAsString() << " = " << VD->getNameAsString() << ";\n";
  if (T.Acc)
    OS << "    gpupar_s.gpupar_acc = " << printExpr(Ctx, T.Acc, L.Names) << ";\n";
  OS << "  }\n";
  OS << "  __device__ " << XType << " gpupar_x(" << I << ", " << K << ") const { return "
     << printExpr(Ctx, T.X, L.Names) << "; }\n";
  OS << "  __device__ " << YType << " gpupar_y(" << K << ", " << J << ") const { return "
     << printExpr(Ctx, T.Y, L.Names) << "; }\n";
  OS << "  __device__ void gpupar_step(gpupar_state &gpupar_s, " << XType << " gpupar_xv, " << YType
     << " gpupar_yv, " << I << ", " << J << ", " << K << ") const {\n"
     << printBody(Ctx, T.K.For->getBody(), 4, {}, StepNames) << "  }\n";
  OS << "  __device__ void gpupar_post(" << I << ", " << J << ", gpupar_state &gpupar_s) const {\n";
  if (T.Acc)
    OS << "    " << printExpr(Ctx, T.Acc, Names) << " = gpupar_s.gpupar_acc;\n";
  OS << printStmts(Ctx, T.Post, 4, Names) << "  }\n};\n\n";
}

/// The launcher. Unused in device passes (the descriptor that names it is host-only), but it
/// keeps the kernel referenced there.
void emitLauncher(const ASTContext &Ctx, const LoopPlan &P, const LoopText &L, raw_ostream &OS) {
  const PerThread &PT = L.Host;
  OS << "static __attribute__((unused)) int gpupar_cuda_" << P.Name << "(const " << rt::Launch
     << " *gpupar_L) {\n";
  std::string Grid = "gpupar_L->grid";
  if (PT.NumDesc) {
    // One partial per block: at most partial_slots blocks.
    OS << "  unsigned gpupar_grid =\n"
       << "      gpupar_L->grid < gpupar_L->partial_slots ? gpupar_L->grid : "
          "gpupar_L->partial_slots;\n";
    Grid = "gpupar_grid";
  }
  std::string NestLaunchArgs;
  for (size_t I = 0; I < P.Collapsed.size(); ++I)
    NestLaunchArgs +=
        ",\n      (unsigned long long)gpupar_L->collapsed_trips[" + std::to_string(I) + "]";
  std::string Shared = "0";
  if (PT.AnyArray) {
    // A chunk's buffer starts as the identity unless the runtime shares one per device (and
    // filled it); blocks privatise small sections.
    OS << "  size_t gpupar_smem = 0;\n";
    for (size_t I = 0; I < P.Reductions.size(); ++I)
      if (P.Reductions[I].IsArray) {
        const PlanReduction &R = P.Reductions[I];
        std::string D = std::to_string(PT.Desc[I]);
        OS << "  if (!gpupar_L->partials_ready)\n"
           << "    " << rt::RedFillAsync << "<" << opType(Ctx, R) << " >("
           << slotPointer(Ctx, R, PT.Desc[I]) << ", gpupar_L->partial_counts[" << D
           << "], gpupar_L->stream);\n";
        OS << "  gpupar_smem += " << rt::RedSharedBytes << "(sizeof(" << typeCxx(Ctx, R.Type)
           << "), gpupar_L->partial_counts[" << D << "]);\n";
      }
    OS << "  const int gpupar_shared = gpupar_smem <= " << rt::RedSharedMax << ";\n";
    Shared = "gpupar_shared ? gpupar_smem : 0";
  }
  if (P.Tile) {
    const PlanCollapsed &C = P.Collapsed[0];
    OS << "  const gpupar_tile_" << P.Name << " gpupar_f = {" << L.FieldValues << "};\n";
    OS << "  const " << rt::TileGeometry << " gpupar_g = {gpupar_L->begin, gpupar_L->end - "
       << "gpupar_L->begin,\n      (unsigned long long)gpupar_L->collapsed_trips[0], "
       << "gpupar_L->lo, gpupar_L->step,\n      *(const long long *)gpupar_L->scalars["
       << C.LoScalar << "], " << llLiteral(C.Form.Step)
       << ", gpupar_f.gpupar_k_lo(), gpupar_f.gpupar_k_end(), 0};\n";
    OS << "  if (" << rt::TiledLaunch << "(gpupar_f, gpupar_g, (cudaStream_t)gpupar_L->stream))\n"
       << "    return (int)cudaGetLastError();\n";
  }
  OS << "  " << rt::LaunchKernel << "(gpupar_kernel_" << P.Name << ", " << Grid
     << ", gpupar_L->block, " << Shared << ", (cudaStream_t)gpupar_L->stream)(\n"
     << "      gpupar_L->begin, gpupar_L->end, gpupar_L->lo, gpupar_L->step" << NestLaunchArgs
     << L.GenLaunchArgs << L.LaunchArgs << ");\n";
  OS << "  return (int)cudaGetLastError();\n}\n#endif\n\n";
}

/// The descriptor, host data: clang's device pass would emit a const global as __constant__
/// holding host function addresses, which ptxas rejects.
void emitDescriptor(const ASTContext &Ctx, const LoopPlan &P, const LoopText &L, raw_ostream &OS) {
  const PerThread &PT = L.Host;
  const std::string &N = P.Name;
  OS << "#ifndef __CUDA_ARCH__\n";
  std::string ArraysTable = "0", TermsTable = "0", RedTable = "0";
  if (!P.Arrays.empty()) {
    ArraysTable = "gpupar_arrays_" + N;
    OS << "static const " << rt::ArrayDesc << " " << ArraysTable << "[] = {\n";
    for (const PlanArray &A : P.Arrays)
      // A pointer-to-pointer array's unit is a row pointer (its rows: gpupar_rows_desc).
      OS << "    {\"" << A.Var->getNameAsString() << "\", sizeof(" << typeCxx(Ctx, A.Elem)
         << (A.Rows ? " *" : "") << "), "
         << rt::accessBits(!A.Scatter && (A.Read || !A.Write), A.Write || A.Scatter, A.Scatter,
                           false)
         << "},\n";
    OS << "};\n";
  }
  if (!P.Terms.empty()) {
    TermsTable = "gpupar_terms_" + N;
    OS << "static const " << rt::TermDesc << " " << TermsTable << "[] = {\n";
    for (const PlanTerm &T : P.Terms)
      OS << "    {" << T.Array << ", "
         << rt::accessBits(!T.Write, T.Write, false, T.Write && T.Disjoint) << ", "
         << (T.Exact ? 1 : 0) << "}, /* " << commentSafe(termText(Ctx, P, T)) << " */\n";
    OS << "};\n";
  }
  if (PT.NumDesc) {
    RedTable = "gpupar_reductions_" + N;
    OS << "static const " << rt::ReductionDesc << " " << RedTable << "[] = {\n";
    for (const PlanReduction &R : P.Reductions)
      if (LoopPlan::hasDescriptor(R))
        OS << "    {\"" << reductionName(R) << "\", " << rt::typeKindName(R.TypeKind) << ", sizeof("
           << typeCxx(Ctx, R.Type) << "), "
           << (R.Kind == PlanReduction::Last ? rt::RedLast : rt::reductionOpEnum(R.Op)) << ", "
           << (R.IsArray ? 1 : 0) << "},\n";
    OS << "};\n";
  }
  std::string SectionsTable = "0";
  if (PT.AnyChecked) {
    SectionsTable = "gpupar_sections_" + N;
    OS << "static const char *const " << SectionsTable << "[] = {";
    for (const PlanReduction &R : P.Reductions)
      if (LoopPlan::hasDescriptor(R))
        OS << (R.Checked ? "\"" + escapeString(sectionText(R)) + "\"" : std::string("0")) << ", ";
    OS << "};\n";
  }
  std::string RowsTable;
  unsigned NumRows = 0;
  for (size_t I = 0; I < P.Arrays.size(); ++I)
    if (P.Arrays[I].Rows) {
      if (!NumRows++) {
        RowsTable = "gpupar_rows_" + N;
        OS << "static const " << rt::RowsDesc << " " << RowsTable << "[] = {\n";
      }
      OS << "    {" << I << ", " << P.Arrays[I].LayoutScalar << ", sizeof("
         << typeCxx(Ctx, P.Arrays[I].Elem) << ")}, /* " << P.Arrays[I].Var->getNameAsString()
         << " */\n";
    }
  if (NumRows)
    OS << "};\n";
  OS << "extern \"C\" const " << rt::Loop << " " << P.Symbol << " = {\n"
     << "    " << rt::VersionCode << ", \"" << escapeString(P.Site) << "\", " << P.Arrays.size()
     << ", " << ArraysTable << ", " << P.Terms.size() << ", " << TermsTable << ", "
     << P.Scalars.size() << ",\n"
     << "    gpupar_host_" << N << ", " << rt::CudaFn << "(gpupar_cuda_" << N << "), " << PT.NumDesc
     << ", " << RedTable << ", " << SectionsTable << ", " << NumRows << ", "
     << (NumRows ? RowsTable : "0") << ", " << (P.SerialInner ? 1 : 0) << ", "
     << (P.FatalPaths ? 1 : 0) << "};\n#endif\n\n";
}

void emitLoop(const ASTContext &Ctx, const LoopPlan &P, raw_ostream &OS) {
  LoopText L = loopText(Ctx, P);
  emitBody(Ctx, P, L, OS);
  emitHostEntry(Ctx, P, L, OS);
  OS << "#if " << rt::Kernels << "\n";
  emitKernel(Ctx, P, L, OS);
  if (P.Tile)
    emitTile(Ctx, P, L, OS);
  emitLauncher(Ctx, P, L, OS);
  emitDescriptor(Ctx, P, L, OS);
}

} // namespace

std::string emitCuda(ASTContext &Ctx, const std::vector<LoopPlan> &Plans,
                     const std::string &SourceName) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "// Generated by gpupar " << GPUPAR_VERSION_STRING << " from " << SourceName
     << "; do not edit.\n";
  OS << "#include <" << rt::KernelHeader << ">\n\n";
  // Types and device copies of functions, shared by the loops.
  std::vector<const TypeDecl *> Types;
  std::vector<const FunctionDecl *> Functions;
  std::vector<const VarDecl *> Constants;
  for (const LoopPlan &P : Plans) {
    for (const TypeDecl *T : P.Types)
      if (std::find(Types.begin(), Types.end(), T) == Types.end())
        Types.push_back(T);
    for (const VarDecl *C : P.Constants)
      if (std::find(Constants.begin(), Constants.end(), C) == Constants.end())
        Constants.push_back(C);
    for (const FunctionDecl *F : P.Functions)
      if (std::find(Functions.begin(), Functions.end(), F) == Functions.end())
        Functions.push_back(F);
  }
  if (!Types.empty())
    OS << "// Types of " << SourceName << "\n" << printTypes(Ctx, Types) << "\n";
  if (!Constants.empty()) {
    OS << "// Constants of " << SourceName << " the functions below read\n";
    for (const VarDecl *C : Constants)
      OS << constantDefinition(Ctx, C) << "\n";
    OS << "\n";
  }
  for (const FunctionDecl *F : Functions)
    OS << printFunction(Ctx, F) << "\n";
  for (const LoopPlan &P : Plans)
    emitLoop(Ctx, P, OS);
  return Out;
}

} // namespace gpupar
