"""When finitely many sizes prove a claim for every size: the invariant-theory size argument.

A claim ``f = 0`` built from d-dimensional objects with only sums, scalar multiples, matrix
products, transposes, traces, the identity, inner and outer products (and divisions by such
scalars) is equivariant under a simultaneous orthogonal change of basis. By the first and
second fundamental theorems of invariant theory for O(d) (Brauer), the contraction patterns
of 2k slots are linearly independent as functions on ℝᵈ exactly when d ≥ k. Hence, with
k = half the number of d-slots (two per d×d matrix, one per d-vector, plus the free indices
of a matrix- or vector-valued f) of f's largest monomial:

    if f vanishes identically at one size d ≥ k, it vanishes at every size.

Closed loops (tr I = d) put polynomials in d into the coefficients; with at most ``loops``
identity factors per monomial, the coefficients have degree ≤ loops in d, so f must vanish
at ``loops + 1`` distinct sizes ≥ k. Several dimensions are independent: each needs its own
bound, at the same time (a grid of sizes). See derivations/DESIGN.md and the worked table in
``tests/derivations/methods/test_sizes.py`` (cubic Cayley–Hamilton: k = 4, fails from d = 4).

:func:`size_requirement` returns, per dimension symbol, ``(k, loops)``, or ``None`` when the
claim is outside the fragment (inverses or determinants of d×d matrices, entrywise
functions, norms to odd powers, position-indexed objects such as one-hot rows, augmented
vectors of size d + 1, ``diag``): then small sizes say nothing about larger ones, and the
verdict lists the sizes it proved and the sizes it sampled, nothing more.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement

from .._symbols.expr import Grad, Norm, Scalar

__all__ = ["size_requirement", "claim_requirement", "Requirement", "sizes_meeting", "OutsideFragment"]

#: Structures whose sets are dense (or open) in an O(d)-closed linear space: a polynomial that
#: vanishes on them vanishes on the space. Diagonal, unit and discrete ones are not.
_GENERIC = {"general", "symmetric", "spd", "psd", "nonzero", "full_column_rank", "positive"}


class OutsideFragment(Exception):
    """The expression uses something the size argument does not cover (the message says what)."""


@dataclass(frozen=True)
class Requirement:
    """Per dimension: ``k`` (the smallest size that decides) and ``loops`` (degree in d)."""

    k: dict  # dim Symbol -> int
    loops: dict  # dim Symbol -> int

    def sizes_needed(self, dim) -> list[int]:
        """The distinct sizes of ``dim`` that must all hold: k, k+1, ..., k+loops (k ≥ 1)."""
        k = max(1, self.k.get(dim, 0))
        return list(range(k, k + self.loops.get(dim, 0) + 1))

    def describe(self) -> str:
        parts = []
        for dim in sorted(self.k, key=str):
            need = self.sizes_needed(dim)
            parts.append(f"{dim} ∈ {{{', '.join(map(str, need))}}}" if len(need) > 1 else f"{dim} ≥ {need[0]}")
        return "; ".join(parts) or "no dimension"


def _zero(dims) -> dict:
    return {d: 0 for d in dims}


def _add(a: dict, b: dict) -> dict:
    return {d: a.get(d, 0) + b.get(d, 0) for d in set(a) | set(b)}


def _max(a: dict, b: dict) -> dict:
    return {d: max(a.get(d, 0), b.get(d, 0)) for d in set(a) | set(b)}


def _scale(a: dict, k: int) -> dict:
    return {d: v * k for d, v in a.items()}


def _sum_slots(parts: list, Z: dict) -> tuple[dict, dict, dict]:
    """Slots of a sum of (numerator, denominator, loops) terms over a common denominator:
    a/b + c/e has numerator slots max(a + e, c + b)."""
    den_total = Z
    for _n, d, _l in parts:
        den_total = _add(den_total, d)
    num, loops = Z, Z
    for n, d, l in parts:
        others = {k: den_total[k] - d.get(k, 0) for k in den_total}
        num = _max(num, _add(n, others))
        loops = _max(loops, l)
    return num, den_total, loops


class _Walker:
    """Slot counts as (numerator, denominator, loops) per dimension, after clearing scalar
    denominators: a/b + c/e has numerator slots max(a + e, c + b)."""

    def __init__(self, space):
        self.space = space
        self.dims = {sym for sym, _ in space.dims.values()}
        self.decls = {d.symbol: d for d in space.decls.values()}

    def _shape_slots(self, shape) -> dict:
        out = _zero(self.dims)
        for s in shape:
            s = sp.sympify(s)
            if s in self.dims:
                out[s] += 1
            elif s.free_symbols & self.dims:
                raise OutsideFragment(f"a size {s} that is not a bare dimension (position-indexed)")
        return out

    def walk(self, e) -> tuple[dict, dict, dict]:
        Z = _zero(self.dims)
        e = sp.sympify(e)
        if e.is_number:
            if e.has(*self.dims):
                raise OutsideFragment("unexpected")
            return Z, Z, Z
        if isinstance(e, sp.Symbol) and e in self.dims:
            return Z, Z, {**Z, e: 1}  # an explicit d in a coefficient: degree 1 in d
        if isinstance(e, (sp.Symbol, sp.MatrixSymbol)):
            decl = self.decls.get(e)
            if decl is None:
                raise OutsideFragment(f"undeclared symbol {e}")
            if decl.is_scalar:
                return Z, Z, Z
            slots = self._shape_slots((decl.rows, decl.cols))
            if any(slots.values()) and (decl.structure not in _GENERIC or decl.discrete):
                raise OutsideFragment(f"{decl.name} is {decl.structure}: not generic in its dimension")
            return slots, Z, Z
        if isinstance(e, sp.Identity):
            n = sp.sympify(e.shape[0])
            return Z, Z, ({**Z, n: 1} if n in self.dims else Z)
        if isinstance(e, sp.ZeroMatrix):
            return Z, Z, Z
        if isinstance(e, (sp.Transpose, sp.Trace, Scalar)):
            return self.walk(e.args[0])
        if isinstance(e, (sp.Add, sp.MatAdd)):
            return _sum_slots([self.walk(a) for a in e.args], Z)
        if isinstance(e, (sp.Mul, sp.MatMul)):
            num, den, loops = Z, Z, Z
            for a in e.args:
                n, d, l = self.walk(a)
                num, den, loops = _add(num, n), _add(den, d), _add(loops, l)
            return num, den, loops
        if isinstance(e, (sp.Pow, sp.MatPow)):
            base, ex = e.args
            if isinstance(base, Norm) and ex.is_Integer and int(ex) % 2 == 0 and int(ex) > 0:
                n, d, l = self.walk(Scalar(base.args[0].T * base.args[0]))
                return _scale(n, int(ex) // 2), _scale(d, int(ex) // 2), _scale(l, int(ex) // 2)
            if not ex.is_Integer:
                raise OutsideFragment(f"a non-integer power {e}")
            n, d, l = self.walk(base)
            k = int(ex)
            if isinstance(e, sp.MatPow) and k < 0:
                raise OutsideFragment("an inverse of a d×d matrix (its adjugate's degree grows with d)")
            if k >= 0:
                return _scale(n, k), _scale(d, k), _scale(l, k)
            return _scale(d, -k), _scale(n, -k), _scale(l, -k)
        if isinstance(e, sp.Inverse):
            shape = e.args[0].shape
            if any(sp.sympify(s).free_symbols for s in shape):
                raise OutsideFragment("an inverse of a matrix of symbolic size (degree grows with the size)")
            m = int(shape[0])
            n, d, l = self.walk(e.args[0])
            # inv(P/q) = adj(P) q / det(P): numerator (m-1)n + d, denominator m n
            return _add(_scale(n, m - 1), d), _scale(n, m), _scale(l, m)
        if isinstance(e, sp.Determinant):
            shape = e.args[0].shape
            if any(sp.sympify(x).free_symbols for x in shape):
                raise OutsideFragment("a determinant of a matrix of symbolic size")
            m = int(shape[0])
            n, d, l = self.walk(e.args[0])
            return _scale(n, m), _scale(d, m), _scale(l, m)
        if isinstance(e, Grad):
            f, v = e.args
            n, d, l = self.walk(f)
            return _add(n, d), _scale(d, 2), l  # (P'Q - PQ')/Q², one slot becomes a free index
        if isinstance(e, Norm):
            raise OutsideFragment("a norm (a square root) to an odd power")
        if isinstance(e, MatrixElement):
            raise OutsideFragment("a matrix entry indexed by position")
        raise OutsideFragment(f"{type(e).__name__} is outside the fragment")


def size_requirement(space, terms: list, free_shape=None) -> Requirement | None:
    """``(k, loops)`` per dimension for ``Σ terms = 0`` (definitions expanded), or None."""
    if not space.dims:
        return Requirement({}, {})
    w = _Walker(space)
    try:
        parts = [w.walk(space.expand(t)) for t in terms]
    except OutsideFragment:
        return None
    except (TypeError, AttributeError, ValueError, sp.ShapeError):
        return None
    num, _den, loops = _sum_slots(parts, _zero(w.dims))
    if free_shape is not None:
        try:
            num = _add(num, w._shape_slots(free_shape))
        except OutsideFragment:
            return None
    k = {dim: (num[dim] + 1) // 2 for dim in w.dims}
    return Requirement(k, {dim: loops.get(dim, 0) for dim in w.dims})


def sizes_meeting(req: Requirement, space, cap: int) -> list[dict] | None:
    """The grid of size assignments that decides the claim for every size, or None if any
    needed size exceeds ``cap``."""
    import itertools

    dims = [sym for sym, _ in space.dims.values()]
    # A fixed dimension is part of the claim's statement (e.g. K = 2): its own sizes, no more.
    axes = [list(sizes) if sym in space.fixed_dims else req.sizes_needed(sym)
            for sym, sizes in space.dims.values()]
    if any(max(a) > cap for a in axes):
        return None
    return [dict(zip(dims, map(sp.Integer, combo))) for combo in itertools.product(*axes)]


#: claim_requirement's answers per space: the components and exact random methods each ask
#: it of every claim, components twice (1,239 questions over the catalog, 471 distinct).
_REQUIREMENTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def claim_requirement(claim, space) -> Requirement | None:
    """The size requirement of a claim's identity (what the components method proves), or
    None when the claim has no identity or lies outside the fragment. A function of the
    claim and of the space's dimensions, declarations and definitions; a space only grows
    (declarations, then definitions), so its counts say whether it changed since."""
    try:
        memo = _REQUIREMENTS.setdefault(space, {})
        key = (claim, len(space.dims), len(space.decls), len(space.definitions))
        hash(key)
    except (TypeError, AttributeError):  # an unhashable claim, a stand-in for a space: no memo
        return _claim_requirement(claim, space)
    if key not in memo:
        memo[key] = _claim_requirement(claim, space)
    return memo[key]


def _claim_requirement(claim, space) -> Requirement | None:
    from .._claims.claims import Equal, IsPSD, Rel, SameSign, Stationary

    if isinstance(claim, Equal):
        shape = getattr(claim.lhs, "shape", None) or getattr(claim.rhs, "shape", None)
        return size_requirement(space, [claim.lhs, claim.rhs], shape)
    if isinstance(claim, Rel) and claim.certificate is not None:
        return size_requirement(space, [claim.lhs, claim.rhs, claim.certificate])
    if isinstance(claim, SameSign):
        return size_requirement(space, [claim.a, claim.factor * claim.b])
    if isinstance(claim, IsPSD) and claim.factor is not None:
        return size_requirement(space, [claim.m, claim.factor.T * claim.factor], claim.m.shape)
    if isinstance(claim, Stationary):
        return size_requirement(space, [claim.f.xreplace({claim.var: claim.point})], claim.var.shape)
    return None
