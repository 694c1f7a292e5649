def int_loop(n: int) -> int:
    s = 0
    i = 0
    while i < n:
        s = s + i * 3 % 7
        i += 1
    return s
