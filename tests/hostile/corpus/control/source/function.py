def f(x: int) -> int:
  return (x + 1) * 2
