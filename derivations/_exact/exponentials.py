"""Exponentials of polynomials at a components instance, as generators of its polynomial ring.

At a components instance every entry of a matrix is a symbol and a value is a rational
function of them (:class:`~.numbers.PolyFraction`). A sigmoid or a softmax puts e^p in it,
p a polynomial in the entries (p = wᵀx): not a rational function. :class:`ExpGenerators`
gives e^p a form in a larger field, ℚ(x)(E₁, …, Eₖ), where each reserved variable Eⱼ of the
instance's ring stands for e^{bⱼ}, bⱼ a polynomial without constant term:

* e^p with p = Σ cⱼ bⱼ, every cⱼ an integer, is the Laurent monomial Π Eⱼ^{cⱼ};
* e^p with p independent of b₁, …, bₖ over ℚ opens a new generator (b = p over its content,
  so e^{2a} and e^{a} share one);
* anything else is refused (``Refused``: SymPy decides that instance, as before): a
  constant term (e^{c+p} = e^c·e^p needs e^c), a rational function that is not a
  polynomial, a non-integer coefficient (e^{a/2} after e^{a}), an exponential inside an
  exponent, more than :data:`RESERVED` independent exponents.

Why the zero test stays exact: by the Kolchin–Ostrowski theorem, e^{b₁}, …, e^{bₖ} are
algebraically dependent over ℂ(x) only if some product Π e^{nⱼbⱼ} (integers nⱼ not all 0)
is a rational function, i.e. Σ nⱼbⱼ is a constant — which the basis excludes (its elements
are linearly independent over ℚ and have no constant term). So a rational function of x and
the Eⱼ is the zero function exactly when it is the zero polynomial quotient, a division is by
a nonzero function exactly when its denominator is not the zero polynomial, and every rule of
the evaluator (sums, products, inverses, forward-mode derivatives, d e^p = e^p dp) carries
over. A generator keeps its meaning for the life of the instance (:class:`Instance` keeps this
object across :meth:`~.space.Instance.fresh` copies), so a case split's factor keys
(:mod:`.cases`) name the same function in every case.
"""

from __future__ import annotations

import flint

from .numbers import PolyFraction
from .refused import Refused
from .ring import RESERVED

__all__ = ["ExpGenerators"]

class ExpGenerators:
    """e^p for polynomials p of one components instance (see the module docstring)."""

    def __init__(self, ctx, n_entries: int):
        self.ctx = ctx
        self.first = n_entries  # index of the first reserved variable
        self.basis: list[dict] = []  # bⱼ as {monomial: coefficient}, Eⱼ = ctx.gens()[first + j]
        self.memo: dict = {}  # p's terms -> (numerator, denominator) monomials

    def exp(self, p):
        """e^p as a :class:`~.numbers.PolyFraction` (or raise ``Refused``)."""
        if not p.d.is_one():
            raise Refused("an exponential of a rational function that is not a polynomial")
        terms = p.n.to_dict()
        if any(any(m[self.first:]) for m in terms):
            raise Refused("an exponential inside an exponent")
        if tuple(0 for _ in range(self.ctx.nvars())) in terms:
            raise Refused("an exponential of a polynomial with a constant term")
        key = tuple(sorted((m, int(c.p), int(c.q)) for m, c in terms.items()))
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self._monomial(terms)
        return PolyFraction.make(*got)

    def _monomial(self, terms: dict):
        coeffs = _coordinates(self.basis, terms)
        if coeffs is None:  # independent of the basis: a new generator
            if len(self.basis) == RESERVED:
                raise Refused(f"more than {RESERVED} independent exponentials")
            content = _content(terms)
            self.basis.append({m: c / content for m, c in terms.items()})
            coeffs = [flint.fmpq(0)] * (len(self.basis) - 1) + [content]
            if content.q != 1:  # p = (a/b)·q: the generator is e^{q/b}, p = a·(q/b)
                self.basis[-1] = {m: c / content.q for m, c in self.basis[-1].items()}
                coeffs[-1] = flint.fmpq(content.p)
        if any(c.q != 1 for c in coeffs):
            raise Refused("an exponential whose exponent is a non-integer multiple of another's")
        gens = self.ctx.gens()
        num, den = self.ctx.constant(1), self.ctx.constant(1)
        for j, c in enumerate(coeffs):
            k = int(c.p)
            if k > 0:
                num *= gens[self.first + j] ** k
            elif k < 0:
                den *= gens[self.first + j] ** (-k)
        return num, den


def _content(terms: dict) -> flint.fmpq:
    """The rational c with p = c·q, q having coprime integer coefficients and its first
    term (in sorted order of monomials) positive."""
    cs = [terms[m] for m in sorted(terms)]
    g = flint.fmpz(0)
    lcm = flint.fmpz(1)
    for c in cs:
        g = g.gcd(c.p)
        lcm = lcm * c.q // lcm.gcd(c.q)
    content = flint.fmpq(g, lcm)
    return content if cs[0] > 0 else -content


def _coordinates(basis: list[dict], terms: dict) -> list | None:
    """[c₁, …, cₖ] with Σ cⱼ bⱼ = p exactly (unique: the basis is independent), or None when p
    is not in the span."""
    if not basis:
        return None
    monomials = sorted({m for b in basis for m in b} | set(terms))
    k = len(basis)
    # The augmented system [B | p], one row per monomial, by Gauss-Jordan over ℚ.
    rows = [[b.get(m, flint.fmpq(0)) for b in basis] + [terms.get(m, flint.fmpq(0))]
            for m in monomials]
    for col in range(k):  # the basis is independent: column col has its pivot in row col
        r = next((i for i in range(col, len(rows)) if rows[i][col] != 0), None)
        if r is None:  # (cannot happen: the basis vectors are independent)
            return None
        rows[col], rows[r] = rows[r], rows[col]
        piv = rows[col][col]
        rows[col] = [x / piv for x in rows[col]]
        for i in range(len(rows)):
            if i != col and rows[i][col] != 0:
                f = rows[i][col]
                rows[i] = [x - f * y for x, y in zip(rows[i], rows[col])]
    if any(rows[i][k] != 0 for i in range(k, len(rows))):
        return None  # inconsistent: p is not a combination of the basis
    return [rows[j][k] for j in range(k)]
