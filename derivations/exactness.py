"""Deciding whether an exact number is zero, and its sign — with certainty where claimed.

Values reaching here are closed SymPy numbers: rationals (decided exactly), algebraic
numbers from norms (decided via evaluation with SymPy's precision-tracking ``evalf``, and
exactly by a minimal polynomial when the value is tiny), or transcendental ones from
``exp``/``log`` (evaluated by mpmath at :data:`DIGITS` digits through ``evalf``).

A ``False`` from :func:`exact_is_zero` is certain: the value was shown nonzero with more
correct digits than needed. A ``True`` for a transcendental value means "zero to
:data:`DIGITS` digits", which the engine never uses as a proof (exact-random agreement
is evidence, not proof; see :mod:`derivations.verdict`).
"""

from __future__ import annotations

import sympy as sp

__all__ = ["exact_is_zero", "exact_sign", "DIGITS"]

DIGITS = 60
_TINY = sp.Float(10) ** -45


def exact_is_zero(v) -> bool | None:
    """True, False, or None (could not decide) for a closed SymPy number."""
    v = sp.sympify(v)
    if isinstance(v, sp.MatrixBase):
        results = [exact_is_zero(e) for e in v]
        if any(r is False for r in results):
            return False
        return None if any(r is None for r in results) else True
    if v.is_Rational:
        return v == 0
    if v.free_symbols:
        return None
    if v.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
        return None
    try:
        val = v.evalf(DIGITS, maxn=400)
    except Exception:  # noqa: BLE001 - evalf failure means we cannot decide here
        return None
    if not val.is_number:
        return None
    re_, im_ = val.as_real_imag()
    if abs(re_) > _TINY or abs(im_) > _TINY:
        return False
    if v.is_algebraic or not v.has(sp.exp, sp.log, sp.pi, sp.E):
        try:
            x = sp.Dummy("x")
            return sp.minimal_polynomial(v, x) == x
        except Exception:  # noqa: BLE001 - not algebraic after all, or too large
            pass
    return True


def exact_sign(v) -> int | None:
    """-1, 0 or 1 for a closed real SymPy number; None if undecidable."""
    v = sp.sympify(v)
    if isinstance(v, sp.MatrixBase) and v.shape == (1, 1):
        v = v[0, 0]
    if v.is_Rational:
        return int(sp.sign(v))
    z = exact_is_zero(v)
    if z is None:
        return None
    if z:
        return 0
    val = v.evalf(DIGITS, maxn=400)
    re_, _ = val.as_real_imag()
    return 1 if re_ > 0 else -1
