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
#: hermosillo2017's worked example ("Ejemplo" and "Ejemplo (planteamiento de la solución)"), translated
_EXAMPLE = (r"Find the maximum value of the contour lines $f$: $$f(x, y) = 2x + y = k$$ with the "
            r"restriction on the input $(x, y)$ that they must satisfy $$g(x, y) = x^2 + y^2 = 1.$$")
_EXAMPLE_SYSTEM = (r"In summary, we look for a point $(x_0, y_0)$ such that $g(x_0, y_0) = 1$, which for "
                   r"the example is $$x_0^2 + y_0^2 = 1;$$ moreover, this point is such that "
                   r"$$2\lambda_0 x_0 = 2, \quad 2\lambda_0 y_0 = 1.$$")
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
       r"$\mathcal{L} = f - \lambda(g - c)$: $\partial_\lambda \mathcal{L} = 0$ is the constraint $g = c$ "
       r"and $\nabla_{\mathbf{x}} \mathcal{L} = \mathbf{0}$ is $\nabla f = \lambda \nabla g$; the example's "
       r"$\mathcal{L} = 2x + y - \lambda(x^2 + y^2 - 1)$",
       sources=[("hermosillo2017", r"Lagrangiano: '$\mathcal{L}(x_1, \dots, x_N, \lambda) = "
                 r"f(x_1, \dots, x_N) - \lambda(g(x_1, \dots, x_N) - c)$', 'Los puntos de tangencia se "
                 r"encuentran calculando $\nabla \mathcal{L}(x_1, \dots, x_N, \lambda) = 0$'"),
                ("hermosillo2017", r"Multiplicador de Lagrange: '$\nabla f(x_1, \dots, x_N) = "
                 r"\lambda_0 \nabla g(x_1, \dots, x_N)$ (1)'"),
                ("hermosillo2017", r"Ejemplo (Lagrangiano): '$\mathcal{L}(x, y, \lambda) = f(x, y) - "
                 r"\lambda(g(x, y) - 1) = 2x + y - \lambda(x^2 + y^2 - 1)$', "
                 r"'$\partial_\lambda \mathcal{L}(x, y, \lambda) = 0 \implies g(x, y) = 1$'"),
                ("bishop-prml", "Appendix E, Eqs. (E.4)-(E.6)")],
       printed=r"\mathcal{L}(x_1, x_2, \dots, x_N, \lambda) = f(x_1, x_2, \dots, x_N) - \lambda(g(x_1, x_2, "
               r"\dots, x_N) - c), \quad \nabla \mathcal{L}(x_1, x_2, \dots, x_N, \lambda) = 0")
def lagrangian() -> Statement:
    r"""For $f$ and $g$ not depending on $\lambda$,
    $\partial_\lambda[f - \lambda(g - c)] = -(g - c)$: the $\lambda$-component of
    $\nabla \mathcal{L} = \mathbf{0}$ is exactly the constraint $g = c$. The $\mathbf{x}$-components
    are $\nabla f - \lambda \nabla g$ (shown for a linear $f = \mathbf{a}^\top\mathbf{x}$ and a
    quadratic $g = \mathbf{x}^\top\mathbf{B}\mathbf{x}$, $\mathbf{B}$ symmetric, in any dimension
    $d$ — the form of the example and of ml10's Fisher problem), so
    $\nabla_{\mathbf{x}} \mathcal{L} = \mathbf{0}$ is hermosillo2017's parallelism condition (1).
    At the example ($f = 2x + y$, $g = x^2 + y^2$, $c = 1$)
    $\partial_\lambda \mathcal{L} = -(x^2 + y^2 - 1)$:
    "$\partial_\lambda \mathcal{L} = 0 \implies g(x, y) = 1$"."""
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
        r"$\partial\mathcal{L}/\partial\lambda = -(g - c)$ for $f$, $g$ independent of $\lambda$": Equal(
            Grad(fv - Scalar(lam_g) * (gv - c), lam_g), -(gv - c)),
        r"$\nabla_{\mathbf{x}}\mathcal{L} = \nabla f - \lambda\nabla g$ (linear $f$, quadratic $g$, any $d$)": Equal(
            Grad(Lq, xv), Grad(F, xv) - Scalar(lam_g) * Grad(G, xv)),
        r"example: $\partial\mathcal{L}/\partial\lambda = -(x^2 + y^2 - 1)$, zero exactly on the constraint": Equal(
            Grad(L, lam), -(x ** 2 + y ** 2 - 1)),
    }, notation={r"example: $\mathcal{L} = 2x + y - \lambda(x^2 + y^2 - 1)$": (
        Equal(L, 2 * x + y - Scalar(lam) * (x ** 2 + y ** 2 - 1)),
        r"the document defines the example's Lagrangian as $f - \lambda(g - 1)$ with $f = 2x + y$, $g = x^2 + y^2$")},
        no_numeric=_NO_NUMERIC)


@entry("lagrange.example_gradients",
       r"Example: $\nabla f = (2, 1)$, $\nabla g = (2x, 2y)$, and $\nabla_{\mathbf{v}} \mathcal{L} = \mathbf{0}$ "
       r"is $(2, 1) = \lambda_0(2x_0, 2y_0)$",
       sources=[("hermosillo2017", r"Ejemplo (Lagrangiano): '$\nabla f = \begin{bmatrix} 2 \\ 1 "
                 r"\end{bmatrix}$ y $\nabla g = \begin{bmatrix} 2x \\ 2y \end{bmatrix}$', 'la condición "
                 r"de tangencia $\nabla \mathcal{L} = 0$ se escribe $\begin{bmatrix} 2 \\ 1 \end{bmatrix} "
                 r"= \lambda_0 \begin{bmatrix} 2x_0 \\ 2y_0 \end{bmatrix}$'"),
                ("hermosillo2017", r"Multiplicador de Lagrange: '$\nabla f = \lambda_0 \nabla g$ (1)' and "
                 r"its components '$\partial_{x_i} f = \lambda_0 \partial_{x_i} g$'")],
       printed=r"\nabla f = \begin{bmatrix} 2 \\ 1 \end{bmatrix} \text{ y } \nabla g = \begin{bmatrix} 2x "
               r"\\ 2y \end{bmatrix}, \quad \begin{bmatrix} 2 \\ 1 \end{bmatrix} = \lambda_0 "
               r"\begin{bmatrix} 2x_0 \\ 2y_0 \end{bmatrix}")
def example_gradients() -> Statement:
    r"""The gradients as printed, taken by the methods (never at build time); the $x$- and
    $y$-components of $\nabla \mathcal{L}$ are $\partial f - \lambda\,\partial g$, so
    $\nabla_{\mathbf{v}} \mathcal{L} = \mathbf{0}$ ($\mathbf{v} = (x, y)$) is the printed
    parallelism condition $\nabla f = \lambda_0 \nabla g$, component by component
    (hermosillo2017's (1))."""
    s = Space()
    v, x, y, lam, f, g, L = _example(s)
    return Statement(s, claims={
        r"$\nabla f = (2, 1)$": Equal(Grad(f, v), sp.ImmutableMatrix([2, 1])),
        r"$\nabla g = (2x, 2y)$": Equal(Grad(g, v), sp.ImmutableMatrix([2 * x, 2 * y])),
        r"$\nabla_{\mathbf{v}}\mathcal{L} = (2, 1) - \lambda(2x, 2y)$": Equal(
            Grad(L, v), sp.ImmutableMatrix([2, 1]) - Scalar(lam) * sp.ImmutableMatrix([2 * x, 2 * y])),
        r"$\nabla_{\mathbf{v}}\mathcal{L} = \nabla f - \lambda\nabla g$ (condition (1))": Equal(
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
       r"Example: $\lambda_0 = \pm\sqrt{5}/2$, $(x_0, y_0) = (1/\lambda_0, 1/(2\lambda_0)) = "
       r"\pm(2/\sqrt{5}, 1/\sqrt{5})$ are the only solutions",
       kind="exercise", uses=("lagrange.lagrangian", "lagrange.example_gradients"),
       sources=[("hermosillo2017", r"Ejemplo (planteamiento de la solución): '$x_0^2 + y_0^2 = 1$', "
                 r"'$2\lambda_0 x_0 = 2$, $2\lambda_0 y_0 = 1$', 'Calcula $(x_0, y_0)$ y $\lambda_0$'"),
                ("hermosillo2017", r"Ejemplo (solución): '$\lambda_0 = \pm\sqrt{5}/2$, "
                 r"$(x_0, y_0) = (1/\lambda_0, 1/(2\lambda_0))$', '$(x_0, y_0) = (2/\sqrt{5}, 1/\sqrt{5})$' "
                 r"o bien '$(-2/\sqrt{5}, -1/\sqrt{5})$'")],
       printed=r"\lambda_0 = \frac{\pm\sqrt{5}}{2} \quad (x_0, y_0) = \left(\frac{1}{\lambda_0}, "
               r"\frac{1}{2\lambda_0} \right)",
       statement=_EXAMPLE + "\n\n" + _EXAMPLE_SYSTEM + r" Compute $(x_0, y_0)$ and $\lambda_0$.")
def example_solution() -> Statement:
    r"""The system $x_0^2 + y_0^2 = 1$, $2\lambda_0 x_0 = 2$, $2\lambda_0 y_0 = 1$, solved as the
    slides do, each step a claim: the last two equations give $x_0 = 1/\lambda_0$,
    $y_0 = 1/(2\lambda_0)$ ($\lambda_0 \ne 0$, since $2\lambda_0 x_0 = 2$); substituted into the
    first, $x_0^2 + y_0^2 - 1 = (5 - 4\lambda_0^2)/(4\lambda_0^2)$, whose numerator factors as
    $-4(\lambda_0 - \sqrt{5}/2)(\lambda_0 + \sqrt{5}/2)$: $\lambda_0 = \pm\sqrt{5}/2$ and nothing
    else. Each printed solution $(\lambda_0, x_0, y_0)$ satisfies all three equations and the
    printed form $(1/\lambda_0, 1/(2\lambda_0))$ exactly; the Lagrangian is stationary there in
    $(x, y)$ and in $\lambda$.

    Solved by the engine (the last claim): the real solutions of $2 - 2\lambda x = 0$,
    $1 - 2\lambda y = 0$, $x^2 + y^2 - 1 = 0$ are exactly the two printed
    $(x_0, y_0, \lambda_0)$ — every coordinate a root of an eliminant the engine certifies in
    the ideal ($5x^2 - 4$, $5y^2 - 1$, $4\lambda^2 - 5$), every other tuple of roots rejected
    exactly, and Hermite's form counting $2$ real solutions."""
    s = Space()
    v, x, y, lam, f, g, L = _example(s)
    lam_free = s.scalar("mu", nonzero=True)
    xs, ys = s.scalar("x_s"), s.scalar("y_s")
    s.define(xs, 1 / lam_free, "x = 1/μ from 2μx = 2")
    s.define(ys, 1 / (2 * lam_free), "y = 1/(2μ) from 2μy = 1")
    claims = {
        r"$2\mu x = 2$ at $x = 1/\mu$": Equal(2 * lam_free * xs, 2),
        r"$2\mu y = 1$ at $y = 1/(2\mu)$": Equal(2 * lam_free * ys, 1),
        r"$x^2 + y^2 - 1 = (5 - 4\mu^2)/(4\mu^2)$": Equal(xs ** 2 + ys ** 2 - 1,
                                                      (5 - 4 * lam_free ** 2) / (4 * lam_free ** 2)),
        r"$5 - 4\mu^2 = -4(\mu - \sqrt{5}/2)(\mu + \sqrt{5}/2)$: only $\mu = \pm\sqrt{5}/2$": Equal(
            5 - 4 * lam_free ** 2, -4 * (lam_free - sp.sqrt(5) / 2) * (lam_free + sp.sqrt(5) / 2)),
    }
    printed = []
    for sign in (1, -1):
        tag = "+" if sign > 0 else "-"
        lam0, x0, y0 = _printed_solution(s, sign)
        p = sp.ImmutableMatrix([x0, y0])
        claims.update({
            f"({tag}) $x_0^2 + y_0^2 = 1$": Equal(x0 ** 2 + y0 ** 2, 1),
            f"({tag}) $2\\lambda_0 x_0 = 2$": Equal(2 * lam0 * x0, 2),
            f"({tag}) $2\\lambda_0 y_0 = 1$": Equal(2 * lam0 * y0, 1),
            f"({tag}) $x_0 = 1/\\lambda_0$": Equal(x0, 1 / lam0),
            f"({tag}) $y_0 = 1/(2\\lambda_0)$": Equal(y0, 1 / (2 * lam0)),
            f"({tag}) $\\lambda_0 = {tag}\\sqrt{{5}}/2$ is a root of $4\\mu^2 - 5$": Equal(4 * lam0 ** 2, 5),
            f"({tag}) $\\mathcal{{L}}$ stationary in $(x, y)$ at $(x_0, y_0)$ with $\\lambda = \\lambda_0$": Stationary(
                L.xreplace({lam: sp.ImmutableMatrix([[lam0]])}), v, p),
        })
        printed.append(((x0, y0), (lam0,)))
    claims[r"solved by the engine: the real solutions of $\nabla f = \lambda\nabla g$, $g = 1$ are "
           r"exactly the printed $(x_0, y_0, \lambda_0)$"] = _solved(
        [p for p, _l in printed], multipliers=[lm for _p, lm in printed])
    return Statement(s, claims=claims, no_numeric=_NO_NUMERIC)


@entry("lagrange.example_max_min",
       r"Example: $f(2/\sqrt{5}, 1/\sqrt{5}) = \sqrt{5}$ is the max and $f(-2/\sqrt{5}, -1/\sqrt{5}) = "
       r"-\sqrt{5}$ the min of $2x + y$ on the circle",
       kind="exercise", uses=("lagrange.example_solution",),
       sources=[("hermosillo2017", r"Ejemplo (solución): '$(2/\sqrt{5}, 1/\sqrt{5}) \Rightarrow "
                 r"f(x_0, y_0) = \max$', '$(-2/\sqrt{5}, -1/\sqrt{5}) \Rightarrow f(x_0, y_0) = \min$'"),
                ("hermosillo2017", "Método de optimización por multiplicadores de Lagrange, Paso 3: "
                 "'Cualquiera que dé el mayor (o más pequeño) valor es el punto máximo (o mínimo)'")],
       printed=r"(x_0, y_0) = \left(\frac{2}{\sqrt{5}}, \frac{1}{\sqrt{5}} \right) \Rightarrow f(x_0, y_0) = "
               r"\max \quad \text{o bien} \quad (x_0, y_0) = \left(\frac{-2}{\sqrt{5}}, \frac{-1}{\sqrt{5}} "
               r"\right) \Rightarrow f(x_0, y_0) = \min",
       statement=_EXAMPLE + "\n\n" + r"Step 3 of the method: consider each solution, "
                 r"$({}^1x_0, {}^2x_0, \dots, {}^Nx_0, \lambda_0)$; put each point, without $\lambda$, "
                 r"into $f$; whichever gives the largest (or smallest) value is the maximum (or "
                 r"minimum) point you are looking for.")
def example_max_min() -> Statement:
    r"""Paso 3 compares $f$ at the two candidates: $f = \sqrt{5}$ and $-\sqrt{5}$. That the
    larger is the maximum of $f$ over the whole circle (not only among the candidates) is an
    inequality: for a unit $\mathbf{v} = \mathbf{u}/\lVert\mathbf{u}\rVert$,
    $f(\mathbf{p}) - f(\mathbf{v}) = \sqrt{5} - \sqrt{5}\,\mathbf{p}^\top\mathbf{v} = \frac{\sqrt{5}}{2}\lVert\mathbf{v} - \mathbf{p}\rVert^2 \ge 0$
    with $\mathbf{p} = (2, 1)/\sqrt{5}$, and
    $f(\mathbf{v}) - f(-\mathbf{p}) = \frac{\sqrt{5}}{2}\lVert\mathbf{v} + \mathbf{p}\rVert^2 \ge 0$.
    Both are exact certificates.

    Solved by the engine (the claim "solved by the engine"), the step the slides take
    (Paso 3): the circle is compact ($x^2 + y^2$ is a definite quadratic form) and
    $\nabla g = (2x, 2y)$ vanishes nowhere on it (the system $x^2 + y^2 = 1$, $2x = 0$, $2y = 0$
    has no solution, certified), so $f$ attains its max and min at Lagrange points; of the two
    the engine finds, exact comparison of $f = \pm\sqrt{5}$ makes the printed
    $(2/\sqrt{5}, 1/\sqrt{5})$ the max and $(-2/\sqrt{5}, -1/\sqrt{5})$ the min."""
    s = Space()
    u = s.vector("u", 2, nonzero=True)
    claims = {}
    pts = {}
    for sign in (1, -1):
        tag = "+" if sign > 0 else "-"
        _lam0, x0, y0 = _printed_solution(s, sign)
        pts[sign] = sp.ImmutableMatrix([x0, y0])
        claims[f"$f({tag}(2, 1)/\\sqrt{{5}}) = {tag}\\sqrt{{5}}$"] = Equal(2 * x0 + y0, sign * sp.sqrt(5))
    f = 2 * u[0, 0] + u[1, 0]
    unit = u / Norm(u)
    f_unit = 2 * unit[0, 0] + unit[1, 0]
    p, q = pts[1], pts[-1]
    claims["solved by the engine: the Lagrange points are the two printed ones, the first the max "
           "and the second the min of $f$ on the circle"] = _solved(
        [tuple(p), tuple(q)], maximum=tuple(p), minimum=tuple(q))
    claims[r"$(2, 1)/\sqrt{5}$ maximises $f$ on the circle"] = SphereMax(
        f, u, p, sp.sqrt(5) / 2 * Norm(unit - p) ** 2)
    claims[r"$(-2, -1)/\sqrt{5}$ minimises $f$ on the circle"] = Rel(
        f_unit, ">=", 2 * q[0, 0] + q[1, 0], sp.sqrt(5) / 2 * Norm(unit - q) ** 2)
    return Statement(s, claims=claims, no_numeric=_NO_NUMERIC)


@entry("lagrange.ml10_max_over_lambda",
       r"ml10: $\max_{\lVert\mathbf{w}\rVert = 1} \mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1)$ "
       r'"equivalent" to the unconstrained max over $(\mathbf{w}, \lambda)$ of '
       r"$\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1) + \lambda(1 - \mathbf{w}^\top\mathbf{w})$",
       kind="erratum", uses=("lagrange.lagrangian",),
       sources=[("ml10", r"Fisher linear discriminant: 'la teoria dei lagrangian multipliers ... ci "
                 r"permette di trasformare il problema di prima nel seguente equivalente "
                 r"$\max_{\mathbf{w}, \lambda} \mathbf{w}^T(\mathbf{m}_2 - \mathbf{m}_1) + "
                 r"\lambda(1 - \mathbf{w}^T\mathbf{w})$'"),
                ("bishop-prml", "Appendix E: stationary points of the Lagrangian, not its maximum")],
       printed=r"\underset{\mathbf{w} \,\,,\,\, \lambda}{\max} \mathbf{w}^T (\mathbf{m}_2 - \mathbf{m}_1) "
               r"+ \lambda(1 - \mathbf{w}^T \mathbf{w})")
def ml10_max_over_lambda() -> Statement:
    r"""ml10 replaces
    $\max_{\mathbf{w}^\top\mathbf{w} = 1} \mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1)$ by "the
    equivalent" max over $(\mathbf{w}, \lambda)$ of
    $L(\mathbf{w}, \lambda) = \mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1) + \lambda(1 - \mathbf{w}^\top\mathbf{w})$.
    An erratum (the reading policy of `DESIGN.md`): the printed
    $\max_{\mathbf{w}, \lambda}$ is a false formula, not a true one missing a condition. The
    Lagrangian has no maximum: at $\mathbf{w} = \mathbf{0}$ it is $\lambda$, unbounded in
    $\lambda$. *Stated* (the printed equivalence: the constrained maximum
    $\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$ bounds $L$ everywhere, i.e. is its max over
    $(\mathbf{w}, \lambda)$) — refuted. *Corrected*: what ml10 goes on to do is right — the
    constrained optimum is a *stationary point* of $L$ (`fisher.lagrangian_w_solution`,
    `fisher.lagrangian_lambda_derivative`); as an optimisation it is
    $\max_{\mathbf{w}} \min_{\lambda} L$: on the sphere
    $L = \mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1) \le \lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$
    for every $\lambda$, and off the sphere $L \to -\infty$ as $\lambda \to \pm\infty$ along the
    sign of $\mathbf{w}^\top\mathbf{w} - 1$
    ($L = \mathbf{w}^\top\mathbf{D} - \lambda(\mathbf{w}^\top\mathbf{w} - 1)$,
    $\mathbf{D} = \mathbf{m}_2 - \mathbf{m}_1$)."""
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
                     corrects=r"on the sphere $L(\mathbf{u}/\lVert\mathbf{u}\rVert, \lambda) \le \lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$ for every $\lambda$", claims={
        r"on the sphere $L(\mathbf{u}/\lVert\mathbf{u}\rVert, \lambda) \le \lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$ for every $\lambda$": Rel(
            dot(unit, D) + lam * (1 - dot(unit, unit)), "<=", Norm(D),
            Norm(D) / 2 * Norm(unit - best) ** 2),
        r"$L(\mathbf{w}, \lambda) = \mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1) - \lambda(\mathbf{w}^\top\mathbf{w} - 1)$": Equal(
            dot(w, D) + lam * (1 - dot(w, w)), dot(w, D) - lam * (dot(w, w) - 1)),
    }, no_numeric=r"a claim about the Lagrangian as a function of $(\mathbf{w}, \lambda)$, not about an "
                  r"algorithm; the direction it leads to, $(\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - "
                  r"\mathbf{m}_1\rVert$, is checked against `numerics` in `fisher.mean_difference_direction`")
