//===- CudaEmitter.cpp - prints the generated .cu file ---------------------===//
#include "Emit/CudaEmitter.h"
#include "Emit/BodyPrinter.h"
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
std::string arrayDecl(const PlanArray &A, const std::string &Name) {
  std::string Elem = (A.Write ? "" : "const ") + A.ElemCxx;
  if (A.Rows) { // a struct: `__restrict__` does not apply
    std::string Plain = Name.rfind("__restrict__ ", 0) == 0 ? Name.substr(13) : Name;
    return (A.MovingColumn ? "gpupar_cols<" : "gpupar_rows<") + Elem + " >" +
           (Plain.empty() ? "" : " " + Plain);
  }
  if (A.Dims.empty())
    return Elem + " *" + Name;
  std::string S = Elem + " (*" + Name + ")";
  for (const std::string &D : A.Dims)
    S += "[" + D + "]";
  return S;
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

std::string slotPointer(const PlanReduction &R, int D) {
  return "(" + R.TypeCxx + " *)gpupar_L->partials[" + std::to_string(D) + "]";
}

std::string opType(const PlanReduction &R) { return R.OpTemplate + "<" + R.TypeCxx + " >"; }

PerThread perThread(const LoopPlan &P, const std::string &Indent, bool Kernel) {
  PerThread T;
  for (const PlanReduction &R : P.Reductions) {
    int D = LoopPlan::hasDescriptor(R) ? (int)T.NumDesc++ : -1;
    T.Desc.push_back(D);
    T.Args += ", " + R.Name;
    if (R.IsArray) {
      std::string DS = std::to_string(D);
      T.AnyArray = true;
      T.Params += ", " + R.TypeCxx + " *" + R.Name;
      if (Kernel)
        T.Locals += Indent + R.TypeCxx + " *" + R.Name + " = gpupar_red_private_begin<" +
                    opType(R) + " >(gpupar_r" + DS + ", gpupar_c" + DS + ", gpupar_cursor) - " +
                    R.LoScalar + ";\n";
      else
        T.Locals += Indent + "if (!gpupar_L->partials_ready)\n" + Indent + "  gpupar_red_fill<" +
                    opType(R) + " >(" + slotPointer(R, D) + ", gpupar_L->partial_counts[" + DS +
                    "]);\n" + Indent + R.TypeCxx + " *" + R.Name + " = " + slotPointer(R, D) +
                    " - " + R.LoScalar + ";\n";
      if (R.Checked) {
        std::string Chk = "gpupar_chk_" + R.Name;
        std::string Count = Kernel ? "gpupar_c" + DS : "gpupar_L->partial_counts[" + DS + "]";
        std::string Flags = Kernel ? "gpupar_outside" : "gpupar_L->outside";
        T.Params += ", gpupar_red_check " + Chk;
        T.Args += ", " + Chk;
        T.Locals += Indent + "const gpupar_red_check " + Chk + " = {" + R.LoScalar + ", " + Count +
                    ", " + Flags + " ? " + Flags + " + " + DS + " : nullptr};\n";
        T.AnyChecked = true;
      }
      continue;
    }
    T.Locals += Indent + R.TypeCxx + " " + R.Name;
    if (R.Kind == PlanReduction::Reduce)
      T.Locals += " = " + opType(R) + "::id();\n";
    else // `T t{}`: value-initialised; `T()` is ill-formed for `unsigned char`, `long long`
      T.Locals += "{};\n";
    T.Params += ", " + R.TypeCxx + " &" + R.Name;
  }
  if (Kernel && T.AnyArray)
    T.Locals = Indent + "GPUPAR_DYNAMIC_SHARED(gpupar_smem);\n" + Indent +
               "unsigned char *gpupar_cursor = gpupar_shared ? gpupar_smem : nullptr;\n" + T.Locals;
  return T;
}

void emitLoop(ASTContext &Ctx, const LoopPlan &P, raw_ostream &OS) {
  const std::string &N = P.Name;
  // Parameter lists shared by the body, the kernel and the calls; values only the generated
  // code uses (PlanScalar::Value) are the kernel's alone.
  std::string Params, Args, HostLocals, LaunchArgs, GenParams, GenLaunchArgs;
  for (size_t I = 0; I < P.Scalars.size(); ++I) {
    const PlanScalar &S = P.Scalars[I];
    if (S.Layout)
      continue; // read with its array below
    std::string Load = "*(const " + S.TypeCxx + " *)gpupar_L->scalars[" + std::to_string(I) + "]";
    HostLocals += "  " + S.TypeCxx + " " + S.Name + " = " + Load + ";\n";
    if (!S.Value.empty()) {
      GenParams += ", " + S.TypeCxx + " " + S.Name;
      GenLaunchArgs += ",\n      " + Load;
      continue;
    }
    Params += ", " + S.TypeCxx + " " + S.Name;
    Args += ", " + S.Name;
    LaunchArgs += ",\n      " + Load;
  }
  for (size_t I = 0; I < P.Arrays.size(); ++I) {
    const PlanArray &A = P.Arrays[I];
    Params += ", " + arrayDecl(A, "__restrict__ " + A.Name);
    Args += ", " + A.Name;
    std::string Load = "(" + arrayDecl(A, "") + ")gpupar_L->arrays[" + std::to_string(I) + "]";
    if (A.Rows)
      Load = arrayDecl(A, "") + "(gpupar_L->arrays[" + std::to_string(I) +
             "], *(const gpupar_rows_layout *)gpupar_L->scalars[" + std::to_string(A.LayoutScalar) +
             "])";
    HostLocals += "  " + arrayDecl(A, A.Name) + " = " + Load + ";\n";
    LaunchArgs += ",\n      " + Load;
  }
  PerThread PT = perThread(P, "  ", /*Kernel=*/false);
  PerThread KT = perThread(P, "  ", /*Kernel=*/true);
  // Kernel parameters for the partial buffers.
  std::string SlotParams;
  for (size_t I = 0; I < P.Reductions.size(); ++I)
    if (PT.Desc[I] >= 0) {
      std::string D = std::to_string(PT.Desc[I]);
      SlotParams += ", " + P.Reductions[I].TypeCxx + " *__restrict__ gpupar_r" + D;
      LaunchArgs += ",\n      " + slotPointer(P.Reductions[I], PT.Desc[I]);
      if (P.Reductions[I].IsArray) {
        SlotParams += ", long long gpupar_c" + D;
        LaunchArgs += ", gpupar_L->partial_counts[" + D + "]";
      }
    }
  if (PT.NumDesc) {
    SlotParams += ", unsigned gpupar_slots";
    LaunchArgs += ",\n      gpupar_L->partial_slots";
  }
  if (PT.AnyArray) {
    SlotParams += ", int gpupar_shared";
    LaunchArgs += ", gpupar_shared";
  }
  if (PT.AnyChecked) {
    SlotParams += ", int *gpupar_outside";
    LaunchArgs += ", gpupar_L->outside";
  }
  std::string Index = "(" + P.VarTypeCxx + ")GPUPAR_INDEX(";
  // The loop variables of a collapsed nest, after the outer one.
  std::string NestParams;
  for (const PlanCollapsed &C : P.Collapsed)
    NestParams += ", " + C.VarTypeCxx + " " + C.VarName;
  auto nestArgs = [&](const std::string &Ix) {
    std::string S;
    for (size_t I = 0; I < P.Collapsed.size(); ++I) {
      const PlanCollapsed &C = P.Collapsed[I];
      S += ", (" + C.VarTypeCxx + ")GPUPAR_INDEX(" + C.LoScalar + ", " + llLiteral(C.Step) + ", " +
           Ix + std::to_string(I + 1) + (Ix.back() == '[' ? "]" : "") + ")";
    }
    return S;
  };
  size_t NC = P.Collapsed.size();

  OS << "// " << P.Site << "\n";
  OS << "static __host__ __device__ inline void gpupar_body_" << N << "(" << P.VarTypeCxx << " "
     << P.VarName << NestParams << Params << PT.Params << ") {\n";
  OS << "  do {\n" << printBody(Ctx, P.Body, 4, P.Updates) << "  } while (0);\n}\n\n";

  // Host entry point: the collapsed loops nested, as written.
  // Host-only functions are hidden from device passes (nvcc would warn that they are unused,
  // clang would compile them for the device).
  OS << "#ifndef __CUDA_ARCH__\n";
  OS << "static int gpupar_host_" << N << "(const gpupar_launch *gpupar_L) {\n"
     << HostLocals << PT.Locals;
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
    OS << std::string(6 + 2 * NC, ' ') << "gpupar_body_" << N << "(" << Index << "gpupar_L->lo, "
       << Step << ", gpupar_k)" << nestArgs("gpupar_k") << Args << PT.Args << ");\n";
  }
  for (size_t I = 0; I < P.Reductions.size(); ++I) {
    const PlanReduction &R = P.Reductions[I];
    if (R.Kind == PlanReduction::Reduce && !R.IsArray)
      OS << "  gpupar_store_partial<" << R.OpTemplate << "<" << R.TypeCxx << " > >("
         << slotPointer(R, PT.Desc[I]) << ", gpupar_L->partial_slots, " << R.Name << ");\n";
    else if (R.Kind == PlanReduction::Last)
      OS << "  if (gpupar_L->begin < gpupar_L->end)\n    *" << slotPointer(R, PT.Desc[I]) << " = "
         << R.Name << ";\n";
  }
  OS << "  return 0;\n}\n#endif\n\n";

  // Kernel and launcher.
  bool HasLast = false;
  for (const PlanReduction &R : P.Reductions)
    HasLast |= R.Kind == PlanReduction::Last;
  OS << "#if GPUPAR_KERNELS\n";
  std::string NestKernelParams;
  for (size_t I = 0; I < NC; ++I)
    NestKernelParams += ", unsigned long long gpupar_n" + std::to_string(I + 1);
  OS << "static __global__ void gpupar_kernel_" << N
     << "(unsigned long long gpupar_begin, unsigned long long gpupar_end, long long gpupar_lo,\n"
     << "    long long gpupar_step" << NestKernelParams << GenParams << Params << SlotParams
     << ") {\n";
  OS << KT.Locals;
  std::string Call, End = "gpupar_end";
  if (NC == 0) {
    OS << "  GPUPAR_FOR_THREADS(gpupar_k, gpupar_begin, gpupar_end) {\n";
    Call = "gpupar_body_" + N + "(" + Index + "gpupar_lo, gpupar_step, gpupar_k)" + Args + PT.Args +
           ");\n";
  } else {
    // One thread per iteration of the whole nest; the innermost index varies fastest.
    OS << "  const unsigned long long gpupar_total = (gpupar_end - gpupar_begin) * gpupar_n1"
       << (NC > 1 ? " * gpupar_n2" : "") << ";\n";
    OS << "  GPUPAR_FOR_THREADS(gpupar_t, 0ull, gpupar_total) {\n";
    OS << "    unsigned long long gpupar_ix[3];\n";
    OS << "    gpupar_unflatten(gpupar_t, gpupar_n1, " << (NC > 1 ? "gpupar_n2" : "1ull")
       << ", gpupar_ix);\n";
    OS << "    const unsigned long long gpupar_k = gpupar_begin + gpupar_ix[0];\n";
    Call = "gpupar_body_" + N + "(" + Index + "gpupar_lo, gpupar_step, gpupar_k)" +
           nestArgs("gpupar_ix[") + Args + PT.Args + ");\n";
    End = "gpupar_total";
  }
  {
    OS << "    " << Call;
    if (!HasLast) {
      OS << "  }\n";
    } else {
      OS << "    if (" << (NC ? "gpupar_t" : "gpupar_k") << " + 1 == " << End << ") {\n";
      for (size_t I = 0; I < P.Reductions.size(); ++I)
        if (P.Reductions[I].Kind == PlanReduction::Last)
          OS << "      gpupar_r" << PT.Desc[I] << "[0] = " << P.Reductions[I].Name << ";\n";
      OS << "    }\n  }\n";
    }
  }
  for (size_t I = 0; I < P.Reductions.size(); ++I) {
    const PlanReduction &R = P.Reductions[I];
    if (R.IsArray)
      OS << "  gpupar_red_private_end<" << opType(R) << " >(gpupar_r" << PT.Desc[I] << ", "
         << R.Name << " + " << R.LoScalar << ", gpupar_c" << PT.Desc[I] << ");\n";
    else if (R.Kind == PlanReduction::Reduce)
      OS << "  gpupar_block_reduce<" << opType(R) << " >(" << R.Name << ", gpupar_r" << PT.Desc[I]
         << ", gpupar_slots);\n";
  }
  OS << "}\n\n";
  // Unused in device passes (the descriptor that names it is host-only), but it keeps the
  // kernel referenced there.
  OS << "static __attribute__((unused)) int gpupar_cuda_" << N
     << "(const gpupar_launch *gpupar_L) {\n";
  std::string Grid = "gpupar_L->grid";
  if (PT.NumDesc) {
    // One partial per block: at most partial_slots blocks.
    OS << "  unsigned gpupar_grid =\n"
       << "      gpupar_L->grid < gpupar_L->partial_slots ? gpupar_L->grid : "
          "gpupar_L->partial_slots;\n";
    Grid = "gpupar_grid";
  }
  std::string NestLaunchArgs;
  for (size_t I = 0; I < NC; ++I)
    NestLaunchArgs +=
        ",\n      (unsigned long long)gpupar_L->collapsed_trips[" + std::to_string(I) + "]";
  std::string Shared = "0";
  if (PT.AnyArray) {
    // A chunk's buffer starts as the identity unless the runtime shares one per device (and
    // filled it); blocks privatise small sections.
    OS << "  size_t gpupar_smem = 0;\n";
    for (size_t I = 0; I < P.Reductions.size(); ++I)
      if (P.Reductions[I].IsArray) {
        std::string D = std::to_string(PT.Desc[I]);
        OS << "  if (!gpupar_L->partials_ready)\n"
           << "    gpupar_red_fill_async<" << opType(P.Reductions[I]) << " >("
           << slotPointer(P.Reductions[I], PT.Desc[I]) << ", gpupar_L->partial_counts[" << D
           << "], gpupar_L->stream);\n";
        OS << "  gpupar_smem += gpupar_red_shared_bytes(sizeof(" << P.Reductions[I].TypeCxx
           << "), gpupar_L->partial_counts[" << D << "]);\n";
      }
    OS << "  const int gpupar_shared = gpupar_smem <= GPUPAR_RED_SHARED_MAX;\n";
    Shared = "gpupar_shared ? gpupar_smem : 0";
  }
  OS << "  GPUPAR_LAUNCH(gpupar_kernel_" << N << ", " << Grid << ", gpupar_L->block, " << Shared
     << ", (cudaStream_t)gpupar_L->stream)(\n"
     << "      gpupar_L->begin, gpupar_L->end, gpupar_L->lo, gpupar_L->step" << NestLaunchArgs
     << GenLaunchArgs << LaunchArgs << ");\n";
  OS << "  return (int)cudaGetLastError();\n}\n#endif\n\n";

  // The descriptor is host data: clang's device pass would emit a const global as __constant__
  // holding host function addresses, which ptxas rejects.
  OS << "#ifndef __CUDA_ARCH__\n";
  std::string ArraysTable = "0", TermsTable = "0", RedTable = "0";
  if (!P.Arrays.empty()) {
    ArraysTable = "gpupar_arrays_" + N;
    OS << "static const gpupar_array_desc " << ArraysTable << "[] = {\n";
    for (const PlanArray &A : P.Arrays)
      // A pointer-to-pointer array's unit is a row pointer (its rows: gpupar_rows_desc).
      OS << "    {\"" << A.Name << "\", sizeof(" << A.ElemCxx << (A.Rows ? " *" : "") << "), "
         << (A.Scatter           ? "GPUPAR_WRITE | GPUPAR_SCATTER"
             : A.Read && A.Write ? "GPUPAR_READ | GPUPAR_WRITE"
             : A.Write           ? "GPUPAR_WRITE"
                                 : "GPUPAR_READ")
         << "},\n";
    OS << "};\n";
  }
  if (!P.Terms.empty()) {
    TermsTable = "gpupar_terms_" + N;
    OS << "static const gpupar_term_desc " << TermsTable << "[] = {\n";
    for (const PlanTerm &T : P.Terms)
      OS << "    {" << T.Array << ", "
         << (!T.Write     ? "GPUPAR_READ"
             : T.Disjoint ? "GPUPAR_WRITE | GPUPAR_DISJOINT"
                          : "GPUPAR_WRITE")
         << ", " << (T.Exact ? 1 : 0) << "}, /* " << commentSafe(T.Text) << " */\n";
    OS << "};\n";
  }
  if (PT.NumDesc) {
    RedTable = "gpupar_reductions_" + N;
    OS << "static const gpupar_reduction_desc " << RedTable << "[] = {\n";
    for (const PlanReduction &R : P.Reductions)
      if (LoopPlan::hasDescriptor(R))
        OS << "    {\"" << R.Name << "\", " << R.TypeKind << ", sizeof(" << R.TypeCxx << "), "
           << R.Op << ", " << (R.IsArray ? 1 : 0) << "},\n";
    OS << "};\n";
  }
  std::string SectionsTable = "0";
  if (PT.AnyChecked) {
    SectionsTable = "gpupar_sections_" + N;
    OS << "static const char *const " << SectionsTable << "[] = {";
    for (const PlanReduction &R : P.Reductions)
      if (LoopPlan::hasDescriptor(R))
        OS << (R.Checked ? "\"" + escapeString(R.Section) + "\"" : std::string("0")) << ", ";
    OS << "};\n";
  }
  std::string RowsTable;
  unsigned NumRows = 0;
  for (size_t I = 0; I < P.Arrays.size(); ++I)
    if (P.Arrays[I].Rows) {
      if (!NumRows++) {
        RowsTable = "gpupar_rows_" + N;
        OS << "static const gpupar_rows_desc " << RowsTable << "[] = {\n";
      }
      OS << "    {" << I << ", " << P.Arrays[I].LayoutScalar << ", sizeof(" << P.Arrays[I].ElemCxx
         << ")}, /* " << P.Arrays[I].Name << " */\n";
    }
  if (NumRows)
    OS << "};\n";
  OS << "extern \"C\" const gpupar_loop " << P.Symbol << " = {\n"
     << "    GPUPAR_VERSION_CODE, \"" << escapeString(P.Site) << "\", " << P.Arrays.size() << ", "
     << ArraysTable << ", " << P.Terms.size() << ", " << TermsTable << ", " << P.Scalars.size()
     << ",\n"
     << "    gpupar_host_" << N << ", GPUPAR_CUDA_FN(gpupar_cuda_" << N << "), " << PT.NumDesc
     << ", " << RedTable << ", " << SectionsTable << ", " << NumRows << ", "
     << (NumRows ? RowsTable : "0") << "};\n#endif\n\n";
}

} // namespace

std::string emitCuda(ASTContext &Ctx, const std::vector<LoopPlan> &Plans,
                     const std::string &SourceName) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "// Generated by gpupar " << GPUPAR_VERSION_STRING << " from " << SourceName
     << "; do not edit.\n";
  OS << "#include <gpupar/kernel.h>\n\n";
  // Types and device copies of functions, shared by the loops.
  std::vector<const TypeDecl *> Types;
  std::vector<const FunctionDecl *> Functions;
  for (const LoopPlan &P : Plans) {
    for (const TypeDecl *T : P.Types)
      if (std::find(Types.begin(), Types.end(), T) == Types.end())
        Types.push_back(T);
    for (const FunctionDecl *F : P.Functions)
      if (std::find(Functions.begin(), Functions.end(), F) == Functions.end())
        Functions.push_back(F);
  }
  if (!Types.empty())
    OS << "// Types of " << SourceName << "\n" << printTypes(Ctx, Types) << "\n";
  for (const FunctionDecl *F : Functions)
    OS << printFunction(Ctx, F) << "\n";
  for (const LoopPlan &P : Plans)
    emitLoop(Ctx, P, OS);
  return Out;
}

} // namespace gpupar
