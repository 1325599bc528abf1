"""Expression nodes shaped like data, shared by every catalog topic.

Each becomes an ordinary explicit matrix (or a plain sum) as soon as instantiation makes
its sizes concrete, so the instantiated methods multiply explicit matrices instead of
expanding SymPy's matrix expressions entry by entry through ``Sum`` (tens of
milliseconds per entry) or row-reducing with simplification (seconds per inverse):

* :class:`Ones` — the all-ones matrix 1_{m×n};
* :class:`Blocks` — a block matrix ([1 X], [w₀ᵀ; W], (w, b));
* :class:`DataSum` — a finite sum over samples, features or classes;
* :class:`Inv` — M⁻¹ as adj(M)/det(M), refusing an exactly singular M;
* :func:`lazy_inverses` — a statement whose every ``Inverse`` is an :class:`Inv`.
"""

from __future__ import annotations

import dataclasses

import sympy as sp
from sympy.matrices.exceptions import NonInvertibleMatrixError
from sympy.polys.matrices import DomainMatrix
from sympy.polys.matrices.exceptions import DMNonInvertibleMatrixError

from .short_help import ShortHelp

__all__ = ["Blocks", "DataSum", "Inv", "Ones", "lazy", "lazy_inverses", "ones"]


class Ones(sp.OneMatrix, metaclass=ShortHelp):
    """The all-ones matrix 1_{m×n}; explicit as soon as its sizes are concrete.

    SymPy's ``OneMatrix`` stays a ``MatrixExpr`` after instantiation, and every product
    with it is then expanded entry by entry through ``Sum`` (tens of milliseconds per
    entry); this subclass turns into an explicit matrix when instantiation substitutes
    the sizes, so products with it are ordinary matrix products.
    """

    def __new__(cls, m, n=1, **kwargs):
        m, n = sp.sympify(m), sp.sympify(n)
        if m.is_Integer and n.is_Integer and (m, n) != (1, 1):
            return sp.ImmutableMatrix.ones(int(m), int(n))
        return super().__new__(cls, m, n, **kwargs)

    def _latex(self, printer):
        m, n = self.shape
        if (m, n) == (1, 1):
            return "1"
        if n == 1:
            return rf"\mathbf{{1}}_{{{printer._print(m)}}}"
        if m == 1:
            return rf"\mathbf{{1}}_{{{printer._print(n)}}}^{{\top}}"
        return rf"\mathbf{{1}}_{{{printer._print(m)} \times {printer._print(n)}}}"


    def _eval_transpose(self):
        return Ones(self.shape[1], self.shape[0])

    def doit(self, **hints):
        return Ones(*self.shape)

    @property
    def is_Identity(self):
        """False even for 1_{1×1}: SymPy would otherwise print and rebuild it as I (the
        constant component of x̃ reads as 1)."""
        return False


def ones(rows, cols=1):
    return Ones(rows, cols)


def _concrete(block):
    """``block`` as an explicit matrix if it has concrete sizes and no symbol left, else None."""
    if isinstance(block, sp.MatrixBase):
        return block
    if block.atoms(sp.MatrixSymbol) or not all(sp.sympify(n).is_Integer for n in block.shape):
        return None
    e = block.doit()
    return e if isinstance(e, sp.MatrixBase) else sp.ImmutableMatrix(e.as_explicit())


class Blocks(sp.BlockMatrix, metaclass=ShortHelp):
    """A block matrix (X̃ = [1 X], W̃ = [w₀ᵀ; W]) that becomes explicit once its blocks are,
    for the same reason as :class:`Ones`: products stay ordinary matrix products."""

    def __new__(cls, *args, **kwargs):
        obj = sp.BlockMatrix.__new__(cls, *args, **kwargs)
        blocks = obj.blocks
        concrete = [_concrete(b) for b in blocks]
        if all(c is not None for c in concrete):
            grid = sp.ImmutableMatrix(blocks.shape[0], blocks.shape[1], concrete)
            return sp.ImmutableMatrix(sp.BlockMatrix(grid).as_explicit())
        return obj

    def _eval_transpose(self):
        return Blocks(sp.BlockMatrix._eval_transpose(self).blocks)


class DataSum(sp.Sum, metaclass=ShortHelp):
    """A finite sum over samples, features or classes, written with symbolic bounds and
    expanded term by term as soon as the bounds are concrete (at instantiation).

    With symbolic bounds SymPy's ``Sum.doit`` searches for a closed form (hypergeometric
    summation) that cannot exist for a sum of matrix entries and takes seconds; here the
    dimension-free method gets no closed form at once, and the instantiated methods get
    the plain finite sum.
    """

    def __new__(cls, function, *limits, **kwargs):
        obj = sp.Sum.__new__(cls, function, *limits, **kwargs)
        if not all(sp.sympify(v).is_Integer for lim in obj.limits for v in lim[1:]):
            return obj
        terms = [obj.function]
        for var, lo, hi in obj.limits:  # innermost first
            terms = [t.xreplace({var: sp.Integer(v)}) for t in terms for v in range(int(lo), int(hi) + 1)]
        return sp.Add(*terms)

    def doit(self, **hints):
        return self


class Inv(sp.Inverse, metaclass=ShortHelp):
    """M⁻¹, evaluated as adj(M)/det(M) once M is explicit.

    SymPy's ``Inverse(M).doit()`` of an explicit matrix of entry symbols row-reduces with
    simplification (about 1.5 s for the 2×2 Gram matrix of a 3×2 X̃); the adjugate over
    the Berkowitz determinant is the same matrix in milliseconds. SymPy's matrix algebra
    rebuilds inverses as plain ``Inverse`` whenever it canonicalises a product, so the
    finished claims are passed through :func:`lazy_inverses`; dimension-free, an ``Inv``
    is still an ``Inverse`` (so (X̃ᵀX̃)(X̃ᵀX̃)⁻¹ still cancels symbolically).
    """

    def __new__(cls, mat, exp=sp.S.NegativeOne):
        concrete = _concrete(mat) if isinstance(mat, (sp.MatrixExpr, sp.MatrixBase)) else None
        if concrete is not None and concrete.shape[0] == concrete.shape[1]:
            rational = _rational_inverse(concrete)
            if rational is not None:
                return rational
            det = concrete.det(method="berkowitz")
            if det.is_zero:  # SymPy's 0-matrix / 0 is the 0 matrix: never divide by an exact 0
                raise NonInvertibleMatrixError(f"the {concrete.shape[0]}×{concrete.shape[0]} "
                                               "matrix to invert is singular at this point")
            return sp.ImmutableMatrix(concrete.adjugate() / det)
        return super().__new__(cls, mat, exp)


def _rational_inverse(m: sp.MatrixBase) -> sp.ImmutableMatrix | None:
    """M⁻¹ of a matrix of rational numbers (an exact random point), by Gauss–Jordan over QQ
    in python-flint through SymPy's DomainMatrix: the same exact matrix as adj(M)/det(M),
    which costs n² cofactor determinants (0.8 s at 8×8 against 1.3 ms). None when an entry
    is not a rational number (symbols, √2, e): the adjugate route then decides."""
    if not all(x.is_Rational for x in m):
        return None
    dm = DomainMatrix.from_list_sympy(*m.shape, m.tolist()).convert_to(sp.QQ)
    try:
        inv = dm.inv()
    except DMNonInvertibleMatrixError:
        raise NonInvertibleMatrixError(f"the {m.shape[0]}×{m.shape[0]} matrix to invert is "
                                       "singular at this point") from None
    return sp.ImmutableMatrix(inv.to_Matrix())


def lazy(expr):
    """``expr`` with every ``Inverse`` node replaced by :class:`Inv`."""
    if not isinstance(expr, sp.Basic) or not expr.has(sp.Inverse):
        return expr
    return expr.replace(lambda e: type(e) is sp.Inverse, lambda e: Inv(e.arg))


def lazy_inverses(st):
    """The statement with lazy inverses in every claim, step and definition (see :class:`Inv`)."""
    def conv(claim):
        changes = {f.name: lazy(getattr(claim, f.name)) for f in dataclasses.fields(claim)
                   if isinstance(getattr(claim, f.name), sp.Basic)}
        return dataclasses.replace(claim, **changes)

    st.claims = {k: conv(c) for k, c in st.claims.items()}
    st.steps = [(lbl, conv(c)) for lbl, c in st.steps]
    st.space.definitions = [(sym, lazy(v), why) for sym, v, why in st.space.definitions]
    st.numeric = [dataclasses.replace(a, expr=lazy(a.expr)) for a in st.numeric]
    return st
