"""LaTeX of a whole claim, one function per kind (``lhs = rhs``, ``lhs \\geq rhs``, ...).

A claim is data (:mod:`derivations._claims.claims`); how each kind reads in the documents'
notation is here, found by the claim's type (the nearest in its MRO: an ``EigenPair`` prints
as the ``Equal`` it is). ``p`` is the printer (:class:`~.latex.LindiscLatexPrinter`).
"""

from __future__ import annotations

import sympy as sp

from .._symbols.expr import Scalar
from .._claims.claims import (Behaviour, Equal, Exists, Iff, IsPSD, LagrangePoints, Rel, SameSign,
                              SphereMax, Stationary)

__all__ = ["render"]


def render(claim, p) -> str:
    """LaTeX of ``claim`` with the printer ``p``."""
    for kind in type(claim).__mro__:
        got = _KINDS.get(kind)
        if got is not None:
            return got(claim, p)
    raise TypeError(f"no LaTeX for a claim of kind {type(claim).__name__}: add it to "
                    "derivations._interfaces.claim_latex")


def _equal(claim, p) -> str:
    return f"{p.doprint(claim.lhs)} = {p.doprint(claim.rhs)}"


def _rel(claim, p) -> str:
    sym = {"<=": r"\leq", ">=": r"\geq", "<": "<", ">": ">"}[claim.op]
    return f"{p.doprint(claim.lhs)} {sym} {p.doprint(claim.rhs)}"


def _same_sign(claim, p) -> str:
    return rf"\operatorname{{sign}}\left({p.doprint(claim.a)}\right) = \operatorname{{sign}}\left({p.doprint(claim.b)}\right)"


def _psd(claim, p) -> str:
    return rf"{p.doprint(claim.m)} \succeq 0"


def _operand(f, p) -> str:
    """What a derivative acts on: parenthesised when it is a sum or a product (``∂/∂a (J_k +
    g^T(a - a_k))``, never ``∂/∂a J_k + ...``, which reads as the derivative of J_k alone)."""
    inner = f.args[0] if isinstance(f, Scalar) else f
    tex = p.doprint(f)
    return rf"\left({tex}\right)" if isinstance(inner, (sp.Add, sp.Mul)) else tex


def _stationary(claim, p) -> str:
    return (rf"\left.\frac{{\partial}}{{\partial {p.doprint(claim.var)}}}{_operand(claim.f, p)}"
            rf"\right|_{{{p.doprint(claim.var)} = {p.doprint(claim.point)}}} = 0")


def _sphere_max(claim, p) -> str:
    v = p.doprint(claim.var)
    return (rf"{p.doprint(claim.point)} = \operatorname*{{arg\,max}}_{{\left\|{v}\right\| = 1}}"
            rf" {_operand(claim.f, p)}")


def _iff(claim, p) -> str:
    return rf"{p.doprint(claim.p)} \iff {p.doprint(claim.q)}"


def _exists(claim, p) -> str:
    vs = ", ".join(p.doprint(v) for v in claim.variables)
    cs = r",\ ".join(p.doprint(c) for c in claim.constraints)
    return rf"\exists\, {vs}:\ {cs}"


def _lagrange(claim, p) -> str:
    xs = ", ".join(p.doprint(v) for v in claim.variables)
    cs = r",\ ".join(p.doprint(c) for c in claim.constraints)
    pts = ", ".join(p.doprint(sp.Tuple(*q)) for q in claim.points)
    out = (rf"\left\{{ ({xs}) : \nabla \left({p.doprint(claim.objective)}\right) = \sum_i \lambda_i "
           rf"\nabla g_i,\ {cs} \right\}} = \left\{{ {pts} \right\}}")
    for name, op in (("maximum", "max"), ("minimum", "min")):
        pt = getattr(claim, name)
        if pt is not None:
            out += rf",\ {p.doprint(sp.Tuple(*pt))} = \operatorname*{{arg\,{op}}}_{{{cs}}} \left({p.doprint(claim.objective)}\right)"
    return out


def _behaviour(claim, p) -> str:
    return p.text(claim.description)


_KINDS = {Equal: _equal, Rel: _rel, SameSign: _same_sign, IsPSD: _psd, Stationary: _stationary,
          SphereMax: _sphere_max, Iff: _iff, Exists: _exists, LagrangePoints: _lagrange,
          Behaviour: _behaviour}
