"""Lagrange multipliers: the method and hermosillo2017's worked example.

Sources: hermosillo2017 "Método de Lagrange", "Multiplicador de Lagrange", "Lagrangiano",
"Ejemplo" (max 2x + y on x² + y² = 1: Lagrangiano, planteamiento de la solución, solución),
"Método de optimización por multiplicadores de Lagrange" (Pasos 1-3); ml10's Fisher
"lagrangian multipliers" remark (the unconstrained max over (w, λ)); Bishop PRML Appendix E.

The worked example is checked with its printed numbers as data (sympy Rationals and
square roots declared as symbols and *defined* to their values, so nothing is evaluated
while an entry is built): that the printed points solve the printed system, that the
system has no other solution (its λ-equation factors), and that the printed max and min
beat every point of the circle (an exact certificate, not a sample). Independently of
those printed steps, the engine *solves* the example (``LagrangePoints``,
:mod:`derivations._decide.stationary`): it forms ∇f − λ∇g = 0, g = 1 itself, finds every real
solution exactly (eliminants certified in the ideal by cofactors; Hermite's count of the
real solutions as a second route), and classifies them on the compact circle by exact
comparison of f — the printed λ₀, points, max and min must be exactly what it finds.
"""

from __future__ import annotations

import sympy as sp

from .._claims.claims import Equal, LagrangePoints, Rel, SphereMax, Stationary
from .._claims.statement import Statement
from .._symbols.expr import Grad, Norm, Scalar, dot
from .._symbols.space import Space
from .registry import entry

_EJ = "Ejemplo"
_NO_NUMERIC = ("the worked example is one fixed problem in the plane; numerics has no "
               "equality-constrained optimiser (its Lagrange computation is Fisher's, checked "
               "in the fisher entries) — the example's exact solution is checked here by "
               "certificates and solved exactly by the engine (LagrangePoints), not by a float solver")


def _example(s: Space):
    """f = 2x + y, g = x² + y² on v = (x, y); the Lagrangian with λ a 1×1 matrix (so that
    ∂L/∂λ is a Grad the methods take)."""
    v = s.vector("v", 2)
    x, y = v[0, 0], v[1, 0]
    lam = s.matrix("lambda", 1, 1)
    f = 2 * x + y
    g = x ** 2 + y ** 2
    L = f - Scalar(lam) * (g - 1)
    return v, x, y, lam, f, g, L


@entry("lagrange.lagrangian",
       "L = f − λ(g − c): ∂_λ L = 0 is the constraint g = c and ∇_x L = 0 is ∇f = λ∇g; "
       "the example's L = 2x + y − λ(x² + y² − 1)",
       sources=[("hermosillo2017", "Lagrangiano: 'L(x_1, …, x_N, λ) = f(x_1, …, x_N) − "
                 "λ(g(x_1, …, x_N) − c)', 'Los puntos de tangencia se encuentran calculando "
                 "∇L(x_1, …, x_N, λ) = 0'"),
                ("hermosillo2017", "Multiplicador de Lagrange: '∇f(x_1, …, x_N) = λ₀∇g(x_1, …, x_N) (1)'"),
                ("hermosillo2017", "Ejemplo (Lagrangiano): 'L(x, y, λ) = f(x, y) − λ(g(x, y) − 1) "
                 "= 2x + y − λ(x² + y² − 1)', '∂_λ L(x, y, λ) = 0 ⟹ g(x, y) = 1'"),
                ("bishop-prml", "Appendix E, Eqs. (E.4)-(E.6)")])
def lagrangian() -> Statement:
    """For f and g not depending on λ, ∂_λ[f − λ(g − c)] = −(g − c): the λ-component of
    ∇L = 0 is exactly the constraint g = c. The x-components are ∇f − λ∇g (shown for a
    linear f = aᵀx and a quadratic g = xᵀBx, B symmetric, in any dimension d — the
    form of the example and of ml10's Fisher problem), so ∇_x L = 0 is
    hermosillo2017's parallelism condition (1). At the example (f = 2x + y, g = x² + y²,
    c = 1) ∂_λ L = −(x² + y² − 1): "∂_λ L = 0 ⟹ g(x, y) = 1"."""
    s = Space()
    d = s.dim("d")
    xv = s.vector("x", d)
    a = s.vector("a", d)
    B = s.matrix("B", d, d, "symmetric")
    c = s.scalar("c")
    lam_g = s.matrix("lambda_g", 1, 1)
    fv, gv = s.scalar("f"), s.scalar("g")
    F = dot(a, xv)
    G = (xv.T * B * xv)[0, 0]
    Lq = F - Scalar(lam_g) * (G - c)
    v, x, y, lam, f, g, L = _example(s)
    return Statement(s, claims={
        "dL/dlambda = -(g - c) for f, g independent of lambda": Equal(
            Grad(fv - Scalar(lam_g) * (gv - c), lam_g), -(gv - c)),
        "grad_x L = grad f - lambda grad g (linear f, quadratic g, any d)": Equal(
            Grad(Lq, xv), Grad(F, xv) - Scalar(lam_g) * Grad(G, xv)),
        "example: dL/dlambda = -(x^2 + y^2 - 1), zero exactly on the constraint": Equal(
            Grad(L, lam), -(x ** 2 + y ** 2 - 1)),
    }, notation={"example: L = 2x + y - lambda (x^2 + y^2 - 1)": (
        Equal(L, 2 * x + y - Scalar(lam) * (x ** 2 + y ** 2 - 1)),
        "the document defines the example's Lagrangian as f − λ(g − 1) with f = 2x + y, g = x² + y²")},
        no_numeric=_NO_NUMERIC)


@entry("lagrange.example_gradients",
       "Example: ∇f = (2, 1), ∇g = (2x, 2y), and ∇_v L = 0 is (2, 1) = λ₀(2x₀, 2y₀)",
       sources=[("hermosillo2017", "Ejemplo (Lagrangiano): '∇f = [2; 1] y ∇g = [2x; 2y]', "
                 "'la condición de tangencia ∇L = 0 se escribe [2; 1] = λ₀[2x₀; 2y₀]'"),
                ("hermosillo2017", "Multiplicador de Lagrange: '∇f = λ₀∇g (1)' and its "
                 "components '∂_{x_i} f = λ₀ ∂_{x_i} g'")])
def example_gradients() -> Statement:
    """The gradients as printed, taken by the methods (``Grad``, never at build time); the
    x- and y-components of ∇L are ∂f − λ∂g, so ∇_v L = 0 is the printed parallelism
    condition ∇f = λ₀∇g, component by component (hermosillo2017's (1))."""
    s = Space()
    v, x, y, lam, f, g, L = _example(s)
    return Statement(s, claims={
        "grad f = (2, 1)": Equal(Grad(f, v), sp.ImmutableMatrix([2, 1])),
        "grad g = (2x, 2y)": Equal(Grad(g, v), sp.ImmutableMatrix([2 * x, 2 * y])),
        "grad_v L = (2, 1) - lambda (2x, 2y)": Equal(
            Grad(L, v), sp.ImmutableMatrix([2, 1]) - Scalar(lam) * sp.ImmutableMatrix([2 * x, 2 * y])),
        "grad_v L = grad f - lambda grad g (condition (1))": Equal(
            Grad(L, v), Grad(f, v) - Scalar(lam) * Grad(g, v)),
    }, no_numeric=_NO_NUMERIC)


#: The example's unknowns for the engine's own solve: bound real scalars, not declarations.
_X, _Y = sp.symbols("x y", real=True)


def _solved(points, **printed) -> LagrangePoints:
    """max/min 2x + y on x² + y² = 1, as the engine poses and solves it, against ``points``."""
    return LagrangePoints(2 * _X + _Y, [sp.Eq(_X ** 2 + _Y ** 2, 1, evaluate=False)], (_X, _Y),
                          points, **printed)


def _printed_solution(s: Space, sign: int):
    """λ₀ = ±√5/2 and (x₀, y₀) = ±(2/√5, 1/√5), as printed, defined on symbols."""
    tag = "+" if sign > 0 else "-"
    lam0 = s.scalar(f"lambda_0{tag}")
    x0, y0 = s.scalar(f"x_0{tag}"), s.scalar(f"y_0{tag}")
    s.define(lam0, sign * sp.sqrt(5) / 2, f"λ₀ = {tag}√5/2 (printed)")
    s.define(x0, sign * 2 / sp.sqrt(5), f"x₀ = {tag}2/√5 (printed)")
    s.define(y0, sign * 1 / sp.sqrt(5), f"y₀ = {tag}1/√5 (printed)")
    return lam0, x0, y0


@entry("lagrange.example_solution",
       "Example: λ₀ = ±√5/2, (x₀, y₀) = (1/λ₀, 1/(2λ₀)) = ±(2/√5, 1/√5) are the only solutions",
       kind="exercise", uses=("lagrange.lagrangian", "lagrange.example_gradients"),
       sources=[("hermosillo2017", "Ejemplo (planteamiento de la solución): 'x₀² + y₀² = 1', "
                 "'2λ₀x₀ = 2, 2λ₀y₀ = 1', 'Calcula (x₀, y₀) y λ₀'"),
                ("hermosillo2017", "Ejemplo (solución): 'λ₀ = ±√5/2, (x₀, y₀) = (1/λ₀, 1/(2λ₀))', "
                 "'(x₀, y₀) = (2/√5, 1/√5)' o bien '(−2/√5, −1/√5)'")])
def example_solution() -> Statement:
    """The system x₀² + y₀² = 1, 2λ₀x₀ = 2, 2λ₀y₀ = 1, solved as the slides do, each step a
    claim: the last two equations give x₀ = 1/λ₀, y₀ = 1/(2λ₀) (λ₀ ≠ 0, since 2λ₀x₀ = 2);
    substituted into the first, x₀² + y₀² − 1 = (5 − 4λ₀²)/(4λ₀²), whose numerator factors
    as −4(λ₀ − √5/2)(λ₀ + √5/2): λ₀ = ±√5/2 and nothing else. Each printed solution
    (λ₀, x₀, y₀) satisfies all three equations and the printed form (1/λ₀, 1/(2λ₀)) exactly;
    the Lagrangian is stationary there in (x, y) and in λ.

    Solved by the engine (the last claim): the real solutions of 2 − 2λx = 0, 1 − 2λy = 0,
    x² + y² − 1 = 0 are exactly the two printed (x₀, y₀, λ₀) — every coordinate a root of an
    eliminant the engine certifies in the ideal (5x² − 4, 5y² − 1, 4λ² − 5), every other
    tuple of roots rejected exactly, and Hermite's form counting 2 real solutions."""
    s = Space()
    v, x, y, lam, f, g, L = _example(s)
    lam_free = s.scalar("mu", nonzero=True)
    xs, ys = s.scalar("x_s"), s.scalar("y_s")
    s.define(xs, 1 / lam_free, "x = 1/μ from 2μx = 2")
    s.define(ys, 1 / (2 * lam_free), "y = 1/(2μ) from 2μy = 1")
    claims = {
        "2 mu x = 2 at x = 1/mu": Equal(2 * lam_free * xs, 2),
        "2 mu y = 1 at y = 1/(2 mu)": Equal(2 * lam_free * ys, 1),
        "x^2 + y^2 - 1 = (5 - 4 mu^2)/(4 mu^2)": Equal(xs ** 2 + ys ** 2 - 1,
                                                      (5 - 4 * lam_free ** 2) / (4 * lam_free ** 2)),
        "5 - 4 mu^2 = -4 (mu - sqrt5/2)(mu + sqrt5/2): only mu = +-sqrt5/2": Equal(
            5 - 4 * lam_free ** 2, -4 * (lam_free - sp.sqrt(5) / 2) * (lam_free + sp.sqrt(5) / 2)),
    }
    printed = []
    for sign in (1, -1):
        tag = "+" if sign > 0 else "-"
        lam0, x0, y0 = _printed_solution(s, sign)
        p = sp.ImmutableMatrix([x0, y0])
        claims.update({
            f"({tag}) x0^2 + y0^2 = 1": Equal(x0 ** 2 + y0 ** 2, 1),
            f"({tag}) 2 lambda0 x0 = 2": Equal(2 * lam0 * x0, 2),
            f"({tag}) 2 lambda0 y0 = 1": Equal(2 * lam0 * y0, 1),
            f"({tag}) x0 = 1/lambda0": Equal(x0, 1 / lam0),
            f"({tag}) y0 = 1/(2 lambda0)": Equal(y0, 1 / (2 * lam0)),
            f"({tag}) lambda0 = {tag}sqrt5/2 is a root of 4 mu^2 - 5": Equal(4 * lam0 ** 2, 5),
            f"({tag}) L stationary in (x, y) at (x0, y0) with lambda = lambda0": Stationary(
                L.xreplace({lam: sp.ImmutableMatrix([[lam0]])}), v, p),
        })
        printed.append(((x0, y0), (lam0,)))
    claims["solved by the engine: the real solutions of grad f = lambda grad g, g = 1 are "
           "exactly the printed (x0, y0, lambda0)"] = _solved(
        [p for p, _l in printed], multipliers=[lm for _p, lm in printed])
    return Statement(s, claims=claims, no_numeric=_NO_NUMERIC)


@entry("lagrange.example_max_min",
       "Example: f(2/√5, 1/√5) = √5 is the max and f(−2/√5, −1/√5) = −√5 the min of 2x + y on the circle",
       kind="exercise", uses=("lagrange.example_solution",),
       sources=[("hermosillo2017", "Ejemplo (solución): '(2/√5, 1/√5) ⟹ f(x₀, y₀) = max', "
                 "'(−2/√5, −1/√5) ⟹ f(x₀, y₀) = min'"),
                ("hermosillo2017", "Método de optimización por multiplicadores de Lagrange, Paso 3: "
                 "'Cualquiera que dé el mayor (o más pequeño) valor es el punto máximo (o mínimo)'")])
def example_max_min() -> Statement:
    """Paso 3 compares f at the two candidates: f = √5 and −√5. That the larger is the
    maximum of f over the whole circle (not only among the candidates) is an inequality:
    for a unit v = u/‖u‖, f(p) − f(v) = √5 − √5 pᵀv = (√5/2)‖v − p‖² ≥ 0 with p = (2, 1)/√5,
    and f(v) − f(−p) = (√5/2)‖v + p‖² ≥ 0. Both are exact certificates.

    Solved by the engine (the claim 'solved by the engine'), the step the slides take (Paso 3): the circle is
    compact (x² + y² is a definite quadratic form) and ∇g = (2x, 2y) vanishes nowhere on it
    (the system x² + y² = 1, 2x = 0, 2y = 0 has no solution, certified), so f attains its max
    and min at Lagrange points; of the two the engine finds, exact comparison of f = ±√5
    makes the printed (2/√5, 1/√5) the max and (−2/√5, −1/√5) the min."""
    s = Space()
    u = s.vector("u", 2, nonzero=True)
    claims = {}
    pts = {}
    for sign in (1, -1):
        tag = "+" if sign > 0 else "-"
        _lam0, x0, y0 = _printed_solution(s, sign)
        pts[sign] = sp.ImmutableMatrix([x0, y0])
        claims[f"f({tag}(2, 1)/sqrt5) = {tag}sqrt5"] = Equal(2 * x0 + y0, sign * sp.sqrt(5))
    f = 2 * u[0, 0] + u[1, 0]
    unit = u / Norm(u)
    f_unit = 2 * unit[0, 0] + unit[1, 0]
    p, q = pts[1], pts[-1]
    claims["solved by the engine: the Lagrange points are the two printed ones, the first the max "
           "and the second the min of f on the circle"] = _solved(
        [tuple(p), tuple(q)], maximum=tuple(p), minimum=tuple(q))
    claims["(2, 1)/sqrt5 maximises f on the circle"] = SphereMax(
        f, u, p, sp.sqrt(5) / 2 * Norm(unit - p) ** 2)
    claims["(-2, -1)/sqrt5 minimises f on the circle"] = Rel(
        f_unit, ">=", 2 * q[0, 0] + q[1, 0], sp.sqrt(5) / 2 * Norm(unit - q) ** 2)
    return Statement(s, claims=claims, no_numeric=_NO_NUMERIC)


@entry("lagrange.ml10_max_over_lambda",
       "ml10: max_{‖w‖=1} wᵀ(m₂ − m₁) 'equivalent' to the unconstrained max over (w, λ) of "
       "wᵀ(m₂ − m₁) + λ(1 − wᵀw)",
       kind="erratum", uses=("lagrange.lagrangian",),
       sources=[("ml10", "Fisher linear discriminant: 'la teoria dei lagrangian multipliers ... ci "
                 "permette di trasformare il problema di prima nel seguente equivalente "
                 "max_{w, λ} wᵀ(m₂ − m₁) + λ(1 − wᵀw)'"),
                ("bishop-prml", "Appendix E: stationary points of the Lagrangian, not its maximum")])
def ml10_max_over_lambda() -> Statement:
    """ml10 replaces max_{wᵀw = 1} wᵀ(m₂ − m₁) by "the equivalent" max over (w, λ) of
    L(w, λ) = wᵀ(m₂ − m₁) + λ(1 − wᵀw). An erratum (reading policy, DESIGN.md): the printed
    max_{w, λ} is a false formula, not a true one missing a condition. The Lagrangian has no maximum: at w = 0 it is λ,
    unbounded in λ. *Stated* (the printed equivalence: the constrained maximum ‖m₂ − m₁‖
    bounds L everywhere, i.e. is its max over (w, λ)) — refuted. *Corrected*: what ml10
    goes on to do is right — the constrained optimum is a *stationary point* of L
    (fisher.lagrangian_w_solution, fisher.lagrangian_lambda_derivative); as an optimisation
    it is max_w min_λ L: on the sphere L = wᵀ(m₂ − m₁) ≤ ‖m₂ − m₁‖ for every λ, and off the
    sphere L → −∞ as λ → ±∞ along the sign of wᵀw − 1 (L = wᵀD − λ(wᵀw − 1))."""
    s = Space()
    d = s.dim("d")
    m1, m2 = s.vector("m_1", d), s.vector("m_2", d)
    delta = s.vector("delta", d, nonzero=True)
    s.define(m2, m1 + delta, "m_2 = m_1 + δ, δ ≠ 0")
    w, u = s.vector("w", d), s.vector("u", d, nonzero=True)
    lam = s.scalar("lambda")
    D = m2 - m1
    unit = u / Norm(u)
    best = D / Norm(D)
    return Statement(s, stated=Rel(dot(w, D) + lam * (1 - dot(w, w)), "<=", Norm(D)),
                     corrects="on the sphere L(u/||u||, lambda) <= ||m_2 - m_1|| for every lambda", claims={
        "on the sphere L(u/||u||, lambda) <= ||m_2 - m_1|| for every lambda": Rel(
            dot(unit, D) + lam * (1 - dot(unit, unit)), "<=", Norm(D),
            Norm(D) / 2 * Norm(unit - best) ** 2),
        "L(w, lambda) = w^T(m_2 - m_1) - lambda (w^T w - 1)": Equal(
            dot(w, D) + lam * (1 - dot(w, w)), dot(w, D) - lam * (dot(w, w) - 1)),
    }, no_numeric="a claim about the Lagrangian as a function of (w, λ), not about an algorithm; "
                  "the direction it leads to, (m_2 - m_1)/||m_2 - m_1||, is checked against numerics "
                  "in fisher.mean_difference_direction")
