"""Relaxation criteria J_q and J_r (with margin) and the relaxation-with-margin algorithms.

Sources: udelar2018 "Perceptrón de Rosenblatt y variaciones (caso c = 2)" (the slide
"Candidatos a criterios": J_q, J_r and their problems), "Perceptrón: corrección de a una
muestra" (the scaling remark), "Perceptrón: convergencia" (Observaciones); Duda-Hart-Stork
§5.6 (relaxation procedures: J_q, J_r, their gradient, Algorithms 8 and 9, the distance
r(k) to the hyperplane aᵗy = b) beyond them.

Conventions
-----------
* udelar2018 keeps the labels: samples y_n with t_n ∈ {−1, +1}, a sample is well classified
  when t_n aᵀy_n > 0 (its solution region 𝒜), and ℳ(a) = {n : t_n aᵀy_n ≤ 0} (the
  complement of 𝒜) is the misclassified set. An index set is written as a ``Piecewise``
  term per sample, 𝟙[n ∈ ℳ(a)]·(term), exactly as the sum over n ∈ ℳ(a) prints.
  Duda-Hart-Stork normalise instead (y ← t y); the numerics do too, so agreements pass
  numerics the rows t_n y_n.
* A sum over an index set is a sum of per-sample terms, each depending on its own sample
  only, and every claim below is linear in those terms (a gradient, an update, a scaling):
  the claims are proved for one sample y_1 ∈ ℝ^D, D = 1, 2, every label (components), and
  checked at exact random points up to D = 5. Two samples already take the case analysis
  beyond its budget (each score is bilinear in a and y, so no region can eliminate a
  variable, and the labels multiply the instances); the runs use 20-40 samples.
* The engine's case analysis relates the signs of two conditions only when one is a
  rational multiple of the other: it proves 2t aᵀy ≤ 0 ⇔ t aᵀy ≤ 0 but not c·t aᵀy ≤ 0 ⇔
  t aᵀy ≤ 0 for a symbolic c > 0. Scaling claims are therefore proved at the constants
  c = 2 and c = 1/3 (exact random checks the symbolic c as evidence where it is stated),
  and the continuity of ∇J_q is proved for the one-sample term as a function of its score.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy as sp

from .._claims.claims import Behaviour, Equal, Iff, Rel, RunResult
from .._claims.statement import Agreement, Statement
from .._symbols.expr import Grad, Norm, Scalar, dot
from .._symbols.space import Space
from .registry import entry

HALF = sp.Rational(1, 2)

_DHS_56 = ("dhs", r"§5.6.1 The descent algorithm ($J_q$, $J_r$ with $Y(\mathbf{a}) = "
                  r"\{\mathbf{a}^\top\mathbf{y} \leq b\}$, $\nabla J_r$, Algorithm 8)")
_DHS_562 = ("dhs", r"§5.6.1-5.6.2 single-sample relaxation (Algorithm 9), $r(k) = (b - "
                   r"\mathbf{a}^\top\mathbf{y}^k)/\lVert\mathbf{y}^k\rVert$, $0 < \eta < 2$, "
                   "convergence proof")


def _when(value, cond):
    """value·𝟙[cond]: one term of a sum over an index set, as printed."""
    return sp.Piecewise((value, cond), (0, True))


def _samples(s: Space, D, n: int = 1, nonzero: bool = False):
    ys = [s.vector(f"y_{i}", D, nonzero=nonzero) for i in range(1, n + 1)]
    ts = [s.scalar(f"t_{i}", label=True) for i in range(1, n + 1)]
    return ys, ts


def _J_p(a, ys, ts):
    """udelar2018: J_p(a) = Σ_{n∈ℳ(a)} (−t_n aᵀy_n)."""
    return sp.Add(*[_when(-t * dot(a, y), t * dot(a, y) <= 0) for y, t in zip(ys, ts)])


def _J_q(a, ys, ts):
    """udelar2018: J_q(a) = Σ_{n∈ℳ(a)} (aᵀy_n)² (printed without t_n: squared, it needs none)."""
    return sp.Add(*[_when(dot(a, y) ** 2, t * dot(a, y) <= 0) for y, t in zip(ys, ts)])


def _count(a, ys, ts):
    """#ℳ(a), the number of misclassified samples."""
    return sp.Add(*[_when(1, t * dot(a, y) <= 0) for y, t in zip(ys, ts)])


def _J_r(a, ys, ts, b, *, printed: bool):
    """½ Σ (t_n aᵀy_n − b)²/‖y_n‖² over udelar2018's ℳ(a) (``printed``: t_n aᵀy_n ≤ 0) or
    Duda-Hart-Stork's Y(a) (t_n aᵀy_n − b ≤ 0)."""
    terms = []
    for y, t in zip(ys, ts):
        score = t * dot(a, y)
        cond = score <= 0 if printed else score - b <= 0
        terms.append(_when((score - b) ** 2 / Norm(y) ** 2, cond))
    return HALF * sp.Add(*terms)


def _J_r_smooth(a, ys, ts, b):
    """½ Σ max(0, b − t_n aᵀy_n)²/‖y_n‖²: the relaxation with margin as one C¹ formula."""
    return HALF * sp.Add(*[sp.Max(0, b - t * dot(a, y)) ** 2 / Norm(y) ** 2 for y, t in zip(ys, ts)])


def _normalised(ev, ys, ts) -> np.ndarray:
    """numerics' Y: one row t_n y_n per sample."""
    return np.vstack([float(ev(t)) * np.asarray(ev(y), dtype=float).ravel() for y, t in zip(ys, ts)])


def _nr():
    """numerics.relaxation, imported when an agreement is evaluated (not when the catalog is)."""
    import numerics.relaxation as nr

    return nr


def _vec(ev, v) -> np.ndarray:
    return np.asarray(ev(v), dtype=float).ravel()


# --- J_q ---------------------------------------------------------------------------------------

@entry("relaxation.jq_gradient", r"$J_q = \sum_{n \in \mathcal{M}(\mathbf{a})} "
                                 r"(\mathbf{a}^\top\mathbf{y}_n)^2$ is $C^1$: $\nabla J_q = "
                                 r"2\sum_{n \in \mathcal{M}(\mathbf{a})} "
                                 r"(\mathbf{a}^\top\mathbf{y}_n)\,\mathbf{y}_n$",
       sources=[("udelar2018", "Perceptrón de Rosenblatt y variaciones (caso $c = 2$): "
                              r"Candidatos a criterios: 'Relajación cuadrática: $J_q(\mathbf{a}) "
                              r"= \sum_{n \in \mathcal{M}(\mathbf{a})} "
                              r"(\mathbf{a}^\top\mathbf{y}_n)^2$. Es $C^1$'"),
                _DHS_56],
       printed=r"J_q(\mathbf{a}) = \sum_{n \in \mathcal{M}(\mathbf{a})} (\mathbf{a}^\top "
               r"\mathbf{y}_n)^2 \quad \text{is } C^1")
def jq_gradient() -> Statement:
    r"""udelar2018 prints $J_q(\mathbf{a}) = \sum_{n \in \mathcal{M}(\mathbf{a})}
    (\mathbf{a}^\top\mathbf{y}_n)^2$ and says it is $C^1$ (no gradient is printed;
    Duda-Hart-Stork §5.6.1: "its gradient is continuous, whereas the gradient of $J_p$ is not").
    Its gradient is $\nabla J_q = 2\sum_{n \in \mathcal{M}(\mathbf{a})}
    (\mathbf{a}^\top\mathbf{y}_n)\,\mathbf{y}_n$, proved term by term (one sample, $D = 1, 2$,
    both labels). Continuity: one term $\varphi(s) = [t s \leq 0]\, s^2$ of the score $s =
    \mathbf{a}^\top\mathbf{y}$ (the bracket is 1 when the condition holds, else 0) has
    $\varphi'(s) = -2\max(0, -t s)\, t$, a continuous function of $s$ (both one-sided derivatives
    are 0 at $s = 0$), so $\nabla J_q = \sum_n
    \varphi'(\mathbf{a}^\top\mathbf{y}_n)\,\mathbf{y}_n$ is continuous: $J_q$ is $C^1$. For
    contrast the $J_p$ term $[t s \leq 0](-t s)$ has slopes $-t$ and $0$ on the two sides of $s =
    0$ (the perceptron entries, `perceptron.criterion_forms`)."""
    s = Space()
    D = s.dim("D", sizes=(1, 2))
    a = s.vector("a", D)
    ys, ts = _samples(s, D)
    sv = s.vector("s", 1)
    sc, t1 = Scalar(sv), ts[0]
    J = _J_q(a, ys, ts)
    grad = sp.MatAdd(*[_when(2 * dot(a, y), t * dot(a, y) <= 0) * y for y, t in zip(ys, ts)])
    return Statement(s, claims={
        r"$\nabla J_q = 2\sum_{n \in \mathcal{M}(\mathbf{a})} "
        r"(\mathbf{a}^\top\mathbf{y}_n)\,\mathbf{y}_n$": Equal(Grad(J, a), grad),
        r"one term: $\frac{d}{ds}\left([t s \leq 0]\, s^2\right) = -2\max(0, -t s)\, t$ "
        r"(continuous)": Equal(
            Grad(_when(sc ** 2, t1 * sc <= 0), sv), -2 * sp.Max(0, -t1 * sc) * t1),
    }, numeric=[
        Agreement("numerics.relaxation.relaxation_criterion_q", J,
                  lambda ev: _nr().relaxation_criterion_q(
                      _vec(ev, a), _normalised(ev, ys, ts))),
        Agreement("numerics.relaxation.relaxation_gradient_q", grad,
                  lambda ev: _nr().relaxation_gradient_q(
                      _vec(ev, a), _normalised(ev, ys, ts))),
    ])


def _exact_boundary(seed: int) -> RunResult:
    """Gradient descent on J_q for one sample y = 1 (t = +1) from a(0) < 0, exact: a(k+1) =
    a(k) − η·2a(k) = (1 − 2η)a(k) → 0, the boundary point a = 0, never a solution a > 0."""
    eta = Fraction(1, seed + 3)  # 1/3, 1/4, ...: 0 < 1 − 2η < 1
    a = Fraction(-(seed + 1))
    trace = [a]
    for _ in range(200):
        g = 2 * a if a <= 0 else Fraction(0)
        a = a - eta * g
        trace.append(a)
    holds = all(x < 0 for x in trace) and abs(trace[-1]) < Fraction(1, 10 ** 9)
    return RunResult(holds, f"η = {eta}, a(0) = {trace[0]}: a(200) = {float(trace[-1]):.3g}, every a(k) < 0 "
                            f"(misclassified) and a(k) → 0", exact=True)


def _to_boundary(seed: int) -> RunResult:
    """numerics: batch gradient descent on J_q from a(0) = −w on data separable by w ends
    with J_q ≈ 0 at a boundary point — no sample with a clear positive score."""
    import numerics.descent as nd
    import numerics.relaxation as nr

    rng = np.random.default_rng(seed)
    D = 2 + seed % 3
    w = rng.normal(size=D)
    Y = rng.normal(size=(30, D))
    Y *= np.sign(Y @ w)[:, None]  # normalised samples, all with wᵀy > 0
    L = 2 * np.linalg.eigvalsh(Y.T @ Y)[-1]
    r = nd.gradient_descent(lambda a: nr.relaxation_gradient_q(a, Y), -w, eta=0.5 / L,
                            max_iter=200000, tol=1e-10)
    s = Y @ r.a_
    scale = float(np.linalg.norm(r.a_) * np.abs(Y).max() + 1e-300)
    holds = bool(r.converged_ and nr.relaxation_criterion_q(r.a_, Y) < 1e-12 and s.min() <= 1e-6 * max(scale, 1e-6))
    return RunResult(holds, f"D = {D}, N = 30: {r.n_iter_} iterations, J_q = "
                            f"{nr.relaxation_criterion_q(r.a_, Y):.1e}, ‖a‖ = {np.linalg.norm(r.a_):.3g}, "
                            f"min_n aᵀy_n = {s.min():.2e} (no positive margin)")


@entry("relaxation.jq_trivial_solution", r"$J_q$ admits $\mathbf{a} = \mathbf{0}$ as a solution; "
                                         "its descent stalls on the boundary",
       sources=[("udelar2018", "Perceptrón de Rosenblatt y variaciones (caso $c = 2$): "
                              "Candidatos a criterios: 'Dos problemas: Admite como solución "
                              r"$\mathbf{a} = 0$'"),
                _DHS_56],
       printed=r"J_q(\mathbf{a}) = \sum_{n \in \mathcal{M}(\mathbf{a})} (\mathbf{a}^\top "
               r"\mathbf{y}_n)^2 \text{ admits } \mathbf{a} = 0 \text{ as a solution}")
def jq_trivial_solution() -> Statement:
    r"""udelar2018: $J_q$ "admite como solución $\mathbf{a} = 0$". $J_q \geq 0$ and
    $J_q(\mathbf{0}) = 0$ (every score is 0, so every sample is in $\mathcal{M}(\mathbf{0})$ with
    term 0): $\mathbf{a} = \mathbf{0}$ is a global minimiser that separates nothing.
    Duda-Hart-Stork §5.6.1: $J_q$ is so smooth near the boundary of the solution region that
    descent can converge to a boundary point ($\mathbf{a} = \mathbf{0}$ included). Runs: one
    sample $y = 1$, $a(0) < 0$, step $\eta = 1/(\text{seed} + 3)$: $a(k) = (1 - 2\eta)^k a(0) \to
    0$ without ever becoming a solution (exact); `numerics.descent.gradient_descent` on $J_q$
    (the gradient of `numerics.relaxation`) from $\mathbf{a}(0) = -\mathbf{w}$ on 30 samples
    separable by $\mathbf{w}$ ends with $J_q \approx 0$ and no sample at a positive score."""
    s = Space()
    D = s.dim("D", sizes=(1, 2))
    a, zero = s.vector("a", D), s.vector("a_0", D)
    s.define(zero, sp.ZeroMatrix(D, 1), "a_0 = 0")
    ys, ts = _samples(s, D)
    return Statement(s, claims={
        r"$J_q(\mathbf{0}) = 0$": Equal(_J_q(zero, ys, ts), 0),
        r"$J_q(\mathbf{a}) \geq J_q(\mathbf{0})$": Rel(_J_q(a, ys, ts), ">=", _J_q(zero, ys, ts)),
        r"descent on one sample tends to $\mathbf{a} = \mathbf{0}$ (exact)": Behaviour(
            _exact_boundary, "gradient descent on J_q for y = 1 from a(0) < 0 tends to 0 and stays "
                             "misclassified (exact)", seeds=tuple(range(5))),
        "numerics: descent ends on the boundary": Behaviour(
            _to_boundary, "gradient descent on J_q from −w ends with J_q ≈ 0 at a boundary point",
            seeds=tuple(range(6))),
    })


@entry("relaxation.long_samples_dominate", "$J_q$ does not treat samples alike: scaling "
                                           r"$\mathbf{y}_n$ by $c$ scales its term by $c^2$; "
                                           "$J_r$'s does not change",
       sources=[("udelar2018", "Perceptrón de Rosenblatt y variaciones (caso $c = 2$): "
                              "Candidatos a criterios: 'no trata igual a todas las muestras "
                              r"(residuo dominado por patrones con $\lVert\mathbf{y}_n\rVert$ "
                              "grande)'; $J_r$ 'Evita los problemas de la relajación cuadrática "
                              "simple'"),
                _DHS_56],
       printed=r"J_q: \text{ the residual is dominated by patterns with large } "
               r"\lVert\mathbf{y}_n\rVert; \quad J_r(\mathbf{a}) = \frac{1}{2} \sum_{n \in "
               r"\mathcal{M}(\mathbf{a})} \frac{(t_n \mathbf{a}^\top \mathbf{y}_n - "
               r"b)^2}{\lVert\mathbf{y}_n\rVert^2} \text{ avoids it}")
def long_samples_dominate() -> Statement:
    r"""A sample's $J_q$ term $(\mathbf{a}^\top\mathbf{y})^2\,[t\,\mathbf{a}^\top\mathbf{y} \leq
    0]$ becomes $c^2$ times as large when $\mathbf{y}$ is replaced by $c\,\mathbf{y}$ ($c > 0$),
    although the sample's classification does not change: long samples dominate the residual.
    $J_r$'s term $(t\,\mathbf{a}^\top\mathbf{y} -
    b)^2/(2\lVert\mathbf{y}\rVert^2)\,[t\,\mathbf{a}^\top\mathbf{y} - b \leq 0]$ is half the
    squared distance from $\mathbf{a}$ to the hyperplane $\{\mathbf{a}' :
    t\,\mathbf{a}'^\top\mathbf{y} = b\}$ — $\lVert\mathbf{a} - \mathbf{p}\rVert^2/2$ with
    $\mathbf{p} = \mathbf{a} + (b - t\,\mathbf{a}^\top\mathbf{y})/\lVert\mathbf{y}\rVert^2 \cdot
    t\,\mathbf{y}$ its projection — and is unchanged when $(\mathbf{y}, b)$ becomes
    $(c\,\mathbf{y}, c\,b)$: that hyperplane is the same. (A bracket $[\cdot]$ is 1 when its
    condition holds, else 0.) Proved at $c = 3$ for $J_q$ and $c = 1/3$ for $J_r$: the engine's
    case analysis relates the signs of two conditions only when one is a rational multiple of the
    other, so not at a symbolic $c$."""
    s = Space()
    D = s.dim("D", sizes=(1, 2))
    a = s.vector("a", D)
    y = s.vector("y", D, nonzero=True)
    t = s.scalar("t", label=True)
    b = s.scalar("b", positive=True)
    p = s.vector("p", D)
    s.define(p, a + (b - t * dot(a, y)) / Norm(y) ** 2 * t * y, "p: projection of a on t a'ᵀy = b")

    def q(v):
        return _when(dot(a, v) ** 2, t * dot(a, v) <= 0)

    def r(v, m):
        return HALF * _when((t * dot(a, v) - m) ** 2 / Norm(v) ** 2, t * dot(a, v) - m <= 0)

    claims = {}
    three, third = sp.Integer(3), sp.Rational(1, 3)
    claims[r"$J_q$ term of $3\mathbf{y}$ $= 9 \times$ term of $\mathbf{y}$"] = Equal(q(three * y), 9 * q(y))
    claims[r"$J_r$ term of $(\mathbf{y}/3, b/3)$ = term of $(\mathbf{y}, b)$"] = Equal(r(third * y, third * b), r(y, b))
    claims[r"$(t\,\mathbf{a}^\top\mathbf{y} - b)^2/(2\lVert\mathbf{y}\rVert^2) = \lVert\mathbf{a} - "
           r"\mathbf{p}\rVert^2/2$"] = Equal(
        (t * dot(a, y) - b) ** 2 / (2 * Norm(y) ** 2), HALF * dot(a - p, a - p))
    claims[r"$\mathbf{p}$ lies on the hyperplane $t\,\mathbf{a}^\top\mathbf{y} = b$"] = Equal(t * dot(p, y), b)
    return Statement(s, claims=claims, no_numeric=(
        "a property of the criteria's one-sample terms under rescaling; the terms themselves "
        "are checked against `numerics.relaxation` in `relaxation.jq_gradient` and "
        "`relaxation.jr_gradient`"))


# --- J_r -------------------------------------------------------------------------------------------

@entry("relaxation.jr_index_set", "udelar2018 sums $J_r$ over the misclassified set "
                                  r"$\mathcal{M}(\mathbf{a})$; the margin criterion needs "
                                  r"$t_n\mathbf{a}^\top\mathbf{y}_n \leq b$",
       kind="erratum",
       sources=[("udelar2018", "Perceptrón de Rosenblatt y variaciones (caso $c = 2$): "
                              "Candidatos a criterios: 'Relajación cuadrática con margen: "
                              r"$J_r(\mathbf{a}) = \frac{1}{2} \sum_{n \in "
                              r"\mathcal{M}(\mathbf{a})} \frac{(t_n \mathbf{a}^\top \mathbf{y}_n "
                              r"- b)^2}{\lVert\mathbf{y}_n\rVert^2}$. Evita los problemas de la "
                              r"relajación cuadrática simple', with '$\mathcal{M}(\mathbf{a})$: "
                              "índices de patrones mal clasificados'"),
                _DHS_56],
       printed=r"J_r(\mathbf{a}) = \frac{1}{2} \sum_{n \in \mathcal{M}(\mathbf{a})} \frac{(t_n "
               r"\mathbf{a}^\top \mathbf{y}_n - b)^2}{\lVert\mathbf{y}_n\rVert^2}, \qquad "
               r"\mathcal{M}(\mathbf{a}) \text{: indices of misclassified patterns}")
def jr_index_set() -> Statement:
    r"""udelar2018 writes $J_r(\mathbf{a}) = \frac{1}{2} \sum_{n \in \mathcal{M}(\mathbf{a})}
    (t_n\mathbf{a}^\top\mathbf{y}_n - b)^2/\lVert\mathbf{y}_n\rVert^2$ with
    $\mathcal{M}(\mathbf{a})$ the *misclassified* samples ($t_n\mathbf{a}^\top\mathbf{y}_n \leq
    0$). Duda-Hart-Stork's $J_r$ sums over $Y(\mathbf{a}) = \{t_n\mathbf{a}^\top\mathbf{y}_n \leq
    b\}$, the samples that violate the margin; then $J_r = \frac{1}{2} \sum_n \max(0, b -
    t_n\mathbf{a}^\top\mathbf{y}_n)^2/\lVert\mathbf{y}_n\rVert^2$, a $C^1$ criterion that
    vanishes exactly on the margin region $\{t_n\mathbf{a}^\top\mathbf{y}_n \geq b \text{ for all
    } n\}$. Stated (as printed): udelar2018's $J_r$ equals that criterion, at a point
    $\mathbf{a}_m$ of the band $0 < t\,\mathbf{a}_m^\top\mathbf{y} < b$ (built in:
    $t\,\mathbf{a}_m^\top\mathbf{y} = b p/(1 + p)$, $p > 0$, so every draw is in the band) —
    refuted there: a sample inside the margin costs nothing in the printed $J_r$, so the margin
    $b$ has no effect on the set where it vanishes (the solution region $\mathcal{A}$), and the
    printed $J_r$ jumps by $b^2/(2\lVert\mathbf{y}\rVert^2)$ as $t\,\mathbf{a}^\top\mathbf{y}$
    crosses 0 (it is not even continuous). Corrected: over $Y(\mathbf{a})$ it is that criterion
    (term by term: one sample, $D = 1, 2$). Both avoid the trivial solution: $J_r(\mathbf{0}) =
    \frac{1}{2} \sum_n b^2/\lVert\mathbf{y}_n\rVert^2$, positive for $b > 0$."""
    s = Space()
    D = s.dim("D", sizes=(1, 2))
    a, zero = s.vector("a", D), s.vector("a_0", D)
    s.define(zero, sp.ZeroMatrix(D, 1), "a_0 = 0")
    ys, ts = _samples(s, D, nonzero=True)
    b = s.scalar("b", positive=True)
    (y,), (t,) = ys, ts
    p, am = s.scalar("p", positive=True), s.vector("a_m", D)
    s.define(am, a + (b * p / (1 + p) - t * dot(a, y)) / Norm(y) ** 2 * t * y,
             "a_m inside the margin band: t a_mᵀy = b p/(1 + p) ∈ (0, b)")
    smooth = _J_r_smooth(a, ys, ts, b)
    band = _J_r_smooth(am, ys, ts, b)
    return Statement(s, stated=Equal(_J_r(am, ys, ts, b, printed=True), band), claims={
        r"$J_r$ over $Y(\mathbf{a})$ $= \frac{1}{2}\sum_n \max(0, b - "
        r"t_n\mathbf{a}^\top\mathbf{y}_n)^2/\lVert\mathbf{y}_n\rVert^2$ at $\mathbf{a}_m$": Equal(
            _J_r(am, ys, ts, b, printed=False), band),
        r"$J_r$ over $Y(\mathbf{a})$ $= \frac{1}{2}\sum_n \max(0, b - "
        r"t_n\mathbf{a}^\top\mathbf{y}_n)^2/\lVert\mathbf{y}_n\rVert^2$": Equal(_J_r(a, ys, ts, b, printed=False), smooth),
        r"$J_r(\mathbf{0}) = \frac{1}{2}\sum_n b^2/\lVert\mathbf{y}_n\rVert^2$": Equal(_J_r(zero, ys, ts, b, printed=False),
                                                HALF * sp.Add(*[b ** 2 / Norm(y) ** 2 for y in ys])),
    }, numeric=[Agreement("numerics.relaxation.relaxation_criterion_r", smooth,
                          lambda ev: _nr().relaxation_criterion_r(
                              _vec(ev, a), _normalised(ev, ys, ts), b=float(ev(b))))])


@entry("relaxation.jr_gradient", r"$\nabla J_r = \sum_{Y(\mathbf{a})} "
                                 r"\frac{t\,\mathbf{a}^\top\mathbf{y} - "
                                 r"b}{\lVert\mathbf{y}\rVert^2}\, t\,\mathbf{y}$; the batch "
                                 r"update is $\mathbf{a} - \eta\nabla J_r$",
       uses=("descent.update_rule",),
       sources=[_DHS_56,
                ("udelar2018", "Perceptrón de Rosenblatt y variaciones (caso $c = 2$): "
                              "Candidatos a criterios: $J_r$ (no gradient printed)")],
       printed=r"\nabla J_r = \sum_{\mathbf{y} \in \mathcal{Y}} \frac{\mathbf{a}^\top \mathbf{y} "
               r"- b}{\lVert\mathbf{y}\rVert^2} \mathbf{y}, \qquad \mathbf{a}(k+1) = "
               r"\mathbf{a}(k) + \eta(k) \sum_{\mathbf{y} \in \mathcal{Y}_k} \frac{b - "
               r"\mathbf{a}^\top \mathbf{y}}{\lVert\mathbf{y}\rVert^2} \mathbf{y}")
def jr_gradient() -> Statement:
    r"""Duda-Hart-Stork §5.6.1: $\nabla J_r = \sum_{\mathbf{y} \in Y(\mathbf{a})}
    \frac{\mathbf{a}^\top\mathbf{y} - b}{\lVert\mathbf{y}\rVert^2}\,\mathbf{y}$ (normalised
    samples; with udelar2018's labels $\mathbf{y} \leftarrow t\,\mathbf{y}$), and the batch
    relaxation with margin (Algorithm 8) updates $\mathbf{a}(k+1) = \mathbf{a}(k) + \eta(k)
    \sum_{\mathbf{y} \in Y(\mathbf{a})} \frac{b -
    \mathbf{a}^\top\mathbf{y}}{\lVert\mathbf{y}\rVert^2}\,\mathbf{y}$, which is exactly
    $\mathbf{a} - \eta\nabla J_r$. One sample (term by term), $D = 1, 2$, both labels;
    $Y(\mathbf{a}) = \{t\,\mathbf{a}^\top\mathbf{y} - b \leq 0\}$."""
    s = Space()
    D = s.dim("D", sizes=(1, 2))
    a = s.vector("a", D)
    ys, ts = _samples(s, D, nonzero=True)
    b, eta = s.scalar("b", positive=True), s.scalar("eta", positive=True)
    J = _J_r(a, ys, ts, b, printed=False)
    grad = sp.MatAdd(*[_when((t * dot(a, y) - b) / Norm(y) ** 2, t * dot(a, y) - b <= 0) * t * y
                       for y, t in zip(ys, ts)])
    update = a + eta * sp.MatAdd(*[_when((b - t * dot(a, y)) / Norm(y) ** 2, t * dot(a, y) - b <= 0) * t * y
                                   for y, t in zip(ys, ts)])

    def batch_step(ev):
        import numerics.relaxation as nr

        return nr.batch_relaxation(_normalised(ev, ys, ts), b=float(ev(b)), eta=float(ev(eta)),
                                   a0=_vec(ev, a), max_iter=1).a_

    return Statement(s, claims={
        r"$\nabla J_r = \sum_{Y(\mathbf{a})} \frac{t\,\mathbf{a}^\top\mathbf{y} - "
        r"b}{\lVert\mathbf{y}\rVert^2}\, t\,\mathbf{y}$": Equal(Grad(J, a), grad),
        r"batch update $= \mathbf{a} - \eta\nabla J_r$": Equal(update, a - eta * Grad(J, a)),
    }, numeric=[
        Agreement("numerics.relaxation.relaxation_gradient_r", grad,
                  lambda ev: _nr().relaxation_gradient_r(
                      _vec(ev, a), _normalised(ev, ys, ts), b=float(ev(b)))),
        Agreement("one iteration of numerics.relaxation.batch_relaxation", update, batch_step),
    ])


@entry("relaxation.single_sample_step", "Single-sample relaxation: the distance to "
                                        r"$\mathbf{a}^\top\mathbf{y} = b$ becomes $|1 - \eta|$ "
                                        r"times as large; $0 < \eta < 2$ moves toward it",
       uses=("geometry.signed_distance",),
       sources=[_DHS_562,
                ("udelar2018", "Perceptrón de Rosenblatt y variaciones (caso $c = 2$): "
                              "Candidatos a criterios: $J_r$ (the criterion the step descends)")],
       printed=r"\mathbf{a}(k+1) = \mathbf{a}(k) + \eta \frac{b - \mathbf{a}^\top(k) "
               r"\mathbf{y}^k}{\lVert\mathbf{y}^k\rVert^2} \mathbf{y}^k, \qquad 0 < \eta < 2")
def single_sample_step() -> Statement:
    r"""Duda-Hart-Stork Algorithm 9: for a sample with $t\,\mathbf{a}^\top\mathbf{y} < b$ (built
    in: $t\,\mathbf{a}^\top\mathbf{y} = b - u$, $u > 0$), $\mathbf{a}' = \mathbf{a} + \eta\,(b -
    t\,\mathbf{a}^\top\mathbf{y})/\lVert\mathbf{y}\rVert^2 \cdot t\,\mathbf{y}$. Then
    $t\,\mathbf{a}'^\top\mathbf{y} - b = (1 - \eta)(t\,\mathbf{a}^\top\mathbf{y} - b)$, so the
    distance $|t\,\mathbf{a}^\top\mathbf{y} - b|/\lVert\mathbf{y}\rVert$ from $\mathbf{a}$ to the
    hyperplane $\{t\,\mathbf{a}''^\top\mathbf{y} = b\}$ becomes $|1 - \eta|$ times as large (the
    signed distance is multiplied by $1 - \eta$): for $\eta > 0$ it shrinks if and only if $\eta
    < 2$ (under-relaxation $\eta < 1$, $\mathbf{a}'$ on the hyperplane at $\eta = 1$,
    over-relaxation $1 < \eta < 2$ crosses it); $\mathbf{a}' - \mathbf{a}$ is a multiple of
    $\mathbf{y}$, the hyperplane's normal."""
    s = Space()
    D = s.dim("D", sizes=(1, 2))
    a = s.vector("a", D)
    y = s.vector("y", D, nonzero=True)
    t = s.scalar("t", label=True)
    b, u, eta = s.scalar("b", positive=True), s.scalar("u", positive=True), s.scalar("eta", positive=True)
    a0 = s.vector("a_0", D)
    s.define(a, a0 + (b - u - t * dot(a0, y)) / Norm(y) ** 2 * t * y,
             "the sample violates the margin: t aᵀy = b − u < b")
    a1 = s.vector("a'", D)
    s.define(a1, a + eta * (b - t * dot(a, y)) / Norm(y) ** 2 * t * y, "Algorithm 9's update")


    def one_update(ev):
        import numerics.relaxation as nr

        return nr.single_sample_relaxation(_normalised(ev, [y], [t]), b=float(ev(b)), eta=float(ev(eta)),
                                           a0=_vec(ev, a), max_epochs=1).a_

    return Statement(s, claims={
        r"$t\,\mathbf{a}'^\top\mathbf{y} - b = (1 - \eta)(t\,\mathbf{a}^\top\mathbf{y} - b)$": Equal(t * dot(a1, y) - b, (1 - eta) * (t * dot(a, y) - b)),
        r"$|1 - \eta| < 1$ iff $\eta < 2$ ($\eta > 0$)": Iff(sp.Abs(1 - eta) < 1, eta < 2),
    }, numeric=[Agreement("one update of numerics.relaxation.single_sample_relaxation", a1, one_update)])


# --- algorithms ----------------------------------------------------------------------------------

def _separable(rng, N: int, D: int, gap: float):
    """Normalised samples y_n (rows) with wᵀy_n ≥ gap‖w‖ for a hidden w, last coordinate 1-like."""
    w = rng.normal(size=D)
    w /= np.linalg.norm(w)
    Y = rng.normal(size=(N, D))
    Y += (gap - np.minimum(Y @ w, 0) + np.abs(rng.normal(size=N)) * 0.1)[:, None] * w * (Y @ w < gap)[:, None]
    Y *= np.where(Y @ w > 0, 1.0, -1.0)[:, None]
    return Y, w


def _relaxation_separable(seed: int) -> RunResult:
    import numerics.relaxation as nr

    rng = np.random.default_rng(seed)
    D = 2 + seed % 3
    Y, _w = _separable(rng, 40, D, 0.5)
    eta = (1.2, 1.5, 1.8)[seed % 3]
    b = 0.5
    r = nr.single_sample_relaxation(Y, b=b, eta=eta, max_epochs=20000)
    s = Y @ r.a_
    holds = bool(r.converged_ and s.min() > b)
    return RunResult(holds, f"D = {D}, N = 40, b = {b}, η = {eta}: converged_ = {r.converged_} after "
                            f"{r.n_iter_} epochs ({r.n_updates_} updates), min aᵀy_n = {s.min():.3f}")


def _relaxation_nonseparable(seed: int) -> RunResult:
    """On data containing y and −y (no a has aᵀy > b > 0 and −aᵀy > b) no epoch is clean:
    decided exactly by that pair, whatever a the run reaches."""
    import numerics.relaxation as nr

    rng = np.random.default_rng(seed)
    D = 2 + seed % 3
    Y, _w = _separable(rng, 20, D, 0.5)
    Y = np.vstack([Y, -Y[0]])
    r = nr.single_sample_relaxation(Y, b=0.5, eta=1.5, max_epochs=300)
    # it never settles: it runs to max_epochs, or stops early as stalled — an epoch that
    # ended where a recent one began, a cycle that would repeat forever — never converged
    return RunResult(not r.converged_ and (r.n_iter_ == 300 or r.stalled_),
                     f"D = {D}: y_1 and −y_1 both present (aᵀy_1 > b and −aᵀy_1 > b exclude each other): "
                     f"converged_ = {r.converged_}, stalled_ = {r.stalled_} after {r.n_iter_} epochs, "
                     f"{r.n_updates_} updates")


@entry("relaxation.single_sample_algorithm", r"Single-sample relaxation with margin ($0 < \eta < "
                                             r"2$): a vector with $\mathbf{a}^\top\mathbf{y} > "
                                             "b$ on separable data; no end otherwise",
       uses=("relaxation.single_sample_step",),
       kind="algorithm",
       sources=[_DHS_562,
                ("udelar2018", "Perceptrón de Rosenblatt y variaciones (caso $c = 2$): "
                              "Candidatos a criterios: $J_r$")],
       printed=r"\mathbf{a} \leftarrow \mathbf{a} + \eta \frac{b - \mathbf{a}^\top "
               r"\mathbf{y}^k}{\lVert\mathbf{y}^k\rVert^2} \mathbf{y}^k \text{ for each } "
               r"\mathbf{a}^\top \mathbf{y}^k \leq b, \quad 0 < \eta < 2: \text{ a solution with "
               r"} \mathbf{a}^\top \mathbf{y}_n > b \text{ when separable}")
def single_sample_algorithm() -> Statement:
    r"""Duda-Hart-Stork Algorithm 9 with over-relaxation $\eta = 1.2, 1.5, 1.8$ (cyclic order) on
    40 normalised samples separable with margin ($D = 2, \dots, 4$), $b = 0.5$: every run ends
    with a whole clean epoch and $t\,\mathbf{a}^\top\mathbf{y}_n > b$ for every $n$. On data
    containing a sample and its negative, no vector has both scores above $b > 0$, so no epoch
    can be clean: the run stops at `max_epochs` with `converged_` false, or earlier as `stalled_`
    (an epoch that ended where a recent one began: a cycle that repeats forever) — the
    error-correcting procedure never settles; Duda-Hart-Stork §5.7."""
    return Statement(Space(), claims={
        r"separable: converges to $\mathbf{a}^\top\mathbf{y} > b$": Behaviour(
            _relaxation_separable, "numerics.relaxation.single_sample_relaxation ends with aᵀy_n > b on "
                                   "separable data", seeds=tuple(range(9))),
        "non-separable: never settles": Behaviour(
            _relaxation_nonseparable, "numerics.relaxation.single_sample_relaxation never has a clean epoch "
                                      "when y and −y are both samples", seeds=tuple(range(6))),
    })


def _nonseparable_minimum(seed: int) -> RunResult:
    import numerics.descent as nd
    import numerics.relaxation as nr
    import numerics.separability as ns

    rng = np.random.default_rng(seed)
    n = 15
    X = np.vstack([rng.normal(size=(n, 2)) + [1.0, 0.0], rng.normal(size=(n, 2)) - [1.0, 0.0]])
    t = np.repeat([1.0, -1.0], n)
    X = np.vstack([X, [[-1.0, 0.0], [1.0, 0.0]]])  # one point of each class deep in the other
    X[-2:] *= 3.0
    t = np.append(t, [1.0, -1.0])
    sep = ns.linear_separability(X, t)
    Y = t[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])
    b = 1.0
    Lr = float(np.linalg.eigvalsh(Y.T @ (Y / np.sum(Y ** 2, axis=1)[:, None]))[-1])
    r = nd.gradient_descent(lambda a: nr.relaxation_gradient_r(a, Y, b=b), np.zeros(3), eta=1.0 / Lr,
                            max_iter=200000, tol=1e-9)
    Jr = nr.relaxation_criterion_r(r.a_, Y, b=b)
    Lq = 2 * float(np.linalg.eigvalsh(Y.T @ Y)[-1])
    q = nd.gradient_descent(lambda a: nr.relaxation_gradient_q(a, Y), r.a_, eta=1.0 / Lq,
                            max_iter=200000, tol=1e-9)
    holds = bool(not sep.separable_ and r.converged_ and Jr > 0 and q.converged_
                 and np.linalg.norm(q.a_) < 1e-6 * max(1.0, np.linalg.norm(r.a_)))
    return RunResult(holds, f"N = {len(t)}, not separable (LP): J_r descent converged in {r.n_iter_} "
                            f"iterations to J_r = {Jr:.3f} > 0 with {(Y @ r.a_ <= 0).sum()} misclassified; "
                            f"J_q descent from there ends at ‖a‖ = {np.linalg.norm(q.a_):.1e} (the trivial a = 0)")


def _nonseparable_in_region(seed: int) -> RunResult:
    """udelar2018's "siempre dan una solución, aún en el caso no separable" with "solución" as
    the slides define it, a vector of the Región de solución 𝒜 = {a : t_n aᵀy_n > 0 ∀n}: on
    non-separable data the vectors descent on J_r and on J_q reaches are in 𝒜 (holds when
    both are). The data are two Gaussian clouds plus one point x_0 given to both classes, so
    no a separates them — t aᵀy_0 and −t aᵀy_0 cannot both be > 0 — and each returned vector,
    taken as the exact rational its floats store, is tested against 𝒜 in exact arithmetic."""
    import numerics.descent as nd
    import numerics.relaxation as nr

    rng = np.random.default_rng(seed)
    n = 15
    X = np.vstack([rng.normal(size=(n, 2)) + [1.0, 0.0], rng.normal(size=(n, 2)) - [1.0, 0.0],
                   [[0.25, 0.5], [0.25, 0.5]]])
    t = np.r_[np.ones(n), -np.ones(n), 1.0, -1.0]
    Y = t[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])
    b = 1.0
    Lr = float(np.linalg.eigvalsh(Y.T @ (Y / np.sum(Y ** 2, axis=1)[:, None]))[-1])
    r = nd.gradient_descent(lambda a: nr.relaxation_gradient_r(a, Y, b=b), np.zeros(3), eta=1.0 / Lr,
                            max_iter=200000, tol=1e-9)
    Lq = 2 * float(np.linalg.eigvalsh(Y.T @ Y)[-1])
    q = nd.gradient_descent(lambda a: nr.relaxation_gradient_q(a, Y), r.a_, eta=1.0 / Lq,
                            max_iter=200000, tol=1e-9)
    Yq = [[Fraction(float(v)) for v in row] for row in Y]

    def outside(a) -> int:  # samples with t_n aᵀy_n <= 0 (Y holds t_n y_n), exactly
        aq = [Fraction(float(v)) for v in a]
        return sum(1 for row in Yq if sum(x * v for x, v in zip(aq, row)) <= 0)

    out_r, out_q = outside(r.a_), outside(q.a_)
    return RunResult(out_r == 0 and out_q == 0,
                     f"N = {len(t)}, x_0 = (1/4, 1/2) in both classes: descent on J_r ends with "
                     f"{out_r} samples outside the Región de solución, on J_q with {out_q} (exact "
                     "rationals)", exact=True)


@entry("relaxation.nonseparable_solution", "udelar2018: $J_q$ and $J_r$ 'siempre dan una "
                                           "solución, aún en el caso no separable' — a solution "
                                           "of the Región de solución cannot exist there",
       uses=("relaxation.jr_gradient",),
       kind="erratum",
       sources=[("udelar2018", "Perceptrón: convergencia, Observaciones: 'Las relajaciones de "
                              "mínimos cuadrados $J_q$ y $J_r$ siempre dan una solución, aún en "
                              "el caso no separable'"),
                ("udelar2018", "Perceptrón de Rosenblatt y variaciones (caso $c = 2$): 'Región "
                              r"de solución $\mathcal{A}$: $\mathbf{a}$ tal que "
                              r"$t_n\mathbf{a}^\top\mathbf{y}_n > 0$ para todo $n$'; "
                              r"'$J(\mathbf{a})$: costo que se minimiza cuando $\mathbf{a}$ es "
                              "una solución'; 'el algoritmo converge a una solución exacta'"),
                _DHS_56],
       printed=r"\text{the least-squares relaxations } J_q \text{ and } J_r \text{ always give a "
               "solution, even in the non-separable case}")
def nonseparable_solution() -> Statement:
    r"""Two readings of "solución" (DESIGN.md, "Reading policy").

    *The reading the slides' own context supports:* a solution is a vector of the "Región de
    solución $\mathcal{A}$: $\mathbf{a}$ tal que $t_n\mathbf{a}^\top\mathbf{y}_n > 0$ para todo
    $n$", the word's definition two slides earlier, used again for $J$ ("costo que se minimiza
    cuando $\mathbf{a}$ es una solución") and in the convergence theorem on the same slide
    ("converge a una solución exacta"). Under it the sentence is false: on non-separable data
    $\mathcal{A}$ is empty, and the vectors descent on $J_r$ and on $J_q$ reach are not in it —
    refuted by an exact run (a point given to both classes makes non-separability exact; the
    returned vectors are tested against $\mathcal{A}$ in rationals).

    *Note, never a refutation — the other reading,* "solución" as "a minimiser descent
    reaches": gradient descent on $J_r$ ($b = 1$, step $1/L$) converges on two Gaussian clouds
    with one point of each class deep inside the other (not separable, decided by the linear
    program of `numerics.separability.linear_separability`) to a stationary point with $J_r > 0$
    that misclassifies samples; on $J_q$ it converges to $\mathbf{a} \approx \mathbf{0}$, the
    trivial solution (`relaxation.jq_trivial_solution`)."""
    return Statement(Space(), stated=Behaviour(
        _nonseparable_in_region, "descent on J_r and on J_q reaches a vector of the Región de solución "
                                 "on non-separable data", seeds=tuple(range(3))),
        claims={r"note, the minimiser reading: descent on $J_r$ and $J_q$ converges on "
                r"non-separable data": Behaviour(
            _nonseparable_minimum, "gradient descent converges on J_r (to J_r > 0) and on J_q (to a ≈ 0) for "
                                   "non-separable data", seeds=tuple(range(6)))})


# --- scaling -------------------------------------------------------------------------------------

@entry("relaxation.scale_invariance", r"Scaling $\mathbf{a}$: $J_p(c\mathbf{a}) = "
                                      r"c\,J_p(\mathbf{a})$, $J_q(c\mathbf{a}) = c^2 "
                                      r"J_q(\mathbf{a})$, while $\mathcal{M}(c\mathbf{a}) = "
                                      r"\mathcal{M}(\mathbf{a})$ ($c > 0$)",
       uses=("perceptron.criterion_forms",),
       sources=[("udelar2018", "Perceptrón de Rosenblatt y variaciones (caso $c = 2$): "
                              r"Candidatos a criterios: $J(\mathbf{a}) = "
                              r"\#\mathcal{M}(\mathbf{a})$, $J_p$, $J_q$"),
                _DHS_56],
       printed=r"J(\mathbf{a}) = \#\mathcal{M}(\mathbf{a}), \quad J_p(\mathbf{a}) = \sum_{n \in "
               r"\mathcal{M}(\mathbf{a})} (-t_n \mathbf{a}^\top \mathbf{y}_n), \quad "
               r"J_q(\mathbf{a}) = \sum_{n \in \mathcal{M}(\mathbf{a})} (\mathbf{a}^\top "
               r"\mathbf{y}_n)^2")
def scale_invariance() -> Statement:
    r"""The criteria of udelar2018's slide under $\mathbf{a} \mapsto c\,\mathbf{a}$ ($c > 0$):
    $J_p$ is positively homogeneous of degree 1, $J_p(2\mathbf{a}) = 2J_p(\mathbf{a})$; $J_q$ of
    degree 2, $J_q(2\mathbf{a}) = 4J_q(\mathbf{a})$. What does not change is the misclassified
    set $\mathcal{M}(c\mathbf{a}) = \mathcal{M}(\mathbf{a})$, hence the count $\#\mathcal{M}$ and
    the solution region, and the minimisers of $J_p$ (its minimum 0 is kept). This is the lemma
    behind udelar2018's "Como el criterio no cambia si se escala $\mathbf{a}$, basta con tomar
    $\eta = 1$", whose one entry is `perceptron.eta_one_suffices` (it reads "el criterio" as the
    classification test $\mathcal{M}(\mathbf{a})$, which the algorithm on that slide uses, and
    notes that $J_p$'s value does change). Proved at $c = 2$ and $c = 1/3$ term by term (one
    sample, $D = 1, 2$): the engine's case analysis relates the signs of two conditions only when
    one is a rational multiple of the other, so not at a symbolic $c$."""
    s = Space()
    D = s.dim("D", sizes=(1, 2))
    a = s.vector("a", D)
    ys, ts = _samples(s, D)
    two, third = sp.Integer(2), sp.Rational(1, 3)
    return Statement(s, claims={
        r"$J_p(2\mathbf{a}) = 2J_p(\mathbf{a})$": Equal(_J_p(two * a, ys, ts), two * _J_p(a, ys, ts)),
        r"$J_p(\mathbf{a}/3) = J_p(\mathbf{a})/3$": Equal(_J_p(third * a, ys, ts), third * _J_p(a, ys, ts)),
        r"$J_q(2\mathbf{a}) = 4J_q(\mathbf{a})$": Equal(_J_q(two * a, ys, ts), 4 * _J_q(a, ys, ts)),
        r"$\#\mathcal{M}(2\mathbf{a}) = \#\mathcal{M}(\mathbf{a})$": Equal(_count(two * a, ys, ts), _count(a, ys, ts)),
        r"$\#\mathcal{M}(\mathbf{a}/3) = \#\mathcal{M}(\mathbf{a})$": Equal(_count(third * a, ys, ts), _count(a, ys, ts)),
    }, no_numeric=(
        "a homogeneity property of the criteria; their values are checked against "
        "`numerics.relaxation` in `relaxation.jq_gradient` and `relaxation.jr_index_set`"))
