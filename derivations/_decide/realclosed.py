"""Complete decisions over the reals: ``g ≥ 0`` / ``g > 0`` / ``g = 0`` for every point of a
semi-algebraic set, proved or refuted with an exact point, where a complete method exists.

The question is one explicit expression ``g`` in real (or integer) symbols and a list of
constraints ``(c, op)`` meaning ``c op 0`` (``op`` in ``> >= == !=``): the entry symbols of a
components instance and the declarations' defining properties at that size
(:func:`declared_constraints`). Before deciding, ``g`` becomes a rational function over ℚ by
exact substitutions, each a bijection onto its image, so a proof of the substituted question
is a proof of the original and a point of it maps back to a point of the original:

* ``exp(c·x)`` for a symbol ``x`` that occurs only inside exponentials (σ(x) = 1/(1 + e^(−x))
  is one) — ``t = exp(q·x) > 0`` with ``q`` the gcd of the coefficients, so ``exp(c·x) = t^(c/q)``;
  back: ``x = log(t)/q``;
* ``p^(k/2)`` (``√p``, nested surds such as √(5 + 2√6), ‖v‖) — ``s ≥ 0`` with ``s² = p``; the
  radicand's sign ``p ≥ 0`` is decided first on the same set (else the question is undecided:
  the expression is not real everywhere).

Then, with ``g = N/D`` (where ``D = 0`` the expression is undefined and nothing is claimed):

* **one real or integer variable, constraints only on its sign** — exact real root isolation
  of ``N`` and ``D`` (SymPy's ``Poly.intervals``: rational isolating intervals; python-flint
  0.9's ``real_roots`` raises NotImplementedError for fmpz_poly). The sign of ``N·D`` is
  constant between consecutive roots, so a rational point in each gap (and the roots of N
  themselves for a strict claim) decides the real case; an integer variable is decided by
  every integer inside the roots' hull and the leading terms beyond it;
* **otherwise** — z3's nonlinear real arithmetic (nlsat, a complete procedure for the
  first-order theory of the reals; integer symbols as z3 integers, where it is incomplete):
  ``unsat`` of "constraints ∧ D ≠ 0 ∧ N·D < 0" (≤ 0 for strict, N ≠ 0 for equality) is a
  proof; a model is a candidate point, rounded to rationals where it is algebraic, and is a
  counterexample only after the original ``g`` and every constraint are decided at it in
  exact arithmetic (:mod:`derivations._decide.exactness`). ``unknown`` and timeouts are
  reported as undecided with the reason — never evidence.

z3 is a C call that a signal cannot interrupt: every call is given its own ``timeout``
(the caller's remaining budget), and the caller's signal budget still covers the Python parts.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction

import sympy as sp

from .exactness import exact_sign

__all__ = ["Decision", "decide", "decide_declared", "declared_constraints", "constraints_on", "relevant",
           "completed_point", "MAX_SECONDS"]

#: The most any one z3 call may take (the caller's budget may allow less).
MAX_SECONDS = 4.0
#: Integers tried one by one for a one-variable integer question (beyond: undecided).
MAX_INTEGERS = 10000
#: Principal minors of a psd declaration are listed up to this size (2^d − 1 of them).
MAX_PSD_SIZE = 4

_OPS = (">=", ">", "==")


@dataclass(frozen=True)
class Decision:
    """``status`` is ``proved``, ``refuted`` (``point``: exact values of the symbols, checked)
    or ``undecided`` (``detail`` names what was missing)."""

    status: str
    detail: str = ""
    point: dict = field(default_factory=dict)


def _undecided(why: str) -> Decision:
    return Decision("undecided", why)


class _Refused(Exception):
    """The question is outside what this module decides (the message says why)."""


# -- the declarations' defining properties at one size ----------------------------------------

def declared_constraints(space, inst, factor: bool = False) -> list[tuple[sp.Expr, str]]:
    """The defining property of every continuous declaration at a components instance, as
    polynomial constraints on its entry symbols (what the sampler builds by construction):
    spd — every leading principal minor > 0 (Sylvester); psd — every principal minor ≥ 0;
    unit — Σvᵢ² = 1; nonzero — Σvᵢ² > 0 (a scalar ≠ 0); full column rank — det(AᵀA) > 0;
    probability — 0 < p < 1. Signs already carried by a symbol (positive, nonnegative,
    integer) are read from the symbol itself. A declared symbol that a definition gives a
    value is constrained through that value (what the claim sees): its declaration is a
    constraint the proof and every counterexample respect, never dropped."""
    defined = {sym for sym, *_ in getattr(space, "definitions", [])}
    out: list[tuple[sp.Expr, str]] = []
    for decl in space.decls.values():
        if decl.discrete:
            continue
        is_defined = decl.symbol in defined
        if decl.is_scalar:
            s = sp.sympify(inst(decl.symbol)) if is_defined else decl.symbol
            a = decl.assumptions
            if a.get("probability"):
                out += [(s, ">"), (1 - s, ">")]
            if a.get("nonzero"):
                out.append((s, "!="))
            if is_defined:
                if a.get("integer"):
                    raise _Refused(f"{decl.name} is declared an integer and defined as {s}")
                if a.get("positive"):
                    out.append((s, ">"))
                elif a.get("nonnegative"):
                    out.append((s, ">="))
            continue
        m = inst(decl.symbol) if is_defined else inst.mapping.get(decl.symbol)
        if not isinstance(m, sp.MatrixBase):
            continue
        st = decl.structure
        if factor and st in ("spd", "psd"):
            n = m.shape[0]
            R = [[sp.Dummy(f"R_{decl.name}", real=True) if j <= i else 0 for j in range(n)]
                 for i in range(n)]
            out += [(R[i][i], ">" if st == "spd" else ">=") for i in range(n)]
            out += [(sp.expand(m[i, j] - sum(R[i][k] * R[j][k] for k in range(min(i, j) + 1))), "==")
                    for i in range(n) for j in range(n) if j <= i or is_defined]
            continue
        if st == "spd":
            out += [(sp.expand(m[:k, :k].det()), ">") for k in range(1, m.shape[0] + 1)]
            if is_defined:  # the symmetry an entry matrix has by construction
                out += [(sp.expand(m[i, j] - m[j, i]), "==") for i in range(m.shape[0])
                        for j in range(i)]
        elif st == "psd":
            n = m.shape[0]
            if n > MAX_PSD_SIZE:
                raise _Refused(f"psd {decl.name} of size {n}: its {2 ** n - 1} principal minors "
                               f"are not listed above size {MAX_PSD_SIZE}")
            for k in range(1, n + 1):
                for idx in itertools.combinations(range(n), k):
                    out.append((sp.expand(m.extract(list(idx), list(idx)).det()), ">="))
            if is_defined:
                out += [(sp.expand(m[i, j] - m[j, i]), "==") for i in range(n) for j in range(i)]
        elif st == "unit":
            out.append((sp.expand(sum(x ** 2 for x in m) - 1), "=="))
        elif st == "nonzero":
            out.append((sp.expand(sum(x ** 2 for x in m)), ">"))
        elif st == "full_column_rank":
            out.append((sp.expand((m.T * m).det()), ">"))
        elif st == "positive" and is_defined:
            out += [(x, ">") for x in m]
        elif st == "positive_diagonal" and is_defined:
            out += [(m[i, i], ">") for i in range(min(m.shape))]
        elif is_defined and st in ("symmetric", "diagonal"):
            n = m.shape[0]
            out += [(sp.expand(m[i, j] - (m[j, i] if st == "symmetric" else 0)), "==")
                    for i in range(n) for j in range(n) if i != j and (st == "diagonal" or j < i)]
    return [(c, op) for c, op in out if not (c.is_number and _holds(c, op))]


def decide_declared(g, op: str, space, inst, seconds: float = MAX_SECONDS) -> Decision:
    """:func:`decide` on the set the declarations define at this components instance."""
    try:
        solve = relevant(g, declared_constraints(space, inst, factor=True))
        check = relevant(g, declared_constraints(space, inst))
    except _Refused as exc:
        return _undecided(str(exc))
    return decide(g, op, solve, seconds, check=check)


def constraints_on(g, space, inst, factor: bool = False) -> list | None:
    """The declarations' constraints that bear on ``g`` at this instance; None when a
    declaration there is not encoded (see :func:`declared_constraints`)."""
    try:
        return relevant(g, declared_constraints(space, inst, factor))
    except _Refused:
        return None


def relevant(g, constraints: list) -> list:
    """The constraints that share symbols with ``g``, directly or through other constraints:
    the rest constrain other declarations only, and declarations are satisfiable together
    (the sampler builds a point of each), so dropping them changes no answer."""
    syms = set(sp.sympify(g).free_symbols)
    keep = [c for c in constraints if not c[0].free_symbols]  # a constant one that fails: no point
    rest = [c for c in constraints if c[0].free_symbols]
    changed = True
    while changed:
        changed = False
        for c in list(rest):
            if c[0].free_symbols & syms:
                keep.append(c)
                rest.remove(c)
                syms |= c[0].free_symbols
                changed = True
    return keep


def completed_point(inst, point: dict) -> dict:
    """``point`` with every other entry symbol of the instance given a value its own
    assumptions allow (1 for a positive symbol, else 0): the whole point a witness shows."""
    out = dict(point)
    for syms in inst.entries.values():
        for s in syms:
            if s not in out:
                out[s] = sp.Integer(1) if (s.is_positive or s.is_nonzero) else sp.Integer(0)
    return out


# -- substitutions to a rational function over Q ----------------------------------------------

def _exp_substitution(exprs: list, protected: set):
    """Replace ``exp(c·x)`` by powers of ``t = exp(q·x)`` for each symbol ``x`` that occurs only
    inside exponentials (and carries no sign, integer or constraint of its own).
    Returns (exprs, {t: (x, q)})."""
    atoms = set().union(*[e.atoms(sp.exp) for e in exprs]) if exprs else set()
    if not atoms:
        return exprs, {}
    by_var: dict = {}
    for a in atoms:
        c, x = a.args[0].as_coeff_Mul()
        if not (x.is_Symbol and c.is_Rational and c != 0):
            raise _Refused(f"exp({a.args[0]}) is not exp of a rational multiple of one symbol")
        by_var.setdefault(x, []).append((a, c))
    sub, back = {}, {}
    for x, pairs in by_var.items():
        if x in protected or x.is_positive or x.is_nonnegative or x.is_integer or x.is_nonzero:
            raise _Refused(f"{x} occurs in exp and is constrained itself")
        q = Fraction(0)
        for _a, c in pairs:
            q = Fraction(math.gcd(q.numerator * int(c.q), int(c.p) * q.denominator),
                         q.denominator * int(c.q))
        q = sp.Rational(q.numerator, q.denominator)
        t = sp.Dummy(f"exp_{x}", positive=True)
        for a, c in pairs:
            sub[a] = t ** int(c / q)
        back[t] = (x, q)
    out = [e.xreplace(sub) for e in exprs]
    for e in out:
        if e.free_symbols & set(by_var):
            left = sorted(str(x) for x in e.free_symbols & set(by_var))
            raise _Refused(f"{', '.join(left)} occurs both inside and outside exp")
    return out, back


def _sqrt_substitution(exprs: list):
    """Replace every ``p^(k/2)`` by ``s^k`` and every ``|p|`` by ``s``, with ``s ≥ 0`` and
    ``s² = p`` (``s² = p²`` for ``|p|``), innermost first. Returns (exprs, [(s, s², radicand)])."""
    roots: list = []
    known: dict = {}

    def radicals(e):
        return ([p for p in e.atoms(sp.Pow) if p.exp.is_Rational and p.exp.q == 2]
                + list(e.atoms(sp.Abs)))

    def radicand(p):
        return p.args[0] ** 2 if isinstance(p, sp.Abs) else p.base

    exprs = list(exprs)
    for _ in range(50):
        found = set().union(*[radicals(e) for e in exprs]) if exprs else set()
        if not found:
            return exprs, [(s, b) for s, b in roots]
        inner = [p for p in found if not radicals(p.args[0])]
        sub = {}
        for p in inner:
            base = sp.expand(radicand(p))
            if base not in known:
                s = sp.Dummy("sqrt", nonnegative=True)
                known[base] = s
                roots.append((s, base))
            sub[p] = known[base] if isinstance(p, sp.Abs) else known[base] ** int(p.exp * 2)
        exprs = [e.xreplace(sub) for e in exprs]
        roots = [(s, b.xreplace(sub)) for s, b in roots]
    raise _Refused("square roots nested too deeply")


def _rational_function(e, gens):
    num, den = sp.fraction(sp.together(sp.expand(e) if not e.is_Mul else e))
    try:
        pn = sp.Poly(sp.expand(num), *gens, domain=sp.QQ) if gens else None
        pd = sp.Poly(sp.expand(den), *gens, domain=sp.QQ) if gens else None
    except (sp.PolynomialError, sp.CoercionFailed) as exc:
        raise _Refused(f"not a rational function over ℚ after substitution ({exc})") from None
    return pn, pd


# -- the decision ------------------------------------------------------------------------------

def decide(g, op: str, constraints=(), seconds: float = MAX_SECONDS, check=None) -> Decision:
    """Decide ``g op 0`` (op in ``>= > ==``) wherever ``g`` is defined and every constraint
    ``(c, cop)`` holds (``cop`` in ``> >= == !=``). Complete where the module docstring says.
    ``check``: the same set described without auxiliary symbols (a Cholesky factor's), what a
    counterexample is confirmed against; by default the constraints themselves."""
    if op not in _OPS:
        raise ValueError(f"op must be one of {_OPS}, got {op!r}")
    g = sp.sympify(g)
    if isinstance(g, sp.MatrixBase):
        if g.shape != (1, 1):
            return _undecided("a matrix-valued gap")
        g = g[0, 0]
    constraints = [(sp.sympify(c), cop) for c, cop in constraints]
    check = constraints if check is None else [(sp.sympify(c), cop) for c, cop in check]
    try:
        return _decide(g, op, constraints, max(0.05, min(seconds, MAX_SECONDS)), check)
    except _Refused as exc:
        return _undecided(str(exc))


def _decide(g, op, constraints, seconds, check) -> Decision:
    exprs = [g] + [c for c, _ in constraints]
    if any(e.has(sp.zoo, sp.nan, sp.oo, -sp.oo) for e in exprs):
        raise _Refused("the expression is undefined here (a division by zero while it was built)")
    allowed = (sp.exp, sp.Abs)
    if any(not all(isinstance(f, allowed) for f in e.atoms(sp.Function)) for e in exprs):
        bad = sorted({type(f).__name__ for e in exprs for f in e.atoms(sp.Function)
                      if not isinstance(f, allowed)})
        raise _Refused(f"{', '.join(bad)} has no exact polynomial substitution here")
    protected = set().union(*[c.free_symbols for c, _ in constraints]) if constraints else set()
    exprs, exps = _exp_substitution(exprs, protected)
    exprs, roots = _sqrt_substitution(exprs)
    g2, cons = exprs[0], [(c, cop) for c, (_old, cop) in zip(exprs[1:], constraints)]
    variables = sorted(set().union(*[e.free_symbols for e in exprs]) | {s for s, _ in roots}
                       | set().union(*[b.free_symbols for _, b in roots]), key=str)
    shown = set(g.free_symbols).union(*[c.free_symbols for c, _ in check])
    originals = [v for v in variables if v in shown]
    # the radicands' signs first: each square root must be real on the set
    for i, (s, base) in enumerate(roots):
        earlier = [(r ** 2 - b, "==") for r, b in roots[:i]] + [(r, ">=") for r, _ in roots[:i]]
        d = _solve(base, ">=", cons + earlier, variables, seconds)
        if d.status != "proved":
            why = d.detail if d.status == "undecided" else f"it is negative at {d.point}"
            raise _Refused(f"the radicand {base} was not shown ≥ 0 ({why})")
    cons = cons + [(s ** 2 - b, "==") for s, b in roots] + [(s, ">=") for s, _ in roots]
    if not variables:
        s = exact_sign(g)
        if s is None:
            return _undecided(f"the sign of the constant {g} was not decided exactly")
        ok = s > 0 or (s == 0 and op != ">") if op != "==" else s == 0
        return Decision("proved" if ok else "refuted", f"{g} decided exactly")
    d = _solve(g2, op, cons, variables, seconds)
    if d.status != "refuted":
        return d
    point = {}
    for v in originals:
        if v in d.point:
            point[v] = d.point[v]
    for t, (x, q) in exps.items():
        if t not in d.point or d.point[t] <= 0:
            return _undecided("a model without a positive exponential")
        point[x] = sp.log(d.point[t]) / q
    return _confirm(g, op, check, point, d.detail)


def _holds(v, op) -> bool | None:
    s = exact_sign(v)
    if s is None:
        return None
    return {">": s > 0, ">=": s >= 0, "==": s == 0, "!=": s != 0}[op]


def _confirm(g, op, constraints, point, how) -> Decision:
    """The candidate point is a counterexample only when, in exact arithmetic, every
    constraint holds there and ``g op 0`` fails."""
    for c, cop in constraints:
        ok = _holds(c.xreplace(point), cop)
        if ok is not True:
            return _undecided(f"{how}: its point {point} was not confirmed to satisfy {c} {cop} 0")
    v = g.xreplace(point)
    ok = _holds(v, op)
    if ok is None:
        return _undecided(f"{how}: the value {v} at {point} was not decided exactly")
    if ok:
        return _undecided(f"{how}: its rounded point {point} satisfies the claim")
    return Decision("refuted", f"{how}; g = {v} there, decided exactly", point)


def _solve(g, op, cons, variables, seconds) -> Decision:
    pn, pd = _rational_function(g, variables)
    single = [v for v in variables]
    if len(single) == 1 and all(len(c.free_symbols) <= 1 and _is_sign_of(c, single[0]) for c, _ in cons):
        return _univariate(pn, pd, op, single[0], cons)
    return _z3(pn, pd, op, cons, variables, seconds)


def _is_sign_of(c, x) -> bool:
    return c == x or c == 1 - x or c.is_number


# -- one variable: exact real root isolation ----------------------------------------------------

def _univariate(pn, pd, op, x, cons) -> Decision:
    """Complete for one variable on an interval (its sign, 0 < p < 1), less isolated points."""
    lo, lo_closed, hi, hi_closed = None, False, None, False
    if x.is_positive:
        lo = sp.Integer(0)
    elif x.is_nonnegative:
        lo, lo_closed = sp.Integer(0), True
    excluded = [sp.Integer(0)] if x.is_nonzero else []
    for c, cop in cons:
        if c.is_number:
            if _holds(c, cop) is not True:
                return _undecided(f"the declarations admit no point here ({c} {cop} 0): "
                                  "nothing to decide")
            continue
        if cop == "==":
            return _z3(pn, pd, op, cons, [x], MAX_SECONDS)
        e = sp.Integer(0) if c == x else sp.Integer(1)
        if cop == "!=":
            excluded.append(e)
        elif c == x:
            if lo is None or lo < 0 or (lo == 0 and cop == ">"):
                lo, lo_closed = e, cop == ">="
        else:  # 1 - x
            if hi is None or hi > 1 or (hi == 1 and cop == ">"):
                hi, hi_closed = e, cop == ">="
    n, d = pn.as_expr(), pd.as_expr()

    def inside(p) -> bool:
        if lo is not None and (p < lo or (p == lo and not lo_closed)):
            return False
        if hi is not None and (p > hi or (p == hi and not hi_closed)):
            return False
        return p not in excluded and (x.is_integer is not True or p.is_integer)

    def fails(p) -> bool:
        dv = d.xreplace({x: p})
        if dv == 0:  # undefined there: nothing is claimed
            return False
        s = exact_sign(n.xreplace({x: p}) * dv)
        if s is None:
            return False
        return s != 0 if op == "==" else (s < 0 or (s == 0 and op == ">"))

    # every point where N·D may change sign, or where the domain starts, ends or is cut
    marks = [m for m in (lo, hi) if m is not None] + excluded
    prod = sp.Poly(n * d * sp.Mul(*[x - m for m in marks]), x)
    cuts = _separated(prod.sqf_part()) if prod.degree() > 0 else []
    if x.is_integer:
        if cuts:
            a, b = math.floor(cuts[0][0]) - 1, math.ceil(cuts[-1][1]) + 1
        else:
            a, b = 0, 0
        if b - a > MAX_INTEGERS:
            return _undecided(f"{b - a} integers between the real roots: over {MAX_INTEGERS}")
        # beyond the hull of the roots N·D keeps the sign it has at a - 1... a and b are there
        candidates = [sp.Integer(k) for k in range(a, b + 1)]
        how = f"every integer {x} in [{a}, {b}] decided exactly; beyond, N·D keeps its sign"
    else:
        candidates = [sp.Rational(a) for (a, b) in cuts if a == b]  # rational cut points
        if not cuts:
            candidates.append(sp.Integer(0))
        else:
            candidates += [sp.Rational(cuts[0][0]) - 1, sp.Rational(cuts[-1][1]) + 1]
            candidates += [(sp.Rational(b1) + sp.Rational(a2)) / 2
                           for (_a1, b1), (a2, _b2) in zip(cuts, cuts[1:])]
        how = f"exact real root isolation in {x}: N·D has one sign between consecutive roots"
        if op == ">":  # g = 0 at a real root of N where D ≠ 0: a strict claim fails there
            g_ = sp.gcd(sp.Poly(n, x), sp.Poly(d, x))
            n_red = sp.Poly(n, x).exquo(g_)
            if n_red.degree() > 0:  # each real root exactly (a rational, or a CRootOf)
                candidates += [r for r in sp.Poly(n_red.sqf_part().as_expr(), x).real_roots()]
    for p in sorted(set(candidates), key=lambda r: (not r.is_Rational, float(r.evalf(30)))):
        if inside(p) and fails(p):
            return Decision("refuted", f"exact real root isolation in {x}", {x: p})
    return Decision("proved", how)


def _separated(p: sp.Poly) -> list:
    """Isolating intervals (a, b) of the real roots of ``p``, sorted: a rational root as the
    point (r, r) (from p's linear factors over ℚ), an irrational one as an open interval of
    its irreducible factor, strictly apart from its neighbours."""
    ivs = []
    for f, _m in p.factor_list()[1]:
        if f.degree() == 1:
            c1, c0 = f.all_coeffs()
            r = sp.Rational(-c0, c1)
            ivs.append((r, r, f))
        else:
            ivs += [(sp.Rational(a), sp.Rational(b), f) for (a, b), _k in f.intervals()]
    ivs.sort(key=lambda t: (t[0], t[1]))
    for _ in range(60):
        clash = [i for i in range(len(ivs) - 1) if ivs[i][1] >= ivs[i + 1][0]]
        if not clash:
            return [(a, b) for a, b, _f in ivs]
        for i in clash:
            for j in (i, i + 1):
                a, b, f = ivs[j]
                if a != b:
                    a2, b2 = f.refine_root(a, b, eps=(b - a) / 4)
                    ivs[j] = (sp.Rational(a2), sp.Rational(b2), f)
        ivs.sort(key=lambda t: (t[0], t[1]))
    raise _Refused("real roots not separated")


# -- several variables: z3's nonlinear real arithmetic -------------------------------------------

def _z3(pn, pd, op, cons, variables, seconds) -> Decision:
    try:
        import z3
    except ImportError:  # pragma: no cover - a declared dependency
        return _undecided("z3-solver is not installed (pip install z3-solver)")
    # one z3 name per variable by position: SymPy's Dummy symbols share their printed names
    zv = {v: (z3.Int(f"v{i}") if v.is_integer else z3.Real(f"v{i}")) for i, v in enumerate(variables)}
    solver = z3.SolverFor("QF_NIRA" if any(v.is_integer for v in variables) else "QF_NRA")
    solver.set("timeout", max(1, int(seconds * 1000)))

    def conv(e):
        poly = sp.Poly(sp.expand(e), *variables, domain=sp.QQ)
        terms = []
        for monom, coeff in poly.terms():
            t = z3.RealVal(f"{coeff.numerator}/{coeff.denominator}") if not coeff.is_integer \
                else z3.RealVal(int(coeff))
            for v, k in zip(variables, monom):
                for _ in range(k):
                    t = t * (z3.ToReal(zv[v]) if v.is_integer else zv[v])
            terms.append(t)
        return z3.Sum(terms) if len(terms) > 1 else (terms[0] if terms else z3.RealVal(0))

    try:
        for v in variables:
            if v.is_positive:
                solver.add(zv[v] > 0)
            elif v.is_nonnegative:
                solver.add(zv[v] >= 0)
            if v.is_nonzero:
                solver.add(zv[v] != 0)
        for c, cop in cons:
            n, dd = sp.fraction(sp.together(c))
            z = conv(n) * conv(dd)
            solver.add({">": z > 0, ">=": z >= 0, "==": conv(n) == 0, "!=": conv(n) != 0}[cop])
            if dd.free_symbols:
                solver.add(conv(dd) != 0)
        N, D = conv(pn.as_expr()), conv(pd.as_expr())
        solver.add(D != 0)
        solver.add({">=": N * D < 0, ">": N * D <= 0, "==": N != 0}[op])
        res = solver.check()
    except z3.Z3Exception as exc:
        return _undecided(f"z3 failed: {exc}")
    engine = ("z3 (nonlinear integer/real arithmetic)" if any(v.is_integer for v in variables)
              else "z3 (nlsat)")
    if res == z3.unsat:
        if cons:  # a proof over an empty set proves nothing: the constraints must have a point
            alone = z3.SolverFor("QF_NIRA" if any(v.is_integer for v in variables) else "QF_NRA")
            alone.set("timeout", max(1, int(seconds * 1000)))
            for a in solver.assertions()[:-2]:
                alone.add(a)
            if alone.check() != z3.sat:
                return _undecided("the declarations (and definitions) were not shown to admit "
                                  "a point here: a proof over an empty set proves nothing")
        return Decision("proved", f"{engine}: the negation is unsatisfiable")
    if res == z3.unknown:
        return _undecided(f"z3 returned unknown ({solver.reason_unknown()}) within {seconds:.1f} s")
    model = solver.model()
    point = {}
    for v in variables:
        val = model.eval(zv[v], model_completion=True)
        point[v] = _exact(val)
    return Decision("refuted", f"{engine} model", point)


def _exact(val) -> sp.Rational:
    import z3

    if z3.is_int_value(val):
        return sp.Integer(val.as_long())
    if z3.is_rational_value(val):
        return sp.Rational(val.numerator_as_long(), val.denominator_as_long())
    if z3.is_algebraic_value(val):  # rounded: confirmed (or not) exactly by the caller
        return sp.Rational(val.approx(30).as_fraction().numerator,
                           val.approx(30).as_fraction().denominator)
    return sp.Rational(str(val))
