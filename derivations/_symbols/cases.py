"""A case split on the signs of rational functions: |p|, max, min, piecewise conditions and
√(p²) over ℚ(entry symbols) in flint.

A components instance evaluates a claim as rational functions of its entry symbols
(:class:`~.numbers.PolyFraction`), whose signs are unknown: |p| or a condition p < q has no
single rational form, and the evaluator refuses (SymPy's case analysis decides, as before).
:func:`by_cases` evaluates again under assumed signs instead. Each irreducible factor whose
sign is asked gets, in turn, each of +1, 0 and −1 (a depth-first split: the factors asked in
one case may differ from another's); under an assumption |p| is ±p or 0, a condition is
true or false, and the value is again a rational function. The claim holds if it holds, as an
identity of rational functions, in every case.

Why that is a proof: at every real point where the expression is defined each asked
factor has one sign, so the point follows one path of the split, and on that path every
|·|, max, min and condition the evaluator met was replaced by the piece that is the
expression's value at that point. The case's rational function therefore equals the true
value there; it is identically 0, so the true value is 0. Cases no point reaches (signs of
distinct factors that cannot hold together) are proved too, which only asks more than needed;
a case that fails is dropped when its factors of one variable and degree 1 already contradict
each other or a generator's positivity (v − 1 < 0 with v − 2 = 0: :func:`_empty`), no point
having its signs.
In a case where a factor p is 0, a value whose numerator p divides is 0 there (a tie:
max(a, b) + min(a, b) is 2a where a − b = 0, and a + b − 2a has the factor a − b). A case
that assumes 0 a factor of a denominator whose sign it asks (|a/b| where b = 0) has no point
where the expression is defined — only values the expression needs are asked, a piecewise's
pieces lazily — so there is nothing to prove in it. Nor is there in a case that assumes a
factor 0 and divides by a value that is exactly 0 under its assumptions (1/‖w‖ where the
factor w₁ of ‖w‖² = w₁² is 0): that value equals the true one at each point of the case where
it is defined, so the divisor is 0 at every point of the case (:func:`undefined_in_case`). In
a case that assumes no factor 0 a division by 0 is a refusal, as before: its region is open,
and an expression undefined on all of it is left to SymPy. A refusal in any case, or more than
:data:`MAX_CASES` evaluations, proves nothing: the caller falls back to SymPy.
"""

from __future__ import annotations

__all__ = ["UndefinedHere", "UnknownSign", "by_cases", "sign_of_function", "undefined_in_case",
           "MAX_CASES"]

#: Evaluations a case split may take (1 + 3 + 9 + 27 covers three nested signs).
MAX_CASES = 40

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
    from .exponentials import positive_by_form

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
    from .exponentials import positive_by_form

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


def _vanishes(v) -> bool:
    """v is 0 in the current case: exactly 0, or a rational function whose numerator has a
    factor assumed 0 (then v is 0 wherever the case holds and v is defined)."""
    from .numbers import PolyFraction  # (numbers imports this module)

    if v == 0:
        return True
    if not isinstance(v, PolyFraction):
        return False
    n = v.n
    zeros = [f for s, f in _ASSUMED.values() if s == 0]
    return any(divmod(n, f)[1] == 0 for f in zeros)


def _empty(assumed: dict) -> bool:
    """Whether no real point has the signs ``assumed`` (factor text → (sign, factor)), shown
    from its factors of one variable and degree 1 alone: each is v − r (monic), so its sign
    puts v above, at or below the rational r, and a generator pᵢ or eⱼ (a symbol declared
    positive, an exponential) is above 0. Empty when some variable's bounds leave no value
    (v − 1 < 0 with v − 2 = 0). False says nothing: the other factors are not looked at."""
    bounds: dict = {}  # variable index -> [low, low strict, high, high strict]
    for s, f in assumed.values():
        terms = f.to_dict()
        lead = [m for m in terms if sum(m) == 1]
        if f.total_degree() != 1 or len(lead) != 1:  # (the other term, if any, is constant)
            continue
        (m,) = lead
        i, a = m.index(1), terms[m]
        r = -terms.get(tuple(0 for _ in m), 0) / a
        s = s if a > 0 else -s  # (a factor is monic, a = 1; the sign of a·(v − r) otherwise)
        positive = f.context().names()[i][0] in "ep"
        b = bounds.setdefault(i, [0, True, None, False] if positive else [None, False, None, False])
        if s >= 0:  # v ≥ r, strictly when s > 0
            if b[0] is None or r > b[0] or (r == b[0] and s > 0):
                b[0], b[1] = r, s > 0
        if s <= 0:  # v ≤ r, strictly when s < 0
            if b[2] is None or r < b[2] or (r == b[2] and s < 0):
                b[2], b[3] = r, s < 0
    for lo, lo_strict, hi, hi_strict in bounds.values():
        if lo is not None and hi is not None and (lo > hi or (lo == hi and (lo_strict or hi_strict))):
            return True
    return False


def by_cases(values, limit: int = MAX_CASES) -> bool:
    """Whether ``values()`` (a residual: a list of flint values, or None where refused) is 0
    in every case of the sign split (see the module docstring). ``values`` evaluates from
    scratch (a fresh evaluator: values computed under one case's assumptions must not reach
    another's)."""
    global _ASSUMED
    pending: list[dict] = [{}]
    runs = 0
    while pending:
        assumed = pending.pop()
        runs += 1
        if runs > limit:
            return False
        outer, _ASSUMED = _ASSUMED, assumed
        try:
            got = values()
            if (got is None or not all(_vanishes(v) for v in got)) and not _empty(assumed):
                return False
        except UnknownSign as u:
            pending.extend({**assumed, u.key: (s, u.factor)} for s in (1, 0, -1))
        except UndefinedHere:
            continue  # no point of this case where the expression is defined: nothing to prove
        except Exception:  # noqa: BLE001 - a refusal (no common form, a division by 0,
            if not _empty(assumed):  # ...) in a case some point has proves nothing: SymPy
                return False  # decides
        finally:
            _ASSUMED = outer
    return True
