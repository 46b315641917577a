#!/usr/bin/env python3
"""compare_numbers.py TOLERANCE A B: the two files have the same lines word for word, except
that words which are numbers may differ by at most TOLERANCE. Prints the first difference."""
import sys


def number(word):
    try:
        return float(word.strip("[]"))
    except ValueError:
        return None


def main():
    tolerance = float(sys.argv[1])
    a = open(sys.argv[2]).read().splitlines()
    b = open(sys.argv[3]).read().splitlines()
    if len(a) != len(b):
        print(f"{len(a)} lines against {len(b)}")
        sys.exit(1)
    worst = 0.0
    for i, (la, lb) in enumerate(zip(a, b)):
        wa, wb = la.split(), lb.split()
        ok = len(wa) == len(wb)
        for x, y in zip(wa, wb):
            if x == y:
                continue
            nx, ny = number(x), number(y)
            if nx is None or ny is None or abs(nx - ny) > tolerance:
                ok = False
            else:
                worst = max(worst, abs(nx - ny))
        if not ok:
            print(f"line {i + 1}:\n  {la}\n  {lb}")
            sys.exit(1)
    print(f"{len(a)} lines agree (numbers within {worst:g})")


if __name__ == "__main__":
    main()
