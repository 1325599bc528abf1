"""Generalized linear discriminants f(wᵀx + w₀), feature maps φ(x), and separability.

Sources: bromberg2012 §4 Example 1 (φ = (x₁², √2 x₁x₂, x₂²) and its conics), §6
exercises 1 and 3; udelar2018 "Funciones discriminantes" (modelos lineales
generalizados) and "Discriminante polinomial"; Bishop PRML §4.1.7, §6.2 (kernels).
"""

from __future__ import annotations

import numpy as np
import sympy as sp

import numerics.feature_maps as nf
import numerics.geometry as ng
import numerics.separability as nsep

from .._claims.claims import Behaviour, Equal, Exists, Rel, RunResult
from .._symbols.expr import dot
from .._symbols.space import Space
from .._claims.statement import Agreement, Statement, chain
from .registry import entry


def _phi(x) -> sp.ImmutableMatrix:
    """bromberg2012 Example 1: φ(x) = (x₁², √2 x₁x₂, x₂²)."""
    return sp.ImmutableMatrix([x[0, 0] ** 2, sp.sqrt(2) * x[0, 0] * x[1, 0], x[1, 0] ** 2])


@entry("feature_maps.quadratic_kernel",
       r"$\phi(\mathbf{x})^\top\phi(\mathbf{z}) = (\mathbf{x}^\top\mathbf{z})^2$ for "
       r"$\phi(\mathbf{x}) = (x_1^2, \sqrt{2}\,x_1x_2, x_2^2)$",
       sources=[("bishop-prml", "§6.2, Eq. (6.12)"),
                ("bromberg2012", r"§4, Example 1: the map $\phi$, cited for this identity, which it "
                                 r"does not state")],
       kind="caveat",
       caveat=r"misattributed: bromberg2012 §4 Example 1 prints only the map "
              r"$\phi = (x_1^2, \sqrt{2}x_1x_2, x_2^2)$, the plane "
              r"$w_1x_1^2 + w_2\sqrt{2}x_1x_2 + w_3x_2^2 + b = 0$ and the conic it gives in "
              r"$\mathbf{x}$-space; it says nothing about $\phi(\mathbf{x})^\top\phi(\mathbf{z})$ or "
              r"$(\mathbf{x}^\top\mathbf{z})^2$. The kernel identity is Bishop PRML §6.2, Eq. (6.12)",
       printed=r"\mathbf{x} = (x_1, x_2) \longrightarrow \phi = (x_1^2, \sqrt{2}x_1x_2, x_2^2)")
def quadratic_kernel() -> Statement:
    r"""$\phi(\mathbf{x})^\top\phi(\mathbf{z}) = x_1^2 z_1^2 + 2x_1x_2z_1z_2 + x_2^2 z_2^2 = (x_1z_1 + x_2z_2)^2$:
    the inner product in the 3-D feature space is the squared inner product in the plane (the
    $\sqrt{2}$ makes it so).

    True, but not in bromberg2012: its Example 1 uses this $\phi$ only to show that a plane in
    $\phi$-space is a conic in $\mathbf{x}$-space (`feature_maps.conic_coefficients`). The
    identity is Bishop's (6.12), where the same $\phi$ illustrates the kernel
    $k(\mathbf{x}, \mathbf{z}) = (\mathbf{x}^\top\mathbf{z})^2$."""
    s = Space()
    x, z = s.vector("x", 2), s.vector("z", 2)
    lhs = (_phi(x).T * _phi(z))[0, 0]
    return Statement(s, claims={r"$\boldsymbol{\phi}(\mathbf{x})^\top\boldsymbol{\phi}(\mathbf{z}) = (\mathbf{x}^\top\mathbf{z})^2$": Equal(lhs, dot(x, z) ** 2)},
                     steps=chain(lhs, (x[0, 0] * z[0, 0] + x[1, 0] * z[1, 0]) ** 2, dot(x, z) ** 2),
                     numeric=[Agreement("quadratic_features", lhs, lambda ev: float(
                         nf.quadratic_features(ev(x).T)[0] @ nf.quadratic_features(ev(z).T)[0]))])


@entry("feature_maps.conic_coefficients",
       r"$\mathbf{w}^\top\phi(\mathbf{x}) + b = 0$ is the conic $A = w_1$, $B = \sqrt{2}\,w_2$, "
       r"$C = w_3$, $D = E = 0$, $F = b$",
       sources=[("bromberg2012", "§4, Example 1")],
       printed=r"w_1x_1^2 + w_2\sqrt{2}x_1x_2 + w_3x_2^2 + b = 0, \quad Ax_1^2 + Bx_1x_2 + Cx_2^2 + Dx_1 + "
               r"Ex_2 + F = 0, \text{ con } D = E = 0, A = w_1, B = w_2\sqrt{2}, C = w_3, \text{ y } F = b")
def conic_coefficients() -> Statement:
    r"""$w_1x_1^2 + w_2\sqrt{2}\,x_1x_2 + w_3x_2^2 + b = Ax_1^2 + Bx_1x_2 + Cx_2^2 + Dx_1 + Ex_2 + F$
    with $A = w_1$, $B = \sqrt{2}\,w_2$, $C = w_3$, $D = E = 0$, $F = b$."""
    s = Space()
    x, w, b = s.vector("x", 2), s.vector("w", 3), s.scalar("b")
    x1, x2 = x[0, 0], x[1, 0]
    A, B, C, F = w[0, 0], sp.sqrt(2) * w[1, 0], w[2, 0], b
    return Statement(s, claims={
        r"$\mathbf{w}^\top\boldsymbol{\phi}(\mathbf{x}) + b = Ax_1^2 + Bx_1x_2 + Cx_2^2 + F$":
            Equal(dot(w, _phi(x)) + b, A * x1 ** 2 + B * x1 * x2 + C * x2 ** 2 + 0 * x1 + 0 * x2 + F),
    }, numeric=[Agreement("conic_coefficients", sp.ImmutableMatrix([A, B, C, 0, 0, F]),
                          lambda ev: list(nf.conic_coefficients(coef=ev(w).ravel(), intercept=float(ev(b))).coefficients))])


def _conic_det(A, B, C, D, E, F):
    """det M of the conic matrix, kept unevaluated so the claim prints as the document's object."""
    return sp.Determinant(sp.ImmutableMatrix([[A, B / 2, D / 2], [B / 2, C, E / 2], [D / 2, E / 2, F]]))


def _parabolic_w(alpha, p, q):
    """Every (w₁, w₂, w₃) with B² = 4AC, i.e. 2w₂² = 4w₁w₃ (A = w₁, B = √2w₂, C = w₃):
    w = (αp², αpq, αq²/2). Each real solution arises: w₁ ≠ 0 from α = w₁, p = 1, q = w₂/w₁;
    w₁ = 0 forces w₂ = 0, and (0, 0, w₃) from α = 2w₃, p = 0, q = 1."""
    return alpha * p ** 2, alpha * p * q, alpha * q ** 2 / 2


def _conic_of(w1, w2, w3, b):
    """(A, B, C, D, E, F) of bromberg2012 Example 1: A = w₁, B = w₂√2, C = w₃, D = E = 0, F = b."""
    return w1, sp.sqrt(2) * w2, w3, sp.Integer(0), sp.Integer(0), b


@entry("feature_maps.no_parabola",
       r"The conics of $\phi(\mathbf{x}) = (x_1^2, \sqrt{2}\,x_1x_2, x_2^2)$ include parabolas",
       uses=("feature_maps.conic_coefficients",),
       kind="erratum", sources=[("bromberg2012", "§4, Example 1: 'círculo, elipse, parábola o hipérbola'")],
       printed=r"Ax_1^2 + Bx_1x_2 + Cx_2^2 + Dx_1 + Ex_2 + F = 0 \text{ [...] correspondiente a un "
               r"c\'{\i}rculo, elipse, par\'abola o hip\'erbola dependiendo de los valores de } A, B, C \text{ y } F")
def no_parabola() -> Statement:
    r"""bromberg2012: $\mathbf{w}^\top\phi(\mathbf{x}) + b = 0$ is the conic
    $Ax_1^2 + Bx_1x_2 + Cx_2^2 + Dx_1 + Ex_2 + F = 0$ with $D = E = 0$, $A = w_1$,
    $B = w_2\sqrt{2}$, $C = w_3$, $F = b$, "correspondiente a un círculo, elipse, parábola o
    hipérbola dependiendo de los valores de $A$, $B$, $C$ y $F$": for some $(\mathbf{w}, b)$ the
    curve is a parabola. Encoded as printed, an existence claim: there is $(\mathbf{w}, b)$ with
    $B^2 = 4AC$ (the parabolic case) and $\det \mathbf{M} \ne 0$ (a non-degenerate conic),
    $\mathbf{M}$ the conic's $3 \times 3$ matrix.

    The engine refutes existentials only when their system is linear, and $B^2 = 4AC$ is not:
    the bound variables run over its general solution
    $\mathbf{w} = (\alpha p^2, \alpha p q, \alpha q^2/2)$ instead (every real solution arises,
    the branch $w_1 = 0$ included: $w_1 \ne 0$ from $\alpha = w_1$, $p = 1$, $q = w_2/w_1$;
    $w_1 = 0$ forces $w_2 = 0$, and $(0, 0, w_3)$ from $\alpha = 2w_3$, $p = 0$, $q = 1$), and
    the printed condition $B^2 = 4AC$ is kept in the system, where it holds at every point. On
    that family
    $\det \mathbf{M} = F(AC - B^2/4) = b(\alpha^2p^2q^2/2 - \alpha^2p^2q^2/2) = 0$: no point is a
    parabola — the curve is degenerate, a pair of parallel lines, one line, or empty.
    Corrected: $\det \mathbf{M} = 0$ on every parabolic $(\mathbf{w}, b)$. Circles, ellipses and
    hyperbolas do occur (the run). (The system has no data: the values listed with its
    refutation are the draws of the corrected claim's $\alpha$, $p$, $q$, $b$, and the
    certificate holds for every value of the bound $\alpha_0$, $p_0$, $q_0$, $b_0$.)"""
    s = Space()
    alpha, p, q, b = s.scalar("alpha"), s.scalar("p"), s.scalar("q"), s.scalar("b")
    det = _conic_det(*_conic_of(*_parabolic_w(alpha, p, q), b))
    # the existential's bound variables: not declared in the space
    ea, ep, eq, eb = (sp.Symbol(n, real=True) for n in ("alpha_0", "p_0", "q_0", "b_0"))
    A, B, C, D, E, F = _conic_of(*_parabolic_w(ea, ep, eq), eb)

    def which_conics(seed: int) -> RunResult:
        rng = np.random.default_rng(seed)
        seen = set()
        for _ in range(200):
            ww, bb = rng.normal(size=3), rng.normal()
            seen.add(nf.classify_conic(*nf.conic_coefficients(coef=ww, intercept=bb).coefficients))
        for ww, bb in (([1.0, 0.0, 1.0], -1.0), ([1.0, 2 ** 0.5, 1.0], -1.0), ([1.0, 2 ** 0.5, 1.0], 1.0)):
            seen.add(nf.classify_conic(*nf.conic_coefficients(coef=ww, intercept=bb).coefficients))
        ok = "parabola" not in seen and {"ellipse", "hyperbola", "circle"} <= seen
        return RunResult(ok, f"conic types seen: {sorted(seen)}")

    return Statement(
        s,
        stated=Exists((ea, ep, eq, eb), [
            sp.Eq(sp.Add(B ** 2, -4 * A * C, evaluate=False), 0, evaluate=False),
            sp.Abs(_conic_det(A, B, C, D, E, F)) > 0,
        ]),
        claims={r"$\det\mathbf{M} = 0$ when $B^2 = 4AC$ (degenerate, not a parabola)": Equal(det, 0),
                "which conics occur": Behaviour(which_conics, "classify_conic over random w, b",
                                                seeds=(0, 1, 2))},
        corrects=r"$\det\mathbf{M} = 0$ when $B^2 = 4AC$ (degenerate, not a parabola)",
    )


def _sigmoid(a):
    return 1 / (1 + sp.exp(-a))


def _square(a):
    """f(a) = a²: a nonlinear activation that is not injective (f(a) = f(−a))."""
    return a ** 2


@entry("feature_maps.generalized_boundary",
       r"The boundary $f(\mathbf{w}^\top\mathbf{x} + w_0) = c$ of a generalized linear model is a hyperplane",
       sources=[("udelar2018", "Funciones discriminantes: modelos lineales generalizados"),
                ("bishop-prml", "§4.1, Eq. (4.3)")],
       kind="caveat",
       caveat=r"unstated condition: $f$ injective (e.g. strictly monotone, as the logistic $\sigma$). "
              r"udelar2018 asks only '$f$ no lineal' ('$g(\mathbf{x}) = f(\mathbf{w}^T\mathbf{x} + w_0)$, "
              "$f$ no lineal \"función de activación\"; Fronteras de decisión: $g(\\mathbf{x}) = cte$, "
              r"i.e. hiperplanos'); for $f(a) = a^2$ the boundary $g(\mathbf{x}) = c > 0$ is the two "
              r"parallel hyperplanes $\mathbf{w}^\top\mathbf{x} + w_0 = \pm\sqrt{c}$",
       printed=r"g(\mathbf{x}) = f(\mathbf{w}^T \mathbf{x} + w_0), \ f \text{ no lineal ``funci\'on de "
               r"activaci\'on''; Fronteras de decisi\'on: } g(\mathbf{x}) = cte\text{, i.e. hiperplanos}")
def generalized_boundary() -> Statement:
    r"""udelar2018: for $g(\mathbf{x}) = f(\mathbf{w}^\top\mathbf{x} + w_0)$ with $f$ a nonlinear
    activation, the decision boundaries $g(\mathbf{x}) = c$ are hyperplanes. A hyperplane is an
    affine set: with two of its points it contains every
    $\lambda\mathbf{x}_A + (1 - \lambda)\mathbf{x}_B$. As printed the claim is about every
    nonlinear $f$, and the engine cannot quantify over functions: it is encoded at the concrete
    nonlinear $f(a) = a^2$, the strongest faithful instance. With
    $w_0 = -\mathbf{w}^\top(\mathbf{x}_A + \mathbf{x}_B)/2$ and
    $c = f(\mathbf{w}^\top\mathbf{x}_A + w_0)$, both $\mathbf{x}_A$ and $\mathbf{x}_B$ lie on
    $g(\mathbf{x}) = c$ ($\mathbf{w}^\top\mathbf{x}_A + w_0 = \delta$,
    $\mathbf{w}^\top\mathbf{x}_B + w_0 = -\delta$,
    $\delta = \mathbf{w}^\top(\mathbf{x}_A - \mathbf{x}_B)/2$), but at
    $\lambda\mathbf{x}_A + (1 - \lambda)\mathbf{x}_B$ the activation is $(2\lambda - 1)\delta$
    and $g = (2\lambda - 1)^2\delta^2 \ne c$ unless $\lambda \in \{0, 1\}$: the boundary
    $\{(\mathbf{w}^\top\mathbf{x} + w_0)^2 = c\}$ is the two parallel hyperplanes
    $\mathbf{w}^\top\mathbf{x} + w_0 = \pm\sqrt{c}$, not one.

    With the condition the document leaves out, $f$ injective,
    $f(a) = c \Leftrightarrow a = f^{-1}(c)$, so
    $\{\mathbf{x} : f(\mathbf{w}^\top\mathbf{x} + w_0) = c\} = \{\mathbf{x} : \mathbf{w}^\top\mathbf{x} + w_0 - f^{-1}(c) = 0\}$:
    a hyperplane with normal $\mathbf{w}$. Verified for the logistic $\sigma$ (the instance
    Bishop's "activation function … its inverse is called a link function" presupposes):
    $\sigma$ is strictly increasing, hence injective; $\sigma(\operatorname{logit} p) = p$;
    every point $\mathbf{x}$ of the hyperplane
    $\mathbf{w}^\top\mathbf{x} + b = \operatorname{logit} p$ has
    $\sigma(\mathbf{w}^\top\mathbf{x} + b) = p$, and so has every affine combination of
    $\mathbf{x}$ and another point
    $\mathbf{x}' = \mathbf{x} + \mathbf{u} - (\mathbf{w}^\top\mathbf{u}/\mathbf{w}^\top\mathbf{w})\,\mathbf{w}$
    of that hyperplane."""
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d, nonzero=True)
    # as printed, at f(a) = a²: two points of the boundary g(x) = c and their affine combinations
    xa, xb, lam = s.vector("x_A", d), s.vector("x_B", d), s.scalar("lambda")
    w0, c = s.scalar("w_0"), s.scalar("c")
    s.define(w0, -dot(w, xa + xb) / 2, "w_0 = −wᵀ(x_A + x_B)/2: wᵀx_A + w_0 = −(wᵀx_B + w_0)")
    s.define(c, _square(dot(w, xa) + w0), "c = g(x_A): x_A on the boundary g(x) = c")
    # with the condition: the logistic σ, injective
    x, u, b = s.vector("x", d), s.vector("u", d), s.scalar("b")
    p = s.scalar("p", probability=True)
    a, delta = s.scalar("a"), s.scalar("delta", positive=True)
    logit = sp.log(p / (1 - p))
    s.define(b, logit - dot(w, x), "x on the hyperplane wᵀx + b = σ⁻¹(p)")
    x2 = x + u - dot(w, u) / dot(w, w) * w
    return Statement(s, stated=Equal(_square(dot(w, lam * xa + (1 - lam) * xb) + w0), c), claims={
        r"$\sigma$ strictly increasing (injective): $\sigma(a + \delta) > \sigma(a)$":
            Rel(_sigmoid(a + delta), ">", _sigmoid(a)),
        r"$\sigma(\operatorname{logit} p) = p$": Equal(_sigmoid(logit), p),
        r"$\sigma(\mathbf{w}^\top\mathbf{x} + b) = p$ on the hyperplane $\mathbf{w}^\top\mathbf{x} + b = \operatorname{logit} p$": Equal(_sigmoid(dot(w, x) + b), p),
        r"affine combinations of two points of that hyperplane stay on $g(\mathbf{x}) = p$":
            Equal(_sigmoid(dot(w, lam * x + (1 - lam) * x2) + b), p),
        r"$f(a) = a^2$: $\mathbf{x}_B$ is on the boundary $g(\mathbf{x}) = c$ too": Equal(_square(dot(w, xb) + w0), c),
    }, corrects=r"affine combinations of two points of that hyperplane stay on $g(\mathbf{x}) = p$", no_numeric=(
        r"the claims are about the activation ($\sigma$, or $a^2$) at a given "
        r"$\mathbf{w}^\top\mathbf{x} + w_0$; no `numerics` function evaluates $\sigma$ (or another $f$) "
        r"at given weights, and the linear part $\mathbf{w}^\top\mathbf{x} + w_0$ is "
        r"`numerics.geometry.decision_function`, compared with the entry's expression in "
        r"`multiclass.interpolation`"))


def _square_minus_one(a):
    """f(a) = a² − 1: a nonlinear activation, positive on two half-lines."""
    return a ** 2 - 1


@entry("feature_maps.exercise3_linear_separator",
       r"Ejercicio 3: with a nonlinear activation $f$, $y(\mathbf{x}) = f(\mathbf{w}^\top\phi(\mathbf{x}) + b)$ "
       r"is still a linear separator in $\phi$-space",
       uses=("geometry.lemma1_sign",),
       kind="exercise",
       sources=[("bromberg2012", r"§6, Ejercicio 3: 'Demuestre a pesar de estar modulado por una función "
                                 r"de activación no-lineal $f$, la función de separación "
                                 r"$y(\mathbf{x}) = f(\mathbf{w}^T\phi(\mathbf{x}) + b)$ también resulta "
                                 r"en un separador lineal en el espacio de features $\phi$'"),
                ("bromberg2012", r"§4, Eq. (7): 'a través de la función de activación no-lineal $f$, "
                                 r"dada por una función escalon de la forma'")],
       printed=r"y(\mathbf{x}) = f(\mathbf{w}^T \phi(\mathbf{x}) + b)",
       statement=r"Show that, despite being modulated by a nonlinear activation function $f$, the "
                 r"separating function $y(\mathbf{x}) = f(\mathbf{w}^\top\phi(\mathbf{x}) + b)$ also "
                 r"results in a linear separator in the feature space $\phi$. (Hint: consider the "
                 r"condition that the activation $\mathbf{w}^\top\phi(\mathbf{x}) + b$ must satisfy "
                 r"for the points that lie on the separator. $y(\mathbf{x}) > 0$)")
def exercise3_linear_separator() -> Statement:
    r"""bromberg2012 Ejercicio 3: "Demuestre a pesar de estar modulado por una función de
    activación no-lineal $f$, la función de separación
    $y(\mathbf{x}) = f(\mathbf{w}^\top\phi(\mathbf{x}) + b)$ también resulta en un separador
    lineal en el espacio de features $\phi$" (hint: the condition the activation
    $\mathbf{w}^\top\phi(\mathbf{x}) + b$ satisfies on the separator; $y(\mathbf{x}) > 0$).

    Reading (the reading policy of `DESIGN.md`): the $f$ of the exercise is the document's
    $f$ — §4 defined it earlier, "a través de la función de activación no-lineal $f$, dada por
    una función escalon" $f(a) = +1$ for $a \ge 0$, $-1$ otherwise (Eq. (7)), and the
    exercise's "la función de activación no-lineal $f$" names it with the article. For that $f$
    the solution holds: points on the separator satisfy $\mathbf{w}^\top\phi + b = 0$ (the
    step's threshold), a hyperplane in $\phi$-space; for any $\phi$-point $\mathbf{p}$ on it and
    any offset $s$ along $\mathbf{w}$ the activation is $s\lVert\mathbf{w}\rVert^2$, so its
    sign, hence $y$, depends only on the side of the hyperplane (Lema 1 in $\phi$-space).

    *Note, never a refutation:* for an $f$ the document does not use, the statement can fail —
    at $f(a) = a^2 - 1$, $\boldsymbol{\phi}_A$ and
    $\boldsymbol{\phi}_B = \boldsymbol{\phi}_A - 2\mathbf{w}/\lVert\mathbf{w}\rVert^2$ with
    $b = -\mathbf{w}^\top(\boldsymbol{\phi}_A + \boldsymbol{\phi}_B)/2$ have activations $+1$ and
    $-1$, so both lie on $y = 0$, but at
    $\lambda\boldsymbol{\phi}_A + (1 - \lambda)\boldsymbol{\phi}_B$ the activation is
    $2\lambda - 1$ and $y = 4\lambda(\lambda - 1) \ne 0$ unless $\lambda \in \{0, 1\}$: that
    separator is two parallel hyperplanes."""
    s = Space()
    m = s.dim("M")
    w = s.vector("w", m, nonzero=True)
    # as printed, at f(a) = a² − 1: two points of the separator y = 0 and their affine combinations
    pa, pb, lam, b = s.vector("phi_A", m), s.vector("phi_B", m), s.scalar("lambda"), s.scalar("b")
    s.define(pb, pa - 2 * w / dot(w, w), "φ_B = φ_A − 2w/‖w‖²: wᵀ(φ_A − φ_B) = 2")
    s.define(b, -dot(w, pa + pb) / 2, "b = −wᵀ(φ_A + φ_B)/2: activations +1 at φ_A, −1 at φ_B")
    # with the condition: the step of Eq. (7), threshold 0
    p, bs, off = s.vector("p", m), s.scalar("b_step"), s.scalar("s")
    s.define(bs, -dot(w, p), "p on the separator in φ-space")
    a = dot(w, p + off * w) + bs
    return Statement(s, claims={
        "activation on the separator is 0": Equal(dot(w, p) + bs, 0),
        r"activation at $\mathbf{p} + s\mathbf{w}$ is $s\lVert\mathbf{w}\rVert^2$": Equal(a, off * dot(w, w)),
        r"note, $f(a) = a^2 - 1$: $\boldsymbol{\phi}_A$ on the separator $y = 0$": Equal(_square_minus_one(dot(w, pa) + b), 0),
        r"note, $f(a) = a^2 - 1$: $\boldsymbol{\phi}_B$ on the separator $y = 0$": Equal(_square_minus_one(dot(w, pb) + b), 0),
        r"note, $f(a) = a^2 - 1$: $y = 4\lambda(\lambda - 1)$ between them": Equal(
            _square_minus_one(dot(w, lam * pa + (1 - lam) * pb) + b), 4 * lam * (lam - 1)),
    }, steps=chain(a, dot(w, p) + bs + off * dot(w, w), off * dot(w, w)),
        numeric=[Agreement("activation at p and at p + s w = numerics.geometry.decision_function "
                           "of the hyperplane wᵀφ + b in φ-space", sp.Matrix([dot(w, p) + bs, off * dot(w, w)]),
                           lambda ev: _activation(ev, w, bs, p, off))])


def _activation(ev, w, b, p, off) -> np.ndarray:
    """numerics' wᵀφ + b at the φ-points p and p + s w (formed in floats)."""
    wv, pv = np.ravel(ev(w)), np.ravel(ev(p))
    points = np.vstack([pv, pv + float(ev(off)) * wv])
    return ng.decision_function(points, coef=wv, intercept=float(ev(b)))


@entry("feature_maps.exercise1_convex_hulls",
       r"Ejercicio 1: intersecting convex hulls $\Rightarrow$ not linearly separable",
       kind="exercise", sources=[("bromberg2012", "§6, Ejercicio 1")],
       printed=r"\mathbf{x} = \sum_n \alpha_n \mathbf{x}_n, \quad \alpha_n \geq 0, \quad \sum_n \alpha_n = 1; "
               r"\quad \hat{\mathbf{w}}^T \mathbf{x}_n + b > 0 \text{ y } \hat{\mathbf{w}}^T \mathbf{y}_n + b < 0",
       statement=r"Given a data set $\{\mathbf{x}_n\}$, we define its convex hull as the set of all "
                 r"points determined by $$\mathbf{x} = \sum_n \alpha_n \mathbf{x}_n$$ with "
                 r"$\alpha_n \ge 0$ and $\sum_n \alpha_n = 1$. Consider also another set of points "
                 r"$\{\mathbf{y}_n\}$ together with its corresponding convex hull. By definition, these "
                 r"two sets of points are linearly separable if there exist a vector "
                 r"$\hat{\mathbf{w}}$ and a scalar $b$ such that $\hat{\mathbf{w}}^\top\mathbf{x}_n + b > 0$ "
                 r"and $\hat{\mathbf{w}}^\top\mathbf{y}_n + b < 0$. Show that if their convex hulls "
                 r"intersect (i.e., have points in common), the two sets of points cannot be linearly "
                 r"separable, and, conversely, if they are linearly separable, their convex hulls "
                 r"cannot intersect.")
def exercise1_convex_hulls() -> Statement:
    r"""If $\mathbf{x} = \sum_n \alpha_n\mathbf{x}_n$ ($\alpha_n \ge 0$, $\sum_n \alpha_n = 1$)
    then $\hat{\mathbf{w}}^\top\mathbf{x} + b = \sum_n \alpha_n(\hat{\mathbf{w}}^\top\mathbf{x}_n + b)$,
    a convex combination of the values at the points. Separability makes every
    $\hat{\mathbf{w}}^\top\mathbf{x}_n + b > 0$ and every $\hat{\mathbf{w}}^\top\mathbf{y}_m + b < 0$,
    so a common point of the hulls would have $\hat{\mathbf{w}}^\top\mathbf{x} + b$ both $> 0$
    and $< 0$: impossible. The run checks the linear program of
    `numerics.separability.linear_separability` on generated data: separable sets get a
    verified separator, sets with intersecting hulls get a verified common point."""
    s = Space()
    d = s.dim("d")
    w, b = s.vector("w", d), s.scalar("b")
    xs = [s.vector(f"x_{n}", d) for n in (1, 2, 3)]
    al = [s.scalar(f"alpha_{n}", positive=True) for n in (1, 2, 3)]
    g = [s.scalar(f"g_{n}", positive=True) for n in (1, 2, 3)]
    convex = [al[0], al[1], 1 - al[0] - al[1]]  # Σ αₙ = 1 (the bias step needs it)
    hull = sum((a * x for a, x in zip(convex, xs)), sp.ZeroMatrix(d, 1))
    sep = al[0] * g[0] + al[1] * g[1] + al[2] * g[2]

    def lp_run(seed: int) -> RunResult:
        rng = np.random.default_rng(seed)
        D = int(rng.integers(2, 5))
        u = rng.normal(size=D)
        u /= np.linalg.norm(u)
        P = rng.normal(size=(20, D))
        P = P - np.outer(P @ u, u) + np.outer(np.abs(rng.normal(size=20)) + 0.5, u)
        Q = rng.normal(size=(20, D))
        Q = Q - np.outer(Q @ u, u) - np.outer(np.abs(rng.normal(size=20)) + 0.5, u)
        X, t = np.vstack([P, Q]), np.r_[np.ones(20), -np.ones(20)]
        r1 = nsep.linear_separability(X, t)
        margins = t * (X @ r1.coef_ + r1.intercept_) if r1.separable_ else None
        Y = rng.normal(size=(20, D))
        Y[0] = P.mean(axis=0)  # a point inside the positive hull
        r2 = nsep.linear_separability(np.vstack([P, Y]), t)
        common = r2.common_point_ if not r2.separable_ else None
        ok = (r1.separable_ and bool(np.all(margins > 0)) and not r2.separable_
              and np.allclose(r2.alpha_ @ P, common, atol=1e-7)
              and np.allclose(r2.beta_ @ Y, common, atol=1e-7))
        return RunResult(bool(ok), f"D={D}: separable set certified by (w, b), "
                                   f"hull-intersecting set certified by a common point")

    return Statement(s, claims={
        r"$\mathbf{w}^\top\left(\sum_n \alpha_n\mathbf{x}_n\right) + b = \sum_n \alpha_n(\mathbf{w}^\top\mathbf{x}_n + b)$":
            Equal(dot(w, hull) + b, sum(a * (dot(w, x) + b) for a, x in zip(convex, xs))),
        r"$\sum_n \alpha_n g_n > 0$ when every $g_n > 0$": Rel(sep, ">", 0, certificate=sep),
        "LP separability test and its certificates": Behaviour(
            lp_run, "numerics.separability.linear_separability on generated data", seeds=tuple(range(8))),
    })
