"""Fisher's linear discriminant: the two-class direction, its relation with least squares,
the multi-class projection (c > 2) and the Gaussian threshold on the projections.

Sources: udelar2018 "Discriminante lineal de Fisher" (first attempt, 2do intento, the
stationarity slide), "Discriminante de Fisher: relación con mínimos cuadrados",
"Discriminante de Fisher: caso c > 2" (with the Cholesky exercise); ml10 "Fisher linear
discriminant" (projection, the Lagrangian of the mean-difference problem, the within-class
variances, the Fisher criterion and its gradient, the solution, the threshold); Bishop PRML
§4.1.4-§4.1.6.

Conventions
-----------
* Data enter as explicit small samples, one declared vector per point: ``x_{k,n}`` is the
  n-th point of class k (two or three points per class), and the class means and scatter
  matrices are *defined* from them (``Space.define``), so a claim prints ``m_1``, ``S_W``
  while every method checks it on the points themselves.
* Bold ``m_k`` is a class mean in R^d; ml10's non-bold m_k (the projected mean w^T m_k) is
  the scalar ``m_{k}``.
* Where a claim needs S_W^{-1}(m_2 - m_1) the hypothesis is built in rather than inverted:
  the direction ``w_*`` is a free nonzero vector and ``m_2 := m_1 + S_W w_*``, i.e.
  ``w_* = S_W^{-1}(m_2 - m_1)`` by construction (every m_2 - m_1 arises this way, S_W
  being invertible). This keeps the component proofs free of symbolic inverses.
* Claims that are rational functions of many entries are checked at d = 1, 2
  (``_RATIONAL_SIZES``): at d = 3 the components method's zero test (expand before
  cancelling) takes 4-7 s per claim; exact random points cover the same sizes.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

import numerics.fisher as nf
import numerics.least_squares as nls

from .._claims.claims import Behaviour, Equal, Rel, RunResult, SameSign, SphereMax, Stationary
from .._decide.exactness import exact_sign
from .._symbols.expr import Grad, Norm, Scalar, dot, quad
from .._symbols.space import Space
from .._claims.statement import Agreement, Statement, chain
from .registry import entry

#: Sizes of d for claims that are large rational functions (see the module docstring).
_RATIONAL_SIZES = (1, 2)

_PRML_FISHER = ("bishop-prml", "§4.1.4, Eqs. (4.20)–(4.30)")
_PRML_LS = ("bishop-prml", "§4.1.5, Eqs. (4.31)–(4.37)")
_PRML_MULTI = ("bishop-prml", "§4.1.6, Eqs. (4.38)–(4.51)")
_UD_FISHER = "Discriminante lineal de Fisher"
_UD_LS = "Discriminante de Fisher: relación con mínimos cuadrados"
_UD_MULTI = "Discriminante de Fisher: caso $c > 2$"
#: udelar2018's exercise on the c > 2 slides (Markdown), the problem of the Cholesky entries.
_CHOLESKY_EXERCISE = (
    r"Using the Cholesky decomposition of $\mathbf{S}_W$, determine the optimal $\mathbf{W}$ as "
    r"a function of $\mathbf{S}_W$ and $\mathbf{S}_B$. (The criterion, from the previous "
    r"slide: choose the $\mathbf{w}_k$ so as to maximise $\operatorname{Trace}\{\mathbf{s}_W^{-1}"
    r"\mathbf{s}_B\}$, where $\mathbf{s}_W = \mathbf{W}^\top\mathbf{S}_W\mathbf{W}$ and "
    r"$\mathbf{s}_B = \mathbf{W}^\top\mathbf{S}_B\mathbf{W}$, $\mathbf{W} \in "
    r"\mathbb{R}^{d\times d'}$.)")


# --- helpers -------------------------------------------------------------------------------

def _sample(s: Space, k: int, n: int, d) -> list:
    """Points x_{k,1}, ..., x_{k,n} of class k, each a free vector of R^d."""
    return [s.vector(f"x_{{{k},{i}}}", d) for i in range(1, n + 1)]


def _mean(points: list) -> sp.Basic:
    return sp.MatAdd(*points) / len(points)


def _scatter(points: list, m: sp.Basic) -> sp.Basic:
    """sum_n (x_n - m)(x_n - m)^T."""
    return sp.MatAdd(*[(x - m) * (x - m).T for x in points])


def _class(s: Space, k: int, n: int, d):
    """Class k: its points, its mean m_k and scatter S_k, both defined from the points."""
    pts = _sample(s, k, n, d)
    m = s.vector(f"m_{k}", d)
    s.define(m, _mean(pts), f"m_{k}: mean of class {k}")
    S = s.matrix(f"S_{k}", d, d, "symmetric")
    s.define(S, _scatter(pts, m), f"S_{k} = sum over class {k} of (x - m_{k})(x - m_{k})^T")
    return pts, m, S


def _separated_means(s: Space, d):
    """m_1 free and m_2 = m_1 + delta with delta != 0: distinct class means."""
    m1, m2 = s.vector("m_1", d), s.vector("m_2", d)
    delta = s.vector("delta", d, nonzero=True)
    s.define(m2, m1 + delta, "distinct means: m_2 - m_1 = delta != 0")
    return m1, m2


def _fisher_pair(s: Space, d):
    """m_1, m_2, S_W (SPD), S_B = (m_2 - m_1)(m_2 - m_1)^T and w_* = S_W^{-1}(m_2 - m_1)
    by construction (m_2 := m_1 + S_W w_*)."""
    m1, m2 = s.vector("m_1", d), s.vector("m_2", d)
    SW = s.matrix("S_W", d, d, "spd")
    SB = s.matrix("S_B", d, d, "psd")
    ws = s.vector("w_*", d, nonzero=True)
    s.define(m2, m1 + SW * ws, "w_* = S_W^{-1}(m_2 - m_1), i.e. S_W w_* = m_2 - m_1")
    s.define(SB, (m2 - m1) * (m2 - m1).T, "two-class S_B")
    return m1, m2, SW, SB, ws


def _J(w, SB, SW) -> sp.Basic:
    """Fisher's criterion J(w) = (w^T S_B w)/(w^T S_W w)."""
    return quad(w, SB) / quad(w, SW)


def _times(*factors) -> sp.Basic:
    """a*b*... as printed, not folded into a square."""
    return sp.Mul(*factors, evaluate=False)


def _data(ev, classes) -> tuple[np.ndarray, np.ndarray]:
    """(X, y) for numerics from the entry's point symbols, evaluated at the current point
    (one evaluation of the matrix whose columns are the points)."""
    pts = [x for c in classes for x in c]
    X = np.atleast_2d(np.asarray(ev(sp.BlockMatrix([pts])), dtype=float)).T
    return X, np.repeat(np.arange(1, len(classes) + 1), [len(c) for c in classes])


# --- numeric counterparts: data with given statistics, numerics' direction and gradient -----

def _floats(ev, e) -> np.ndarray:
    return np.asarray(ev(e), dtype=float)


def _two_class_data(m1: np.ndarray, m2: np.ndarray, SW: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
    """(X, y) whose class means are m_1, m_2 and whose within-class scatter is S_W (SPD): class
    k is the 2d points m_k ± l_j/2, l_j the columns of the Cholesky factor S_W = L Lᵀ, so each
    class scatters Σ_j 2 (l_j/2)(l_j/2)ᵀ = S_W/2 about its mean."""
    L = np.linalg.cholesky(SW)
    spread = np.vstack([L.T, -L.T]) / 2
    X = np.vstack([m1.ravel() + spread, m2.ravel() + spread])
    return X, np.repeat([1, 2], spread.shape[0])


def _multiclass_data(SW: np.ndarray, SB: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(X, y) in c = d + 1 classes of n = 2d points whose within-class scatter is S_W (SPD)
    and whose multi-class S_B = Σ_k n (m_k − m)(m_k − m)ᵀ is the given PSD matrix: with
    S_B = B Bᵀ and A (c × d) orthonormal columns orthogonal to 1_c, m_k = B a_k/√n (so m = 0
    and Σ_k n m_k m_kᵀ = B AᵀA Bᵀ); class k is m_k ± l_j/√(2c), l_j the columns of the
    Cholesky factor of S_W, each class scattering S_W/c."""
    d = SW.shape[0]
    c, n = d + 1, 2 * d
    L = np.linalg.cholesky(SW)
    vals, vecs = np.linalg.eigh(SB)
    B = vecs * np.sqrt(np.clip(vals, 0.0, None))
    A = np.linalg.qr(np.column_stack([np.ones(c), np.eye(c)[:, :d]]))[0][:, 1:]
    spread = np.vstack([L.T, -L.T]) / np.sqrt(2 * c)
    X = np.vstack([B @ A[k] / np.sqrt(n) + spread for k in range(c)])
    return X, np.repeat(np.arange(c), n)


def _direction(ev, m1, m2, SW) -> nf.FisherDirection:
    """numerics.fisher_direction on data whose means and S_W are the entry's m_1, m_2, S_W."""
    return nf.fisher_direction(*_two_class_data(_floats(ev, m1), _floats(ev, m2), _floats(ev, SW)))


def _ml10_rescaled(fit: nf.FisherDirection) -> np.ndarray:
    """numerics' unit direction w read through ml10's solution w = (c_W c_m/c_B) S_W^{-1}(m_2 - m_1):
    S_W^{-1}(m_2 - m_1) = (c_B/(c_W c_m)) w, with c_B = wᵀS_B w, c_W = wᵀS_W w,
    c_m = (m_2 - m_1)ᵀw from numerics' own means and scatter matrices."""
    w = fit.coef_
    cB = w @ fit.scatter_between_ @ w
    cW = w @ fit.scatter_within_ @ w
    cm = (fit.means_[1] - fit.means_[0]) @ w
    return cB / (cW * cm) * w


def _criterion_gradient(w: np.ndarray, SB: np.ndarray, SW: np.ndarray) -> np.ndarray:
    """∂J/∂w by the fourth-order central difference of numerics.fisher_criterion, step
    h = 1e-4 ‖w‖. J is homogeneous of degree 0 and smooth on a scale ‖w‖/√cond(S_W), so the
    truncation error is O((h √cond(S_W)/‖w‖)^4) ≈ 1e-10 relative for the catalog's draws
    (cond ≲ 10^3), the rounding error O(eps J/h)."""
    h = 1e-4 * np.linalg.norm(w)
    grad = np.empty_like(w)
    for i in range(w.shape[0]):
        e = np.zeros_like(w)
        e[i] = h
        J = [nf.fisher_criterion(w + k * e, SB, SW) for k in (-2, -1, 1, 2)]
        grad[i] = (J[0] - 8 * J[1] + 8 * J[2] - J[3]) / (12 * h)
    return grad


def _error_gradient(X: np.ndarray, t: np.ndarray, w: np.ndarray, w0: float) -> np.ndarray:
    """(∂E/∂w, ∂E/∂w_0) of E = ½ Σ_n (wᵀx_n + w_0 − t_n)² (numerics.least_squares.
    sum_of_squares_error) by central differences with step 1: E is quadratic, so the difference quotient is exact
    for every step and only the rounding of E (eps E) remains."""
    theta = np.append(w, w0)
    grad = np.empty_like(theta)
    for i in range(theta.shape[0]):
        e = np.zeros_like(theta)
        e[i] = 1.0
        grad[i] = (nls.sum_of_squares_error(X, t, theta + e)
                   - nls.sum_of_squares_error(X, t, theta - e)) / 2
    return grad


def _logs_expanded(s: Space, e: sp.Basic) -> sp.Basic:
    """``e`` with its definitions substituted and ln(a·exp(b)) written ln a + b by SymPy — the
    same expression, evaluable in floats: a Gaussian density exp(−(y − m)²/(2σ²)) under- or
    overflows for small σ, and its log is then ±∞ or NaN. Forcing is sound here: every factor
    under a log is positive (class sizes, standard deviations, exponentials)."""
    return sp.expand_log(s.expand(e), force=True)


# --- projection and the first attempt: the direction of the means ----------------------------

#: Where the first attempt's direction meets numerics (the entries below without agreements).
_ISOTROPIC_CHECK = (r"`numerics` implements Fisher's $\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$, "
                    r"which is the first attempt's $(\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - "
                    r"\mathbf{m}_1\rVert$ only where $\mathbf{S}_W \propto \mathbf{I}$; there "
                    r"`numerics.fisher_direction` is compared with $(\mathbf{m}_2 - \mathbf{m}_1)/"
                    r"\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$ in `fisher.mean_difference_isotropic`")
_FIRST_ATTEMPT = (r"no `numerics` function maximises $\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1)$ over "
                  r"unit $\mathbf{w}$: " + _ISOTROPIC_CHECK)
_LAGRANGIAN = ("a step of the Lagrangian derivation; `numerics` has no Lagrangian or multiplier, and "
               + _ISOTROPIC_CHECK)

@entry("fisher.projected_means",
       r"Projected means: $m_2 - m_1 = \mathbf{w}^\top\mathbf{m}_2 - \mathbf{w}^\top\mathbf{m}_1"
       r" = \mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1)$",
       sources=[("ml10", r"Fisher linear discriminant: the projection $y = \mathbf{w}^\top\mathbf{x}$ "
                         "and the projected means"),
                ("udelar2018", _UD_FISHER + r": proyección $y = \mathbf{w}^\top\mathbf{x}$"),
                _PRML_FISHER],
       printed=r"m_2 - m_1 = \mathbf{w}^T \mathbf{m}_2 - \mathbf{w}^T \mathbf{m}_1"
               r" = \mathbf{w}^T (\mathbf{m}_2 - \mathbf{m}_1)")
def projected_means() -> Statement:
    r"""The mean of the projections $y = \mathbf{w}^\top\mathbf{x}$ of a class is the projection
    of its mean, $\frac{1}{n_k}\sum_{\mathbf{x}\in\mathcal{C}_k}\mathbf{w}^\top\mathbf{x}
    = \mathbf{w}^\top\mathbf{m}_k =: m_k$ (ml10's non-bold projected mean); hence the
    separation of the projected means is $m_2 - m_1 = \mathbf{w}^\top\mathbf{m}_2 -
    \mathbf{w}^\top\mathbf{m}_1 = \mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1)$."""
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d)
    x1, x2 = _sample(s, 1, 3, d), _sample(s, 2, 2, d)
    m1, m2 = s.vector("m_1", d), s.vector("m_2", d)
    s.define(m1, _mean(x1), "m_1: mean of class 1")
    s.define(m2, _mean(x2), "m_2: mean of class 2")
    p1, p2 = s.scalar("m_{1}"), s.scalar("m_{2}")
    s.define(p1, sp.Add(*[dot(w, x) for x in x1]) / 3, "m_1: mean of the projections of class 1")
    s.define(p2, sp.Add(*[dot(w, x) for x in x2]) / 2, "m_2: mean of the projections of class 2")
    return Statement(
        s,
        claims={r"$m_1 = \mathbf{w}^\top\mathbf{m}_1$ (projected mean)": Equal(p1, dot(w, m1)),
                r"$m_2 = \mathbf{w}^\top\mathbf{m}_2$ (projected mean)": Equal(p2, dot(w, m2))},
        steps=chain(p2 - p1, dot(w, m2) - dot(w, m1), dot(w, m2 - m1),
                    notes=("projected means", r"linearity of $\mathbf{w}^\top$")),
        numeric=[Agreement("projections of the class means", sp.Matrix([p1, p2]),
                           lambda ev: ev(w).ravel() @ nf.scatter_matrices(
                               *_data(ev, (x1, x2))).means_.T)],
    )


@entry("fisher.mean_difference_direction",
       r"First attempt: the maximiser of $\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1)$ over "
       r"$\lVert\mathbf{w}\rVert = 1$ is $(\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - "
       r"\mathbf{m}_1\rVert$",
       sources=[("udelar2018", _UD_FISHER + r": 1er intento: “$\Rightarrow \arg\max_{\lVert\mathbf{w}"
                               r"\rVert=1} \{\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1)\} = "
                               r"(\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1"
                               r"\rVert$”"),
                ("ml10", r"Fisher linear discriminant: $\mathbf{w} = (\mathbf{m}_2 - \mathbf{m}_1)/"
                         r"\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert_2$"),
                _PRML_FISHER],
       printed=r"\arg \max_{\|\mathbf{w}\|=1} \{ \mathbf{w}^T (\mathbf{m}_2 - \mathbf{m}_1) \}"
               r" = \frac{\mathbf{m}_2 - \mathbf{m}_1}{\|\mathbf{m}_2 - \mathbf{m}_1\|}")
def mean_difference_direction() -> Statement:
    r"""For a unit $\mathbf{u}$, $\mathbf{u}^\top(\mathbf{m}_2 - \mathbf{m}_1) \leq
    \lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$, with equality only at $\mathbf{u} =
    (\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$: the gap is
    $\frac{1}{2}\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert\,\lVert\mathbf{u} - (\mathbf{m}_2 -
    \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert\rVert^2$ (Cauchy–Schwarz). At the
    maximiser the projected distance of the means is $\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$,
    its largest possible value among unit directions. (The claims build in $\mathbf{m}_2 =
    \mathbf{m}_1 + \boldsymbol{\delta}$, $\boldsymbol{\delta} \neq \mathbf{0}$.)

    Reading (the catalog's reading policy): the printed value $(\mathbf{m}_2 - \mathbf{m}_1)/
    \lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$ divides by $\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$,
    so the formula presupposes $\mathbf{m}_1 \neq \mathbf{m}_2$ — a presupposition, not an
    unstated condition. (With $\mathbf{m}_1 = \mathbf{m}_2$ every unit $\mathbf{w}$ attains the
    maximum $0$ and the formula is $0/0$; ml10 prints the same $\mathbf{w} = (\mathbf{m}_2 -
    \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert_2$.)"""
    s = Space()
    d = s.dim("d")
    m1, m2 = _separated_means(s, d)
    w = s.vector("w", d, nonzero=True)
    D = m2 - m1
    best = D / Norm(D)
    return Statement(s, claims={
        r"$\arg\max_{\lVert\mathbf{w}\rVert = 1} \mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1) = (\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$": SphereMax(
            dot(w, D), w, best, Norm(D) / 2 * Norm(w / Norm(w) - best) ** 2),
        r"projected distance at the maximiser $= \lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$": Equal(dot(best, D), Norm(D)),
    }, no_numeric=_FIRST_ATTEMPT)


@entry("fisher.mean_difference_minimises",
       "ml10: the mean-difference direction “minimises” the projected distance of the means",
       uses=("fisher.mean_difference_direction",),
       kind="erratum",
       sources=[("ml10", ("Fisher linear discriminant: “la direzione che minimizza la distanza "
                  "della proiezione tra i punti medi”"))],
       printed=r"\mathbf{w} = \frac{\mathbf{m}_2 - \mathbf{m}_1}{||\mathbf{m}_2 - \mathbf{m}_1||_2}"
               r"\ \text{minimizza la distanza della proiezione tra i punti medi}")
def mean_difference_minimises() -> Statement:
    r"""ml10 concludes: “the direction that *minimises* the distance of the projection of the
    means is the direction of the vector joining them”. Over unit $\mathbf{u}$ the projected
    distance $\mathbf{u}^\top(\mathbf{m}_2 - \mathbf{m}_1)$ is *maximised* at $\mathbf{u} =
    (\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$ (the problem ml10
    itself set up as a max); it is minimised at the opposite direction."""
    s = Space()
    d = s.dim("d")
    m1, m2 = _separated_means(s, d)
    u = s.vector("u", d, nonzero=True)
    D = m2 - m1
    best, unit = D / Norm(D), u / Norm(u)
    return Statement(
        s,
        stated=Rel(dot(best, D), "<=", dot(unit, D)),
        claims={"maximises": Rel(dot(best, D), ">=", dot(unit, D),
                                 Norm(D) / 2 * Norm(unit - best) ** 2)},
        no_numeric=_FIRST_ATTEMPT,
    )


@entry("fisher.unit_norm_as_printed",
       r"ml10's unit-norm constraint “vettori $\mathbf{w}$ tali che $\lVert\mathbf{w}\rVert_2 = "
       r"\mathbf{w}^\top\mathbf{w} = 1$” is the unit sphere",
       sources=[("ml10", (r"Fisher linear discriminant: “considereremo solamente vettori unitari, "
                          r"ovvero vettori $\mathbf{w}$ tali che $\lVert\mathbf{w}\rVert_2 = "
                          r"\mathbf{w}^\top\mathbf{w} = 1$”"))],
       printed=r"||\mathbf{w}||_2 = \mathbf{w}^T \mathbf{w} = 1")
def unit_norm_as_printed() -> Statement:
    r"""ml10: “considereremo solamente vettori unitari, ovvero vettori $\mathbf{w}$ tali che
    $\lVert\mathbf{w}\rVert_2 = \mathbf{w}^\top\mathbf{w} = 1$” — a *condition* on
    $\mathbf{w}$, not an identity for every $\mathbf{w}$. Read as printed, the chain
    $\lVert\mathbf{w}\rVert_2 = \mathbf{w}^\top\mathbf{w} = 1$ describes exactly the unit sphere:
    every unit $\mathbf{u} = \mathbf{v}/\lVert\mathbf{v}\rVert$ satisfies both equalities, and a
    $\mathbf{w}$ with $\mathbf{w}^\top\mathbf{w} = 1$ has $\lVert\mathbf{w}\rVert_2^2 =
    \mathbf{w}^\top\mathbf{w} = 1$. (The equivalence of $\lVert\mathbf{w}\rVert_2 = 1$ and
    $\mathbf{w}^\top\mathbf{w} = 1$ would be the direct encoding, but the case analysis cannot
    decide conditions with a square root: it is left undecided, so the two directions are
    encoded as equalities.) (As an identity for every $\mathbf{w}$, $\lVert\mathbf{w}\rVert_2 =
    \mathbf{w}^\top\mathbf{w}$ would be false, since $\mathbf{w}^\top\mathbf{w} =
    \lVert\mathbf{w}\rVert_2^2$; the document does not assert it — the catalog used to encode
    that reading as an erratum.)"""
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d)
    v = s.vector("v", d, nonzero=True)
    u = s.vector("u", d)
    s.define(u, v / Norm(v), "u = v/||v||: any point of the unit sphere")
    return Statement(
        s,
        claims={r"on the unit sphere $\lVert\mathbf{u}\rVert_2 = \mathbf{u}^\top\mathbf{u}$": Equal(Norm(u), dot(u, u)),
                r"on the unit sphere $\mathbf{u}^\top\mathbf{u} = 1$": Equal(dot(u, u), 1),
                r"$\mathbf{w}^\top\mathbf{w} = \lVert\mathbf{w}\rVert_2^2$, so $\mathbf{w}^\top\mathbf{w} = 1$ only on the unit sphere": Equal(
                    dot(w, w), Norm(w) ** 2)},
        no_numeric=r"a condition on the Euclidean norm and $\mathbf{w}^\top\mathbf{w}$: `numerics` has "
                   r"no function for it (`numerics.fisher_direction` only normalises its result to unit norm)",
    )


def _lagrangian(s: Space):
    d = s.dim("d")
    m1, m2 = s.vector("m_1", d), s.vector("m_2", d)
    w = s.vector("w", d)
    lam = s.scalar("lambda", nonzero=True)
    D = m2 - m1
    return d, w, lam, D, dot(w, D) + lam * (1 - dot(w, w))


@entry("fisher.lagrangian_w_derivative",
       r"ml10: $\frac{\partial}{\partial\mathbf{w}}\big(\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1)"
       r" + \lambda(1 - \mathbf{w}^\top\mathbf{w})\big)$ printed as $\mathbf{m}_2 - \mathbf{m}_1"
       r" + 2\lambda\mathbf{w}$",
       kind="typo",
       sources=[("ml10", r"Fisher linear discriminant: “$\frac{\partial}{\partial\mathbf{w}}"
                         r"\big(\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1) + \lambda(1 - "
                         r"\mathbf{w}^\top\mathbf{w})\big) = \mathbf{m}_2 - \mathbf{m}_1 + "
                         r"2\lambda\mathbf{w}$”, then “impostando a $\mathbf{0}$ otteniamo "
                         r"$\mathbf{w} = (\mathbf{m}_2 - \mathbf{m}_1)/(2\lambda)$”")],
       printed=r"\frac{\partial }{\partial \mathbf{w}} \Big(\mathbf{w}^T (\mathbf{m}_2 - \mathbf{m}_1)"
               r" + \lambda(1 - \mathbf{w}^T \mathbf{w}) \Big)"
               r" = \mathbf{m}_2 - \mathbf{m}_1 + 2 \lambda \mathbf{w}")
def lagrangian_w_derivative() -> Statement:
    r"""$\frac{\partial}{\partial\mathbf{w}}\big(\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1) +
    \lambda(1 - \mathbf{w}^\top\mathbf{w})\big) = \mathbf{m}_2 - \mathbf{m}_1 -
    2\lambda\mathbf{w}$; ml10 prints $+\,2\lambda\mathbf{w}$. A typo (the catalog's reading
    policy): its next line, “impostando a $\mathbf{0}$ otteniamo $\mathbf{w} = (\mathbf{m}_2 -
    \mathbf{m}_1)/(2\lambda)$”, uses the correct derivative (the printed one would give
    $\mathbf{w} = -(\mathbf{m}_2 - \mathbf{m}_1)/(2\lambda)$); that line is
    `fisher.lagrangian_w_solution`."""
    s = Space()
    _, w, lam, D, L = _lagrangian(s)
    return Statement(s, stated=Equal(Grad(L, w), D + 2 * lam * w),
                     claims={"corrected": Equal(Grad(L, w), D - 2 * lam * w)},
                     no_numeric=_LAGRANGIAN)


@entry("fisher.lagrangian_w_solution",
       r"ml10: setting $\partial L/\partial\mathbf{w}$ to $\mathbf{0}$ gives $\mathbf{w} = "
       r"(\mathbf{m}_2 - \mathbf{m}_1)/(2\lambda)$, the stationary point in $\mathbf{w}$",
       uses=("fisher.lagrangian_w_derivative",),
       sources=[("ml10", (r"Fisher linear discriminant: “$\frac{\partial}{\partial\mathbf{w}}"
                          r"\big(\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1) + \lambda(1 - "
                          r"\mathbf{w}^\top\mathbf{w})\big) = \mathbf{m}_2 - \mathbf{m}_1 + "
                          r"2\lambda\mathbf{w}$; impostando a $\mathbf{0}$ otteniamo $\mathbf{w} = "
                          r"(\mathbf{m}_2 - \mathbf{m}_1)/(2\lambda)$”"))],
       printed=r"\mathbf{w} = \frac{\mathbf{m}_2 - \mathbf{m}_1}{2 \lambda}")
def lagrangian_w_solution() -> Statement:
    r"""ml10: “impostando a $\mathbf{0}$ otteniamo $\mathbf{w} = (\mathbf{m}_2 -
    \mathbf{m}_1)/(2\lambda)$”. The derivative $\mathbf{m}_2 - \mathbf{m}_1 - 2\lambda\mathbf{w}$
    vanishes at $\mathbf{w}_s = (\mathbf{m}_2 - \mathbf{m}_1)/(2\lambda)$, and $\mathbf{w}_s$ is
    the stationary point in $\mathbf{w}$ of the Lagrangian $\mathbf{w}^\top(\mathbf{m}_2 -
    \mathbf{m}_1) + \lambda(1 - \mathbf{w}^\top\mathbf{w})$ for each $\lambda \neq 0$ (the
    derivative is taken by the verification methods, not while the entry is built; the division
    presupposes $\lambda \neq 0$). Reading (the catalog's reading policy): the line before
    prints the derivative with $+\,2\lambda\mathbf{w}$, a typo this line corrects
    (`fisher.lagrangian_w_derivative`); the slip is counted once, there. *Note:* set to
    $\mathbf{0}$, the printed $+\,2\lambda\mathbf{w}$ would vanish at $-(\mathbf{m}_2 -
    \mathbf{m}_1)/(2\lambda)$ instead (a claim)."""
    s = Space()
    d, w, lam, D, L = _lagrangian(s)
    w_s = s.vector("w_s", d)
    s.define(w_s, D / (2 * lam), "w_s = (m_2 - m_1)/(2 lambda), as printed")
    w_printed = s.vector("w_p", d)
    s.define(w_printed, -D / (2 * lam), "w_p = -(m_2 - m_1)/(2 lambda)")
    corrected = r"$\mathbf{m}_2 - \mathbf{m}_1 - 2\lambda\mathbf{w}_s = \mathbf{0}$"
    return Statement(
        s,
        claims={
            corrected: Equal(D - 2 * lam * w_s, sp.ZeroMatrix(*D.shape)),
            r"$\mathbf{w}_s = (\mathbf{m}_2 - \mathbf{m}_1)/(2\lambda)$ is stationary": Stationary(L, w, w_s),
            r"note: the typo's $+\,2\lambda\mathbf{w}$ vanishes at $-(\mathbf{m}_2 - \mathbf{m}_1)/(2\lambda)$": Equal(
                D + 2 * lam * w_printed, sp.ZeroMatrix(*D.shape)),
        }, no_numeric=_LAGRANGIAN)


@entry("fisher.lagrangian_lambda_derivative",
       r"$\frac{\partial}{\partial\lambda}\big(\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1) + "
       r"\lambda(1 - \mathbf{w}^\top\mathbf{w})\big) = 1 - \mathbf{w}^\top\mathbf{w}$",
       sources=[("ml10", r"Fisher linear discriminant: the Lagrangian, its derivative in $\lambda$")],
       printed=r"\frac{\partial }{\partial \lambda} \Big(\mathbf{w}^T (\mathbf{m}_2 - \mathbf{m}_1)"
               r" + \lambda(1 - \mathbf{w}^T \mathbf{w}) \Big) = 1 - \mathbf{w}^T \mathbf{w}")
def lagrangian_lambda_derivative() -> Statement:
    r"""The $\lambda$-derivative of the Lagrangian is the constraint, $1 -
    \mathbf{w}^\top\mathbf{w}$. ($\lambda$ is declared as a $1\times 1$ matrix so that the
    verification methods take the derivative themselves; it is not computed while the entry is
    built.)"""
    s = Space()
    d = s.dim("d")
    m1, m2 = s.vector("m_1", d), s.vector("m_2", d)
    w = s.vector("w", d)
    lam = s.matrix("lambda", 1, 1)
    L = dot(w, m2 - m1) + Scalar(lam) * (1 - dot(w, w))
    return Statement(s, claims={r"$\partial L/\partial\lambda = 1 - \mathbf{w}^\top\mathbf{w}$": Equal(Grad(L, lam), 1 - dot(w, w))},
                     no_numeric=_LAGRANGIAN)


@entry("fisher.lagrange_solution",
       r"$1 - (\mathbf{m}_2 - \mathbf{m}_1)^\top(\mathbf{m}_2 - \mathbf{m}_1)/(4\lambda^2) = 0$ "
       r"“e quindi” $\lambda = \lVert\mathbf{m}_2 - \mathbf{m}_1\rVert/2$, $\mathbf{w} = "
       r"(\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$: needs $\lambda > 0$",
       uses=("fisher.lagrangian_w_solution", "fisher.lagrangian_lambda_derivative",),
       kind="caveat",
       caveat=(r"unstated condition: $\lambda > 0$ — $\lambda = -\lVert\mathbf{m}_2 - \mathbf{m}_1"
               r"\rVert/2$ solves the printed equation too (and gives the minimiser $\mathbf{w} = "
               r"-(\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$); "
               r"$\mathbf{m}_1 \neq \mathbf{m}_2$ is presupposed by the printed division by "
               r"$\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$"),
       sources=[("ml10", (r"Fisher linear discriminant: $1 - (\mathbf{m}_2 - \mathbf{m}_1)^\top"
                          r"(\mathbf{m}_2 - \mathbf{m}_1)/(4\lambda^2) = 0$, $\lambda = "
                          r"\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert_2/2$, $\mathbf{w} = "
                          r"(\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert_2$"))],
       printed=r"1 - \mathbf{w}^T \mathbf{w} = 1 - \frac{(\mathbf{m}_2 - \mathbf{m}_1)^T "
               r"(\mathbf{m}_2 - \mathbf{m}_1)}{4 \lambda^2} = 0, \quad \lambda = "
               r"\frac{\sqrt{(\mathbf{m}_2 - \mathbf{m}_1)^T (\mathbf{m}_2 - \mathbf{m}_1)}}{2}"
               r" = \frac{||\mathbf{m}_2 - \mathbf{m}_1||_2}{2}")
def lagrange_solution() -> Statement:
    r"""Substituting $\mathbf{w} = (\mathbf{m}_2 - \mathbf{m}_1)/(2\lambda)$ in the constraint:
    $1 - \mathbf{w}^\top\mathbf{w} = 1 - (\mathbf{m}_2 - \mathbf{m}_1)^\top(\mathbf{m}_2 -
    \mathbf{m}_1)/(4\lambda^2)$, which vanishes at $\lambda = \sqrt{(\mathbf{m}_2 -
    \mathbf{m}_1)^\top(\mathbf{m}_2 - \mathbf{m}_1)}/2 = \lVert\mathbf{m}_2 -
    \mathbf{m}_1\rVert_2/2$ (the positive root; $-\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert/2$
    gives the minimiser); then $\mathbf{w} = (\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 -
    \mathbf{m}_1\rVert_2$.

    ml10 prints “$1 - \mathbf{w}^\top\mathbf{w} = 1 - (\mathbf{m}_2 - \mathbf{m}_1)^\top
    (\mathbf{m}_2 - \mathbf{m}_1)/(4\lambda^2) = 0$ e quindi $\lambda$ è dato da $\lambda =
    \sqrt{(\mathbf{m}_2 - \mathbf{m}_1)^\top(\mathbf{m}_2 - \mathbf{m}_1)}/2$”: the equation
    implies that $\lambda$. *Stated* (without $\lambda > 0$): at $\lambda_- :=
    -\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert/2$, which solves the printed equation (a claim),
    $\lambda_- = \lVert\mathbf{m}_2 - \mathbf{m}_1\rVert/2$ — refuted. *Claims* (with
    $\lambda > 0$, $\mathbf{m}_1 \neq \mathbf{m}_2$): the positive root gives the unit
    $\mathbf{w} = (\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$ and the
    constraint, and the printed chain."""
    s = Space()
    d = s.dim("d")
    m1, m2 = _separated_means(s, d)
    D = m2 - m1
    lam = s.scalar("lambda", positive=True)
    w = s.vector("w", d)
    s.define(lam, Norm(D) / 2, "the positive root")
    s.define(w, D / (2 * lam), "the stationary point in w")
    lam_neg = s.scalar("lambda_-")
    s.define(lam_neg, -Norm(D) / 2, "lambda_- = -||m_2 - m_1||/2, the other root")
    return Statement(
        s,
        stated=Equal(lam_neg, sp.sqrt(dot(D, D)) / 2),
        corrects=r"$\mathbf{w} = (\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$",
        claims={r"$\mathbf{w} = (\mathbf{m}_2 - \mathbf{m}_1)/\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert$": Equal(w, D / Norm(D)),
                r"$\lambda_- = -\lVert\mathbf{m}_2 - \mathbf{m}_1\rVert/2$ solves $1 - (\mathbf{m}_2 - \mathbf{m}_1)^\top(\mathbf{m}_2 - \mathbf{m}_1)/(4\lambda^2) = 0$":
                Equal(1 - dot(D, D) / (4 * lam_neg ** 2), 0),
                r"the constraint holds: $\mathbf{w}^\top\mathbf{w} = 1$": Equal(dot(w, w), 1)},
        steps=chain(1 - dot(w, w), 1 - dot(D, D) / (4 * lam ** 2), sp.Integer(0),
                    notes=(r"$\mathbf{w} = (\mathbf{m}_2 - \mathbf{m}_1)/(2\lambda)$", r"$\lambda = \lVert\mathbf{m}_2 - \mathbf{m}_1\rVert/2$"))
        + chain(lam, sp.sqrt(dot(D, D)) / 2, Norm(D) / 2,
                notes=(r"$\lambda$ as printed", r"$\sqrt{(\mathbf{m}_2 - \mathbf{m}_1)^\top(\mathbf{m}_2 - \mathbf{m}_1)} = \lVert\mathbf{m}_2 - \mathbf{m}_1\rVert_2$")),
        no_numeric="`numerics` has no Lagrange multiplier, and " + _ISOTROPIC_CHECK,
    )


@entry("fisher.mean_difference_isotropic",
       "udelar2018: the mean difference “only makes sense when” the covariance is proportional "
       r"to $\mathbf{I}$",
       kind="erratum",
       sources=[("udelar2018", (_UD_FISHER + ": “Sólo tiene sentido cuando los datos de cada "
                  "clase tienen matriz de covarianza proporcional a identidad”"))],
       printed=r"\text{Sólo tiene sentido cuando los datos de cada clase tienen matriz de "
               r"covarianza} \propto \mathbf{I}")
def mean_difference_isotropic() -> Statement:
    r"""udelar2018 on the first attempt: the mean difference “sólo tiene sentido cuando” (only
    makes sense when) the class covariances are proportional to the identity — a *necessary*
    condition: if the Fisher direction $\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$ is along
    $\mathbf{m}_2 - \mathbf{m}_1$, then $\mathbf{S}_W \propto \mathbf{I}$.

    False: it suffices that $\mathbf{m}_2 - \mathbf{m}_1$ be an eigenvector of $\mathbf{S}_W$.
    Take $\boldsymbol{\delta} = \mathbf{m}_2 - \mathbf{m}_1 \neq \mathbf{0}$, $\mathbf{u} \perp
    \boldsymbol{\delta}$ ($\mathbf{u} := \mathbf{b} - (\mathbf{b}^\top\boldsymbol{\delta}/
    \boldsymbol{\delta}^\top\boldsymbol{\delta})\boldsymbol{\delta}$) and $\mathbf{S}_W =
    \sigma^2\mathbf{I} + \tau^2\mathbf{u}\mathbf{u}^\top$, not proportional to $\mathbf{I}$ for
    $d \geq 2$ ($\mathbf{u} \neq \mathbf{0}$); yet $\mathbf{S}_W\boldsymbol{\delta} =
    \sigma^2\boldsymbol{\delta}$, so $\mathbf{S}_W^{-1}\boldsymbol{\delta} =
    \boldsymbol{\delta}/\sigma^2$ is along the mean difference.

    *Stated* ($\mathbf{S}_W \propto \mathbf{I}$; the factor can only be $\sigma^2$, since
    $\mathbf{S}_W\boldsymbol{\delta} = \sigma^2\boldsymbol{\delta}$): $\mathbf{S}_W^{-1}\mathbf{a} -
    \mathbf{a}/\sigma^2 = \mathbf{0}$ for every vector $\mathbf{a}$ — refuted at $d = 2$ (at
    $d = 1$ every $\mathbf{S}_W$ is proportional to $\mathbf{I}$). *Claim*:
    $\mathbf{S}_W^{-1}\boldsymbol{\delta} = \boldsymbol{\delta}/\sigma^2$, the premise of “only
    when” holding at this non-isotropic $\mathbf{S}_W$. The mistake: what holds along the one
    direction $\mathbf{m}_2 - \mathbf{m}_1$ is read as holding for every vector
    ($\mathbf{a}$ in place of $\boldsymbol{\delta}$). The sufficiency the catalog used to
    encode ($\mathbf{S}_W = \sigma^2\mathbf{I}$ implies $\mathbf{S}_W^{-1}\boldsymbol{\delta} =
    \boldsymbol{\delta}/\sigma^2$) is the case $\tau = 0$; the numeric agreement checks it at
    $\tau$'s value, through `numerics.fisher.fisher_direction`."""
    s = Space()
    d = s.dim("d")
    m1, m2 = s.vector("m_1", d), s.vector("m_2", d)
    delta = s.vector("delta", d, nonzero=True)
    s.define(m2, m1 + delta, "delta = m_2 - m_1 != 0")
    sig = s.scalar("sigma", positive=True)
    tau = s.scalar("tau", positive=True)
    a, b = s.vector("a", d), s.vector("b", d)
    u = s.vector("u", d)
    s.define(u, b - (dot(b, delta) / dot(delta, delta)) * delta, "u = b - (b^T delta/delta^T delta) delta, u ⟂ delta")
    SW = s.matrix("S_W", d, d, "spd")
    s.define(SW, sig ** 2 * sp.Identity(d) + tau ** 2 * u * u.T,
             "S_W = sigma^2 I + tau^2 u u^T: not proportional to I when u != 0")
    return Statement(
        s,
        stated=Equal(SW.I * a - a / sig ** 2, sp.ZeroMatrix(d, 1)),
        claims={r"$\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1) = (\mathbf{m}_2 - \mathbf{m}_1)/\sigma^2$ with $\mathbf{S}_W$ not proportional to $\mathbf{I}$": Equal(
            SW.I * delta - delta / sig ** 2, sp.ZeroMatrix(d, 1))},
        numeric=[Agreement("(m_2 - m_1)/||m_2 - m_1|| = numerics.fisher_direction(...).coef_ (unit, "
                           "oriented to class 2) on data with these means and S_W",
                           (delta / sig ** 2) / Norm(delta / sig ** 2),
                           lambda ev: _direction(ev, m1, m2, SW).coef_),
                 Agreement("(m_2 - m_1)/sigma^2 = fisher_direction's unit w rescaled by "
                           "c_B/(c_W c_m) (ml10's solution, numerics' own means and S_W)",
                           delta / sig ** 2, lambda ev: _ml10_rescaled(_direction(ev, m1, m2, SW)))])


# --- scatter and the criterion ------------------------------------------------------------

@entry("fisher.projected_scatter",
       r"$s_i^2 = \sum_{\mathbf{x}\in\mathcal{C}_i}(\mathbf{w}^\top\mathbf{x} - m_i)^2 = "
       r"\mathbf{w}^\top\mathbf{S}_i\mathbf{w}$, step by step",
       uses=("fisher.projected_means",),
       sources=[("ml10", r"Fisher linear discriminant: $s_i^2 = \mathbf{w}^\top\mathbf{S}_i"
                         r"\mathbf{w}$ (seven-step chain)"),
                ("udelar2018", _UD_FISHER + r": 2do intento, $s_k^2$"), _PRML_FISHER],
       printed=r"s_i^2 = \sum_{\mathbf{x} \in C_i} (\mathbf{w}^T \mathbf{x} - m_i)^2"
               r" = \mathbf{w}^T \mathbf{S}_i \mathbf{w}")
def projected_scatter() -> Statement:
    r"""The within-class scatter of the projections, $s_i^2 = \sum_{\mathbf{x}\in\mathcal{C}_i}
    (\mathbf{w}^\top\mathbf{x} - m_i)^2$ with $m_i = \mathbf{w}^\top\mathbf{m}_i$, equals
    $\mathbf{w}^\top\mathbf{S}_i\mathbf{w}$ with $\mathbf{S}_i = \sum_{\mathbf{x}\in
    \mathcal{C}_i}(\mathbf{x} - \mathbf{m}_i)(\mathbf{x} - \mathbf{m}_i)^\top$; ml10 derives it
    in seven steps, each checked here (a class of two points). udelar2018 writes the same
    quantity as $\sum_{\mathbf{x}_n\in\omega_k}(\mathbf{w}^\top(\mathbf{x}_n - \mathbf{m}_k))^2$."""
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d)
    pts, m, S = _class(s, 1, 2, d)
    mp = s.scalar("m_{1}")
    s.define(mp, dot(w, m), "m_1 = w^T m_1, the projected mean")
    steps = chain(
        sp.Add(*[(dot(w, x) - mp) ** 2 for x in pts]),
        sp.Add(*[(dot(w, x) - dot(w, m)) ** 2 for x in pts]),
        sp.Add(*[_times(dot(w, x) - dot(w, m), dot(w, x) - dot(w, m)) for x in pts]),
        sp.Add(*[_times(dot(w, x) - dot(w, m), Scalar(x.T * w) - Scalar(m.T * w)) for x in pts]),
        sp.Add(*[_times(Scalar(w.T * (x - m)), Scalar((x - m).T * w)) for x in pts]),
        sp.Add(*[Scalar(w.T * (x - m) * (x - m).T * w) for x in pts]),
        Scalar(w.T * _scatter(pts, m) * w),
        quad(w, S),
        notes=(r"$m_1 = \mathbf{w}^\top\mathbf{m}_1$", "square as a product",
               r"$\mathbf{w}^\top\mathbf{x} = \mathbf{x}^\top\mathbf{w}$ (a scalar)",
               r"factor $\mathbf{w}^\top$ and $\mathbf{w}$", "one quadratic form per point", "sum inside",
               r"$\mathbf{S}_1$"))
    return Statement(
        s,
        claims={r"$s_1^2 = \mathbf{w}^\top\mathbf{S}_1\mathbf{w}$": Equal(sp.Add(*[(dot(w, x) - mp) ** 2 for x in pts]),
                                           quad(w, S)),
                r"udelar: $\sum_n (\mathbf{w}^\top(\mathbf{x}_n - \mathbf{m}_1))^2 = \mathbf{w}^\top\mathbf{S}_1\mathbf{w}$": Equal(
                    sp.Add(*[dot(w, x - m) ** 2 for x in pts]), quad(w, S))},
        steps=steps,
        numeric=[Agreement("S_1 (as the within-class scatter of one class)", S,
                           lambda ev: nf.scatter_matrices(*_data(ev, (pts, pts))).scatter_within_
                           / 2)],
    )


def _two_classes(s: Space, d):
    """Two classes of two points each, their means, S_1, S_2, S_W and the two-class S_B."""
    x1, m1, S1 = _class(s, 1, 2, d)
    x2, m2, S2 = _class(s, 2, 2, d)
    SW = s.matrix("S_W", d, d, "symmetric")
    SB = s.matrix("S_B", d, d, "symmetric")
    s.define(SW, S1 + S2, "S_W = S_1 + S_2")
    s.define(SB, (m2 - m1) * (m2 - m1).T, "two-class S_B")
    return x1, x2, m1, m2, S1, S2, SW, SB


@entry("fisher.udelar_within_line",
       r"udelar2018: $s_1^2 + s_2^2$ written as “$= \mathbf{w}^\top\mathbf{S}_B\mathbf{w}$”",
       uses=("fisher.projected_scatter",),
       kind="typo",
       sources=[("udelar2018", (_UD_FISHER + r": Ejercicio “Encontrar $\mathbf{w}$”, the line "
                  r"“$= \mathbf{w}^\top\sum_{\mathbf{x}_m\in\omega_1}(\dots)\mathbf{w} + "
                  r"\mathbf{w}^\top\sum_{\mathbf{x}_n\in\omega_2}(\dots)\mathbf{w} = "
                  r"\mathbf{w}^\top\mathbf{S}_B\mathbf{w}$”"))],
       printed=r"= w^T \sum_{\mathbf{x}_m \in \omega_1} (\mathbf{x}_m - \mathbf{m}_1)"
               r"(\mathbf{x}_m - \mathbf{m}_1)^T w + w^T \sum_{\mathbf{x}_n \in \omega_2}"
               r" (\mathbf{x}_n - \mathbf{m}_2)(\mathbf{x}_n - \mathbf{m}_2)^T w = w^T \mathbf{S}_B w")
def udelar_within_line() -> Statement:
    r"""The line sums the two within-class quadratic forms, $\mathbf{w}^\top\sum_{\omega_1}
    (\mathbf{x} - \mathbf{m}_1)(\mathbf{x} - \mathbf{m}_1)^\top\mathbf{w} + \mathbf{w}^\top
    \sum_{\omega_2}(\mathbf{x} - \mathbf{m}_2)(\mathbf{x} - \mathbf{m}_2)^\top\mathbf{w}$ — the
    denominator $s_1^2 + s_2^2$ of $J$ — and ends “$= \mathbf{w}^\top\mathbf{S}_B\mathbf{w}$”;
    the sum is $\mathbf{w}^\top\mathbf{S}_W\mathbf{w}$ ($\mathbf{S}_B = (\mathbf{m}_2 -
    \mathbf{m}_1)(\mathbf{m}_2 - \mathbf{m}_1)^\top$ is the numerator's matrix). A typo (the
    catalog's reading policy): $B$ for $W$, corrected on the same slide — the criterion just
    above, “$J(\mathbf{w}) = (\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1))^2/(s_1^2 + s_2^2) =
    \mathbf{w}^\top\mathbf{S}_B\mathbf{w}/\mathbf{w}^\top\mathbf{S}_W\mathbf{w}$”, and
    “$\mathbf{S}_W = \sum_{k=1}^{2}\sum_{\mathbf{x}_n\in\omega_k}(\mathbf{x}_n - \mathbf{m}_k)
    (\mathbf{x}_n - \mathbf{m}_k)^\top$”, the very sum of the line."""
    s = Space(sizes={"d": _RATIONAL_SIZES})
    d = s.dim("d")
    w = s.vector("w", d)
    x1, x2, m1, m2, _, _, SW, SB = _two_classes(s, d)
    lhs = Scalar(w.T * _scatter(x1, m1) * w) + Scalar(w.T * _scatter(x2, m2) * w)
    return Statement(s, stated=Equal(lhs, quad(w, SB)),
                     claims={"corrected": Equal(lhs, quad(w, SW))},
                     numeric=[Agreement("the sum of the within-class forms = wᵀS_W w with S_W = "
                                        "numerics.scatter_matrices(X, y).scatter_within_", lhs,
                                        lambda ev: _within_form(ev, (x1, x2), w))])


def _within_form(ev, classes, w) -> float:
    """wᵀS_W w with numerics' within-class scatter of the entry's points."""
    v = _floats(ev, w).ravel()
    return v @ nf.scatter_matrices(*_data(ev, classes)).scatter_within_ @ v


@entry("fisher.criterion",
       r"$J(\mathbf{w}) = (m_2 - m_1)^2/(s_1^2 + s_2^2) = \mathbf{w}^\top\mathbf{S}_B\mathbf{w}/"
       r"\mathbf{w}^\top\mathbf{S}_W\mathbf{w}$",
       uses=("fisher.projected_means", "fisher.projected_scatter",),
       sources=[("udelar2018", _UD_FISHER + r": 2do intento, criterio $J(\mathbf{w})$"),
                ("ml10", r"Fisher criterion: $J(\mathbf{w})$ rewritten with $\mathbf{S}_B$ and "
                         r"$\mathbf{S}_W$"), _PRML_FISHER],
       printed=r"J(\mathbf{w}) = \frac{(\mathbf{w}^T (\mathbf{m}_2 - \mathbf{m}_1))^2}{s_1^2 + s_2^2}"
               r" = \frac{\mathbf{w}^T \mathbf{S}_B \mathbf{w}}{\mathbf{w}^T \mathbf{S}_W \mathbf{w}}")
def criterion() -> Statement:
    r"""Fisher's criterion as the ratio of the squared projected-mean separation to the total
    within-class scatter of the projections, rewritten in ml10's four steps as the generalized
    Rayleigh quotient $\mathbf{w}^\top\mathbf{S}_B\mathbf{w}/\mathbf{w}^\top\mathbf{S}_W
    \mathbf{w}$ (two classes of two points)."""
    s = Space(sizes={"d": _RATIONAL_SIZES})
    d = s.dim("d")
    w = s.vector("w", d, nonzero=True)
    x1, x2, m1, m2, S1, S2, SW, SB = _two_classes(s, d)
    p1, p2 = s.scalar("m_{1}"), s.scalar("m_{2}")
    s.define(p1, dot(w, m1), "projected mean of class 1")
    s.define(p2, dot(w, m2), "projected mean of class 2")
    s1, s2 = s.scalar("s_1^2", nonnegative=True), s.scalar("s_2^2", nonnegative=True)
    s.define(s1, sp.Add(*[(dot(w, x) - p1) ** 2 for x in x1]), "within-class scatter, class 1")
    s.define(s2, sp.Add(*[(dot(w, x) - p2) ** 2 for x in x2]), "within-class scatter, class 2")
    den = quad(w, S1) + quad(w, S2)
    diff = dot(w, m2) - dot(w, m1)
    return Statement(
        s,
        claims={r"ml10: $J = (m_2 - m_1)^2/(s_1^2 + s_2^2) = \mathbf{w}^\top\mathbf{S}_B\mathbf{w}/\mathbf{w}^\top\mathbf{S}_W\mathbf{w}$": Equal(
                    (p2 - p1) ** 2 / (s1 + s2), _J(w, SB, SW)),
                r"udelar2018: $(\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1))^2/(s_1^2 + s_2^2) = \mathbf{w}^\top\mathbf{S}_B\mathbf{w}/\mathbf{w}^\top\mathbf{S}_W\mathbf{w}$": Equal(
                    dot(w, m2 - m1) ** 2 / (sp.Add(*[dot(w, x - m1) ** 2 for x in x1])
                                            + sp.Add(*[dot(w, x - m2) ** 2 for x in x2])),
                    _J(w, SB, SW))},
        steps=chain((p2 - p1) ** 2 / (s1 + s2), diff ** 2 / den, _times(diff, diff, 1 / den),
                    Scalar(w.T * (m2 - m1) * (m2 - m1).T * w) / den, _J(w, SB, SW),
                    notes=(r"$m_k = \mathbf{w}^\top\mathbf{m}_k$, $s_k^2 = \mathbf{w}^\top\mathbf{S}_k\mathbf{w}$",
                           "square as a product",
                           r"$\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1)(\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w}$",
                           r"$\mathbf{S}_B$, and $\mathbf{S}_W = \mathbf{S}_1 + \mathbf{S}_2$")),
        numeric=[Agreement("J(w) = fisher_criterion(w, S_B, S_W) of scatter_matrices(X, y)",
                           _J(w, SB, SW), lambda ev: _criterion_of_data(ev, (x1, x2), w))],
    )


def _scatters(ev, classes, between: str) -> np.ndarray:
    """[S_W, S_B] from numerics' scatter_matrices, side by side."""
    sc = nf.scatter_matrices(*_data(ev, classes))
    return np.hstack([sc.scatter_within_, getattr(sc, between)])


def _criterion_of_data(ev, classes, w) -> float:
    """J(w) by numerics: fisher_criterion with the scatter matrices of the data."""
    sc = nf.scatter_matrices(*_data(ev, classes))
    return nf.fisher_criterion(np.asarray(ev(w)).ravel(), sc.scatter_between_two_class_,
                               sc.scatter_within_)


@entry("fisher.criterion_gradient",
       r"ml10's gradient of $J(\mathbf{w}) = \mathbf{w}^\top\mathbf{S}_B\mathbf{w}/"
       r"\mathbf{w}^\top\mathbf{S}_W\mathbf{w}$",
       uses=("fisher.criterion",),
       kind="erratum",
       sources=[("ml10", (r"Fisher criterion: the gradient $2[(\mathbf{w}^\top\mathbf{S}_B\mathbf{w})"
                          r"\mathbf{S}_W\mathbf{w} - (\mathbf{w}^\top\mathbf{S}_W\mathbf{w})"
                          r"\mathbf{S}_B\mathbf{w}]/((\mathbf{w}^\top\mathbf{S}_W\mathbf{w})"
                          r"(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})^\top)$")), _PRML_FISHER],
       printed=r"\frac{\partial}{\partial \mathbf{w}} \frac{\mathbf{w}^T \mathbf{S}_B \mathbf{w}}"
               r"{\mathbf{w}^T \mathbf{S}_W \mathbf{w}} = 2\frac{(\mathbf{w}^T \mathbf{S}_B \mathbf{w})"
               r" \mathbf{S}_W \mathbf{w} - (\mathbf{w}^T \mathbf{S}_W \mathbf{w})\mathbf{S}_B \mathbf{w}}"
               r"{(\mathbf{w}^T \mathbf{S}_W \mathbf{w})(\mathbf{w}^T \mathbf{S}_W \mathbf{w})^T}")
def criterion_gradient() -> Statement:
    r"""By the quotient rule ($\mathbf{S}_B$, $\mathbf{S}_W$ symmetric),
    $\frac{\partial J}{\partial\mathbf{w}} = 2[(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})
    \mathbf{S}_B\mathbf{w} - (\mathbf{w}^\top\mathbf{S}_B\mathbf{w})\mathbf{S}_W\mathbf{w}]/
    (\mathbf{w}^\top\mathbf{S}_W\mathbf{w})^2$. ml10 prints the numerator the other way round,
    $(\mathbf{w}^\top\mathbf{S}_B\mathbf{w})\mathbf{S}_W\mathbf{w} -
    (\mathbf{w}^\top\mathbf{S}_W\mathbf{w})\mathbf{S}_B\mathbf{w}$: the negative of the gradient.
    (Its denominator $(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})(\mathbf{w}^\top\mathbf{S}_W
    \mathbf{w})^\top$ is $(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})^2$, a scalar; and setting
    either form to $\mathbf{0}$ gives the same stationarity condition, which is why the slip is
    harmless downstream.)"""
    s = Space(sizes={"d": _RATIONAL_SIZES})
    d = s.dim("d")
    w = s.vector("w", d, nonzero=True)
    SB = s.matrix("S_B", d, d, "symmetric")
    SW = s.matrix("S_W", d, d, "spd")
    cW, cB = quad(w, SW), quad(w, SB)
    printed = 2 * (cB * SW * w - cW * SB * w) / (cW * Scalar(sp.Transpose(w.T * SW * w)))
    return Statement(s, stated=Equal(Grad(_J(w, SB, SW), w), printed),
                     claims={"corrected": Equal(Grad(_J(w, SB, SW), w),
                                                2 * (cW * SB * w - cB * SW * w) / cW ** 2)},
                     numeric=[_gradient_agreement(w, SB, SW)])


def _gradient_agreement(w, SB, SW) -> Agreement:
    """The quotient-rule gradient 2[(wᵀS_W w)S_B w − (wᵀS_B w)S_W w]/(wᵀS_W w)² against central
    differences of numerics.fisher_criterion (rtol from the stencil's error, see
    _criterion_gradient)."""
    cW, cB = quad(w, SW), quad(w, SB)
    return Agreement("dJ/dw = central differences of numerics.fisher_criterion",
                     2 * (cW * SB * w - cB * SW * w) / cW ** 2,
                     lambda ev: _criterion_gradient(_floats(ev, w).ravel(), _floats(ev, SB),
                                                    _floats(ev, SW)), rtol=1e-6)


@entry("fisher.stationarity",
       r"$\partial J/\partial\mathbf{w} = \mathbf{0} \Leftrightarrow (\mathbf{w}^\top\mathbf{S}_B"
       r"\mathbf{w})\mathbf{S}_W\mathbf{w} = (\mathbf{w}^\top\mathbf{S}_W\mathbf{w})\mathbf{S}_B"
       r"\mathbf{w} \propto \mathbf{m}_2 - \mathbf{m}_1 \Rightarrow \mathbf{w} \propto "
       r"\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$: needs $(\mathbf{m}_2 - \mathbf{m}_1)^\top"
       r"\mathbf{w} \neq 0$",
       uses=("fisher.criterion_gradient",),
       kind="caveat",
       caveat=(r"unstated condition: $(\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w} \neq 0$ — every "
               r"$\mathbf{w} \perp \mathbf{m}_2 - \mathbf{m}_1$ is stationary ($J = 0$) and not "
               r"proportional to $\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$ ($\mathbf{S}_W$ "
               r"invertible is presupposed by the printed $\mathbf{S}_W^{-1}$)"),
       sources=[("udelar2018", (_UD_FISHER + r": “$\frac{\partial J}{\partial\mathbf{w}} = 0 "
                  r"\Leftrightarrow (\mathbf{w}^\top\mathbf{S}_B\mathbf{w})\mathbf{S}_W\mathbf{w} = "
                  r"(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})\mathbf{S}_B\mathbf{w} \propto "
                  r"\mathbf{m}_2 - \mathbf{m}_1 \Rightarrow \mathbf{w} \propto \mathbf{S}_W^{-1}"
                  r"(\mathbf{m}_2 - \mathbf{m}_1)$” (boxed)")),
                ("ml10", (r"Fisher criterion: “Che una volta impostato a $\mathbf{0}$ ci permette di "
                          r"ottenere $(\mathbf{w}^\top\mathbf{S}_B\mathbf{w})\mathbf{S}_W\mathbf{w} = "
                          r"(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})\mathbf{S}_B\mathbf{w}$” … "
                          r"$\hat{\mathbf{w}} = \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$")),
                ("bishop-prml", "§4.1.4, Eqs. (4.29)–(4.30)")],
       printed=r"\frac{\partial J}{\partial \mathbf{w}} = 0 \Leftrightarrow (\mathbf{w}^T \mathbf{S}_B"
               r" \mathbf{w}) \mathbf{S}_W \mathbf{w} = (\mathbf{w}^T \mathbf{S}_W \mathbf{w})"
               r" \mathbf{S}_B \mathbf{w} \propto \mathbf{m}_2 - \mathbf{m}_1 \Rightarrow"
               r" \boxed{\mathbf{w} \propto \mathbf{S}_W^{-1} (\mathbf{m}_2 - \mathbf{m}_1)}")
def stationarity() -> Statement:
    r"""Printed (udelar2018, ml10): every stationary point of $J$ is proportional to
    $\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$, “$\frac{\partial J}{\partial\mathbf{w}} =
    0 \Leftrightarrow (\mathbf{w}^\top\mathbf{S}_B\mathbf{w})\mathbf{S}_W\mathbf{w} =
    (\mathbf{w}^\top\mathbf{S}_W\mathbf{w})\mathbf{S}_B\mathbf{w} \propto \mathbf{m}_2 -
    \mathbf{m}_1 \Rightarrow \mathbf{w} \propto \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$”.

    $\frac{\partial J}{\partial\mathbf{w}} = \frac{2}{(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})^2}
    \big[(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})\mathbf{S}_B\mathbf{w} -
    (\mathbf{w}^\top\mathbf{S}_B\mathbf{w})\mathbf{S}_W\mathbf{w}\big]$ (the $\Leftrightarrow$ is
    right). But with the two-class $\mathbf{S}_B = (\mathbf{m}_2 - \mathbf{m}_1)(\mathbf{m}_2 -
    \mathbf{m}_1)^\top$, $\mathbf{S}_B\mathbf{w} = (\mathbf{m}_2 - \mathbf{m}_1)\big((\mathbf{m}_2 -
    \mathbf{m}_1)^\top\mathbf{w}\big)$, so every $\mathbf{w} \perp \mathbf{m}_2 - \mathbf{m}_1$
    has $\mathbf{S}_B\mathbf{w} = \mathbf{0}$ and $\mathbf{w}^\top\mathbf{S}_B\mathbf{w} = 0$:
    both sides vanish, $\mathbf{w}$ is stationary ($J = 0$, the minimum), and $\mathbf{w}$ is
    not proportional to $\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$. The print divides by
    the scalar $(\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w}$, i.e. reads “$\mathbf{S}_B\mathbf{w}
    \propto \mathbf{m}_2 - \mathbf{m}_1$” with a nonzero factor: the condition $(\mathbf{m}_2 -
    \mathbf{m}_1)^\top\mathbf{w} \neq 0$ is left out (and $\mathbf{S}_W$ invertible, stated by
    neither document).

    *Stated* (the printed implication at the stationary point $\mathbf{w}_\perp := \mathbf{v} -
    (\mathbf{v}^\top\boldsymbol{\delta}/\boldsymbol{\delta}^\top\boldsymbol{\delta})
    \boldsymbol{\delta}$, $\boldsymbol{\delta} = \mathbf{m}_2 - \mathbf{m}_1$): $\mathbf{w}_\perp
    \propto \mathbf{w}_* = \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$, written as the
    Cauchy–Schwarz equality $(\mathbf{w}_\perp^\top\mathbf{w}_\perp)(\mathbf{w}_*^\top
    \mathbf{w}_*) - (\mathbf{w}_\perp^\top\mathbf{w}_*)^2 = 0$ (two vectors, $\mathbf{w}_* \neq
    \mathbf{0}$, are parallel if and only if their Gram determinant vanishes). The engine has no
    implication over all $\mathbf{w}$; this instance is the strongest faithful one it decides.
    Refuted at $d = 2$ (at $d = 1$, $\mathbf{w}_\perp = \mathbf{0}$).

    *Claims* (with the condition the documents leave out, $(\mathbf{m}_2 - \mathbf{m}_1)^\top
    \mathbf{w} \neq 0$): the gradient formula; $\frac{\partial J}{\partial\mathbf{w}} =
    -\frac{2}{(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})^2}\mathbf{S}_W\big(c_m^2\mathbf{w} -
    (\mathbf{w}^\top\mathbf{S}_W\mathbf{w})\,c_m\mathbf{w}_*\big)$ with $c_m = (\mathbf{m}_2 -
    \mathbf{m}_1)^\top\mathbf{w}$, so with $\mathbf{S}_W$ invertible and $c_m \neq 0$ it vanishes
    only at $\mathbf{w} = \big((\mathbf{w}^\top\mathbf{S}_W\mathbf{w})/c_m\big)\mathbf{w}_*$,
    which is the printed conclusion; that $\mathbf{w}_\perp$ is stationary (the counterexample's
    premise); and the converse ($\mathbf{w}_* = \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$,
    built in as $\mathbf{m}_2 := \mathbf{m}_1 + \mathbf{S}_W\mathbf{w}_*$, is stationary)."""
    s = Space(sizes={"d": _RATIONAL_SIZES})
    d = s.dim("d")
    m1, m2, SW, SB, ws = _fisher_pair(s, d)
    w = s.vector("w", d, nonzero=True)
    D = m2 - m1
    cW, cB, cm = quad(w, SW), quad(w, SB), dot(D, w)
    v = s.vector("v", d, nonzero=True)
    wp = s.vector("w_perp", d)
    s.define(wp, v - (dot(v, D) / dot(D, D)) * D, "w_perp = v - (v^T D/D^T D) D, orthogonal to m_2 - m_1")
    return Statement(
        s,
        stated=Equal(dot(wp, wp) * dot(ws, ws) - dot(wp, ws) ** 2, 0),
        corrects=r"with $(\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w} \neq 0$: $\nabla_{\mathbf{w}} J = -2(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})^{-2}\mathbf{S}_W(c_m^2\mathbf{w} - (\mathbf{w}^\top\mathbf{S}_W\mathbf{w})c_m\mathbf{w}_*)$",
        claims={
        r"with $(\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w} \neq 0$: $\nabla_{\mathbf{w}} J = -2(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})^{-2}\mathbf{S}_W(c_m^2\mathbf{w} - (\mathbf{w}^\top\mathbf{S}_W\mathbf{w})c_m\mathbf{w}_*)$": Equal(
            Grad(_J(w, SB, SW), w), -2 * SW * (cm ** 2 * w - cW * cm * ws) / cW ** 2),
        r"$\nabla_{\mathbf{w}} J = 2[(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})\mathbf{S}_B\mathbf{w} - (\mathbf{w}^\top\mathbf{S}_B\mathbf{w})\mathbf{S}_W\mathbf{w}]/(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})^2$": Equal(
            Grad(_J(w, SB, SW), w), 2 * (cW * SB * w - cB * SW * w) / cW ** 2),
        r"$(\mathbf{w}^\top\mathbf{S}_W\mathbf{w})\mathbf{S}_B\mathbf{w} = (\mathbf{w}^\top\mathbf{S}_W\mathbf{w})((\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w})(\mathbf{m}_2 - \mathbf{m}_1)$": Equal(
            cW * SB * w, cW * dot(D, w) * D),
        r"every $\mathbf{w}_\perp$ orthogonal to $\mathbf{m}_2 - \mathbf{m}_1$ is stationary": Stationary(_J(w, SB, SW), w, wp),
        r"$\mathbf{w}_* = \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$ is stationary": Stationary(_J(w, SB, SW), w, ws),
        r"$\mathbf{w}_*$ satisfies $(\mathbf{w}^\top\mathbf{S}_B\mathbf{w})\mathbf{S}_W\mathbf{w} = (\mathbf{w}^\top\mathbf{S}_W\mathbf{w})\mathbf{S}_B\mathbf{w}$": Equal(
            quad(ws, SB) * SW * ws, quad(ws, SW) * SB * ws),
    }, numeric=[_gradient_agreement(w, SB, SW),
                Agreement("w_*/||w_*|| = numerics.fisher_direction(...).coef_ (unit, oriented to "
                          "class 2) on data with these means and S_W", ws / Norm(ws),
                          lambda ev: _direction(ev, m1, m2, SW).coef_)])


@entry("fisher.ml10_solution",
       r"$c_B\mathbf{S}_W\mathbf{w} = c_W\mathbf{S}_B\mathbf{w} = c_W(\mathbf{m}_2 - \mathbf{m}_1)c_m"
       r" \Rightarrow \mathbf{w} = (c_W c_m/c_B)\,\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$",
       uses=("fisher.stationarity",),
       sources=[("ml10", r"Fisher criterion: $c_B$, $c_W$, $c_m$ and “$\mathbf{w} = "
                         r"\frac{c_W c_m}{c_B}\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$”")],
       printed=r"c_W \mathbf{S}_B \mathbf{w} = c_W (\mathbf{m}_2 - \mathbf{m}_1) (\mathbf{m}_2 -"
               r" \mathbf{m}_1)^T \mathbf{w} = c_W (\mathbf{m}_2 - \mathbf{m}_1) c_m \quad"
               r" \mathbf{w} = \frac{c_W c_m}{c_B} \mathbf{S}_W^{-1} (\mathbf{m}_2 - \mathbf{m}_1)")
def ml10_solution() -> Statement:
    r"""With the scalars $c_B = \mathbf{w}^\top\mathbf{S}_B\mathbf{w}$, $c_W =
    \mathbf{w}^\top\mathbf{S}_W\mathbf{w}$ and $c_m = (\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w}$
    (ml10 names it $C_m$, then writes $c_m$), the stationarity condition reads
    $c_B\mathbf{S}_W\mathbf{w} = c_W\mathbf{S}_B\mathbf{w}$, and $c_W\mathbf{S}_B\mathbf{w} =
    c_W(\mathbf{m}_2 - \mathbf{m}_1)(\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w} =
    c_W(\mathbf{m}_2 - \mathbf{m}_1)c_m$. The implication to $\mathbf{w} = (c_W c_m/c_B)
    \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1) = (c_W c_m/c_B)\mathbf{w}_*$ is the identity
    $\mathbf{S}_W(c_B\mathbf{w} - c_W c_m\mathbf{w}_*) = c_B\mathbf{S}_W\mathbf{w} -
    c_W c_m(\mathbf{m}_2 - \mathbf{m}_1)$: when the condition holds the right side is
    $\mathbf{0}$, and $\mathbf{S}_W$ invertible, $c_B \neq 0$ leave only $\mathbf{w} =
    (c_W c_m/c_B)\mathbf{w}_*$.

    Reading (the catalog's reading policy): the printed conclusion divides by $c_B$ and inverts
    $\mathbf{S}_W$, so it presupposes $c_B \neq 0$ and $\mathbf{S}_W$ invertible —
    presuppositions of the formula, not unstated conditions. (At every $\mathbf{w} \perp
    \mathbf{m}_2 - \mathbf{m}_1$, $c_B = c_m = 0$: the premise holds as $0 = 0$ and the printed
    quotient is undefined there, which the formula itself excludes.)"""
    s = Space()
    d = s.dim("d")
    m1, m2, SW, SB, ws = _fisher_pair(s, d)
    w = s.vector("w", d, nonzero=True)
    cB, cW, cm = s.scalar("c_B"), s.scalar("c_W"), s.scalar("c_m")
    s.define(cB, quad(w, SB), "c_B = w^T S_B w")
    s.define(cW, quad(w, SW), "c_W = w^T S_W w")
    s.define(cm, dot(m2 - m1, w), "c_m = (m_2 - m_1)^T w")
    D = m2 - m1
    return Statement(
        s,
        claims={r"$c_B\mathbf{S}_W\mathbf{w} = c_W c_m(\mathbf{m}_2 - \mathbf{m}_1)$ implies $\mathbf{w} = (c_W c_m/c_B)\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$":
                Equal(SW * (cB * w - cW * cm * ws), cB * SW * w - cW * cm * D)},
        steps=chain(cW * SB * w, cW * D * (D.T * w), cW * D * cm,
                    notes=(r"$\mathbf{S}_B = (\mathbf{m}_2 - \mathbf{m}_1)(\mathbf{m}_2 - \mathbf{m}_1)^\top$", r"$c_m = (\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w}$")),
        numeric=[Agreement("S_W^{-1}(m_2 - m_1) = (c_B/(c_W c_m)) w for numerics.fisher_direction's "
                           "w, c's from numerics' means and scatter matrices (data with these "
                           "means and S_W)", ws, lambda ev: _ml10_rescaled(_direction(ev, m1, m2, SW)))],
    )


@entry("fisher.scale_invariance", r"$J(a\mathbf{w}) = J(\mathbf{w})$ for every $a \neq 0$",
       uses=("fisher.criterion",),
       sources=[("ml10", r"Fisher criterion: “siamo interessati solamente alla direzione di "
                         r"$\mathbf{w}$”"),
                ("udelar2018", _UD_FISHER + r": $\mathbf{w} \propto \mathbf{S}_W^{-1}(\mathbf{m}_2 -"
                               r" \mathbf{m}_1)$"), _PRML_FISHER],
       printed=r"\text{siamo interessati solamente alla direzione di } \mathbf{w}: \quad"
               r" \hat{\mathbf{w}} = \mathbf{S}_W^{-1} (\mathbf{m}_2 - \mathbf{m}_1)")
def scale_invariance() -> Statement:
    r"""$J$ is homogeneous of degree $0$: numerator and denominator both scale by $a^2$, so
    only the direction of $\mathbf{w}$ matters (ml10 keeps $\hat{\mathbf{w}} =
    \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$, dropping $c_W c_m/c_B$)."""
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d, nonzero=True)
    SB = s.matrix("S_B", d, d, "psd")
    SW = s.matrix("S_W", d, d, "spd")
    a = s.scalar("a", nonzero=True)
    return Statement(
        s, claims={r"$J(a\mathbf{w}) = J(\mathbf{w})$": Equal(_J(a * w, SB, SW), _J(w, SB, SW))},
        numeric=[Agreement("fisher_criterion(a w) = J(w)", _J(w, SB, SW),
                           lambda ev: nf.fisher_criterion(float(ev(a)) * ev(w).ravel(),
                                                          ev(SB), ev(SW)))])


@entry("fisher.maximiser",
       r"$\mathbf{w}_* = \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$ maximises $J$: "
       r"$J(\mathbf{w}_*) = (\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{S}_W^{-1}(\mathbf{m}_2 - "
       r"\mathbf{m}_1) \geq J(\mathbf{w})$",
       uses=("fisher.criterion",),
       sources=[("udelar2018", _UD_FISHER + r": boxed “$\Rightarrow \mathbf{w} \propto "
                               r"\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$”"),
                ("ml10", r"Fisher criterion: $\hat{\mathbf{w}} = \mathbf{S}_W^{-1}(\mathbf{m}_2 - "
                         r"\mathbf{m}_1)$"), _PRML_FISHER],
       printed=r"\Rightarrow \boxed{\mathbf{w} \propto \mathbf{S}_W^{-1} (\mathbf{m}_2 - \mathbf{m}_1)}")
def maximiser() -> Statement:
    r"""A generalized Rayleigh quotient with a rank-one $\mathbf{S}_B$: $J(\mathbf{w}) =
    ((\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w})^2/\mathbf{w}^\top\mathbf{S}_W\mathbf{w}$. At
    $\mathbf{w}_* = \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$, $J(\mathbf{w}_*) =
    (\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w}_* = (\mathbf{m}_2 - \mathbf{m}_1)^\top
    \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$. For any $\mathbf{w} \neq \mathbf{0}$, with
    $c = (\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{w}/\mathbf{w}^\top\mathbf{S}_W\mathbf{w}$,
    $J(\mathbf{w}_*) - J(\mathbf{w}) = (\mathbf{w}_* - c\mathbf{w})^\top\mathbf{S}_W
    (\mathbf{w}_* - c\mathbf{w}) \geq 0$ (the Cauchy–Schwarz inequality in the $\mathbf{S}_W$
    inner product, with its gap written out).

    Reading (the catalog's reading policy): both documents write $\mathbf{S}_W^{-1}$, so the
    formula presupposes $\mathbf{S}_W$ invertible; $\mathbf{S}_W = \sum(\mathbf{x} -
    \mathbf{m}_k)(\mathbf{x} - \mathbf{m}_k)^\top$ is positive semidefinite, and invertible with
    it means positive definite — the case encoded, a presupposition, not an unstated condition.
    (With $\mathbf{S}_W$ singular $J$ is unbounded along its null space and has no maximiser;
    the formula excludes that case by its inverse.) The extra claim $J(\mathbf{w}_*) =
    (\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$ is printed
    in neither document."""
    s = Space(sizes={"d": _RATIONAL_SIZES})
    d = s.dim("d")
    m1, m2, SW, SB, ws = _fisher_pair(s, d)
    w = s.vector("w", d, nonzero=True)
    D = m2 - m1
    c = dot(D, w) / quad(w, SW)
    return Statement(
        s,
        claims={r"$J(\mathbf{w}_*) = (\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$": Equal(_J(ws, SB, SW), dot(D, ws)),
                r"$J(\mathbf{w}_*) \ge J(\mathbf{w})$": Rel(_J(ws, SB, SW), ">=", _J(w, SB, SW),
                                      Scalar((ws - c * w).T * SW * (ws - c * w)))},
        numeric=[Agreement("J(w_*) = fisher_criterion at the Cholesky solve of S_W w = m_2 - m_1",
                           _J(ws, SB, SW),
                           lambda ev: _criterion_of_solve(ev(m1), ev(m2), ev(SW)), rtol=1e-7)],
    )


def _criterion_of_solve(m1, m2, SW) -> float:
    """numerics' fisher_criterion at w = S_W^{-1}(m_2 - m_1), solved by Cholesky (the way
    fisher_direction solves it), with the two-class S_B."""
    from scipy.linalg import cho_factor, cho_solve

    delta = (m2 - m1).ravel()
    w = cho_solve(cho_factor(SW), delta)
    return nf.fisher_criterion(w, np.outer(delta, delta), SW)


# --- the relation with least squares -------------------------------------------------------

@entry("fisher.ls_optimality_conditions",
       r"Least squares: $\partial E/\partial w_0 = \sum_{n=1}^{N}(\mathbf{w}^\top\mathbf{x}_n + w_0 -"
       r" t_n)$, $\partial E/\partial\mathbf{w} = \sum_{n=1}^{N}(\mathbf{w}^\top\mathbf{x}_n + w_0 -"
       r" t_n)\,\mathbf{x}_n$",
       sources=[("udelar2018", _UD_LS + ": Cond. de optimalidad (derivadas nulas)"), _PRML_LS],
       printed=r"\frac{\partial}{\partial w_0} : \sum_{n=1}^N (\mathbf{w}^T \mathbf{x}_n + w_0 - t_n)"
               r" = 0, \quad \frac{\partial}{\partial \mathbf{w}} : \sum_{n=1}^N (\mathbf{w}^T"
               r" \mathbf{x}_n + w_0 - t_n) \mathbf{x}_n = 0")
def ls_optimality_conditions() -> Statement:
    r"""For $E(\mathbf{w}, w_0) = \frac{1}{2}\sum_{n=1}^{N}(\mathbf{w}^\top\mathbf{x}_n + w_0 -
    t_n)^2$, the derivatives that the optimality conditions set to zero (any targets $t_n$;
    three points). $w_0$ is declared as a $1\times 1$ matrix so that the verification methods
    take $\partial E/\partial w_0$ themselves, like $\partial E/\partial\mathbf{w}$."""
    s = Space()
    d = s.dim("d")
    w, w0_ = s.vector("w", d), s.matrix("w_0", 1, 1)
    w0 = Scalar(w0_)
    xs = [s.vector(f"x_{n}", d) for n in (1, 2, 3)]
    ts = [s.scalar(f"t_{n}") for n in (1, 2, 3)]
    r = [dot(w, x) + w0 - t for x, t in zip(xs, ts)]
    E = sp.Rational(1, 2) * sp.Add(*[e ** 2 for e in r])
    return Statement(s, claims={
        r"$\partial E/\partial w_0 = \sum_n (\mathbf{w}^\top\mathbf{x}_n + w_0 - t_n)$": Equal(Grad(E, w0_), sp.Add(*r)),
        r"$\nabla_{\mathbf{w}} E = \sum_n (\mathbf{w}^\top\mathbf{x}_n + w_0 - t_n)\mathbf{x}_n$": Equal(Grad(E, w),
                                                       sp.MatAdd(*[e * x for e, x in zip(r, xs)])),
    }, numeric=[Agreement("dE/dw_0 = central difference of numerics.sum_of_squares_error", sp.Add(*r),
                          lambda ev: _points_gradient(ev, xs, ts, w, w0)[-1]),
                Agreement("dE/dw = central differences of numerics.sum_of_squares_error",
                          sp.MatAdd(*[e * x for e, x in zip(r, xs)]),
                          lambda ev: _points_gradient(ev, xs, ts, w, w0)[:-1])])


def _points_gradient(ev, xs, ts, w, w0) -> np.ndarray:
    """numerics' (∂E/∂w, ∂E/∂w_0) at the entry's points, targets and (w, w_0)."""
    X = np.vstack([_floats(ev, x).ravel() for x in xs])
    t = np.array([float(ev(t)) for t in ts])
    return _error_gradient(X, t, _floats(ev, w).ravel(), float(ev(w0)))


#: Class sizes for the least-squares entries: unequal, so that N_1 N_2 / N is not 1.
_N1, _N2 = 2, 3


def _fisher_targets(s: Space, d):
    """Two classes (N_1 = 2, N_2 = 3 points) with targets N/N_1 and -N/N_2."""
    N = _N1 + _N2
    x1, m1, S1 = _class(s, 1, _N1, d)
    x2, m2, S2 = _class(s, 2, _N2, d)
    m = s.vector("m", d)
    s.define(m, _mean(x1 + x2), "m: mean of all the data")
    SW = s.matrix("S_W", d, d, "symmetric")
    SB = s.matrix("S_B", d, d, "symmetric")
    s.define(SW, S1 + S2, "S_W = S_1 + S_2")
    s.define(SB, (m2 - m1) * (m2 - m1).T, "two-class S_B")
    data = [(x, sp.Rational(N, _N1)) for x in x1] + [(x, -sp.Rational(N, _N2)) for x in x2]
    return N, x1, x2, m1, m2, m, SW, SB, data


@entry("fisher.ls_bias",
       r"With targets $N/N_1$, $-N/N_2$: $\partial E/\partial w_0 = 0 \Leftrightarrow w_0 = "
       r"-\mathbf{w}^\top\mathbf{m}$",
       uses=("fisher.ls_optimality_conditions",),
       sources=[("udelar2018", _UD_LS + r": $t_n = N/N_1$, $-N/N_2$ and $w_0 = -\mathbf{w}^\top"
                               r"\mathbf{m}$"), _PRML_LS],
       printed=r"t_n = \begin{cases} N/N_1 & \text{si } \mathbf{x} \text{ es de la clase } \omega_1"
               r" \\ -N/N_2 & \text{si } \mathbf{x} \text{ es de la clase } \omega_2 \end{cases}"
               r" \qquad w_0 = -\mathbf{w}^T \mathbf{m}")
def ls_bias() -> Statement:
    r"""The targets sum to zero ($N_1\cdot N/N_1 - N_2\cdot N/N_2 = 0$), so
    $\sum_{n=1}^{N}(\mathbf{w}^\top\mathbf{x}_n + w_0 - t_n) = N(\mathbf{w}^\top\mathbf{m} + w_0)$:
    the $w_0$ condition holds exactly when $w_0 = -\mathbf{w}^\top\mathbf{m}$, $\mathbf{m} =
    (N_1\mathbf{m}_1 + N_2\mathbf{m}_2)/N$ the mean of all the data.

    The targets' sum is checked for every class size: $N_1$ points of target $t_{(1)} = N/N_1$
    and $N_2$ of $t_{(2)} = -N/N_2$ ($N_1$, $N_2$ positive integers, $N = N_1 + N_2$); the other
    two claims on the explicit points ($N_1 = 2$, $N_2 = 3$)."""
    s = Space()
    d = s.dim("d")
    w, w0 = s.vector("w", d), s.scalar("w_0")
    N, _, _, m1, m2, m, _, _, data = _fisher_targets(s, d)
    n1, n2 = s.scalar("N_1", positive=True, integer=True), s.scalar("N_2", positive=True, integer=True)
    n_all = s.scalar("N", positive=True, integer=True)
    t1, t2 = s.scalar("t_(1)"), s.scalar("t_(2)")
    s.define(n_all, n1 + n2, "N = N_1 + N_2")
    s.define(t1, n_all / n1, "t_n = N/N_1 for x_n of class 1")
    s.define(t2, -n_all / n2, "t_n = -N/N_2 for x_n of class 2")
    return Statement(s, claims={
        r"$\sum_n t_n = 0$": Equal(n1 * t1 + n2 * t2, 0),
        r"$\sum_n (\mathbf{w}^\top\mathbf{x}_n + w_0 - t_n) = N(w_0 + \mathbf{w}^\top\mathbf{m})$": Equal(
            sp.Add(*[dot(w, x) + w0 - t for x, t in data]), N * (w0 + dot(w, m))),
        r"$\mathbf{m} = (N_1\mathbf{m}_1 + N_2\mathbf{m}_2)/N$": Equal(m, (_N1 * m1 + _N2 * m2) / N),
    }, numeric=[Agreement("N (w_0 + w^T m) = dE/dw_0, a central difference of "
                          "numerics.sum_of_squares_error with the targets N/N_1, -N/N_2",
                          N * (w0 + dot(w, m)),
                          lambda ev: _error_gradient(*_targets_data(ev, data), _floats(ev, w).ravel(),
                                                     float(ev(w0)))[-1]),
                Agreement("(N_1 m_1 + N_2 m_2)/N = numerics.scatter_matrices(X, y).mean_",
                          (_N1 * m1 + _N2 * m2) / N,
                          lambda ev: nf.scatter_matrices(*_data(ev, (
                              [x for x, t in data if t > 0], [x for x, t in data if t < 0]))).mean_)])


def _targets_data(ev, data) -> tuple[np.ndarray, np.ndarray]:
    """(X, t) of the entry's points and their targets N/N_1, -N/N_2."""
    return (np.vstack([_floats(ev, x).ravel() for x, _ in data]),
            np.array([float(t) for _, t in data]))


@entry("fisher.ls_normal_equation",
       r"With $w_0 = -\mathbf{w}^\top\mathbf{m}$: $\sum_{n=1}^{N}(\mathbf{w}^\top\mathbf{x}_n + w_0 -"
       r" t_n)\mathbf{x}_n = (\mathbf{S}_W + \frac{N_1N_2}{N}\mathbf{S}_B)\mathbf{w} - "
       r"N(\mathbf{m}_1 - \mathbf{m}_2)$",
       uses=("fisher.ls_optimality_conditions", "fisher.ls_bias",),
       sources=[("udelar2018", _UD_LS + r": $(\mathbf{S}_W + \frac{N_1N_2}{N}\mathbf{S}_B)\mathbf{w}"
                               r" = N(\mathbf{m}_1 - \mathbf{m}_2)$"),
                ("bishop-prml", "§4.1.5, Eq. (4.37)")],
       printed=r"\left( \mathbf{S}_W + \frac{N_1 N_2}{N} \mathbf{S}_B \right) \mathbf{w}"
               r" = N(\mathbf{m}_1 - \mathbf{m}_2)")
def ls_normal_equation() -> Statement:
    r"""Substituting $w_0 = -\mathbf{w}^\top\mathbf{m}$ in the $\mathbf{w}$ condition:
    $\sum_n\mathbf{x}_n(\mathbf{x}_n - \mathbf{m})^\top\mathbf{w} - \sum_n t_n\mathbf{x}_n$, with
    $\sum_n t_n\mathbf{x}_n = N(\mathbf{m}_1 - \mathbf{m}_2)$ and $\sum_n\mathbf{x}_n(\mathbf{x}_n -
    \mathbf{m})^\top = \mathbf{S}_W + \frac{N_1N_2}{N}\mathbf{S}_B$. So the condition
    $\partial E/\partial\mathbf{w} = \mathbf{0}$ is $(\mathbf{S}_W + \frac{N_1N_2}{N}
    \mathbf{S}_B)\mathbf{w} = N(\mathbf{m}_1 - \mathbf{m}_2)$ ($N_1 = 2$, $N_2 = 3$)."""
    s = Space()
    d = s.dim("d")
    w, w0 = s.vector("w", d), s.scalar("w_0")
    N, x1, x2, m1, m2, m, SW, SB, data = _fisher_targets(s, d)
    s.define(w0, -dot(w, m), "the w_0 condition")
    xs = x1 + x2
    return Statement(
        s,
        claims={r"$(\mathbf{S}_W + (N_1 N_2/N)\,\mathbf{S}_B)\mathbf{w} - N(\mathbf{m}_1 - \mathbf{m}_2)$": Equal(
                    sp.MatAdd(*[(dot(w, x) + w0 - t) * x for x, t in data]),
                    (SW + sp.Rational(_N1 * _N2, N) * SB) * w - N * (m1 - m2)),
                r"$\sum_n t_n\mathbf{x}_n = N(\mathbf{m}_1 - \mathbf{m}_2)$": Equal(sp.MatAdd(*[t * x for x, t in data]),
                                                      N * (m1 - m2)),
                r"$\sum_n \mathbf{x}_n(\mathbf{x}_n - \mathbf{m})^\top = \mathbf{S}_W + (N_1 N_2/N)\,\mathbf{S}_B$": Equal(
                    sp.MatAdd(*[x * (x - m).T for x in xs]),
                    SW + sp.Rational(_N1 * _N2, N) * SB)},
        numeric=[Agreement("numerics' least-squares w with these targets solves the system",
                           N * (m1 - m2), lambda ev: _ls_system(ev, x1, x2, N), rtol=1e-7)],
    )


def _ls_system(ev, x1, x2, N: int) -> np.ndarray:
    """(S_W + N_1N_2/N S_B) w for the w that numerics' least squares fits to the targets
    N/N_1, -N/N_2, with numerics' scatter matrices: should be N(m_1 - m_2)."""
    import numerics.least_squares as nls

    X, y = _data(ev, (x1, x2))
    targets = np.where(y == 1, N / _N1, -N / _N2)
    w = nls.fit_least_squares_targets(X, targets, method="lstsq").coef_.ravel()
    sc = nf.scatter_matrices(X, y)
    return (sc.scatter_within_ + _N1 * _N2 / N * sc.scatter_between_two_class_) @ w


@entry("fisher.ls_direction_sign",
       r"The least-squares $\mathbf{w}$ is a negative multiple of $\mathbf{S}_W^{-1}(\mathbf{m}_2 -"
       r" \mathbf{m}_1)$",
       uses=("fisher.ls_normal_equation",),
       sources=[("udelar2018", _UD_LS + r": “$(\mathbf{S}_W + \frac{N_1N_2}{N}\mathbf{S}_B)"
                               r"\mathbf{w} = N(\mathbf{m}_1 - \mathbf{m}_2) \Rightarrow \mathbf{w} "
                               r"\propto \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$”"),
                ("bishop-prml", "§4.1.5, after Eq. (4.37)")],
       printed=r"\left( \mathbf{S}_W + \frac{N_1 N_2}{N} \mathbf{S}_B \right) \mathbf{w}"
               r" = N(\mathbf{m}_1 - \mathbf{m}_2) \Rightarrow \mathbf{w} \propto"
               r" \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)")
def ls_direction_sign() -> Statement:
    r"""$\mathbf{S}_B\mathbf{w} = (\mathbf{m}_2 - \mathbf{m}_1)\big((\mathbf{m}_2 -
    \mathbf{m}_1)^\top\mathbf{w}\big)$ is along $\mathbf{m}_2 - \mathbf{m}_1$, so the solution of
    $(\mathbf{S}_W + \frac{N_1N_2}{N}\mathbf{S}_B)\mathbf{w} = N(\mathbf{m}_1 - \mathbf{m}_2)$ is
    $\mathbf{w} = \alpha\,\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$, and solving for
    $\alpha$: $\alpha = -N/\big(1 + \frac{N_1N_2}{N}(\mathbf{m}_2 - \mathbf{m}_1)^\top
    \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)\big) < 0$. udelar2018's “$\mathbf{w} \propto
    \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$” (Bishop's too) is right as a
    proportionality, with a negative constant: $\mathbf{w}$ points from class 2 to class 1 —
    consistent with targets $+N/N_1$ for class 1, which then projects higher
    ($\mathbf{w}^\top\mathbf{m}_1 > \mathbf{w}^\top\mathbf{m}_2$). Here $\mathbf{z} =
    \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$ is built in ($\mathbf{m}_2 := \mathbf{m}_1 +
    \mathbf{S}_W\mathbf{z}$); $\mathbf{S}_W + \frac{N_1N_2}{N}\mathbf{S}_B$ is positive definite,
    so this $\mathbf{w}$ is the unique solution.

    Reading (the catalog's reading policy): udelar2018 prints “$(\mathbf{S}_W +
    \frac{N_1N_2}{N}\mathbf{S}_B)\mathbf{w} = N(\mathbf{m}_1 - \mathbf{m}_2) \Rightarrow
    \mathbf{w} \propto \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$”; the
    $\mathbf{S}_W^{-1}$ presupposes $\mathbf{S}_W$ invertible, so the case $\mathbf{S}_W =
    \mathbf{0}$ (one point per class, where the solutions form a hyperplane) is excluded by the
    formula itself — not an unstated condition. The class sizes $N_1$, $N_2$ are positive
    integers, as the counts of a data set are."""
    s = Space(sizes={"d": _RATIONAL_SIZES})
    d = s.dim("d")
    n1, n2 = s.scalar("N_1", positive=True, integer=True), s.scalar("N_2", positive=True, integer=True)
    N = s.scalar("N", positive=True)
    s.define(N, n1 + n2, "N = N_1 + N_2")
    m1, m2 = s.vector("m_1", d), s.vector("m_2", d)
    SW = s.matrix("S_W", d, d, "spd")
    SB = s.matrix("S_B", d, d, "psd")
    z = s.vector("z", d, nonzero=True)
    s.define(m2, m1 + SW * z, "z = S_W^{-1}(m_2 - m_1)")
    s.define(SB, (m2 - m1) * (m2 - m1).T, "two-class S_B")
    alpha = -N / (1 + n1 * n2 / N * dot(m2 - m1, z))
    w = alpha * z
    return Statement(s, claims={
        r"$\mathbf{w} = \alpha\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$ solves $(\mathbf{S}_W + (N_1 N_2/N)\,\mathbf{S}_B)\mathbf{w} = N(\mathbf{m}_1 - \mathbf{m}_2)$": Equal(
            (SW + n1 * n2 / N * SB) * w, N * (m1 - m2)),
        r"$\alpha < 0$": Rel(alpha, "<", 0, N / (1 + n1 * n2 / N * quad(z, SW))),
        r"class 1 projects higher: $\mathbf{w}^\top\mathbf{m}_1 > \mathbf{w}^\top\mathbf{m}_2$": Rel(
            dot(w, m1), ">", dot(w, m2), N / (1 + n1 * n2 / N * quad(z, SW)) * quad(z, SW)),
    }, no_numeric=(r"$N_1$ and $N_2$ are symbolic positive integers here, so no one data set has these "
                   r"class sizes for `numerics`' least squares; the $\mathbf{w}$ it fits to the targets "
                   r"$N/N_1$, $-N/N_2$ is checked to solve $(\mathbf{S}_W + (N_1 N_2/N)\,\mathbf{S}_B)"
                   r"\mathbf{w} = N(\mathbf{m}_1 - \mathbf{m}_2)$ in `fisher.ls_normal_equation` "
                   r"($N_1 = 2$, $N_2 = 3$)"))


# --- c > 2 classes --------------------------------------------------------------------------

@entry("fisher.multiclass_projection",
       r"udelar2018's projected class mean “$\mu_k = \mathbf{w}_k^\top\mathbf{m}_k$” (direction "
       "index used as class index)",
       kind="erratum",
       sources=[("udelar2018", (_UD_MULTI + r": “$y_k = \mathbf{w}_k^\top\mathbf{x}$, $k = 1, "
                  r"\dots, d'$, $\mu_k = \mathbf{w}_k^\top\mathbf{m}_k$”, used in $\mathbf{s}_B = "
                  r"\sum_{k=1}^{c} N_k(\boldsymbol{\mu}_k - \boldsymbol{\mu})(\boldsymbol{\mu}_k - "
                  r"\boldsymbol{\mu})^\top$")),
                ("bishop-prml", "§4.1.6, Eqs. (4.38)–(4.39), (4.49)")],
       printed=r"y_k = \mathbf{w}_k^T \mathbf{x}, \quad k = 1, \dots, d' \quad , \quad"
               r" \mu_k = \mathbf{w}_k^T \mathbf{m}_k")
def multiclass_projection() -> Statement:
    r"""Stacking the $d'$ projections $y_j = \mathbf{w}_j^\top\mathbf{x}$ gives $\mathbf{y} =
    \mathbf{W}^\top\mathbf{x}$ with $\mathbf{W} = [\mathbf{w}_1 \cdots \mathbf{w}_{d'}]$ (here
    $d' = 2$). The projected mean of class $k$ — the $\boldsymbol{\mu}_k$ that $\mathbf{s}_B$
    uses — is the mean of $\mathbf{y}_n = \mathbf{W}^\top\mathbf{x}_n$ over the class,
    $\boldsymbol{\mu}_k = \mathbf{W}^\top\mathbf{m}_k$, whose $j$-th component is
    $\mathbf{w}_j^\top\mathbf{m}_k$.

    udelar2018 prints “$y_k = \mathbf{w}_k^\top\mathbf{x}$, $k = 1, \dots, d'$, $\mu_k =
    \mathbf{w}_k^\top\mathbf{m}_k$” and uses that $\mu_k$ as class $k$'s projected mean in
    $\mathbf{s}_B = \sum_{k=1}^{c} N_k(\boldsymbol{\mu}_k - \boldsymbol{\mu})(\boldsymbol{\mu}_k -
    \boldsymbol{\mu})^\top$: the direction index is reused as the class index ($\mathbf{w}_k$
    exists only for $k \leq d' \leq c - 1$).

    *Stated* (the strongest typed instance: $c = d' = 2$, the first coordinate of
    $\mathbf{s}_B$, $\mu$ read as the $N_k$-weighted mean of the $\mu_k$, since udelar2018 never
    defines it): with the printed $\mu_1 = \mathbf{w}_1^\top\mathbf{m}_1$, $\mu_2 =
    \mathbf{w}_2^\top\mathbf{m}_2$, $\sum_k N_k(\mu_k - \bar{\mu})^2 =
    (\mathbf{W}^\top\mathbf{S}_B\mathbf{W})_{11} = \mathbf{w}_1^\top\mathbf{S}_B\mathbf{w}_1$,
    where $\mathbf{S}_B = \sum_k N_k(\mathbf{m}_k - \mathbf{m})(\mathbf{m}_k - \mathbf{m})^\top$.
    Refuted: the first coordinate of class 2's projected mean is $\nu_2 =
    \mathbf{w}_1^\top\mathbf{m}_2$, not $\mathbf{w}_2^\top\mathbf{m}_2$. *Corrected*: the same
    with $\nu_2$ (the diagnosis names the index slip: $\mu_2$ written where $\nu_2$ belongs), and
    $\boldsymbol{\mu}_k = \mathbf{W}^\top\mathbf{m}_k$ as a vector."""
    s = Space()
    d = s.dim("d")
    w1, w2 = s.vector("w_1", d), s.vector("w_2", d)
    W = sp.BlockMatrix([[w1, w2]])
    x = s.vector("x", d)
    pts, m, _ = _class(s, 1, 2, d)
    mu = s.vector("mu_1", 2)
    s.define(mu, _mean([W.T * p for p in pts]), "mu_1: mean of y_n = W^T x_n over class 1")
    # c = 2 classes with weights N_1, N_2: the printed scalar mu_k and the true first coordinate
    # class sizes are counts: positive integers, so a counterexample is a data set's
    n1, n2 = s.scalar("N_1", positive=True, integer=True), s.scalar("N_2", positive=True, integer=True)
    m2 = s.vector("m_2", d)
    mall = s.vector("m", d)
    s.define(mall, (n1 * m + n2 * m2) / (n1 + n2), "m: overall mean (N_1 m_1 + N_2 m_2)/N")
    SB = s.matrix("S_B", d, d, "symmetric")
    s.define(SB, n1 * (m - mall) * (m - mall).T + n2 * (m2 - mall) * (m2 - mall).T,
             "S_B = sum_k N_k (m_k - m)(m_k - m)^T")
    p1, p2, q2 = s.scalar("mu_{1}"), s.scalar("mu_{2}"), s.scalar("nu_{2}")
    s.define(p1, dot(w1, m), "printed mu_1 = w_1^T m_1")
    s.define(p2, dot(w2, m2), "printed mu_2 = w_2^T m_2")
    s.define(q2, dot(w1, m2), "nu_2 = w_1^T m_2: first coordinate of W^T m_2")

    def sb11(a1, a2):
        bar = (n1 * a1 + n2 * a2) / (n1 + n2)
        return n1 * (a1 - bar) ** 2 + n2 * (a2 - bar) ** 2

    corrected = (r"$(\mathbf{s}_B)_{11}$ with $\boldsymbol{\mu}_2$'s first coordinate "
                 r"$\nu_2 = \mathbf{w}_1^\top\mathbf{m}_2$ is $\mathbf{w}_1^\top\mathbf{S}_B\mathbf{w}_1$")
    return Statement(
        s,
        stated=Equal(sb11(p1, p2), quad(w1, SB)),
        corrects=corrected,
        claims={
            corrected: Equal(sb11(p1, q2), quad(w1, SB)),
            r"$\mathbf{y} = (\mathbf{w}_1^\top\mathbf{x}, \mathbf{w}_2^\top\mathbf{x}) = \mathbf{W}^\top\mathbf{x}$": Equal(W.T * x, sp.BlockMatrix([[w1.T * x], [w2.T * x]])),
            r"$\boldsymbol{\mu}_1 = \mathbf{W}^\top\mathbf{m}_1$": Equal(mu, W.T * m),
            r"$(\boldsymbol{\mu}_1)_j = \mathbf{w}_j^\top\mathbf{m}_1$": Equal(mu, sp.BlockMatrix([[w1.T * m], [w2.T * m]])),
        }, numeric=[Agreement("(W^T m_1, W^T x) = numerics.scatter_matrices(Y, y).means_ of the "
                              "projections y_n = W^T x_n (class 1: x_{1,n}; class 2: x alone)",
                              sp.BlockMatrix([[W.T * m, W.T * x]]),
                              lambda ev: nf.scatter_matrices(
                                  _data(ev, (pts, [x]))[0] @ _floats(ev, W), [1, 1, 2]).means_.T)])


#: Class sizes for the multi-class entries (c = 3).
_NK = (2, 1, 1)


def _three_classes(s: Space, d):
    """c = 3 classes of _NK points, their means, the overall mean, S_W and the multi-class S_B."""
    classes = [_class(s, k, n, d) for k, n in enumerate(_NK, start=1)]
    pts = [p for c in classes for p in c[0]]
    m = s.vector("m", d)
    s.define(m, _mean(pts), "m: mean of all the data")
    SW = s.matrix("S_W", d, d, "symmetric")
    SB = s.matrix("S_B", d, d, "symmetric")
    s.define(SW, sp.MatAdd(*[c[2] for c in classes]), "S_W = sum_k S_k")
    s.define(SB, sp.MatAdd(*[n * (c[1] - m) * (c[1] - m).T for n, c in zip(_NK, classes)]),
             "S_B = sum_k N_k (m_k - m)(m_k - m)^T")
    return classes, m, SW, SB


@entry("fisher.multiclass_projected_scatter",
       r"$\mathbf{s}_W = \mathbf{W}^\top\mathbf{S}_W\mathbf{W}$ and $\mathbf{s}_B = "
       r"\mathbf{W}^\top\mathbf{S}_B\mathbf{W}$ ($c = 3$ classes)",
       uses=("fisher.multiclass_projection",),
       sources=[("udelar2018", (_UD_MULTI + r": $\mathbf{s}_B = \sum_{k=1}^{c} N_k(\boldsymbol{\mu}_k"
                  r" - \boldsymbol{\mu})(\boldsymbol{\mu}_k - \boldsymbol{\mu})^\top$, $\mathbf{s}_W ="
                  r" \sum_{k=1}^{c}\sum_{\mathbf{x}_n\in\omega_k}(\mathbf{y}_n - \boldsymbol{\mu}_k)"
                  r"(\mathbf{y}_n - \boldsymbol{\mu}_k)^\top$; Obs: $\mathbf{s}_W = \mathbf{W}^\top"
                  r"\mathbf{S}_W\mathbf{W}$, $\mathbf{s}_B = \mathbf{W}^\top\mathbf{S}_B\mathbf{W}$")),
                ("bishop-prml", "§4.1.6, Eqs. (4.46)–(4.49)")],
       printed=r"\mathbf{s}_W = \mathbf{W}^T \mathbf{S}_W \mathbf{W}, \quad \mathbf{s}_B ="
               r" \mathbf{W}^T \mathbf{S}_B \mathbf{W}, \quad \mathbf{W} \in \mathbb{R}^{d \times d'}")
def multiclass_projected_scatter() -> Statement:
    r"""udelar2018 prints $\mathbf{s}_B = \sum_{k=1}^{c} N_k(\boldsymbol{\mu}_k -
    \boldsymbol{\mu})(\boldsymbol{\mu}_k - \boldsymbol{\mu})^\top$, $\mathbf{s}_W =
    \sum_{k=1}^{c}\sum_{\mathbf{x}_n\in\omega_k}(\mathbf{y}_n - \boldsymbol{\mu}_k)(\mathbf{y}_n -
    \boldsymbol{\mu}_k)^\top$, “$\mathbf{s}_W = \mathbf{W}^\top\mathbf{S}_W\mathbf{W}$,
    $\mathbf{s}_B = \mathbf{W}^\top\mathbf{S}_B\mathbf{W}$” and $\mathbf{S}_B = \sum_{k=1}^{c}
    N_k(\mathbf{m}_k - \mathbf{m})(\mathbf{m}_k - \mathbf{m})^\top$ (three classes of 2, 1 and 1
    points here, $d' = 2$).

    Those identities are encoded as printed once $\boldsymbol{\mu}_k$, $\boldsymbol{\mu}$ and
    $\mathbf{m}$ are read as vector means: $\boldsymbol{\mu}_k$ the mean of $\mathbf{y}_n =
    \mathbf{W}^\top\mathbf{x}_n$ over class $k$, $\boldsymbol{\mu}$ the mean of all
    $\mathbf{y}_n$, $\mathbf{m}$ the mean of all $\mathbf{x}_n$. udelar2018 defines
    $\boldsymbol{\mu}$ and $\mathbf{m}$ nowhere, and defines $\mu_k$ as the scalar
    “$\mathbf{w}_k^\top\mathbf{m}_k$” (the index slip refuted in `fisher.multiclass_projection`);
    the catalog supplies these definitions and does not assert them here."""
    s = Space()
    d = s.dim("d")
    W = s.matrix("W", d, 2)
    classes, _, SW, SB = _three_classes(s, d)
    mus = []
    for k, (pts, _, _) in enumerate(classes, start=1):
        mu = s.vector(f"mu_{k}", 2)
        s.define(mu, _mean([W.T * p for p in pts]), f"mu_{k}: mean of y_n over class {k}")
        mus.append(mu)
    mu_all = s.vector("mu", 2)
    s.define(mu_all, _mean([W.T * p for c in classes for p in c[0]]), "mu: mean of all y_n")
    sw = sp.MatAdd(*[(W.T * p - mu) * (W.T * p - mu).T
                     for (pts, _, _), mu in zip(classes, mus) for p in pts])
    sb = sp.MatAdd(*[n * (mu - mu_all) * (mu - mu_all).T for n, mu in zip(_NK, mus)])
    return Statement(
        s,
        claims={r"$\mathbf{s}_W = \mathbf{W}^\top\mathbf{S}_W\mathbf{W}$": Equal(sw, W.T * SW * W),
                r"$\mathbf{s}_B = \mathbf{W}^\top\mathbf{S}_B\mathbf{W}$": Equal(sb, W.T * SB * W)},
        numeric=[Agreement("[S_W, S_B] = scatter_matrices(X, y)", sp.BlockMatrix([[SW, SB]]),
                           lambda ev: _scatters(ev, [c[0] for c in classes], "scatter_between_"))],
    )


@entry("fisher.multiclass_between_two_class",
       r"For $c = 2$: $\sum_{k=1}^{2} N_k(\mathbf{m}_k - \mathbf{m})(\mathbf{m}_k - \mathbf{m})^\top"
       r" = \frac{N_1N_2}{N}(\mathbf{m}_2 - \mathbf{m}_1)(\mathbf{m}_2 - \mathbf{m}_1)^\top$",
       uses=("fisher.scale_invariance",),
       kind="caveat",
       caveat=(r"misattributed: udelar2018 only defines $\mathbf{S}_B = \sum_{k=1}^{c} "
               r"N_k(\mathbf{m}_k - \mathbf{m})(\mathbf{m}_k - \mathbf{m})^\top$ ($c > 2$) and never "
               r"relates it to its two-class $\mathbf{S}_B = (\mathbf{m}_2 - \mathbf{m}_1)"
               r"(\mathbf{m}_2 - \mathbf{m}_1)^\top$; the $c = 2$ reduction is a derived "
               "consistency lemma (Bishop PRML)"),
       sources=[("bishop-prml", "§4.1.6, Eq. (4.46) against Eq. (4.27)"),
                ("udelar2018", _UD_MULTI + r": $\mathbf{S}_B = \sum_{k=1}^{c} N_k(\mathbf{m}_k - "
                               r"\mathbf{m})(\mathbf{m}_k - \mathbf{m})^\top$ (the definition only)")],
       printed=r"\mathbf{S}_B = \sum_{k=1}^c N_k (\mathbf{m}_k - \mathbf{m})(\mathbf{m}_k -"
               r" \mathbf{m})^T")
def multiclass_between_two_class() -> Statement:
    r"""With $\mathbf{m} = (N_1\mathbf{m}_1 + N_2\mathbf{m}_2)/N$: $\mathbf{m}_1 - \mathbf{m} =
    -(N_2/N)(\mathbf{m}_2 - \mathbf{m}_1)$ and $\mathbf{m}_2 - \mathbf{m} = (N_1/N)(\mathbf{m}_2 -
    \mathbf{m}_1)$, so the multi-class $\mathbf{S}_B$ is $N_1N_2/N$ times the two-class one;
    the factor does not change the maximiser of $J$ (scale invariance). udelar2018 prints only
    the $c$-class definition; the reduction is derived here, not printed."""
    s = Space()
    d = s.dim("d")
    n1, n2 = s.scalar("N_1", positive=True, integer=True), s.scalar("N_2", positive=True, integer=True)
    N = s.scalar("N", positive=True)
    s.define(N, n1 + n2, "N = N_1 + N_2")
    m1, m2, m = s.vector("m_1", d), s.vector("m_2", d), s.vector("m", d)
    s.define(m, (n1 * m1 + n2 * m2) / N, "m: overall mean")
    return Statement(s, claims={r"$\mathbf{S}_B(c = 2) = (N_1 N_2/N)(\mathbf{m}_2 - \mathbf{m}_1)(\mathbf{m}_2 - \mathbf{m}_1)^\top$": Equal(
        n1 * (m1 - m) * (m1 - m).T + n2 * (m2 - m) * (m2 - m).T,
        n1 * n2 / N * (m2 - m1) * (m2 - m1).T)},
        no_numeric=(r"$N_1$ and $N_2$ are any positive reals in this identity, so no data set has these "
                    r"class sizes: `numerics.scatter_matrices` forms both $\mathbf{S}_B$'s only from data"))


def _rank_run(seed: int) -> RunResult:
    """c = 3 classes in d = 6: numerics' S_B has rank <= 2 and fisher_projection refuses
    more than c - 1 = 2 components."""
    rng = np.random.default_rng(seed)
    c, d = 3, 6
    X = rng.normal(size=(12 * c, d)) + np.repeat(rng.normal(scale=3.0, size=(c, d)), 12, axis=0)
    y = np.repeat(np.arange(c), 12)
    sc = nf.scatter_matrices(X, y)
    ev = np.linalg.eigvalsh(sc.scatter_between_)
    rank = int(np.sum(ev > 1e-10 * ev.max()))
    try:
        nf.fisher_projection(X, y, n_components=c)
        refused = False
    except nf.InvalidInput:
        refused = True
    proj = nf.fisher_projection(X, y)
    ok = rank <= c - 1 and refused and proj.scalings_.shape == (d, c - 1)
    return RunResult(ok, f"rank(S_B) = {rank}, n_components = c refused: {refused}, "
                         f"W shape {proj.scalings_.shape}")


@entry("fisher.multiclass_between_rank",
       r"$\operatorname{rank}(\mathbf{S}_B) \leq c - 1$, hence $d' \leq c - 1$",
       sources=[("udelar2018", _UD_MULTI + r": “Tiene sentido $d' \leq c - 1$, ideal $d' = c - 1$”"),
                ("bishop-prml", "§4.1.6, after Eq. (4.51)")],
       printed=r"\text{Tiene sentido } d' \leq c - 1, \text{ ideal } d' = c - 1")
def multiclass_between_rank() -> Statement:
    r"""$\mathbf{m}$ is the weighted mean of the $\mathbf{m}_k$ exactly when $\sum_k
    N_k(\mathbf{m}_k - \mathbf{m}) = \mathbf{0}$ (built in, solved for $\mathbf{m}_3$), so
    $\mathbf{a}_c = \mathbf{m}_c - \mathbf{m} = -\frac{1}{N_c}\sum_{k<c}N_k\mathbf{a}_k$ and
    $\mathbf{S}_B = \sum_{j,l<c}G_{jl}\,\mathbf{a}_j\mathbf{a}_l^\top$ with $\mathbf{G} =
    \operatorname{diag}(N_1, \dots, N_{c-1}) + \frac{1}{N_c}\mathbf{n}\mathbf{n}^\top$,
    $\mathbf{n} = (N_1, \dots, N_{c-1})$: $\mathbf{S}_B = \mathbf{A}\mathbf{G}\mathbf{A}^\top$
    with $\mathbf{A} = [\mathbf{a}_1 \cdots \mathbf{a}_{c-1}]$ of $c - 1$ columns, so
    $\operatorname{rank}(\mathbf{S}_B) \leq c - 1$ ($c = 3$ here). Only $c - 1$ generalized
    eigenvalues of $(\mathbf{S}_B, \mathbf{S}_W)$ can be nonzero, so directions beyond $c - 1$
    add nothing to $\operatorname{Trace}\{\mathbf{s}_W^{-1}\mathbf{s}_B\}$; checked also by
    running `numerics` on data with $d = 6 > c$."""
    s = Space()
    d = s.dim("d")
    ns = [s.scalar(f"N_{k}", positive=True, integer=True) for k in (1, 2, 3)]
    ms = [s.vector(f"m_{k}", d) for k in (1, 2, 3)]
    m = s.vector("m", d)
    s.define(ms[2], m - (ns[0] * (ms[0] - m) + ns[1] * (ms[1] - m)) / ns[2],
             "m is the overall mean: sum_k N_k (m_k - m) = 0, solved for m_3")
    a = [mk - m for mk in ms]
    G = sp.Matrix([[ns[0], 0], [0, ns[1]]]) + sp.Matrix(ns[:2]) * sp.Matrix(ns[:2]).T / ns[2]
    SB = sp.MatAdd(*[n * ak * ak.T for n, ak in zip(ns, a)])
    return Statement(s, claims={
        r"$\mathbf{m} = (N_1\mathbf{m}_1 + N_2\mathbf{m}_2 + N_3\mathbf{m}_3)/N$": Equal(
            m, sp.MatAdd(*[n * mk for n, mk in zip(ns, ms)]) / sp.Add(*ns)),
        r"$\mathbf{S}_B = \mathbf{A}\mathbf{G}\mathbf{A}^\top$ with $\mathbf{A} = [\mathbf{m}_1 - \mathbf{m}, \mathbf{m}_2 - \mathbf{m}]$": Equal(
            SB, sp.MatAdd(*[G[j, k] * a[j] * a[k].T for j in range(2) for k in range(2)])),
        r"`numerics`: $\operatorname{rank}(\mathbf{S}_B) \le c - 1$ and at most $c - 1$ components": Behaviour(
            _rank_run, "rank(S_B) <= c - 1 for c = 3 classes in d = 6", seeds=(0, 1, 2)),
    })


def _cholesky_space(s: Space):
    """d in {1, 2, 3}, d' in {1, 2}: L = S_W^{1/2} (S_W = L Lᵀ), W, V = LᵀW, and
    S_B = L M Lᵀ with M symmetric, i.e. M = S_W^{-1/2} S_B (S_W^{-1/2})ᵀ (every S_B is of
    this form because L is invertible)."""
    d, dp = s.dim("d"), s.dim("d'", sizes=(1, 2))
    L = s.matrix("L", d, d, "full_column_rank")
    SW = s.matrix("S_W", d, d, "spd")
    s.define(SW, L * L.T, "Cholesky: S_W = S_W^{1/2} (S_W^{1/2})^T with S_W^{1/2} = L")
    M = s.matrix("M", d, d, "psd")
    SB = s.matrix("S_B", d, d, "psd")
    s.define(SB, L * M * L.T, "M = S_W^{-1/2} S_B (S_W^{-1/2})^T")
    W = s.matrix("W", d, dp)
    V = s.matrix("V", d, dp)
    s.define(V, L.T * W, "change of coordinates V = (S_W^{1/2})^T W")
    return d, dp, L, SW, M, SB, W, V


@entry("fisher.multiclass_cholesky",
       r"Cholesky change of variables: $\mathbf{s}_W = \mathbf{V}^\top\mathbf{V}$, $\mathbf{s}_B = "
       r"\mathbf{V}^\top\mathbf{M}\mathbf{V}$, so $\mathbf{s}_W^{-1}\mathbf{s}_B = "
       r"(\mathbf{V}^\top\mathbf{V})^{-1}\mathbf{V}^\top\mathbf{M}\mathbf{V}$",
       uses=("fisher.multiclass_projected_scatter",),
       kind="exercise",
       sources=[("udelar2018", (_UD_MULTI + r": Ejercicio (Cholesky), $\mathbf{V} = "
                  r"(\mathbf{S}_W^{1/2})^\top\mathbf{W}$, $\mathbf{M} = \mathbf{S}_W^{-1/2}"
                  r"\mathbf{S}_B(\mathbf{S}_W^{-1/2})^\top$"))],
       statement=_CHOLESKY_EXERCISE,
       printed=r"\mathbf{s}_W^{-1} \mathbf{s}_B = \underbrace{(\mathbf{V}^T \mathbf{V})^{-1}}"
               r"_{\text{normalización}} \mathbf{V}^T \underbrace{\mathbf{S}_W^{-\frac{1}{2}}"
               r" \mathbf{S}_B (\mathbf{S}_W^{-\frac{1}{2}})^T}_{\mathbf{M}} \mathbf{V}")
def multiclass_cholesky() -> Statement:
    r"""With $\mathbf{S}_W = \mathbf{L}\mathbf{L}^\top$ ($\mathbf{L} = \mathbf{S}_W^{1/2}$, e.g.
    the Cholesky factor), $\mathbf{V} = \mathbf{L}^\top\mathbf{W}$ (so $\mathbf{W} =
    \mathbf{L}^{-\top}\mathbf{V}$) and $\mathbf{M} = \mathbf{L}^{-1}\mathbf{S}_B\mathbf{L}^{-\top}$
    (so $\mathbf{S}_B = \mathbf{L}\mathbf{M}\mathbf{L}^\top$): $\mathbf{s}_W =
    \mathbf{W}^\top\mathbf{S}_W\mathbf{W} = \mathbf{W}^\top\mathbf{L}\mathbf{L}^\top\mathbf{W} =
    \mathbf{V}^\top\mathbf{V}$ and $\mathbf{s}_B = \mathbf{W}^\top\mathbf{S}_B\mathbf{W} =
    \mathbf{V}^\top\mathbf{M}\mathbf{V}$, hence the printed $\mathbf{s}_W^{-1}\mathbf{s}_B =
    (\mathbf{V}^\top\mathbf{V})^{-1}\mathbf{V}^\top\mathbf{M}\mathbf{V}$ — the criterion depends
    on $\mathbf{V}$ only through the “normalised” $(\mathbf{V}^\top\mathbf{V})^{-1}
    \mathbf{V}^\top\mathbf{M}\mathbf{V}$.

    The change of variables and $\mathbf{M}$ are built in ($\mathbf{V} := \mathbf{L}^\top
    \mathbf{W}$, $\mathbf{S}_B := \mathbf{L}\mathbf{M}\mathbf{L}^\top$), and the printed
    equation is checked as the two identities it follows from: instantiating a symbolic inverse
    of the $d'\times d'$ products costs the engine 15–60 s per size."""
    s = Space()
    _, _, L, SW, M, SB, W, V = _cholesky_space(s)
    return Statement(
        s,
        steps=chain(W.T * SW * W, W.T * L * L.T * W, V.T * V,
                    notes=(r"Cholesky: $\mathbf{S}_W = \mathbf{S}_W^{1/2}(\mathbf{S}_W^{1/2})^\top$", r"$\mathbf{V} = (\mathbf{S}_W^{1/2})^\top\mathbf{W}$"))
        + chain(W.T * SB * W, W.T * L * M * L.T * W, V.T * M * V,
                notes=(r"$\mathbf{S}_B = \mathbf{S}_W^{1/2}\mathbf{M}(\mathbf{S}_W^{1/2})^\top$", r"$\mathbf{V} = (\mathbf{S}_W^{1/2})^\top\mathbf{W}$")),
        numeric=[Agreement("[V^T V, V^T M V] = [s_W, s_B] = numerics.scatter_matrices of the "
                           "projections y_n = W^T x_n of data with this S_W and S_B (d + 1 classes)",
                           sp.BlockMatrix([[V.T * V, V.T * M * V]]),
                           lambda ev: _projected_scatters(ev, SW, SB, W))],
    )


def _projected_scatters(ev, SW, SB, W) -> np.ndarray:
    """[s_W, s_B]: numerics' within- and between-class scatter of the projected data XW,
    X built with the entry's S_W and S_B (_multiclass_data)."""
    X, y = _multiclass_data(_floats(ev, SW), _floats(ev, SB))
    sc = nf.scatter_matrices(X @ _floats(ev, W), y)
    return np.hstack([sc.scatter_within_, sc.scatter_between_])


#: The eigenvalues of S_B w = λ S_W w move by about eps·cond(S_W)·|λ| under rounding of the
#: data's S_W (measured: at most 10 eps cond(S_W)); with S_W = L Lᵀ for a random rational L,
#: cond(S_W) = cond(L)² reaches 4e7 among the numeric method's draws (2000 of them).
_GENERALIZED_EIGENVALUE_RTOL = 1e-6


def _power_sums(M, k: int = 3) -> sp.Basic:
    """(Tr M, Tr M², …, Tr M^k): for a d×d M with d ≤ k they determine its eigenvalues
    (Newton's identities), so two spectra are compared without choosing eigenvectors."""
    return sp.Matrix([sp.Trace(M ** j) for j in range(1, k + 1)])


def _eigenvalue_power_sums(values: np.ndarray, k: int = 3) -> np.ndarray:
    return np.array([np.sum(values ** j) for j in range(1, k + 1)])


@entry("fisher.multiclass_eigen_equations",
       r"$\mathbf{M}\mathbf{V} = \mathbf{V}\boldsymbol{\Lambda} \Leftrightarrow \mathbf{M}"
       r"(\mathbf{S}_W^{1/2})^\top\mathbf{W} = (\mathbf{S}_W^{1/2})^\top\mathbf{W}\boldsymbol{\Lambda}"
       r" \Leftrightarrow \mathbf{S}_B\mathbf{W} = \mathbf{S}_W\mathbf{W}\boldsymbol{\Lambda}$, "
       r"$\boldsymbol{\Lambda} = \operatorname{Diag}(\lambda_1, \dots, \lambda_{d'})$",
       uses=("fisher.multiclass_cholesky",),
       kind="exercise",
       sources=[("udelar2018", (_UD_MULTI + r": $\mathbf{M}\mathbf{V} = \mathbf{V}\operatorname{Diag}"
                  r"(\lambda_1, \dots, \lambda_{d'})$, (Reemplazando $\mathbf{M}$) $\mathbf{S}_B"
                  r"\mathbf{W} = \mathbf{S}_W\mathbf{W}\operatorname{Diag}(\lambda_1, \dots, "
                  r"\lambda_{d'})$")),
                ("bishop-prml", "§4.1.6, after Eq. (4.51)")],
       statement=_CHOLESKY_EXERCISE,
       printed=r"\mathbf{M} \mathbf{V} = \mathbf{V} \text{Diag}(\lambda_1, \dots, \lambda_{d'}),"
               r" \quad \mathbf{M} (\mathbf{S}_W^{\frac{1}{2}})^T \mathbf{W} ="
               r" (\mathbf{S}_W^{\frac{1}{2}})^T \mathbf{W} \text{Diag}(\lambda_1, \dots,"
               r" \lambda_{d'}), \quad \mathbf{S}_B \mathbf{W} = \mathbf{S}_W \mathbf{W}"
               r" \text{Diag}(\lambda_1, \dots, \lambda_{d'})")
def multiclass_eigen_equations() -> Statement:
    r"""The printed equations, as identities between their residuals: substituting $\mathbf{V} =
    \mathbf{L}^\top\mathbf{W}$, then multiplying by the invertible $\mathbf{L} =
    \mathbf{S}_W^{1/2}$ (with $\mathbf{S}_B = \mathbf{L}\mathbf{M}\mathbf{L}^\top$),
    $\mathbf{L}(\mathbf{M}\mathbf{V} - \mathbf{V}\boldsymbol{\Lambda}) = \mathbf{L}(\mathbf{M}
    \mathbf{L}^\top\mathbf{W} - \mathbf{L}^\top\mathbf{W}\boldsymbol{\Lambda}) = \mathbf{S}_B
    \mathbf{W} - \mathbf{S}_W\mathbf{W}\boldsymbol{\Lambda}$. So the columns of $\mathbf{V}$ are
    eigenvectors of $\mathbf{M}$ exactly when the columns of $\mathbf{W}$ solve the generalized
    problem $\mathbf{S}_B\mathbf{w} = \lambda\mathbf{S}_W\mathbf{w}$, with the same
    $\lambda$'s."""
    s = Space()
    _, dp, L, SW, M, SB, W, V = _cholesky_space(s)
    Lam = s.matrix("Lambda", dp, dp, "diagonal")
    return Statement(
        s,
        steps=chain(L * (M * V - V * Lam), L * (M * L.T * W - L.T * W * Lam),
                    SB * W - SW * W * Lam,
                    notes=(r"$\mathbf{V} = (\mathbf{S}_W^{1/2})^\top\mathbf{W}$", r"multiply by $\mathbf{S}_W^{1/2}$; $\mathbf{S}_B = \mathbf{L}\mathbf{M}\mathbf{L}^\top$")),
        numeric=[Agreement("the eigenvalues of M (power sums Tr M^j, j ≤ 3) = numerics.fisher_projection's "
                           "eigenvalues_ of S_B w = λ S_W w, all d of them (data with S_W = L L^T, "
                           "S_B = L M L^T in d + 1 classes)", _power_sums(M),
                           lambda ev: _eigenvalue_power_sums(nf.fisher_projection(
                               *_multiclass_data(_floats(ev, SW), _floats(ev, SB))).eigenvalues_),
                           rtol=_GENERALIZED_EIGENVALUE_RTOL)],
    )


@entry("fisher.multiclass_generalized_eigenvectors",
       r"$\mathbf{S}_B\mathbf{W} = \mathbf{S}_W\mathbf{W}\boldsymbol{\Lambda} \Leftrightarrow$ the "
       r"columns of $\mathbf{W}$ are eigenvectors of $\mathbf{S}_W^{-1}\mathbf{S}_B$",
       uses=("fisher.multiclass_eigen_equations",),
       kind="exercise",
       sources=[("udelar2018", (_UD_MULTI + r": “Cols de $\mathbf{W}$: los $d'$ autovectores "
                  r"dominantes de $\mathbf{S}_W^{-1}\mathbf{S}_B$”"))],
       statement=_CHOLESKY_EXERCISE,
       printed=r"\Rightarrow \text{Cols de } \mathbf{W} \text{: los } d' \text{ autovectores"
               r" dominantes de } \mathbf{S}_W^{-1} \mathbf{S}_B")
def multiclass_generalized_eigenvectors() -> Statement:
    r"""$\mathbf{S}_W^{-1}\mathbf{S}_B\mathbf{W} - \mathbf{W}\boldsymbol{\Lambda} =
    \mathbf{S}_W^{-1}(\mathbf{S}_B\mathbf{W} - \mathbf{S}_W\mathbf{W}\boldsymbol{\Lambda})$ with
    $\mathbf{S}_W$ invertible: the generalized eigen-equations hold exactly when
    $\mathbf{S}_W^{-1}\mathbf{S}_B\mathbf{W} = \mathbf{W}\boldsymbol{\Lambda}$, i.e. each column
    $\mathbf{w}_j$ is an eigenvector of $\mathbf{S}_W^{-1}\mathbf{S}_B$ with eigenvalue
    $\lambda_j$ (which, by the similarity $\mathbf{S}_W^{-1}\mathbf{S}_B =
    \mathbf{L}^{-\top}\mathbf{M}\mathbf{L}^\top$, are the eigenvalues of $\mathbf{M}$)."""
    s = Space(sizes={"d": _RATIONAL_SIZES})
    d, dp = s.dim("d"), s.dim("d'", sizes=(1, 2))
    SW = s.matrix("S_W", d, d, "spd")
    SB = s.matrix("S_B", d, d, "psd")
    W = s.matrix("W", d, dp)
    Lam = s.matrix("Lambda", dp, dp, "diagonal")
    return Statement(s, claims={
        r"$\mathbf{S}_W^{-1}\mathbf{S}_B\mathbf{W} - \mathbf{W}\boldsymbol{\Lambda} = \mathbf{S}_W^{-1}(\mathbf{S}_B\mathbf{W} - \mathbf{S}_W\mathbf{W}\boldsymbol{\Lambda})$": Equal(
            SW.I * SB * W - W * Lam, SW.I * (SB * W - SW * W * Lam))},
        numeric=[Agreement("S_W^{-1} S_B = W Diag(λ) W^{-1} with the d columns and eigenvalues of "
                           "numerics.fisher_projection (data with this S_W and S_B in d + 1 classes)",
                           SW.I * SB, lambda ev: _eigen_reassembled(ev, SW, SB))])


def _eigen_reassembled(ev, SW, SB) -> np.ndarray:
    """W Diag(λ) W^{-1} from numerics' generalized eigenvectors (scalings_, all d of them) and
    eigenvalues_: equal to S_W^{-1}S_B exactly when each column w_j is an eigenvector of
    S_W^{-1}S_B with eigenvalue λ_j. W^T S_W W = I, so cond(W) = √cond(S_W)."""
    fit = nf.fisher_projection(*_multiclass_data(_floats(ev, SW), _floats(ev, SB)))
    W = fit.scalings_
    return W @ np.diag(fit.eigenvalues_) @ np.linalg.inv(W)


def _adjugate_inverse(H) -> sp.ImmutableMatrix:
    """The inverse of a 2×2 matrix expression as adj(H)/det(H), entry by entry."""
    det = H[0, 0] * H[1, 1] - H[0, 1] * H[1, 0]
    return sp.ImmutableMatrix([[H[1, 1], -H[0, 1]], [-H[1, 0], H[0, 0]]]) / det


@entry("fisher.multiclass_trace_at_solution",
       r"At $\mathbf{M}\mathbf{V} = \mathbf{V}\boldsymbol{\Lambda}$: $(\mathbf{V}^\top\mathbf{V})^{-1}"
       r"\mathbf{V}^\top\mathbf{M}\mathbf{V} = \boldsymbol{\Lambda}$, so the criterion is "
       r"$\lambda_1 + \lambda_2$",
       uses=("fisher.multiclass_cholesky",),
       kind="exercise",
       sources=[("udelar2018", (_UD_MULTI + r": “Para maximizar la traza, las cols de $\mathbf{V}$ "
                  r"deben ser los $d'$ vectores propios dominantes de $\mathbf{M}$”")),
                ("bishop-prml", "§4.1.6, after Eq. (4.51)")],
       statement=_CHOLESKY_EXERCISE,
       printed=r"\text{Trace} \{ \mathbf{s}_W^{-1} \mathbf{s}_B \}, \quad \mathbf{M} \mathbf{V} ="
               r" \mathbf{V} \text{Diag}(\lambda_1, \dots, \lambda_{d'})")
def multiclass_trace_at_solution() -> Statement:
    r"""$(\mathbf{V}^\top\mathbf{V})^{-1}\mathbf{V}^\top\mathbf{M}\mathbf{V} -
    \boldsymbol{\Lambda} = (\mathbf{V}^\top\mathbf{V})^{-1}\mathbf{V}^\top(\mathbf{M}\mathbf{V} -
    \mathbf{V}\boldsymbol{\Lambda})$: when the columns of $\mathbf{V}$ are eigenvectors of
    $\mathbf{M}$ ($\mathbf{M}\mathbf{V} = \mathbf{V}\boldsymbol{\Lambda}$) the normalised matrix
    is $\boldsymbol{\Lambda}$ and $\operatorname{Trace}\{\mathbf{s}_W^{-1}\mathbf{s}_B\} =
    \sum_j\lambda_j$ ($d = 3$, $d' = 2$; $\mathbf{G} = (\mathbf{V}^\top\mathbf{V})^{-1}$ is given
    by its adjugate and checked to be the inverse). Which eigenvectors give the maximum is
    `fisher.multiclass_trace_maximum`."""
    s = Space()
    V = s.matrix("V", 3, 2, "full_column_rank")
    M = s.matrix("M", 3, 3, "symmetric")
    lam1, lam2 = s.scalar("lambda_1"), s.scalar("lambda_2")
    Lam = sp.diag(lam1, lam2)
    G = s.matrix("G", 2, 2, "symmetric")
    s.define(G, _adjugate_inverse(V.T * V), "G = (V^T V)^{-1}")
    return Statement(s, claims={
        r"$\mathbf{G} = (\mathbf{V}^\top\mathbf{V})^{-1}$": Equal(G * V.T * V, sp.Identity(2)),
        r"$(\mathbf{V}^\top\mathbf{V})^{-1}\mathbf{V}^\top\mathbf{M}\mathbf{V} - \boldsymbol{\Lambda} = (\mathbf{V}^\top\mathbf{V})^{-1}\mathbf{V}^\top(\mathbf{M}\mathbf{V} - \mathbf{V}\boldsymbol{\Lambda})$": Equal(
            G * V.T * M * V - Lam, G * V.T * (M * V - V * Lam)),
        r"$\operatorname{Trace}(\boldsymbol{\Lambda}) = \lambda_1 + \lambda_2$": Equal(sp.Trace(Lam), lam1 + lam2)},
        no_numeric=(r"identities at any full-rank $\mathbf{V}$, symmetric (possibly indefinite) "
                    r"$\mathbf{M}$ and free $\lambda$'s; `numerics` evaluates the criterion only at its own "
                    r"solution, where `numerics.fisher_projection`'s `trace_criterion_` is compared with "
                    r"$\lambda_1 + \lambda_2$ in `fisher.multiclass_trace_maximum`"))


@entry("fisher.multiclass_trace_maximum",
       r"udelar2018: to maximise $\operatorname{Trace}\{(\mathbf{V}^\top\mathbf{V})^{-1}"
       r"\mathbf{V}^\top\mathbf{M}\mathbf{V}\}$, take as the columns of $\mathbf{V}$ the $d'$ "
       r"dominant eigenvectors of $\mathbf{M}$",
       uses=("fisher.multiclass_trace_at_solution",),
       sources=[("udelar2018", (_UD_MULTI + r": “Ejercicio Utilizando la descomposición de "
                  r"Cholesky para $\mathbf{S}_W$, determinar $\mathbf{W}$ óptima en función de "
                  r"$\mathbf{S}_W$ y $\mathbf{S}_B$”; “$\Rightarrow$ Para maximizar la traza, las "
                  r"cols de $\mathbf{V}$ deben ser los $d'$ vectores propios dominantes de "
                  r"$\mathbf{M}$”; “$\Rightarrow$ Cols de $\mathbf{W}$: los $d'$ autovectores "
                  r"dominantes de $\mathbf{S}_W^{-1}\mathbf{S}_B$”")),
                ("bishop-prml", "§4.1.6, after Eq. (4.51)")],
       printed=r"\Rightarrow \text{Para maximizar la traza, las cols de } \mathbf{V} \text{ deben"
               r" ser los } d' \text{ vectores propios dominantes de } \mathbf{M}")
def multiclass_trace_maximum() -> Statement:
    r"""(Ky Fan's maximum principle, $d = 3$, $d' = 2$.) $\mathbf{M}$ is symmetric, so
    $\mathbf{M} = \mathbf{Q}\mathbf{D}\mathbf{Q}^\top$ with $\mathbf{Q}$ orthogonal (spectral
    theorem) and $\mathbf{D} = \operatorname{diag}(\lambda_1, \lambda_2, \lambda_3)$, $\lambda_1
    \geq \lambda_2 \geq \lambda_3$; with $\mathbf{V}' = \mathbf{Q}^\top\mathbf{V}$,
    $\mathbf{V}'^\top\mathbf{V}' = \mathbf{V}^\top\mathbf{V}$ and $\mathbf{V}'^\top\mathbf{D}
    \mathbf{V}' = \mathbf{V}^\top\mathbf{M}\mathbf{V}$, so the criterion is the same in
    $\mathbf{M}$'s eigenbasis ($\mathbf{Q}$ is built by the Cayley transform $\mathbf{Q} =
    (\mathbf{I} - \mathbf{K})(\mathbf{I} + \mathbf{K})^{-1}$ of a skew $\mathbf{K}$, checked
    orthogonal). There, with $\boldsymbol{\Pi} = \mathbf{V}(\mathbf{V}^\top\mathbf{V})^{-1}
    \mathbf{V}^\top$ the projector on the columns of $\mathbf{V}$ ($\Pi_{ii} \in [0, 1]$,
    $\sum_i\Pi_{ii} = d'$), $\operatorname{Trace}\{(\mathbf{V}^\top\mathbf{V})^{-1}
    \mathbf{V}^\top\mathbf{D}\mathbf{V}\} = \sum_i\lambda_i\Pi_{ii}$ and $\lambda_1 + \lambda_2 -
    \sum_i\lambda_i\Pi_{ii} = (\lambda_1 - \lambda_2)(1 - \Pi_{11}) + (\lambda_2 -
    \lambda_3)\Pi_{33} \geq 0$. In $d = 3$ the complement of the columns is spanned by
    $\mathbf{n} = \mathbf{v}_1 \times \mathbf{v}_2$, so $\mathbf{I} - \boldsymbol{\Pi} =
    \mathbf{n}\mathbf{n}^\top/\lVert\mathbf{n}\rVert^2$, $1 - \Pi_{11} = n_1^2/\lVert\mathbf{n}
    \rVert^2$, $\Pi_{33} = (n_1^2 + n_2^2)/\lVert\mathbf{n}\rVert^2$: the certificate. Equality
    at $\mathbf{V} = [\mathbf{e}_1\ \mathbf{e}_2]$, i.e. $\mathbf{V}$ = the two dominant
    eigenvectors of $\mathbf{M}$.

    Two readings (the catalog's reading policy) of “Para maximizar la traza, las cols de
    $\mathbf{V}$ deben ser los $d'$ vectores propios dominantes de $\mathbf{M}$”. *As a recipe*
    — to maximise, take the dominant eigenvectors — it holds (the bound and its equality
    above). The context supports it: the slide is the “Ejercicio … determinar $\mathbf{W}$
    óptima en función de $\mathbf{S}_W$ y $\mathbf{S}_B$”, which asks for *an* optimal
    $\mathbf{W}$, and it ends “$\Rightarrow$ Cols de $\mathbf{W}$: los $d'$ autovectores
    dominantes de $\mathbf{S}_W^{-1}\mathbf{S}_B$”, a construction. *As a necessity* — every
    maximiser has eigenvector columns — it is false, and that is a note: the criterion is
    invariant under $\mathbf{V} \mapsto \mathbf{V}\mathbf{A}$ for every invertible $\mathbf{A}$,
    so $\mathbf{V}_A = [\mathbf{e}_1\ \mathbf{e}_2]\mathbf{A}$ with $\mathbf{A} =
    \begin{pmatrix} 1 & a \\ 0 & 1 \end{pmatrix}$ (columns $\mathbf{e}_1$ and $a\mathbf{e}_1 +
    \mathbf{e}_2$) attains $\lambda_1 + \lambda_2$ too, while $\mathbf{M}\mathbf{V}_A -
    \mathbf{V}_A\boldsymbol{\Lambda} = a(\lambda_1 - \lambda_2)\,\mathbf{e}_1\mathbf{e}_2^\top
    \neq \mathbf{0}$ ($a \neq 0$, $\lambda_1 \neq \lambda_2$); what every maximiser satisfies is
    $\mathbf{M}\mathbf{V}_A = \mathbf{V}_A\mathbf{B}$ with $\mathbf{B} =
    \mathbf{A}^{-1}\boldsymbol{\Lambda}\mathbf{A}$ (the columns span the dominant eigenspace;
    the maximisers are exactly such $\mathbf{V}$ when $\lambda_2 > \lambda_3$).

    The eigenvalues $\lambda_1 = g_1 + g_2 + g_3$, $\lambda_2 = g_2 + g_3$, $\lambda_3 = g_3$
    take $g_1 > 0$ and $g_2, g_3 \geq 0$: $\lambda_3 = 0$ is the document's own case
    ($\operatorname{rank}\mathbf{S}_B \leq c - 1 = 2 < d = 3$), and $\lambda_2 = \lambda_3$ is
    allowed; the certificate needs only $g_1, g_2 \geq 0$."""
    s = Space()
    V = s.matrix("V", 3, 2, "full_column_rank")
    g = [s.scalar("g_1", positive=True)] + [s.scalar(f"g_{i}", nonnegative=True) for i in (2, 3)]
    D = sp.diag(g[0] + g[1] + g[2], g[1] + g[2], g[2])  # λ_1 > λ_2 ≥ λ_3 ≥ 0 by construction
    lam = [D[i, i] for i in range(3)]
    G = s.matrix("G", 2, 2, "symmetric")
    s.define(G, _adjugate_inverse(V.T * V), "G = (V^T V)^{-1}")
    n = s.vector("n", 3)
    s.define(n, sp.ImmutableMatrix([V[1, 0] * V[2, 1] - V[2, 0] * V[1, 1],
                                    V[2, 0] * V[0, 1] - V[0, 0] * V[2, 1],
                                    V[0, 0] * V[1, 1] - V[1, 0] * V[0, 1]]),
             "n = v_1 x v_2, normal to the columns of V")
    e1, e2 = sp.ImmutableMatrix([1, 0, 0]), sp.ImmutableMatrix([0, 1, 0])
    k = [s.scalar(f"k_{i}") for i in (1, 2, 3)]
    K = sp.ImmutableMatrix([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    Q = s.matrix("Q", 3, 3)
    s.define(Q, sp.ImmutableMatrix(((sp.eye(3) - K) * (sp.eye(3) + K).inv()).applyfunc(sp.cancel)),
             "Q = (I - K)(I + K)^{-1}: the Cayley transform of a skew K")
    M = s.matrix("M", 3, 3, "symmetric")
    s.define(M, Q * D * Q.T, "M = Q D Q^T: the spectral theorem")
    Vr = Q.T * V
    top = sp.ImmutableMatrix([[1, 0], [0, 1], [0, 0]])
    certificate = (g[0] * dot(e1, n) ** 2 + g[1] * (dot(e1, n) ** 2 + dot(e2, n) ** 2)) \
        * Norm(n) ** -2
    a = s.scalar("a")
    A = s.matrix("A", 2, 2)
    s.define(A, sp.ImmutableMatrix([[1, a], [0, 1]]), "A = [[1, a], [0, 1]], invertible")
    VA = s.matrix("V_A", 3, 2)
    s.define(VA, top * A, "V_A = [e_1 e_2] A: columns e_1 and a e_1 + e_2")
    Lam = s.matrix("Lambda", 2, 2, "diagonal")
    s.define(Lam, sp.diag(lam[0], lam[1]), "Lambda = diag(lambda_1, lambda_2)")
    B = s.matrix("B", 2, 2)
    s.define(B, sp.ImmutableMatrix([[lam[0], a * (lam[0] - lam[1])], [0, lam[1]]]),
             "B = A^{-1} Lambda A, multiplied out")
    corrected = r"the maximiser $\mathbf{V}_A$ spans the dominant eigenspace: $\mathbf{M}\mathbf{V}_A = \mathbf{V}_A\mathbf{B}$, $\mathbf{B} = \mathbf{A}^{-1}\boldsymbol{\Lambda}\mathbf{A}$"
    gap = sp.ImmutableMatrix([[0, a * (lam[0] - lam[1])], [0, 0], [0, 0]])
    return Statement(s, claims={
        corrected: Equal(D * VA, VA * B),
        r"note, the necessity reading: $\mathbf{M}\mathbf{V}_A - \mathbf{V}_A\boldsymbol{\Lambda} = a(\lambda_1 - \lambda_2)\mathbf{e}_1\mathbf{e}_2^\top$":
            Equal(D * VA - VA * Lam, gap),
        r"$\mathbf{V}_A$ attains $\lambda_1 + \lambda_2$": Equal(
            sp.Trace((VA.T * VA).inv() * VA.T * D * VA), lam[0] + lam[1]),
        r"$\mathbf{B} = \mathbf{A}^{-1}\boldsymbol{\Lambda}\mathbf{A}$": Equal(A * B, Lam * A),
        r"$\mathbf{Q}$ is orthogonal": Equal(Q.T * Q, sp.Identity(3)),
        r"eigenbasis: $\mathbf{V}'^\top\mathbf{V}' = \mathbf{V}^\top\mathbf{V}$": Equal(Vr.T * Vr, V.T * V),
        r"eigenbasis: $\mathbf{V}'^\top\mathbf{D}\mathbf{V}' = \mathbf{V}^\top\mathbf{M}\mathbf{V}$": Equal(Vr.T * D * Vr, V.T * M * V),
        r"$\mathbf{G} = (\mathbf{V}^\top\mathbf{V})^{-1}$": Equal(G * V.T * V, sp.Identity(2)),
        r"$\mathbf{n}$ is normal to the columns of $\mathbf{V}$": Equal(V.T * n, sp.ZeroMatrix(2, 1)),
        r"criterion $\le \lambda_1 + \lambda_2$": Rel(
            sp.Trace(G * V.T * D * V), "<=", lam[0] + lam[1], certificate),
        "equality at the dominant eigenvectors": Equal(
            sp.Trace((top.T * top).inv() * top.T * D * top), lam[0] + lam[1]),
    }, numeric=[Agreement("(lambda_1 + lambda_2, lambda_1, lambda_2) = numerics.fisher_projection("
                          "n_components=2): trace_criterion_, eigenvalues_ (data with S_W = I, "
                          "S_B = M in 4 classes)", sp.Matrix([lam[0] + lam[1], lam[0], lam[1]]),
                          lambda ev: _top_two(_floats(ev, M)))])


def _top_two(M: np.ndarray) -> np.ndarray:
    """numerics' maximum of the trace criterion over d' = 2 directions and its two eigenvalues,
    for S_W = I and S_B = M."""
    fit = nf.fisher_projection(*_multiclass_data(np.eye(M.shape[0]), M), n_components=2)
    return np.array([fit.trace_criterion_, *fit.eigenvalues_])


# --- the threshold on the projections ------------------------------------------------------

@entry("fisher.threshold_moments",
       r"Gaussian model of the projections: $m_i = \mathbf{w}^\top\mathbf{m}_i$, $\sigma_i^2 = "
       r"\mathbf{w}^\top\mathbf{S}_i\mathbf{w}/(n_i - 1)$",
       uses=("fisher.projected_means", "fisher.projected_scatter",),
       sources=[("ml10", (r"Fisher threshold: $m_i$ (media) and $\sigma_i^2 = \frac{1}{n_i - 1}"
                          r"\sum_{\mathbf{x}\in\mathcal{C}_i}(\mathbf{w}^\top\mathbf{x} - m_i)^2$ "
                          "(varianza)"))],
       printed=r"m_i = \frac{1}{n_i} \sum_{\mathbf{x} \in C_i} \mathbf{w}^T \mathbf{x}, \quad"
               r" \sigma_i^2 = \frac{1}{n_i - 1} \sum_{\mathbf{x} \in C_i} (\mathbf{w}^T \mathbf{x}"
               r" - m_i)^2")
def threshold_moments() -> Statement:
    r"""ml10 fits one Gaussian to the projections $y = \mathbf{w}^\top\mathbf{x}$ of each class:
    the mean $m_i = \frac{1}{n_i}\sum_{\mathbf{x}\in\mathcal{C}_i}\mathbf{w}^\top\mathbf{x} =
    \mathbf{w}^\top\mathbf{m}_i$ and the unbiased variance $\sigma_i^2 = \frac{1}{n_i - 1}
    \sum_{\mathbf{x}\in\mathcal{C}_i}(\mathbf{w}^\top\mathbf{x} - m_i)^2 = s_i^2/(n_i - 1) =
    \mathbf{w}^\top\mathbf{S}_i\mathbf{w}/(n_i - 1)$ (a class of three points)."""
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d)
    pts, m, S = _class(s, 1, 3, d)
    mp, var = s.scalar("m_{1}"), s.scalar("sigma_1^2", nonnegative=True)
    s.define(mp, sp.Add(*[dot(w, x) for x in pts]) / 3, "mean of the projections")
    s.define(var, sp.Add(*[(dot(w, x) - mp) ** 2 for x in pts]) / (3 - 1), "unbiased variance")
    return Statement(
        s,
        claims={r"$m_1 = \mathbf{w}^\top\mathbf{m}_1$": Equal(mp, dot(w, m)),
                r"$\sigma_1^2 = \mathbf{w}^\top\mathbf{S}_1\mathbf{w}/(n_1 - 1)$": Equal(var, quad(w, S) / 2)},
        numeric=[Agreement("gaussian_threshold means_[0], variances_[0]", sp.Matrix([mp, var]),
                           lambda ev: _moments(ev, pts, w))],
    )


def _moments(ev, pts, w) -> np.ndarray:
    """numerics' fitted mean and variance of class 1's projections (class 2: a copy shifted
    above it, as gaussian_threshold requires class 2 to project higher)."""
    p = np.array([float(np.asarray(ev(x)).ravel() @ np.asarray(ev(w)).ravel()) for x in pts])
    model = nf.gaussian_threshold(p, p + np.ptp(p) + 1.0)
    return np.array([model.means_[0], model.variances_[0]])


def _gauss(y, m, sig) -> sp.Basic:
    """The normal density N(y | m, σ²), with its 1/(√(2π) σ) factor."""
    return sp.exp(-(y - m) ** 2 / (2 * sig ** 2)) / (sp.sqrt(2 * sp.pi) * sig)


def _posteriors(s: Space, y, m1, m2, sig1, sig2, n1, n2):
    """P(C_1|y), P(C_2|y) by Bayes' rule with Gaussian likelihoods and priors n_i/(n_1 + n_2)."""
    joint1 = _gauss(y, m1, sig1) * n1 / (n1 + n2)
    joint2 = _gauss(y, m2, sig2) * n2 / (n1 + n2)
    P1, P2 = s.scalar("P_1", positive=True), s.scalar("P_2", positive=True)
    s.define(P1, joint1 / (joint1 + joint2), "P(C_1|y) by Bayes' rule")
    s.define(P2, joint2 / (joint1 + joint2), "P(C_2|y) by Bayes' rule")
    return P1, P2


def _threshold_space(s: Space, *, equal_variances: bool):
    """Projected means m_1 < m_2 (m_2 := m_1 + δ, δ > 0), class sizes n_i = k_i + 1 ≥ 2,
    standard deviations (one shared σ, or σ_2 := σ_1 + h > σ_1), and a point y.
    Returns y, m_1, m_2, σ_1, σ_2, n_1, n_2 and the gap (δ, or h), a positive symbol."""
    y, m1, m2 = s.scalar("y"), s.scalar("m_1"), s.scalar("m_2")
    delta = s.scalar("delta", positive=True)
    s.define(m2, m1 + delta, "class 2 projects higher (fisher.projected_mean_order)")
    n1, n2 = s.scalar("n_1", positive=True), s.scalar("n_2", positive=True)
    k1 = s.scalar("k_1", positive=True, integer=True)
    k2 = s.scalar("k_2", positive=True, integer=True)
    s.define(n1, k1 + 1, "n_1 >= 2 points")
    s.define(n2, k2 + 1, "n_2 >= 2 points")
    if equal_variances:
        sig = s.scalar("sigma", positive=True)
        return y, m1, m2, sig, sig, n1, n2, delta
    sig1, h = s.scalar("sigma_1", positive=True), s.scalar("h", positive=True)
    sig2 = s.scalar("sigma_2", positive=True)
    s.define(sig2, sig1 + h, "sigma_2 > sigma_1")
    return y, m1, m2, sig1, sig2, n1, n2, h


@entry("fisher.threshold_bayes",
       r"Bayes: $P(\mathcal{C}_2 \mid y)/P(\mathcal{C}_1 \mid y) = (n_2/n_1)\,P(y \mid \mathcal{C}_2)/"
       r"P(y \mid \mathcal{C}_1)$",
       uses=("fisher.threshold_moments",),
       sources=[("ml10", (r"Fisher threshold: $P(\mathcal{C}_i \mid y) \propto P(y \mid \mathcal{C}_i)"
                          r"P(\mathcal{C}_i)$, $P(\mathcal{C}_i) = n_i/(n_1 + n_2)$, and the "
                          "posterior ratio"))],
       printed=r"P(C_i | y) \propto P(y|C_i) P(C_i) = P(y|C_i) \cdot \frac{n_i}{n_1 + n_2}, \quad"
               r" \frac{P(C_2 | y)}{P(C_1 | y)} = \frac{n_2}{n_1} \frac{P(y|C_2)}{P(y|C_1)}")
def threshold_bayes() -> Statement:
    r"""With Gaussian likelihoods $P(y \mid \mathcal{C}_i) = \mathcal{N}(y \mid m_i,
    \sigma_i^2)$ and priors $P(\mathcal{C}_i) = n_i/(n_1 + n_2)$, Bayes' rule gives
    $P(\mathcal{C}_i \mid y) = P(y \mid \mathcal{C}_i)P(\mathcal{C}_i)/P(y)$; the evidence $P(y)$
    cancels in the ratio, $P(\mathcal{C}_2 \mid y)/P(\mathcal{C}_1 \mid y) = (n_2/n_1)\,
    P(y \mid \mathcal{C}_2)/P(y \mid \mathcal{C}_1)$, as ml10 prints it."""
    s = Space()
    y, m1, m2, sig1, sig2, n1, n2, _ = _threshold_space(s, equal_variances=False)
    P1, P2 = _posteriors(s, y, m1, m2, sig1, sig2, n1, n2)
    return Statement(s, claims={
        r"$P(\mathcal{C}_2 \mid y)/P(\mathcal{C}_1 \mid y) = (n_2/n_1)\,P(y \mid \mathcal{C}_2)/P(y \mid \mathcal{C}_1)$": Equal(
            P2 / P1, n2 / n1 * _gauss(y, m2, sig2) / _gauss(y, m1, sig1))},
        numeric=[Agreement("log((n_2/n_1) P(y|C_2)/P(y|C_1)) = numerics.gaussian_log_odds of "
                           "gaussian_threshold fitted to samples with these means, variances and sizes",
                           _logs_expanded(s, sp.log(n2 / n1 * _gauss(y, m2, sig2) / _gauss(y, m1, sig1))),
                           lambda ev: _log_odds(ev, y, m1, m2, sig1, sig2, n1, n2), rtol=1e-7)])


@entry("fisher.threshold_dropped_sigma",
       r"ml10: $P(\mathcal{C}_i \mid y) \propto n_i\exp(-(y - m_i)^2/(2\sigma_i^2))$ drops the "
       r"class-dependent $1/\sigma_i$",
       uses=("fisher.threshold_bayes",),
       kind="erratum",
       sources=[("ml10", r"Fisher threshold: “$\propto n_i e^{-(y - m_i)^2/(2\sigma_i^2)}$”")],
       printed=r"P(C_i | y) \propto P(y|C_i) \cdot \frac{n_i}{n_1 + n_2}"
               r" \propto n_i e ^{-\frac{(y - m_i)^2}{2 \sigma_i^2}}")
def threshold_dropped_sigma() -> Statement:
    r"""$\mathcal{N}(y \mid m_i, \sigma_i^2) = \exp(-(y - m_i)^2/(2\sigma_i^2))/(\sqrt{2\pi}\,
    \sigma_i)$: the factor $1/\sigma_i$ depends on the class, so it cannot be absorbed in the
    proportionality over $i$. ml10's $P(\mathcal{C}_i \mid y) \propto n_i e^{-(y -
    m_i)^2/(2\sigma_i^2)}$ gives the posterior ratio $n_2 e^{-(y - m_2)^2/(2\sigma_2^2)}/
    \big(n_1 e^{-(y - m_1)^2/(2\sigma_1^2)}\big)$; the true ratio is that times
    $\sigma_1/\sigma_2$. Written as log-odds (the form a threshold is computed from), the printed
    version drops the term $\log(\sigma_1/\sigma_2)$, which moves the threshold whenever
    $\sigma_1 \neq \sigma_2$. The printed form is right when $\sigma_1 = \sigma_2$
    (`fisher.threshold_equal_variance`)."""
    s = Space()
    y, m1, m2, sig1, sig2, n1, n2, _ = _threshold_space(s, equal_variances=False)
    P1, P2 = _posteriors(s, y, m1, m2, sig1, sig2, n1, n2)
    quadratic = (y - m1) ** 2 / (2 * sig1 ** 2) - (y - m2) ** 2 / (2 * sig2 ** 2)
    return Statement(
        s,
        stated=Equal(sp.log(P2 / P1), sp.log(n2 / n1) + quadratic),
        claims={"corrected": Equal(sp.log(P2 / P1),
                                   sp.log(n2 / n1) + sp.log(sig1 / sig2) + quadratic)},
        numeric=[Agreement("log P(C_2|y)/P(C_1|y) = gaussian_log_odds", _logs_expanded(s, sp.log(P2 / P1)),
                           lambda ev: _log_odds(ev, y, m1, m2, sig1, sig2, n1, n2), rtol=1e-7)],
    )


def _unit_variance_sample(n: int) -> np.ndarray:
    """n >= 2 values with mean 0 and unbiased variance 1."""
    z = np.arange(n, dtype=float)
    z -= z.mean()
    return z / z.std(ddof=1)


def _fitted(ev, m1, m2, sig1, sig2, n1, n2) -> nf.GaussianThreshold:
    """gaussian_threshold fitted to samples with exactly these means, variances and sizes."""
    def f(e) -> float:
        return float(np.asarray(ev(e)))

    p1 = f(m1) + f(sig1) * _unit_variance_sample(round(f(n1)))
    p2 = f(m2) + f(sig2) * _unit_variance_sample(round(f(n2)))
    return nf.gaussian_threshold(p1, p2)


def _log_odds(ev, y, m1, m2, sig1, sig2, n1, n2) -> float:
    model = _fitted(ev, m1, m2, sig1, sig2, n1, n2)
    return float(nf.gaussian_log_odds(model, float(np.asarray(ev(y)))))


@entry("fisher.projected_mean_order",
       r"With $\mathbf{w} = \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$, class 2 projects "
       r"higher: $\mathbf{w}^\top\mathbf{m}_2 - \mathbf{w}^\top\mathbf{m}_1 > 0$",
       kind="caveat",
       caveat=(r"misattributed: neither ml10 ($\hat{\mathbf{w}} = \mathbf{S}_W^{-1}(\mathbf{m}_2 - "
               r"\mathbf{m}_1)$) nor udelar2018 ($\mathbf{w} \propto \mathbf{S}_W^{-1}(\mathbf{m}_2 -"
               r" \mathbf{m}_1)$) says which class projects higher; a derived lemma "
               r"($\mathbf{S}_W$ positive definite, $\mathbf{m}_1 \neq \mathbf{m}_2$), used by "
               "`fisher.threshold_side`"),
       sources=[("ml10", r"Fisher criterion: $\hat{\mathbf{w}} = \mathbf{S}_W^{-1}(\mathbf{m}_2 - "
                         r"\mathbf{m}_1)$ (the direction only)"),
                ("udelar2018", _UD_FISHER + r": boxed $\mathbf{w} \propto \mathbf{S}_W^{-1}"
                               r"(\mathbf{m}_2 - \mathbf{m}_1)$ (the direction only)"),
                _PRML_FISHER],
       printed=r"\hat{\mathbf{w}} = \mathbf{S}_W^{-1} (\mathbf{m}_2 - \mathbf{m}_1)"
               r" = (\mathbf{S}_1 + \mathbf{S}_2)^{-1} (\mathbf{m}_2 - \mathbf{m}_1)")
def projected_mean_order() -> Statement:
    r"""$\mathbf{w}^\top(\mathbf{m}_2 - \mathbf{m}_1) = (\mathbf{m}_2 - \mathbf{m}_1)^\top
    \mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1) = \mathbf{w}^\top\mathbf{S}_W\mathbf{w} > 0$
    for $\mathbf{w} \neq \mathbf{0}$: with the documents' direction the projected mean of
    class 2 exceeds that of class 1 (built in: $\mathbf{m}_2 := \mathbf{m}_1 + \mathbf{S}_W
    \mathbf{w}$). This fixes which side of a threshold each class lies on. Neither cited
    passage states it: they give only the direction. Derived here (with $\mathbf{S}_W$ positive
    definite and $\mathbf{w} \neq \mathbf{0}$, i.e. $\mathbf{m}_1 \neq \mathbf{m}_2$), not
    printed."""
    s = Space()
    d = s.dim("d")
    m1, m2 = s.vector("m_1", d), s.vector("m_2", d)
    SW = s.matrix("S_W", d, d, "spd")
    w = s.vector("w", d, nonzero=True)
    s.define(m2, m1 + SW * w, "w = S_W^{-1}(m_2 - m_1)")
    return Statement(s, claims={
        r"$\mathbf{w}^\top\mathbf{m}_2 > \mathbf{w}^\top\mathbf{m}_1$": Rel(dot(w, m2), ">", dot(w, m1), quad(w, SW))},
        numeric=[Agreement("(w^T m_1, w^T m_2)/||w|| = numerics' projected means means_ @ coef_ "
                           "(fisher_direction on data with these means and S_W: unit, oriented "
                           "to class 2)", sp.Matrix([dot(w, m1), dot(w, m2)]) / Norm(w),
                           lambda ev: _projected_class_means(_direction(ev, m1, m2, SW)))])


def _projected_class_means(fit: nf.FisherDirection) -> np.ndarray:
    """(w^T m_1, w^T m_2) for numerics' unit direction w and its class means."""
    return fit.means_ @ fit.coef_


@entry("fisher.threshold_equal_variance",
       r"$\sigma_1 = \sigma_2$: $\log\frac{P(\mathcal{C}_2 \mid y)}{P(\mathcal{C}_1 \mid y)} = "
       r"(m_2 - m_1)(y - \tilde{y})/\sigma^2$, $\tilde{y} = \frac{m_1 + m_2}{2} - "
       r"\frac{\sigma^2\log(n_2/n_1)}{m_2 - m_1}$",
       uses=("fisher.threshold_bayes",),
       sources=[("ml10", (r"Fisher threshold: “$P(\mathcal{C}_i \mid y) \propto n_i e^{-(y - m_i)^2/"
                          r"(2\sigma_i^2)}$” and “Il valore di threshold $\tilde{y}$ è quindi "
                          r"definito come il minimo $y$ tale che $\frac{P(\mathcal{C}_2 \mid y)}"
                          r"{P(\mathcal{C}_1 \mid y)} = \frac{n_2}{n_1}\frac{P(y \mid \mathcal{C}_2)}"
                          r"{P(y \mid \mathcal{C}_1)} > 1$”")),
                ("udelar2018", _UD_LS + r": “Cómo fijar $w_0$: e.g. umbral óptimo entre dos "
                               "Gaussianas por máxima verosimilitud”")],
       printed=r"\frac{P(C_2 | y)}{P(C_1 | y)} = \frac{n_2}{n_1} \frac{P(y|C_2)}{P(y|C_1)} > 1")
def threshold_equal_variance() -> Statement:
    r"""With a common $\sigma$ the $1/\sigma$ factors cancel, ml10's printed proportionality is
    exact, and the log posterior ratio is linear in $y$: $\log\big(P(\mathcal{C}_2 \mid y)/
    P(\mathcal{C}_1 \mid y)\big) = \log(n_2/n_1) + \big((y - m_1)^2 - (y - m_2)^2\big)/
    (2\sigma^2) = (m_2 - m_1)(y - \tilde{y})/\sigma^2$. For $m_2 > m_1$ it has the sign of
    $y - \tilde{y}$: the ratio exceeds 1 exactly for $y > \tilde{y}$, so $\tilde{y}$ is the
    infimum (not the least element) of that set and class 2 lies above it.

    A lemma, not a reading of ml10's sentence (the catalog's reading policy: one printed
    sentence is one entry). The closed form is printed in neither document; it is the
    equal-variance case of ml10's Gaussian model ($\sigma_1 = \sigma_2$, $m_2 > m_1$ built in)
    and of udelar2018's “umbral óptimo entre dos Gaussianas”. ml10's definition of
    $\tilde{y}$, with its $\sigma_i$ per class, is `fisher.threshold_unequal_variance`.
    *Note:* read as the least element, “il minimo $y$ tale che … $> 1$” has none even here — at
    $\tilde{y}$ the ratio is exactly 1 (a claim), so the set is the open interval
    $(\tilde{y}, \infty)$; “valore di threshold” supports the other reading, the boundary point
    $\tilde{y}$, which is what this entry verifies."""
    s = Space()
    y, m1, m2, sig, _, n1, n2, delta = _threshold_space(s, equal_variances=True)
    P1, P2 = _posteriors(s, y, m1, m2, sig, sig, n1, n2)
    yt = s.scalar("ytilde")
    s.define(yt, (m1 + m2) / 2 - sig ** 2 * sp.log(n2 / n1) / (m2 - m1), "the threshold")
    e1 = sp.exp(-(y - m1) ** 2 / (2 * sig ** 2))
    e2 = sp.exp(-(y - m2) ** 2 / (2 * sig ** 2))
    return Statement(
        s,
        claims={r"note, the least-element reading: $\log$ of the ratio at $\tilde{y}$ is exactly $0$": Equal(
                    sp.log(n2 / n1) + ((yt - m1) ** 2 - (yt - m2) ** 2) / (2 * sig ** 2), 0),
                r"printed proportionality exact: $P(\mathcal{C}_2 \mid y)/P(\mathcal{C}_1 \mid y) = n_2 e_2/(n_1 e_1)$": Equal(
                    P2 / P1, n2 * e2 / (n1 * e1)),
                r"$\log(P(\mathcal{C}_2 \mid y)/P(\mathcal{C}_1 \mid y)) = (m_2 - m_1)(y - \tilde{y})/\sigma^2$": Equal(
                    sp.log(P2 / P1), (m2 - m1) * (y - yt) / sig ** 2),
                r"$\operatorname{sign}\log(P(\mathcal{C}_2 \mid y)/P(\mathcal{C}_1 \mid y)) = \operatorname{sign}(y - \tilde{y})$": SameSign(
                    sp.log(P2 / P1), y - yt, delta / sig ** 2)},
        numeric=[Agreement("ytilde = gaussian_threshold(...).threshold_", yt,
                           lambda ev: _fitted(ev, m1, m2, sig, sig, n1, n2).threshold_,
                           rtol=1e-7)],
    )


def _side_run(seed: int) -> RunResult:
    """Two Gaussian classes in d = 3; w = fisher_direction (w ∝ S_W^{-1}(m_2 - m_1)) and
    ỹ from gaussian_threshold: training accuracy of 'C_2 iff y > ỹ' against ml10's
    'C_1 iff y > ỹ'."""
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(size=(60, 3)), rng.normal(size=(60, 3)) + [3.0, 1.0, -1.0]])
    labels = np.repeat([1, 2], 60)
    model = nf.fisher_classifier(X, labels)
    y = X @ model.coef_
    above = y > model.threshold_.threshold_
    acc_c2_above = float(np.mean(np.where(above, 2, 1) == labels))
    acc_ml10 = float(np.mean(np.where(above, 1, 2) == labels))
    return RunResult(acc_c2_above > 0.8 and acc_ml10 < 0.2,
                     f"accuracy with C_2 above the threshold {acc_c2_above:.2f}, "
                     f"with ml10's C_1 above {acc_ml10:.2f}")


@entry("fisher.threshold_side",
       r"ml10: “$\mathbf{x}$ is assigned to $\mathcal{C}_1$ if and only if $y > \tilde{y}$”",
       kind="erratum",
       uses=("fisher.projected_mean_order", "fisher.threshold_equal_variance",),
       sources=[("ml10", (r"Fisher linear discriminant: “si assegna un elemento $\mathbf{x}$ alla "
                          r"classe $\mathcal{C}_1$ se e solo se la sua proiezione $y = \mathbf{w}^\top"
                          r"\mathbf{x}$ è tale che $y > \tilde{y}$”, with $\hat{\mathbf{w}} = "
                          r"\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$ and $\tilde{y}$ from "
                          r"$P(\mathcal{C}_2 \mid y)/P(\mathcal{C}_1 \mid y) > 1$"))],
       printed=r"\mathbf{x} \in C_1 \text{ se e solo se } y = \mathbf{w}^T \mathbf{x} > \tilde{y}")
def threshold_side() -> Statement:
    r"""ml10 assigns $\mathbf{x}$ to $\mathcal{C}_1$ if and only if $y =
    \mathbf{w}^\top\mathbf{x} > \tilde{y}$, with $\mathbf{w} = \hat{\mathbf{w}} = \mathbf{S}_W^{-1}(\mathbf{m}_2 -
    \mathbf{m}_1)$ and $\tilde{y}$ the least $y$ with $P(\mathcal{C}_2 \mid y)/
    P(\mathcal{C}_1 \mid y) > 1$. But that direction makes class 2 project higher
    (`fisher.projected_mean_order`), and by ml10's own definition of $\tilde{y}$ the posterior
    of $\mathcal{C}_2$ wins above $\tilde{y}$: $P(\mathcal{C}_1 \mid y) > P(\mathcal{C}_2 \mid
    y)$ if and only if $y < \tilde{y}$. (udelar2018 is not a source: its “si $y \geq w_0$,
    asignamos $\mathbf{x}$ a $\omega_1$” goes with “$\mathbf{w} \propto \mathbf{S}_W^{-1}
    (\mathbf{m}_2 - \mathbf{m}_1)$”, whose constant's sign it does not fix — its least-squares
    $\mathbf{w}$ is a negative multiple, `fisher.ls_direction_sign` — and its $w_0$ is not
    defined by a posterior ratio (“e.g. umbral óptimo entre dos Gaussianas”): it commits no
    error this entry refutes.) Checked with equal variances, where $\tilde{y}$ is explicit, and
    by running `numerics.fisher.fisher_classifier`."""
    s = Space()
    y, m1, m2, sig, _, n1, n2, delta = _threshold_space(s, equal_variances=True)
    P1, P2 = _posteriors(s, y, m1, m2, sig, sig, n1, n2)
    yt = s.scalar("ytilde")
    s.define(yt, (m1 + m2) / 2 - sig ** 2 * sp.log(n2 / n1) / (m2 - m1), "the threshold")
    return Statement(
        s,
        stated=SameSign(sp.log(P1 / P2), y - yt, delta / sig ** 2),
        claims={"corrected": SameSign(sp.log(P2 / P1), y - yt, delta / sig ** 2),
                r"`numerics`: $\mathcal{C}_2$ lies above the threshold": Behaviour(
                    _side_run, "fisher_classifier: C_2 above ỹ classifies the training data, "
                    "ml10's C_1 above ỹ misclassifies it", seeds=(0, 1, 2))},
    )


def _bounded_below_run(seed: int) -> RunResult:
    """ml10's definition needs {y : P(C_2|y)/P(C_1|y) > 1} to have a least element; with
    σ_2 > σ_1 the log-odds is positive far below both means."""
    rng = np.random.default_rng(seed)
    p1, p2 = rng.normal(0.0, 1.0, size=40), rng.normal(3.0, 2.0, size=40)
    model = nf.gaussian_threshold(p1, p2)
    far = float(model.means_[0] - 20.0 * np.sqrt(model.variances_.max()))
    g = float(nf.gaussian_log_odds(model, far))
    v1, v2 = (float(v) for v in model.variances_)
    # The log-odds is a(y - m_1)² + (linear) with a = 1/(2σ_1²) - 1/(2σ_2²): for σ_2² > σ_1²
    # (a comparison of two floats, exact) a > 0 and the log-odds → +∞ as y → -∞, so the set
    # {y : log-odds > 0} has no lower bound. The value at y = far, decided exactly from the
    # model's binary-rational parameters, is a witness point.
    m1, m2 = (sp.Rational(float(m)) for m in model.means_)
    pi1, pi2 = (sp.Rational(float(p)) for p in model.priors_)
    r1, r2, yf = sp.Rational(v1), sp.Rational(v2), sp.Rational(far)
    g_exact = (sp.log(pi2 / pi1) - sp.log(r2 / r1) / 2
               - (yf - m2) ** 2 / (2 * r2) + (yf - m1) ** 2 / (2 * r1))
    sign = exact_sign(g_exact)
    unbounded = v2 > v1 and sign == 1
    return RunResult(not unbounded, f"σ_2² = {v2:.4g} > σ_1² = {v1:.4g}: the log-odds is a convex "
                                    f"quadratic, log P(C_2|y)/P(C_1|y) at y = {far:.1f} is {g:.1f} "
                                    f"(sign decided exactly: {sign})", exact=unbounded)


def _between_means_run(seed: int) -> RunResult:
    """numerics' threshold with σ_2 > σ_1: a root of the log-odds between the means, where
    it rises through 0."""
    rng = np.random.default_rng(seed)
    p1, p2 = rng.normal(0.0, 1.0, size=40), rng.normal(3.0, 2.0, size=40)
    model = nf.gaussian_threshold(p1, p2)
    t = model.threshold_
    m1, m2 = model.means_
    eps = 1e-3 * (m2 - m1)
    g = nf.gaussian_log_odds(model, np.array([t - eps, t, t + eps]))
    ok = m1 < t < m2 and abs(g[1]) < 1e-9 and g[0] < 0 < g[2]
    return RunResult(ok, f"ỹ = {t:.4f} between {m1:.3f} and {m2:.3f}, log-odds around it "
                         f"{g.tolist()}")


@entry("fisher.threshold_unequal_variance",
       r"ml10: $\tilde{y}$ “the least $y$ with $P(\mathcal{C}_2 \mid y)/P(\mathcal{C}_1 \mid y) > 1$”"
       r" — none exists when $\sigma_2 > \sigma_1$",
       uses=("fisher.threshold_bayes",),
       kind="erratum",
       sources=[("ml10", r"Fisher threshold: “il minimo $y$ tale che” $P(\mathcal{C}_2 \mid y)/"
                         r"P(\mathcal{C}_1 \mid y) > 1$")],
       printed=r"\tilde{y} = \text{il minimo } y \text{ tale che } \frac{P(C_2 | y)}{P(C_1 | y)}"
               r" = \frac{n_2}{n_1} \frac{P(y|C_2)}{P(y|C_1)} > 1")
def threshold_unequal_variance() -> Statement:
    r"""ml10: “Il valore di threshold $\tilde{y}$ è quindi definito come il minimo $y$ tale che
    $\frac{P(\mathcal{C}_2 \mid y)}{P(\mathcal{C}_1 \mid y)} = \frac{n_2}{n_1}
    \frac{P(y \mid \mathcal{C}_2)}{P(y \mid \mathcal{C}_1)} > 1$”, with its own
    $P(\mathcal{C}_i \mid y) \propto n_i e^{-(y - m_i)^2/(2\sigma_i^2)}$ — a $\sigma_i$ per
    class. Read fairly (the catalog's reading policy), “minimo” is the boundary of that set (its
    infimum), not a least element; the sentence still fails under that reading: with unequal
    variances the log posterior ratio is quadratic in $y$, $a(y - m_1)^2 + b(y - m_1) + c$ with
    $a = \frac{1}{2\sigma_1^2} - \frac{1}{2\sigma_2^2}$, $b = (m_2 - m_1)/\sigma_2^2$, $c =
    \log\frac{n_2\sigma_1}{n_1\sigma_2} - \frac{(m_2 - m_1)^2}{2\sigma_2^2}$. For $\sigma_2 >
    \sigma_1$, $a > 0$ and the ratio exceeds 1 for every sufficiently small $y$: the set is
    unbounded below — no infimum, no least element — so ml10's definition of $\tilde{y}$ fails.
    The linear threshold is instead the root between the means, where the ratio rises through 1
    (what `numerics.fisher.gaussian_threshold` returns); the second root, in the tail, is the other
    boundary of the quadratic Bayes rule."""
    s = Space()
    y, m1, m2, sig1, sig2, n1, n2, h = _threshold_space(s, equal_variances=False)
    P1, P2 = _posteriors(s, y, m1, m2, sig1, sig2, n1, n2)
    a = 1 / (2 * sig1 ** 2) - 1 / (2 * sig2 ** 2)
    b = (m2 - m1) / sig2 ** 2
    c = sp.log(n2 * sig1 / (n1 * sig2)) - (m2 - m1) ** 2 / (2 * sig2 ** 2)
    return Statement(
        s,
        stated=Behaviour(_bounded_below_run, "{y : P(C_2|y)/P(C_1|y) > 1} is bounded below",
                         seeds=(0, 1, 2)),
        claims={"corrected": Behaviour(_between_means_run, "numerics' ỹ is the root between "
                                       "the means where the ratio rises through 1",
                                       seeds=(0, 1, 2)),
                r"$\log P(\mathcal{C}_2 \mid y)/P(\mathcal{C}_1 \mid y) = a(y - m_1)^2 + b(y - m_1) + c$": Equal(
                    sp.log(P2 / P1), a * (y - m1) ** 2 + b * (y - m1) + c),
                r"$a > 0$ when $\sigma_2 > \sigma_1$": Rel(
                    a, ">", 0, h * (sig1 + sig2) / (2 * sig1 ** 2 * sig2 ** 2))},
    )
