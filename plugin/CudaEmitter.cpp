//===- CudaEmitter.cpp - prints the generated .cu file ---------------------===//
#include "CudaEmitter.h"
#include "MathCalls.h"
#include "Text.h"

#include "gpupar/version.h"

#include "clang/AST/PrettyPrinter.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace gpupar {

namespace {

/// Prints what C and C++ read differently: enum constants become integer literals, math-call
/// arguments are cast to the C parameter types (so C++ overloads such as sqrt(float) cannot
/// change the result), and initializer-list elements are cast to the element type (C++ rejects
/// narrowing there).
class CudaPrinterHelper : public PrinterHelper {
public:
  CudaPrinterHelper(const ASTContext &Ctx, const PrintingPolicy &Policy)
      : Ctx(Ctx), Policy(Policy) {}

  bool handledStmt(Stmt *S, raw_ostream &OS) override {
    if (auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *ECD = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
        OS << "(" << ECD->getInitVal() << ")";
        return true;
      }
    if (auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *FD = CE->getDirectCallee())
        if (const MathCall *MC = findMathCall(Ctx, FD)) {
          OS << MC->CxxName << "(";
          for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
            if (I)
              OS << ", ";
            bool Cast = MC->CastArgs && I < FD->getNumParams();
            if (Cast)
              OS << "(" << typeCxx(Ctx, FD->getParamDecl(I)->getType()) << ")(";
            CE->getArg(I)->printPretty(OS, this, Policy);
            if (Cast)
              OS << ")";
          }
          OS << ")";
          return true;
        }
    if (auto *ILE = dyn_cast<InitListExpr>(S)) {
      InitListExpr *Syn =
          ILE->isSemanticForm() && ILE->getSyntacticForm() ? ILE->getSyntacticForm() : ILE;
      QualType Elem = ILE->getType().getCanonicalType();
      if (const auto *AT = dyn_cast<ArrayType>(Elem.getTypePtr()))
        Elem = AT->getElementType();
      OS << "{";
      for (unsigned I = 0; I < Syn->getNumInits(); ++I) {
        if (I)
          OS << ", ";
        OS << "(" << typeCxx(Ctx, Elem) << ")(";
        Syn->getInit(I)->printPretty(OS, this, Policy);
        OS << ")";
      }
      OS << "}";
      return true;
    }
    return false;
  }

private:
  const ASTContext &Ctx;
  const PrintingPolicy &Policy;
};

std::string arrayParamType(const PlanArray &A) {
  return (A.Write ? "" : "const ") + A.ElemCxx + " *";
}

/// The statements of the loop body, printed as C++ at indentation 2 inside `do { } while (0)`.
std::string printBody(ASTContext &Ctx, const Stmt *Body) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.Bool = 1;
  Policy.PrintCanonicalTypes = 1;
  Policy.SuppressImplicitBase = 1;
  CudaPrinterHelper Helper(Ctx, Policy);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  std::vector<const Stmt *> Stmts;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Stmts.assign(CS->body_begin(), CS->body_end());
  else
    Stmts.push_back(Body);
  for (const Stmt *S : Stmts) {
    if (isa<Expr>(S)) {
      OS << "    ";
      S->printPretty(OS, &Helper, Policy, 0);
      OS << ";\n";
    } else {
      S->printPretty(OS, &Helper, Policy, 2);
    }
  }
  return Out;
}

void emitLoop(ASTContext &Ctx, const LoopPlan &P, raw_ostream &OS) {
  const std::string &N = P.Name;
  // Parameter lists shared by the body, the kernel and the calls.
  std::string Params, Args, HostLocals, LaunchArgs;
  for (size_t I = 0; I < P.Scalars.size(); ++I) {
    const PlanScalar &S = P.Scalars[I];
    Params += ", " + S.TypeCxx + " " + S.Name;
    Args += ", " + S.Name;
    std::string Load = "*(const " + S.TypeCxx + " *)gpupar_L->scalars[" + std::to_string(I) + "]";
    HostLocals += "  " + S.TypeCxx + " " + S.Name + " = " + Load + ";\n";
    LaunchArgs += ",\n      " + Load;
  }
  for (size_t I = 0; I < P.Arrays.size(); ++I) {
    const PlanArray &A = P.Arrays[I];
    std::string T = arrayParamType(A);
    Params += ", " + T + "__restrict__ " + A.Name;
    Args += ", " + A.Name;
    std::string Load = "(" + T + ")gpupar_L->arrays[" + std::to_string(I) + "]";
    HostLocals += "  " + T + A.Name + " = " + Load + ";\n";
    LaunchArgs += ",\n      " + Load;
  }
  std::string Index = "(" + P.VarTypeCxx + ")GPUPAR_INDEX(";

  OS << "// " << P.Site << "\n";
  OS << "static __host__ __device__ inline void gpupar_body_" << N << "(" << P.VarTypeCxx << " "
     << P.VarName << Params << ") {\n";
  OS << "  do {\n" << printBody(Ctx, P.Form.For->getBody()) << "  } while (0);\n}\n\n";

  OS << "static int gpupar_host_" << N << "(const gpupar_launch *gpupar_L) {\n" << HostLocals;
  OS << "  for (unsigned long long gpupar_k = gpupar_L->begin; gpupar_k < gpupar_L->end; "
        "++gpupar_k)\n";
  OS << "    gpupar_body_" << N << "(" << Index << "gpupar_L->lo, gpupar_L->step, gpupar_k)" << Args
     << ");\n";
  OS << "  return 0;\n}\n\n";

  OS << "#ifdef __CUDACC__\n";
  OS << "static __global__ void gpupar_kernel_" << N
     << "(unsigned long long gpupar_begin, unsigned long long gpupar_end, long long gpupar_lo,\n"
     << "    long long gpupar_step" << Params << ") {\n";
  OS << "  GPUPAR_FOR_THREADS(gpupar_k, gpupar_begin, gpupar_end)\n";
  OS << "  gpupar_body_" << N << "(" << Index << "gpupar_lo, gpupar_step, gpupar_k)" << Args
     << ");\n}\n\n";
  OS << "static int gpupar_cuda_" << N << "(const gpupar_launch *gpupar_L) {\n";
  OS << "  gpupar_kernel_" << N
     << "<<<gpupar_L->grid, gpupar_L->block, 0, (cudaStream_t)gpupar_L->stream>>>(\n"
     << "      gpupar_L->begin, gpupar_L->end, gpupar_L->lo, gpupar_L->step" << LaunchArgs
     << ");\n";
  OS << "  return (int)cudaGetLastError();\n}\n#endif\n\n";

  std::string ArraysTable = "0", TermsTable = "0";
  if (!P.Arrays.empty()) {
    ArraysTable = "gpupar_arrays_" + N;
    OS << "static const gpupar_array_desc " << ArraysTable << "[] = {\n";
    for (const PlanArray &A : P.Arrays)
      OS << "    {\"" << A.Name << "\", sizeof(" << A.ElemCxx << "), "
         << (A.Read && A.Write ? "GPUPAR_READ | GPUPAR_WRITE"
             : A.Write         ? "GPUPAR_WRITE"
                               : "GPUPAR_READ")
         << "},\n";
    OS << "};\n";
  }
  if (!P.Terms.empty()) {
    TermsTable = "gpupar_terms_" + N;
    OS << "static const gpupar_term_desc " << TermsTable << "[] = {\n";
    for (const PlanTerm &T : P.Terms)
      OS << "    {" << T.Array << ", " << (T.Write ? "GPUPAR_WRITE" : "GPUPAR_READ") << ", "
         << (T.Exact ? 1 : 0) << "}, /* " << commentSafe(T.Text) << " */\n";
    OS << "};\n";
  }
  OS << "extern \"C\" const gpupar_loop " << P.Symbol << " = {\n"
     << "    GPUPAR_VERSION_CODE, \"" << escapeString(P.Site) << "\", " << P.Arrays.size() << ", "
     << ArraysTable << ", " << P.Terms.size() << ", " << TermsTable << ", " << P.Scalars.size()
     << ",\n"
     << "    gpupar_host_" << N << ", GPUPAR_CUDA_FN(gpupar_cuda_" << N << ")};\n\n";
}

} // namespace

std::string emitCuda(ASTContext &Ctx, const std::vector<LoopPlan> &Plans,
                     const std::string &SourceName) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "// Generated by gpupar " << GPUPAR_VERSION_STRING << " from " << SourceName
     << "; do not edit.\n";
  OS << "#include <gpupar/kernel.h>\n\n";
  for (const LoopPlan &P : Plans)
    emitLoop(Ctx, P, OS);
  return Out;
}

} // namespace gpupar
