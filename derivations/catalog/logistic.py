"""The sigmoid, logistic and softmax regression: identities, gradients, Hessians, IRLS.

Sources: udelar2018 "Regresión logística: problema de dos clases", "Determinación de los
parámetros de la regresión logística" (and "(cont.)"), "Solución única w al problema de
regresión logística" (two slides), "Regresión logística multiclase"; Bishop PRML §4.3.2-§4.3.4
for the standard forms.

Conventions: N samples, d features (udelar2018's M), K classes. Sample n is x_n; the data
matrix X is (N, d) with row n = x_nᵀ, which is what udelar2018's formulas ∇E = Xᵀ(y − t),
H = XᵀWX and z = Xw − W⁻¹(y − t) need — udelar2018 *defines* X = [x₁ | x₂ | … | x_N] (samples
in columns), and logistic.matrix_form_shapes reports the mismatch. Targets t_n ∈ {0, 1} are
written t_n = (s_n + 1)/2 with s_n a ±1 label, so every draw is a genuine label. No bias:
udelar2018's model is σ(wᵀx) (a constant feature gives one). Sizes are small (N ≤ 3, d ≤ 2,
K = 3) because every claim with exp is proved by components at the listed sizes only (no size
argument covers exp/log; derivations/DESIGN.md).
"""

from __future__ import annotations

import numpy as np
import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement

import numerics.logistic as nlog
import numerics.sigmoid as nsig
from numerics.errors import PerfectSeparationError

from .._claims.claims import Behaviour, Equal, Iff, Rel, RunResult
from .._claims.statement import Agreement, Statement
from .._symbols.expr import Grad, Scalar
from .._symbols.nodes import DataSum, Inv, lazy_inverses
from .._symbols.space import Space
from .registry import entry

_i, _j, _k, _n = sp.symbols("i j k n", integer=True, nonnegative=True)


def sig(a: sp.Basic) -> sp.Basic:
    """σ(a) = 1/(1 + exp(−a)), udelar2018's definition as printed."""
    return 1 / (1 + sp.exp(-a))


def _el(M, i, j):
    """The (i, j) entry of a matrix expression, kept as written; evaluates once M is explicit."""
    return MatrixElement(M, i, j)


def _f(ev, e) -> np.ndarray:
    return np.asarray(ev(e), dtype=float)


# --- the sigmoid --------------------------------------------------------------------------------

@entry("logistic.sigmoid_symmetry", r"$\sigma(-a) = 1 - \sigma(a)$",
       sources=[("udelar2018", "Regresión logística: problema de dos clases, 'Verifica las siguientes "
                               "propiedades'"),
                ("bishop-prml", "§4.2, Eq. (4.60)")],
       printed=r"\sigma(-a) = 1 - \sigma(a)")
def sigmoid_symmetry() -> Statement:
    r"""$\sigma(-a) = \frac{1}{1 + e^{a}} = \frac{e^{-a}}{1 + e^{-a}} = 1 - \frac{1}{1 + e^{-a}} = 1 - \sigma(a)$."""
    s = Space()
    a = s.scalar("a")
    return Statement(s, claims={r"$\sigma(-a) = 1 - \sigma(a)$": Equal(sig(-a), 1 - sig(a))},
                     numeric=[Agreement("1 - sigma(a) = numerics.sigmoid.sigmoid(-a)", 1 - sig(a),
                                        lambda ev: nsig.sigmoid(-float(ev(a))))])


@entry("logistic.sigmoid_range", r"$\sigma$ is increasing with range $(0, 1)$, not the printed $[0, 1)$",
       sources=[("udelar2018", r"Regresión logística: problema de dos clases, '$\sigma(a)$ es creciente "
                               r"y su rango es $[0, 1)$'"),
                ("bishop-prml", "§4.2, Fig. 4.9")],
       kind="erratum",
       printed=r"\sigma(a) \text{ es creciente y su rango es } [0, 1)")
def sigmoid_range() -> Statement:
    r"""udelar2018: "$\sigma(a)$ es creciente y su rango es $[0, 1)$". $\sigma(a) = 1/(1 + e^{-a})$
    is never $0$ ($e^{-a}$ is finite) and never $1$ ($e^{-a} > 0$): its range is the open
    interval $(0, 1)$, which the corrected claims establish — $0 < \sigma(a) < 1$ (certificates
    $e^{-a}/(1 + e^{-a})$ and $1/(1 + e^{-a})$), every $v \in (0, 1)$ is attained at the logit
    $a = \ln(v/(1 - v))$, and $\sigma$ is strictly increasing:
    $\sigma'(a) = e^{-a}/(1 + e^{-a})^2 > 0$. The printed range is a different set: stated as
    $v \in [0, 1) \Leftrightarrow v \in (0, 1)$ (membership in the printed set is membership in
    the range), refuted at $v = 0$. The printed half-open interval is also inconsistent with
    the next bullet, $\sigma(-a) = 1 - \sigma(a)$, which makes the range symmetric about $1/2$."""
    s = Space()
    a, v, p, w = s.scalar("a"), s.scalar("v"), s.scalar("p", probability=True), s.vector("w", 1)
    u, e = Scalar(w), sp.exp(-a)
    return Statement(
        s, stated=Iff(sp.And(v >= 0, v < 1), sp.And(v > 0, v < 1)),
        claims={
            r"range is $(0, 1)$: $0 < \sigma(a)$": Rel(sig(a), ">", 0, certificate=1 / (1 + e)),
            r"range is $(0, 1)$: $\sigma(a) < 1$": Rel(sig(a), "<", 1, certificate=e / (1 + e)),
            r"onto $(0, 1)$: $\sigma(\ln(p/(1 - p))) = p$": Equal(sig(sp.log(p / (1 - p))), p),
            r"increasing: $d\sigma/da = e^{-a}/(1 + e^{-a})^2$":
                Equal(Grad(sig(u), w), sp.exp(-u) / (1 + sp.exp(-u)) ** 2),
            r"increasing: $d\sigma/da > 0$":
                Rel(sp.exp(-u) / (1 + sp.exp(-u)) ** 2, ">", 0,
                    certificate=sp.exp(-u) / (1 + sp.exp(-u)) ** 2),
        }, corrects=r"range is $(0, 1)$: $0 < \sigma(a)$",
        numeric=[Agreement("sigma(ln(p/(1-p))) = p by numerics.sigmoid.sigmoid", p,
                           lambda ev: nsig.sigmoid(np.log(float(ev(p)) / (1 - float(ev(p)))))),
                 Agreement("sigma(a) by numerics.sigmoid.sigmoid, in (0, 1)", sig(a),
                           lambda ev: nsig.sigmoid(float(ev(a))))])


@entry("logistic.logit", r"$a = \ln(\sigma/(1 - \sigma))$, the log of the ratio of the posteriors",
       sources=[("udelar2018", r"Regresión logística: problema de dos clases, "
                               r"'$a = \ln(\sigma/(1 - \sigma))$, llamada función logit'"),
                ("bishop-prml", "§4.2, Eqs. (4.58), (4.61)")],
       printed=r"a = \ln\left(\frac{\sigma}{1-\sigma}\right)")
def logit() -> Statement:
    r"""With $p(\mathcal{C}_1|\mathbf{x}) = \sigma(a)$ and
    $p(\mathcal{C}_2|\mathbf{x}) = 1 - p(\mathcal{C}_1|\mathbf{x})$ (udelar2018's model),
    $\sigma/(1 - \sigma)$ is the ratio of the posteriors
    $p(\mathcal{C}_1|\mathbf{x})/p(\mathcal{C}_2|\mathbf{x})$, and
    $\ln(\sigma/(1 - \sigma)) = \ln(e^{a}) = a$: the logit inverts $\sigma$ and is the log
    posterior odds."""
    s = Space()
    a = s.scalar("a")
    p1 = sig(a)
    p2 = 1 - p1
    return Statement(s, claims={
        r"$a = \ln(\sigma/(1 - \sigma)) = \ln(p(\mathcal{C}_1 \mid \mathbf{x})/p(\mathcal{C}_2 \mid "
        r"\mathbf{x}))$": Equal(a, sp.log(p1 / p2)),
    }, numeric=[Agreement("ln p(C1|x) - ln p(C2|x) by numerics.sigmoid.log_sigmoid(a) - "
                          "log_sigmoid(-a)", sp.log(p1) - sp.log(p2),
                          lambda ev: nsig.log_sigmoid(float(ev(a))) - nsig.log_sigmoid(-float(ev(a))))])


@entry("logistic.sigmoid_derivative", r"$d\sigma/da = \sigma(1 - \sigma)$",
       sources=[("udelar2018", r"Determinación de los parámetros ... (cont.), 'observando que "
                               r"$d\sigma/da = \sigma(1 - \sigma)$'"),
                ("bishop-prml", "§4.3.2, Eq. (4.88)")],
       printed=r"\frac{d\sigma}{da} = \sigma(1 - \sigma)")
def sigmoid_derivative() -> Statement:
    r"""$\dfrac{d\sigma}{da} = \dfrac{e^{-a}}{(1 + e^{-a})^2} = \sigma(a)(1 - \sigma(a))$; the
    derivative is taken by the engine with respect to a $1 \times 1$ vector $\mathbf{w}$
    ($a = w_1$), entry by entry."""
    s = Space()
    w = s.vector("w", 1)
    a = Scalar(w)
    return Statement(s, claims={r"$d\sigma/da = \sigma(1 - \sigma)$": Equal(Grad(sig(a), w), sig(a) * (1 - sig(a)))},
                     numeric=[Agreement("sigma(1-sigma) = the Hessian of E at one sample x = 1, "
                                        "numerics.sigmoid.logistic_hessian", sig(a) * (1 - sig(a)),
                                        lambda ev: nsig.logistic_hessian(_f(ev, w).ravel(), np.ones((1, 1)))[0, 0])])


# --- the model: discriminative, its parameter count ----------------------------------------------

def _gauss(x, m, var):
    """The normal density N(x | m, var) in one dimension."""
    return sp.exp(-(x - m) ** 2 / (2 * var)) / sp.sqrt(2 * sp.pi * var)


@entry("logistic.discriminative", 'Logistic regression is a discriminative model, not the printed "generativo"',
       sources=[("udelar2018", "Regresión logística: problema de dos clases, 'Este modelo probabilístico "
                               "generativo se conoce como regresión logística'; its own agenda, 'Un "
                               "modelo probabilista discriminativo: regresión logística'"),
                ("bishop-prml", "§4.3, §4.3.2")],
       kind="erratum",
       printed=r"p(C_1|\mathbf{x}) = y(\mathbf{x}) := \sigma(\mathbf{w}^T \mathbf{x}) \quad "
               r"\text{Este modelo probabil\'{\i}stico generativo se conoce como regresi\'on log\'{\i}stica}")
def discriminative() -> Statement:
    r"""udelar2018 calls the model $p(\mathcal{C}_1|\mathbf{x}) = \sigma(\mathbf{w}^\top\mathbf{x})$
    "generativo" and compares it with "otro modelo generativo clásico" (Gaussian mixtures); its
    own introduction defines a generative model as one that models $p(\mathbf{x}|\omega_k)$ and
    $P(\omega_k)$ and then applies Bayes, and its agenda calls logistic regression "Un modelo
    probabilista discriminativo". The logistic model fixes only the posterior, and the
    posterior does not determine $p(\mathbf{x}|\mathcal{C}_k)$: two generative models — equal
    priors, $\mathcal{N}(x \mid \pm 1, 1)$ and $\mathcal{N}(x \mid \pm 2, 2)$ in one dimension —
    both have posterior $p(\mathcal{C}_1|x) = \sigma(2x)$ (verified, each by Bayes' rule), so
    $w = 2$ is one logistic model for both. If the logistic model were generative its
    parameters would determine $p(x|\mathcal{C}_1)$; stated:
    $\mathcal{N}(x \mid 1, 1) = \mathcal{N}(x \mid 2, 2)$ for every $x$ — refuted (at $x = 0$,
    $e^{-1/2}/\sqrt{2\pi} \ne e^{-1}/\sqrt{4\pi}$). Corrected: the model is discriminative — it
    models $p(\mathcal{C}_1|\mathbf{x})$ directly."""
    s = Space()
    x = s.scalar("x")
    post_a = _gauss(x, 1, 1) / (_gauss(x, 1, 1) + _gauss(x, -1, 1))
    post_b = _gauss(x, 2, 2) / (_gauss(x, 2, 2) + _gauss(x, -2, 2))
    return Statement(s, stated=Equal(_gauss(x, 1, 1), _gauss(x, 2, 2)), claims={
        r"Bayes with $\mathcal{N}(x \mid \pm 1, 1)$: $p(\mathcal{C}_1 \mid x) = \sigma(2x)$": Equal(post_a, sig(2 * x)),
        r"Bayes with $\mathcal{N}(x \mid \pm 2, 2)$: $p(\mathcal{C}_1 \mid x) = \sigma(2x)$": Equal(post_b, sig(2 * x)),
    }, numeric=[Agreement("p(C1|x) of N(x|±2,2) = numerics.sigmoid.sigmoid(2x)", post_b,
                          lambda ev: nsig.sigmoid(2 * float(ev(x))))])


@entry("logistic.parameter_count",
       r"$M$ parameters for logistic regression vs $2M + M(M + 1)/2 + 1 = M(M + 5)/2 + 1$",
       sources=[("udelar2018", "Regresión logística: problema de dos clases, comparison with MoG"),
                ("bishop-prml", "§4.3.2, after Eq. (4.87)")],
       printed=r"2M \text{ par\'ametros para las medias, } M(M + 1)/2 \text{ para la matriz de "
               r"covarianza y 1 para el prior } p(C_1)\text{. Total: } M(M + 5)/2 + 1")
def parameter_count() -> Statement:
    r"""Two Gaussian means ($2M$), one shared symmetric covariance ($M(M + 1)/2$ free entries)
    and the prior $p(\mathcal{C}_1)$ ($1$): $2M + M(M + 1)/2 + 1 = M(M + 5)/2 + 1$, against the
    $M$ entries of $\mathbf{w}$ — quadratic against linear growth in $M$."""
    s = Space()
    M = s.scalar("M", integer=True, positive=True)
    total = 2 * M + M * (M + 1) / 2 + 1
    return Statement(s, claims={
        r"$2M + M(M + 1)/2 + 1 = M(M + 5)/2 + 1$": Equal(total, M * (M + 5) / 2 + 1),
    }, no_numeric=("a count of parameters: `numerics` fits no shared-covariance Gaussian class "
                   "model whose parameters could be counted, and `numerics.logistic.fit_logistic_regression` adds a "
                   r"bias that udelar2018's $\sigma(\mathbf{w}^\top\mathbf{x})$ does not have"))


# --- two classes: likelihood, error, gradient, Hessian --------------------------------------------

def _two_class_data(s: Space, N_sizes=(1, 2), d_sizes=(1, 2)):
    """N samples x_n (rows of X, N×d; N ≤ 2, d ≤ 2 unless told), weights w, labels t_n = (s_n + 1)/2 ∈ {0, 1}."""
    N, d = s.dim("N", sizes=N_sizes, fixed=True), s.dim("d", sizes=d_sizes, fixed=True)
    X, w, lab = s.matrix("X", N, d), s.vector("w", d), s.vector("s", N, labels=True, allow_empty=True)
    return N, d, X, w, lab


def _t(lab, n):
    """t_n = (s_n + 1)/2 ∈ {0, 1}."""
    return (lab[n, 0] + 1) / 2


def _a(X, w, n):
    """a_n = wᵀx_n."""
    return _el(X * w, n, 0)


def _error(X, w, lab, N):
    """E(w) = −Σ_n [t_n ln y_n + (1 − t_n) ln(1 − y_n)], y_n = σ(wᵀx_n), as printed."""
    y = sig(_a(X, w, _n))
    t = _t(lab, _n)
    return -DataSum(t * sp.log(y) + (1 - t) * sp.log(1 - y), (_n, 0, N - 1))


def _weighted_sum(N, d, coef, X):
    """Σ_n coef(n) x_n, a d-vector written entry by entry."""
    return sp.FunctionMatrix(d, 1, sp.Lambda((_i, _j), DataSum(coef(_n) * X[_n, _i], (_n, 0, N - 1))))


def _weighted_outer(N, d, coef, X):
    """Σ_n coef(n) x_n x_nᵀ, a d×d matrix written entry by entry."""
    return sp.FunctionMatrix(d, d, sp.Lambda(
        (_i, _j), DataSum(coef(_n) * X[_n, _i] * X[_n, _j], (_n, 0, N - 1))))


def _labels01(ev, lab) -> np.ndarray:
    return (_f(ev, lab).ravel() + 1) / 2


@entry("logistic.likelihood",
       r"$E(\mathbf{w}) = -\ln \prod_{n=1}^{N} y_n^{t_n}(1 - y_n)^{1 - t_n} = "
       r"-\sum_{n=1}^{N} \left[t_n \ln y_n + (1 - t_n) \ln(1 - y_n)\right]$",
       sources=[("udelar2018", r"Determinación de los parámetros de la regresión logística, "
                               r"$p(\mathbf{t}|\mathbf{w})$ and $E(\mathbf{w})$"),
                ("bishop-prml", "§4.3.2, Eqs. (4.89)-(4.90)")],
       printed=r"p(\mathbf{t}|\mathbf{w}) = \prod_{n=1}^N y_n^{t_n} (1 - y_n)^{1-t_n}, \quad "
               r"E(\mathbf{w}) = -\ln p(\mathbf{t}|\mathbf{w}) = -\sum_{n=1}^N t_n \ln y_n + (1 - t_n) \ln(1 - y_n)")
def likelihood() -> Statement:
    r"""The Bernoulli likelihood of independent labels,
    $p(\mathbf{t}|\mathbf{w}) = \prod_{n=1}^{N} y_n^{t_n}(1 - y_n)^{1 - t_n}$, and the cost
    $E(\mathbf{w}) = -\ln p(\mathbf{t}|\mathbf{w}) = -\sum_{n=1}^{N} \left[t_n \ln y_n + (1 - t_n) \ln(1 - y_n)\right]$
    (udelar2018 prints $-\sum_{n=1}^{N} t_n \ln y_n + (1 - t_n) \ln(1 - y_n)$; both terms carry
    the index $n$, so both are under the sum). $N = 3$ samples written out (the product has no
    symbolic-size node), $d \le 2$; $t_n \in \{0, 1\}$. Each factor
    $y_n^{t_n}(1 - y_n)^{1 - t_n}$ is the Bernoulli probability of $t_n$.

    $E = -\ln p$ is checked as $p(\mathbf{t}|\mathbf{w}) = e^{-E(\mathbf{w})}$ (the same
    statement: $\ln$ is injective on the positive $p$), because the components method does not
    decide $-\ln \prod_{n} (\dots) = -\sum_{n} \ln(\dots)$ once two samples' exponentials meet in
    one logarithm; the logarithm of one sample's factor is checked as printed."""
    s = Space()
    d = s.dim("d", sizes=(1, 2), fixed=True)
    X, w, lab = s.matrix("X", 3, d), s.vector("w", d), s.vector("s", 3, labels=True, allow_empty=True)
    y = [sig(_a(X, w, n)) for n in range(3)]
    t = [_t(lab, n) for n in range(3)]
    p = sp.Mul(*[y[n] ** t[n] * (1 - y[n]) ** (1 - t[n]) for n in range(3)], evaluate=False)
    E = -sp.Add(*[t[n] * sp.log(y[n]) + (1 - t[n]) * sp.log(1 - y[n]) for n in range(3)])
    return Statement(s, claims={
        r"$p(\mathbf{t} \mid \mathbf{w}) = \exp(-E(\mathbf{w}))$, $E = -\sum_{n=1}^{N} (t_n \ln y_n "
        r"+ (1 - t_n)\ln(1 - y_n))$": Equal(p, sp.exp(-E)),
        r"one sample: $-\ln(y^t (1 - y)^{1 - t}) = -(t\ln y + (1 - t)\ln(1 - y))$":
            Equal(-sp.log(y[0] ** t[0] * (1 - y[0]) ** (1 - t[0])),
                  -(t[0] * sp.log(y[0]) + (1 - t[0]) * sp.log(1 - y[0]))),
        r"Bernoulli: $y^t (1 - y)^{1 - t}$ is $y$ for $t = 1$, $1 - y$ for $t = 0$":
            Equal(y[0] ** t[0] * (1 - y[0]) ** (1 - t[0]), t[0] * y[0] + (1 - t[0]) * (1 - y[0])),
    }, numeric=[Agreement("E(w) = numerics.sigmoid.logistic_loss", E,
                          lambda ev: nsig.logistic_loss(_f(ev, w).ravel(), _f(ev, X), _labels01(ev, lab)))])


@entry("logistic.gradient",
       r"$\nabla E(\mathbf{w}) = \sum_{n=1}^{N} (\sigma(\mathbf{w}^\top\mathbf{x}_n) - t_n)\,\mathbf{x}_n$",
       uses=("logistic.likelihood", "logistic.sigmoid_derivative",),
       sources=[("udelar2018", r"Determinación de los parámetros ... (cont.), $\nabla E(\mathbf{w})$"),
                ("bishop-prml", "§4.3.2, Eq. (4.91)")],
       printed=r"\nabla E(\mathbf{w}) = - \sum_{n=1}^N \frac{d}{d\mathbf{w}} \left\{ t_n \ln "
               r"\sigma(\mathbf{w}^T \mathbf{x}_n) + (1 - t_n) \ln(1 - \sigma(\mathbf{w}^T \mathbf{x}_n)) "
               r"\right\} = \dots = \sum_{n=1}^N (\sigma(\mathbf{w}^T \mathbf{x}_n) - t_n) \mathbf{x}_n")
def gradient() -> Statement:
    r"""The gradient of
    $E(\mathbf{w}) = -\sum_{n=1}^{N} \left[t_n \ln \sigma(\mathbf{w}^\top\mathbf{x}_n) + (1 - t_n) \ln(1 - \sigma(\mathbf{w}^\top\mathbf{x}_n))\right]$,
    taken entry by entry, is $\sum_{n=1}^{N} (\sigma(\mathbf{w}^\top\mathbf{x}_n) - t_n)\,\mathbf{x}_n$:
    with $d\sigma/da = \sigma(1 - \sigma)$,
    $\nabla_{\mathbf{w}} \ln \sigma(\mathbf{w}^\top\mathbf{x}_n) = (1 - \sigma)\,\mathbf{x}_n$ and
    $\nabla_{\mathbf{w}} \ln(1 - \sigma(\mathbf{w}^\top\mathbf{x}_n)) = -\sigma\,\mathbf{x}_n$.
    $N \le 3$, $d \le 2$."""
    s = Space()
    N, d, X, w, lab = _two_class_data(s)
    E = _error(X, w, lab, N)
    printed = _weighted_sum(N, d, lambda n: sig(_a(X, w, n)) - _t(lab, n), X)
    return Statement(s, claims={r"$\nabla E = \sum_{n=1}^{N} (\sigma(\mathbf{w}^\top\mathbf{x}_n) - "
                                r"t_n)\,\mathbf{x}_n$": Equal(Grad(E, w), printed)},
                     numeric=[Agreement("sum_n (sigma(w^T x_n) - t_n) x_n = numerics.sigmoid.logistic_gradient",
                                        printed, lambda ev: nsig.logistic_gradient(
                                            _f(ev, w).ravel(), _f(ev, X), _labels01(ev, lab))[:, None])])


@entry("logistic.gradient_underbrace",
       r"The brace under $\sigma(\mathbf{w}^\top\mathbf{x}_n) - t_n$ reads $y_n$; it is $y_n - t_n$",
       uses=("logistic.gradient",),
       sources=[("udelar2018", r"Determinación de los parámetros ... (cont.), the underbrace of "
                               r"$(\sigma(\mathbf{w}^\top\mathbf{x}_n) - t_n)$ labelled $y_n$, and "
                               r"Obs. 1's errors $(y_n - t_n)$"),
                ("bishop-prml", "§4.3.2, Eq. (4.91)")],
       kind="typo",
       printed=r"\nabla E(\mathbf{w}) = \dots = \sum_{n=1}^N \underbrace{(\sigma(\mathbf{w}^T "
               r"\mathbf{x}_n) - t_n)}_{y_n} \mathbf{x}_n")
def gradient_underbrace() -> Statement:
    r"""udelar2018 prints
    $\nabla E(\mathbf{w}) = \dots = \sum_{n=1}^{N} (\sigma(\mathbf{w}^\top\mathbf{x}_n) - t_n)\,\mathbf{x}_n$
    with an underbrace labelling the factor $(\sigma(\mathbf{w}^\top\mathbf{x}_n) - t_n)$ as
    $y_n$; but $y_n := \sigma(\mathbf{w}^\top\mathbf{x}_n)$ on the previous slide, and Obs. 1
    calls the same factor the error $(y_n - t_n)$. Stated, for one sample:
    $\sigma(\mathbf{w}^\top\mathbf{x}) - t = y$ with $y = \sigma(\mathbf{w}^\top\mathbf{x})$ —
    refuted for $t = 1$. Corrected: the factor is $y_n - t_n$, so
    $\nabla E(\mathbf{w}) = \sum_{n=1}^{N} (y_n - t_n)\,\mathbf{x}_n$ (the gradient taken entry
    by entry; $N \le 3$, $d \le 2$). A typo (the reading policy of `DESIGN.md`): a label slip
    that the next line corrects — Obs. 1, "la suma ponderada de las muestras $\mathbf{x}_n$
    ponderadas por los 'errores' correspondientes $(y_n - t_n)$"."""
    s = Space()
    N, d, X, w, lab = _two_class_data(s)
    x, w1, label = s.vector("x", d), s.vector("v", d), s.scalar("t_1", label=True)
    t1 = (label + 1) / 2
    y1 = sig(Scalar(w1.T * x))
    E = _error(X, w, lab, N)
    errors = _weighted_sum(N, d, lambda n: sig(_a(X, w, n)) - _t(lab, n), X)
    return Statement(s, stated=Equal(y1 - t1, y1), claims={
        r"$\nabla E = \sum_{n=1}^{N} (y_n - t_n)\,\mathbf{x}_n$": Equal(Grad(E, w), errors),
    }, numeric=[Agreement("sum_n (y_n - t_n) x_n = numerics.sigmoid.logistic_gradient", errors,
                          lambda ev: nsig.logistic_gradient(
                              _f(ev, w).ravel(), _f(ev, X), _labels01(ev, lab))[:, None])])


def _hessian(N, d, X, w):
    """Σ_n y_n(1 − y_n) x_n x_nᵀ, as printed."""
    return _weighted_outer(N, d, lambda n: sig(_a(X, w, n)) * (1 - sig(_a(X, w, n))), X)


@entry("logistic.hessian",
       r"$\mathbf{H} = \nabla\nabla E(\mathbf{w}) = \sum_{n=1}^{N} y_n(1 - y_n)\,\mathbf{x}_n\mathbf{x}_n^\top$",
       uses=("logistic.gradient", "logistic.sigmoid_derivative",),
       sources=[("udelar2018", r"Solución única $\mathbf{w}$ al problema de regresión logística, "
                               r"$\mathbf{H}$"),
                ("bishop-prml", "§4.3.3, Eq. (4.97)")],
       printed=r"\mathbf{H} = \sum_{n=1}^N y_n(1 - y_n)\mathbf{x}_n\mathbf{x}_n^T")
def hessian() -> Statement:
    r"""udelar2018 obtains $\mathbf{H} = \nabla\nabla E(\mathbf{w})$ by differentiating the
    gradient $\nabla E(\mathbf{w}) = \sum_{n=1}^{N} (\sigma(\mathbf{w}^\top\mathbf{x}_n) - t_n)\,\mathbf{x}_n$
    (`logistic.gradient`) once more, using $d\sigma/da = \sigma(1 - \sigma)$. Checked as the
    derivative of the directional derivative: for every $\mathbf{u}$,
    $\nabla_{\mathbf{w}}(\mathbf{u}^\top \nabla E(\mathbf{w})) = \mathbf{H}\mathbf{u}$ with
    $\mathbf{H} = \sum_{n=1}^{N} y_n(1 - y_n)\,\mathbf{x}_n\mathbf{x}_n^\top$ (the derivative
    entry by entry; the identity is linear in the symbolic $\mathbf{u}$, so it holds for every
    $\mathbf{u}$: $\mathbf{H}$ is the Jacobian of $\nabla E$). $N \le 2$, $d \le 2$."""
    s = Space()
    N, d, X, w, lab = _two_class_data(s)
    u = s.vector("u", d)
    grad = _weighted_sum(N, d, lambda n: sig(_a(X, w, n)) - _t(lab, n), X)
    H = _hessian(N, d, X, w)
    return Statement(s, claims={
        r"$\nabla_{\mathbf{w}}(\mathbf{u}^\top\nabla E) = \left(\sum_{n=1}^{N} y_n(1 - "
        r"y_n)\,\mathbf{x}_n\mathbf{x}_n^\top\right)\mathbf{u}$": Equal(Grad(Scalar(u.T * grad), w), H * u),
    }, numeric=[Agreement("sum_n y_n(1-y_n) x_n x_n^T = numerics.sigmoid.logistic_hessian", H,
                          lambda ev: nsig.logistic_hessian(_f(ev, w).ravel(), _f(ev, X)))])


def _separable_run(seed: int) -> RunResult:
    """Separable data (two Gaussian clouds pushed apart along a random w_s): E(c w_s) decreases
    strictly in c (numerics.sigmoid.logistic_loss), and fit_logistic_regression stops with
    PerfectSeparationError instead of returning a minimiser."""
    rng = np.random.default_rng(seed)
    d = int(rng.integers(1, 4))
    ws = rng.normal(size=d)
    X = rng.normal(size=(40, d))
    t = (X @ ws > 0).astype(float)
    X += np.outer(2 * t - 1, ws) / np.linalg.norm(ws)      # margin ≥ 1 along w_s
    losses = [nsig.logistic_loss(c * ws, X, t) for c in (1.0, 2.0, 4.0, 8.0)]
    if not all(b < a for a, b in zip(losses, losses[1:])):
        return RunResult(False, f"E(c w_s) did not decrease along c = 1, 2, 4, 8: {losses}")
    try:
        nlog.fit_logistic_regression(X, t)
    except PerfectSeparationError:
        return RunResult(True, f"d={d}: E(c w_s) = {losses[0]:.3g} > … > {losses[-1]:.3g}; the fit "
                               "reports PerfectSeparationError")
    return RunResult(False, "fit_logistic_regression returned weights for separable data")


@entry("logistic.hessian_definite",
       r"$\mathbf{H}$ is positive semidefinite; definite and the minimiser of $E$ unique only for "
       r"$\mathbf{X}$ of full column rank",
       uses=("logistic.hessian",),
       sources=[("udelar2018", r"Solución única $\mathbf{w}$ al problema de regresión logística, 'Como "
                               r"$y_n$ y $1 - y_n$ son positivos, $H$ es definida positiva y por ende "
                               r"$E(\mathbf{w})$ es estrictamente convexa y admite un único mínimo "
                               r"global'; Obs. 2 '$E(\mathbf{w})$ es una función convexa y por lo tanto "
                               r"admite una solución única'"),
                ("bishop-prml", "§4.3.3, after Eq. (4.98); §4.3.2 on separable data")],
       kind="erratum",
       printed=r"\text{Como } y_n \text{ y } 1 - y_n \text{ son positivos, } H \text{ es definida "
               r"positiva y por ende } E(\mathbf{w}) \text{ es estrictamente convexa y admite un "
               r"\'unico m\'{\i}nimo global}")
def hessian_definite() -> Statement:
    r"""udelar2018: "Como $y_n$ y $1 - y_n$ son positivos, $H$ es definida positiva y por ende
    $E(\mathbf{w})$ es estrictamente convexa y admite un único mínimo global". An erratum, not a
    caveat (the reading policy of `DESIGN.md`): the sentence is an inference, and its conclusion
    does not follow from its premise under the document's own reading — positive weights
    $y_n(1 - y_n)$ make $\mathbf{H} = \sum_{n=1}^{N} y_n(1 - y_n)\,\mathbf{x}_n\mathbf{x}_n^\top$
    positive *semi*definite, not definite. As printed (the premise holds, the conclusion
    $\det \mathbf{H} > 0$ is claimed from it): refuted with one sample in two dimensions
    ($N = 1$, $M = 2$): $\mathbf{H} = y(1 - y)\,\mathbf{x}\mathbf{x}^\top$ has rank $1$.
    (Obs. 2's "$E(\mathbf{w})$ es una función convexa y por lo tanto admite una solución única"
    is the same slip: convex does not give existence or uniqueness.)

    What holds:
    $\mathbf{u}^\top\mathbf{H}\mathbf{u} = \sum_{n=1}^{N} y_n(1 - y_n)(\mathbf{x}_n^\top\mathbf{u})^2$
    with every weight $y_n(1 - y_n) = e^{-a_n}/(1 + e^{-a_n})^2 > 0$, so
    $\mathbf{H} = \mathbf{B}^\top\mathbf{B}$ with
    $\mathbf{B} = \operatorname{diag}\bigl(\sqrt{y_n(1 - y_n)}\bigr)\,\mathbf{X}$ is positive
    semidefinite always ($\mathbf{u}^\top\mathbf{H}\mathbf{u}$ is a sum of nonnegative terms),
    and $\mathbf{u}^\top\mathbf{H}\mathbf{u} = 0$ exactly when $\mathbf{X}\mathbf{u} = \mathbf{0}$:
    $\mathbf{H}$ is positive definite iff $\mathbf{X}$ has full column rank (then $E$ is
    strictly convex and has at most one minimiser). Existence needs more: on linearly separable
    data $E(c\,\mathbf{w}_s)$ decreases strictly to $0$ as $c \to \infty$, so no finite
    $\mathbf{w}$ attains the infimum (a run: `numerics.logistic.fit_logistic_regression` reports
    `PerfectSeparationError`). Two samples ($N = 2$), $d \le 2$ for the identities; the weight
    is written $y(1 - y) = e^{-a}/(1 + e^{-a})^2$, manifestly positive."""
    s = Space()
    d = s.dim("d", sizes=(1, 2), fixed=True)
    N = 2
    X, w, u = s.matrix("X", N, d), s.vector("w", d), s.vector("u", d)
    x1, v1 = s.vector("x_1", 2), s.vector("v", 2)
    r1 = sig(Scalar(v1.T * x1)) * (1 - sig(Scalar(v1.T * x1)))
    H = _hessian(N, d, X, w)
    r = lambda n: sig(_a(X, w, n)) * (1 - sig(_a(X, w, n)))  # noqa: E731 - y_n(1 − y_n)
    e = [sp.exp(-_a(X, w, n)) for n in range(N)]
    certificate = sp.Add(*[e[n] / (1 + e[n]) ** 2 * _el(X * u, n, 0) ** 2 for n in range(N)])
    return Statement(s, stated=Rel(sp.Determinant(r1 * x1 * x1.T), ">", 0), claims={
        r"$\mathbf{u}^\top\mathbf{H}\mathbf{u} = \sum_{n=1}^{N} y_n(1 - "
        r"y_n)(\mathbf{x}_n^\top\mathbf{u})^2 \geq 0$: positive semidefinite":
            Rel(Scalar(u.T * H * u), ">=", 0, certificate=certificate),
        r"$y_n(1 - y_n) = e^{-a_n}/(1 + e^{-a_n})^2 > 0$": Rel(r(0), ">", 0, certificate=e[0] / (1 + e[0]) ** 2),
        r"separable data: $E(c\,\mathbf{w}_s)$ decreases, no minimiser (numerics)": Behaviour(
            _separable_run, "numerics.sigmoid.logistic_loss along c w_s and fit_logistic_regression "
            "on separable data", seeds=tuple(range(5))),
    }, corrects=r"$\mathbf{u}^\top\mathbf{H}\mathbf{u} = \sum_{n=1}^{N} y_n(1 - "
                r"y_n)(\mathbf{x}_n^\top\mathbf{u})^2 \geq 0$: positive semidefinite",
        numeric=[Agreement("u^T H u with H = numerics.sigmoid.logistic_hessian", Scalar(u.T * H * u),
                           lambda ev: float(_f(ev, u).ravel() @ nsig.logistic_hessian(
                               _f(ev, w).ravel(), _f(ev, X)) @ _f(ev, u).ravel()))])


# --- the matrix form and IRLS ------------------------------------------------------------------------

def _matrix_form(X, w, lab, N: int):
    """y = σ(Xw) and t as explicit N-vectors and W = Diag(y_n(1 − y_n)), for a concrete N
    (rows of X are the x_nᵀ)."""
    y = [sig(_a(X, w, n)) for n in range(N)]
    return (sp.ImmutableMatrix(y), sp.ImmutableMatrix([_t(lab, n) for n in range(N)]),
            sp.ImmutableMatrix(sp.diag(*[yn * (1 - yn) for yn in y])))


@entry("logistic.matrix_form_shapes",
       r"$\nabla E = \mathbf{X}^\top(\mathbf{y} - \mathbf{t})$ and "
       r"$\mathbf{H} = \mathbf{X}^\top\mathbf{W}\mathbf{X}$ need $\mathbf{X}$ with the samples in rows, "
       r"not the printed $\mathbf{X} = [\mathbf{x}_1 | \dots | \mathbf{x}_N]$",
       uses=("logistic.gradient", "logistic.hessian",),
       sources=[("udelar2018", r"Solución única $\mathbf{w}$ ... (second slide), "
                               r"'$\mathbf{X} = [\mathbf{x}_1 | \mathbf{x}_2 | \dots | \mathbf{x}_N]$' and "
                               r"'$\nabla E(\mathbf{w}) = \mathbf{X}^T(\mathbf{y} - \mathbf{t})$, "
                               r"$\mathbf{H}(\mathbf{w}) = \mathbf{X}^T\mathbf{W}\mathbf{X}$'"),
                ("bishop-prml", r"§4.3.3, Eqs. (4.96)-(4.98), $\boldsymbol{\Phi}$ with rows "
                                r"$\boldsymbol{\phi}_n^\top$")],
       kind="erratum",
       printed=r"\mathbf{X} = [\mathbf{x}_1 | \mathbf{x}_2 | \dots | \mathbf{x}_N], \quad "
               r"\nabla E(\mathbf{w}) = \mathbf{X}^T(\mathbf{y} - \mathbf{t}), \quad "
               r"\mathbf{H}(\mathbf{w}) = \mathbf{X}^T \mathbf{W} \mathbf{X}")
def matrix_form_shapes() -> Statement:
    r"""udelar2018 defines $\mathbf{X} = [\mathbf{x}_1 | \mathbf{x}_2 | \dots | \mathbf{x}_N]$ —
    the samples as *columns*, an $M \times N$ matrix — and then writes
    $\nabla E(\mathbf{w}) = \mathbf{X}^\top(\mathbf{y} - \mathbf{t})$,
    $\mathbf{H}(\mathbf{w}) = \mathbf{X}^\top\mathbf{W}\mathbf{X}$ and
    $\mathbf{z} = \mathbf{X}\mathbf{w} - \mathbf{W}^{-1}(\mathbf{y} - \mathbf{t})$, which are the
    formulas for the $N \times M$ matrix with the samples as *rows* (Bishop's
    $\boldsymbol{\Phi}$). With the printed $\mathbf{X}$ the products are ill-typed unless
    $N = M$, so the entry works at $N = M = 2$, where they are defined: $\mathbf{X}$ has rows
    $\mathbf{x}_1^\top$, $\mathbf{x}_2^\top$ and the printed $[\mathbf{x}_1 | \mathbf{x}_2]$ is
    $\mathbf{X}^\top$. Stated:
    $\nabla E(\mathbf{w}) = [\mathbf{x}_1 | \mathbf{x}_2]^\top(\mathbf{y} - \mathbf{t}) = \mathbf{X}(\mathbf{y} - \mathbf{t})$
    — refuted (it sums $(y_n - t_n)$ times row $n$ of the data *read by columns*, not
    $\sum_{n=1}^{N} (y_n - t_n)\,\mathbf{x}_n$): a transpose. Corrected: with the samples in
    rows, $\nabla E = \mathbf{X}^\top(\mathbf{y} - \mathbf{t})$ (the gradient of $E$ taken entry
    by entry) and
    $\mathbf{H} = \mathbf{X}^\top\mathbf{W}\mathbf{X} = \sum_{n=1}^{N} y_n(1 - y_n)\,\mathbf{x}_n\mathbf{x}_n^\top$,
    the Hessian of `logistic.hessian`. General $N$ and $d$: `logistic.gradient` and
    `logistic.hessian`."""
    s = Space()
    N = s.dim("N", sizes=(2,), fixed=True)
    X, w, lab = s.matrix("X", N, N), s.vector("w", N), s.vector("s", N, labels=True, allow_empty=True)
    y, t, R = _matrix_form(X, w, lab, 2)
    E = _error(X, w, lab, N)
    printed_X = X.T                     # udelar2018's X = [x_1 | x_2]: the samples as columns
    return Statement(s, stated=Equal(Grad(E, w), printed_X.T * (y - t)), claims={
        r"$\mathbf{X}$ with rows $\mathbf{x}_n^\top$: $\nabla E = \mathbf{X}^\top(\mathbf{y} - "
        r"\mathbf{t})$": Equal(Grad(E, w), X.T * (y - t)),
        r"$\mathbf{X}$ with rows $\mathbf{x}_n^\top$: $\mathbf{H} = "
        r"\mathbf{X}^\top\mathbf{W}\mathbf{X} = \sum_{n=1}^{N} y_n(1 - "
        r"y_n)\,\mathbf{x}_n\mathbf{x}_n^\top$": Equal(X.T * R * X, _hessian(N, N, X, w)),
    }, corrects=r"$\mathbf{X}$ with rows $\mathbf{x}_n^\top$: $\nabla E = "
                r"\mathbf{X}^\top(\mathbf{y} - \mathbf{t})$",
        numeric=[Agreement("X^T (y - t) = numerics.sigmoid.logistic_gradient (X with samples in rows)",
                           X.T * (y - t), lambda ev: nsig.logistic_gradient(
                               _f(ev, w).ravel(), _f(ev, X), _labels01(ev, lab))[:, None]),
                 Agreement("X^T W X = numerics.sigmoid.logistic_hessian", X.T * R * X,
                           lambda ev: nsig.logistic_hessian(_f(ev, w).ravel(), _f(ev, X)))])


@entry("logistic.newton_irls",
       r"Newton-Raphson $\mathbf{w} - \mathbf{H}^{-1}\nabla E = "
       r"(\mathbf{X}^\top\mathbf{W}\mathbf{X})^{-1}\mathbf{X}^\top\mathbf{W}\mathbf{z}$ with "
       r"$\mathbf{z} = \mathbf{X}\mathbf{w} - \mathbf{W}^{-1}(\mathbf{y} - \mathbf{t})$ (IRLS)",
       uses=("logistic.matrix_form_shapes", "descent.newton_step",),
       sources=[("udelar2018", r"Solución única $\mathbf{w}$ ... (both slides), the Newton-Raphson "
                               r"iteration and its IRLS form"),
                ("bishop-prml", "§4.3.3, Eqs. (4.92), (4.99)-(4.100)")],
       printed=r"\mathbf{w}^{(new)} = \mathbf{w}^{(old)} - \left( \mathbf{X}^T \mathbf{W}^{(old)} "
               r"\mathbf{X} \right)^{-1} \mathbf{X}^T (\mathbf{y}^{(old)} - \mathbf{t}) = \left( "
               r"\mathbf{X}^T \mathbf{W}^{(old)} \mathbf{X} \right)^{-1} \mathbf{X}^T \mathbf{W}^{(old)} "
               r"\underbrace{\left( \mathbf{X} \mathbf{w}^{(old)} - \mathbf{W}^{(old)^{-1}} "
               r"(\mathbf{y}^{(old)} - \mathbf{t}) \right)}_{\mathbf{z}^{(old)}}")
def newton_irls() -> Statement:
    r"""The Newton-Raphson step
    $\mathbf{w}^{(\mathrm{new})} = \mathbf{w}^{(\mathrm{old})} - \mathbf{H}^{-1}\nabla E(\mathbf{w}^{(\mathrm{old})})$
    with $\mathbf{H} = \mathbf{X}^\top\mathbf{W}\mathbf{X}$,
    $\nabla E = \mathbf{X}^\top(\mathbf{y} - \mathbf{t})$ ($\mathbf{X}$ with the samples in rows;
    see `logistic.matrix_form_shapes`) equals the weighted least-squares solution
    $(\mathbf{X}^\top\mathbf{W}\mathbf{X})^{-1}\mathbf{X}^\top\mathbf{W}\mathbf{z}$ with the
    working response
    $\mathbf{z} = \mathbf{X}\mathbf{w}^{(\mathrm{old})} - \mathbf{W}^{-1}(\mathbf{y} - \mathbf{t})$:
    $$(\mathbf{X}^\top\mathbf{W}\mathbf{X})^{-1}\mathbf{X}^\top\mathbf{W}\bigl(\mathbf{X}\mathbf{w} - \mathbf{W}^{-1}(\mathbf{y} - \mathbf{t})\bigr) = (\mathbf{X}^\top\mathbf{W}\mathbf{X})^{-1}\mathbf{X}^\top\mathbf{W}\mathbf{X}\mathbf{w} - (\mathbf{X}^\top\mathbf{W}\mathbf{X})^{-1}\mathbf{X}^\top(\mathbf{y} - \mathbf{t}).$$
    The rewriting is algebra valid for every positive diagonal $\mathbf{W}$ and every
    $\mathbf{y}$, $\mathbf{t}$, so it is checked for generic ones ($\mathbf{X}$ of full column
    rank so that $\mathbf{X}^\top\mathbf{W}\mathbf{X}$ is invertible:
    `logistic.hessian_definite`; $N \le 3$, $d \le 2$); with
    $\mathbf{W} = \operatorname{diag}(y_n(1 - y_n))$, $\mathbf{y} = \sigma(\mathbf{X}\mathbf{w})$
    it is udelar2018's step. The numeric check takes that case: in one dimension ($d = 1$,
    $N = 2$) the step $w - \nabla E/H$ with $\nabla E = \sum_{n=1}^{N} (y_n - t_n)\,x_n$ and
    $H = \sum_{n=1}^{N} y_n(1 - y_n)\,x_n^2$, against the step from
    `numerics.sigmoid.logistic_gradient` and `numerics.sigmoid.logistic_hessian`."""
    s = Space()
    N, d = s.dim("N", sizes=(2, 3), fixed=True), s.dim("d", sizes=(1, 2), fixed=True)
    X, w = s.matrix("X", N, d, "full_column_rank"), s.vector("w", d)
    W, y, t = s.matrix("W", N, N, "positive_diagonal"), s.vector("y", N), s.vector("t", N)
    z = X * w - Inv(W) * (y - t)
    G = Inv(X.T * W * X)
    # the numeric case: d = 1, two samples x_1, x_2, weight v, labels t_n = (s_n + 1)/2
    x, v = s.vector("x", 2), s.scalar("v")
    lab = s.vector("s", 2, labels=True, allow_empty=True)
    yn = [sig(v * x[n, 0]) for n in range(2)]
    step = v - (sum((yn[n] - _t(lab, n)) * x[n, 0] for n in range(2))
                / sum(yn[n] * (1 - yn[n]) * x[n, 0] ** 2 for n in range(2)))
    return lazy_inverses(Statement(s, claims={
        r"$\mathbf{w} - (\mathbf{X}^\top\mathbf{W}\mathbf{X})^{-1}\mathbf{X}^\top(\mathbf{y} - "
        r"\mathbf{t}) = "
        r"(\mathbf{X}^\top\mathbf{W}\mathbf{X})^{-1}\mathbf{X}^\top\mathbf{W}\mathbf{z}$": Equal(w - G * X.T * (y - t), G * X.T * W * z),
    }, numeric=[Agreement("d = 1: w - grad E / H = the Newton step from numerics.sigmoid's "
                          "logistic_gradient and logistic_hessian", step,
                          lambda ev: _newton_step(ev, v, x, lab), rtol=1e-7)]))


def _newton_step(ev, v, x, lab) -> float:
    wv, Xv, tv = np.array([float(ev(v))]), _f(ev, x).reshape(-1, 1), _labels01(ev, lab)
    step = np.linalg.solve(nsig.logistic_hessian(wv, Xv), nsig.logistic_gradient(wv, Xv, tv))
    return float((wv - step)[0])


# --- K classes: softmax ---------------------------------------------------------------------------

K3 = 3

#: udelar2018's softmax as printed ("Regresión logística multiclase")
_SOFTMAX_PRINTED = (r"\sigma(\mathbf{w}_k^T \mathbf{x}) := \frac{\exp(\mathbf{w}_k^T \mathbf{x})}{\sum_{j=1}^K "
                    r"\exp(\mathbf{w}_j^T \mathbf{x})}")


def _softmax(scores: list, k: int) -> sp.Basic:
    """exp(a_k)/Σ_j exp(a_j), udelar2018's σ(w_kᵀx) for K classes, as printed."""
    return sp.exp(scores[k]) / sp.Add(*[sp.exp(a) for a in scores])


@entry("logistic.softmax_two_classes",
       r"For $K = 2$ the softmax is the sigmoid: $e^{a_1}/(e^{a_1} + e^{a_2}) = \sigma(a_1 - a_2)$",
       sources=[("udelar2018", "Regresión logística multiclase, 'Si $K = 2$ es la sigmoide'"),
                ("bishop-prml", "§4.2, Eqs. (4.57), (4.62)-(4.63)")],
       printed=_SOFTMAX_PRINTED + r" \text{ funci\'on softmax. Si } K = 2 \text{ es la sigmoide.}")
def softmax_two_classes() -> Statement:
    r"""$$\frac{e^{\mathbf{w}_1^\top\mathbf{x}}}{e^{\mathbf{w}_1^\top\mathbf{x}} + e^{\mathbf{w}_2^\top\mathbf{x}}} = \frac{1}{1 + e^{-(\mathbf{w}_1 - \mathbf{w}_2)^\top\mathbf{x}}} = \sigma\bigl((\mathbf{w}_1 - \mathbf{w}_2)^\top\mathbf{x}\bigr):$$
    the two-class softmax is the sigmoid of the difference of the activations (the weights are
    identified only up to a common shift; the two-class model's $\mathbf{w}$ is
    $\mathbf{w}_1 - \mathbf{w}_2$). $d \le 2$."""
    s = Space()
    d = s.dim("d", sizes=(1, 2), fixed=True)
    w1, w2, x = s.vector("w_1", d), s.vector("w_2", d), s.vector("x", d)
    a = [Scalar(w1.T * x), Scalar(w2.T * x)]
    return Statement(s, claims={
        r"$\operatorname{softmax}_1 = \sigma((\mathbf{w}_1 - \mathbf{w}_2)^\top\mathbf{x})$": Equal(_softmax(a, 0), sig(Scalar((w1 - w2).T * x))),
    }, numeric=[Agreement("numerics.sigmoid.softmax([a_1, a_2])[0] = sigmoid(a_1 - a_2)",
                          sig(Scalar((w1 - w2).T * x)),
                          lambda ev: nsig.softmax(np.array([float(ev(a[0])), float(ev(a[1]))]))[0])])


@entry("logistic.softmax_shift", "The softmax is unchanged by adding one constant to every activation",
       sources=[("bishop-prml", "§4.3.4 and §4.2, Eq. (4.62)"),
                ("udelar2018", "Regresión logística multiclase, the softmax (the invariance is implicit)")],
       printed=_SOFTMAX_PRINTED)
def softmax_shift() -> Statement:
    r"""$$\frac{e^{a_k + c}}{\sum_{j=1}^{K} e^{a_j + c}} = \frac{e^{c} e^{a_k}}{e^{c} \sum_{j=1}^{K} e^{a_j}} = \frac{e^{a_k}}{\sum_{j=1}^{K} e^{a_j}}:$$
    adding one vector $\mathbf{v}$ to every $\mathbf{w}_k$ ($c = \mathbf{v}^\top\mathbf{x}$)
    leaves every posterior unchanged, so the $K$ weight vectors are identified only up to that
    shift. $K = 3$, every class."""
    s = Space()
    a, c = [s.scalar(f"a_{k + 1}") for k in range(K3)], s.scalar("c")
    return Statement(s, claims={
        r"$\operatorname{softmax}_%d(\mathbf{a} + c\mathbf{1}) = "
        r"\operatorname{softmax}_%d(\mathbf{a})$" % (k + 1, k + 1): Equal(_softmax([ai + c for ai in a], k), _softmax(a, k))
        for k in range(K3)
    }, numeric=[Agreement("softmax_1(a) = numerics.sigmoid.softmax(a + c 1)[0]", _softmax(a, 0),
                          lambda ev: nsig.softmax(np.array([float(ev(ai + c)) for ai in a]))[0])])


def _k_class_data(s: Space, N_sizes=(1, 2), d_sizes=(1, 2)):
    """N samples (rows of X), K = 3 weight vectors w_k, 1-of-K targets T (N×3)."""
    N, d = s.dim("N", sizes=N_sizes, fixed=True), s.dim("d", sizes=d_sizes, fixed=True)
    X = s.matrix("X", N, d)
    ws = [s.vector(f"w_{k + 1}", d) for k in range(K3)]
    T = s.matrix("T", N, K3, "one_hot_rows", allow_empty=True)
    return N, d, X, ws, T


def _y(X, ws, n, k):
    """y_nk = exp(w_kᵀx_n)/Σ_j exp(w_jᵀx_n)."""
    return _softmax([_el(X * w, n, 0) for w in ws], k)


def _k_error(X, ws, T, N):
    """E(w₁, …, w_K) = −Σ_n Σ_k t_nk ln y_nk, as printed."""
    return -DataSum(sp.Add(*[T[_n, k] * sp.log(_y(X, ws, _n, k)) for k in range(K3)]), (_n, 0, N - 1))


def _W(ev, ws) -> np.ndarray:
    return np.vstack([_f(ev, w).ravel() for w in ws])


@entry("logistic.softmax_derivative",
       r"$\partial y_k/\partial \mathbf{w}_j = y_k(\delta_{kj} - y_j)\,\mathbf{x}$",
       sources=[("udelar2018", r"Regresión logística multiclase, 'Usando que "
                               r"$\partial y_{nk}/\partial \mathbf{w}_j = y_{nk}(\delta_{kj} - y_{nj})\mathbf{x}_n$'"),
                ("bishop-prml", "§4.3.4, Eq. (4.106)")],
       printed=r"\frac{\partial y_{nk}}{\partial \mathbf{w}_j} = y_{nk}(\delta_{kj} - y_{nj})\mathbf{x}_n")
def softmax_derivative() -> Statement:
    r"""For one sample $\mathbf{x}$ with
    $y_k = e^{\mathbf{w}_k^\top\mathbf{x}} / \sum_{i=1}^{K} e^{\mathbf{w}_i^\top\mathbf{x}}$:
    $\partial y_k/\partial \mathbf{w}_j = y_k(\delta_{kj} - y_j)\,\mathbf{x}$, every $(k, j)$ of
    $K = 3$ classes (the derivative entry by entry; $d \le 2$). Numerically: for one sample the
    Hessian block $(k, j)$ of $E$ is $(\partial y_k/\partial \mathbf{w}_j)\,\mathbf{x}^\top$, so
    $\partial y_k/\partial \mathbf{w}_j = \mathbf{H}_{kj}\mathbf{x}/(\mathbf{x}^\top\mathbf{x})$
    with $\mathbf{H}$ from `numerics.sigmoid.softmax_hessian`."""
    s = Space()
    d = s.dim("d", sizes=(1, 2), fixed=True)
    x = s.vector("x", d)
    ws = [s.vector(f"w_{k + 1}", d) for k in range(K3)]
    a = [Scalar(w.T * x) for w in ws]
    y = [_softmax(a, k) for k in range(K3)]
    claims = {r"$\partial y_%d/\partial\mathbf{w}_%d = y_%d(%d - y_%d)\,\mathbf{x}$" % (k + 1, j + 1, k + 1, k == j, j + 1):
              Equal(Grad(y[k], ws[j]), y[k] * (int(k == j) - y[j]) * x)
              for k in range(K3) for j in range(K3)}

    def block(ev, k, j):
        xv = _f(ev, x).ravel()
        H = nsig.softmax_hessian(_W(ev, ws), xv[None, :])
        dd = xv.shape[0]
        return (H[k * dd:(k + 1) * dd, j * dd:(j + 1) * dd] @ xv / (xv @ xv))[:, None]

    return Statement(s, claims=claims, numeric=[
        Agreement(f"y_{k + 1}({int(k == j)} - y_{j + 1}) x = H_kj x / x^T x, numerics.sigmoid.softmax_hessian",
                  y[k] * (int(k == j) - y[j]) * x, lambda ev, k=k, j=j: block(ev, k, j))
        for k, j in ((0, 0), (0, 1), (2, 1))])


@entry("logistic.softmax_gradient",
       r"$\nabla_{\mathbf{w}_j} E = \sum_{n=1}^{N} (y_{nj} - t_{nj})\,\mathbf{x}_n$",
       uses=("logistic.softmax_derivative", "least_squares.one_of_k",),
       sources=[("udelar2018", r"Regresión logística multiclase, the likelihood, "
                               r"$E(\mathbf{w}_1, \dots, \mathbf{w}_K)$ and $\nabla_{\mathbf{w}_j} E$"),
                ("bishop-prml", "§4.3.4, Eqs. (4.107)-(4.109)")],
       printed=r"\nabla_{\mathbf{w}_j} E(\mathbf{w}_1, \dots, \mathbf{w}_K) = \sum_{n=1}^N (y_{nj} - "
               r"t_{nj})\mathbf{x}_n")
def softmax_gradient() -> Statement:
    r"""$E(\mathbf{w}_1, \dots, \mathbf{w}_K) = -\sum_{n=1}^{N} \sum_{k=1}^{K} t_{nk} \ln y_{nk}$
    (the negative log of $\prod_{n=1}^{N} \prod_{k=1}^{K} y_{nk}^{t_{nk}}$); with
    $\partial y_{nk}/\partial \mathbf{w}_j = y_{nk}(\delta_{kj} - y_{nj})\,\mathbf{x}_n$ and
    $\sum_{k=1}^{K} t_{nk} = 1$ (1-of-$K$ targets),
    $\nabla_{\mathbf{w}_j} E = \sum_{n=1}^{N} (y_{nj} - t_{nj})\,\mathbf{x}_n$. Every $j$ of
    $K = 3$ classes, the gradient entry by entry; $N \le 2$, $d = 1$ and $N = 1$, $d = 2$."""
    s = Space()
    N, d, X, ws, T = _k_class_data(s, N_sizes=(1, 2), d_sizes=(1,))
    E = _k_error(X, ws, T, N)
    grads = [_weighted_sum(N, d, lambda n, j=j: _y(X, ws, n, j) - T[n, j], X) for j in range(K3)]

    def row(ev, j):
        return nsig.softmax_gradient(_W(ev, ws), _f(ev, X), _f(ev, T))[j][:, None]

    return Statement(s, claims={
        r"$\nabla_{\mathbf{w}_%d} E = \sum_{n=1}^{N} (y_{n,%d} - t_{n,%d})\,\mathbf{x}_n$" % (j + 1, j + 1, j + 1): Equal(Grad(E, ws[j]), grads[j])
        for j in range(K3)
    }, numeric=[Agreement(f"sum_n (y_n{j + 1} - t_n{j + 1}) x_n = numerics.sigmoid.softmax_gradient row {j + 1}",
                          grads[j], lambda ev, j=j: row(ev, j)) for j in range(K3)])


def _block(N, d, X, ws, k, j, sign=1):
    """sign · Σ_n y_nk(δ_kj − y_nj) x_n x_nᵀ."""
    return _weighted_outer(N, d, lambda n: sign * _y(X, ws, n, k) * (int(k == j) - _y(X, ws, n, j)), X)


def _hessian_block_numeric(ev, ws, X, k, j) -> np.ndarray:
    H = nsig.softmax_hessian(_W(ev, ws), _f(ev, X))
    dd = _f(ev, X).shape[1]
    return H[k * dd:(k + 1) * dd, j * dd:(j + 1) * dd]


@entry("logistic.softmax_hessian_sign",
       r"$\nabla_{\mathbf{w}_k}\nabla_{\mathbf{w}_j} E = +\sum_{n=1}^{N} y_{nk}(\delta_{kj} - y_{nj})\,"
       r"\mathbf{x}_n\mathbf{x}_n^\top$, not the printed $-\sum$",
       uses=("logistic.softmax_gradient", "logistic.softmax_derivative",),
       sources=[("udelar2018", r"Regresión logística multiclase, "
                               r"'$\nabla_{\mathbf{w}_k}\nabla_{\mathbf{w}_j} E(\mathbf{w}_1, \dots, \mathbf{w}_K) = "
                               r"-\sum_{n=1}^{N} y_{nk}(\delta_{kj} - y_{nj})\mathbf{x}_n\mathbf{x}_n^T$'"),
                ("bishop-prml", "§4.3.4, Eq. (4.110)")],
       kind="erratum",
       printed=r"\nabla_{\mathbf{w}_k} \nabla_{\mathbf{w}_j} E(\mathbf{w}_1, \dots, \mathbf{w}_K) = - "
               r"\sum_{n=1}^N y_{nk}(\delta_{kj} - y_{nj})\mathbf{x}_n \mathbf{x}_n^T")
def softmax_hessian_sign() -> Statement:
    r"""Differentiating $\nabla_{\mathbf{w}_j} E = \sum_{n=1}^{N} (y_{nj} - t_{nj})\,\mathbf{x}_n$
    with respect to $\mathbf{w}_k$ gives
    $$\sum_{n=1}^{N} \frac{\partial y_{nj}}{\partial \mathbf{w}_k}\,\mathbf{x}_n^\top = \sum_{n=1}^{N} y_{nj}(\delta_{jk} - y_{nk})\,\mathbf{x}_n\mathbf{x}_n^\top = +\sum_{n=1}^{N} y_{nk}(\delta_{kj} - y_{nj})\,\mathbf{x}_n\mathbf{x}_n^\top;$$
    udelar2018 prints it with a minus sign. Stated, the diagonal block ($k = j = 1$) as printed:
    $\nabla_{\mathbf{w}_1}(\mathbf{u}^\top\nabla_{\mathbf{w}_1} E) = -\sum_{n=1}^{N} y_{n1}(1 - y_{n1})\,\mathbf{x}_n\mathbf{x}_n^\top\mathbf{u}$
    — refuted (the true block is positive semidefinite, the printed one negative semidefinite:
    the printed Hessian would make the maximum-likelihood point a maximum of $E$). Corrected:
    the plus sign, for the blocks $(1, 1)$, $(1, 2)$ and $(3, 2)$ of $K = 3$ classes (the
    derivative of the directional derivative of the printed gradient
    $\nabla_{\mathbf{w}_j} E = \sum_{n=1}^{N} (y_{nj} - t_{nj})\,\mathbf{x}_n$, verified in
    `logistic.softmax_gradient`, entry by entry; $N \le 2$, $d = 1$; the rest follow by
    symmetry of the roles of the classes)."""
    s = Space()
    N, d, X, ws, T = _k_class_data(s, N_sizes=(1, 2), d_sizes=(1,))
    u = s.vector("u", d)
    grads = [_weighted_sum(N, d, lambda n, j=j: _y(X, ws, n, j) - T[n, j], X) for j in range(K3)]

    def second(k, j):
        """∇_{w_k}(uᵀ∇_{w_j}E), ∇_{w_j}E as printed (logistic.softmax_gradient)."""
        return Grad(Scalar(u.T * grads[j]), ws[k])

    pairs = ((0, 0), (0, 1), (2, 1))
    return Statement(s, stated=Equal(second(0, 0), _block(N, d, X, ws, 0, 0, sign=-1) * u), claims={
        (r"$\nabla_{\mathbf{w}_%d}\nabla_{\mathbf{w}_%d} E = +\sum_{n=1}^{N} y_{n,%d}(%d - "
         r"y_{n,%d})\,\mathbf{x}_n\mathbf{x}_n^\top$" % (k + 1, j + 1, k + 1, k == j, j + 1)):
            Equal(second(k, j), _block(N, d, X, ws, k, j) * u) for k, j in pairs
    }, numeric=[Agreement(f"block ({k + 1}, {j + 1}) = numerics.sigmoid.softmax_hessian", _block(N, d, X, ws, k, j),
                          lambda ev, k=k, j=j: _hessian_block_numeric(ev, ws, X, k, j)) for k, j in pairs])


@entry("logistic.softmax_hessian_psd",
       r"The $K$-class Hessian is positive semidefinite and singular along $(\mathbf{v}, \dots, \mathbf{v})$",
       uses=("logistic.softmax_hessian_sign",),
       sources=[("bishop-prml", "§4.3.4, after Eq. (4.110) (Exercise 4.20)"),
                ("udelar2018", r"Regresión logística multiclase, 'Los $\mathbf{w}_k$ se calculan "
                               r"mediante IRLS' (Newton's method needs the Hessian's definiteness)")],
       printed=r"\text{Los } \mathbf{w}_k \text{ se calculan mediante IRLS.}")
def softmax_hessian_psd() -> Statement:
    r"""With
    $\mathbf{H}_{kj} = \sum_{n=1}^{N} y_{nk}(\delta_{kj} - y_{nj})\,\mathbf{x}_n\mathbf{x}_n^\top$
    and any $\mathbf{u}_1, \dots, \mathbf{u}_K$, writing $b_{nk} = \mathbf{u}_k^\top\mathbf{x}_n$:
    $\sum_{k,j} \mathbf{u}_k^\top\mathbf{H}_{kj}\mathbf{u}_j = \sum_{n=1}^{N} \sum_{k,j} y_{nk}(\delta_{kj} - y_{nj})\,b_{nk} b_{nj}$,
    and for each sample
    $$\sum_{k,j} y_k(\delta_{kj} - y_j)\,b_k b_j = \sum_{k=1}^{K} y_k b_k^2 - \Bigl(\sum_{k=1}^{K} y_k b_k\Bigr)^2 = \sum_{k=1}^{K} y_k\Bigl(b_k - \sum_{j=1}^{K} y_j b_j\Bigr)^2 \ge 0$$
    (using $\sum_{k=1}^{K} y_k = 1$): $\mathbf{H}$ is positive semidefinite. The per-sample
    identity is checked with the activations $a_k = \mathbf{w}_k^\top\mathbf{x}_n$ and the $b_k$
    as scalars ($K = 3$), the certificate being manifestly nonnegative. $\mathbf{H}$ is never
    definite:
    $\sum_{j=1}^{K} \mathbf{H}_{kj}\mathbf{v} = \sum_{n=1}^{N} y_{nk}\bigl(1 - \sum_{j=1}^{K} y_{nj}\bigr)\,\mathbf{x}_n\mathbf{x}_n^\top\mathbf{v} = \mathbf{0}$
    for every $\mathbf{v}$, the direction of the softmax's shift invariance (`numerics.logistic`
    fixes the first class's weights at $\mathbf{0}$ for that reason); checked for $k = 1$ with
    one sample, $d = 1$."""
    s = Space()
    a, bs = [s.scalar(f"a_{k + 1}") for k in range(K3)], [s.scalar(f"b_{k + 1}") for k in range(K3)]
    y = [_softmax(a, k) for k in range(K3)]
    form = sp.Add(*[y[k] * (int(k == j) - y[j]) * bs[k] * bs[j] for k in range(K3) for j in range(K3)])
    mean = sp.Add(*[y[j] * bs[j] for j in range(K3)])
    certificate = sp.Add(*[y[k] * (bs[k] - mean) ** 2 for k in range(K3)])
    N, d = 1, s.dim("d", sizes=(1,), fixed=True)
    X, v = s.matrix("X", N, d), s.vector("v", d)
    ws = [s.vector(f"w_{k + 1}", d) for k in range(K3)]
    H = [_block(N, d, X, ws, 0, j) for j in range(K3)]

    def form_numeric(ev) -> float:
        """uᵀHu with H = numerics.sigmoid.softmax_hessian at the one sample x = 1, W = a, u = b."""
        Hn = nsig.softmax_hessian(np.array([[float(ev(ak))] for ak in a]), np.ones((1, 1)))
        uv = np.array([float(ev(bk)) for bk in bs])
        return float(uv @ Hn @ uv)

    return Statement(s, claims={
        r"$\sum_{k,j} y_k(\delta_{kj} - y_j)\, b_k b_j = \sum_k y_k (b_k - \sum_j y_j b_j)^2 \geq "
        r"0$":
            Rel(form, ">=", 0, certificate=certificate),
        r"$\sum_j \mathbf{H}_{1j}\mathbf{v} = \mathbf{0}$ (shift direction)": Equal(sp.MatAdd(*[H[j] * v for j in range(K3)]),
                                                    sp.ZeroMatrix(d, 1)),
    }, numeric=[Agreement("sum_kj u_k^T H_kj u_j with numerics.sigmoid.softmax_hessian (x = 1)",
                          form, form_numeric)])
