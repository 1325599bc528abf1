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

from . import signs
from .numbers import PolyFraction
from .signs import UndefinedHere, UnknownSign

__all__ = ["by_cases", "MAX_CASES"]

#: Evaluations a case split may take (1 + 3 + 9 + 27 covers three nested signs).
MAX_CASES = 40


def _vanishes(v) -> bool:
    """v is 0 in the current case: exactly 0, or a rational function whose numerator has a
    factor assumed 0 (then v is 0 wherever the case holds and v is defined)."""
    if v == 0:
        return True
    if not isinstance(v, PolyFraction):
        return False
    n = v.n
    zeros = [f for s, f in signs._ASSUMED.values() if s == 0]
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
    pending: list[dict] = [{}]
    runs = 0
    while pending:
        assumed = pending.pop()
        runs += 1
        if runs > limit:
            return False
        outer, signs._ASSUMED = signs._ASSUMED, assumed
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
            signs._ASSUMED = outer
    return True
