# while is prim::Loop with the maximum trip count and the condition
# evaluated once before the loop and again at the end of the body; loop-
# carried variables are block parameters and outputs.

def countdown(n: int) -> int:
    total = 0
    while n > 0:
        total += n
        n -= 1
    return total
# CHECK-LABEL: def countdown
# CHECK:      [[C0:%[0-9]+]] : bool = aten::gt(%n{{[.0-9]*}},
# CHECK:      [[MAX:%[0-9]+]] : int = prim::Constant[value=9223372036854775807]()
# CHECK-NEXT: : int, {{.*}} : int = prim::Loop([[MAX]], [[C0]], {{.*}})
# CHECK-NEXT:   block0(%{{[0-9]+}} : int, {{.*}} : int, {{.*}} : int):
# CHECK:          aten::add(
# CHECK:          [[ONE:%[0-9]+]] : int = prim::Constant[value=1]()
# CHECK-NEXT:     aten::sub(%n{{[.0-9]*}}, [[ONE]])
# CHECK:          [[C1:%[0-9]+]] : bool = aten::gt(
# CHECK-NEXT:     -> ([[C1]], {{.*}})
# CHECK:      return (%total
