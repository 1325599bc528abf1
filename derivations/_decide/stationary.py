"""Exact solutions of equality-constrained Lagrange problems, complete or not at all.

For a polynomial objective f and constraints g_i = c_i over real scalars x, the Lagrange
system is ∇f − Σλ_i∇g_i = 0, g_i − c_i = 0 in the unknowns (x, λ) (the multiplier
convention of L = f − Σλ_i(g_i − c_i)). The gradients here are the engine's own: it is
*solving* the problem; a claim's printed side is never produced by this module.

Two independent routes decide the real solution set, each complete by a checked argument:

* :func:`solve_real` (**elimination**) — for every unknown z, a univariate polynomial
  p_z(z) in the ideal I of the system (found through a lex Gröbner basis with z last), and
  *certified* to lie in I by explicit cofactors, p_z = Σ c_j F_j, found by exact linear
  algebra on the Macaulay matrix and checked by expanding the sum. Every solution's
  z-coordinate is then a root of p_z, so the finite product of the real roots of the p_z
  contains every real solution; each tuple is kept only when every equation is *proved*
  zero there (:func:`derivations._decide.exactness.exact_is_zero`: minimal polynomials).
  Nothing rests on the Gröbner basis being right: it only proposes the p_z. A system with
  no univariate polynomial for some unknown is reported as not zero-dimensional (from a
  basis checked as in the second route) — never guessed.
* :func:`count_real` (**Hermite count**) — a grevlex basis (SymPy's F5B, a different
  algorithm) checked to *be* a Gröbner basis of I: every equation reduces to 0 over it with
  the quotients checked by expansion, every basis element has cofactors over the
  equations, and every S-polynomial reduces to 0 (Buchberger's criterion). Then
  A = ℚ[x, λ]/I has the normal monomials as a basis (its dimension is the number of
  complex solutions counted with multiplicity), and Hermite's quadratic form
  H_ij = Tr(M_{b_i b_j}) has rank = the number of distinct complex solutions and
  signature = the number of distinct *real* ones (Basu–Pollack–Roy, Thm 4.102); the
  signature is read exactly from the characteristic polynomial of H (all its roots are
  real, so Descartes' rule of signs counts them exactly). No root is computed.

:func:`extremes` classifies: on a **compact** constraint set (some constraint's
top-degree part is a definite quadratic form: its level set is bounded, and closed) where
the constraint gradients are independent except at finitely many listed points (LICQ), the
global max and min exist and are attained among the Lagrange points and those points, so
exact comparison of f decides them. Otherwise, for a quadratic f on an affine set, the
reduced Hessian ZᵀHZ (Z a basis of the constraints' null space) decides: negative
definite — the unique stationary point is the global max and f has no min; positive
definite — the reverse; indefinite — neither is attained. Anything else is undecided.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import flint
import sympy as sp
from sympy.polys.matrices import DomainMatrix

from .exactness import exact_is_zero, exact_sign

__all__ = ["NotDecided", "Problem", "Solutions", "Count", "Extremes", "lagrange_problem",
           "member", "solve_real", "count_real", "extremes", "exact_sign_algebraic"]

QQ = sp.QQ

#: Cofactor degrees tried above the natural start (a certificate not found is not a proof).
EXTRA_DEGREE = 4
#: Tuples of root candidates tried before giving up (enumeration is never truncated silently).
MAX_TUPLES = 20000


class NotDecided(Exception):
    """The system or the question could not be decided with certainty (the reason says why)."""


# -- the problem -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Problem:
    """max/min ``objective`` subject to ``g == c`` for each ``(g, c)`` of ``constraints``,
    over the real scalars ``variables``; ``multipliers`` are the λ_i (fresh symbols)."""

    objective: sp.Expr
    constraints: tuple
    variables: tuple
    multipliers: tuple

    @property
    def unknowns(self) -> tuple:
        return tuple(self.variables) + tuple(self.multipliers)

    def equations(self) -> list:
        """∂f/∂x_j − Σ λ_i ∂g_i/∂x_j for each x_j, then g_i − c_i: the engine's own derivatives."""
        f = self.objective
        eqs = [sp.expand(sp.diff(f, x) - sum(l * sp.diff(g, x) for l, (g, _c) in
                                               zip(self.multipliers, self.constraints)))
               for x in self.variables]
        eqs += [sp.expand(g - c) for g, c in self.constraints]
        return eqs

    def jacobian(self) -> sp.Matrix:
        return sp.Matrix([[sp.diff(g, x) for x in self.variables] for g, _c in self.constraints])

    def singular_equations(self) -> list:
        """Where LICQ fails on the constraint set: g_i = c_i and every maximal minor of the
        constraints' Jacobian zero."""
        J = self.jacobian()
        m, n = J.shape
        eqs = [sp.expand(g - c) for g, c in self.constraints]
        for cols in itertools.combinations(range(n), m):
            eqs.append(sp.expand(J.extract(list(range(m)), list(cols)).det()))
        return eqs


def lagrange_problem(objective, constraints, variables) -> Problem:
    """A :class:`Problem`; each constraint an ``Eq(g, c)``, a pair ``(g, c)`` or ``g`` (= 0)."""
    pairs = []
    for c in constraints:
        if isinstance(c, sp.logic.boolalg.BooleanAtom):
            raise NotDecided(f"a constraint was evaluated to {c} while it was built: give it as "
                             "Eq(g, c, evaluate=False) or as the pair (g, c)")
        if isinstance(c, sp.Equality):
            pairs.append((sp.sympify(c.lhs), sp.sympify(c.rhs)))
        elif isinstance(c, tuple):
            pairs.append((sp.sympify(c[0]), sp.sympify(c[1])))
        else:
            pairs.append((sp.sympify(c), sp.Integer(0)))
    lams = tuple(sp.Symbol(f"lambda_{i + 1}", real=True) for i in range(len(pairs)))
    clash = set(lams) & set(variables)
    if clash:
        raise NotDecided(f"a variable is named like a multiplier: {sorted(map(str, clash))}")
    return Problem(sp.sympify(objective), tuple(pairs), tuple(variables), lams)


def _polys(eqs, gens) -> list:
    out = []
    for e in eqs:
        try:
            p = sp.Poly(e, *gens, domain=QQ)
        except (sp.PolynomialError, sp.CoercionFailed) as exc:
            raise NotDecided(f"{e} is not a polynomial with rational coefficients in "
                             f"{', '.join(map(str, gens))} ({type(exc).__name__})") from exc
        if not p.is_zero:
            out.append(p)
    return out


# -- ideal membership by cofactors ------------------------------------------------------------

def _monomials(n: int, k: int) -> list:
    """Exponent tuples of total degree ≤ k in n variables."""
    out = []
    for deg in range(k + 1):
        for c in itertools.combinations_with_replacement(range(n), deg):
            e = [0] * n
            for i in c:
                e[i] += 1
            out.append(tuple(e))
    return out


def member(p, F, gens, extra: int = EXTRA_DEGREE) -> list | None:
    """Cofactors c with ``p = Σ c_j F_j`` (checked by expansion), or None if none of degree
    ≤ deg p + ``extra`` exists. ``p`` and ``F`` are Polys (or expressions) over ℚ in ``gens``."""
    p = p if isinstance(p, sp.Poly) else sp.Poly(p, *gens, domain=QQ)
    F = [f if isinstance(f, sp.Poly) else sp.Poly(f, *gens, domain=QQ) for f in F]
    if p.is_zero:
        return [sp.Poly(0, *gens, domain=QQ) for _ in F]
    if not F:
        return None
    n = len(gens)
    start = max([p.total_degree()] + [f.total_degree() for f in F])
    for D in range(start, start + extra + 1):
        rows = {m: i for i, m in enumerate(_monomials(n, D))}
        cols = []
        for j, f in enumerate(F):
            for m in _monomials(n, D - f.total_degree()):
                cols.append((j, m))
        A = [[QQ.zero] * (len(cols) + 1) for _ in rows]
        for k, (j, m) in enumerate(cols):
            for e, c in F[j].terms():
                A[rows[tuple(a + b for a, b in zip(e, m))]][k] = QQ.convert(c)
        for e, c in p.terms():
            A[rows[e]][-1] = QQ.convert(c)
        R, pivots = DomainMatrix(A, (len(rows), len(cols) + 1), QQ).rref()
        if len(cols) in pivots:
            continue  # inconsistent at this degree
        R = R.to_Matrix()
        coef = [sp.Integer(0)] * len(cols)
        for r, pc in enumerate(pivots):
            coef[pc] = R[r, len(cols)]
        cof = [sp.Poly(0, *gens, domain=QQ) for _ in F]
        for k, (j, m) in enumerate(cols):
            if coef[k] != 0:
                cof[j] = cof[j] + sp.Poly.from_dict({m: coef[k]}, *gens, domain=QQ)
        total = sum((c * f for c, f in zip(cof, F)), sp.Poly(0, *gens, domain=QQ))
        if (total - p).is_zero:
            return cof
        raise AssertionError("a Macaulay solution that does not expand to p")  # pragma: no cover
    return None


# -- route 1: elimination and enumeration -------------------------------------------------------

@dataclass(frozen=True)
class Solutions:
    """Every real solution of a system, with the argument that none is missing."""

    unknowns: tuple
    points: tuple  # tuples of exact real numbers, in the order of ``unknowns``
    eliminants: tuple  # (unknown, p(unknown)) each certified in the ideal by cofactors
    reason: str


def _real_roots(p: sp.Poly) -> list:
    """Exact real roots of a univariate Poly over ℚ (no multiplicity): rationals, square
    roots for irreducible quadratics, CRootOf otherwise."""
    x = p.gens[0]
    out = []
    for q, _m in sp.factor_list(p.as_expr(), x)[1]:
        q = sp.Poly(q, x, domain=QQ)
        if q.degree() == 1:
            a, b = q.all_coeffs()
            out.append(-b / a)
        elif q.degree() == 2:
            a, b, c = q.all_coeffs()
            disc = b * b - 4 * a * c
            if disc >= 0:
                out += [(-b - sp.sqrt(disc)) / (2 * a), (-b + sp.sqrt(disc)) / (2 * a)]
        elif q.degree() > 2:
            out += list(q.real_roots())
    return out


def _zero(v) -> bool:
    z = exact_is_zero(sp.sympify(v))
    if z is None:
        raise NotDecided(f"could not decide whether {v} is 0")
    return z


def _eliminant(F, gens, z):
    order = [g for g in gens if g != z] + [z]
    G = sp.groebner([f.as_expr() for f in F], *order, order="lex")
    if list(G.exprs) == [1]:
        return sp.Poly(1, *gens, domain=QQ)
    for g in reversed(G.exprs):
        if g.free_symbols <= {z} and g.free_symbols:
            return sp.Poly(g, *gens, domain=QQ)
    return None


def solve_real(eqs, unknowns) -> Solutions:
    """Every real solution of the polynomial system ``eqs = 0`` (see the module docstring).

    Raises :class:`NotDecided` when the system is not zero-dimensional, a cofactor
    certificate is not found, or a residual cannot be decided."""
    gens = tuple(unknowns)
    F = _polys(eqs, gens)
    if not F:
        raise NotDecided("every equation is 0: the whole space solves it (not zero-dimensional)")
    elims = []
    for z in gens:
        p = _eliminant(F, gens, z)
        if p is None:
            raise NotDecided(f"no polynomial in {z} alone lies in the ideal: the system is not "
                             "zero-dimensional (infinitely many complex solutions)")
        if member(p, F, gens) is None:
            raise NotDecided(f"no cofactor certificate that {p.as_expr()} lies in the ideal")
        if p.is_ground:  # 1 ∈ I, certified: no complex solution at all
            return Solutions(gens, (), ((z, p.as_expr()),),
                             "1 = Σ c_j F_j (cofactors checked): no complex solution")
        elims.append((z, sp.Poly(p.as_expr(), z, domain=QQ)))
    roots = {z: _real_roots(p) for z, p in elims}
    count = 1
    for z in gens:
        count *= max(1, len(roots[z]))
    if count > MAX_TUPLES:
        raise NotDecided(f"{count} candidate tuples: over the enumeration limit {MAX_TUPLES}")
    exprs = [f.as_expr() for f in F]
    points = []

    def extend(prefix: dict, k: int):
        for e in exprs:  # prune on the equations whose unknowns are all assigned
            if e.free_symbols <= set(prefix) and not _zero(e.xreplace(prefix)):
                return
        if k == len(gens):
            points.append(tuple(prefix[z] for z in gens))
            return
        for r in roots[gens[k]]:
            extend({**prefix, gens[k]: r}, k + 1)

    extend({}, 0)
    why = ("every real solution has each coordinate z a real root of a polynomial p_z(z) "
           "certified in the ideal by cofactors (" + "; ".join(
               f"{z}: {sp.factor(p.as_expr())}" for z, p in elims) +
           f"); of the {count} tuples of such roots, {len(points)} satisfy every equation exactly")
    return Solutions(gens, tuple(points), tuple((z, p.as_expr()) for z, p in elims), why)


# -- route 2: Hermite's real-root count ----------------------------------------------------------

@dataclass(frozen=True)
class Count:
    real: int  # distinct real solutions
    complex: int  # distinct complex solutions
    multiplicity: int  # dim of the quotient ring: complex solutions with multiplicity
    reason: str


def _reduce(p: sp.Poly, G: list, gens) -> sp.Poly:
    """The normal form of ``p`` over ``G`` (grevlex), the quotients checked by expansion."""
    Q, r = sp.reduced(p.as_expr(), [g.as_expr() for g in G], *gens, order="grevlex")
    total = sp.expand(sum(q * g.as_expr() for q, g in zip(Q, G)) + r - p.as_expr())
    if total != 0:
        raise NotDecided("a division by the Gröbner basis did not check")  # pragma: no cover
    return sp.Poly(r, *gens, domain=QQ)


def _spoly(f: sp.Poly, g: sp.Poly, gens) -> sp.Poly:
    lf = sp.Poly(sp.LT(f.as_expr(), *gens, order="grevlex"), *gens, domain=QQ)
    lg = sp.Poly(sp.LT(g.as_expr(), *gens, order="grevlex"), *gens, domain=QQ)
    mf, mg = lf.monoms()[0], lg.monoms()[0]
    lcm = tuple(max(a, b) for a, b in zip(mf, mg))
    uf = sp.Poly.from_dict({tuple(a - b for a, b in zip(lcm, mf)): 1 / lf.coeffs()[0]}, *gens, domain=QQ)
    ug = sp.Poly.from_dict({tuple(a - b for a, b in zip(lcm, mg)): 1 / lg.coeffs()[0]}, *gens, domain=QQ)
    return uf * f - ug * g


def _sign_changes(coeffs) -> int:
    s = [c for c in coeffs if c != 0]
    return sum(1 for a, b in zip(s, s[1:]) if (a > 0) != (b > 0))


def _eigen_signs(charpoly: list) -> tuple[int, int, int]:
    """(positive, negative, zero) eigenvalues of a symmetric rational matrix from its
    characteristic polynomial's coefficients (highest first): every root is real, so
    Descartes' rule of signs counts them exactly."""
    cp = list(charpoly)
    zeros = 0
    while cp and cp[-1] == 0:
        cp.pop()
        zeros += 1
    pos = _sign_changes(cp)
    neg = _sign_changes([c * (-1) ** (len(cp) - 1 - k) for k, c in enumerate(cp)])
    return pos, neg, zeros


def checked_basis(eqs, gens) -> list:
    """A reduced grevlex Gröbner basis of the ideal, *checked* (see the module docstring)."""
    F = _polys(eqs, gens)
    if not F:
        raise NotDecided("every equation is 0: not zero-dimensional")
    G = [sp.Poly(g, *gens, domain=QQ) for g in
         sp.groebner([f.as_expr() for f in F], *gens, order="grevlex", method="f5b").exprs]
    for f in F:
        if not _reduce(f, G, gens).is_zero:
            raise NotDecided("an equation does not reduce to 0 over the basis")  # pragma: no cover
    for g in G:
        if member(g, F, gens) is None:
            raise NotDecided(f"no cofactor certificate that {g.as_expr()} lies in the ideal")
    for a, b in itertools.combinations(G, 2):
        if not _reduce(_spoly(a, b, gens), G, gens).is_zero:
            raise NotDecided("Buchberger's criterion fails: not a Gröbner basis")  # pragma: no cover
    return G


def count_real(eqs, unknowns) -> Count:
    """The number of distinct real solutions of ``eqs = 0``, by Hermite's quadratic form on a
    checked Gröbner basis; :class:`NotDecided` if the system is not zero-dimensional."""
    gens = tuple(unknowns)
    G = checked_basis(eqs, gens)
    if any(g.is_ground for g in G):
        return Count(0, 0, 0, "the checked basis is {1}: no complex solution")
    leads = [sp.Poly(sp.LT(g.as_expr(), *gens, order="grevlex"), *gens).monoms()[0] for g in G]
    n = len(gens)
    bound = []
    for i in range(n):
        pure = [m[i] for m in leads if all(m[j] == 0 for j in range(n) if j != i) and m[i] > 0]
        if not pure:
            raise NotDecided(f"no leading monomial is a power of {gens[i]}: the system is not "
                             "zero-dimensional (infinitely many complex solutions)")
        bound.append(min(pure))
    basis = [m for m in itertools.product(*[range(b) for b in bound])
             if not any(all(a >= b for a, b in zip(m, lm)) for lm in leads)]
    index = {m: i for i, m in enumerate(basis)}
    D = len(basis)

    def coords(p: sp.Poly) -> list:
        v = [QQ.zero] * D
        for e, c in p.terms():
            v[index[e]] = QQ.convert(c)
        return v

    mult = []
    for i in range(n):
        cols = [coords(_reduce(sp.Poly.from_dict({tuple(a + (1 if j == i else 0) for j, a in
                                                        enumerate(m)): 1}, *gens, domain=QQ),
                                  G, gens)) for m in basis]
        mult.append(DomainMatrix([[cols[c][r] for c in range(D)] for r in range(D)], (D, D), QQ))
    eye = DomainMatrix.eye(D, QQ)
    mats = []
    for m in basis:
        M = eye
        for i, k in enumerate(m):
            for _ in range(k):
                M = M * mult[i]
        mats.append(M)

    def trace(M):
        return sum((M[k, k].element for k in range(D)), QQ.zero)

    H = DomainMatrix([[trace(mats[i] * mats[j]) for j in range(D)] for i in range(D)], (D, D), QQ)
    pos, neg, zeros = _eigen_signs([QQ.to_sympy(c) for c in H.charpoly()])
    rank = D - zeros
    if pos + neg != rank:  # pragma: no cover - a symmetric matrix has only real eigenvalues
        raise NotDecided("Descartes' counts of Hermite's form do not add up to its rank")
    return Count(pos - neg, rank, D, (
        f"checked grevlex Gröbner basis, quotient of dimension {D} (solutions with "
        f"multiplicity); Hermite's form has rank {rank} (distinct complex solutions) and "
        f"signature {pos - neg} (distinct real solutions)"))


# -- exact signs of algebraic numbers ----------------------------------------------------------

def _arb(e, prec: int):
    if e.is_Rational:
        return flint.arb(flint.fmpq(int(e.p), int(e.q)))
    if isinstance(e, sp.CRootOf):
        if not e.is_real:
            raise NotDecided("a complex root where a real one was expected")
        dx = sp.Rational(1, 2 ** prec)
        q = e.eval_rational(dx=dx, dy=dx)
        return flint.arb(flint.fmpq(int(q.p), int(q.q))) + flint.arb(0, 2.0 ** -(prec - 1))
    if isinstance(e, sp.Add):
        return sum((_arb(a, prec) for a in e.args[1:]), _arb(e.args[0], prec))
    if isinstance(e, sp.Mul):
        out = _arb(e.args[0], prec)
        for a in e.args[1:]:
            out = out * _arb(a, prec)
        return out
    if isinstance(e, sp.Pow) and e.exp.is_Integer:
        b = _arb(e.base, prec)
        k = int(e.exp)
        if k < 0:
            if b.contains(0):
                raise NotDecided("division by a ball containing 0")
            return 1 / b ** (-k)
        return b ** k
    if isinstance(e, sp.Pow) and e.exp == sp.Rational(1, 2):
        b = _arb(e.base, prec)
        if not b > 0:
            raise NotDecided("square root of a ball not known positive")
        return b.sqrt()
    raise NotDecided(f"no rigorous evaluation of {type(e).__name__}")


def exact_sign_algebraic(v) -> int:
    """-1, 0 or 1 for a real algebraic number (rationals, radicals, CRootOf), proved; raises
    :class:`NotDecided` otherwise."""
    v = sp.sympify(v)
    if not v.has(sp.CRootOf):
        s = exact_sign(v)
        if s is None:
            raise NotDecided(f"could not decide the sign of {v}")
        return s
    old = flint.ctx.prec
    try:
        for prec in (64, 256, 1024):
            flint.ctx.prec = prec + 20
            b = _arb(v, prec)
            if not b.contains(0):
                return 1 if b > 0 else -1
    finally:
        flint.ctx.prec = old
    if _zero(v):
        return 0
    raise NotDecided(f"could not decide the sign of {v}")  # pragma: no cover


# -- global max and min ------------------------------------------------------------------------

@dataclass(frozen=True)
class Extremes:
    """The global maximisers and minimisers of f on the constraint set; ``None`` for one that
    is not attained (f unbounded there), with the reason."""

    maximisers: tuple | None
    minimisers: tuple | None
    reason: str


def _definite(M: sp.Matrix) -> int | None:
    """1 (positive definite), -1 (negative definite), 0 (indefinite), None (semidefinite
    and singular: not decided here), for a symmetric rational matrix; exact eigenvalue signs
    from the characteristic polynomial (Descartes' rule, exact for real-rooted polynomials)."""
    n = M.shape[0]
    if n == 0:
        return 1
    lam = sp.Symbol("t")
    pos, neg, zeros = _eigen_signs(sp.Poly(M.charpoly(lam).as_expr(), lam).all_coeffs())
    if zeros:
        return 0 if pos and neg else None
    if pos == n:
        return 1
    if neg == n:
        return -1
    return 0


def compactness(problem: Problem) -> str | None:
    """Why the constraint set is compact, or None: some constraint g − c whose top-degree
    part is a definite quadratic form (so |g| → ∞ as ‖x‖ → ∞ and {g = c} is bounded)."""
    xs = problem.variables
    for g, c in problem.constraints:
        try:
            p = sp.Poly(g - c, *xs, domain=QQ)
        except (sp.PolynomialError, sp.CoercionFailed):
            continue
        if p.total_degree() != 2:
            continue
        Q = sp.Matrix(len(xs), len(xs), lambda i, j: p.coeff_monomial(xs[i] * xs[j]) *
                      (1 if i == j else sp.Rational(1, 2)))
        if _definite(Q) in (1, -1):
            return (f"the quadratic part of {g} is definite, so {{{g} = {c}}} is closed and "
                    "bounded: f attains its max and min there")
    return None


def extremes(problem: Problem, candidates, singular=()) -> Extremes:
    """Global maximisers and minimisers among ``candidates`` (the real Lagrange points,
    x-part) and ``singular`` (the points of the constraint set where the constraint
    gradients are dependent), both already shown complete by the caller."""
    f = problem.objective
    xs = problem.variables
    pool = list(dict.fromkeys(tuple(p) for p in list(candidates) + list(singular)))
    why = compactness(problem)
    if why is not None:
        if not pool:
            return Extremes((), (), why + "; no candidate: the constraint set is empty")
        vals = [f.xreplace(dict(zip(xs, p))) for p in pool]
        hi = lo = 0
        for k in range(1, len(pool)):
            if exact_sign_algebraic(vals[k] - vals[hi]) > 0:
                hi = k
            if exact_sign_algebraic(vals[k] - vals[lo]) < 0:
                lo = k
        top = tuple(p for p, v in zip(pool, vals) if exact_sign_algebraic(v - vals[hi]) == 0)
        bot = tuple(p for p, v in zip(pool, vals) if exact_sign_algebraic(v - vals[lo]) == 0)
        extra = f" and {len(singular)} points where the constraint gradients are dependent" if singular else ""
        return Extremes(top, bot, f"{why}; max f = {vals[hi]}, min f = "
                        f"{vals[lo]} by exact comparison over the {len(candidates)} "
                        f"Lagrange points{extra}")
    try:
        fp = sp.Poly(f, *xs, domain=QQ)
        linear = all(sp.Poly(g - c, *xs, domain=QQ).total_degree() <= 1 for g, c in problem.constraints)
    except (sp.PolynomialError, sp.CoercionFailed):
        raise NotDecided("the constraint set is not shown compact and the problem is not "
                         "polynomial over ℚ: no global classification") from None
    if fp.total_degree() > 2 or not linear:
        raise NotDecided("the constraint set is not shown compact and f is not a quadratic on "
                         "an affine set: no global classification")
    J = problem.jacobian()
    null = J.nullspace() if J.shape[0] else [sp.eye(len(xs))[:, j] for j in range(len(xs))]
    if not candidates:
        raise NotDecided("a quadratic on an affine set with no stationary point: not classified")
    pts = tuple(tuple(p) for p in candidates)
    if not null:
        return Extremes(pts, pts, "the constraints' Jacobian has full column rank: the "
                        "constraint set is one point")
    Z = sp.Matrix.hstack(*null)
    H = sp.hessian(f, xs)
    R = Z.T * H * Z
    kind = _definite(R)
    if kind == -1:
        return Extremes(pts, None, "f is a quadratic on an affine set and its reduced Hessian "
                        f"ZᵀHZ = {R.tolist()} is negative definite: the stationary point is the "
                        "unique global max, f is unbounded below")
    if kind == 1:
        return Extremes(None, pts, "f is a quadratic on an affine set and its reduced Hessian "
                        f"ZᵀHZ = {R.tolist()} is positive definite: the stationary point is the "
                        "unique global min, f is unbounded above")
    if kind == 0:
        return Extremes(None, None, f"the reduced Hessian ZᵀHZ = {R.tolist()} is indefinite: f "
                        "is unbounded above and below on the affine constraint set")
    raise NotDecided(f"the reduced Hessian ZᵀHZ = {R.tolist()} is singular and semidefinite: "
                     "not classified")
