"""Gradient descent and Newton's method as the documents state them.

Sources: udelar2018 "Métodos de optimización (diferenciable)" (the two slides "Descenso por
el gradiente" and "Método de Newton"); dhs-perceptron "Gradient descent"; bromberg2012 §4.1
Eq. (8) (the general step, first line; its perceptron instance is perceptron.py's); ml10
"discesa del gradiente"; Duda-Hart-Stork §5.4.1 (the second-order expansion, the optimal
η(k) and Newton's step) beyond them.

Conventions
-----------
* The model problem is the quadratic J(a) = ½ aᵀQa − bᵀa (Q symmetric positive definite,
  gradient Qa − b, Hessian Q), on which every remark about the learning rate is exact: the
  error a(k) − a* obeys a(k+1) − a* = (I − ηQ)(a(k) − a*), a* = Q⁻¹b (built in as
  b := Q a*, so no claim inverts Q symbolically unless the document's formula does).
* Gradients are the engine's ``Grad`` (computed entry by entry at instantiation), never
  SymPy's matrix calculus at build time; the closed forms they are compared with are typed
  by hand.
* Runs that decide convergence or divergence do so in exact rationals (``fractions``) on a
  one-dimensional quadratic, where a(k) − a* = (1 − ηλ)^k (a(0) − a*) is computed, not
  estimated; ``numerics.descent`` is run beside them on d-dimensional quadratics.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy as sp

from .._claims.claims import Behaviour, Equal, Iff, Rel, RunResult, SphereMax, Stationary
from .._claims.statement import Agreement, Statement
from .._symbols.expr import Grad, Norm, dot, quad
from .._symbols.nodes import Inv, lazy_inverses
from .._symbols.space import Space
from .registry import entry

HALF = sp.Rational(1, 2)

_DHS_541 = ("dhs", r"§5.4.1 Basic gradient descent: second-order expansion, optimal $\eta(k)$, "
                   "Newton's algorithm")


def _quadratic(x, Q, b):
    """J(x) = ½ xᵀQx − bᵀx."""
    return HALF * quad(x, Q) - dot(b, x)


def _floats(ev, e) -> np.ndarray:
    return np.asarray(ev(e), dtype=float)


# --- exact one-dimensional runs -------------------------------------------------------------

def _iterate(eta: Fraction, lam: Fraction, a0: Fraction, k: int) -> list[Fraction]:
    """a(0..k) of gradient descent on J(a) = ½ λ a² (minimiser 0), in exact rationals."""
    a = [a0]
    for _ in range(k):
        a.append(a[-1] - eta * lam * a[-1])
    return a


#: (η·λ, what happens) for the exact examples; λ = 1, a(0) = 1, 60 steps.
_RATES = [(Fraction(1, 10), "slow"), (Fraction(1, 2), "monotone"), (Fraction(3, 2), "overshoot"),
          (Fraction(19, 10), "overshoot"), (Fraction(2), "oscillate"), (Fraction(21, 10), "diverge"),
          (Fraction(3), "diverge")]


def _rate_examples(seed: int) -> RunResult:
    """The learning-rate regimes on J(a) = ½ λ a², decided exactly: a(k) = (1 − ηλ)^k a(0)."""
    lam = Fraction(seed % 3 + 1)  # λ = 1, 2, 3
    a0 = Fraction(seed + 1, 3)
    out, ok = [], True
    for h, regime in _RATES:
        eta = h / lam
        a = _iterate(eta, lam, a0, 60)
        signs_alternate = all((a[i] > 0) != (a[i + 1] > 0) for i in range(10))
        shrink = all(abs(a[i + 1]) < abs(a[i]) for i in range(60))
        grow = all(abs(a[i + 1]) > abs(a[i]) for i in range(60))
        if regime == "slow":
            ok &= shrink and not signs_alternate and abs(a[10]) > abs(a0) / 3
        elif regime == "monotone":
            ok &= shrink and not signs_alternate
        elif regime == "overshoot":
            ok &= shrink and signs_alternate
        elif regime == "oscillate":
            ok &= all(abs(x) == abs(a0) for x in a) and signs_alternate
        else:
            ok &= grow and signs_alternate
        out.append(f"ηλ = {h}: |a(60)| = {float(abs(a[-1])):.3g}")
    return RunResult(ok, f"λ = {lam}, a(0) = {a0}: " + "; ".join(out), exact=True)


def _convex_never_diverges(seed: int) -> RunResult:
    """udelar2018's '(si pb. no convexo)' read as: on a convex problem a large η does not make
    gradient descent diverge. Decided exactly on the convex J(a) = ½ λ a² with ηλ = 2 + (seed+1)/10."""
    lam = Fraction(seed % 4 + 1)
    eta = (2 + Fraction(seed + 1, 10)) / lam
    a = _iterate(eta, lam, Fraction(1), 40)
    bounded = all(abs(x) <= 1 for x in a)
    return RunResult(bounded, f"J(a) = ½·{lam}·a² (convex), η = {eta}: |a(40)| = {float(abs(a[-1])):.3g} "
                              f"from a(0) = 1 (|1 − ηλ| = {abs(1 - eta * lam)})", exact=True)


def _divergence_threshold(seed: int) -> RunResult:
    """On convex quadratics (Q SPD, d = 2..5) gradient descent converges for η < 2/λ_max and
    diverges for η > 2/λ_max: numerics.descent against the threshold from numpy's eigenvalues."""
    import numerics.descent as nd

    rng = np.random.default_rng(seed)
    d = 2 + seed % 4
    L = rng.normal(size=(d, d))
    Q = L @ L.T + 0.5 * np.eye(d)
    b = rng.normal(size=d)
    lmax = float(np.linalg.eigvalsh(Q)[-1])
    star = np.linalg.solve(Q, b)
    a0 = star + rng.normal(size=d)
    grad = lambda a: Q @ a - b  # noqa: E731
    good = nd.gradient_descent(grad, a0, eta=1.9 / lmax, max_iter=20000, tol=1e-10)
    bad = nd.gradient_descent(grad, a0, eta=2.1 / lmax, max_iter=200, tol=1e-10)
    err_good = float(np.linalg.norm(good.a_ - star))
    err_bad = float(np.linalg.norm(bad.a_ - star))
    holds = bool(good.converged_ and err_good < 1e-6 and not bad.converged_
                 and err_bad > 1e3 * np.linalg.norm(a0 - star))
    return RunResult(holds, f"d = {d}, λ_max = {lmax:.3f}: η = 1.9/λ_max converged in {good.n_iter_} "
                            f"iterations (error {err_good:.1e}); η = 2.1/λ_max after 200: error {err_bad:.3g}")


# --- entries ----------------------------------------------------------------------------------

@entry("descent.update_rule", r"Gradient descent: $\mathbf{a}(k+1) = \mathbf{a}(k) - "
                              r"\eta(k)\nabla J(\mathbf{a}(k))$, against the gradient",
       sources=[("udelar2018", "Métodos de optimización (diferenciable): Descenso por el "
                              r"gradiente: '$\mathbf{a}(k+1) = \mathbf{a}(k) - \eta(k)\nabla "
                              r"J(\mathbf{a}(k))$', 'Nos movemos en la dirección de máxima "
                              "pendiente'"),
                ("dhs-perceptron", r"Gradient descent: '$\mathbf{a}(k+1) = \mathbf{a}(k) - "
                                  r"\eta(k)\nabla J(\mathbf{a}(k))$', 'along the negative of the "
                                  "gradient'"),
                ("bromberg2012", r"§4.1, Eq. (8) first line '$\mathbf{w}^{\tau+1} \leftarrow "
                                r"\mathbf{w}^{\tau} - \eta\nabla E_P(\mathbf{w}^{\tau})$' and "
                                "'en dirección contraria al gradiente (el cual apunta en la "
                                "dirección de máxima pendiente)'"),
                ("ml10", r"Perceptron: '$\mathbf{w}^{(k+1)} = \mathbf{w}^{(k)} - \eta "
                        r"\left.\frac{\partial E_p(\mathbf{w})}{\partial "
                        r"\mathbf{w}}\right|_{\mathbf{w}^{(k)}}$'"),
                _DHS_541],
       printed=r"\mathbf{a}(k+1) = \mathbf{a}(k) - \eta(k) \nabla J(\mathbf{a}(k))")
def update_rule() -> Statement:
    r"""Every document writes the step with a minus sign: $\mathbf{a}(k+1) = \mathbf{a}(k) -
    \eta(k)\nabla J(\mathbf{a}(k))$, and says why: the gradient points in the direction of
    steepest ascent. (1) Among unit directions $\mathbf{u}$ the directional derivative
    $\mathbf{u}^\top\nabla J$ is largest at $\mathbf{u} = \nabla J/\lVert\nabla J\rVert$ (the gap
    is $\frac{1}{2}\lVert\nabla J\rVert\,\lVert\mathbf{u}/\lVert\mathbf{u}\rVert - \nabla
    J/\lVert\nabla J\rVert\rVert^2$, Cauchy-Schwarz), so $-\nabla J$ is the steepest descent. (2)
    On the quadratic $J(\mathbf{a}) = \frac{1}{2}\mathbf{a}^\top\mathbf{Q}\mathbf{a} -
    \mathbf{b}^\top\mathbf{a}$ the step changes $J$ by exactly $J(\mathbf{a} - \eta\mathbf{g}) -
    J(\mathbf{a}) = -\eta\,\mathbf{g}^\top\mathbf{g} +
    \frac{1}{2}\eta^2\,\mathbf{g}^\top\mathbf{Q}\mathbf{g}$, $\mathbf{g} = \mathbf{Q}\mathbf{a} -
    \mathbf{b} = \nabla J(\mathbf{a})$: negative for small $\eta > 0$ (first-order term
    $-\eta\lVert\mathbf{g}\rVert^2$), which is why the sign is a minus."""
    s = Space()
    d = s.dim("d")
    a, b = s.vector("a", d), s.vector("b", d)
    Q = s.matrix("Q", d, d, "symmetric")
    eta = s.scalar("eta", positive=True)
    g = s.vector("g", d)
    s.define(g, Q * a - b, "g = Qa − b, typed by hand")
    u, G = s.vector("u", d, nonzero=True), s.vector("G", d, nonzero=True)
    J = _quadratic(a, Q, b)
    step = a - eta * Grad(J, a)
    return Statement(s, claims={
        r"$\arg\max_{\lVert\mathbf{u}\rVert = 1} \mathbf{u}^\top\mathbf{G} = "
        r"\mathbf{G}/\lVert\mathbf{G}\rVert$ (the gradient is the steepest ascent)": SphereMax(
            dot(u, G), u, G / Norm(G), Norm(G) / 2 * Norm(u / Norm(u) - G / Norm(G)) ** 2),
        r"$\nabla J = \mathbf{Q}\mathbf{a} - \mathbf{b}$": Equal(Grad(J, a), g),
        r"$J(\mathbf{a} - \eta\nabla J) = J(\mathbf{a}) - \eta\,\mathbf{g}^\top\mathbf{g} + "
        r"\frac{\eta^2}{2}\mathbf{g}^\top\mathbf{Q}\mathbf{g}$": Equal(
            _quadratic(step, Q, b), J - eta * dot(g, g) + eta ** 2 / 2 * quad(g, Q)),
    }, numeric=[Agreement(
        "one step of numerics.descent.gradient_descent", a - eta * g,
        lambda ev: _one_step(ev, a, Q, b, eta))])


def _one_step(ev, a, Q, b, eta) -> np.ndarray:
    import numerics.descent as nd

    Qf, bf = _floats(ev, Q), _floats(ev, b).ravel()
    r = nd.gradient_descent(lambda x: Qf @ x - bf, _floats(ev, a).ravel(), eta=float(ev(eta)),
                            max_iter=1, tol=0.0)
    return r.a_


@entry("descent.learning_rate", r"Too small $\eta$: slow; too large: overshoot and divergence "
                                r"(quadratic: $0 < \eta < 2/\lambda_{\max}$)",
       uses=("descent.update_rule",),
       kind="algorithm",
       sources=[("udelar2018", "Métodos de optimización (diferenciable): Descenso por el "
                              r"gradiente: '¿Cómo elegir $\eta(k)$? Demasiado pequeño: "
                              "convergencia lenta. Demasiado grande: oscilación o posible "
                              "divergencia'"),
                ("dhs-perceptron", r"Gradient descent: 'If $\eta(k)$ is too small, convergence is "
                                  r"needlessly slow, whereas if $\eta(k)$ is too large, the "
                                  "correction process will overshoot and can even diverge'"),
                _DHS_541],
       printed=r"\eta(k) \text{ too small: slow convergence; too large: oscillation or possible "
               "divergence}")
def learning_rate() -> Statement:
    r"""On $J(\mathbf{a}) = \frac{1}{2}\mathbf{a}^\top\mathbf{Q}\mathbf{a} -
    \mathbf{b}^\top\mathbf{a}$ ($\mathbf{Q}$ symmetric positive definite, $\mathbf{a}^* =
    \mathbf{Q}^{-1}\mathbf{b}$, built in as $\mathbf{b} = \mathbf{Q}\mathbf{a}^*$) the error
    obeys $\mathbf{a}(k+1) - \mathbf{a}^* = (\mathbf{I} - \eta\mathbf{Q})(\mathbf{a}(k) -
    \mathbf{a}^*)$: along an eigenvector of eigenvalue $\lambda$ it is multiplied by $1 -
    \eta\lambda$ each step. Hence: $|1 - \eta\lambda| < 1$ if and only if $0 < \eta\lambda < 2$
    (convergence if and only if $0 < \eta < 2/\lambda_{\max}$); for $1 < \eta\lambda < 2$ the
    sign alternates (overshoot) while converging; $\eta\lambda = 2$ oscillates for ever;
    $\eta\lambda > 2$ diverges; a small $\eta\lambda$ converges slowly. Exact examples
    ($\lambda = 1, 2, 3$, $a(0) = (\text{seed} + 1)/3$, 60 steps, rationals): $\eta\lambda =
    1/10$ slow, $1/2$ monotone, $3/2$ and $19/10$ overshoot, $2$ oscillates, $21/10$ and $3$
    diverge. `numerics.descent.gradient_descent` on random symmetric positive definite
    $\mathbf{Q}$ ($d = 2, \dots, 5$): $\eta = 1.9/\lambda_{\max}$ converges,
    $\eta = 2.1/\lambda_{\max}$ diverges."""
    s = Space()
    d = s.dim("d")
    a, astar, b = s.vector("a", d), s.vector("a_*", d), s.vector("b", d)
    Q = s.matrix("Q", d, d, "spd")
    s.define(b, Q * astar, "a_* = Q^{-1} b, the minimiser")
    eta, lam = s.scalar("eta", positive=True), s.scalar("lambda", positive=True)
    h = s.scalar("h", positive=True)
    s.define(eta, h / lam, "η = h/λ: the product ηλ = h > 0 is the one parameter of the regime")
    J = _quadratic(a, Q, b)
    return Statement(s, claims={
        r"$\mathbf{a}(k+1) - \mathbf{a}^* = (\mathbf{I} - \eta\mathbf{Q})(\mathbf{a}(k) - "
        r"\mathbf{a}^*)$": Equal(a - eta * Grad(J, a) - astar,
                                                          (sp.Identity(d) - eta * Q) * (a - astar)),
        r"$|1 - \eta\lambda| < 1$ iff $\eta\lambda < 2$": Iff(sp.Abs(1 - eta * lam) < 1, eta * lam < 2),
        r"$1 - \eta\lambda < 0$ iff $\eta\lambda > 1$ (overshoot)": Iff(1 - eta * lam < 0, eta * lam > 1),
        r"exact regimes on $J = \lambda a^2/2$": Behaviour(
            _rate_examples, "gradient descent on ½λa²: slow, monotone, overshooting, oscillating and "
                            "diverging exactly as |1 − ηλ| says (exact rationals)", seeds=tuple(range(6))),
        r"numerics: threshold $2/\lambda_{\max}$": Behaviour(
            _divergence_threshold, "numerics.descent.gradient_descent converges at η = 1.9/λ_max and "
                                   "diverges at η = 2.1/λ_max on random SPD quadratics",
            seeds=tuple(range(8))),
    })


@entry("descent.divergence_only_nonconvex", r"udelar2018: a too large $\eta$ gives 'posible "
                                            "divergencia (si pb. no convexo)'",
       kind="erratum",
       uses=("descent.learning_rate",),
       sources=[("udelar2018", "Métodos de optimización (diferenciable): Descenso por el "
                              "gradiente: 'Demasiado grande: oscilación o posible divergencia "
                              "(si pb. no convexo)'"),
                ("dhs-perceptron", "Gradient descent: 'the correction process will overshoot and "
                                  "can even diverge'")],
       printed=r"\eta(k) \text{ too large: oscillation, or possible divergence (if the problem "
               "is not convex)}")
def divergence_only_nonconvex() -> Statement:
    r"""udelar2018 qualifies divergence with "(si pb. no convexo)": a too large step gives
    oscillation, or divergence *if the problem is non-convex* — so on a convex problem a large
    $\eta$ would only oscillate. As printed (stated): gradient descent on the convex $J(a) =
    \frac{1}{2}\lambda a^2$ with $\eta\lambda = 2.1, \dots, 2.8$ stays bounded — refuted exactly:
    $a(k) = (1 - \eta\lambda)^k a(0)$ with $|1 - \eta\lambda| > 1$ grows without bound.
    Divergence needs no non-convexity; the correct condition on a quadratic is $\eta >
    2/\lambda_{\max}$ (`descent.learning_rate`), which dhs-perceptron states without the
    qualifier. Corrected: the same runs diverge ($|a(k)|$ grows every step), and $|1 -
    \eta\lambda| > 1$ if and only if $\eta\lambda > 2$ for $\eta, \lambda > 0$."""
    s = Space()
    eta, lam = s.scalar("eta", positive=True), s.scalar("lambda", positive=True)
    h = s.scalar("h", positive=True)
    s.define(eta, h / lam, "η = h/λ: the product ηλ = h > 0 is the one parameter of the regime")

    def diverges(seed: int) -> RunResult:
        r = _convex_never_diverges(seed)
        lam_ = Fraction(seed % 4 + 1)
        eta_ = (2 + Fraction(seed + 1, 10)) / lam_
        a = _iterate(eta_, lam_, Fraction(1), 40)
        return RunResult(all(abs(a[i + 1]) > abs(a[i]) for i in range(40)), r.detail, exact=True)

    return Statement(s, stated=Behaviour(
        _convex_never_diverges, "on the convex ½λa² gradient descent with a large η stays bounded",
        seeds=tuple(range(8))), claims={
        r"convex, $\eta\lambda > 2$: $|a(k)|$ grows every step": Behaviour(
            diverges, "gradient descent on the convex ½λa² with ηλ > 2 diverges (exact)",
            seeds=tuple(range(8))),
        r"$|1 - \eta\lambda| > 1$ iff $\eta\lambda > 2$": Iff(sp.Abs(1 - eta * lam) > 1, eta * lam > 2),
    })


@entry("descent.optimal_step", r"Second-order model: the best $\eta(k)$ is $\lVert\nabla "
                               r"J\rVert^2/(\nabla J^\top\mathbf{H}\nabla J)$",
       uses=("descent.update_rule",),
       sources=[_DHS_541,
                ("udelar2018", "Métodos de optimización (diferenciable): Método de Newton: "
                              r"'$J(\mathbf{a}) \approx J(\mathbf{a}(k)) + \nabla "
                              r"J^\top(\mathbf{a} - \mathbf{a}(k)) + \frac{1}{2}(\mathbf{a} - "
                              r"\mathbf{a}(k))^\top \mathbf{H}(\mathbf{a} - \mathbf{a}(k))$'")],
       printed=r"J(\mathbf{a}) \approx J(\mathbf{a}(k)) + \nabla J^\top (\mathbf{a} - "
               r"\mathbf{a}(k)) + \frac{1}{2} (\mathbf{a} - \mathbf{a}(k))^\top \mathbf{H} "
               r"(\mathbf{a} - \mathbf{a}(k))")
def optimal_step() -> Statement:
    r"""Along the step $\mathbf{a} = \mathbf{a}(k) - \eta\,\mathbf{g}$ ($\mathbf{g} = \nabla
    J(\mathbf{a}(k))$) the second-order model udelar2018 prints becomes $m(\eta) =
    J(\mathbf{a}(k)) - \eta\lVert\mathbf{g}\rVert^2 +
    \frac{1}{2}\eta^2\,\mathbf{g}^\top\mathbf{H}\mathbf{g}$; with $\mathbf{H}$ positive definite
    it is minimised at $\eta^* = \lVert\mathbf{g}\rVert^2/(\mathbf{g}^\top\mathbf{H}\mathbf{g})$
    (Duda-Hart-Stork §5.4.1): $m(\eta) - m(\eta^*) =
    \frac{1}{2}\mathbf{g}^\top\mathbf{H}\mathbf{g}\,(\eta - \eta^*)^2 \geq 0$. The first claim
    checks the model along the step against the printed model at $\mathbf{a} = \mathbf{a}(k) -
    \eta\mathbf{g}$; the second the minimum. On a quadratic $J$ the model is exact
    (`descent.newton_one_step`), so $\eta^*$ is the exact line minimum: the step of
    `numerics.descent.gradient_descent` with $\eta^*$ reaches $J = m(\eta^*)$."""
    s = Space()
    d = s.dim("d")
    ak, g = s.vector("a_k", d), s.vector("g", d, nonzero=True)
    H = s.matrix("H", d, d, "spd")
    Jk, eta = s.scalar("J_k"), s.scalar("eta")
    star = dot(g, g) / quad(g, H)

    def model(x):
        """udelar2018's J(a(k)) + ∇Jᵗ(a − a(k)) + ½(a − a(k))ᵗH(a − a(k)), as printed."""
        return Jk + dot(g, x - ak) + HALF * quad(x - ak, H)

    def along(t):
        return Jk - t * dot(g, g) + t ** 2 / 2 * quad(g, H)

    # numeric: the model's quadratic J with J(a_k) = J_k, gradient g and Hessian H at a_k
    def line_minimum(ev) -> float:
        import numerics.descent as nd

        Hf, gf, akf = _floats(ev, H), _floats(ev, g).ravel(), _floats(ev, ak).ravel()
        Jf = lambda x: float(ev(Jk) + gf @ (x - akf) + 0.5 * (x - akf) @ Hf @ (x - akf))  # noqa: E731
        step = float(gf @ gf / (gf @ Hf @ gf))
        r = nd.gradient_descent(lambda x: gf + Hf @ (x - akf), akf, eta=step, max_iter=1, tol=0.0)
        return Jf(r.a_)

    return Statement(s, claims={
        r"model at $\mathbf{a} = \mathbf{a}_k - \eta\,\mathbf{g}$": Equal(model(ak - eta * g), along(eta)),
        r"$m(\eta^*) \leq m(\eta)$, $\eta^* = "
        r"\lVert\mathbf{g}\rVert^2/(\mathbf{g}^\top\mathbf{H}\mathbf{g})$": Rel(
            along(star), "<=", along(eta), certificate=quad(g, H) / 2 * (eta - star) ** 2),
    }, numeric=[Agreement("J after numerics' step with eta*", along(star), line_minimum)])


def _newton_space():
    s = Space()
    d = s.dim("d")
    ak, astar = s.vector("a_k", d), s.vector("a_*", d)
    H = s.matrix("H", d, d, "spd")
    g = s.vector("g", d)
    s.define(g, H * (ak - astar), "the quadratic model with minimiser a_*: g = H(a_k − a_*)")
    Jk = s.scalar("J_k")
    a = s.vector("a", d)
    model = Jk + dot(g, a - ak) + HALF * quad(a - ak, H)
    return s, d, a, ak, astar, H, g, model


def _printed_newton_oscillates(seed: int) -> RunResult:
    """udelar2018's a(k+1) = a(k) − 2H⁻¹∇J on J = ½λ(a − a*)², exact: it jumps between a(0)
    and 2a* − a(0), and the stopping rule ‖H⁻¹∇J‖ < θ never fires."""
    lam, star = Fraction(seed % 3 + 1), Fraction(seed, 2)
    a = star + Fraction(seed + 1, 3)
    start, seen = a, []
    for _ in range(50):
        step = (lam * (a - star)) / lam  # H⁻¹∇J
        seen.append(abs(step))
        a = a - 2 * step
    holds = a == start and min(seen) == abs(start - star) > 0
    return RunResult(holds, f"λ = {lam}, a* = {star}, a(0) = {start}: after 50 printed steps a = {a}; "
                            f"|H⁻¹∇J| stays {float(min(seen))}", exact=True)


@entry("descent.newton_step", r"udelar2018's Newton step $\mathbf{a}(k+1) = \mathbf{a}(k) - "
                              r"2\mathbf{H}^{-1}\nabla J(\mathbf{a}(k))$ has a spurious 2",
       kind="erratum",
       sources=[("udelar2018", "Métodos de optimización (diferenciable): Método de Newton: "
                              r"Algoritmo '$\mathbf{a}(k+1) = \mathbf{a}(k) - "
                              r"2\mathbf{H}^{-1}\nabla J(\mathbf{a}(k))$'"),
                _DHS_541],
       printed=r"\mathbf{a}(k+1) = \mathbf{a}(k) - 2 H^{-1} \nabla J(\mathbf{a}(k))")
def newton_step() -> Statement:
    r"""udelar2018 takes the second-order model $m(\mathbf{a}) = J(\mathbf{a}(k)) + \nabla
    J^\top(\mathbf{a} - \mathbf{a}(k)) + \frac{1}{2}(\mathbf{a} -
    \mathbf{a}(k))^\top\mathbf{H}(\mathbf{a} - \mathbf{a}(k))$ and prints the step
    $\mathbf{a}(k+1) = \mathbf{a}(k) - 2\mathbf{H}^{-1}\nabla J(\mathbf{a}(k))$. The model's
    stationary point (its minimum, $\mathbf{H}$ positive definite) is $\mathbf{a}(k) -
    \mathbf{H}^{-1}\nabla J$ (Duda-Hart-Stork §5.4.1): stated, the printed point is stationary —
    refuted (the model's gradient there is $-\nabla J \neq \mathbf{0}$). Corrected:
    $\mathbf{a}(k) - \mathbf{H}^{-1}\nabla J$ is stationary. With the 2 the step overshoots to
    the mirror image: on a quadratic with minimiser $\mathbf{a}^*$, $(\mathbf{a}(k) -
    2\mathbf{H}^{-1}\nabla J) - \mathbf{a}^* = -(\mathbf{a}(k) - \mathbf{a}^*)$, so the printed
    iteration jumps between $\mathbf{a}(0)$ and $2\mathbf{a}^* - \mathbf{a}(0)$ for ever (run,
    exact)."""
    s, d, a, ak, astar, H, g, model = _newton_space()
    return lazy_inverses(Statement(s, stated=Stationary(model, a, ak - 2 * Inv(H) * g), claims={
        r"Newton: $\mathbf{a}_k - \mathbf{H}^{-1}\nabla J$ is stationary": Stationary(model, a, ak - Inv(H) * g),
        r"printed step mirrors through $\mathbf{a}^*$": Equal(ak - 2 * Inv(H) * g - astar, astar - ak),
        "printed iteration oscillates": Behaviour(
            _printed_newton_oscillates, "udelar2018's step with the 2 alternates between a(0) and "
                                        "2a* − a(0) on a quadratic (exact)", seeds=tuple(range(5))),
    }, corrects=r"Newton: $\mathbf{a}_k - \mathbf{H}^{-1}\nabla J$ is stationary"))


def _newton_vs_descent(seed: int) -> RunResult:
    import numerics.descent as nd

    rng = np.random.default_rng(seed)
    d = 2 + seed % 5
    L = rng.normal(size=(d, d))
    Q = L @ L.T + 0.1 * np.eye(d)
    b = rng.normal(size=d)
    star = np.linalg.solve(Q, b)
    a0 = rng.normal(size=d)
    grad = lambda a: Q @ a - b  # noqa: E731
    newton = nd.newton_method(grad, lambda a: Q, a0, max_iter=50, tol=1e-8)
    ev = np.linalg.eigvalsh(Q)
    gd = nd.gradient_descent(grad, a0, eta=2.0 / (ev[0] + ev[-1]), max_iter=100000, tol=1e-8)
    err = float(np.linalg.norm(newton.a_ - star) / max(1.0, np.linalg.norm(star)))
    holds = bool(newton.converged_ and newton.n_iter_ <= 2 and err < 1e-8 and gd.n_iter_ > newton.n_iter_)
    return RunResult(holds, f"d = {d}, cond(Q) = {ev[-1] / ev[0]:.1f}: Newton {newton.n_iter_} iteration(s) "
                            f"(error {err:.1e}); gradient descent with the best fixed η {gd.n_iter_}")


@entry("descent.newton_one_step", "Newton's method minimises a quadratic in one step",
       uses=("descent.newton_step",),
       sources=[("udelar2018", "Métodos de optimización (diferenciable): Método de Newton: 'Se "
                              "hace una aproximación de segundo orden con la matriz Hessiana', "
                              "'Converge en muchos menos pasos'"),
                _DHS_541],
       printed=r"\mathbf{a}(k+1) = \mathbf{a}(k) - H^{-1} \nabla J(\mathbf{a}(k)) \text{ "
               "converges in far fewer steps}")
def newton_one_step() -> Statement:
    r"""On $J(\mathbf{a}) = \frac{1}{2}\mathbf{a}^\top\mathbf{Q}\mathbf{a} -
    \mathbf{b}^\top\mathbf{a}$ ($\mathbf{Q}$ symmetric positive definite) udelar2018's
    second-order model is exact: $J(\mathbf{a}) = J(\mathbf{a}(k)) + \nabla
    J(\mathbf{a}(k))^\top(\mathbf{a} - \mathbf{a}(k)) + \frac{1}{2}(\mathbf{a} -
    \mathbf{a}(k))^\top\mathbf{Q}(\mathbf{a} - \mathbf{a}(k))$ with $\nabla J(\mathbf{a}(k)) =
    \mathbf{Q}\mathbf{a}(k) - \mathbf{b}$, $\mathbf{H} = \mathbf{Q}$. So one Newton step
    $\mathbf{a}(1) = \mathbf{a}(0) - \mathbf{Q}^{-1}(\mathbf{Q}\mathbf{a}(0) - \mathbf{b}) =
    \mathbf{Q}^{-1}\mathbf{b}$ lands on the minimiser from any $\mathbf{a}(0)$: $\nabla
    J(\mathbf{a}(1)) = \mathbf{0}$. Run: `numerics.descent.newton_method` stops after one step
    (the second confirms the zero gradient) where gradient descent with the best fixed $\eta =
    2/(\lambda_{\min} + \lambda_{\max})$ needs many ("converge en muchos menos pasos")."""
    s = Space()
    d = s.dim("d")
    a, ak, a0, b = s.vector("a", d), s.vector("a_k", d), s.vector("a_0", d), s.vector("b", d)
    Q = s.matrix("Q", d, d, "spd")
    g = s.vector("g", d)
    s.define(g, Q * ak - b, "∇J(a(k)) = Q a(k) − b, typed by hand")
    J = _quadratic(a, Q, b)
    return lazy_inverses(Statement(s, claims={
        r"$J(\mathbf{a}) = J(\mathbf{a}_k) + \mathbf{g}^\top(\mathbf{a} - \mathbf{a}_k) + "
        r"(\mathbf{a} - \mathbf{a}_k)^\top\mathbf{Q}(\mathbf{a} - \mathbf{a}_k)/2$": Equal(
            J, _quadratic(ak, Q, b) + dot(g, a - ak) + HALF * quad(a - ak, Q)),
        r"$\nabla J(\mathbf{a}_0 - \mathbf{Q}^{-1}(\mathbf{Q}\mathbf{a}_0 - \mathbf{b})) = "
        r"\mathbf{0}$": Stationary(J, a, a0 - Inv(Q) * (Q * a0 - b)),
        "Newton vs gradient descent": Behaviour(
            _newton_vs_descent, "numerics.descent.newton_method converges in at most 2 iterations on "
                                "a quadratic, gradient descent with the best fixed η needs more",
            seeds=tuple(range(8))),
    }))
