"""The Ho-Kashyap procedure: Y a = b > 0, its updates, separable and non-separable data.

Sources: udelar2018 "Algoritmo de Ho-Kashyap para mínimos cuadrados" (the two promises, the
Idea, Algorithm 11 as the slide prints it, the exercise pointing to Duda & Hart ch. 5);
Duda-Hart-Stork §5.9 (the criterion J_s(a, b) = ‖Ya − b‖², its gradients, Algorithm 11, the
convergence and non-separability arguments) beyond it.

Conventions
-----------
* ``Y`` is the N × D matrix of normalised augmented samples (row n is t_n y_nᵀ), as in
  Duda-Hart-Stork and in ``numerics.ho_kashyap``; e = Ya − b, e⁺ = ½(e + |e|) entrywise.
* Y⁺ = (YᵀY)⁻¹Yᵀ is a declared symbol defined by that formula (Y of full column rank, N = D + 1),
  and so is Yᵀ where the slide writes it in its place: the two are then symbols of one shape, and
  the diagnosis can name the mistake "Yᵀ is written where Y⁺ belongs".
* Entrywise |e| needs explicit entries: the claims about line 5 are at N = D = 2 (the only
  shapes at which the printed line b ← a + 2ηe⁺, a ∈ ℝ^D, e⁺ ∈ ℝ^N, is even defined is N = D).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement

from .._claims.claims import Behaviour, Equal, Exists, Rel, RunResult, Stationary
from .._claims.statement import Statement
from .._symbols.expr import Grad, Scalar, dot
from .._symbols.nodes import Inv, lazy_inverses
from .._symbols.space import Space
from .registry import entry

_DHS_59 = ("dhs", r"§5.9.1 The descent procedure: $J_s(\mathbf{a}, \mathbf{b}) = "
                  r"\lVert\mathbf{Y}\mathbf{a} - \mathbf{b}\rVert^2$, its gradients, Algorithm 11 "
                  r"(Ho-Kashyap), $\mathbf{e}^+ = \frac{1}{2}(\mathbf{e} + |\mathbf{e}|)$")
_DHS_592 = ("dhs", r"§5.9.2 Convergence proof: separable case and '$\mathbf{e}(k) \leq 0$, "
                   r"$\mathbf{e}(k) \neq 0$' for non-separable data")


def _J_s(Y, a, b):
    """J_s(a, b) = ‖Ya − b‖² as a scalar (Ya − b)ᵀ(Ya − b)."""
    return dot(Y * a - b, Y * a - b)


def _full_rank(s: Space):
    D = s.dim("D", sizes=(1, 2))
    N = D + 1
    Y = s.matrix("Y", N, D, "full_column_rank")
    return D, N, Y


@entry("ho_kashyap.criterion_gradients", r"$J_s = \lVert\mathbf{Y}\mathbf{a} - "
                                         r"\mathbf{b}\rVert^2$: $\nabla_{\mathbf{a}} J_s = "
                                         r"2\mathbf{Y}^\top(\mathbf{Y}\mathbf{a} - \mathbf{b})$, "
                                         r"$\nabla_{\mathbf{b}} J_s = -2(\mathbf{Y}\mathbf{a} - "
                                         r"\mathbf{b})$, and $\mathbf{a} = "
                                         r"\mathbf{Y}^+\mathbf{b}$ for fixed $\mathbf{b}$",
       uses=("least_squares.normal_equations",),
       sources=[("udelar2018", "Algoritmo de Ho-Kashyap para mínimos cuadrados: 'La idea es "
                              r"optimizar $\mathbf{Y}\mathbf{a} - \mathbf{b}$ tanto en "
                              r"$\mathbf{a}$ y en $\mathbf{b}$, con la restricción que "
                              r"$\mathbf{b} > 0$'"),
                _DHS_59],
       printed=r"\text{optimise } \mathbf{Y}\mathbf{a} - \mathbf{b} \text{ in both } \mathbf{a} "
               r"\text{ and } \mathbf{b}, \text{ subject to } \mathbf{b} > 0")
def criterion_gradients() -> Statement:
    r"""udelar2018's idea — optimise $\mathbf{Y}\mathbf{a} - \mathbf{b}$ in $\mathbf{a}$ and in
    $\mathbf{b}$ with $\mathbf{b} > \mathbf{0}$ — is Duda-Hart-Stork's $J_s(\mathbf{a},
    \mathbf{b}) = \lVert\mathbf{Y}\mathbf{a} - \mathbf{b}\rVert^2$ with $\nabla_{\mathbf{a}}
    J_s = 2\mathbf{Y}^\top(\mathbf{Y}\mathbf{a} - \mathbf{b})$ and $\nabla_{\mathbf{b}}
    J_s = -2(\mathbf{Y}\mathbf{a} - \mathbf{b})$. For fixed $\mathbf{b}$ the minimiser in
    $\mathbf{a}$ is the least-squares solution $\mathbf{a} = \mathbf{Y}^+\mathbf{b}$,
    $\mathbf{Y}^+ = (\mathbf{Y}^\top\mathbf{Y})^{-1}\mathbf{Y}^\top$ ($\mathbf{Y}$ of full column
    rank): $\nabla_{\mathbf{a}} J_s$ vanishes there. ($D = 1, 2$; $N = D + 1$.)"""
    s = Space()
    D, N, Y = _full_rank(s)
    a, b = s.vector("a", D), s.vector("b", N)
    Yp = s.matrix("Y^+", D, N)
    s.define(Yp, Inv(Y.T * Y) * Y.T, "Y⁺ = (YᵀY)⁻¹Yᵀ")
    J = _J_s(Y, a, b)
    return lazy_inverses(Statement(s, claims={
        r"$\nabla_{\mathbf{a}} J_s = 2\mathbf{Y}^\top(\mathbf{Y}\mathbf{a} - \mathbf{b})$": Equal(Grad(J, a), 2 * Y.T * (Y * a - b)),
        r"$\nabla_{\mathbf{b}} J_s = -2(\mathbf{Y}\mathbf{a} - \mathbf{b})$": Equal(Grad(J, b), -2 * (Y * a - b)),
        r"$\nabla_{\mathbf{a}} J_s = \mathbf{0}$ at $\mathbf{a} = \mathbf{Y}^+\mathbf{b}$": Stationary(J, a, Yp * b),
    }, no_numeric=(r"`numerics.ho_kashyap` computes $\mathbf{a} = \mathbf{Y}^+\mathbf{b}$ by a QR "
                   "solve inside each step; its output is checked in the runs of "
                   "`ho_kashyap.udelar_algorithm` (its corrected runs)")))


#: Normalised augmented samples y = t (x, 1) of a separable data set (x in R², both classes).
_SEPARABLE = [((2, 1), 1), ((1, 3), 1), ((-1, -2), -1), ((-3, 1), -1), ((0, -1), -1)]


@entry("ho_kashyap.idea", r"Separable $\iff$ there are $\hat{\mathbf{a}}$ and $\hat{\mathbf{b}}$ "
                          r"with $\mathbf{Y}\hat{\mathbf{a}} = \hat{\mathbf{b}} > \mathbf{0}$",
       uses=("perceptron.solution_region",),
       sources=[("udelar2018", "Algoritmo de Ho-Kashyap para mínimos cuadrados: 'Idea: En el "
                              r"caso linealmente separable, existen $\hat{\mathbf{a}}$ y "
                              r"$\hat{\mathbf{b}}$ t.q. $\mathbf{Y}\hat{\mathbf{a}} = "
                              r"\hat{\mathbf{b}} > 0$'"),
                _DHS_59],
       printed=r"\text{linearly separable} \;\Rightarrow\; \exists\, \hat{\mathbf{a}}, "
               r"\hat{\mathbf{b}}: \ \mathbf{Y}\hat{\mathbf{a}} = \hat{\mathbf{b}} > 0")
def idea() -> Statement:
    r"""On linearly separable data some $\hat{\mathbf{a}}$ has
    $t_n\hat{\mathbf{a}}^\top(\mathbf{x}_n, 1) > 0$ for all $n$, and $\hat{\mathbf{b}} =
    \mathbf{Y}\hat{\mathbf{a}} > \mathbf{0}$ then satisfies $\mathbf{Y}\hat{\mathbf{a}} =
    \hat{\mathbf{b}} > \mathbf{0}$ (and conversely any such $\hat{\mathbf{a}}$ separates).
    Encoded on the five points of a separable data set in $\mathbb{R}^2$ (bias last): there are
    $\hat{\mathbf{a}} \in \mathbb{R}^3$ and $\hat{b}_1, \dots, \hat{b}_5 > 0$ with, row by row,
    $\mathbf{y}_n^\top\hat{\mathbf{a}} = \hat{b}_n$ — proved by an exact rational witness."""
    s = Space()
    a = sp.MatrixSymbol("a", 3, 1)
    bs = [sp.Symbol(f"b_{n + 1}", real=True) for n in range(len(_SEPARABLE))]
    cs = []
    for (x, t), bn in zip(_SEPARABLE, bs):
        y = sp.ImmutableMatrix([t * x[0], t * x[1], t])
        cs += [sp.Eq(Scalar(y.T * a), bn), bn > 0]

    def separable(seed: int) -> RunResult:  # noqa: ARG001 - one fixed data set
        import numerics.ho_kashyap as nh

        Y = np.array([[t * x[0], t * x[1], t] for x, t in _SEPARABLE], dtype=float)
        r = nh.ho_kashyap(Y, eta=0.5)
        return RunResult(bool(r.separable_ and np.all(Y @ r.a_ > 0)),
                         f"numerics.ho_kashyap: separable_ = {r.separable_}, min Ya = {(Y @ r.a_).min():.3f}, "
                         f"b > 0: {bool(np.all(r.b_ > 0))}")

    return Statement(s, claims={
        r"there are $\mathbf{a}$, $\mathbf{b} > \mathbf{0}$ with $\mathbf{Y}\mathbf{a} = "
        r"\mathbf{b}$ (separable data)": Exists((a, *bs), cs),
        r"`numerics.ho_kashyap` finds such an $\mathbf{a}$ on these data": Behaviour(
            separable, "numerics.ho_kashyap returns a with Ya > 0 on the five separable points", seeds=(0,)),
    })


def _entrywise_abs(v, n: int):
    return sp.ImmutableMatrix([sp.Abs(MatrixElement(v, i, 0)) for i in range(n)])


@entry("ho_kashyap.udelar_line5", r"udelar2018's line 5 '$\mathbf{b} \leftarrow \mathbf{a} + "
                                  r"2\eta(k)\mathbf{e}^+$' should read $\mathbf{b} \leftarrow "
                                  r"\mathbf{b} + 2\eta(k)\mathbf{e}^+$",
       uses=("ho_kashyap.criterion_gradients",),
       kind="erratum",
       sources=[("udelar2018", "Algoritmo de Ho-Kashyap para mínimos cuadrados: Algorithm 11, "
                              r"line 5 '$\mathbf{b} \leftarrow \mathbf{a} + "
                              r"2\eta(k)\mathbf{e}^+$'"),
                ("dhs", r"§5.9.1, Algorithm 11, line 5 '$\mathbf{b} \leftarrow \mathbf{b} + "
                       r"2\eta(k)\mathbf{e}^+$' and the $\mathbf{b}$-step $\mathbf{b}(k+1) = "
                       r"\mathbf{b}(k) - \eta(k)\frac{1}{2}[\nabla_{\mathbf{b}} J_s - "
                       r"|\nabla_{\mathbf{b}} J_s|]$")],
       printed=r"\mathbf{b} \leftarrow \mathbf{a} + 2\eta(k)\mathbf{e}^+")
def udelar_line5() -> Statement:
    r"""Ho-Kashyap's $\mathbf{b}$-step is gradient descent on $J_s$ in $\mathbf{b}$ that never
    lowers a component of $\mathbf{b}$: $\mathbf{b}(k+1) = \mathbf{b}(k) -
    \eta\,\frac{1}{2}[\nabla_{\mathbf{b}} J_s - |\nabla_{\mathbf{b}} J_s|]$ with
    $\nabla_{\mathbf{b}} J_s = -2(\mathbf{Y}\mathbf{a} - \mathbf{b}) = -2\mathbf{e}$, i.e.
    $\mathbf{b}(k+1) = \mathbf{b}(k) + 2\eta\,\mathbf{e}^+$ (Duda-Hart-Stork Algorithm 11,
    line 5). udelar2018 prints $\mathbf{b} \leftarrow \mathbf{a} + 2\eta(k)\mathbf{e}^+$, which
    is defined only when $\mathbf{a}$ and $\mathbf{b}$ have one length ($N = D$) and then is not
    that step. Stated ($N = D = 2$, the entrywise $|\cdot|$ written out): $\mathbf{a} +
    2\eta\mathbf{e}^+ = \mathbf{b} - \eta\,\frac{1}{2}[\nabla_{\mathbf{b}}
    J_s - |\nabla_{\mathbf{b}} J_s|]$ — refuted; corrected with $\mathbf{b} + 2\eta\mathbf{e}^+$
    — verified, and with it no component of $\mathbf{b}$ decreases ($\mathbf{b}$ never leaves
    $\mathbf{b} > \mathbf{0}$)."""
    s = Space()
    Y = s.matrix("Y", 2, 2)
    a, b = s.vector("a", 2), s.vector("b", 2)
    eta = s.scalar("eta", positive=True)
    e, ep = s.vector("e", 2), s.vector("e^+", 2)
    s.define(e, Y * a - b, "e = Ya − b")
    s.define(ep, (e + _entrywise_abs(e, 2)) / 2, "e⁺ = ½(e + |e|), entrywise")
    g = -2 * (Y * a - b)
    step = b - eta / 2 * (g - _entrywise_abs(g, 2))
    new = b + 2 * eta * ep
    claims = {r"$\mathbf{b} + 2\eta\,\mathbf{e}^+ = \mathbf{b} - \frac{\eta}{2}(\nabla_{\mathbf{b}} "
              r"J_s - |\nabla_{\mathbf{b}} J_s|)$": Equal(new, step)}
    for i in range(2):
        claims[f"$b_{i + 1}$ never decreases"] = Rel(MatrixElement(new, i, 0), ">=", MatrixElement(b, i, 0))
    return Statement(s, stated=Equal(a + 2 * eta * ep, step), claims=claims,
                     corrects=r"$\mathbf{b} + 2\eta\,\mathbf{e}^+ = \mathbf{b} - "
                              r"\frac{\eta}{2}(\nabla_{\mathbf{b}} J_s - |\nabla_{\mathbf{b}} "
                              r"J_s|)$",
                     no_numeric=("`numerics.ho_kashyap` implements the corrected line; its runs and "
                                 "the printed algorithm's are in `ho_kashyap.udelar_algorithm`"))


@entry("ho_kashyap.udelar_line6", r"udelar2018's line 6 '$\mathbf{a} \leftarrow "
                                  r"\mathbf{Y}^\top\mathbf{b}$' should read $\mathbf{a} "
                                  r"\leftarrow \mathbf{Y}^+\mathbf{b}$",
       uses=("ho_kashyap.criterion_gradients",),
       kind="erratum",
       sources=[("udelar2018", "Algoritmo de Ho-Kashyap para mínimos cuadrados: Algorithm 11, "
                              r"line 6 '$\mathbf{a} \leftarrow \mathbf{Y}^\top\mathbf{b}$'"),
                ("dhs", r"§5.9.1, Algorithm 11, line 6 '$\mathbf{a} \leftarrow "
                       r"\mathbf{Y}^\dagger\mathbf{b}$'")],
       printed=r"\mathbf{a} \leftarrow \mathbf{Y}^\top \mathbf{b}")
def udelar_line6() -> Statement:
    r"""After the $\mathbf{b}$-step Ho-Kashyap minimises $J_s(\mathbf{a}, \mathbf{b}) =
    \lVert\mathbf{Y}\mathbf{a} - \mathbf{b}\rVert^2$ in $\mathbf{a}$ for the new $\mathbf{b}$:
    $\mathbf{a} = \mathbf{Y}^+\mathbf{b} =
    (\mathbf{Y}^\top\mathbf{Y})^{-1}\mathbf{Y}^\top\mathbf{b}$ (Duda-Hart-Stork: $\mathbf{a}
    \leftarrow \mathbf{Y}^\dagger\mathbf{b}$). udelar2018 prints $\mathbf{a} \leftarrow
    \mathbf{Y}^\top\mathbf{b}$. Stated: $\mathbf{Y}^\top\mathbf{b}$ is stationary for $J_s(\cdot,
    \mathbf{b})$ — refuted (the gradient there is $2\mathbf{Y}^\top(\mathbf{Y}\mathbf{Y}^\top -
    \mathbf{I})\mathbf{b}$); corrected: $\mathbf{Y}^+\mathbf{b}$ is ($\mathbf{Y}$ of full column
    rank, $D = 1, 2$, $N = D + 1$)."""
    s = Space()
    D, N, Y = _full_rank(s)
    a, b = s.vector("a", D), s.vector("b", N)
    Yp, Yt = s.matrix("Y^+", D, N), s.matrix("Y^T", D, N)
    s.define(Yp, Inv(Y.T * Y) * Y.T, "Y⁺ = (YᵀY)⁻¹Yᵀ")
    s.define(Yt, Y.T, "the transpose, as the slide prints it")
    J = _J_s(Y, a, b)
    return lazy_inverses(Statement(s, stated=Stationary(J, a, Yt * b), claims={
        r"$\mathbf{a} = \mathbf{Y}^+\mathbf{b}$ minimises $J_s(\cdot, \mathbf{b})$": Stationary(J, a, Yp * b),
    }, no_numeric=(r"`numerics.ho_kashyap` implements $\mathbf{a} = \mathbf{Y}^+\mathbf{b}$; its "
                   "runs and the printed algorithm's are in `ho_kashyap.udelar_algorithm`")))


def _printed_run(seed: int) -> RunResult:
    """udelar2018's Algorithm 11 exactly as printed (lines 3-7), in exact rationals, on N = D
    samples with Y invertible (so the data are separable: Ya = 1 has a solution, and line 5
    type-checks): initialise a with small integers, b = 1, η = 1/2, b_min = 1/1000, k_max = 60.
    The promise: it returns a solution vector (Ya > 0)."""
    rng = np.random.default_rng(seed)
    N = 2 + seed % 2
    while True:
        Y = [[Fraction(int(v)) for v in row] for row in rng.integers(-5, 6, size=(N, N))]
        if sp.Matrix(Y).det() != 0:
            break
    a = [Fraction(int(v)) for v in rng.integers(-3, 4, size=N)]
    b = [Fraction(1)] * N
    eta, b_min = Fraction(1, 2), Fraction(1, 1000)
    for k in range(1, 61):
        e = [sum(Y[i][j] * a[j] for j in range(N)) - b[i] for i in range(N)]
        ep = [(x + abs(x)) / 2 for x in e]
        b = [a[i] + 2 * eta * ep[i] for i in range(N)]      # line 5 as printed
        a = [sum(Y[i][j] * b[i] for i in range(N)) for j in range(N)]  # line 6 as printed: Yᵀb
        if all(abs(x) <= b_min for x in e):
            ok = all(sum(Y[i][j] * a[j] for j in range(N)) > 0 for i in range(N))
            return RunResult(ok, f"N = D = {N}: returned at k = {k} with Ya > 0: {ok}", exact=True)
    size = max(abs(x) for x in a)
    return RunResult(False, f"N = D = {N}, Y invertible (separable): NO SOLUTION FOUND after k_max = 60; "
                            f"|a| has grown to {float(size):.3g}", exact=True)


def _dhs_separable(seed: int) -> RunResult:
    import numerics.ho_kashyap as nh

    rng = np.random.default_rng(seed)
    d = 2 + seed % 3
    w = rng.normal(size=d + 1)
    X = rng.normal(size=(40, d))
    s = X @ w[:-1] + w[-1]
    keep = np.abs(s) > 0.3
    X, t = X[keep], np.where(s[keep] > 0, 1.0, -1.0)
    Y = t[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])
    r = nh.ho_kashyap(Y, eta=0.5, max_iter=100000)
    ok = bool(r.converged_ and r.separable_ and np.all(Y @ r.a_ > 0) and np.all(r.b_ > 0))
    return RunResult(ok, f"d = {d}, N = {len(t)} separable: converged in {r.n_iter_} steps, "
                         f"min Ya = {(Y @ r.a_).min():.3g}, min b = {r.b_.min():.3g}")


def _dhs_nonseparable(seed: int) -> RunResult:
    import numerics.ho_kashyap as nh
    import numerics.separability as ns

    rng = np.random.default_rng(seed)
    d = 2 + seed % 2
    X = rng.normal(size=(30, d))
    t = np.where(rng.random(30) < 0.5, 1.0, -1.0)
    t[:2] = [1.0, -1.0]
    lp = ns.linear_separability(X, t)
    Y = t[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])
    r = nh.ho_kashyap(Y, eta=0.5, max_iter=100000)
    ok = bool(r.separable_ is False and r.certificate_ is not None and not lp.separable_
              and np.all(r.certificate_ >= 0) and r.certificate_residual_ < 1e-8)
    return RunResult(ok, f"d = {d}, N = 30, random labels: LP separable = {lp.separable_}; Ho-Kashyap "
                         f"separable_ = {r.separable_} after {r.n_iter_} steps, certificate residual "
                         f"{r.certificate_residual_}")


@entry("ho_kashyap.udelar_algorithm", "udelar2018's Algorithm 11 as printed does not deliver "
                                      "its promise on separable data",
       uses=("ho_kashyap.udelar_line5", "ho_kashyap.udelar_line6",),
       kind="erratum",
       sources=[("udelar2018", "Algoritmo de Ho-Kashyap para mínimos cuadrados: 'Si las muestras "
                              "son linealmente separables, entrega una solución exacta en un "
                              "número finito de pasos' and Algorithm 11, lines 1-10"),
                ("dhs", r"§5.9, Algorithm 11 (Ho-Kashyap) and its convergence for $0 < \eta < 1$")],
       printed=r"\text{linearly separable samples: an exact solution in a finite number of steps "
               "(Algorithm 11)}")
def udelar_algorithm() -> Statement:
    r"""udelar2018 promises that Ho-Kashyap "entrega una solución exacta en un número finito de
    pasos" on separable data and "permite saber si el problema no es linealmente separable", and
    prints Algorithm 11 with $\mathbf{b} \leftarrow \mathbf{a} + 2\eta(k)\mathbf{e}^+$ (line 5)
    and $\mathbf{a} \leftarrow \mathbf{Y}^\top\mathbf{b}$ (line 6). As printed (stated): on $N =
    D$ samples with $\mathbf{Y}$ invertible (separable; the only shapes where line 5
    type-checks), $\mathbf{a}(0)$ small integers, $\mathbf{b}(0) = \mathbf{1}$, $\eta = 1/2$,
    $b_{\min} = 1/1000$, $k_{\max} = 60$, the algorithm returns a solution — refuted in exact
    rationals: it ends with NO SOLUTION FOUND, the iterates growing without bound (from
    $\mathbf{a}(0) = \mathbf{0}$ it instead stops at once on the trivial $\mathbf{a} =
    \mathbf{b} = \mathbf{0}$). Corrected (Duda-Hart-Stork Algorithm 11, `numerics.ho_kashyap`):
    on separable data it returns $\mathbf{a}$ with $\mathbf{Y}\mathbf{a} > \mathbf{0}$ and
    $\mathbf{b} > \mathbf{0}$; on data that the linear program of
    `numerics.separability.linear_separability` finds non-separable it returns a certificate
    ($\mathbf{c} \geq \mathbf{0}$, $\sum_n c_n = 1$, $\mathbf{Y}^\top\mathbf{c} = \mathbf{0}$)
    instead."""
    return Statement(Space(), stated=Behaviour(
        _printed_run, "udelar2018's printed Algorithm 11 returns a solution on separable data (N = D)",
        seeds=tuple(range(6))), claims={
        r"DHS Algorithm 11: separable data give $\mathbf{Y}\mathbf{a} > \mathbf{0}$": Behaviour(
            _dhs_separable, "numerics.ho_kashyap returns a separating vector on separable data",
            seeds=tuple(range(8))),
        "DHS Algorithm 11: non-separable data give a certificate": Behaviour(
            _dhs_nonseparable, "numerics.ho_kashyap reports non-separability, as the LP does",
            seeds=tuple(range(8))),
    })


@entry("ho_kashyap.nonseparability_certificate", r"$\mathbf{e}(k) \leq \mathbf{0}$ with "
                                                 r"$\mathbf{e}(k) \neq \mathbf{0}$ at "
                                                 r"$\mathbf{a} = \mathbf{Y}^+\mathbf{b}$ proves "
                                                 "the samples are not linearly separable",
       uses=("ho_kashyap.criterion_gradients", "ho_kashyap.idea",),
       sources=[("udelar2018", "Algoritmo de Ho-Kashyap para mínimos cuadrados: 'Permite saber "
                              "si el problema no es linealmente separable'"),
                _DHS_592],
       printed=r"\text{Ho-Kashyap tells whether the problem is not linearly separable: } "
               r"\mathbf{e}(k) \leq 0,\ \mathbf{e}(k) \neq 0")
def nonseparability_certificate() -> Statement:
    r"""At $\mathbf{a} = \mathbf{Y}^+\mathbf{b}$ ($\mathbf{Y}$ of full column rank) the error
    $\mathbf{e} = \mathbf{Y}\mathbf{a} - \mathbf{b}$ is orthogonal to the columns of
    $\mathbf{Y}$: $\mathbf{Y}^\top\mathbf{e} = \mathbf{Y}^\top(\mathbf{Y}\mathbf{Y}^+ -
    \mathbf{I})\mathbf{b} = \mathbf{0}$. If some $\hat{\mathbf{a}}$ separated the samples,
    $\mathbf{p} = \mathbf{Y}\hat{\mathbf{a}} > \mathbf{0}$, then $\mathbf{p}^\top\mathbf{e} =
    \hat{\mathbf{a}}^\top\mathbf{Y}^\top\mathbf{e} = 0$; but $\mathbf{e} \leq \mathbf{0}$ with
    $\mathbf{e} \neq \mathbf{0}$ gives $\mathbf{p}^\top\mathbf{e} < 0$ for every $\mathbf{p} >
    \mathbf{0}$. So a step with $\mathbf{e} \leq \mathbf{0}$, $\mathbf{e} \neq \mathbf{0}$ proves
    non-separability (Duda-Hart-Stork §5.9.2). Claims: $\mathbf{Y}^\top\mathbf{e} = \mathbf{0}$
    and $(\mathbf{Y}\hat{\mathbf{a}})^\top\mathbf{e} = 0$ for every $\hat{\mathbf{a}}$ ($D = 1,
    2$, $N = D + 1$); and, with $\mathbf{e} = -\mathbf{q}$, $q_1 > 0$, $q_2 \geq 0$ ($N = 2$,
    written out), $\mathbf{p}^\top\mathbf{e} < 0$ for every $\mathbf{p} > \mathbf{0}$."""
    s = Space()
    D, N, Y = _full_rank(s)
    b, ahat = s.vector("b", N), s.vector("â", D)
    Yp = s.matrix("Y^+", D, N)
    s.define(Yp, Inv(Y.T * Y) * Y.T, "Y⁺ = (YᵀY)⁻¹Yᵀ")
    e = s.vector("e", N)
    s.define(e, Y * Yp * b - b, "e = Ya − b at a = Y⁺b")
    p = s.vector("p", 2, positive=True)
    q1, q2 = s.scalar("q_1", positive=True), s.scalar("q_2", nonnegative=True)
    e2 = sp.ImmutableMatrix([-q1, -q2])
    return lazy_inverses(Statement(s, claims={
        r"$\mathbf{Y}^\top\mathbf{e} = \mathbf{0}$ at $\mathbf{a} = \mathbf{Y}^+\mathbf{b}$": Equal(Y.T * e, sp.ZeroMatrix(D, 1)),
        r"$(\mathbf{Y}\hat{\mathbf{a}})^\top\mathbf{e} = 0$ for every $\hat{\mathbf{a}}$": Equal(dot(Y * ahat, e), 0),
        r"$\mathbf{p} > \mathbf{0}$, $\mathbf{e} \leq \mathbf{0}$, $\mathbf{e} \neq \mathbf{0} "
        r"\Rightarrow \mathbf{p}^\top\mathbf{e} < 0$": Rel(dot(p, e2), "<", 0),
        "numerics: non-separable data give a certificate": Behaviour(
            _dhs_nonseparable, "numerics.ho_kashyap reports non-separability, as the LP does",
            seeds=tuple(range(4))),
    }))
