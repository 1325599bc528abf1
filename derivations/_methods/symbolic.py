"""Method 1 — symbolic: the claim dimension-free, through SymPy's own matrix algebra.

The custom nodes are lowered (:func:`derivations._symbols.expr.lower`), so gradients go through
``sympy.diff`` on ``MatrixSymbol``s — known to be wrong in places. This method alone is
therefore never enough: a verdict needs the exact-random method to agree.
"""

from __future__ import annotations

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixExpr

from .._budget import Timeout, time_limit
from .._claims.claims import Stationary
from .._decide.kinds import decider
from .._decide.ratfun import zero_over_atoms
from .._symbols.expr import Grad, lower
from .._symbols.matrix_doit import memoised_doit
from .outcome import EQUAL, INCONCLUSIVE, NOT_APPLICABLE, TIMEOUT, Outcome

NAME = "symbolic"


def _is_zero(e) -> bool:
    e = sp.sympify(e)
    e = e.doit() if hasattr(e, "doit") else e
    if isinstance(e, MatrixExpr):
        if e.is_ZeroMatrix:
            return True
        e = sp.expand(e).doit()
        return bool(getattr(e, "is_ZeroMatrix", False)) or e == 0
    if e == 0:
        return True
    ex = sp.expand(e)
    if ex == 0:
        return True
    if _polynomial(ex):  # its expanded form is its normal form: cancel could only rebuild it
        return False
    zero = zero_over_atoms(ex)  # cancel's zero test, its polynomials in flint
    if zero is not None:
        return zero
    return sp.cancel(sp.together(ex)) == 0


def _polynomial(ex) -> bool:
    """True when the expanded ``ex`` is a polynomial in its atoms (no power but positive
    integer ones). Its expanded form is then a sum of distinct monomials, which
    ``cancel(together(...))`` turns into the same polynomial over the same generators: it
    returns 0 only for a 0 it is given. Over the catalog ``cancel`` proved 11 claims, every
    one with a denominator, and spent 4.1 s failing on 78 polynomial ones."""
    return all(p.exp.is_Integer and p.exp > 0 for p in ex.atoms(sp.Pow))


#: SymPy's dimension-free simplification either succeeds fast or runs away; cap it.
BUDGET = 2.0


def run(claim, space, rng) -> Outcome:  # noqa: ARG001 - uniform method signature
    if _differentiates(claim):
        return Outcome(NAME, NOT_APPLICABLE, detail=(
            "a derivative: SymPy's matrix calculus is known to return wrong derivatives "
            "(0 for the ridge objective, a dropped quotient-rule term), so it proves nothing"))
    try:
        with time_limit(BUDGET) as lim, memoised_doit():
            targets = decider(claim).symbolic()
            if targets is None:
                return Outcome(NAME, NOT_APPLICABLE,
                               detail="no dimension-free proof route for this relation")
            for e in targets:
                if not _is_zero(lower(space.expand(e))):
                    return Outcome(NAME, INCONCLUSIVE, detail="SymPy did not reduce lhs - rhs to 0")
    except Timeout as t:
        if not lim.owns(t):
            raise
        return Outcome(NAME, TIMEOUT, detail=f"SymPy's simplification passed {BUDGET:g} s")
    except Exception as exc:  # noqa: BLE001 - SymPy's matrix algebra cannot express this claim
        return Outcome(NAME, NOT_APPLICABLE, detail=f"SymPy cannot handle it: {type(exc).__name__}: {exc}")
    ok, why = decider(claim).manifest(space)
    if not ok:
        return Outcome(NAME, INCONCLUSIVE, detail=why)
    return Outcome(NAME, EQUAL, detail="lhs - rhs simplifies to 0 for symbolic sizes",
                   all_sizes="symbolic (SymPy's dimension-free matrix algebra)")


def _differentiates(claim) -> bool:
    if isinstance(claim, Stationary):
        return True
    return any(isinstance(s, sp.Basic) and s.has(Grad, sp.Derivative) for s in claim.sides())
