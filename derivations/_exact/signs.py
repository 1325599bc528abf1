"""The signs the case in progress assumes, and the sign of a rational function under them.

The case split (:mod:`.cases`) evaluates a claim again under assumed signs of irreducible
factors; while it runs, :data:`_ASSUMED` holds the current case's, and the evaluator's
|·|, max, min and conditions ask :func:`sign_of_function` (through
:meth:`~.numbers.PolyFraction.sign`). A sign nobody assumed raises :class:`UnknownSign`, and
the split continues with each sign for that factor; outside a split the sign is unknown
(``TypeError``: a refusal). This module is the state the split and the numbers share, so
that neither imports the other's module: numbers asks signs here, cases sets them here.
"""

from __future__ import annotations

from .ring import positive_by_form

__all__ = ["UndefinedHere", "UnknownSign", "sign_of_function", "undefined_in_case"]

#: The signs assumed by the case in progress: an irreducible factor's text → (−1, 0 or 1, the
#: factor); None outside a case split.
_ASSUMED: dict | None = None
#: How often a sign was asked with nothing assumed (a caller compares it before and after an
#: evaluation to learn whether a case split could help).
asked_outside = 0


class UndefinedHere(Exception):
    """A factor of a denominator whose sign was asked is assumed 0 by the current case: the
    value asked for is undefined at every point of the case (a piecewise's pieces and
    conditions are evaluated lazily, so only a value the expression needs there is asked).
    (Not an ArithmeticError: no refusal handler catches it, :func:`by_cases` does.)"""


class UnknownSign(Exception):
    """The sign of an irreducible factor that the current case does not assume: the split
    continues with each sign for it. (Not a TypeError: no refusal handler catches it.)"""

    def __init__(self, key: str, factor):
        super().__init__(key)
        self.key, self.factor = key, factor


def _factor_sign(f) -> int:
    if positive_by_form(f):  # (1 + e0: positive wherever it is evaluated, no case needed)
        return 1
    key = str(f)
    got = _ASSUMED.get(key)
    if got is None:
        raise UnknownSign(key, f)
    return got[0]


def sign_of_function(n, d) -> int:
    """The sign of n/d (numerator and monic denominator in lowest terms, ``fmpq_mpoly``)
    under the current case; ``TypeError`` outside a case split (the sign is unknown).

    A numerator and denominator positive by their form (:func:`.exponentials.positive_by_form`)
    have a sign without a case, and so does such a factor inside one.

    The keys are the irreducible factors of n and d (monic, from flint's factorisation), so
    the signs of p, 2p, −p, p², pq and p/q are one assumption about p (and q), never two
    that could contradict each other; the sign is the constant's times the factors'. A factor
    of d assumed 0 makes n/d undefined in that case: :class:`UndefinedHere` (the case has
    nothing to prove)."""
    global asked_outside
    if positive_by_form(d):  # (d is monic: ±n positive by its form decides, without a case)
        if positive_by_form(n):
            return 1
        if positive_by_form(-n):
            return -1
    if _ASSUMED is None:
        asked_outside += 1
        raise TypeError("the sign of a rational function of the entry symbols")
    c, num = n.factor()
    _, den = d.factor()
    sign = 1 if c > 0 else -1
    for f, e in den:
        s = _factor_sign(f)
        if s == 0:
            raise UndefinedHere("a denominator assumed 0 in a case of the sign split")
        sign *= s ** e
    for f, e in num:
        sign *= _factor_sign(f) ** e
    return sign


def undefined_in_case(exc: Exception) -> bool:
    """Whether ``exc``, raised while evaluating a case of the split, shows the case has no
    point where the expression is defined: a division by an exact 0 (``ZeroDivisionError``:
    0 as a rational, a rational function or an exponential sum whose numerator is the zero
    polynomial, a matrix singular over the rational functions) in a case that assumes some
    factor 0 (see the module docstring). False outside a split and in a case with every
    factor assumed nonzero."""
    return (isinstance(exc, ZeroDivisionError) and _ASSUMED is not None
            and any(s == 0 for s, _ in _ASSUMED.values()))
