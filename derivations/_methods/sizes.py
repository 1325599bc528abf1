"""When finitely many sizes prove a claim for every size: the invariant-theory size argument.

A claim ``f = 0`` built from d-dimensional objects with only sums, scalar multiples, matrix
products, transposes, traces, the identity, inner and outer products (and divisions by such
scalars) is equivariant under a simultaneous orthogonal change of basis. By the first and
second fundamental theorems of invariant theory for O(d) (Brauer), the contraction patterns
of 2k slots are linearly independent as functions on ℝᵈ exactly when d ≥ k. Hence, with
k = half the number of d-slots (two per d×d matrix, one per d-vector, plus the free indices
of a matrix- or vector-valued f) of f's largest monomial:

    if f vanishes identically at one size d ≥ k, it vanishes at every size.

The claim is counted as ONE rational function of each size: every term over the common
denominator (its factors kept by expression, so their lcm), and per dimension three counts that
combine alike (:func:`combine_sum`) — slots, the degree in the size itself (an explicit d,
tr(I_d) = d, Σ_{i=1}^{d} of a body free of i) and sums over that dimension's positions. The
numerator's coefficients in the pairing basis are polynomials in d of degree ≤ ``loops`` (its
degree in d), so f must vanish at ``loops + 1`` distinct sizes ≥ k: k, …, k + loops. A sum of
partial fractions Σ_j c_j/(d + j) has degree (terms − 1), not the 0 of each term.

Sums over positions (Σ_{n=1}^{N} of entries x_n, X[n, c], c a number, or whole samples X[n, :]
of an N×d matrix, d-vectors — Newton's power sums):
with at most m such sums multiplied in a monomial and degree e in N, a monomial in the
samples' entries supported on s samples has, for every N ≥ s, a coefficient that is one
polynomial in N of degree ≤ m − s + e (each index not pinned to the support ranges freely), so
N ∈ {1, …, m + e + 1} decide every N. Several dimensions are independent: each needs its own
bound, at the same time (a grid of sizes). See derivations/DESIGN.md ("Sizes") and the worked
table in ``tests/derivations/methods/test_sizes.py`` (cubic Cayley–Hamilton: k = 4, fails from
d = 4; 6!·e_6 in power sums: N ∈ {1..7}, fails from N = 6).

:func:`size_requirement` returns a :class:`Requirement` (``k``, ``loops``, ``sums`` per
dimension symbol), or ``None`` when the claim is outside the fragment (inverses or
determinants of d×d matrices, entrywise functions, norms to odd powers, position-indexed
objects such as one-hot rows, augmented vectors of size d + 1, ``diag``, products over a
range, a dimension used both by position and as an O(d) space): then small sizes say nothing
about larger ones, and the verdict lists the sizes it proved and the sizes it sampled, nothing
more.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement
from sympy.matrices.expressions.slice import MatrixSlice

from .._symbols.expr import Grad, Norm, Scalar

__all__ = ["size_requirement", "claim_requirement", "Requirement", "sizes_meeting", "OutsideFragment",
           "combine_sum", "sizes_capped"]

#: Structures whose sets are dense (or open) in an O(d)-closed linear space: a polynomial that
#: vanishes on them vanishes on the space. Diagonal, unit and discrete ones are not.
_GENERIC = {"general", "symmetric", "spd", "psd", "nonzero", "full_column_rank", "positive"}


class OutsideFragment(Exception):
    """The expression uses something the size argument does not cover (the message says what)."""


@dataclass(frozen=True)
class Requirement:
    """Per dimension, counted on the claim's numerator once every term is over one common
    denominator: ``k`` (half its slots, the smallest size that decides), ``loops`` (its degree
    in the size itself: an explicit d, tr(I_d), a sum's range) and ``sums`` (how many sums
    over that dimension's positions one monomial multiplies; 0 for an O(d)-claim)."""

    k: dict  # dim Symbol -> int
    loops: dict  # dim Symbol -> int
    sums: dict = field(default_factory=dict)  # dim Symbol -> int

    def sizes_needed(self, dim) -> list[int]:
        """The distinct sizes of ``dim`` that must all hold: k, k+1, ..., k+loops (k ≥ 1) for
        the O(d) argument; 1, ..., m+loops+1 for m sums over positions (see the module doc)."""
        m = self.sums.get(dim, 0)
        if m:
            return list(range(1, m + self.loops.get(dim, 0) + 2))
        k = max(1, self.k.get(dim, 0))
        return list(range(k, k + self.loops.get(dim, 0) + 1))

    def describe(self) -> str:
        parts = []
        for dim in sorted(self.k, key=str):
            need = self.sizes_needed(dim)
            parts.append(f"{dim} ∈ {{{', '.join(map(str, need))}}}" if len(need) > 1 else f"{dim} ≥ {need[0]}")
        return "; ".join(parts) or "no dimension"

    def top(self) -> dict:
        """The largest needed size per dimension."""
        return {dim: max(self.sizes_needed(dim)) for dim in self.k}


#: One dimension's count in a numerator or a denominator: (slots, degree in the size, sums
#: over its positions). The three combine alike: a product adds them, a sum over a common
#: denominator takes max(a + e, c + b) for a/b + c/e (:func:`combine_sum`).
_NONE = (0, 0, 0)
_SLOT, _LOOP, _SUM = (1, 0, 0), (0, 1, 0), (0, 0, 1)


def _zero(dims) -> dict:
    return {d: _NONE for d in dims}


def _vadd(a: tuple, b: tuple) -> tuple:
    return tuple(x + y for x, y in zip(a, b))


def _add(a: dict, b: dict) -> dict:
    return {d: _vadd(a.get(d, _NONE), b.get(d, _NONE)) for d in set(a) | set(b)}


def _max(a: dict, b: dict) -> dict:
    return {d: tuple(map(max, a.get(d, _NONE), b.get(d, _NONE))) for d in set(a) | set(b)}


def _scale(a: dict, k: int) -> dict:
    return {d: tuple(x * k for x in v) for d, v in a.items()}


def _one(dims, dim, unit) -> dict:
    out = _zero(dims)
    out[dim] = unit
    return out


def _den_counts(den: dict, Z: dict) -> dict:
    """The counts of a denominator kept as its factors {key: (multiplicity, counts of one)}."""
    out = Z
    for mult, unit in den.values():
        out = _add(out, _scale(unit, mult))
    return out


def _den_mul(a: dict, b: dict) -> dict:
    out = dict(a)
    for key, (mult, unit) in b.items():
        out[key] = (out[key][0] + mult, unit) if key in out else (mult, unit)
    return out


def _den_pow(den: dict, k: int) -> dict:
    return {key: (mult * k, unit) for key, (mult, unit) in den.items()}


def combine_sum(parts: list, Z: dict) -> tuple[dict, dict]:
    """(numerator counts, denominator factors) of a sum of (numerator, denominator) terms over
    their common denominator. Denominators are kept as factors {key: (multiplicity, counts of
    one)}, the key the factor's expression, so the common denominator is their lcm: a/b + c/b
    = (a + c)/b counts max(a, c), and a/b + c/e = (a·e + c·b)/(b·e) counts max(a + e, c + b) —
    per dimension, for slots, degree in the size and sums alike. Distinct factors are never
    merged (their lcm may be smaller): that only ever over-counts, more sizes, never fewer.
    Written as one fraction, Σ_j c_j/(d − j) has a numerator of degree (terms − 1) in d, not the
    0 of each term."""
    lcm: dict = {}
    for _n, den in parts:
        for key, (mult, unit) in den.items():
            if mult > lcm.get(key, (0, unit))[0]:
                lcm[key] = (mult, unit)
    num = Z
    for n, den in parts:
        for key, (mult, unit) in lcm.items():
            n = _add(n, _scale(unit, mult - den.get(key, (0, unit))[0]))
        num = _max(num, n)
    return num, lcm


class _Walker:
    """Per dimension, the (slots, degree, sums) counts of a numerator, and the factors of the
    denominator (:func:`combine_sum`)."""

    def __init__(self, space):
        self.space = space
        self.dims = {sym for sym, _ in space.dims.values()}
        self.decls = {d.symbol: d for d in space.decls.values()}
        self.indices: dict = {}  # an active sum's index -> the dimension it ranges over

    def _shape_slots(self, shape) -> dict:
        out = _zero(self.dims)
        for s in shape:
            s = sp.sympify(s)
            if s in self.dims:
                out[s] = _vadd(out[s], _SLOT)
            elif s.free_symbols & self.dims:
                raise OutsideFragment(f"a size {s} that is not a bare dimension (position-indexed)")
        return out

    def _generic(self, decl) -> None:
        if decl.structure not in _GENERIC or decl.discrete:
            raise OutsideFragment(f"{decl.name} is {decl.structure}: not generic in its dimension")

    def walk(self, e) -> tuple[dict, dict]:
        Z = _zero(self.dims)
        e = sp.sympify(e)
        if e.is_number:
            if e.has(*self.dims):
                raise OutsideFragment("unexpected")
            return Z, {}
        if isinstance(e, sp.Symbol) and e in self.dims:
            return _one(self.dims, e, _LOOP), {}  # an explicit d in a coefficient: degree 1 in d
        if isinstance(e, sp.Symbol) and e in self.indices:
            raise OutsideFragment(f"a sum's index {e} used as a number (a weight by position)")
        if isinstance(e, (sp.Symbol, sp.MatrixSymbol)):
            decl = self.decls.get(e)
            if decl is None:
                raise OutsideFragment(f"undeclared symbol {e}")
            if decl.is_scalar:
                return Z, {}
            slots = self._shape_slots((decl.rows, decl.cols))
            if any(v != _NONE for v in slots.values()):
                self._generic(decl)
            return slots, {}
        if isinstance(e, sp.Identity):
            n = sp.sympify(e.shape[0])
            return (_one(self.dims, n, _LOOP) if n in self.dims else Z), {}
        if isinstance(e, sp.ZeroMatrix):
            return Z, {}
        if isinstance(e, (sp.Transpose, sp.Trace, Scalar)):
            return self.walk(e.args[0])
        if isinstance(e, (sp.Add, sp.MatAdd)):
            return combine_sum([self.walk(a) for a in e.args], Z)
        if isinstance(e, (sp.Mul, sp.MatMul)):
            num, den = Z, {}
            for a in e.args:
                n, d = self.walk(a)
                num, den = _add(num, n), _den_mul(den, d)
            return num, den
        if isinstance(e, (sp.Pow, sp.MatPow)):
            base, ex = e.args
            if isinstance(base, Norm) and ex.is_Integer and int(ex) % 2 == 0 and int(ex) > 0:
                n, d = self.walk(Scalar(base.args[0].T * base.args[0]))
                return _scale(n, int(ex) // 2), _den_pow(d, int(ex) // 2)
            if not ex.is_Integer:
                raise OutsideFragment(f"a non-integer power {e}")
            n, d = self.walk(base)
            k = int(ex)
            if isinstance(e, sp.MatPow) and k < 0:
                raise OutsideFragment("an inverse of a d×d matrix (its adjugate's degree grows with d)")
            if k >= 0:
                return _scale(n, k), _den_pow(d, k)
            return _scale(_den_counts(d, Z), -k), {base: (-k, n)}  # (p/q)^-k = q^k / p^k
        if isinstance(e, sp.Inverse):
            shape = e.args[0].shape
            if any(sp.sympify(s).free_symbols for s in shape):
                raise OutsideFragment("an inverse of a matrix of symbolic size (degree grows with the size)")
            m = int(shape[0])
            n, d = self.walk(e.args[0])
            # inv(P/q) = adj(P) q / det(P): numerator (m-1)n + d, denominator m n
            return _add(_scale(n, m - 1), _den_counts(d, Z)), {("det", e.args[0]): (1, _scale(n, m))}
        if isinstance(e, sp.Determinant):
            shape = e.args[0].shape
            if any(sp.sympify(x).free_symbols for x in shape):
                raise OutsideFragment("a determinant of a matrix of symbolic size")
            m = int(shape[0])
            n, d = self.walk(e.args[0])
            return _scale(n, m), _den_pow(d, m)
        if isinstance(e, Grad):
            n, d = self.walk(e.args[0])
            return _add(n, _den_counts(d, Z)), _den_pow(d, 2)  # (P'Q - PQ')/Q², a slot freed
        if isinstance(e, sp.Sum):
            return self._sum(e)
        if isinstance(e, sp.Product):
            raise OutsideFragment("a product over a range (its degree grows with the range)")
        if isinstance(e, MatrixElement):
            return self._entry(e)
        if isinstance(e, MatrixSlice):
            return self._sample(e)
        if isinstance(e, Norm):
            raise OutsideFragment("a norm (a square root) to an odd power")
        raise OutsideFragment(f"{type(e).__name__} is outside the fragment")

    def _sum(self, e) -> tuple[dict, dict]:
        """Σ_{i=1}^{D} body: a body free of i is D·body (degree 1 in D); otherwise one sum
        over D's positions (the body may use i only as the row of an entry of a D×c data
        matrix or a D-vector, c a number)."""
        body, limits = e.function, list(e.limits)
        factor = _zero(self.dims)
        pushed = []
        try:
            for var, lo, hi in limits:
                hi = sp.sympify(hi)
                if sp.sympify(lo) != 1 or hi not in self.dims:
                    raise OutsideFragment(f"a sum over {var} = {lo}..{hi}: not 1..a dimension")
                if body.has(var):
                    self.indices[var] = hi
                    pushed.append(var)
                    factor[hi] = _vadd(factor[hi], _SUM)
                else:
                    factor[hi] = _vadd(factor[hi], _LOOP)
            n, d = self.walk(body)
        finally:
            for var in pushed:
                self.indices.pop(var, None)
        return _add(n, factor), d

    def _entry(self, e) -> tuple[dict, dict]:
        """X[i, c] inside a sum over i: a generic scalar (the i-th sample's c-th value)."""
        mat, row, col = e.args
        row, col = sp.sympify(row), sp.sympify(col)
        decl = self.decls.get(mat)
        active = [v for v in self.indices if row.has(v)]
        if (decl is None or len(active) != 1 or not (row - active[0]).is_Integer
                or sp.sympify(decl.rows) != self.indices[active[0]]
                or not sp.sympify(decl.cols).is_Integer or not col.is_Integer):
            raise OutsideFragment("a matrix entry indexed by position")
        self._generic(decl)
        return _zero(self.dims), {}


    def _sample(self, e) -> tuple[dict, dict]:
        """X[n, :] inside a sum over n: the n-th sample of an N×d data matrix, a d-vector (one
        d-slot); N is counted by position (the sum), d as an O(d) space."""
        mat, rows, cols = e.args
        decl = self.decls.get(mat)
        if decl is None:
            raise OutsideFragment("a slice of an undeclared matrix")
        lo, hi, step = (sp.sympify(v) for v in rows)
        active = [v for v in self.indices if lo.has(v)]
        if (len(active) != 1 or not (lo - active[0]).is_Integer or hi - lo != 1 or step != 1
                or sp.sympify(decl.rows) != self.indices[active[0]]
                or tuple(sp.sympify(v) for v in cols) != (0, sp.sympify(decl.cols), 1)):
            raise OutsideFragment("a slice of a matrix other than one whole sample X[n, :]")
        self._generic(decl)
        return self._shape_slots((1, decl.cols)), {}


def size_requirement(space, terms: list, free_shape=None) -> Requirement | None:
    """The requirement of ``Σ terms = 0`` (definitions expanded), or None outside the fragment."""
    if not space.dims:
        return Requirement({}, {})
    w = _Walker(space)
    # A zero side adds no term (over a common denominator it would count the other's).
    terms = [t for t in terms if not (isinstance(t, sp.ZeroMatrix) or (isinstance(t, sp.Expr) and t == 0)
                                      or (isinstance(t, (int, float)) and t == 0))]
    try:
        parts = [w.walk(space.expand(t)) for t in terms]
    except OutsideFragment:
        return None
    except (TypeError, AttributeError, ValueError, sp.ShapeError):
        return None
    num, _den = combine_sum(parts, _zero(w.dims))
    if free_shape is not None:
        try:
            num = _add(num, w._shape_slots(free_shape))
        except OutsideFragment:
            return None
    if any(num[dim][0] and num[dim][2] for dim in w.dims):
        return None  # a dimension used both as an O(d) space and by position: neither argument
    k = {dim: (num[dim][0] + 1) // 2 for dim in w.dims}
    return Requirement(k, {dim: num[dim][1] for dim in w.dims}, {dim: num[dim][2] for dim in w.dims})


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


def sizes_capped(req: Requirement, space, cap: int) -> tuple[list[dict], dict]:
    """(grid, needs): the grid of :func:`sizes_meeting` with every needed size above ``cap``
    replaced by ``cap`` itself — the most the engine can afford, never a size below it — and
    ``needs``, per dimension whose requirement exceeds ``cap``, its largest needed size (empty
    when the grid is the whole requirement). A grid with a nonempty ``needs`` decides nothing
    for every size: the claim is checked up to the cap, and its scope says so."""
    import itertools

    dims = [sym for sym, _ in space.dims.values()]
    axes, needs = [], {}
    for sym, sizes in space.dims.values():
        if sym in space.fixed_dims:
            axes.append(list(sizes))
            continue
        need = req.sizes_needed(sym)
        if max(need) > cap:
            needs[sym] = max(need)
            need = sorted({min(v, cap) for v in need})
        axes.append(need)
    return [dict(zip(dims, map(sp.Integer, combo))) for combo in itertools.product(*axes)], needs


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
