"""Finite fields GF(p^e) as addition and multiplication tables, for the affine designs.

An element is an integer 0..q-1 whose base-p digits are the coefficients of a polynomial over GF(p);
products are taken modulo the first monic irreducible polynomial of degree e (found by trial division), so
the tables are the same on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass

Polynomial = tuple[int, ...]  # coefficients, lowest degree first


def prime_power(number: int) -> tuple[int, int] | None:
    """(p, e) with number = p**e for a prime p, or None."""
    if number < 2:
        return None
    prime = next(d for d in range(2, number + 1) if number % d == 0)
    exponent = 0
    while number % prime == 0:
        number //= prime
        exponent += 1
    return (prime, exponent) if number == 1 else None


def _remainder(dividend: Polynomial, divisor: Polynomial, prime: int) -> Polynomial:
    rest = list(dividend)
    inverse = pow(divisor[-1], prime - 2, prime) if prime > 2 else 1
    while len(rest) >= len(divisor) and any(rest):
        factor = rest[-1] * inverse % prime
        shift = len(rest) - len(divisor)
        for i, c in enumerate(divisor):
            rest[shift + i] = (rest[shift + i] - factor * c) % prime
        while rest and rest[-1] == 0:
            rest.pop()
    return tuple(rest)


def _monic(degree: int, prime: int) -> list[Polynomial]:
    polynomials = []
    for code in range(prime**degree):
        digits = [(code // prime**i) % prime for i in range(degree)]
        polynomials.append((*digits, 1))
    return polynomials


def irreducible(prime: int, degree: int) -> Polynomial:
    """The first monic polynomial of this degree with no monic factor of degree 1..degree/2."""
    for candidate in _monic(degree, prime):
        factors = (f for d in range(1, degree // 2 + 1) for f in _monic(d, prime))
        if all(_remainder(candidate, f, prime) for f in factors):
            return candidate
    raise ValueError(f"no irreducible polynomial of degree {degree} over GF({prime})")


def _digits(element: int, prime: int, degree: int) -> list[int]:
    return [(element // prime**i) % prime for i in range(degree)]


def _number(digits: list[int] | Polynomial, prime: int) -> int:
    return sum(d * prime**i for i, d in enumerate(digits))


@dataclass(frozen=True)
class Field:
    order: int
    add: tuple[tuple[int, ...], ...]
    mul: tuple[tuple[int, ...], ...]


def _product(x: int, y: int, prime: int, degree: int, modulus: Polynomial) -> int:
    a, b = _digits(x, prime, degree), _digits(y, prime, degree)
    full = [0] * (2 * degree - 1)
    for i, u in enumerate(a):
        for j, v in enumerate(b):
            full[i + j] = (full[i + j] + u * v) % prime
    rest = list(_remainder(tuple(full), modulus, prime)) if degree > 1 else full
    return _number(rest[:degree], prime)


def field(order: int) -> Field:
    """GF(order); ValueError unless order is a prime power."""
    power = prime_power(order)
    if power is None:
        raise ValueError(f"{order} is not a prime power")
    prime, degree = power
    modulus = irreducible(prime, degree) if degree > 1 else (0, 1)

    def add(x: int, y: int) -> int:
        a, b = _digits(x, prime, degree), _digits(y, prime, degree)
        return _number([(u + v) % prime for u, v in zip(a, b, strict=True)], prime)

    elements = range(order)
    return Field(
        order=order,
        add=tuple(tuple(add(x, y) for y in elements) for x in elements),
        mul=tuple(tuple(_product(x, y, prime, degree, modulus) for y in elements) for x in elements),
    )
