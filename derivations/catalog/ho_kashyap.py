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

_UD_HK = "Algoritmo de Ho-Kashyap para mínimos cuadrados"
_DHS_59 = ("dhs", "§5.9.1 The descent procedure: J_s(a, b) = ‖Ya − b‖², its gradients, Algorithm 11 "
                  "(Ho-Kashyap), e⁺ = ½(e + |e|)")
_DHS_592 = ("dhs", "§5.9.2 Convergence proof: separable case and 'e(k) ≤ 0, e(k) ≠ 0' for non-separable data")


def _J_s(Y, a, b):
    """J_s(a, b) = ‖Ya − b‖² as a scalar (Ya − b)ᵀ(Ya − b)."""
    return dot(Y * a - b, Y * a - b)


def _full_rank(s: Space):
    D = s.dim("D", sizes=(1, 2))
    N = D + 1
    Y = s.matrix("Y", N, D, "full_column_rank")
    return D, N, Y


@entry("ho_kashyap.criterion_gradients",
       "J_s = ‖Ya − b‖²: ∇_a J_s = 2Yᵀ(Ya − b), ∇_b J_s = −2(Ya − b), and a = Y⁺b for fixed b",
       uses=("least_squares.normal_equations",),
       sources=[("udelar2018", f"{_UD_HK}: 'La idea es optimizar Ya − b tanto en a y en b, con la "
                               "restricción que b > 0'"), _DHS_59])
def criterion_gradients() -> Statement:
    """udelar2018's idea — optimise Ya − b in a and in b with b > 0 — is Duda-Hart-Stork's
    J_s(a, b) = ‖Ya − b‖² with ∇_a J_s = 2Yᵀ(Ya − b) and ∇_b J_s = −2(Ya − b). For fixed b the
    minimiser in a is the least-squares solution a = Y⁺b, Y⁺ = (YᵀY)⁻¹Yᵀ (Y of full column
    rank): ∇_a J_s vanishes there. (D = 1, 2; N = D + 1.)"""
    s = Space()
    D, N, Y = _full_rank(s)
    a, b = s.vector("a", D), s.vector("b", N)
    Yp = s.matrix("Y^+", D, N)
    s.define(Yp, Inv(Y.T * Y) * Y.T, "Y⁺ = (YᵀY)⁻¹Yᵀ")
    J = _J_s(Y, a, b)
    return lazy_inverses(Statement(s, claims={
        "grad_a J_s = 2 Y^T (Y a - b)": Equal(Grad(J, a), 2 * Y.T * (Y * a - b)),
        "grad_b J_s = -2 (Y a - b)": Equal(Grad(J, b), -2 * (Y * a - b)),
        "grad_a J_s = 0 at a = Y^+ b": Stationary(J, a, Yp * b),
    }, no_numeric=("numerics.ho_kashyap computes a = Y⁺b by a QR solve inside each step; its output "
                   "is checked in the runs of ho_kashyap.udelar_algorithm (its corrected runs)")))


#: Normalised augmented samples y = t (x, 1) of a separable data set (x in R², both classes).
_SEPARABLE = [((2, 1), 1), ((1, 3), 1), ((-1, -2), -1), ((-3, 1), -1), ((0, -1), -1)]


@entry("ho_kashyap.idea", "Separable ⇔ there are â and b̂ with Yâ = b̂ > 0",
       uses=("perceptron.solution_region",),
       sources=[("udelar2018", f"{_UD_HK}: 'Idea: En el caso linealmente separable, existen â y b̂ t.q. "
                               "Yâ = b̂ > 0'"), _DHS_59])
def idea() -> Statement:
    """On linearly separable data some â has t_n âᵀ(x_n, 1) > 0 for all n, and b̂ = Yâ > 0 then
    satisfies Yâ = b̂ > 0 (and conversely any such â separates). Encoded on the five points of a
    separable data set in ℝ² (bias last): there are â ∈ ℝ³ and b̂_1..b̂_5 > 0 with row by row
    y_nᵀâ = b̂_n — proved by an exact rational witness."""
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
        "exists a, b > 0 with Y a = b (separable data)": Exists((a, *bs), cs),
        "numerics.ho_kashyap finds such an a on these data": Behaviour(
            separable, "numerics.ho_kashyap returns a with Ya > 0 on the five separable points", seeds=(0,)),
    })


def _entrywise_abs(v, n: int):
    return sp.ImmutableMatrix([sp.Abs(MatrixElement(v, i, 0)) for i in range(n)])


@entry("ho_kashyap.udelar_line5", "udelar2018's line 5 'b ← a + 2η(k)e⁺' should read b ← b + 2η(k)e⁺",
       uses=("ho_kashyap.criterion_gradients",),
       kind="erratum",
       sources=[("udelar2018", f"{_UD_HK}: Algorithm 11, line 5 'b ← a + 2η(k)e⁺'"),
                ("dhs", "§5.9.1, Algorithm 11, line 5 'b ← b + 2η(k)e⁺' and the b-step "
                        "b(k+1) = b(k) − η(k)·½[∇_b J_s − |∇_b J_s|]")])
def udelar_line5() -> Statement:
    """Ho-Kashyap's b-step is gradient descent on J_s in b that never lowers a component of b:
    b(k+1) = b(k) − η·½[∇_b J_s − |∇_b J_s|] with ∇_b J_s = −2(Ya − b) = −2e, i.e.
    b(k+1) = b(k) + 2η e⁺ (Duda-Hart-Stork Algorithm 11, line 5). udelar2018 prints
    b ← a + 2η(k)e⁺, which is defined only when a and b have one length (N = D) and then is not
    that step. Stated (N = D = 2, entrywise |·| written out): a + 2ηe⁺ = b − η·½[∇_b J_s −
    |∇_b J_s|] — refuted; corrected with b + 2ηe⁺ — verified, and with it no component of b
    decreases (b never leaves b > 0)."""
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
    claims = {"b + 2 eta e^+ = b - eta/2 (grad_b J_s - |grad_b J_s|)": Equal(new, step)}
    for i in range(2):
        claims[f"b_{i + 1} never decreases"] = Rel(MatrixElement(new, i, 0), ">=", MatrixElement(b, i, 0))
    return Statement(s, stated=Equal(a + 2 * eta * ep, step), claims=claims,
                     corrects="b + 2 eta e^+ = b - eta/2 (grad_b J_s - |grad_b J_s|)",
                     no_numeric=("numerics.ho_kashyap implements the corrected line; its runs and "
                                 "the printed algorithm's are in ho_kashyap.udelar_algorithm"))


@entry("ho_kashyap.udelar_line6", "udelar2018's line 6 'a ← Yᵀb' should read a ← Y⁺b",
       uses=("ho_kashyap.criterion_gradients",),
       kind="erratum",
       sources=[("udelar2018", f"{_UD_HK}: Algorithm 11, line 6 'a ← Yᵀb'"),
                ("dhs", "§5.9.1, Algorithm 11, line 6 'a ← Y†b'")])
def udelar_line6() -> Statement:
    """After the b-step Ho-Kashyap minimises J_s(a, b) = ‖Ya − b‖² in a for the new b:
    a = Y⁺b = (YᵀY)⁻¹Yᵀb (Duda-Hart-Stork: a ← Y†b). udelar2018 prints a ← Yᵀb. Stated: Yᵀb
    is stationary for J_s(·, b) — refuted (the gradient there is 2Yᵀ(YYᵀ − I)b); corrected: Y⁺b
    is (Y of full column rank, D = 1, 2, N = D + 1)."""
    s = Space()
    D, N, Y = _full_rank(s)
    a, b = s.vector("a", D), s.vector("b", N)
    Yp, Yt = s.matrix("Y^+", D, N), s.matrix("Y^T", D, N)
    s.define(Yp, Inv(Y.T * Y) * Y.T, "Y⁺ = (YᵀY)⁻¹Yᵀ")
    s.define(Yt, Y.T, "the transpose, as the slide prints it")
    J = _J_s(Y, a, b)
    return lazy_inverses(Statement(s, stated=Stationary(J, a, Yt * b), claims={
        "a = Y^+ b minimises J_s(., b)": Stationary(J, a, Yp * b),
    }, no_numeric=("numerics.ho_kashyap implements a = Y⁺b; its runs and the printed algorithm's "
                   "are in ho_kashyap.udelar_algorithm")))


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


@entry("ho_kashyap.udelar_algorithm",
       "udelar2018's Algorithm 11 as printed does not deliver its promise on separable data",
       uses=("ho_kashyap.udelar_line5", "ho_kashyap.udelar_line6",),
       kind="erratum",
       sources=[("udelar2018", f"{_UD_HK}: 'Si las muestras son linealmente separables, entrega una "
                               "solución exacta en un número finito de pasos' and Algorithm 11, lines 1-10"),
                ("dhs", "§5.9, Algorithm 11 (Ho-Kashyap) and its convergence for 0 < η < 1")])
def udelar_algorithm() -> Statement:
    """udelar2018 promises that Ho-Kashyap "entrega una solución exacta en un número finito de
    pasos" on separable data and "permite saber si el problema no es linealmente separable",
    and prints Algorithm 11 with b ← a + 2η(k)e⁺ (line 5) and a ← Yᵀb (line 6). As printed
    (stated): on N = D samples with Y invertible (separable; the only shapes where line 5
    type-checks), a(0) small integers, b(0) = 1, η = 1/2, b_min = 1/1000, k_max = 60, the
    algorithm returns a solution — refuted in exact rationals: it ends with NO SOLUTION FOUND,
    the iterates growing without bound (from a(0) = 0 it instead stops at once on the trivial
    a = b = 0). Corrected (Duda-Hart-Stork Algorithm 11, numerics.ho_kashyap): on separable data
    it returns a with Ya > 0 and b > 0; on data that numerics.separability's LP finds
    non-separable it returns a certificate (c ≥ 0, Σc = 1, Yᵀc = 0) instead."""
    return Statement(Space(), stated=Behaviour(
        _printed_run, "udelar2018's printed Algorithm 11 returns a solution on separable data (N = D)",
        seeds=tuple(range(6))), claims={
        "DHS Algorithm 11: separable data give Ya > 0": Behaviour(
            _dhs_separable, "numerics.ho_kashyap returns a separating vector on separable data",
            seeds=tuple(range(8))),
        "DHS Algorithm 11: non-separable data give a certificate": Behaviour(
            _dhs_nonseparable, "numerics.ho_kashyap reports non-separability, as the LP does",
            seeds=tuple(range(8))),
    })


@entry("ho_kashyap.nonseparability_certificate",
       "e(k) ≤ 0 with e(k) ≠ 0 at a = Y⁺b proves the samples are not linearly separable",
       uses=("ho_kashyap.criterion_gradients", "ho_kashyap.idea",),
       sources=[("udelar2018", f"{_UD_HK}: 'Permite saber si el problema no es linealmente separable'"),
                _DHS_592])
def nonseparability_certificate() -> Statement:
    """At a = Y⁺b (Y of full column rank) the error e = Ya − b is orthogonal to the columns of Y:
    Yᵀe = Yᵀ(YY⁺ − I)b = 0. If some â separated the samples, p = Yâ > 0, then pᵀe = âᵀYᵀe = 0;
    but e ≤ 0 with e ≠ 0 gives pᵀe < 0 for every p > 0. So a step with e ≤ 0, e ≠ 0 proves
    non-separability (Duda-Hart-Stork §5.9.2). Claims: Yᵀe = 0 and (Yâ)ᵀe = 0 for every â
    (D = 1, 2, N = D + 1); and, with e = −q, q_1 > 0, q_2 ≥ 0 (N = 2, written out), pᵀe < 0
    for every p > 0."""
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
        "Y^T e = 0 at a = Y^+ b": Equal(Y.T * e, sp.ZeroMatrix(D, 1)),
        "(Y a^)^T e = 0 for every a^": Equal(dot(Y * ahat, e), 0),
        "p > 0, e <= 0, e != 0 => p^T e < 0": Rel(dot(p, e2), "<", 0),
        "numerics: non-separable data give a certificate": Behaviour(
            _dhs_nonseparable, "numerics.ho_kashyap reports non-separability, as the LP does",
            seeds=tuple(range(4))),
    }))
