"""A defined symbol's declaration is a condition of the claim: whether a drawn point meets it.

``v`` declared ``nonzero`` and defined ``v := x − y`` says two things; the engine reads them
as one claim about the free symbols (x, y) *at the points where the definition's value
meets the declaration* (x ≠ y). So:

* every point a method draws — every exact random point, every components witness, hence
  every counterexample — meets every such condition; a point that does not is redrawn (then
  skipped and counted, as a singular draw is), never evidence and never a counterexample;
* a proof may assume it: :mod:`.positivity` reads a defined vector's ``nonzero``/``unit``
  declaration as it reads a free one's (‖v‖ > 0), sound because every point meets it; every
  other rule reads the definition, so its proof covers every value of the free symbols. A
  condition no point meets leaves exact random without points: never verified.

:func:`unmet` checks one point, exactly (:func:`.exactness.exact_sign`); a condition it
cannot decide at a point counts as not met (the point is redrawn). A condition the definition
implies by its form (``p := exp(a)`` declared positive; ``N := N_1 + N_2`` of positive
integers; ``S := (m_1 − m_2)(m_1 − m_2)ᵀ`` declared symmetric or psd, :func:`symmetric_by_form`,
:func:`psd_by_form`) is not checked (:func:`implied`): it holds at every point.
"""

from __future__ import annotations

import flint
import sympy as sp

from .exactness import exact_sign
from .positivity import is_manifestly_nonnegative, is_manifestly_positive

__all__ = ["unmet", "implied", "checked_conditions"]


_SYMMETRIC = ("symmetric", "spd", "psd", "diagonal", "positive_diagonal")


def _declared(space, sym, structures) -> bool:
    """``sym`` is declared with one of ``structures`` (a defined one too: every drawn point
    meets its declaration, checked or implied in its own right)."""
    d = next((d for d in space.decls.values() if d.symbol == sym), None)
    return d is not None and d.structure in structures


def _palindrome(args, space, middle_ok) -> bool:
    """``X_1 ... X_k`` with X_i = X_{k+1-i}ᵀ, the middle factor (k odd) passing ``middle_ok``."""
    k = len(args)
    for i in range(k // 2):
        try:
            if args[i].T.doit() != args[k - 1 - i].doit():
                return False
        except Exception:  # noqa: BLE001 - a factor without a transpose
            return False
    return k % 2 == 0 or middle_ok(args[k // 2])


def symmetric_by_form(e, space) -> bool:
    """Whether the matrix ``e`` is symmetric by its form: a declared symmetric (spd, psd,
    diagonal) matrix, I, 0, a palindrome of transposes around a symmetric middle (A S Aᵀ),
    sums, scalar multiples, transposes and inverses of such, an explicit matrix equal to its
    transpose."""
    if isinstance(e, sp.MatrixBase):
        n = e.shape[0]
        return e.shape[1] == n and all(sp.expand(e[i, j] - e[j, i]) == 0
                                       for i in range(n) for j in range(i))
    if isinstance(e, (sp.Identity, sp.ZeroMatrix)):
        return e.shape[0] == e.shape[1]
    if isinstance(e, sp.MatrixSymbol):
        return _declared(space, e, _SYMMETRIC)
    if isinstance(e, sp.MatAdd):
        return all(symmetric_by_form(a, space) for a in e.args)
    if isinstance(e, (sp.Transpose, sp.Inverse)):
        return symmetric_by_form(e.args[0], space)
    if isinstance(e, sp.MatPow):
        return e.args[1].is_integer is True and symmetric_by_form(e.args[0], space)
    if isinstance(e, sp.MatMul):
        args = [a for a in e.args if not a.is_number and not (isinstance(a, sp.Expr)
                                                               and not a.is_Matrix)]
        if not args:
            return False
        return _palindrome(args, space, lambda m: symmetric_by_form(m, space))
    return False


def psd_by_form(e, space) -> bool:
    """Whether the matrix ``e`` is psd by its form: a declared psd or spd matrix, I, 0, a
    palindrome A M Aᵀ around a psd middle (A Aᵀ), sums and nonnegative multiples of such."""
    if isinstance(e, (sp.Identity, sp.ZeroMatrix)):
        return e.shape[0] == e.shape[1]
    if isinstance(e, sp.MatrixSymbol):
        return _declared(space, e, ("spd", "psd", "positive_diagonal"))
    if isinstance(e, sp.MatAdd):
        return all(psd_by_form(a, space) for a in e.args)
    if isinstance(e, sp.MatMul):
        scalars = [a for a in e.args if not getattr(a, "is_Matrix", False)]
        args = [a for a in e.args if getattr(a, "is_Matrix", False)]
        if not args or not all(is_manifestly_nonnegative(c, space) for c in scalars):
            return False
        return _palindrome(args, space, lambda m: psd_by_form(m, space))
    return False


def implied(value, decl, space) -> bool:
    """Whether the definition's value meets ``decl`` by its form, at every point."""
    a = decl.assumptions
    if decl.is_scalar:
        if a.get("label") or a.get("probability"):
            return False
        if a.get("integer") and sp.sympify(value).is_integer is not True:
            return False
        if a.get("positive") or a.get("nonzero"):
            return is_manifestly_positive(value, space)
        if a.get("nonnegative"):
            return is_manifestly_nonnegative(value, space)
        return True
    if decl.structure == "symmetric":
        return symmetric_by_form(value, space)
    if decl.structure == "diagonal" and isinstance(value, sp.MatrixBase):
        return value.is_square and all(value[i, j] == 0 for i in range(value.shape[0])
                                       for j in range(value.shape[1]) if i != j)
    if decl.structure == "psd":
        return symmetric_by_form(value, space) and psd_by_form(value, space)
    return False


def checked_conditions(space) -> list:
    """``[(symbol, decl)]``: the conditions :func:`unmet` checks at each point (those not
    :func:`implied`), worked out once per space and its definitions."""
    key = (len(space.decls), len(space.definitions))
    memo = getattr(space, "_conditions_memo", None)
    if memo is not None and memo[0] == key:
        return memo[1]
    out = [(sym, decl) for sym, value, decl in space.conditions()
           if not implied(value, decl, space)]
    space._conditions_memo = (key, out)
    return out


def _sign(v) -> int | None:
    v = sp.sympify(v)
    if isinstance(v, sp.MatrixBase) and v.shape == (1, 1):
        v = v[0, 0]
    if not isinstance(v, sp.Expr) or v.free_symbols:
        return None
    if v.is_Rational:
        return int(sp.sign(v))
    return exact_sign(v)


def _all(values, test) -> bool | None:
    """True when ``test`` holds for every sign, False when it fails for one, None undecided."""
    signs = [_sign(x) for x in values]
    if any(s is not None and not test(s) for s in signs):
        return False
    return None if any(s is None for s in signs) else True


def _psd(m: sp.MatrixBase, strict: bool) -> bool | None:
    """A symmetric matrix is psd iff the coefficients of det(tI − M) alternate in sign (its
    roots are real); pd iff moreover det M ≠ 0."""
    if not all(x.is_Rational for x in m):
        return None
    n = m.shape[0]
    fm = flint.fmpq_mat(n, n, [flint.fmpq(int(x.p), int(x.q)) for x in m])
    coeffs = list(reversed(fm.charpoly().coeffs()))  # t^n first
    for k, c in enumerate(coeffs):
        if c * (-1) ** k < 0:
            return False
    if strict and coeffs[-1] == 0:
        return False
    return n > 0


def _meets(decl, v) -> bool | None:
    """Whether the value ``v`` meets ``decl`` (None: undecided)."""
    a = decl.assumptions
    if decl.is_scalar:
        checks = []
        if a.get("label"):
            return v in (sp.Integer(1), sp.Integer(-1))
        if a.get("probability"):
            checks.append(_all([v], lambda s: s > 0))
            checks.append(_all([1 - v], lambda s: s > 0))
        if a.get("positive"):
            checks.append(_all([v], lambda s: s > 0))
        if a.get("nonnegative"):
            checks.append(_all([v], lambda s: s >= 0))
        if a.get("nonzero"):
            checks.append(_all([v], lambda s: s != 0))
        if a.get("integer"):
            checks.append(sp.sympify(v).is_integer)
        if any(c is False for c in checks):
            return False
        return None if any(c is None for c in checks) else True
    if not isinstance(v, sp.MatrixBase):
        return None
    m = sp.Matrix(v)
    s = decl.structure
    if s == "nonzero":
        signs = [_sign(x) for x in m]
        if any(x not in (None, 0) for x in signs):
            return True
        return None if None in signs else False
    if s == "unit":
        return _all([sum(x ** 2 for x in m) - 1], lambda t: t == 0)
    if s == "positive":
        return _all(list(m), lambda t: t > 0)
    if s == "labels":
        return all(x in (sp.Integer(1), sp.Integer(-1)) for x in m)
    if s == "one_hot_rows":
        return all(sorted(m.row(i)) == [0] * (m.shape[1] - 1) + [1] for i in range(m.shape[0]))
    if s in ("diagonal", "positive_diagonal"):
        off = [m[i, j] for i in range(m.shape[0]) for j in range(m.shape[1]) if i != j]
        ok = _all(off, lambda t: t == 0)
        if ok is not True or s == "diagonal":
            return ok
        return _all([m[i, i] for i in range(min(m.shape))], lambda t: t > 0)
    if s == "full_column_rank":
        if not all(x.is_Rational for x in m):
            return None
        return m.rank() == m.shape[1]
    if s in ("symmetric", "spd", "psd"):
        if m.shape[0] != m.shape[1]:
            return False
        sym = _all([m[i, j] - m[j, i] for i in range(m.shape[0]) for j in range(i)],
                   lambda t: t == 0)
        if sym is not True or s == "symmetric":
            return sym
        return _psd(m, strict=(s == "spd"))
    return None


def unmet(space, inst, values: dict) -> str | None:
    """Why the point (``inst`` with ``values`` for its remaining entry symbols) does not meet
    the declaration of a defined symbol, or None when it meets every one."""
    for sym, decl in checked_conditions(space):
        try:
            v = inst(sym)
            v = v.xreplace(values) if isinstance(v, sp.Basic) and values else v
            ok = _meets(decl, v)
        except Exception as exc:  # noqa: BLE001 - a value this point cannot give: not met
            return (f"the value of {decl.name} (defined) could not be computed at this point "
                    f"({type(exc).__name__}), so its declaration is not shown to hold")
        if ok is not True:
            what = decl.structure if not decl.is_scalar else ", ".join(
                k for k, val in decl.assumptions.items() if val and k != "allow_empty")
            verb = "does not meet" if ok is False else "is not shown to meet"
            return f"{decl.name} (defined) {verb} its declaration ({what}) at this point"
    return None
