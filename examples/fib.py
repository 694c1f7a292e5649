def fib(n: int) -> List[int]:
    out: List[int] = []
    a = 0
    b = 1
    for _ in range(n):
        out.append(a)
        a, b = b, a + b
    return out
