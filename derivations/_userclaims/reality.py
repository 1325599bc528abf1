"""A claim about real numbers must stay in the reals: ``sqrt(-1)``, ``log(0)``, ``0/0`` or a
logarithm to base 0 or 1 is refused when the claim is built, with the reason — not refuted
with ``lhs − rhs = I`` or an empty counterexample (a verdict on a claim that is not about
real numbers at all would mislead)."""

from __future__ import annotations

import re

import sympy as sp

from .errors import ClaimsError

__all__ = ["check_latex_text", "check_real"]


def _why(e) -> str | None:
    if not isinstance(e, sp.Basic):
        return None
    if e.has(sp.I):
        return "it has an imaginary value (e.g. sqrt of a negative number)"
    if e.has(sp.zoo) or e.has(sp.nan):
        return "it has an undefined value (a division by zero, log(0), 0/0)"
    return None


def check_real(sides, where) -> None:
    """Refuse ``sides`` (SymPy expressions or matrices) when one leaves the reals."""
    for side in sides:
        why = _why(side)
        if why is not None:
            raise ClaimsError(f"the claim leaves the real numbers: {why}; lindisc verifies "
                              f"claims about real numbers — rewrite the formula so each part "
                              f"is defined over the reals", where)


_LOG_BASE = re.compile(r"\\log_\s*\{?\s*([+-]?\s*[01](?:\.0*)?)\s*\}?(?![\d.])")


def check_latex_text(text: str, where) -> None:
    """``\\log_{0}`` and ``\\log_{1}``: SymPy's parser turns them into 0 and ∞ silently."""
    m = _LOG_BASE.search(text)
    if m:
        raise ClaimsError(f"the claim leaves the real numbers: a logarithm to base "
                          f"{m.group(1).strip()} is undefined; use a base > 0 other than 1", where)
