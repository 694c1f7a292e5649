// torch.result_type semantics: dimensioned tensors vs zero-dim tensors vs
// wrapped Python scalars. Expected dtypes come from torch 1.13.
#include <gtest/gtest.h>

#include "runtime/tensor/tensor.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve {
namespace {

using ST = ScalarType;

Tensor T(ST dtype, int dim) { return dim ? empty({2}, dtype) : empty({}, dtype); }

struct TensorCase {
  const char* what;
  Tensor a, b;
  ST expected;
};
struct ScalarCase {
  const char* what;
  Tensor a;
  Scalar b;
  ST expected;
};

TEST(TypePromotion, TensorWithZeroDimTensor) {
  const TensorCase cases[] = {
    {"Byte[2] + Byte[]", T(ST::Byte, 1), T(ST::Byte, 0), ST::Byte},
    {"Byte[2] + Char[]", T(ST::Byte, 1), T(ST::Char, 0), ST::Byte},
    {"Byte[2] + Short[]", T(ST::Byte, 1), T(ST::Short, 0), ST::Byte},
    {"Byte[2] + Int[]", T(ST::Byte, 1), T(ST::Int, 0), ST::Byte},
    {"Byte[2] + Long[]", T(ST::Byte, 1), T(ST::Long, 0), ST::Byte},
    {"Byte[2] + Half[]", T(ST::Byte, 1), T(ST::Half, 0), ST::Half},
    {"Byte[2] + Float[]", T(ST::Byte, 1), T(ST::Float, 0), ST::Float},
    {"Byte[2] + Double[]", T(ST::Byte, 1), T(ST::Double, 0), ST::Double},
    {"Byte[2] + ComplexFloat[]", T(ST::Byte, 1), T(ST::ComplexFloat, 0), ST::ComplexFloat},
    {"Byte[2] + ComplexDouble[]", T(ST::Byte, 1), T(ST::ComplexDouble, 0), ST::ComplexDouble},
    {"Byte[2] + Bool[]", T(ST::Byte, 1), T(ST::Bool, 0), ST::Byte},
    {"Byte[2] + BFloat16[]", T(ST::Byte, 1), T(ST::BFloat16, 0), ST::BFloat16},
    {"Char[2] + Byte[]", T(ST::Char, 1), T(ST::Byte, 0), ST::Char},
    {"Char[2] + Char[]", T(ST::Char, 1), T(ST::Char, 0), ST::Char},
    {"Char[2] + Short[]", T(ST::Char, 1), T(ST::Short, 0), ST::Char},
    {"Char[2] + Int[]", T(ST::Char, 1), T(ST::Int, 0), ST::Char},
    {"Char[2] + Long[]", T(ST::Char, 1), T(ST::Long, 0), ST::Char},
    {"Char[2] + Half[]", T(ST::Char, 1), T(ST::Half, 0), ST::Half},
    {"Char[2] + Float[]", T(ST::Char, 1), T(ST::Float, 0), ST::Float},
    {"Char[2] + Double[]", T(ST::Char, 1), T(ST::Double, 0), ST::Double},
    {"Char[2] + ComplexFloat[]", T(ST::Char, 1), T(ST::ComplexFloat, 0), ST::ComplexFloat},
    {"Char[2] + ComplexDouble[]", T(ST::Char, 1), T(ST::ComplexDouble, 0), ST::ComplexDouble},
    {"Char[2] + Bool[]", T(ST::Char, 1), T(ST::Bool, 0), ST::Char},
    {"Char[2] + BFloat16[]", T(ST::Char, 1), T(ST::BFloat16, 0), ST::BFloat16},
    {"Short[2] + Byte[]", T(ST::Short, 1), T(ST::Byte, 0), ST::Short},
    {"Short[2] + Char[]", T(ST::Short, 1), T(ST::Char, 0), ST::Short},
    {"Short[2] + Short[]", T(ST::Short, 1), T(ST::Short, 0), ST::Short},
    {"Short[2] + Int[]", T(ST::Short, 1), T(ST::Int, 0), ST::Short},
    {"Short[2] + Long[]", T(ST::Short, 1), T(ST::Long, 0), ST::Short},
    {"Short[2] + Half[]", T(ST::Short, 1), T(ST::Half, 0), ST::Half},
    {"Short[2] + Float[]", T(ST::Short, 1), T(ST::Float, 0), ST::Float},
    {"Short[2] + Double[]", T(ST::Short, 1), T(ST::Double, 0), ST::Double},
    {"Short[2] + ComplexFloat[]", T(ST::Short, 1), T(ST::ComplexFloat, 0), ST::ComplexFloat},
    {"Short[2] + ComplexDouble[]", T(ST::Short, 1), T(ST::ComplexDouble, 0), ST::ComplexDouble},
    {"Short[2] + Bool[]", T(ST::Short, 1), T(ST::Bool, 0), ST::Short},
    {"Short[2] + BFloat16[]", T(ST::Short, 1), T(ST::BFloat16, 0), ST::BFloat16},
    {"Int[2] + Byte[]", T(ST::Int, 1), T(ST::Byte, 0), ST::Int},
    {"Int[2] + Char[]", T(ST::Int, 1), T(ST::Char, 0), ST::Int},
    {"Int[2] + Short[]", T(ST::Int, 1), T(ST::Short, 0), ST::Int},
    {"Int[2] + Int[]", T(ST::Int, 1), T(ST::Int, 0), ST::Int},
    {"Int[2] + Long[]", T(ST::Int, 1), T(ST::Long, 0), ST::Int},
    {"Int[2] + Half[]", T(ST::Int, 1), T(ST::Half, 0), ST::Half},
    {"Int[2] + Float[]", T(ST::Int, 1), T(ST::Float, 0), ST::Float},
    {"Int[2] + Double[]", T(ST::Int, 1), T(ST::Double, 0), ST::Double},
    {"Int[2] + ComplexFloat[]", T(ST::Int, 1), T(ST::ComplexFloat, 0), ST::ComplexFloat},
    {"Int[2] + ComplexDouble[]", T(ST::Int, 1), T(ST::ComplexDouble, 0), ST::ComplexDouble},
    {"Int[2] + Bool[]", T(ST::Int, 1), T(ST::Bool, 0), ST::Int},
    {"Int[2] + BFloat16[]", T(ST::Int, 1), T(ST::BFloat16, 0), ST::BFloat16},
    {"Long[2] + Byte[]", T(ST::Long, 1), T(ST::Byte, 0), ST::Long},
    {"Long[2] + Char[]", T(ST::Long, 1), T(ST::Char, 0), ST::Long},
    {"Long[2] + Short[]", T(ST::Long, 1), T(ST::Short, 0), ST::Long},
    {"Long[2] + Int[]", T(ST::Long, 1), T(ST::Int, 0), ST::Long},
    {"Long[2] + Long[]", T(ST::Long, 1), T(ST::Long, 0), ST::Long},
    {"Long[2] + Half[]", T(ST::Long, 1), T(ST::Half, 0), ST::Half},
    {"Long[2] + Float[]", T(ST::Long, 1), T(ST::Float, 0), ST::Float},
    {"Long[2] + Double[]", T(ST::Long, 1), T(ST::Double, 0), ST::Double},
    {"Long[2] + ComplexFloat[]", T(ST::Long, 1), T(ST::ComplexFloat, 0), ST::ComplexFloat},
    {"Long[2] + ComplexDouble[]", T(ST::Long, 1), T(ST::ComplexDouble, 0), ST::ComplexDouble},
    {"Long[2] + Bool[]", T(ST::Long, 1), T(ST::Bool, 0), ST::Long},
    {"Long[2] + BFloat16[]", T(ST::Long, 1), T(ST::BFloat16, 0), ST::BFloat16},
    {"Half[2] + Byte[]", T(ST::Half, 1), T(ST::Byte, 0), ST::Half},
    {"Half[2] + Char[]", T(ST::Half, 1), T(ST::Char, 0), ST::Half},
    {"Half[2] + Short[]", T(ST::Half, 1), T(ST::Short, 0), ST::Half},
    {"Half[2] + Int[]", T(ST::Half, 1), T(ST::Int, 0), ST::Half},
    {"Half[2] + Long[]", T(ST::Half, 1), T(ST::Long, 0), ST::Half},
    {"Half[2] + Half[]", T(ST::Half, 1), T(ST::Half, 0), ST::Half},
    {"Half[2] + Float[]", T(ST::Half, 1), T(ST::Float, 0), ST::Half},
    {"Half[2] + Double[]", T(ST::Half, 1), T(ST::Double, 0), ST::Half},
    {"Half[2] + ComplexFloat[]", T(ST::Half, 1), T(ST::ComplexFloat, 0), ST::ComplexHalf},
    {"Half[2] + ComplexDouble[]", T(ST::Half, 1), T(ST::ComplexDouble, 0), ST::ComplexHalf},
    {"Half[2] + Bool[]", T(ST::Half, 1), T(ST::Bool, 0), ST::Half},
    {"Half[2] + BFloat16[]", T(ST::Half, 1), T(ST::BFloat16, 0), ST::Half},
    {"Float[2] + Byte[]", T(ST::Float, 1), T(ST::Byte, 0), ST::Float},
    {"Float[2] + Char[]", T(ST::Float, 1), T(ST::Char, 0), ST::Float},
    {"Float[2] + Short[]", T(ST::Float, 1), T(ST::Short, 0), ST::Float},
    {"Float[2] + Int[]", T(ST::Float, 1), T(ST::Int, 0), ST::Float},
    {"Float[2] + Long[]", T(ST::Float, 1), T(ST::Long, 0), ST::Float},
    {"Float[2] + Half[]", T(ST::Float, 1), T(ST::Half, 0), ST::Float},
    {"Float[2] + Float[]", T(ST::Float, 1), T(ST::Float, 0), ST::Float},
    {"Float[2] + Double[]", T(ST::Float, 1), T(ST::Double, 0), ST::Float},
    {"Float[2] + ComplexFloat[]", T(ST::Float, 1), T(ST::ComplexFloat, 0), ST::ComplexFloat},
    {"Float[2] + ComplexDouble[]", T(ST::Float, 1), T(ST::ComplexDouble, 0), ST::ComplexFloat},
    {"Float[2] + Bool[]", T(ST::Float, 1), T(ST::Bool, 0), ST::Float},
    {"Float[2] + BFloat16[]", T(ST::Float, 1), T(ST::BFloat16, 0), ST::Float},
    {"Double[2] + Byte[]", T(ST::Double, 1), T(ST::Byte, 0), ST::Double},
    {"Double[2] + Char[]", T(ST::Double, 1), T(ST::Char, 0), ST::Double},
    {"Double[2] + Short[]", T(ST::Double, 1), T(ST::Short, 0), ST::Double},
    {"Double[2] + Int[]", T(ST::Double, 1), T(ST::Int, 0), ST::Double},
    {"Double[2] + Long[]", T(ST::Double, 1), T(ST::Long, 0), ST::Double},
    {"Double[2] + Half[]", T(ST::Double, 1), T(ST::Half, 0), ST::Double},
    {"Double[2] + Float[]", T(ST::Double, 1), T(ST::Float, 0), ST::Double},
    {"Double[2] + Double[]", T(ST::Double, 1), T(ST::Double, 0), ST::Double},
    {"Double[2] + ComplexFloat[]", T(ST::Double, 1), T(ST::ComplexFloat, 0), ST::ComplexDouble},
    {"Double[2] + ComplexDouble[]", T(ST::Double, 1), T(ST::ComplexDouble, 0), ST::ComplexDouble},
    {"Double[2] + Bool[]", T(ST::Double, 1), T(ST::Bool, 0), ST::Double},
    {"Double[2] + BFloat16[]", T(ST::Double, 1), T(ST::BFloat16, 0), ST::Double},
    {"ComplexFloat[2] + Byte[]", T(ST::ComplexFloat, 1), T(ST::Byte, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + Char[]", T(ST::ComplexFloat, 1), T(ST::Char, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + Short[]", T(ST::ComplexFloat, 1), T(ST::Short, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + Int[]", T(ST::ComplexFloat, 1), T(ST::Int, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + Long[]", T(ST::ComplexFloat, 1), T(ST::Long, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + Half[]", T(ST::ComplexFloat, 1), T(ST::Half, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + Float[]", T(ST::ComplexFloat, 1), T(ST::Float, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + Double[]", T(ST::ComplexFloat, 1), T(ST::Double, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + ComplexFloat[]", T(ST::ComplexFloat, 1), T(ST::ComplexFloat, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + ComplexDouble[]", T(ST::ComplexFloat, 1), T(ST::ComplexDouble, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + Bool[]", T(ST::ComplexFloat, 1), T(ST::Bool, 0), ST::ComplexFloat},
    {"ComplexFloat[2] + BFloat16[]", T(ST::ComplexFloat, 1), T(ST::BFloat16, 0), ST::ComplexFloat},
    {"ComplexDouble[2] + Byte[]", T(ST::ComplexDouble, 1), T(ST::Byte, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + Char[]", T(ST::ComplexDouble, 1), T(ST::Char, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + Short[]", T(ST::ComplexDouble, 1), T(ST::Short, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + Int[]", T(ST::ComplexDouble, 1), T(ST::Int, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + Long[]", T(ST::ComplexDouble, 1), T(ST::Long, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + Half[]", T(ST::ComplexDouble, 1), T(ST::Half, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + Float[]", T(ST::ComplexDouble, 1), T(ST::Float, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + Double[]", T(ST::ComplexDouble, 1), T(ST::Double, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + ComplexFloat[]", T(ST::ComplexDouble, 1), T(ST::ComplexFloat, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + ComplexDouble[]", T(ST::ComplexDouble, 1), T(ST::ComplexDouble, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + Bool[]", T(ST::ComplexDouble, 1), T(ST::Bool, 0), ST::ComplexDouble},
    {"ComplexDouble[2] + BFloat16[]", T(ST::ComplexDouble, 1), T(ST::BFloat16, 0), ST::ComplexDouble},
    {"Bool[2] + Byte[]", T(ST::Bool, 1), T(ST::Byte, 0), ST::Byte},
    {"Bool[2] + Char[]", T(ST::Bool, 1), T(ST::Char, 0), ST::Char},
    {"Bool[2] + Short[]", T(ST::Bool, 1), T(ST::Short, 0), ST::Short},
    {"Bool[2] + Int[]", T(ST::Bool, 1), T(ST::Int, 0), ST::Int},
    {"Bool[2] + Long[]", T(ST::Bool, 1), T(ST::Long, 0), ST::Long},
    {"Bool[2] + Half[]", T(ST::Bool, 1), T(ST::Half, 0), ST::Half},
    {"Bool[2] + Float[]", T(ST::Bool, 1), T(ST::Float, 0), ST::Float},
    {"Bool[2] + Double[]", T(ST::Bool, 1), T(ST::Double, 0), ST::Double},
    {"Bool[2] + ComplexFloat[]", T(ST::Bool, 1), T(ST::ComplexFloat, 0), ST::ComplexFloat},
    {"Bool[2] + ComplexDouble[]", T(ST::Bool, 1), T(ST::ComplexDouble, 0), ST::ComplexDouble},
    {"Bool[2] + Bool[]", T(ST::Bool, 1), T(ST::Bool, 0), ST::Bool},
    {"Bool[2] + BFloat16[]", T(ST::Bool, 1), T(ST::BFloat16, 0), ST::BFloat16},
    {"BFloat16[2] + Byte[]", T(ST::BFloat16, 1), T(ST::Byte, 0), ST::BFloat16},
    {"BFloat16[2] + Char[]", T(ST::BFloat16, 1), T(ST::Char, 0), ST::BFloat16},
    {"BFloat16[2] + Short[]", T(ST::BFloat16, 1), T(ST::Short, 0), ST::BFloat16},
    {"BFloat16[2] + Int[]", T(ST::BFloat16, 1), T(ST::Int, 0), ST::BFloat16},
    {"BFloat16[2] + Long[]", T(ST::BFloat16, 1), T(ST::Long, 0), ST::BFloat16},
    {"BFloat16[2] + Half[]", T(ST::BFloat16, 1), T(ST::Half, 0), ST::BFloat16},
    {"BFloat16[2] + Float[]", T(ST::BFloat16, 1), T(ST::Float, 0), ST::BFloat16},
    {"BFloat16[2] + Double[]", T(ST::BFloat16, 1), T(ST::Double, 0), ST::BFloat16},
    {"BFloat16[2] + ComplexFloat[]", T(ST::BFloat16, 1), T(ST::ComplexFloat, 0), ST::ComplexFloat},
    {"BFloat16[2] + ComplexDouble[]", T(ST::BFloat16, 1), T(ST::ComplexDouble, 0), ST::ComplexFloat},
    {"BFloat16[2] + Bool[]", T(ST::BFloat16, 1), T(ST::Bool, 0), ST::BFloat16},
    {"BFloat16[2] + BFloat16[]", T(ST::BFloat16, 1), T(ST::BFloat16, 0), ST::BFloat16},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(scalarTypeName(result_type(c.a, c.b)), scalarTypeName(c.expected)) << c.what;
    EXPECT_EQ(scalarTypeName(result_type(c.b, c.a)), scalarTypeName(c.expected)) << c.what << " (swapped)";
  }
}

TEST(TypePromotion, TensorWithPythonScalar) {
  const ScalarCase cases[] = {
    {"Byte dim0 + int", T(ST::Byte, 0), Scalar(int64_t{3}), ST::Byte},
    {"Byte dim1 + int", T(ST::Byte, 1), Scalar(int64_t{3}), ST::Byte},
    {"Byte dim0 + float", T(ST::Byte, 0), Scalar(2.5), ST::Float},
    {"Byte dim1 + float", T(ST::Byte, 1), Scalar(2.5), ST::Float},
    {"Byte dim0 + bool", T(ST::Byte, 0), Scalar(true), ST::Byte},
    {"Byte dim1 + bool", T(ST::Byte, 1), Scalar(true), ST::Byte},
    {"Byte dim0 + complex", T(ST::Byte, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Byte dim1 + complex", T(ST::Byte, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Char dim0 + int", T(ST::Char, 0), Scalar(int64_t{3}), ST::Char},
    {"Char dim1 + int", T(ST::Char, 1), Scalar(int64_t{3}), ST::Char},
    {"Char dim0 + float", T(ST::Char, 0), Scalar(2.5), ST::Float},
    {"Char dim1 + float", T(ST::Char, 1), Scalar(2.5), ST::Float},
    {"Char dim0 + bool", T(ST::Char, 0), Scalar(true), ST::Char},
    {"Char dim1 + bool", T(ST::Char, 1), Scalar(true), ST::Char},
    {"Char dim0 + complex", T(ST::Char, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Char dim1 + complex", T(ST::Char, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Short dim0 + int", T(ST::Short, 0), Scalar(int64_t{3}), ST::Short},
    {"Short dim1 + int", T(ST::Short, 1), Scalar(int64_t{3}), ST::Short},
    {"Short dim0 + float", T(ST::Short, 0), Scalar(2.5), ST::Float},
    {"Short dim1 + float", T(ST::Short, 1), Scalar(2.5), ST::Float},
    {"Short dim0 + bool", T(ST::Short, 0), Scalar(true), ST::Short},
    {"Short dim1 + bool", T(ST::Short, 1), Scalar(true), ST::Short},
    {"Short dim0 + complex", T(ST::Short, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Short dim1 + complex", T(ST::Short, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Int dim0 + int", T(ST::Int, 0), Scalar(int64_t{3}), ST::Int},
    {"Int dim1 + int", T(ST::Int, 1), Scalar(int64_t{3}), ST::Int},
    {"Int dim0 + float", T(ST::Int, 0), Scalar(2.5), ST::Float},
    {"Int dim1 + float", T(ST::Int, 1), Scalar(2.5), ST::Float},
    {"Int dim0 + bool", T(ST::Int, 0), Scalar(true), ST::Int},
    {"Int dim1 + bool", T(ST::Int, 1), Scalar(true), ST::Int},
    {"Int dim0 + complex", T(ST::Int, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Int dim1 + complex", T(ST::Int, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Long dim0 + int", T(ST::Long, 0), Scalar(int64_t{3}), ST::Long},
    {"Long dim1 + int", T(ST::Long, 1), Scalar(int64_t{3}), ST::Long},
    {"Long dim0 + float", T(ST::Long, 0), Scalar(2.5), ST::Float},
    {"Long dim1 + float", T(ST::Long, 1), Scalar(2.5), ST::Float},
    {"Long dim0 + bool", T(ST::Long, 0), Scalar(true), ST::Long},
    {"Long dim1 + bool", T(ST::Long, 1), Scalar(true), ST::Long},
    {"Long dim0 + complex", T(ST::Long, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Long dim1 + complex", T(ST::Long, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Half dim0 + int", T(ST::Half, 0), Scalar(int64_t{3}), ST::Half},
    {"Half dim1 + int", T(ST::Half, 1), Scalar(int64_t{3}), ST::Half},
    {"Half dim0 + float", T(ST::Half, 0), Scalar(2.5), ST::Half},
    {"Half dim1 + float", T(ST::Half, 1), Scalar(2.5), ST::Half},
    {"Half dim0 + bool", T(ST::Half, 0), Scalar(true), ST::Half},
    {"Half dim1 + bool", T(ST::Half, 1), Scalar(true), ST::Half},
    {"Half dim0 + complex", T(ST::Half, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexHalf},
    {"Half dim1 + complex", T(ST::Half, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexHalf},
    {"Float dim0 + int", T(ST::Float, 0), Scalar(int64_t{3}), ST::Float},
    {"Float dim1 + int", T(ST::Float, 1), Scalar(int64_t{3}), ST::Float},
    {"Float dim0 + float", T(ST::Float, 0), Scalar(2.5), ST::Float},
    {"Float dim1 + float", T(ST::Float, 1), Scalar(2.5), ST::Float},
    {"Float dim0 + bool", T(ST::Float, 0), Scalar(true), ST::Float},
    {"Float dim1 + bool", T(ST::Float, 1), Scalar(true), ST::Float},
    {"Float dim0 + complex", T(ST::Float, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Float dim1 + complex", T(ST::Float, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Double dim0 + int", T(ST::Double, 0), Scalar(int64_t{3}), ST::Double},
    {"Double dim1 + int", T(ST::Double, 1), Scalar(int64_t{3}), ST::Double},
    {"Double dim0 + float", T(ST::Double, 0), Scalar(2.5), ST::Double},
    {"Double dim1 + float", T(ST::Double, 1), Scalar(2.5), ST::Double},
    {"Double dim0 + bool", T(ST::Double, 0), Scalar(true), ST::Double},
    {"Double dim1 + bool", T(ST::Double, 1), Scalar(true), ST::Double},
    {"Double dim0 + complex", T(ST::Double, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexDouble},
    {"Double dim1 + complex", T(ST::Double, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexDouble},
    {"ComplexFloat dim0 + int", T(ST::ComplexFloat, 0), Scalar(int64_t{3}), ST::ComplexFloat},
    {"ComplexFloat dim1 + int", T(ST::ComplexFloat, 1), Scalar(int64_t{3}), ST::ComplexFloat},
    {"ComplexFloat dim0 + float", T(ST::ComplexFloat, 0), Scalar(2.5), ST::ComplexFloat},
    {"ComplexFloat dim1 + float", T(ST::ComplexFloat, 1), Scalar(2.5), ST::ComplexFloat},
    {"ComplexFloat dim0 + bool", T(ST::ComplexFloat, 0), Scalar(true), ST::ComplexFloat},
    {"ComplexFloat dim1 + bool", T(ST::ComplexFloat, 1), Scalar(true), ST::ComplexFloat},
    {"ComplexFloat dim0 + complex", T(ST::ComplexFloat, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"ComplexFloat dim1 + complex", T(ST::ComplexFloat, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"ComplexDouble dim0 + int", T(ST::ComplexDouble, 0), Scalar(int64_t{3}), ST::ComplexDouble},
    {"ComplexDouble dim1 + int", T(ST::ComplexDouble, 1), Scalar(int64_t{3}), ST::ComplexDouble},
    {"ComplexDouble dim0 + float", T(ST::ComplexDouble, 0), Scalar(2.5), ST::ComplexDouble},
    {"ComplexDouble dim1 + float", T(ST::ComplexDouble, 1), Scalar(2.5), ST::ComplexDouble},
    {"ComplexDouble dim0 + bool", T(ST::ComplexDouble, 0), Scalar(true), ST::ComplexDouble},
    {"ComplexDouble dim1 + bool", T(ST::ComplexDouble, 1), Scalar(true), ST::ComplexDouble},
    {"ComplexDouble dim0 + complex", T(ST::ComplexDouble, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexDouble},
    {"ComplexDouble dim1 + complex", T(ST::ComplexDouble, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexDouble},
    {"Bool dim0 + int", T(ST::Bool, 0), Scalar(int64_t{3}), ST::Long},
    {"Bool dim1 + int", T(ST::Bool, 1), Scalar(int64_t{3}), ST::Long},
    {"Bool dim0 + float", T(ST::Bool, 0), Scalar(2.5), ST::Float},
    {"Bool dim1 + float", T(ST::Bool, 1), Scalar(2.5), ST::Float},
    {"Bool dim0 + bool", T(ST::Bool, 0), Scalar(true), ST::Bool},
    {"Bool dim1 + bool", T(ST::Bool, 1), Scalar(true), ST::Bool},
    {"Bool dim0 + complex", T(ST::Bool, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"Bool dim1 + complex", T(ST::Bool, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"BFloat16 dim0 + int", T(ST::BFloat16, 0), Scalar(int64_t{3}), ST::BFloat16},
    {"BFloat16 dim1 + int", T(ST::BFloat16, 1), Scalar(int64_t{3}), ST::BFloat16},
    {"BFloat16 dim0 + float", T(ST::BFloat16, 0), Scalar(2.5), ST::BFloat16},
    {"BFloat16 dim1 + float", T(ST::BFloat16, 1), Scalar(2.5), ST::BFloat16},
    {"BFloat16 dim0 + bool", T(ST::BFloat16, 0), Scalar(true), ST::BFloat16},
    {"BFloat16 dim1 + bool", T(ST::BFloat16, 1), Scalar(true), ST::BFloat16},
    {"BFloat16 dim0 + complex", T(ST::BFloat16, 0), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
    {"BFloat16 dim1 + complex", T(ST::BFloat16, 1), Scalar(std::complex<double>(1, 2)), ST::ComplexFloat},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(scalarTypeName(result_type(c.a, c.b)), scalarTypeName(c.expected)) << c.what;
    // A wrapped-number tensor behaves like the Scalar itself.
    EXPECT_EQ(scalarTypeName(result_type(c.a, wrapped_scalar_tensor(c.b))), scalarTypeName(c.expected)) << c.what;
  }
}

TEST(TypePromotion, ManyOperands) {
  // int32[2], float64[] , python float: dim tensor category (int) loses to the
  // zero-dim float64, which keeps its own dtype.
  const Tensor ops[] = {T(ST::Int, 1), T(ST::Double, 0), wrapped_scalar_tensor(1.5)};
  EXPECT_EQ(result_type(ops), ST::Double);
  const Tensor ops2[] = {T(ST::Byte, 1), T(ST::Char, 1), wrapped_scalar_tensor(7)};
  EXPECT_EQ(result_type(ops2), ST::Short);
}

TEST(TypePromotion, CanCast) {
  EXPECT_TRUE(canCast(ST::Long, ST::Float));
  EXPECT_FALSE(canCast(ST::Float, ST::Long));
  EXPECT_FALSE(canCast(ST::Long, ST::Bool));
  EXPECT_TRUE(canCast(ST::Bool, ST::Byte));
  EXPECT_FALSE(canCast(ST::ComplexFloat, ST::Double));
  EXPECT_EQ(toFloatingIfIntegral(ST::Bool), ST::Float);
  EXPECT_EQ(toFloatingIfIntegral(ST::Half), ST::Half);
}

}  // namespace
}  // namespace jitserve
