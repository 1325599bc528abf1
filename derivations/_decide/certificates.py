"""Certificates that an explicit expression without piecewise atoms is ``>= 0`` (or ``> 0``).

The expression ``g`` is a relation's gap after instantiation: entry symbols (real; positive
or nonnegative when declared so) and, inside a case of :mod:`derivations._decide.piecewise`, the
case's hypotheses. :func:`prove` returns a :class:`Certificate` naming the argument, or None.
Every route is a proof whose each step is checked, never a sample. A gap with a
``Max``/``Min``/``Abs``/``Heaviside``/``sign``/``Piecewise`` is first split into regions, each
without one (:func:`derivations._decide.inequality.prove`, the entry point); here such a gap is
not proved (None). The routes:

* **linear** — an affine ``g`` with affine hypotheses: exact Farkas multipliers
  (:func:`derivations._decide.linear.implies`);
* **manifest** — by shape: positive constants (an exact sign), positive/nonnegative symbols,
  even powers, ``exp``, ``|·|``, sums and products of these, quotients, a hypothesis (or a
  positive multiple of one), ``log A ≥ 0`` when ``A − 1 ≥ 0``, and ``c(e^a − e^b) ≥ 0``
  when ``a − b ≥ 0`` is proved (exp is increasing);
* **log** — ``g = Σ c_i log A_i + r`` with every ``A_i`` proved positive and ``c_i`` integers
  is ``log(Π A_i^c_i · e^r)``, which is ``≥ 0`` iff ``Π A_i^c_i · e^r − 1 ≥ 0`` (log is
  increasing): that expression is proved instead;
* **convexity** — one variable ``t`` on an interval ``I`` (its declared sign and the linear
  hypotheses): ``g`` is defined on all of ``I`` (log arguments proved positive, denominators
  proved nonzero), ``g'' ≥ 0`` is proved on ``I``, and ``g'(t_0) = 0`` exactly at a point
  ``t_0 ∈ I`` (exact arithmetic, :mod:`derivations._decide.exactness`), so ``g ≥ g(t_0)`` on ``I``;
  ``g(t_0) ≥ 0`` (``> 0``) is decided exactly.

:func:`counterexample` is the other side of the convexity route: a stationary point ``t_0``
of a one-variable ``g`` inside its interval where ``g(t_0) < 0`` (``≤ 0`` for strict) exactly
is a counterexample, reported instead of thrown away (no convexity is needed for that).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import mpmath
import sympy as sp

from .atoms import has_piecewise
from .exactness import _exp_form, exact_is_zero, exact_sign
from .linear import Constraint, affine, implies
from .memo import MEMO_SIZE, memoised
from .ratfun import positive_multiple

__all__ = ["Certificate", "counterexample", "gap_form", "prove"]

#: Recursion depth of the routes (log -> manifest -> convexity ...).
MAX_DEPTH = 6
#: The convexity route (root finding) only on the claim's own gap or one step below it.
CONVEXITY_DEPTH = 1


@dataclass(frozen=True)
class Certificate:
    """Why ``g >= 0`` (or ``> 0``): the route and its parts, each checked."""

    route: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.route}: {self.detail}" if self.detail else self.route


def prove(g: sp.Basic, strict: bool = False, hyps: tuple = (), depth: int = 0) -> Certificate | None:
    """A certificate that ``g >= 0`` (``> 0`` if strict) wherever ``hyps`` hold, or None.
    Memoised (:mod:`.memo`)."""
    return _prove(sp.sympify(g), bool(strict), tuple(hyps), depth)


def gap_form(g, depth: int) -> sp.Basic | None:
    """The gap as the routes read it (a 1×1 matrix's entry, exponentials in one form), or None
    past :data:`MAX_DEPTH`."""
    g = sp.sympify(g)
    if isinstance(g, sp.MatrixBase) and g.shape == (1, 1):
        g = g[0, 0]
    if depth > MAX_DEPTH:
        return None
    return _exp_form(g)


@memoised
def _prove(g: sp.Basic, strict: bool = False, hyps: tuple = (), depth: int = 0) -> Certificate | None:
    g = gap_form(g, depth)
    if g is None:
        return None
    hyps = list(hyps)
    if has_piecewise(g):  # (a region of inequality.prove's case split has none)
        return None
    if not g.free_symbols:
        s = exact_sign(g)
        return Certificate("exact sign", str(g)) if s is not None and (s > 0 or (s == 0 and not strict)) else None
    if _linear(g, strict, hyps):
        return Certificate("linear", "Farkas multipliers over the hypotheses, checked exactly")
    form = _manifest(g, strict, hyps, depth)
    if form is not None:
        return Certificate("manifest", str(form))
    for route in (_log_route, _convexity):
        if route is _convexity and depth > CONVEXITY_DEPTH:
            continue
        c = route(g, strict, hyps, depth)
        if c is not None:
            return c
    return None


# -- linear ----------------------------------------------------------------------------------

def _linear(g, strict, hyps) -> bool:
    variables = sorted(g.free_symbols | set().union(*[h.expr.free_symbols for h in hyps]), key=str)
    if affine(g, variables) is None:
        return False
    linear = [h for h in hyps if affine(h.expr, variables) is not None]
    linear += _sign_hypotheses(variables)
    return implies(linear, Constraint(g, ">" if strict else ">="), variables)


def _sign_hypotheses(variables) -> list[Constraint]:
    out = []
    for v in variables:
        if v.is_positive:
            out.append(Constraint(v, ">"))
        elif v.is_nonnegative:
            out.append(Constraint(v, ">="))
    return out


# -- manifest --------------------------------------------------------------------------------

def _hyp_sign(e, hyps) -> str | None:
    """'pos' / 'nonneg' when ``e`` is a positive multiple of a hypothesis."""
    for h in hyps:
        if h.expr == 0 or h.op == "==":
            continue
        if _positive_multiple(e, h.expr):
            return "pos" if h.op == ">" else "nonneg"
    return None


@lru_cache(maxsize=MEMO_SIZE)
def _positive_multiple(e, h) -> bool:
    """``e / h`` is a positive rational constant (SymPy's normal form of the quotient), in
    sparse polynomial arithmetic when both are rational functions over ℚ."""
    fast = positive_multiple(e, h)
    if fast is not None:
        return fast
    r = sp.cancel(sp.together(e / h))
    return bool(r.is_Rational and r > 0)


def _sign(e, hyps, depth) -> str | None:
    """'pos', 'nonneg' or None (not shown) for an explicit expression."""
    if not e.free_symbols:
        s = exact_sign(e)
        return "pos" if s == 1 else "nonneg" if s == 0 else None
    h = _hyp_sign(e, hyps)
    if h is not None:
        return h
    if e.is_Symbol:
        return "pos" if e.is_positive else "nonneg" if e.is_nonnegative else None
    if isinstance(e, sp.exp):
        return "pos" if e.args[0].is_extended_real else None
    if isinstance(e, sp.Abs):
        return "nonneg"
    if isinstance(e, sp.log):
        a = e.args[0]
        s = _sign(sp.expand(a - 1), hyps, depth)
        return s if s is not None and _sign(a, hyps, depth) == "pos" else None
    if isinstance(e, sp.Pow):
        base, ex = e.args
        sb = _sign(base, hyps, depth)
        if ex.is_Integer and int(ex) % 2 == 0:
            if int(ex) > 0:
                return "pos" if sb == "pos" else "nonneg" if base.is_extended_real else None
            return "pos" if sb == "pos" or _sign(-base, hyps, depth) == "pos" else None
        if sb == "pos" and ex.is_extended_real:
            return "pos"
        if sb == "nonneg" and ex.is_positive:
            return "nonneg"
        return None
    if isinstance(e, sp.Mul):
        signs = []
        for a in e.args:
            s = _sign(a, hyps, depth)
            if s is None:
                return None
            signs.append(s)
        return "pos" if all(s == "pos" for s in signs) else "nonneg"
    if isinstance(e, sp.Add):
        return _sum_sign(e, hyps, depth)
    return None


def _exp_term(t):
    """(c, a) with t = c·exp(a), c a nonzero rational (a constant c is c·exp(0)), or None."""
    if t.is_Rational:
        return (t, sp.Integer(0)) if t != 0 else None
    c, m = t.as_coeff_Mul()
    if isinstance(m, sp.exp):
        return c, m.args[0]
    return None


def _sum_sign(e, hyps, depth) -> str | None:
    terms = list(e.args)
    signs = [_sign(t, hyps, depth) for t in terms]
    if all(s is not None for s in signs):
        return "pos" if "pos" in signs else "nonneg"
    # exp is increasing: c(e^a − e^b) ≥ 0 when a − b ≥ 0 is proved (> 0 when a − b > 0)
    forms = [_exp_term(t) for t in terms]
    pos = [(i, f) for i, f in enumerate(forms) if f is not None and f[0] > 0]
    neg = [(j, f) for j, f in enumerate(forms) if f is not None and f[0] < 0]
    if not neg:
        return None
    budget = {i: f[0] for i, f in pos}
    covered, strict_pair = set(), False
    for j, (c, b) in neg:
        need = -c
        for i, (_c, a) in pos:
            if budget[i] < need:
                continue
            gap = sp.expand(a - b)
            if prove(gap, True, hyps, depth + 1):
                strict_pair = True
            elif not prove(gap, False, hyps, depth + 1):
                continue
            budget[i] -= need
            covered.add(j)
            break
        else:
            return None
    rest = [t for k, t in enumerate(terms) if k not in covered and k not in budget]
    rest += [budget[i] * sp.exp(a) for i, (_c, a) in pos if budget[i] != 0]
    signs = [_sign(t, hyps, depth) for t in rest]
    if any(s is None for s in signs):
        return None
    return "pos" if strict_pair or "pos" in signs else "nonneg"


def _manifest(g, strict, hyps, depth):
    """The first equal form of ``g`` whose sign is manifest, or None."""
    for form in _forms(g):
        s = _sign(form, hyps, depth)
        if s == "pos" or (s == "nonneg" and not strict):
            return form
    return None


class _Rewritings:
    """The rewritings of one ``g`` computed so far and the generator of the rest."""

    __slots__ = ("done", "rest", "broken")

    def __init__(self, g):
        self.done, self.rest, self.broken = [], _forms_of(g), False


#: g -> its :class:`_Rewritings`.
_FORMS: dict = {}


def _forms(g):
    """Equal rewritings of ``g`` to try (each an identity), memoised: each rewriting of a given
    ``g`` is computed once, lazily, in the order :func:`_forms_of` yields them."""
    try:
        entry = _FORMS.get(g)
    except TypeError:  # unhashable: no memo
        yield from _forms_of(g)
        return
    if entry is None:
        if len(_FORMS) >= MEMO_SIZE:
            _FORMS.clear()
        entry = _FORMS[g] = _Rewritings(g)
    k = 0
    while True:
        if k < len(entry.done):
            yield entry.done[k]
            k += 1
            continue
        if not entry.broken:
            try:
                v = next(entry.rest)
            except StopIteration:
                if not entry.broken:
                    return
            except BaseException:  # a timeout inside a rewriting: that generator is spent
                entry.broken = True
                if _FORMS.get(g) is entry:
                    del _FORMS[g]
                raise
            else:
                entry.done.append(v)
                continue
        # the shared generator died under another caller: recompute the rest here
        for j, v in enumerate(_forms_of(g)):
            if j >= k:
                yield v
        return


def _forms_of(g):
    """Equal rewritings of ``g`` to try (each an identity)."""
    seen = []
    done: dict = {}

    def once(fn):  # each of SymPy's rewritings of a given expression computed once here
        def call(x):
            key = (fn, x)
            try:
                hash(key)
            except TypeError:  # unhashable: no memo
                return fn(x)
            if key not in done:
                done[key] = fn(x)
            return done[key]
        return call

    expand, together = once(sp.expand), once(sp.together)
    for f in (lambda x: x, expand, together, sp.factor_terms,
              lambda x: sp.factor_terms(together(expand(x)))):
        try:
            v = f(g)
        except (sp.PolynomialError, TypeError, ValueError):
            continue
        if v not in seen:
            seen.append(v)
            yield v
        num, den = sp.fraction(together(v))
        if den != 1:
            q = sp.factor_terms(expand(num)) / sp.factor_terms(den)
            if q not in seen:
                seen.append(q)
                yield q


# -- log ---------------------------------------------------------------------------------------

def _log_route(g, strict, hyps, depth):
    if not g.has(sp.log):
        return None
    logs, rest = [], sp.Integer(0)
    for t in sp.Add.make_args(sp.expand(g)):
        c, m = t.as_coeff_Mul()
        if isinstance(m, sp.log) and c.is_Integer:
            logs.append((int(c), m.args[0]))
        else:
            if t.has(sp.log):
                return None
            rest += t
    if not logs:
        return None
    for _c, a in logs:
        if prove(a, True, hyps, depth + 1) is None:
            return None
    h = sp.Mul(*[a ** c for c, a in logs]) * sp.exp(rest) - 1
    cert = prove(sp.expand(h), strict, hyps, depth + 1)
    if cert is None:
        cert = prove(sp.together(h), strict, hyps, depth + 1)
    if cert is None:
        return None
    return Certificate("log", f"log is increasing: g = log(P) with P − 1 = {h} proved ({cert})")


# -- convexity (one variable) ------------------------------------------------------------------

def _interval(t, hyps):
    """(lo, lo_closed, hi, hi_closed) from the symbol's sign and the hypotheses linear in t."""
    lo, lo_c, hi, hi_c = -sp.oo, False, sp.oo, False
    if t.is_positive:
        lo, lo_c = sp.Integer(0), False
    elif t.is_nonnegative:
        lo, lo_c = sp.Integer(0), True
    for h in hyps:
        form = affine(h.expr, [t])
        if form is None:
            continue
        (a,), k = form
        if a == 0 or h.op == "==":
            continue
        bound = -k / a
        closed = h.op == ">="
        if a > 0 and (bound > lo or (bound == lo and not closed)):
            lo, lo_c = bound, closed
        if a < 0 and (bound < hi or (bound == hi and not closed)):
            hi, hi_c = bound, closed
    return lo, lo_c, hi, hi_c


def _in_interval(x, iv) -> bool:
    lo, lo_c, hi, hi_c = iv
    if lo != -sp.oo:
        s = exact_sign(x - lo)
        if s is None or s < 0 or (s == 0 and not lo_c):
            return False
    if hi != sp.oo:
        s = exact_sign(hi - x)
        if s is None or s < 0 or (s == 0 and not hi_c):
            return False
    return True


def _defined(g, t, hyps, depth) -> bool:
    """Every log argument proved positive and every denominator proved nonzero on the interval:
    g is real-analytic there (so its convexity and stationary points mean what they say)."""
    for node in sp.preorder_traversal(g):
        if isinstance(node, sp.log):
            if prove(node.args[0], True, hyps, depth + 1) is None:
                return False
        elif isinstance(node, sp.Pow):
            base, ex = node.args
            if ex.is_Integer and ex > 0:
                continue
            if ex.is_Integer and (prove(base, True, hyps, depth + 1) or prove(-base, True, hyps, depth + 1)):
                continue
            if prove(base, True, hyps, depth + 1) is None:
                return False
        elif isinstance(node, (sp.exp, sp.Add, sp.Mul, sp.Symbol, sp.Number, sp.tanh)) or node.is_Atom:
            continue
        elif node.is_Function:
            return False
    return True


def _stationary_points(d1, t, iv):
    """Closed real candidates for d1 = 0: SymPy's exact solutions, then rounded numerical roots."""
    out = []
    num, _den = sp.fraction(sp.together(d1))
    if num.is_polynomial(t):  # exact roots of a polynomial numerator (fast); else numerical only
        try:
            sols = sp.Poly(num, t).real_roots()
        except (NotImplementedError, ValueError, TypeError, sp.PolynomialError):
            sols = []
        out += [s for s in sols if not s.free_symbols]
    f = sp.lambdify(t, d1, "mpmath")
    lo, _lc, hi, _hc = iv
    starts = [0, 1, -1, 2, 0.5, 5, -5]
    for x0 in starts:
        if (lo != -sp.oo and x0 <= float(lo)) or (hi != sp.oo and x0 >= float(hi)):
            continue
        try:
            r = mpmath.findroot(f, x0)
        except Exception:  # noqa: BLE001 - no root from this start; Timeout is not an Exception
            continue
        if abs(mpmath.im(r)) > 1e-20:
            continue
        out.append(sp.nsimplify(float(mpmath.re(r)), rational=True, tolerance=1e-12))
    return out


def _convexity(g, strict, hyps, depth):
    if len(g.free_symbols) != 1:
        return None
    (t,) = g.free_symbols
    if any(affine(h.expr, [t]) is None for h in hyps):
        return None  # a non-linear hypothesis may cut the line into several intervals
    iv = _interval(t, hyps)
    if not _defined(g, t, hyps, depth):
        return None
    d1 = sp.diff(g, t)
    d2 = sp.diff(d1, t)
    c2 = prove(d2, False, hyps, depth + 1)
    if c2 is None:
        return None
    for t0 in _stationary_points(d1, t, iv):
        if not _in_interval(t0, iv):
            continue
        if exact_is_zero(d1.xreplace({t: t0})) is not True:
            continue
        value = g.xreplace({t: t0})
        s = exact_sign(value)
        if s is None or s < 0 or (strict and s == 0):
            return None
        return Certificate("convexity", f"g'' ≥ 0 ({c2}); g'({t0}) = 0 exactly; g({t0}) = {value} "
                                        f"{'>' if s > 0 else '='} 0, so g ≥ g({t0}) on the interval")
    return None


def counterexample(g: sp.Basic, strict: bool = False, hyps: tuple = ()) -> dict | None:
    """``{t: t_0}`` with ``g(t_0) < 0`` (``≤ 0`` if strict) decided exactly, ``t_0`` an exact
    stationary point of a one-variable ``g`` inside its interval where ``g`` is defined (log
    arguments and denominators proved so there), or None."""
    g = sp.sympify(g)
    if isinstance(g, sp.MatrixBase) and g.shape == (1, 1):
        g = g[0, 0]
    if len(g.free_symbols) != 1 or has_piecewise(g):
        return None
    (t,) = g.free_symbols
    if t.is_integer:
        return None  # a stationary point need not be an integer
    hyps = list(hyps)
    if any(affine(h.expr, [t]) is None for h in hyps):
        return None
    iv = _interval(t, hyps)
    d1 = sp.diff(g, t)
    for t0 in _stationary_points(d1, t, iv):
        if not _in_interval(t0, iv) or exact_is_zero(d1.xreplace({t: t0})) is not True:
            continue
        value = g.xreplace({t: t0})
        if value.has(sp.zoo, sp.nan, sp.oo, -sp.oo) or not _defined_at(g, t, t0):
            continue
        s = exact_sign(value)
        if s is not None and (s < 0 or (strict and s == 0)):
            return {t: t0}
    return None


def _defined_at(g, t, t0) -> bool:
    """Every log argument > 0 and every denominator ≠ 0 at ``t = t0``, decided exactly."""
    for node in sp.preorder_traversal(g):
        if isinstance(node, sp.log):
            if exact_sign(node.args[0].xreplace({t: t0})) != 1:
                return False
        elif isinstance(node, sp.Pow) and not (node.exp.is_Integer and node.exp > 0):
            s = exact_sign(node.base.xreplace({t: t0}))
            if s is None or s < 0 or (s == 0 and node.exp.is_negative):
                return False
    return True
