// The type hierarchy: printing in PyTorch's graph and annotation forms,
// equality, subtyping, Union normalization and unification.
#include <gtest/gtest.h>

#include "runtime/core/function.h"
#include "runtime/core/type.h"
#include "runtime/support/error.h"

namespace jitserve {
namespace {

TypePtr I() { return IntType::get(); }
TypePtr F() { return FloatType::get(); }
TypePtr S() { return StringType::get(); }
TypePtr T() { return TensorType::get(); }
TypePtr N() { return NoneType::get(); }

TEST(TypeStr, SingletonsAndContainers) {
  EXPECT_EQ(I()->str(), "int");
  EXPECT_EQ(NumberType::get()->str(), "Scalar");
  EXPECT_EQ(DeviceObjType::get()->str(), "Device");
  EXPECT_EQ(FunctionType::get()->str(), "Function");
  EXPECT_EQ(ListType::ofInts()->str(), "int[]");
  EXPECT_EQ(ListType::create(ListType::ofFloats())->str(), "float[][]");
  EXPECT_EQ(OptionalType::create(T())->str(), "Tensor?");
  EXPECT_EQ(ListType::create(OptionalType::create(T()))->str(), "Tensor?[]");
  EXPECT_EQ(TupleType::create({T(), I()})->str(), "(Tensor, int)");
  EXPECT_EQ(TupleType::create({})->str(), "()");
  EXPECT_EQ(DictType::create(S(), T())->str(), "Dict(str, Tensor)");
  EXPECT_EQ(FutureType::create(I())->str(), "Future(int)");
  EXPECT_EQ(UnionType::create({I(), S()})->str(), "Union(int, str)");
  EXPECT_EQ(TupleType::createNamed("torch.return_types.max", {"values", "indices"}, {T(), T()})->str(),
            "NamedTuple(values : Tensor, indices : Tensor)");
}

TEST(TypeStr, GraphFormUsesBracketsForFutures) {
  auto fut = FutureType::create(T());
  EXPECT_EQ(irTypeStr(*fut), "Future[Tensor]");
  EXPECT_EQ(irTypeStr(*ListType::create(fut)), "Future[Tensor][]");
  EXPECT_EQ(irTypeStr(*FutureType::create(TupleType::create({I(), I()}))), "Future[(int, int)]");
  EXPECT_EQ(irTypeStr(*DictType::create(S(), ListType::ofInts())), "Dict(str, int[])");
}

TEST(TypeStr, AnnotationForm) {
  EXPECT_EQ(ListType::ofInts()->annotationStr(), "List[int]");
  EXPECT_EQ(OptionalType::create(T())->annotationStr(), "Optional[Tensor]");
  EXPECT_EQ(TupleType::create({I(), S()})->annotationStr(), "Tuple[int, str]");
  EXPECT_EQ(TupleType::create({})->annotationStr(), "Tuple[()]");
  EXPECT_EQ(DictType::create(S(), F())->annotationStr(), "Dict[str, float]");
  EXPECT_EQ(UnionType::create({I(), S()})->annotationStr(), "Union[int, str]");
  EXPECT_EQ(TensorType::create(ScalarType::Float, std::nullopt, size_t{2}, std::nullopt)->annotationStr(),
            "Tensor");
}

TEST(TypeStr, RefinedTensors) {
  TensorType::SizeVec sizes{2, 3}, strides{3, 1};
  auto full = TensorType::create(ScalarType::Float, Device::cpu(), sizes, strides, false);
  EXPECT_EQ(full->str(), "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)");
  auto partial = TensorType::create(ScalarType::Long, std::nullopt, TensorType::SizeVec{std::nullopt, 4},
                                    std::nullopt, std::nullopt);
  EXPECT_EQ(partial->str(), "Long(*, 4)");
  EXPECT_EQ(TensorType::create(ScalarType::Float, std::nullopt, std::optional<size_t>{}, std::nullopt)->str(),
            "FloatTensor");
  EXPECT_EQ(TensorType::create(std::nullopt, std::nullopt, std::optional<size_t>{}, true)->str(),
            "Tensor(requires_grad=1)");
  EXPECT_EQ(TensorType::create(ScalarType::Bool, std::nullopt, size_t{0}, std::nullopt)->str(), "Bool()");
  EXPECT_EQ(T()->str(), "Tensor");
  EXPECT_TRUE(T()->cast<TensorType>()->isUnrefined());
  EXPECT_EQ(full->cast<TensorType>()->concreteSizes(), (std::vector<int64_t>{2, 3}));
  EXPECT_FALSE(partial->cast<TensorType>()->concreteSizes().has_value());
}

TEST(TypeEquality, StructuralAndNominal) {
  EXPECT_EQ(*ListType::create(I()), *ListType::ofInts());
  EXPECT_NE(*ListType::ofInts(), *ListType::ofFloats());
  EXPECT_EQ(*TupleType::create({I(), S()}), *TupleType::create({I(), S()}));
  EXPECT_NE(*TupleType::create({I(), S()}), *TupleType::create({S(), I()}));
  EXPECT_EQ(*DictType::create(S(), T()), *DictType::create(S(), T()));
  EXPECT_NE(*T(), *TensorType::create(ScalarType::Float, std::nullopt, size_t{1}, std::nullopt));
  auto a = ClassType::create("__torch__.A"), b = ClassType::create("__torch__.A");
  EXPECT_EQ(*a, *a);
  EXPECT_NE(*a, *b);  // classes are compared by identity
  EXPECT_EQ(*UnionType::create({I(), S()}), *UnionType::create({S(), I()}));
}

TEST(Subtyping, Rules) {
  auto optInt = OptionalType::create(I());
  EXPECT_TRUE(I()->isSubtypeOf(*optInt));
  EXPECT_TRUE(N()->isSubtypeOf(*optInt));
  EXPECT_FALSE(S()->isSubtypeOf(*optInt));
  EXPECT_FALSE(optInt->isSubtypeOf(*I()));
  EXPECT_TRUE(I()->isSubtypeOf(*NumberType::get()));
  EXPECT_TRUE(F()->isSubtypeOf(*NumberType::get()));
  EXPECT_FALSE(BoolType::get()->isSubtypeOf(*NumberType::get()));
  EXPECT_TRUE(ListType::ofTensors()->isSubtypeOf(*AnyType::get()));
  // Lists are invariant, tuples covariant.
  EXPECT_FALSE(ListType::ofInts()->isSubtypeOf(*ListType::create(NumberType::get())));
  EXPECT_FALSE(TupleType::create({I(), F()})->isSubtypeOf(*TupleType::create({NumberType::get(), optInt})));
  EXPECT_TRUE(TupleType::create({I(), N()})->isSubtypeOf(*TupleType::create({NumberType::get(), optInt})));
  EXPECT_TRUE(ListType::ofInts()->isSubtypeOf(*AnyListType::get()));
  EXPECT_TRUE(TupleType::create({I()})->isSubtypeOf(*AnyTupleType::get()));
  auto u = UnionType::create({I(), S()});
  EXPECT_TRUE(I()->isSubtypeOf(*u));
  EXPECT_TRUE(S()->isSubtypeOf(*u));
  EXPECT_FALSE(F()->isSubtypeOf(*u));
  EXPECT_TRUE(u->isSubtypeOf(*UnionType::create({I(), S(), F()})));
  EXPECT_FALSE(u->isSubtypeOf(*I()));
  auto refined = TensorType::create(ScalarType::Float, Device::cpu(), size_t{2}, false);
  EXPECT_TRUE(refined->isSubtypeOf(*T()));
  EXPECT_FALSE(T()->isSubtypeOf(*refined));
  EXPECT_TRUE(refined->isSubtypeOf(*TensorType::create(ScalarType::Float, std::nullopt, std::optional<size_t>{},
                                                       std::nullopt)));
  EXPECT_TRUE(FutureType::create(refined)->isSubtypeOf(*FutureType::create(T())));
  auto cls = ClassType::create("__torch__.M", true);
  EXPECT_TRUE(cls->isSubtypeOf(*AnyClassType::get()));
  EXPECT_FALSE(cls->isSubtypeOf(*ClassType::create("__torch__.M", true)));
}

TEST(UnionType, NormalizesLikePyTorch) {
  // Sorted by PyTorch's kind order, then by name.
  EXPECT_EQ(UnionType::create({I(), F(), S()})->str(), "Union(float, int, str)");
  EXPECT_EQ(UnionType::create({I(), F(), N()})->str(), "Union(float, int, NoneType)");
  EXPECT_EQ(UnionType::create({ListType::ofTensors(), T()})->str(), "Union(Tensor, Tensor[])");
  // Nested unions and optionals flatten; duplicates go; {T, None} is Optional[T].
  EXPECT_EQ(UnionType::create({UnionType::create({I(), S()}), I()})->str(), "Union(int, str)");
  EXPECT_EQ(UnionType::create({I(), N()})->str(), "int?");
  EXPECT_EQ(UnionType::create({OptionalType::create(I()), S()})->str(), "Union(int, NoneType, str)");
  EXPECT_EQ(UnionType::create({I(), I()})->str(), "int");
  EXPECT_TRUE(UnionType::create({I(), F(), N()})->cast<UnionType>()->canHoldNone());
}

TEST(TypeHelpers, UnifyAndUnwrap) {
  EXPECT_EQ((*unifyTypes(I(), I()))->str(), "int");
  EXPECT_EQ((*unifyTypes(N(), I()))->str(), "int?");
  EXPECT_EQ((*unifyTypes(OptionalType::create(I()), I()))->str(), "int?");
  EXPECT_EQ((*unifyTypes(TupleType::create({I(), N()}), TupleType::create({N(), S()})))->str(), "(int?, str?)");
  auto f2 = TensorType::create(ScalarType::Float, std::nullopt, size_t{2}, std::nullopt);
  auto l3 = TensorType::create(ScalarType::Long, std::nullopt, size_t{2}, std::nullopt);
  EXPECT_EQ((*unifyTypes(f2, l3))->str(), "Tensor(*, *)");
  EXPECT_EQ((*unifyTypes(ListType::create(f2), ListType::create(l3)))->str(), "Tensor[]");
  EXPECT_FALSE(unifyTypes(I(), S()).has_value());
  EXPECT_FALSE(unifyTypes(ListType::ofInts(), ListType::ofFloats()).has_value());
  EXPECT_EQ(unwrapOptional(OptionalType::create(T()))->str(), "Tensor");
  EXPECT_EQ(unwrapOptional(UnionType::create({I(), F(), N()}))->str(), "Union(float, int)");
  EXPECT_EQ(unwrapOptional(I())->str(), "int");
}

TEST(TypeHelpers, ContainedTypesAndVariables) {
  auto d = DictType::create(S(), ListType::create(VarType::create("t")));
  EXPECT_TRUE(d->hasFreeVariables());
  EXPECT_FALSE(DictType::create(S(), T())->hasFreeVariables());
  auto rebuilt = d->withContained({I(), F()});
  EXPECT_EQ(rebuilt->str(), "Dict(int, float)");
  EXPECT_EQ(typeKindName(TypeKind::ListType), "ListType");
  EXPECT_NE(I()->cast<IntType>(), nullptr);
  EXPECT_EQ(I()->cast<FloatType>(), nullptr);
  EXPECT_THROW(I()->expect<ListType>(), InternalError);
}

// Only the name matters to ClassType; the rest is never called here.
class NamedFunction final : public Function {
 public:
  explicit NamedFunction(std::string name) : name_(std::move(name)) {}
  const std::string& name() const override { return name_; }
  const std::string& qualifiedName() const override { return name_; }
  const FunctionSchema& schema() const override { throw InternalError("schema() not used in this test"); }
  void run(Stack&) override { throw InternalError("run() not used in this test"); }

 private:
  std::string name_;
};

TEST(ClassType, AttributesAndMethods) {
  auto c = ClassType::create("__torch__.Counter");
  EXPECT_EQ(c->addAttribute("count", I()), 0u);
  EXPECT_EQ(c->addAttribute("weight", T(), /*isParameter=*/true), 1u);
  EXPECT_EQ(c->findAttributeSlot("weight"), 1u);
  EXPECT_FALSE(c->findAttributeSlot("missing").has_value());
  EXPECT_TRUE(c->attributes()[1].isParameter);
  EXPECT_THROW(c->addAttribute("count", F()), Error);
  c->setAttributeType(0, F());
  EXPECT_EQ(c->attributes()[0].type->str(), "float");
  EXPECT_THROW(c->setAttributeType(5, F()), Error);
  NamedFunction forward("forward"), other("forward");
  c->addMethod(&forward);
  EXPECT_EQ(c->findMethod("forward"), &forward);
  EXPECT_EQ(c->findMethod("other"), nullptr);
  EXPECT_THROW(c->addMethod(&other), Error);
  EXPECT_EQ(c->str(), "__torch__.Counter");
}

}  // namespace
}  // namespace jitserve
