"""The perceptron: normalisation, solution region and margin, the criterion J_p, batch and
single-sample updates, fixed-increment convergence (Novikoff), separability, the dual perceptron.

Sources: bromberg2012 §4.1 (E_P, Eq. (8), the single-sample rule, the convergence remark,
the dependence on initialisation and order) and §5 (separability); dhs-perceptron (the whole
note: normalisation, solution vector, margin, J_p, gradient descent, Algorithm 3);
udelar2018 "Perceptrón de Rosenblatt y variaciones (caso c = 2)", "Optimización del criterio
Perceptrón", "Perceptrón: corrección de a una muestra", "Perceptrón: convergencia";
hermosillo2017 "Resumen del algoritmo Perceptron", "Algoritmo de Aprendizaje Perceptron",
"Perceptron DUAL", "Algoritmo del Perceptron DUAL"; ml10 (the perceptron section);
Duda-Hart-Stork §5.5, Bishop PRML §4.1.7.

Conventions
-----------
* Samples are explicit: ``y_1, y_2, y_3`` (augmented, dimension ``D``) with labels
  ``t_1, t_2, t_3`` in {-1, +1}; the components method enumerates all 8 labellings. The
  activation of sample n is ``z_n = t_n aᵀy_n`` (DHS normalises ``y'_n = t_n y_n`` so that
  ``z_n = aᵀy'_n``).
* "Misclassified" as each document prints it: ``M(a) = {n : z_n <= 0}`` (hermosillo2017's
  ``≤ 0``, DHS's and the numerics' convention), unless an entry says otherwise. The printed
  sum over M is written ``Σ_n Piecewise((-z_n, z_n <= 0), (0, True))``; the engine's case
  analysis splits on the sign of each ``z_n``.
* Where a document differentiates a sum over M it treats M as fixed; those claims fix
  ``M = {1, 2}`` (sample 3 classified correctly) and differentiate the sum over M.
* Algorithm runs use an exact reference implementation in rationals (``_exact_run``) next to
  ``numerics``; a failing run is a refutation only when decided in that exact arithmetic.
"""

from __future__ import annotations

from fractions import Fraction

import flint
import numpy as np
import sympy as sp

from .._claims.claims import Behaviour, Equal, Exists, Iff, Rel, RunResult
from .._claims.statement import Agreement, Statement, chain
from .._symbols.expr import Grad, Norm, dot
from .._symbols.space import Space
from .registry import entry

#: Sizes of D for claims about signs of activations (the case analysis, not D, is the work).
_SIGN_SIZES = (1, 2)
_N = 3  # samples in the symbolic entries (8 labellings enumerated by components)

_BR = "bromberg2012"
_DHS = "dhs-perceptron"
_UD = "udelar2018"
_HE = "hermosillo2017"
_ML = "ml10"
_UD_VAR = "Perceptrón de Rosenblatt y variaciones (caso $c = 2$)"
_UD_OPT = "Optimización del criterio Perceptrón"
_UD_ONE = "Perceptrón: corrección de a una muestra"
_UD_CONV = "Perceptrón: convergencia"
_PRML = ("bishop-prml", "§4.1.7, Eqs. (4.52)–(4.57)")
_DHSBOOK = ("dhs", "§5.5")


# --- helpers --------------------------------------------------------------------------------------

def _data(s: Space, D, n: int = _N):
    """Samples y_1..y_n of R^D and labels t_1..t_n."""
    ys = [s.vector(f"y_{k}", D) for k in range(1, n + 1)]
    ts = [s.scalar(f"t_{k}", label=True) for k in range(1, n + 1)]
    return ys, ts


def _z(a, ys, ts) -> list:
    """Activations z_n = t_n aᵀy_n."""
    return [t * dot(a, y) for y, t in zip(ys, ts)]


def _over_M(terms, zs) -> sp.Basic:
    """Σ_{n ∈ M(a)} term_n with M(a) = {n : z_n <= 0}, as printed (a sum over the set)."""
    return sp.Add(*[sp.Piecewise((term, z <= 0), (0, True)) for term, z in zip(terms, zs)])


def _jp(zs) -> sp.Basic:
    """J_p = Σ_n max(0, -z_n): the perceptron criterion as a piecewise-linear function."""
    return sp.Add(*[sp.Max(0, -z) for z in zs])


def _Y(ev, ys, ts) -> np.ndarray:
    """The normalised samples t_n y_n as the rows of Y (numerics' convention)."""
    return np.vstack([np.asarray(ev(t * y), dtype=float).ravel() for y, t in zip(ys, ts)])


def _vec(ev, v) -> np.ndarray:
    return np.asarray(ev(v), dtype=float).ravel()


def _nonzero(s: Space, name: str) -> sp.Basic:
    """A nonzero real written as σ r (σ = ±1, r > 0), so the case analysis knows its sign in
    each of its two cases (a ``nonzero`` symbol leaves the region ζ = 0 open)."""
    return s.scalar(f"sigma_{name}", label=True) * s.scalar(f"r_{name}", positive=True)


def _on_boundary(s: Space, name: str, v, y) -> sp.Basic:
    """A vector with ``name``ᵀy = 0: v − (vᵀy/yᵀy) y (y declared nonzero)."""
    D = v.shape[0]
    a = s.vector(name, D)
    s.define(a, v - dot(v, y) / dot(y, y) * y, f"{name}ᵀy = 0: on the boundary")
    return a


def _np():
    """numerics.perceptron, imported when a check runs (it is written alongside)."""
    import numerics.perceptron as npc

    return npc


# --- exact reference runs (rationals) -------------------------------------------------------------

def _q(v) -> tuple:
    return tuple(Fraction(x) for x in v)


def _dotq(a, b) -> Fraction:
    return sum((x * y for x, y in zip(a, b)), Fraction(0))


def _exact_run(Y, *, eta=Fraction(1), a0=None, margin=Fraction(0), max_epochs=200, order=None,
               sign=1):
    """The single-sample fixed-increment perceptron in exact rationals: cycle over the rows of
    ``Y`` (normalised samples) in ``order``; when aᵀy_k <= margin, a <- a + sign·eta·y_k
    (``sign = -1`` runs bromberg2012's printed rule). Returns (a, converged, mistakes) with
    ``a`` a tuple of Fractions and ``mistakes`` the list of sample indices corrected, in order.

    The loop runs in python-flint's ``fmpq`` (exact, ~5× faster than ``Fraction``, whose
    arithmetic was a tenth of the catalog's runs); every value enters and leaves as a
    Fraction, because the two types do not mix (``fmpq(1, 3) == Fraction(1, 3)`` is False)."""
    Yq = [tuple(_fmpq(x) for x in y) for y in Y]
    D = len(Yq[0])
    a = [_fmpq(x) for x in a0] if a0 is not None else [flint.fmpq(0)] * D
    step, bar = _fmpq(eta) * sign, _fmpq(margin)
    order = list(range(len(Yq))) if order is None else list(order)
    mistakes = []
    converged = False
    for _epoch in range(max_epochs):
        clean = True
        for k in order:
            y = Yq[k]
            act = flint.fmpq(0)
            for x, v in zip(a, y):
                act += x * v
            if act <= bar:
                a = [x + step * v for x, v in zip(a, y)]
                mistakes.append(k)
                clean = False
        if clean:
            converged = True
            break
    return tuple(Fraction(int(x.p), int(x.q)) for x in a), converged, mistakes


def _fmpq(x) -> flint.fmpq:
    """``Fraction(x)`` (an int, a float's exact value, a Fraction) as flint's fmpq."""
    f = Fraction(x)
    return flint.fmpq(f.numerator, f.denominator)


def _separable_data(rng, n: int, d: int, gap: float = 0.5):
    """(Y, u, X, t): n samples x ∈ R^d with labels t, separated by a known (w, b) with
    t_n(wᵀx_n + b) ≥ gap (each x moved along w to its target activation, never filtered);
    Y = t (x, 1) the normalised augmented samples and u = (w, b)/‖(w, b)‖."""
    w, b = rng.normal(size=d), float(rng.normal())
    X = rng.normal(size=(n, d))
    t = rng.choice([-1.0, 1.0], size=n)
    t[0], t[1] = 1.0, -1.0  # both classes present
    target = t * (gap + np.abs(rng.normal(size=n)))
    X = X + np.outer((target - (X @ w + b)) / (w @ w), w)
    Y = t[:, None] * np.hstack([X, np.ones((n, 1))])
    u = np.r_[w, b]
    return Y, u / np.linalg.norm(u), X, t


# --- normalisation, solution region, margin -------------------------------------------------------

@entry("perceptron.solution_region",
       r"Normalisation: “$\mathbf{a}^\top\mathbf{y} > 0$ on $\omega_1$, $< 0$ on $\omega_2$” is "
       r"$t_n\mathbf{a}^\top\mathbf{y}_n > 0$; the solution region is a convex cone",
       uses=("geometry.normalisation",),
       sources=[(_DHS, "The two-category linearly separable case: “replace all samples from class 2 "
                       "by their negatives”, “Solution vector, if it exists in not unique”"),
                (_UD, _UD_VAR + r": “Región de solución $\mathcal{A}$: $\mathbf{a}$ tal que "
                                r"$t_n\mathbf{a}^\top\mathbf{y}_n > 0$ para todo $n$”"),
                (_BR, r"§4.1: “buscamos … que satisfagan $\mathbf{w}^\top\boldsymbol{\phi}(\mathbf{x}_n)"
                      r"t_n > 0$”"),
                (_ML, r"perceptron: “Queste due condizioni possono essere riassunte … "
                      r"$\mathbf{w}^\top\boldsymbol{\phi}(\mathbf{x}_i)t_i > 0$”")],
       printed=r"\mathbf{a}^t\mathbf{y}_i > 0 \text{ for all of the samples}")
def solution_region() -> Statement:
    r"""For a label $t \in \{-1, +1\}$ and activation $\mathbf{a}^\top\mathbf{y}$: ($t = +1$ and
    $\mathbf{a}^\top\mathbf{y} > 0$) or ($t = -1$ and $\mathbf{a}^\top\mathbf{y} < 0$) holds if
    and only if $t\,\mathbf{a}^\top\mathbf{y} > 0$ — the two class conditions are one condition
    on the normalised sample $\mathbf{y}' = t\mathbf{y}$, $\mathbf{a}^\top\mathbf{y}' > 0$ (DHS:
    “we could forget the labels”). The solution region $\{\mathbf{a} :
    t_n\mathbf{a}^\top\mathbf{y}_n > 0 \text{ for all } n\}$ is a convex cone: with
    $\mathbf{a}_1$, $\mathbf{a}_2$ in it, every $\lambda\mathbf{a}_1 + \mu\mathbf{a}_2$
    ($\lambda, \mu \geq 0$, not both $0$) is in it — so a solution, if one exists, is not unique
    (DHS). The cone claim is checked per sample: $\mathbf{a}_i$ is built with
    $t\,\mathbf{a}_i^\top\mathbf{y} = z_i > 0$ ($\mathbf{a}_i = \mathbf{b}_i + (z_i -
    t\,\mathbf{b}_i^\top\mathbf{y})\,t\mathbf{y}/\lVert\mathbf{y}\rVert^2$, $\mathbf{y} \neq
    \mathbf{0}$)."""
    s = Space(sizes={"D": _SIGN_SIZES})
    D = s.dim("D")
    a, y = s.vector("a", D), s.vector("y", D, nonzero=True)
    t = s.scalar("t", label=True)
    z = dot(a, y)
    b1, b2 = s.vector("b_1", D), s.vector("b_2", D)
    z1, z2 = s.scalar("z_1", positive=True), s.scalar("z_2", positive=True)
    lam, mu = s.scalar("lambda", positive=True), s.scalar("mu", nonnegative=True)
    a1, a2 = s.vector("a_1", D), s.vector("a_2", D)
    s.define(a1, b1 + (z1 - t * dot(b1, y)) * t * y / dot(y, y), "a_1 in the solution region: t a_1ᵀy = z_1 > 0")
    s.define(a2, b2 + (z2 - t * dot(b2, y)) * t * y / dot(y, y), "a_2 in the solution region: t a_2ᵀy = z_2 > 0")
    yn = t * y
    return Statement(s, claims={
        r"($t = +1$ and $\mathbf{a}^\top\mathbf{y} > 0$) or ($t = -1$ and $\mathbf{a}^\top\mathbf{y} < 0$) iff $t\,\mathbf{a}^\top\mathbf{y} > 0$":
            Iff(sp.Or(sp.And(t > 0, z > 0), sp.And(t < 0, z < 0)), t * z > 0),
        r"$t\,\mathbf{a}^\top\mathbf{y} > 0$ iff $\mathbf{a}^\top(t\mathbf{y}) > 0$ (normalised sample)": Iff(t * z > 0, dot(a, yn) > 0),
        r"$t\,\mathbf{a}_1^\top\mathbf{y} = z_1$ ($\mathbf{a}_1$ is a solution for this sample)": Equal(t * dot(a1, y), z1),
        r"$\lambda\mathbf{a}_1 + \mu\mathbf{a}_2$ is a solution": Rel(t * dot(lam * a1 + mu * a2, y), ">", 0,
                                                 certificate=lam * z1 + mu * z2),
    }, numeric=[Agreement("a^T y' = numerics.geometry.normalize_samples-style t y · a",
                          t * z, lambda ev: float(_vec(ev, t * y) @ _vec(ev, a)))])


@entry("perceptron.udelar_rule_vs_region",
       r"udelar2018: the rule “$g \geq 0$ on $\omega_1$, $g < 0$ on $\omega_2$” and the solution "
       r"region $t\,\mathbf{a}^\top\mathbf{y} > 0$ differ only on the boundary "
       r"$\mathbf{a}^\top\mathbf{y} = 0$",
       uses=("perceptron.solution_region",),
       sources=[(_UD, _UD_VAR + r": “Caso linealmente separable $\rightarrow$ Queremos "
                      r"clasificación sin error: $g(\mathbf{x}_n) = \mathbf{a}^\top\mathbf{y}_n \geq 0$"
                      r" si $\mathbf{x}_n$ de la clase $\omega_1$, $< 0$ si $\mathbf{x}_n$ de la "
                      r"clase $\omega_2$” and “Región de solución $\mathcal{A}$: $\mathbf{a}$ tal "
                      r"que $t_n\mathbf{a}^\top\mathbf{y}_n > 0$ para todo $n$”")],
       printed=r"g(\mathbf{x}_n) = \mathbf{a}^T \mathbf{y}_n \begin{cases} \geq 0 & \text{si }"
               r" \mathbf{x}_n \text{ de la clase } \omega_1 \\ < 0 & \text{si } \mathbf{x}_n"
               r" \text{ de la clase } \omega_2 \end{cases} \qquad t_n \mathbf{a}^T \mathbf{y}_n > 0"
               r" \text{ para todo } n")
def udelar_rule_vs_region() -> Statement:
    r"""udelar2018 prints the error-free classification as $\mathbf{a}^\top\mathbf{y}_n \geq 0$
    for $\omega_1$ ($t = +1$) and $\mathbf{a}^\top\mathbf{y}_n < 0$ for $\omega_2$ ($t = -1$),
    and, on the next line, the solution region as $t_n\mathbf{a}^\top\mathbf{y}_n > 0$ for all
    $n$. The slide never says the two coincide (the catalog's reading policy: no printed
    sentence, so nothing to refute): the region is the rule without its boundary. With
    $\mathbf{a}^\top\mathbf{y} \neq 0$ they agree; in general the rule is
    $t\,\mathbf{a}^\top\mathbf{y} > 0$ or ($t = +1$ and $\mathbf{a}^\top\mathbf{y} = 0$), so an
    $\omega_1$ sample with $\mathbf{a}^\top\mathbf{y} = 0$ meets the rule and is outside the
    (open) region — a set of measure zero, the boundary that the strict region keeps a margin
    from. $\zeta \neq 0$ is written $\sigma r$ ($\sigma = \pm 1$, $r > 0$)."""
    s = Space(sizes={"D": _SIGN_SIZES})
    D = s.dim("D")
    a, y = s.vector("a", D), s.vector("y", D, nonzero=True)
    t = s.scalar("t", label=True)
    g = dot(a, y)
    zeta = _nonzero(s, "zeta")

    def rule_of(v):
        return sp.Or(sp.And(t > 0, v >= 0), sp.And(t < 0, v < 0))

    rule, rule_nz = rule_of(g), rule_of(zeta)
    return Statement(s, claims={
        r"with $\mathbf{a}^\top\mathbf{y} = \zeta \neq 0$: rule iff $t\zeta > 0$": Iff(rule_nz, t * zeta > 0),
        r"in general: rule iff $t\,\mathbf{a}^\top\mathbf{y} > 0$ or ($t = +1$ and $\mathbf{a}^\top\mathbf{y} = 0$)":
            Iff(rule, sp.Or(t * g > 0, sp.And(t > 0, sp.Eq(g, 0)))),
    }, no_numeric=r"a statement about two sign conditions on one activation; the activation "
                  r"$\mathbf{a}^\top\mathbf{y}$ against `numerics` is checked in `perceptron.solution_region`")


def _step(z):
    """bromberg2012 Eq. (7) / ml10: f(a) = +1 for a ≥ 0, −1 for a < 0."""
    return sp.Piecewise((1, z >= 0), (-1, True))


@entry("perceptron.misclassified_strict",
       r"bromberg2012, ml10: a misclassified input has $\mathbf{w}^\top\boldsymbol{\phi}(\mathbf{x}_n)"
       r"t_n < 0$ (its cost term $-\mathbf{w}^\top\boldsymbol{\phi}(\mathbf{x}_n)t_n > 0$)",
       kind="caveat",
       caveat=r"unstated condition: no input on the boundary ($\mathbf{w}^\top\boldsymbol{\phi}"
              r"(\mathbf{x}_n) \neq 0$). Both documents classify by $f(a) = +1$ for $a \geq 0$: an "
              r"input of class $-1$ with $\mathbf{w}^\top\boldsymbol{\phi}(\mathbf{x}_n) = 0$ gets "
              r"$y(\mathbf{x}_n) = +1 \neq t_n$, misclassified, yet $\mathbf{w}^\top\boldsymbol{\phi}"
              r"(\mathbf{x}_n)t_n = 0$, not $< 0$ (bromberg2012), and its contribution "
              r"$-\mathbf{w}^\top\boldsymbol{\phi}(\mathbf{x}_n)t_n = 0$, not $> 0$ (ml10)",
       sources=[(_BR, r"§4.1: “si … $\mathbf{x}_n$ es clasificado erróneamente, … resultando en "
                      r"$\mathbf{w}^\top\boldsymbol{\phi}(\mathbf{x}_n)t_n < 0$”, with $f$ of Eq. (7)"),
                (_ML, r"perceptron: “Il contributo è $-\mathbf{w}^\top\boldsymbol{\phi}(\mathbf{x}_i)"
                      r"t_i > 0$, se $\mathbf{x}_i$ è classificato male”, with $f(i) = 1$ for "
                      r"$i \geq 0$")],
       printed=r"\text{clasificado erróneamente:} \quad \mathbf{w}^T \phi(\mathbf{x}_n) t_n < 0")
def misclassified_strict() -> Statement:
    r"""With the step $f(a) = +1$ ($a \geq 0$), $-1$ ($a < 0$) of bromberg2012 Eq. (7) and ml10,
    an input is misclassified when $f(\mathbf{w}^\top\boldsymbol{\phi}) \neq t$. As printed,
    misclassified $\Leftrightarrow \mathbf{w}^\top\boldsymbol{\phi}\,t < 0$ (and its cost term
    $-\mathbf{w}^\top\boldsymbol{\phi}\,t > 0$). At $\mathbf{w}^\top\boldsymbol{\phi} = 0$ with
    $t = -1$ the input is misclassified ($f(0) = +1$) while $\mathbf{w}^\top\boldsymbol{\phi}\,t
    = 0$: the printed equivalence fails there. Exactly: misclassified $\Leftrightarrow
    \mathbf{w}^\top\boldsymbol{\phi}\,t < 0$ or ($\mathbf{w}^\top\boldsymbol{\phi} = 0$ and
    $t = -1$); with $\mathbf{w}^\top\boldsymbol{\phi} \neq 0$ it is the printed condition. (The
    perceptron criterion is unaffected — the boundary input contributes $0$ either way — but
    the printed “contributo $> 0$” is false for it.) The printed equivalence, for every
    $\mathbf{w}$, is stated at the boundary vectors $\mathbf{w}_0 = \mathbf{v} -
    (\mathbf{v}^\top\boldsymbol{\phi}/\boldsymbol{\phi}^\top\boldsymbol{\phi})\boldsymbol{\phi}$,
    where it fails for $t = -1$."""
    s = Space(sizes={"D": _SIGN_SIZES})
    D = s.dim("D")
    w, phi = s.vector("w", D), s.vector("phi", D, nonzero=True)
    t = s.scalar("t", label=True)
    z = dot(w, phi)
    w0 = _on_boundary(s, "w_0", s.vector("v", D), phi)
    z0 = dot(w0, phi)
    zeta = _nonzero(s, "zeta")
    return Statement(s, stated=Iff(sp.Ne(_step(z0), t), z0 * t < 0), claims={
        r"with $\mathbf{w}^\top\boldsymbol{\phi} = \zeta \neq 0$: misclassified iff $\zeta t < 0$":
            Iff(sp.Ne(_step(zeta), t), zeta * t < 0),
        r"misclassified iff $\mathbf{w}^\top\boldsymbol{\phi}t < 0$ or ($\mathbf{w}^\top\boldsymbol{\phi} = 0$ and $t = -1$)":
            Iff(sp.Ne(_step(z), t), sp.Or(z * t < 0, sp.And(sp.Eq(z, 0), t < 0))),
        r"ml10: the contribution $-\mathbf{w}^\top\boldsymbol{\phi}t$ of a misclassified input is $\ge 0$":
            Rel(sp.Piecewise((-z * t, sp.Ne(_step(z), t)), (0, True)), ">=", 0),
    }, no_numeric=r"a statement about the step activation $f$ and one label; `numerics` classifies "
                  r"with $\mathbf{a}^\top\mathbf{y} \le 0$ (`numerics.perceptron.misclassified`), checked in "
                  r"`perceptron.count_piecewise_constant`")


@entry("perceptron.hermosillo_misclassified",
       r"hermosillo2017: with $y_i = \operatorname{sign}\langle\mathbf{w}, \mathbf{x}_i\rangle$, "
       r"$\mathbf{x}_i$ is misclassified if and only if $y_i\langle\mathbf{w}, \mathbf{x}_i\rangle "
       r"\leq 0$",
       sources=[(_HE, r"Resumen del algoritmo Perceptron: “$y_i = \operatorname{sign}(\langle"
                      r"\mathbf{w}, \mathbf{x}_i\rangle)$”; Algoritmo de Aprendizaje Perceptron: “si "
                      r"$y_i\langle\mathbf{w}, \mathbf{x}_i\rangle \leq 0$ entonces: #xi mal "
                      r"clasificado”")],
       printed=r"y_i = \text{sign}(\langle \mathbf{w}, \mathbf{x}_i \rangle), \quad \text{si } y_i"
               r" \langle \mathbf{w}, \mathbf{x}_i \rangle \leq 0 \text{ entonces: \#xi mal"
               r" clasificado}")
def hermosillo_misclassified() -> Statement:
    r"""hermosillo2017 classifies by $\operatorname{sign}\langle\mathbf{w}, \mathbf{x}\rangle$ and
    tests $y_i\langle\mathbf{w}, \mathbf{x}_i\rangle \leq 0$ for a mistake. With
    $\operatorname{sign}(0) = 0$, a point on the boundary gets an output that is neither label,
    so “the output differs from the label” is exactly $y_i\langle\mathbf{w}, \mathbf{x}_i\rangle
    \leq 0$ — non-strict, unlike bromberg2012's and ml10's strict condition
    (`perceptron.misclassified_strict`), and the convention `numerics` uses
    (`numerics.perceptron.misclassified`: $\mathbf{a}^\top\mathbf{y} \leq 0$)."""
    s = Space(sizes={"d": _SIGN_SIZES})
    d = s.dim("d")
    w, x = s.vector("w", d), s.vector("x", d)
    t = s.scalar("y_i", label=True)
    z = dot(w, x)
    return Statement(s, claims={
        r"$\operatorname{sign}\langle\mathbf{w}, \mathbf{x}_i\rangle \neq y_i$ iff $y_i\langle\mathbf{w}, \mathbf{x}_i\rangle \le 0$": Iff(sp.Ne(sp.sign(z), t), t * z <= 0),
    }, numeric=[Agreement("[y_i <w, x_i> <= 0] = numerics.perceptron.misclassified(w, [y_i x_i])",
                          sp.Piecewise((1, t * z <= 0), (0, True)),
                          lambda ev: float(_np().misclassified(_vec(ev, w), _vec(ev, t * x)[None, :])[0]))])


@entry("perceptron.margin",
       r"Margin $b > 0$: $\mathbf{a}^\top\mathbf{y}_i \geq b$ (DHS), $t_n\mathbf{a}^\top\mathbf{y}_n > "
       r"b > 0$ (udelar2018) shrinks the solution region",
       uses=("perceptron.solution_region",),
       sources=[(_DHS, r"The two-category linearly separable case: “$\mathbf{a}^\top\mathbf{y}_i \geq b$"
                       r" for all $i$, where $b$ is a positive constant called the margin”"),
                (_UD, _UD_VAR + r": “Más robustez, margen (reduce $\mathcal{A}$): "
                                r"$t_n\mathbf{a}^\top\mathbf{y}_n > b > 0$”")],
       printed=r"\mathbf{a}^t\mathbf{y_i} \geq \mathbf{b} \text{ for all } i")
def margin() -> Statement:
    r"""A vector with margin $b > 0$ ($\mathbf{a}^\top\mathbf{y}' \geq b$, or
    $t\,\mathbf{a}^\top\mathbf{y} > b$) is a solution ($\mathbf{a}^\top\mathbf{y}' > 0$): the
    margin region lies inside the solution region (“reduce $\mathcal{A}$”). Conversely every
    solution, scaled, has any margin: if $m = \min_n\mathbf{a}^\top\mathbf{y}'_n > 0$ then
    $(b/m)\mathbf{a}$ has $(b/m)\,\mathbf{a}^\top\mathbf{y}'_n \geq b$ — so the margin constrains
    direction only together with a bound on $\lVert\mathbf{a}\rVert$ (DHS: “the minimum-length
    weight vector satisfying $\mathbf{a}^\top\mathbf{y}_i \geq b$”)."""
    s = Space()
    D = s.dim("D")
    a, y = s.vector("a", D), s.vector("y", D)
    b = s.scalar("b", positive=True)
    r = s.scalar("r", nonnegative=True)
    m = s.scalar("m", positive=True)
    zd = s.scalar("z", positive=True)
    s.define(zd, b + r, "a^T y' = b + r >= b (margin b)")
    zm = s.scalar("z_m", positive=True)
    s.define(zm, m + r, "a^T y' = m + r >= m = min_n a^T y'_n")
    return Statement(s, claims={
        r"$\mathbf{a}^\top\mathbf{y}' \ge b > 0$ implies $\mathbf{a}^\top\mathbf{y}' > 0$": Rel(zd, ">", 0, certificate=b + r),
        r"scaled solution $(b/m)\,\mathbf{a}$ has margin $b$": Rel(b / m * zm, ">=", b, certificate=b * r / m),
        r"`numerics`' margin test: misclassified iff $\mathbf{a}^\top\mathbf{y}' \le b$":
            Iff(dot(a, y) <= b, sp.Not(dot(a, y) > b)),
    }, numeric=[Agreement("1[a^T y' <= b] = numerics.perceptron.misclassified(a, Y, margin=b)",
                          sp.Piecewise((1, dot(a, y) <= b), (0, True)),
                          lambda ev: float(_np().misclassified(_vec(ev, a), _vec(ev, y)[None, :],
                                                               margin=float(ev(b)))[0]))])


@entry("perceptron.count_piecewise_constant",
       r"$\#\mathcal{M}(\mathbf{a})$ is piecewise constant: constant near every $\mathbf{a}$ with no "
       "sample on the boundary (gradient 0 almost everywhere)",
       sources=[(_DHS, "Perceptron criterion function: “the function is piecewise constant "
                       "(discontinuous, and hence nondifferentiable)”"),
                (_UD, _UD_VAR + r": “Cantidad de patrones mal clasificados: $J(\mathbf{a}) = "
                                r"\#\mathcal{M}(\mathbf{a})$. Difícil de optimizar constante a "
                                "trozos, no diferenciable”"),
                (_ML, "perceptron: “Questo tipo di funzione però sarebbe piecewise constant”")],
       printed=r"J(\mathbf{a}) = \#\mathcal{M}(\mathbf{a}). \ \text{Difícil de optimizar constante a"
               r" trozos, no diferenciable}")
def count_piecewise_constant() -> Statement:
    r"""$\#\mathcal{M}(\mathbf{a}) = \sum_n H(-z_n)$ with $H(0) = 1$ ($z_n =
    t_n\mathbf{a}^\top\mathbf{y}_n \leq 0$ counts). Near any $\mathbf{a}$ with every $z_n \neq 0$
    it is constant: moving $\mathbf{a}$ changes each $z_n$ by some $e_n$, and while $|e_n| <
    |z_n|$ (written $e_n = \theta_n z_n$, $\theta_n = 2p_n - 1 \in (-1, 1)$) no sign changes —
    so its gradient is $\mathbf{0}$ wherever it exists (all but the boundaries $z_n = 0$), and
    gradient descent gets no direction; across a boundary it jumps by 1 (discontinuous there)."""
    s = Space()
    D = s.dim("D")
    a = s.vector("a", D)
    ys, ts = _data(s, D)
    zs = _z(a, ys, ts)
    count = sp.Add(*[sp.Heaviside(-z, 1) for z in zs])
    w = [_nonzero(s, f"zeta_{k}") for k in (1, 2)]
    p = [s.scalar(f"p_{k}", probability=True) for k in (1, 2)]
    moved = [zk + (2 * pk - 1) * zk for zk, pk in zip(w, p)]
    return Statement(s, claims={
        r"$\#\mathcal{M}$ is constant while no activation changes sign":
            Equal(sp.Add(*[sp.Heaviside(-m_, 1) for m_ in moved]), sp.Add(*[sp.Heaviside(-z, 1) for z in w])),
    }, numeric=[Agreement("#M(a) = numerics.perceptron.misclassified(a, Y).sum()", count,
                          lambda ev: float(_np().misclassified(_vec(ev, a), _Y(ev, ys, ts)).sum()))])


# --- the perceptron criterion, its gradient, its geometry -----------------------------------------

@entry("perceptron.criterion_forms",
       r"$J_p$ / $E_P$ in each document's notation is $\sum_n\max(0, -t_n\mathbf{a}^\top\mathbf{y}_n)"
       r" \geq 0$, zero exactly on the closed region",
       uses=("perceptron.solution_region",),
       sources=[(_DHS, r"Perceptron criterion function: “$J_p(\mathbf{a}) = \sum_{\mathbf{y}\in"
                       r"\mathcal{Y}}(-\mathbf{a}^\top\mathbf{y})$”"),
                (_UD, _UD_VAR + r": “Perceptrón: $J_p(\mathbf{a}) = \sum_{n\in\mathcal{M}(\mathbf{a})}"
                                r"(-t_n\mathbf{a}^\top\mathbf{y}_n)$”"),
                (_BR, r"§4.1: “$E_P(\mathbf{w}) = -\sum_{n\in\mathcal{M}}\mathbf{w}^\top"
                      r"\boldsymbol{\phi}_n t_n$”"),
                (_ML, r"perceptron: “$E_p(\mathbf{w}) = -\sum_{\mathbf{x}_i\in\mathcal{M}}"
                      r"\mathbf{w}^\top\boldsymbol{\phi}(\mathbf{x}_i)t_i$”"), _PRML],
       printed=r"J_p(\mathbf{a}) = \sum_{\mathbf{y} \in \mathcal{Y}} (-\mathbf{a}^t \mathbf{y})")
def criterion_forms() -> Statement:
    r"""With $\mathcal{M}(\mathbf{a}) = \{n : t_n\mathbf{a}^\top\mathbf{y}_n \leq 0\}$: DHS's
    $\sum_{\mathbf{y}\in\mathcal{Y}}(-\mathbf{a}^\top\mathbf{y}')$ over the normalised samples
    $\mathbf{y}' = t\mathbf{y}$, udelar2018's $\sum_{n\in\mathcal{M}}(-t_n\mathbf{a}^\top
    \mathbf{y}_n)$, bromberg2012's and ml10's $-\sum_{n\in\mathcal{M}}\mathbf{w}^\top
    \boldsymbol{\phi}_n t_n$ are one function, $\sum_n\max(0, -z_n)$ of the activations $z_n =
    t_n\mathbf{a}^\top\mathbf{y}_n = \mathbf{a}^\top\mathbf{y}'_n$: each term is $-z_n \geq 0$ on
    $\mathcal{M}$ and $0$ off it, so $J_p \geq 0$, and $J_p(\mathbf{a}) = 0$ if and only if every
    $z_n \geq 0$ — the closure of the solution region, which contains $\mathbf{a} = \mathbf{0}$
    ($J_p$'s trivial minimiser, as for $J_q$). The sums are stated over two activations $z_1$,
    $z_2$ (declared scalars; the case analysis cannot use $z_n = 0$ to simplify a product
    $\mathbf{a}^\top\mathbf{y}_n$; $\mathbf{a}^\top(t\mathbf{y}) = t\,\mathbf{a}^\top\mathbf{y}$
    is `geometry.normalisation`); the numeric check hands `numerics` the activations as
    one-dimensional samples with $\mathbf{a} = 1$."""
    s = Space()
    zs = [s.scalar(f"z_{k}") for k in (1, 2)]
    jp = _jp(zs)
    minus = [-z for z in zs]
    return Statement(s, claims={
        r"dhs-perceptron, udelar2018: $\sum_{n\in\mathcal{M}}(-z_n) = \sum_n \max(0, -z_n)$": Equal(_over_M(minus, zs), jp),
        r"bromberg2012, ml10: $-\sum_{n\in\mathcal{M}} z_n = \sum_n \max(0, -z_n)$": Equal(-_over_M(zs, zs), jp),
        r"$J_p \ge 0$": Rel(jp, ">=", 0),
        r"$J_p = 0$ iff every $z_n \ge 0$": Iff(sp.Eq(jp, 0), sp.And(*[z >= 0 for z in zs])),
    }, numeric=[Agreement("J_p = numerics.perceptron.perceptron_criterion(1, Y = (z_n)) (activations "
                          "as one-dimensional samples)", jp,
                          lambda ev: _np().perceptron_criterion(np.ones(1), np.array([[float(ev(z))] for z in zs])))])


def _gradient_agreement(a, ys, ts, label: str) -> Agreement:
    """Σ_n (−t_n y_n) [t_n aᵀy_n ≤ 0] against numerics.perceptron.perceptron_gradient."""
    zs = _z(a, ys, ts)
    g = sp.Add(*[-t * y * sp.Heaviside(-z, 1) for y, t, z in zip(ys, ts, zs)])
    return Agreement(label, g, lambda ev: _np().perceptron_gradient(_vec(ev, a), _Y(ev, ys, ts)))


@entry("perceptron.criterion_gradient",
       r"$\nabla J_p = \sum_{\mathbf{y}\in\mathcal{Y}}(-\mathbf{y}) = -\sum_{n\in\mathcal{M}}t_n"
       r"\mathbf{y}_n$ ($\mathcal{M}$ fixed): each document's printed gradient",
       uses=("perceptron.criterion_forms",),
       sources=[(_DHS, r"Batch perceptron: “$\nabla J_p = \sum_{\mathbf{y}\in\mathcal{Y}}(-\mathbf{y})$”"),
                (_UD, _UD_OPT + r": “$\nabla J_p = -\sum_{n\in\mathcal{M}(\mathbf{a})}t_n"
                                r"\mathbf{y}_n$”"),
                (_ML, r"perceptron: “$\frac{\partial E_p(\mathbf{w})}{\partial\mathbf{w}} = "
                      r"-\sum_{\mathbf{x}_i\in\mathcal{M}}\boldsymbol{\phi}(\mathbf{x}_i)t_i$”"), _PRML],
       printed=r"\nabla J_p = \sum_{\mathbf{y} \in \mathcal{Y}} (-\mathbf{y})")
def criterion_gradient() -> Statement:
    r"""Where no sample lies on the boundary, $\mathcal{M}(\mathbf{a})$ is constant near
    $\mathbf{a}$ and $J_p$ is the linear function $-\sum_{n\in\mathcal{M}}t_n\mathbf{a}^\top
    \mathbf{y}_n$ there, with gradient $-\sum_{n\in\mathcal{M}}t_n\mathbf{y}_n$ — DHS's
    $\sum_{\mathbf{y}\in\mathcal{Y}}(-\mathbf{y}')$ on normalised samples, udelar2018's
    $-\sum t_n\mathbf{y}_n$, ml10's $-\sum\boldsymbol{\phi}(\mathbf{x}_i)t_i$. Encoded as the
    documents differentiate: $\mathcal{M}$ fixed as $\{1, 2\}$ (two samples, both in
    $\mathcal{M}$; a correctly classified sample does not enter). The numeric check compares
    $\sum_n(-t_n\mathbf{y}_n)[z_n \leq 0]$ with the subgradient of `numerics`."""
    s = Space()
    D = s.dim("D")
    a = s.vector("a", D)
    ys, ts = _data(s, D, 2)
    M = [0, 1]
    ynorm = [ts[n] * ys[n] for n in M]
    return Statement(s, claims={
        r"dhs-perceptron: $\nabla\sum_{\mathbf{y}'\in\mathcal{Y}}(-\mathbf{a}^\top\mathbf{y}') = \sum_{\mathbf{y}'\in\mathcal{Y}}(-\mathbf{y}')$":
            Equal(Grad(sp.Add(*[-dot(a, yp) for yp in ynorm]), a), sp.MatAdd(*[-yp for yp in ynorm])),
        r"udelar2018: $\nabla\sum_{n\in\mathcal{M}}(-t_n\mathbf{a}^\top\mathbf{y}_n) = -\sum_{n\in\mathcal{M}} t_n\mathbf{y}_n$":
            Equal(Grad(sp.Add(*[-ts[n] * dot(a, ys[n]) for n in M]), a), -sp.MatAdd(*[ts[n] * ys[n] for n in M])),
        r"ml10: $\nabla_{\mathbf{w}}\left(-\sum_{i\in\mathcal{M}}\mathbf{w}^\top\boldsymbol{\phi}_i t_i\right) = -\sum_{i\in\mathcal{M}}\boldsymbol{\phi}_i t_i$":
            Equal(Grad(-sp.Add(*[dot(a, ys[n]) * ts[n] for n in M]), a), -sp.MatAdd(*[ys[n] * ts[n] for n in M])),
    }, numeric=[_gradient_agreement(a, ys, ts, "sum_n (-t_n y_n)[z_n <= 0] = numerics.perceptron.perceptron_gradient")])


@entry("perceptron.continuity",
       r"Each term of $J_p$ is 1-Lipschitz in the activation: $J_p$ is continuous",
       uses=("perceptron.criterion_forms",),
       sources=[(_UD, _UD_VAR + r": “Perceptrón: … Lineal a trozos, continuo pero no $C^1$”")],
       printed=r"J_p(\mathbf{a}) = \sum_{n \in \mathcal{M}(\mathbf{a})} (-t_n \mathbf{a}^T \mathbf{y}_n)."
               r" \ \text{Lineal a trozos, continuo}")
def continuity() -> Statement:
    r"""One term $\max(0, -u)$ of $J_p$, $u = \mathbf{a}^\top\mathbf{y}'$ the activation of a
    normalised sample: $|\max(0, -u - v) - \max(0, -u)| \leq |v|$, and a change $\mathbf{e}$ of
    $\mathbf{a}$ changes $u$ by $v = \mathbf{e}^\top\mathbf{y}'$, at most $\lVert\mathbf{e}\rVert
    \lVert\mathbf{y}'\rVert$ — so $J_p$ is Lipschitz, hence continuous (udelar2018's
    “continuo”); it is linear on each region of constant $\mathcal{M}(\mathbf{a})$ (“lineal a
    trozos”, `perceptron.criterion_gradient`)."""
    s = Space()
    u, v = s.scalar("u"), s.scalar("v")
    return Statement(s, claims={
        r"$\lvert\max(0, -u - v) - \max(0, -u)\rvert \le \lvert v\rvert$": Rel(sp.Abs(sp.Max(0, -u - v) - sp.Max(0, -u)), "<=", sp.Abs(v)),
    }, numeric=[Agreement("max(0, -u - v) = numerics.perceptron.perceptron_criterion(1, [[u + v]])",
                          sp.Max(0, -u - v), lambda ev: _np().perceptron_criterion(
                              np.ones(1), np.array([[float(ev(u)) + float(ev(v))]])))])


@entry("perceptron.kink",
       r"$J_p$ is not $C^1$: at the boundary its one-sided slopes along $\mathbf{y}'$ are $0$ and "
       r"$-\lVert\mathbf{y}'\rVert^2$",
       uses=("perceptron.criterion_forms",),
       sources=[(_UD, _UD_VAR + r": “Perceptrón: … Lineal a trozos, continuo pero no $C^1$ (no es "
                                "problemático en este caso)”")],
       printed=r"J_p(\mathbf{a}) = \sum_{n \in \mathcal{M}(\mathbf{a})} (-t_n \mathbf{a}^T \mathbf{y}_n)."
               r" \ \text{continuo pero no } C^1")
def kink() -> Statement:
    r"""One term $\max(0, -u)$ of $J_p$, $u = \mathbf{a}^\top\mathbf{y}'$ the activation of a
    normalised sample $\mathbf{y}' \neq \mathbf{0}$, is not $C^1$ at the boundary: at
    $\mathbf{a}_0$ with $\mathbf{a}_0^\top\mathbf{y}' = 0$ the activation of $\mathbf{a}_0 +
    s\mathbf{y}'$ is $s\lVert\mathbf{y}'\rVert^2$, so $J(\mathbf{a}_0 + s\mathbf{y}') = \max(0,
    -s\lVert\mathbf{y}'\rVert^2)$ is $0$ for $s > 0$ and $|s|\,\lVert\mathbf{y}'\rVert^2$ for
    $s < 0$ — one-sided slopes $0$ and $-\lVert\mathbf{y}'\rVert^2$ along $\mathbf{y}'$, which
    differ. ($s = \sigma r$, $\sigma = \pm 1$, $r > 0$; the max is stated with the activation
    $s\lVert\mathbf{y}'\rVert^2$, which the first claims compute.)"""
    s = Space(sizes={"D": _SIGN_SIZES})
    D = s.dim("D")
    y = s.vector("y'", D, nonzero=True)
    a0 = _on_boundary(s, "a_0", s.vector("v", D), y)
    sig, r = s.scalar("sigma", label=True), s.scalar("r", positive=True)
    act = sig * r * Norm(y) ** 2
    q = s.scalar("q", positive=True)  # ‖y'‖² > 0, as a scalar in the max claim
    return Statement(s, claims={
        r"$\mathbf{a}_0^\top\mathbf{y}' = 0$": Equal(dot(a0, y), 0),
        r"$(\mathbf{a}_0 + s\mathbf{y}')^\top\mathbf{y}' = s\lVert\mathbf{y}'\rVert^2$": Equal(dot(a0 + sig * r * y, y), act),
        r"$J(\mathbf{a}_0 + s\mathbf{y}') = \max(0, -sq)$, which is $0$ for $s > 0$ and $\lvert s\rvert q$ for $s < 0$ ($q = \lVert\mathbf{y}'\rVert^2$)":
            Equal(sp.Max(0, -sig * r * q), sp.Piecewise((0, sig > 0), (r * q, True))),
        r"the one-sided slopes differ: $\lVert\mathbf{y}'\rVert^2 > 0$": Rel(Norm(y) ** 2, ">", 0, certificate=Norm(y) ** 2),
    }, numeric=[Agreement("J(a_0 + s y') = numerics.perceptron.perceptron_criterion", sp.Max(0, -act),
                          lambda ev: _np().perceptron_criterion(_vec(ev, a0 + sig * r * y), _vec(ev, y)[None, :]))])


@entry("perceptron.distance_interpretation",
       r"$J_p$ is $\lVert\mathbf{w}\rVert$ times the sum of the misclassified samples' distances to "
       "the boundary",
       uses=("perceptron.criterion_forms", "geometry.signed_distance",),
       sources=[(_DHS, "Perceptron criterion function: “The criterion is proportional to the sum of "
                       "distances from the misclassified samples to the decision boundary”"), _DHSBOOK],
       printed=r"J_p(\mathbf{a}) \propto \text{sum of distances from the misclassified samples to"
               r" the decision boundary}")
def distance_interpretation() -> Statement:
    r"""With $\mathbf{a} = (\mathbf{w}, w_0)$, $\mathbf{y} = t(\mathbf{x}, 1)$ and $g(\mathbf{x})
    = \mathbf{w}^\top\mathbf{x} + w_0$, a misclassified sample ($t\,g \leq 0$) contributes
    $-\mathbf{a}^\top\mathbf{y} = -t\,g = |g| = \lVert\mathbf{w}\rVert\cdot|g|/\lVert\mathbf{w}
    \rVert$: $\lVert\mathbf{w}\rVert$ times its distance to the boundary $g = 0$
    (`geometry.signed_distance`). So $J_p = \lVert\mathbf{w}\rVert\sum_{\mathcal{M}}
    \operatorname{dist}(\mathbf{x}_n)$: proportional, the factor $\lVert\mathbf{w}\rVert$ common
    to all samples. In weight space the same term is $\lVert\mathbf{y}\rVert$ times the distance
    of $\mathbf{a}$ to the hyperplane $\{\mathbf{a} : \mathbf{a}^\top\mathbf{y} = 0\}$,
    $|\mathbf{a}^\top\mathbf{y}|/\lVert\mathbf{y}\rVert$ — a factor that differs from sample to
    sample (stated with the activation $z = \mathbf{a}^\top\mathbf{y}$ and
    $\lVert\mathbf{y}\rVert$ as scalars)."""
    s = Space(sizes={"d": _SIGN_SIZES})
    d = s.dim("d")
    w, x = s.vector("w", d, nonzero=True), s.vector("x", d)
    w0, t = s.scalar("w_0"), s.scalar("t", label=True)
    g = dot(w, x) + w0
    ny = s.scalar("n_y", positive=True)  # ‖y‖ of the sample (y ≠ 0)
    za = s.scalar("z")  # the activation aᵀy of a in weight space
    return Statement(s, claims={
        r"term of $J_p$ is $\lVert\mathbf{w}\rVert$ times the distance to the boundary":
            Equal(sp.Piecewise((-t * g, t * g <= 0), (0, True)),
                  Norm(w) * sp.Piecewise((sp.Abs(g) / Norm(w), t * g <= 0), (0, True))),
        r"weight space: the term is $\lVert\mathbf{y}\rVert$ times the distance of $\mathbf{a}$ to $\{\mathbf{a} : \mathbf{a}^\top\mathbf{y} = 0\}$":
            Equal(sp.Piecewise((-za, za <= 0), (0, True)),
                  ny * sp.Piecewise((sp.Abs(za) / ny, za <= 0), (0, True))),
    }, numeric=[Agreement("distance of a misclassified x = max(0, -t numerics.geometry.signed_distance)",
                          sp.Piecewise((sp.Abs(g) / Norm(w), t * g <= 0), (0, True)),
                          lambda ev: _misclassified_distance(ev, w, w0, x, t))])


def _misclassified_distance(ev, w, w0, x, t) -> float:
    import numerics.geometry as ng

    r = float(ng.signed_distance(_vec(ev, x)[None, :], coef=_vec(ev, w), intercept=float(ev(w0)))[0])
    return max(0.0, -float(ev(t)) * r)


# --- the updates, as each document prints them ----------------------------------------------------

def _batch_agreement(a, ys, ts, eta, label: str) -> Agreement:
    """a + η Σ_n t_n y_n [z_n ≤ 0] against one iteration of numerics' batch perceptron."""
    zs = _z(a, ys, ts)
    nxt = a + eta * sp.MatAdd(*[t * y * sp.Heaviside(-z, 1) for y, t, z in zip(ys, ts, zs)])
    return Agreement(label, nxt, lambda ev: _np().batch_perceptron(
        _Y(ev, ys, ts), eta=float(ev(eta)), a0=_vec(ev, a), max_iter=1).a_)


@entry("perceptron.batch_update",
       r"$\mathbf{a}(k+1) = \mathbf{a}(k) - \eta\nabla J_p = \mathbf{a}(k) + \eta\sum_{\mathbf{y}\in"
       r"\mathcal{Y}_k}\mathbf{y}$ (DHS, udelar2018, ml10)",
       uses=("perceptron.criterion_gradient", "descent.update_rule",),
       sources=[(_DHS, r"Batch perceptron: “$\mathbf{a}(k+1) = \mathbf{a}(k) + \eta(k)\sum_{\mathbf{y}"
                       r"\in\mathcal{Y}_k}\mathbf{y}$”"),
                (_UD, _UD_OPT + r": “$\mathbf{a}(k+1) = \mathbf{a}(k) + \eta(k)\sum_{n\in\mathcal{M}"
                                r"(\mathbf{a})}t_n\mathbf{y}_n$”"),
                (_ML, r"perceptron: “$\mathbf{w}^{(k+1)} = \mathbf{w}^{(k)} + \eta\sum_{\mathbf{x}_i"
                      r"\in\mathcal{M}_k}\boldsymbol{\phi}(\mathbf{x}_i)t_i$”")],
       printed=r"\mathbf{a}(k+1) = \mathbf{a}(k) + \eta(k) \sum_{\mathbf{y} \in \mathcal{Y}_k} \mathbf{y}")
def batch_update() -> Statement:
    r"""Gradient descent $\mathbf{a}(k+1) = \mathbf{a}(k) - \eta\nabla J_p(\mathbf{a}(k))$ with
    $\nabla J_p = -\sum_{n\in\mathcal{M}}t_n\mathbf{y}_n$ ($\mathcal{M}$ fixed as $\{1, 2\}$ for
    the step) is $\mathbf{a}(k+1) = \mathbf{a}(k) + \eta\sum_{n\in\mathcal{M}}t_n\mathbf{y}_n$:
    the misclassified samples, normalised, are added. The numeric check runs one iteration of
    `numerics.perceptron.batch_perceptron` from $\mathbf{a}(k)$ (nothing added when nothing is
    misclassified)."""
    s = Space()
    D = s.dim("D")
    a = s.vector("a", D)
    ys, ts = _data(s, D, 2)
    eta = s.scalar("eta", positive=True)
    M = [0, 1]
    Jm = sp.Add(*[-ts[n] * dot(a, ys[n]) for n in M])
    added = sp.MatAdd(*[ts[n] * ys[n] for n in M])
    return Statement(s, claims={
        r"$\mathbf{a} - \eta\nabla J_p = \mathbf{a} + \eta\sum_{n\in\mathcal{M}} t_n\mathbf{y}_n$": Equal(a - eta * Grad(Jm, a), a + eta * added),
    }, numeric=[_batch_agreement(a, ys, ts, eta, "a + eta sum_n t_n y_n [z_n <= 0] = "
                                 "numerics.perceptron.batch_perceptron(max_iter=1)")])


@entry("perceptron.single_sample_step",
       r"The single-sample step $\mathbf{w} + \eta\boldsymbol{\phi}_i t_i$ (ml10), $\mathbf{a} + "
       r"t_k\mathbf{y}_k$ (udelar2018), $\mathbf{w} + y_i\eta\mathbf{x}_i$ (hermosillo2017) is a "
       "descent step on the sample's term",
       uses=("perceptron.criterion_forms",),
       sources=[(_ML, r"perceptron: “$\mathbf{w}^{(k+1)} = \mathbf{w}^{(k)} + \eta\boldsymbol{\phi}"
                      r"(\mathbf{x}_i)t_i$ dove $\mathbf{x}_i \in \mathcal{M}_k$”"),
                (_UD, _UD_ONE + r": “Si $\mathbf{y}_k$ mal clasificado, entonces $\mathbf{a} "
                                r"\leftarrow \mathbf{a} + t_k\mathbf{y}_k$”"),
                (_HE, r"Algoritmo de Aprendizaje Perceptron: “$\mathbf{w} = \mathbf{w} + y_i\eta"
                      r"\mathbf{x}_i$”")],
       printed=r"\mathbf{w}^{(k+1)} = \mathbf{w}^{(k)} + \eta \phi(\mathbf{x}_i) t_i")
def single_sample_step() -> Statement:
    r"""The misclassified sample's term of the criterion is $-\mathbf{w}^\top\boldsymbol{\phi}_i
    t_i$, with gradient $-\boldsymbol{\phi}_i t_i$; a descent step of size $\eta$ is $\mathbf{w} -
    \eta(-\boldsymbol{\phi}_i t_i) = \mathbf{w} + \eta\boldsymbol{\phi}_i t_i$: ml10's rule;
    udelar2018's is the same with $\eta = 1$ ($\mathbf{a} + t_k\mathbf{y}_k$) and
    hermosillo2017's writes it $y_i\eta\mathbf{x}_i$. All three add the sample with its label's
    sign (bromberg2012's printed rule subtracts it: `perceptron.bromberg_single_sample_sign`).
    The numeric check runs `numerics.perceptron.single_sample_perceptron` for one epoch on the
    one sample (no step when it is classified correctly)."""
    s = Space()
    D = s.dim("D")
    w, phi = s.vector("w", D), s.vector("phi_i", D)
    t, eta = s.scalar("t_i", label=True), s.scalar("eta", positive=True)
    term = -dot(w, phi) * t
    z = t * dot(w, phi)
    return Statement(s, claims={
        r"ml10: $\mathbf{w} - \eta\nabla(-\mathbf{w}^\top\boldsymbol{\phi}t) = \mathbf{w} + \eta\boldsymbol{\phi}t$": Equal(w - eta * Grad(term, w), w + eta * phi * t),
        r"udelar2018 ($\eta = 1$): $\mathbf{a} - \nabla(-t\,\mathbf{a}^\top\mathbf{y}) = \mathbf{a} + t\mathbf{y}$": Equal(w - Grad(-t * dot(w, phi), w), w + t * phi),
        r"hermosillo2017: $\mathbf{w} + y_i\eta\mathbf{x}_i = \mathbf{w} - \eta\nabla(-y_i\langle\mathbf{w}, \mathbf{x}_i\rangle)$":
            Equal(w + t * eta * phi, w - eta * Grad(-t * dot(w, phi), w)),
    }, numeric=[Agreement("w + eta t phi [t w^T phi <= 0] = numerics.perceptron.single_sample_perceptron(max_epochs=1)",
                          w + eta * t * phi * sp.Heaviside(-z, 1),
                          lambda ev: _np().single_sample_perceptron(
                              _vec(ev, t * phi)[None, :], eta=float(ev(eta)), a0=_vec(ev, w),
                              max_epochs=1, engine="numpy").a_)])


@entry("perceptron.bromberg_batch_sign",
       r"bromberg2012 Eq. (8): $\mathbf{w} - \eta\nabla E_P(\mathbf{w}) = \mathbf{w} - \eta"
       r"\sum_{n\in\mathcal{M}}\boldsymbol{\phi}_n t_n$",
       uses=("perceptron.criterion_gradient",),
       kind="typo",
       sources=[(_BR, r"§4.1, Eq. (8): “$\mathbf{w}^{\tau+1} \leftarrow \mathbf{w}^{\tau} - \eta\nabla "
                      r"E_P(\mathbf{w}^{\tau}) = \mathbf{w}^{\tau} - \eta\sum_{n\in\mathcal{M}}"
                      r"\boldsymbol{\phi}_n t_n$”, after “$E_P(\mathbf{w}) = -\sum_{n\in\mathcal{M}}"
                      r"\mathbf{w}^\top\boldsymbol{\phi}_n t_n$” and before “si su clase es "
                      r"$\mathcal{C}^+$ sumamos $\boldsymbol{\phi}_n$ al vector de pesos, sino "
                      r"restamos $\boldsymbol{\phi}_n$”")],
       printed=r"\mathbf{w}^{\tau+1} \leftarrow \mathbf{w}^{\tau} - \eta \nabla E_P(\mathbf{w}^{\tau})"
               r" = \mathbf{w}^{\tau} - \eta \sum_{n \in \mathcal{M}} \phi_n t_n")
def bromberg_batch_sign() -> Statement:
    r"""$E_P(\mathbf{w}) = -\sum_{n\in\mathcal{M}}\mathbf{w}^\top\boldsymbol{\phi}_n t_n$ has
    $\nabla E_P = -\sum_{n\in\mathcal{M}}\boldsymbol{\phi}_n t_n$, so the descent step is
    $\mathbf{w} - \eta\nabla E_P = \mathbf{w} + \eta\sum_{n\in\mathcal{M}}\boldsymbol{\phi}_n
    t_n$. Eq. (8) prints its second line with $-$: that would step *up* the gradient, making
    every misclassified term worse ($-\mathbf{w}^\top\boldsymbol{\phi}_n t_n$ grows by
    $\eta\lVert\boldsymbol{\phi}_n\rVert^2$). bromberg2012's own reading two paragraphs later
    (“si su clase es $\mathcal{C}^+$ sumamos $\boldsymbol{\phi}_n$ al vector de pesos, sino
    restamos $\boldsymbol{\phi}_n$”) is the $+$ form. $\mathcal{M}$ fixed as $\{1, 2\}$.

    A typo (the catalog's reading policy): one sign, corrected by the document itself — its
    $E_P(\mathbf{w}) = -\sum\mathbf{w}^\top\boldsymbol{\phi}_n t_n$ printed just above gives the
    $+$ form, and its reading of the algorithm (“sumamos $\boldsymbol{\phi}_n$” for
    $\mathcal{C}^+$) is the $+$ form."""
    s = Space()
    D = s.dim("D")
    w = s.vector("w", D)
    ys, ts = _data(s, D, 2)
    eta = s.scalar("eta", positive=True)
    M = [0, 1]
    E = -sp.Add(*[dot(w, ys[n]) * ts[n] for n in M])
    summed = sp.MatAdd(*[ys[n] * ts[n] for n in M])
    return Statement(s, stated=Equal(w - eta * Grad(E, w), w - eta * summed),
                     claims={"corrected": Equal(w - eta * Grad(E, w), w + eta * summed)},
                     numeric=[_batch_agreement(w, ys, ts, eta, "w + eta sum_n phi_n t_n [z_n <= 0] = "
                                               "numerics.perceptron.batch_perceptron(max_iter=1)")])


def _printed_rule_run(seed: int) -> RunResult:
    """bromberg2012's single-sample rule w ← w − ηφ_n t_n (applied to misclassified inputs) and
    the corrected w ← w + ηφ_n t_n, in exact rationals on separable data."""
    rng = np.random.default_rng(seed)
    Y = _separable_data(rng, 8, 2)[0]
    Yq = [[Fraction(v) for v in row] for row in Y]  # the floats' exact binary values
    good, conv, _m = _exact_run(Yq, max_epochs=500)
    bad, conv_bad, mist = _exact_run(Yq, max_epochs=50, sign=-1)
    worse = all(_dotq(bad, y) <= 0 for y in [_q(Yq[mist[0]])]) if mist else False
    holds = conv and not conv_bad and worse
    return RunResult(holds, f"corrected rule converged: {conv}; printed rule converged in 50 epochs: "
                            f"{conv_bad} ({len(mist)} updates, first corrected sample still misclassified: "
                            f"{worse})", exact=True)


@entry("perceptron.bromberg_single_sample_sign",
       r"bromberg2012: the single-sample update $\mathbf{w}^{\tau+1} = \mathbf{w}^{\tau} - "
       r"\eta\boldsymbol{\phi}_n t_n$",
       uses=("perceptron.single_sample_step",),
       kind="typo",
       sources=[(_BR, r"§4.1, after Eq. (8): “$\mathbf{w}^{\tau+1} = \mathbf{w}^{\tau} - \eta"
                      r"\boldsymbol{\phi}_n t_n$”, and the reading that follows: “si su clase es "
                      r"$\mathcal{C}^+$ sumamos $\boldsymbol{\phi}_n$ al vector de pesos, sino "
                      r"restamos $\boldsymbol{\phi}_n$”")],
       printed=r"\mathbf{w}^{\tau+1} = \mathbf{w}^{\tau} - \eta \phi_n t_n")
def bromberg_single_sample_sign() -> Statement:
    r"""The single-sample descent step on the term $-\mathbf{w}^\top\boldsymbol{\phi}_n t_n$ of
    $E_P$ is $\mathbf{w} - \eta\nabla(-\mathbf{w}^\top\boldsymbol{\phi}_n t_n) = \mathbf{w} +
    \eta\boldsymbol{\phi}_n t_n$ — what bromberg2012's own interpretation says (add
    $\boldsymbol{\phi}_n$ for class $\mathcal{C}^+$, subtract it for $\mathcal{C}^-$), and what
    ml10, udelar2018 and hermosillo2017 print. The printed $\mathbf{w} - \eta\boldsymbol{\phi}_n
    t_n$ subtracts it: the misclassified term $-\mathbf{w}^\top\boldsymbol{\phi}_n t_n$ grows by
    $\eta\lVert\boldsymbol{\phi}_n\rVert^2$, and the run (exact rationals, separable data) shows
    that the printed rule never converges while the corrected one does. A typo (the catalog's
    reading policy): the same sign as Eq. (8), corrected by the next paragraph, “si su clase es
    $\mathcal{C}^+$ sumamos $\boldsymbol{\phi}_n$ al vector de pesos, sino restamos
    $\boldsymbol{\phi}_n$”."""
    s = Space()
    D = s.dim("D")
    w, phi = s.vector("w", D), s.vector("phi_n", D)
    t, eta = s.scalar("t_n", label=True), s.scalar("eta", positive=True)
    term = -dot(w, phi) * t
    return Statement(s, stated=Equal(w - eta * Grad(term, w), w - eta * phi * t), claims={
        "corrected": Equal(w - eta * Grad(term, w), w + eta * phi * t),
        "the printed rule never converges on separable data; the corrected one does":
            Behaviour(_printed_rule_run, "exact runs of w <- w - eta phi t and w <- w + eta phi t",
                      seeds=tuple(range(5))),
    })


# --- the algorithms, run --------------------------------------------------------------------------

def _algorithm3_exact(Y, *, eta=Fraction(1), theta=Fraction(0), max_iter=50):
    """dhs-perceptron Algorithm 3 exactly as printed, in rationals: do k ← k + 1;
    a ← a + η Σ_{y∈Y_k} y until |η Σ_{y∈Y_k} y| < θ (squared norms compared, θ ≥ 0).
    Returns (a, stopped, k)."""
    Y = [_q(y) for y in Y]
    a = tuple(Fraction(0) for _ in Y[0])
    for k in range(1, max_iter + 1):
        bad = [y for y in Y if _dotq(a, y) <= 0]
        step = tuple(eta * sum((y[i] for y in bad), Fraction(0)) for i in range(len(a)))
        a = tuple(x + s_ for x, s_ in zip(a, step))
        if _dotq(step, step) < theta * theta:
            return a, True, k
    return a, False, max_iter


def _algorithm3_run(seed: int) -> RunResult:
    """numerics' batch perceptron on separable data ends at a separating vector; Algorithm 3 as
    printed with θ = 1/2 stops at a = (0, 1/10), which misclassifies y₁ = (1, 0), on the data
    y₁ = (1, 0), y₂ = (−1, 1/10) (separable by (1/100, 1)); with θ = 0 it never stops, even
    at a solution, since |0| < 0 is false."""
    rng = np.random.default_rng(seed)
    Y = _separable_data(rng, 10, 2)[0]
    r = _np().batch_perceptron(Y, max_iter=5000)
    ok_numeric = r.converged_ and bool(np.all(Y @ r.a_ > 0))
    toy = [(Fraction(1), Fraction(0)), (Fraction(-1), Fraction(1, 10))]
    a, stopped, k = _algorithm3_exact(toy, theta=Fraction(1, 2))
    early = stopped and k == 1 and _dotq(a, toy[0]) <= 0
    sep = all(_dotq((Fraction(1, 100), Fraction(1)), y) > 0 for y in toy)
    _a0, stopped0, _k0 = _algorithm3_exact(toy, theta=Fraction(0), max_iter=40)
    holds = ok_numeric and early and sep and not stopped0
    return RunResult(holds, f"numerics: converged {r.converged_} after {r.n_iter_} iterations, separating "
                            f"{ok_numeric}; printed test with theta = 1/2 stopped at k = {k}, a = "
                            f"{tuple(map(str, a))}, y_1 misclassified: {early}; with theta = 0 stopped: "
                            f"{stopped0}", exact=True)


@entry("perceptron.algorithm3",
       r"DHS Algorithm 3 (batch perceptron) and its stopping test $|\eta(k)\sum_{\mathbf{y}\in"
       r"\mathcal{Y}_k}\mathbf{y}| < \theta$",
       uses=("perceptron.batch_update",),
       kind="algorithm",
       sources=[(_DHS, "Batch perceptron, Algorithm 3 (lines 1–6)"),
                (_UD, _UD_OPT + r": “hasta que $\eta(k)\lVert\sum_{n\in\mathcal{M}(\mathbf{a})}t_n"
                                r"\mathbf{y}_n\rVert < \theta$”")],
       printed=r"\textbf{do}\ k \leftarrow k + 1; \ \mathbf{a} \leftarrow \mathbf{a} + \eta(k)"
               r" \sum_{\mathbf{y} \in \mathcal{Y}_k} \mathbf{y} \ \ \textbf{until} \left| \eta(k)"
               r" \sum_{\mathbf{y} \in \mathcal{Y}_k} \mathbf{y} \right| < \theta")
def algorithm3() -> Statement:
    r"""Algorithm 3: initialise $\mathbf{a}$, $\eta(\cdot)$, $\theta$, $k = 0$; do $k \leftarrow
    k + 1$, $\mathbf{a} \leftarrow \mathbf{a} + \eta(k)\sum_{\mathbf{y}\in\mathcal{Y}_k}\mathbf{y}$
    until $|\eta(k)\sum_{\mathbf{y}\in\mathcal{Y}_k}\mathbf{y}| < \theta$. At a solution
    $\mathcal{Y}_k = \emptyset$ and the step is $\mathbf{0}$, so the test stops there only when
    $\theta > 0$ (with $\theta = 0$, “$|\mathbf{0}| < 0$” is false and the loop as printed never
    ends; `numerics` stops on $\mathcal{Y}_k = \emptyset$ too). With $\theta > 0$ it can also stop
    early, at a non-solution, when the misclassified samples nearly cancel: $\mathbf{y}_1 = (1,
    0)$, $\mathbf{y}_2 = (-1, \frac{1}{10})$ (separable by $(\frac{1}{100}, 1)$), $\mathbf{a} =
    \mathbf{0}$, $\theta = \frac{1}{2}$: the first step is $(0, \frac{1}{10})$, of length
    $\frac{1}{10} < \theta$, and $\mathbf{a} = (0, \frac{1}{10})$ still has
    $\mathbf{a}^\top\mathbf{y}_1 = 0$ (exact). On separable data
    `numerics.perceptron.batch_perceptron` ($\theta = 0$, stop on $\mathcal{Y}_k = \emptyset$)
    ends at a separating vector."""
    return Statement(Space(), claims={"Algorithm 3: converges on separable data; the printed test": Behaviour(
        _algorithm3_run, "numerics.perceptron.batch_perceptron on separable data; Algorithm 3 as printed "
                         "in rationals on a 2-sample example", seeds=tuple(range(5)))})


def _single_sample_run(seed: int) -> RunResult:
    """numerics' single-sample perceptron against the exact reference, update for update."""
    rng = np.random.default_rng(seed)
    Y = np.round(_separable_data(rng, 12, 3)[0] * 8) / 8  # dyadic: float products exact
    Yq = [[Fraction(v) for v in row] for row in Y]
    a, conv, mistakes = _exact_run(Yq, max_epochs=2000)
    r = _np().single_sample_perceptron(Y, max_epochs=2000, record=True, engine="numpy")
    same = (conv == r.converged_ and list(r.updated_samples_) == mistakes
            and np.array_equal(r.a_, np.array([float(x) for x in a])))
    sep = (not conv) or all(_dotq(a, _q(y)) > 0 for y in Yq)
    return RunResult(bool(same and sep), f"exact: converged {conv} after {len(mistakes)} corrections; numerics: "
                                        f"{r.converged_}, {r.n_updates_} corrections, same samples and weights: "
                                        f"{same}; final a separates: {sep}")


@entry("perceptron.single_sample",
       r"Fixed-increment single-sample perceptron: $\mathbf{a} \leftarrow \mathbf{a} + "
       r"t_k\mathbf{y}_k$ when $\mathbf{y}_k$ is misclassified",
       uses=("perceptron.single_sample_step",),
       kind="algorithm",
       sources=[(_UD, _UD_ONE + r": “Si $\mathbf{y}_k$ mal clasificado, entonces $\mathbf{a} "
                                r"\leftarrow \mathbf{a} + t_k\mathbf{y}_k$”, “$k \leftarrow (k + 1) "
                                r"\bmod N$”"),
                (_HE, r"Algoritmo de Aprendizaje Perceptron: “si $y_i\langle\mathbf{w}, \mathbf{x}_i"
                      r"\rangle \leq 0$ … $\mathbf{w} = \mathbf{w} + y_i\eta\mathbf{x}_i$”"),
                (_ML, r"perceptron: “$\mathbf{w}^{(k+1)} = \mathbf{w}^{(k)} + \eta\boldsymbol{\phi}"
                      r"(\mathbf{x}_i)t_i$” iterating cyclically"),
                (_BR, r"§4.1: “si su clase es $\mathcal{C}^+$ sumamos $\boldsymbol{\phi}_n$ al vector "
                      r"de pesos, sino restamos $\boldsymbol{\phi}_n$”"),
                _DHSBOOK],
       printed=r"k \leftarrow (k + 1) \bmod N, \quad \text{Si } \mathbf{y}_k \text{ mal clasificado,"
               r" entonces } \mathbf{a} \leftarrow \mathbf{a} + t_k \mathbf{y}_k")
def single_sample() -> Statement:
    r"""Cycle over the samples in order (udelar2018's $k \leftarrow (k + 1) \bmod N$,
    hermosillo2017's “para $i$ en $|\mathbf{X}|$”, ml10's “iterando ciclicamente”); when
    $t_k\mathbf{a}^\top\mathbf{y}_k \leq 0$ add $t_k\mathbf{y}_k$ ($\eta = 1$; hermosillo2017
    and ml10 with $\eta$); stop after a pass with no correction.
    `numerics.perceptron.single_sample_perceptron`, run on dyadic data (float products exact),
    makes the same corrections at the same samples and ends at the same vector as an exact
    reference run in rationals, which separates the data."""
    return Statement(Space(), claims={"numerics equals the exact run": Behaviour(
        _single_sample_run, "numerics.perceptron.single_sample_perceptron vs exact rationals",
        seeds=tuple(range(6)))})


def _eta_printed_run(seed: int) -> RunResult:
    """The printed claim at a(0) ≠ 0: the runs with η = 1 and η = 1/2 from a(0) = (−3/2, 0) on
    y₁ = (1, 0), y₂ = (−1, 1) make the same corrections (they do not: exact runs)."""
    Y = [(Fraction(1), Fraction(0)), (Fraction(-1), Fraction(1))]
    a0 = (Fraction(-3, 2), Fraction(0))
    a1, c1, m1 = _exact_run(Y, a0=a0, eta=Fraction(1))
    ah, ch, mh = _exact_run(Y, a0=a0, eta=Fraction(1, 2))
    same = m1 == mh
    return RunResult(same, f"a0 = (-3/2, 0): eta = 1 corrects samples {m1} -> a = {tuple(map(str, a1))}; "
                           f"eta = 1/2 corrects {mh} -> a = {tuple(map(str, ah))}", exact=True)


def _eta_scaling_run(seed: int) -> RunResult:
    """From a0 = 0, the run with η makes the same corrections as with η = 1 and a_k(η) = η a_k(1)."""
    rng = np.random.default_rng(seed)
    Y = np.round(_separable_data(rng, 8, 2)[0] * 4) / 4
    Yq = [[Fraction(v) for v in row] for row in Y]
    a1, c1, m1 = _exact_run(Yq)
    ok = True
    for eta in (Fraction(1, 3), Fraction(7, 2), Fraction(1, 1000)):
        ae, ce, me = _exact_run(Yq, eta=eta)
        ok = ok and me == m1 and ce == c1 and all(x == eta * y for x, y in zip(ae, a1))
    return RunResult(ok, f"{len(m1)} corrections; eta in (1/3, 7/2, 1/1000): same corrections, a(eta) = "
                         f"eta a(1): {ok}")


def _eta_any_start_run(seed: int) -> RunResult:
    """From any a(0): the run with η from η a(0) makes the same corrections as the run with
    η = 1 from a(0), and a_k = η a_k(1) — exact runs from a random nonzero a(0)."""
    rng = np.random.default_rng(seed)
    Y = np.round(_separable_data(rng, 8, 2)[0] * 4) / 4
    Yq = [[Fraction(v) for v in row] for row in Y]
    a0 = tuple(Fraction(int(v), 4) for v in rng.integers(1, 9, size=len(Yq[0])) * rng.choice([-1, 1], size=len(Yq[0])))
    a1, c1, m1 = _exact_run(Yq, a0=a0)
    ok = True
    for eta in (Fraction(1, 3), Fraction(7, 2), Fraction(1, 1000)):
        ae, ce, me = _exact_run(Yq, eta=eta, a0=tuple(eta * x for x in a0))
        ok = ok and me == m1 and ce == c1 and all(x == eta * y for x, y in zip(ae, a1))
    return RunResult(ok, f"a(0) = {tuple(map(str, a0))}, {len(m1)} corrections; eta in (1/3, 7/2, "
                         f"1/1000) from eta a(0): same corrections, a(eta) = eta a(1): {ok}", exact=True)


def _eta_fixed_start_differs(seed: int) -> RunResult:
    """The reading the slide does not make — one fixed a(0) ≠ 0 for every η — fails: from
    a(0) = (−3/2, 0) the η = 1 and η = 1/2 runs correct different samples (holds when they do)."""
    r = _eta_printed_run(seed)
    return RunResult(not r.holds, r.detail, exact=True)


@entry("perceptron.eta_one_suffices",
       r"udelar2018: “como el criterio no cambia si se escala $\mathbf{a}$, basta con tomar "
       r"$\eta = 1$”",
       uses=("perceptron.single_sample", "perceptron.criterion_forms", "relaxation.scale_invariance"),
       sources=[(_UD, _UD_ONE + r": “Se considera el algoritmo con un incremento fijo ($\eta(k) = "
                                r"\eta$ constante). Como el criterio no cambia si se escala "
                                r"$\mathbf{a}$, basta con tomar $\eta = 1$”, “Inicializar "
                                r"$\mathbf{a}$, $k = 0$”, “Si $\mathbf{y}_k$ mal clasificado, "
                                r"entonces $\mathbf{a} \leftarrow \mathbf{a} + t_k\mathbf{y}_k$”"),
                (_HE, r"Algoritmo de Aprendizaje Perceptron: “$\mathbf{w} = \mathbf{0}$ #Otras "
                      r"inicializaciones son posibles”, “$0 < \eta \leq 1$ es la tasa de "
                      "aprendizaje”")],
       printed=r"\text{Como el criterio no cambia si se escala } \mathbf{a}, \text{ basta con tomar }"
               r" \eta = 1")
def eta_one_suffices() -> Statement:
    r"""One sentence, two readings of “el criterio” (the catalog's reading policy).

    *The reading the slide's context supports* — the classification criterion, “$\mathbf{y}_k$
    mal clasificado” ($t\,\mathbf{a}^\top\mathbf{y} \leq 0$), the only thing the algorithm on
    the same slide tests — holds: $t\,(c\mathbf{a})^\top\mathbf{y} \leq 0 \Leftrightarrow
    t\,\mathbf{a}^\top\mathbf{y} \leq 0$ for $c > 0$ (`relaxation.scale_invariance`:
    $\mathcal{M}(c\mathbf{a}) = \mathcal{M}(\mathbf{a})$), so the run with a fixed increment
    $\eta$ started from $\eta\,\mathbf{a}(0)$ makes the same corrections as the run with
    $\eta = 1$ from $\mathbf{a}(0)$, and $\mathbf{a}_k(\eta) = \eta\,\mathbf{a}_k(1)$ (induction;
    exact runs, $\mathbf{a}(0) = \mathbf{0}$ and random $\mathbf{a}(0) \neq \mathbf{0}$). Since
    the slide's “Inicializar $\mathbf{a}$” leaves $\mathbf{a}(0)$ free, $\eta = 1$ loses
    nothing: every $\eta$-run is a scaled $\eta = 1$ run. The activation is written $\sigma r$
    ($\sigma = \pm 1$, $r \geq 0$) so that the case analysis knows the sign of
    $c\,\mathbf{a}^\top\mathbf{y} = \sigma(cr)$.

    *Notes, never refutations:* (i) read as the value of $J_p$ (the criterion of the previous
    slide), “no cambia” is false — $J_p(c\mathbf{a}) = c\,J_p(\mathbf{a})$ term by term (claim
    below; `relaxation.scale_invariance`); only its minimisers are kept. (ii) Read as “for one
    fixed $\mathbf{a}(0) \neq \mathbf{0}$, every $\eta$ gives the same run”, it is false too —
    $\mathbf{y}_1 = (1, 0)$, $\mathbf{y}_2 = (-1, 1)$, $\mathbf{a}(0) = (-\frac{3}{2}, 0)$: the
    $\eta = 1$ and $\eta = \frac{1}{2}$ runs correct different samples (an exact run, claim
    below) — but the slide never fixes $\mathbf{a}(0)$."""
    s = Space(sizes={"D": _SIGN_SIZES})
    D = s.dim("D")
    a, y = s.vector("a", D), s.vector("y", D)
    c = s.scalar("c", positive=True)
    t = s.scalar("t", label=True)
    # the activation aᵀy as σr (σ = ±1, r ≥ 0), so that c aᵀy = σ(c r) has a known sign
    sig, r = s.scalar("sigma", label=True), s.scalar("r", nonnegative=True)
    z = sig * r
    return Statement(s, claims={
        r"$(c\mathbf{a})^\top\mathbf{y} = c\,(\mathbf{a}^\top\mathbf{y})$": Equal(dot(c * a, y), c * dot(a, y)),
        r"the test is scale-invariant: $t(cz) \le 0$ iff $tz \le 0$": Iff(t * (c * z) <= 0, t * z <= 0),
        r"from $\mathbf{a}(0) = \mathbf{0}$: $\mathbf{a}_k(\eta) = \eta\,\mathbf{a}_k(1)$, same corrections": Behaviour(
            _eta_scaling_run, "exact runs with eta = 1, 1/3, 7/2, 1/1000 from a(0) = 0", seeds=tuple(range(4))),
        r"from $\eta\,\mathbf{a}(0)$: $\mathbf{a}_k(\eta) = \eta\,\mathbf{a}_k(1)$, same corrections": Behaviour(
            _eta_any_start_run, "exact runs with eta = 1 from a(0) and eta = 1/3, 7/2, 1/1000 from eta a(0), "
                                "a(0) random nonzero", seeds=tuple(range(4))),
        r"note, the value reading: $\max(0, -cz) = c\max(0, -z)$, $J_p$ scales with $\mathbf{a}$":
            Equal(sp.Max(0, -c * z), c * sp.Max(0, -z)),
        r"note, a fixed $\mathbf{a}(0) \neq \mathbf{0}$: the $\eta = 1$ and $\eta = 1/2$ runs differ": Behaviour(
            _eta_fixed_start_differs, "exact runs from a(0) = (-3/2, 0) with eta = 1 and eta = 1/2 "
                                      "correct different samples", seeds=(0,)),
    })


@entry("perceptron.per_sample_decrease",
       r"ml10: a correction lowers the sample's cost term by $\eta\lVert\boldsymbol{\phi}\rVert^2$: "
       r"$-\mathbf{w}'^\top\boldsymbol{\phi}t = -\mathbf{w}^\top\boldsymbol{\phi}t - "
       r"\eta\lVert\boldsymbol{\phi}\rVert^2 < -\mathbf{w}^\top\boldsymbol{\phi}t$",
       uses=("perceptron.single_sample_step",),
       kind="caveat",
       caveat=r"unstated condition: $\boldsymbol{\phi}(\mathbf{x}_i) \neq \mathbf{0}$. ml10 allows the "
              "identity basis function (“il modello funziona anche quando la funzione base è "
              r"l'identità”) and no bias coordinate, so $\mathbf{x}_i = \mathbf{0}$ gives "
              r"$\boldsymbol{\phi}(\mathbf{x}_i) = \mathbf{0}$ and the printed strict “$<$” is an "
              "equality",
       sources=[(_ML, r"perceptron: “$-(\mathbf{w}^{(k+1)})^\top\boldsymbol{\phi}(\mathbf{x}_i)t_i = "
                      r"-(\mathbf{w}^{(k)})^\top\boldsymbol{\phi}(\mathbf{x}_i)t_i - \eta"
                      r"(\boldsymbol{\phi}(\mathbf{x}_i)t_i)^\top\boldsymbol{\phi}(\mathbf{x}_i)t_i = "
                      r"-(\mathbf{w}^{(k)})^\top\boldsymbol{\phi}(\mathbf{x}_i)t_i - \eta\lVert"
                      r"\boldsymbol{\phi}(\mathbf{x}_i)\rVert^2 < -(\mathbf{w}^{(k)})^\top"
                      r"\boldsymbol{\phi}(\mathbf{x}_i)t_i$”")],
       printed=r"-(\mathbf{w}^{(k+1)})^T \phi(\mathbf{x}_i) t_i = -(\mathbf{w}^{(k)})^T"
               r" \phi(\mathbf{x}_i) t_i - \eta ||\phi(\mathbf{x}_i)||^2"
               r" < -(\mathbf{w}^{(k)})^T \phi(\mathbf{x}_i) t_i")
def per_sample_decrease() -> Statement:
    r"""After $\mathbf{w}' = \mathbf{w} + \eta\boldsymbol{\phi}t$ ($t^2 = 1$):
    $-\mathbf{w}'^\top\boldsymbol{\phi}t = -\mathbf{w}^\top\boldsymbol{\phi}t -
    \eta(\boldsymbol{\phi}t)^\top\boldsymbol{\phi}t = -\mathbf{w}^\top\boldsymbol{\phi}t -
    \eta\lVert\boldsymbol{\phi}\rVert^2$, strictly smaller when $\eta > 0$ and
    $\boldsymbol{\phi} \neq \mathbf{0}$. ml10's “$<$” needs $\boldsymbol{\phi} \neq \mathbf{0}$,
    which it does not state (its $\boldsymbol{\phi}$ may be the identity, with no bias
    coordinate): stated at $\boldsymbol{\phi} = \mathbf{0}$ the “$<$” fails ($0 < 0$). With
    $\boldsymbol{\phi} \neq \mathbf{0}$ the decrease is $\eta\lVert\boldsymbol{\phi}\rVert^2 >
    0$."""
    s = Space()
    D = s.dim("D")
    w, phi = s.vector("w", D), s.vector("phi", D, nonzero=True)
    t, eta = s.scalar("t", label=True), s.scalar("eta", positive=True)
    w1 = w + eta * phi * t
    zero = s.vector("phi_0", D)
    s.define(zero, sp.ZeroMatrix(D, 1), "φ(x_i) = 0 (x_i = 0, identity basis)")
    w1z = w + eta * zero * t
    return Statement(s, stated=Rel(-dot(w1z, zero) * t, "<", -dot(w, zero) * t), claims={
        r"with $\boldsymbol{\phi} \neq \mathbf{0}$: $-\mathbf{w}'^\top\boldsymbol{\phi}t < -\mathbf{w}^\top\boldsymbol{\phi}t$": Rel(-dot(w1, phi) * t, "<", -dot(w, phi) * t,
                                                      certificate=eta * Norm(phi) ** 2),
    }, steps=chain(-dot(w1, phi) * t, -dot(w, phi) * t - eta * dot(phi * t, phi * t),
                   -dot(w, phi) * t - eta * Norm(phi) ** 2,
                   notes=(r"$\mathbf{w}' = \mathbf{w} + \eta\boldsymbol{\phi}t$",
                          r"$(\boldsymbol{\phi}t)^\top(\boldsymbol{\phi}t) = t^2\lVert\boldsymbol{\phi}\rVert^2 = \lVert\boldsymbol{\phi}\rVert^2$")),
        numeric=[Agreement("-w'^T phi t after one correction = -(numerics' a_)ᵀ(t phi)",
                           -dot(w1, phi) * t, lambda ev: _corrected_term(ev, w, phi, t, eta))])


def _corrected_term(ev, w, phi, t, eta) -> float:
    """−w'ᵀ(tφ) with w' = w + η tφ computed by numerics' batch perceptron from the one
    sample tφ, forced to count as misclassified (margin above its activation)."""
    y = _vec(ev, t * phi)
    wv = _vec(ev, w)
    r = _np().batch_perceptron(y[None, :], eta=float(ev(eta)), a0=wv, margin=float(wv @ y) + 1.0, max_iter=1)
    return -float(r.a_ @ y)


def _total_increase_run(seed: int) -> RunResult:
    """Exact: y₁ = (1, 0), y₂ = (−2, 1), w = (−1/10, 1): J_p(w) = 1/10, the correction on y₁
    gives w' = (9/10, 1) with J_p(w') = 4/5 > 1/10; and on random separable data every
    correction lowers its own sample's term by exactly η‖y‖²."""
    Y = [(Fraction(1), Fraction(0)), (Fraction(-2), Fraction(1))]

    def J(a):
        return sum((max(Fraction(0), -_dotq(a, y)) for y in Y), Fraction(0))

    w = (Fraction(-1, 10), Fraction(1))
    w1 = tuple(x + y for x, y in zip(w, Y[0]))
    inc = _dotq(w, Y[0]) <= 0 and J(w1) > J(w)
    rng = np.random.default_rng(seed)
    Yr = [[Fraction(v) for v in row] for row in np.round(_separable_data(rng, 8, 2)[0] * 4) / 4]
    a = tuple(Fraction(0) for _ in Yr[0])
    ok = True
    for _ in range(200):
        bad = [y for y in Yr if _dotq(a, y) <= 0]
        if not bad:
            break
        y = bad[0]
        before = -_dotq(a, y)
        a = tuple(x + v for x, v in zip(a, y))
        ok = ok and (-_dotq(a, y)) == before - _dotq(y, y)
    return RunResult(inc and ok, f"J_p(w) = {J(w)}, J_p(w') = {J(w1)}; every correction lowered its term "
                                 f"by ||y||^2: {ok}", exact=True)


@entry("perceptron.total_cost_can_increase",
       "ml10: the decrease is per sample, not global — a correction can increase the total cost",
       uses=("perceptron.per_sample_decrease",),
       sources=[(_ML, "perceptron: “questa diminuzione è relativa solo al singolo elemento, e non è "
                      "globale. Potrebbe infatti succedere che … il costo totale aumenti”")],
       printed=r"\text{questa diminuzione è relativa solo al singolo elemento, e non è globale}")
def total_cost_can_increase() -> Statement:
    r"""There is $\mathbf{w}$ misclassifying $\mathbf{y}_1 = (1, 0)$ whose correction
    $\mathbf{w}' = \mathbf{w} + \mathbf{y}_1$ raises $J_p = \max(0, -\mathbf{w}^\top\mathbf{y}_1) +
    \max(0, -\mathbf{w}^\top\mathbf{y}_2)$, $\mathbf{y}_2 = (-2, 1)$: an exact witness (e.g.
    $\mathbf{w} = (-\frac{1}{10}, 1)$: $J_p$ goes from $\frac{1}{10}$ to $\frac{4}{5}$,
    $\mathbf{y}_2$ becomes misclassified). The run checks the example and the per-sample
    decrease by $\lVert\mathbf{y}\rVert^2$ along exact runs."""
    w = sp.MatrixSymbol("w", 2, 1)
    y1, y2 = sp.ImmutableMatrix([1, 0]), sp.ImmutableMatrix([-2, 1])

    def J(v):
        return sp.Max(0, -dot(v, y1)) + sp.Max(0, -dot(v, y2))

    return Statement(Space(), claims={
        r"there is a $\mathbf{w}$ misclassifying $\mathbf{y}_1$ with $J_p(\mathbf{w} + \mathbf{y}_1) > J_p(\mathbf{w})$":
            Exists((w,), [dot(w, y1) <= 0, J(w + y1) - J(w) > 0]),
        "the example and per-sample decreases, exactly": Behaviour(_total_increase_run, "exact arithmetic",
                                                                  seeds=(0, 1, 2)),
    })


# --- convergence: Novikoff's mistake bound, step by step ------------------------------------------

_NOVIKOFF = ("dhs", "§5.5.2, Theorem 5.1 (Perceptron Convergence) and its proof")


@entry("perceptron.novikoff_projection",
       r"Novikoff, step 1: each correction raises $\mathbf{w}^\top\mathbf{u}$ by at least $\gamma$, "
       r"so $\mathbf{w}_k^\top\mathbf{u} \geq k\gamma$",
       uses=("perceptron.solution_region", "perceptron.single_sample",),
       sources=[(_UD, _UD_CONV + ": “Teorema: Si los patrones son linealmente separables, el "
                                 "algoritmo converge … Prueba: ver e.g. Duda & Hart”"),
                (_BR, "§4.1: “teorema de convergencia del perceptrón”"), _NOVIKOFF],
       printed=r"\text{Si los patrones son linealmente separables, el algoritmo converge}")
def novikoff_projection() -> Statement:
    r"""Separable data: a unit $\mathbf{u}$ and $\gamma > 0$ with $\mathbf{u}^\top\mathbf{y}'_n
    \geq \gamma$ for every normalised sample. A correction on $\mathbf{y}'$ gives
    $\mathbf{w}_{k+1} = \mathbf{w}_k + \mathbf{y}'$, so $\mathbf{w}_{k+1}^\top\mathbf{u} =
    \mathbf{w}_k^\top\mathbf{u} + \mathbf{y}'^\top\mathbf{u} \geq \mathbf{w}_k^\top\mathbf{u} +
    \gamma$; from $\mathbf{w}_0 = \mathbf{0}$, induction gives $\mathbf{w}_k^\top\mathbf{u} \geq
    k\gamma$ after $k$ corrections. Encoded: $\mathbf{u}^\top\mathbf{y}' = \gamma + s$
    ($s \geq 0$, $\gamma$ defined from the sample); $\mathbf{w}_k^\top\mathbf{u} = k\gamma + r$
    ($r \geq 0$, the induction hypothesis). (The documents prove nothing: udelar2018 refers to
    Duda & Hart for the proof, whose steps these are.)"""
    s = Space()
    D = s.dim("D")
    w, u, y = s.vector("w_k", D), s.vector("u", D), s.vector("y'", D)
    gamma = s.scalar("gamma")
    sl, r = s.scalar("s", nonnegative=True), s.scalar("r", nonnegative=True)
    k = s.scalar("k", integer=True, nonnegative=True)
    s.define(gamma, dot(u, y) - sl, "u^T y' >= gamma: the margin of u on this sample")
    P = s.scalar("P_k")
    s.define(P, k * gamma + r, "induction hypothesis w_k^T u >= k gamma")
    return Statement(s, claims={
        r"$(\mathbf{w}_k + \mathbf{y}')^\top\mathbf{u} = \mathbf{w}_k^\top\mathbf{u} + \mathbf{y}'^\top\mathbf{u}$": Equal(dot(w + y, u), dot(w, u) + dot(y, u)),
        r"$(\mathbf{w}_k + \mathbf{y}')^\top\mathbf{u} \ge \mathbf{w}_k^\top\mathbf{u} + \gamma$": Rel(dot(w + y, u), ">=", dot(w, u) + gamma, certificate=sl),
        r"induction: $P_k + \mathbf{y}'^\top\mathbf{u} \ge (k + 1)\gamma$": Rel(P + dot(y, u), ">=", (k + 1) * gamma, certificate=r + sl),
    }, no_numeric=r"inequalities between inner products of free vectors; the bound they give is run "
                  r"against `numerics` in `perceptron.convergence_run`")


@entry("perceptron.novikoff_norm",
       r"Novikoff, step 2: $\lVert\mathbf{w} + \mathbf{y}'\rVert^2 \leq \lVert\mathbf{w}\rVert^2 + R^2$"
       r" on a mistake, so $\lVert\mathbf{w}_k\rVert^2 \leq kR^2$",
       uses=("perceptron.single_sample",),
       sources=[(_UD, _UD_CONV + ": “Prueba: ver e.g. Duda & Hart”"), _NOVIKOFF],
       printed=r"\text{Si los patrones son linealmente separables, el algoritmo converge}")
def novikoff_norm() -> Statement:
    r"""$\lVert\mathbf{w} + \mathbf{y}'\rVert^2 = \lVert\mathbf{w}\rVert^2 +
    2\mathbf{w}^\top\mathbf{y}' + \lVert\mathbf{y}'\rVert^2$. A correction happens only when
    $\mathbf{w}^\top\mathbf{y}' \leq 0$, and $\lVert\mathbf{y}'\rVert^2 \leq R^2$ ($R =
    \max_n\lVert\mathbf{y}'_n\rVert$), so $\lVert\mathbf{w}_{k+1}\rVert^2 \leq
    \lVert\mathbf{w}_k\rVert^2 + R^2$; from $\mathbf{w}_0 = \mathbf{0}$, $\lVert\mathbf{w}_k
    \rVert^2 \leq kR^2$. Encoded: $\mathbf{y}' = \mathbf{v} - \big((\mathbf{v}^\top\mathbf{w} +
    m)/\mathbf{w}^\top\mathbf{w}\big)\mathbf{w}$ has $\mathbf{w}^\top\mathbf{y}' = -m$ ($m \geq
    0$, a mistake; $\mathbf{w} \neq \mathbf{0}$ — at $\mathbf{w} = \mathbf{0}$ the step is
    $\lVert\mathbf{y}'\rVert^2 \leq R^2$ itself); $R^2 = \lVert\mathbf{y}'\rVert^2 + q$ ($q \geq
    0$); $\lVert\mathbf{w}_k\rVert^2 = kR^2 - p$ ($p \geq 0$)."""
    s = Space()
    D = s.dim("D")
    w, v = s.vector("w_k", D, nonzero=True), s.vector("v", D)
    y = s.vector("y'", D)
    m, q, p = (s.scalar(n, nonnegative=True) for n in ("m", "q", "p"))
    k = s.scalar("k", integer=True, nonnegative=True)
    s.define(y, v - (dot(v, w) + m) / dot(w, w) * w, "a mistake: w_k^T y' = -m <= 0")
    R2 = s.scalar("R^2", nonnegative=True)
    s.define(R2, dot(y, y) + q, "||y'||^2 <= R^2")
    Nk = s.scalar("N_k")
    s.define(Nk, k * R2 - p, "induction hypothesis ||w_k||^2 <= k R^2")
    return Statement(s, claims={
        r"$\mathbf{w}_k^\top\mathbf{y}' = -m$ (a mistake)": Equal(dot(w, y), -m),
        r"$\lVert\mathbf{w}_k + \mathbf{y}'\rVert^2 \le \lVert\mathbf{w}_k\rVert^2 + R^2$": Rel(dot(w + y, w + y), "<=", dot(w, w) + R2, certificate=2 * m + q),
        r"induction: $N_k + R^2 \le (k + 1)R^2$": Rel(Nk + R2, "<=", (k + 1) * R2, certificate=p),
    }, steps=chain(dot(w + y, w + y), dot(w, w) + 2 * dot(w, y) + dot(y, y),
                   notes=("expand the square",)),
        no_numeric=r"inequalities between inner products of free vectors; the bound they give is run "
                   r"against `numerics` in `perceptron.convergence_run`")


@entry("perceptron.novikoff_bound",
       r"Novikoff: $k\gamma \leq \mathbf{w}_k^\top\mathbf{u} \leq \lVert\mathbf{w}_k\rVert \leq "
       r"\sqrt{k}\,R$, hence $k \leq R^2/\gamma^2$",
       uses=("perceptron.novikoff_projection", "perceptron.novikoff_norm",),
       sources=[(_UD, _UD_CONV + ": “… converge a una solución exacta en una cantidad finita de "
                                 "pasos”"),
                (_ML, "perceptron: “nel caso in cui le classi siano linearmente separabili allora "
                      "l'algoritmo visto prima converge alla soluzioen corretta in un numero finito "
                      "di apssi” [sic]"), _NOVIKOFF],
       printed=r"\text{converge a una solución exacta en una cantidad finita de pasos}")
def novikoff_bound() -> Statement:
    r"""Cauchy–Schwarz with $\lVert\mathbf{u}\rVert = 1$: $(\mathbf{w}_k^\top\mathbf{u})^2 \leq
    \lVert\mathbf{w}_k\rVert^2$ (the gap is $\lVert\mathbf{w}_k -
    (\mathbf{w}_k^\top\mathbf{u})\mathbf{u}\rVert^2$; $\mathbf{u} = \mathbf{v}/\lVert\mathbf{v}
    \rVert$). With $\mathbf{w}_k^\top\mathbf{u} \geq k\gamma > 0$ (step 1) and
    $\lVert\mathbf{w}_k\rVert^2 \leq kR^2$ (step 2): $k^2\gamma^2 \leq
    (\mathbf{w}_k^\top\mathbf{u})^2 \leq \lVert\mathbf{w}_k\rVert^2 \leq kR^2$, so $k\gamma^2
    \leq R^2$ and $k \leq R^2/\gamma^2$: the number of corrections is bounded, and the run stops
    at a solution after finitely many steps."""
    s = Space()
    D = s.dim("D")
    w, v = s.vector("w_k", D), s.vector("v", D, nonzero=True)
    u = s.vector("u", D)
    s.define(u, v / Norm(v), "a unit vector")
    gamma, k = s.scalar("gamma", positive=True), s.scalar("k", integer=True, positive=True)
    r, q = s.scalar("r", nonnegative=True), s.scalar("q", nonnegative=True)
    P = s.scalar("P_k")
    s.define(P, k * gamma + r, "step 1: w_k^T u >= k gamma")
    R2 = s.scalar("R^2")
    s.define(R2, k * gamma ** 2 + q, "k^2 gamma^2 <= ||w_k||^2 <= k R^2, i.e. R^2 >= k gamma^2")
    return Statement(s, claims={
        r"Cauchy–Schwarz: $(\mathbf{w}_k^\top\mathbf{u})^2 \le \lVert\mathbf{w}_k\rVert^2$ ($\lVert\mathbf{u}\rVert = 1$)":
            Rel(dot(w, u) ** 2, "<=", dot(w, w), certificate=Norm(w - dot(w, u) * u) ** 2),
        r"$(k\gamma)^2 \le P_k^2$": Rel((k * gamma) ** 2, "<=", P ** 2, certificate=2 * k * gamma * r + r ** 2),
        r"$k \le R^2/\gamma^2$": Rel(k, "<=", R2 / gamma ** 2, certificate=q / gamma ** 2),
    }, no_numeric="the bound is run against `numerics` in `perceptron.convergence_run`")


def _convergence_run(seed: int) -> RunResult:
    """Generated separable data with a known separating u: numerics' single-sample perceptron
    (and the exact run) converge to a separating vector within R²‖u‖²/γ_u² corrections,
    γ_u = min_n uᵀy_n, all in exact rationals (the bound is invariant to scaling u)."""
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(5, 40)), int(rng.integers(1, 5))
    Y, u = _separable_data(rng, n, d, gap=float(rng.choice([0.05, 0.2, 1.0])))[:2]
    Yq = [_q(row) for row in Y]
    uq = _q(u)
    g = min(_dotq(uq, y) for y in Yq)
    R2 = max(_dotq(y, y) for y in Yq)
    bound = R2 * _dotq(uq, uq) / (g * g)
    a, conv, mistakes = _exact_run(Yq, max_epochs=100000)
    r = _np().single_sample_perceptron(Y, max_epochs=100000)
    sep = conv and all(_dotq(a, y) > 0 for y in Yq)
    holds = g > 0 and sep and len(mistakes) <= bound and r.converged_ and r.n_updates_ <= bound
    return RunResult(holds, f"N = {n}, D = {d + 1}: exact run {len(mistakes)} corrections, numerics "
                            f"{r.n_updates_}, bound R^2/gamma^2 = {float(bound):.1f}; separating: {sep}", exact=True)


@entry("perceptron.convergence_run",
       r"Perceptron convergence theorem, run: separable data $\Rightarrow$ a solution within "
       r"$R^2/\gamma^2$ corrections",
       uses=("perceptron.novikoff_bound",),
       kind="algorithm",
       sources=[(_UD, _UD_CONV + ": “Si los patrones son linealmente separables, el algoritmo "
                                 "converge a una solución exacta en una cantidad finita de pasos”"),
                (_BR, "§4.1: “garantiza que se encontrará la solución siempre que esta exista”"),
                (_ML, "perceptron: “… converge ad un separatore lineare”"), _NOVIKOFF],
       printed=r"\text{linealmente separables} \Rightarrow \text{converge a una solución exacta en"
               r" una cantidad finita de pasos}")
def convergence_run() -> Statement:
    r"""On generated data separated by a known $\mathbf{u}$ with margin $\gamma_u =
    \min_n\mathbf{u}^\top\mathbf{y}'_n$ and radius $R = \max_n\lVert\mathbf{y}'_n\rVert$ ($N$ from
    5 to 39, $D$ from 2 to 5, gaps 0.05 to 1), an exact run in rationals and
    `numerics.perceptron.single_sample_perceptron` converge to a separating vector after at most
    $R^2\lVert\mathbf{u}\rVert^2/\gamma_u^2$ corrections (`perceptron.novikoff_bound`), checked
    in rationals."""
    return Statement(Space(), claims={r"converges within $R^2/\gamma^2$ corrections": Behaviour(
        _convergence_run, "exact run and numerics.perceptron.single_sample_perceptron on generated "
                          "separable data", seeds=tuple(range(12)))})


# --- non-separable data, separability, order ------------------------------------------------------

_XOR = ([(0, 0), (1, 1), (1, 0), (0, 1)], [-1, -1, 1, 1])


def _normalised(X, t) -> list:
    """t_n (x_n, 1) in rationals."""
    return [tuple(Fraction(ti) * Fraction(v) for v in (*x, 1)) for x, ti in zip(X, t)]


def _cycle(Y, max_epochs=5000):
    """Run the exact single-sample perceptron epoch by epoch from a = 0 and return
    (first repeated epoch-start vector's epochs (i, j), any clean epoch): a repeated state at
    an epoch start proves the run cycles for ever."""
    a = tuple(Fraction(0) for _ in Y[0])
    seen = {a: 0}
    for e in range(1, max_epochs + 1):
        clean = True
        for y in Y:
            if _dotq(a, y) <= 0:
                a = tuple(x + v for x, v in zip(a, y))
                clean = False
        if clean:
            return None, True
        if a in seen:
            return (seen[a], e), False
        seen[a] = e
    return None, False


def _nonseparable_run(seed: int) -> RunResult:
    """XOR (seed 0) or random integer data with one point given both labels: the exact run
    returns to a weight vector it had at an earlier epoch start — it cycles for ever, never
    converging (ml10: 'continua a ciclare'); numerics stops at max_epochs with converged_ False
    and the LP finds a common point of the hulls."""
    import numerics.separability as nsep

    if seed == 0:
        X, t = _XOR
    else:
        rng = np.random.default_rng(seed)
        n = int(rng.integers(4, 9))
        Xr = rng.integers(-3, 4, size=(n, 2))
        tr = rng.choice([-1, 1], size=n)
        X = [tuple(int(v) for v in row) for row in Xr] + [tuple(int(v) for v in Xr[0])]
        t = [int(v) for v in tr] + [-int(tr[0])]
    Y = _normalised(X, t)
    rep, conv = _cycle(Y)
    r = _np().single_sample_perceptron(np.array([[float(v) for v in y] for y in Y]), max_epochs=300)
    lp = nsep.linear_separability(np.array(X, dtype=float), np.array(t, dtype=float))
    holds = rep is not None and not conv and not r.converged_ and not lp.separable_
    return RunResult(holds, f"N = {len(Y)}: epoch-start vectors repeat at epochs {rep} (exact), numerics "
                            f"converged {r.converged_} after {r.n_iter_} epochs, LP separable: {lp.separable_}",
                     exact=True)


@entry("perceptron.nonseparable",
       "Non-separable data: the single-sample perceptron never converges, it cycles",
       uses=("perceptron.single_sample",),
       kind="algorithm",
       sources=[(_UD, _UD_CONV + ": “Si los datos no son linealmente separables, el algoritmo no "
                                 "converge”"),
                (_ML, "perceptron: “l'algoritmo non converge ma continua a ciclare in un insieme di "
                      "possibili soluzioni”"),
                (_BR, "§4.1: “de no ser separable el dataset, el algoritmo puede no converger "
                      "nunca”")],
       printed=r"\text{Si los datos no son linealmente separables, el algoritmo no converge}")
def nonseparable() -> Statement:
    r"""With no solution vector every epoch meets a misclassified sample, so no epoch is clean
    and the run never stops (udelar2018, ml10; bromberg2012's “puede no converger” is weaker
    than the truth: it cannot converge). On integer data the weight vectors stay bounded
    (perceptron cycling theorem), so the state repeats: the exact run on XOR and on random data
    with one point given both labels returns to an epoch-start vector it had before — a
    certificate that it cycles for ever. `numerics.perceptron.single_sample_perceptron` stops at
    its epoch limit, reporting that it did not converge."""
    return Statement(Space(), claims={"cycles, never converges": Behaviour(
        _nonseparable_run, "exact runs with cycle detection; numerics and the LP on the same data",
        seeds=tuple(range(6)))})


def _a_priori_printed(seed: int) -> RunResult:
    """The printed claim: separability cannot be decided before training. The LP decides it
    for both data sets, and each answer is checked exactly: the separator's margins in
    rationals, and for XOR the common hull point (1/2, 1/2) (weights 1/2, 1/2)."""
    import numerics.separability as nsep

    rng = np.random.default_rng(seed)
    _Y, _u, X, t = _separable_data(rng, 12, 2)
    r = nsep.linear_separability(X, t)
    sep_exact = r.separable_ and all(
        Fraction(ti) * (sum(Fraction(c) * Fraction(v) for c, v in zip(r.coef_, x)) + Fraction(r.intercept_)) > 0
        for x, ti in zip(X, t))
    Xx, tx = _XOR
    rx = nsep.linear_separability(np.array(Xx, dtype=float), np.array(tx, dtype=float))
    pos = [x for x, ti in zip(Xx, tx) if ti > 0]
    neg = [x for x, ti in zip(Xx, tx) if ti < 0]
    half = Fraction(1, 2)
    common = all(sum(half * p[i] for p in pos) == sum(half * q[i] for q in neg) for i in range(2))
    decided = sep_exact and not rx.separable_ and common
    return RunResult(not decided, f"LP on separable data: separator verified exactly: {sep_exact}; on XOR: "
                                  f"not separable, common hull point (1/2, 1/2) exact: {common}", exact=True)


def _lp_agrees_run(seed: int) -> RunResult:
    """The LP decides before any training and agrees with what the perceptron then does."""
    import numerics.separability as nsep

    rng = np.random.default_rng(seed)
    Y, _u, X, t = _separable_data(rng, 10, 2)
    if seed % 2:  # make it non-separable: a point with both labels
        X = np.vstack([X, X[:1]])
        t = np.r_[t, -t[:1]]
        Y = t[:, None] * np.hstack([X, np.ones((len(t), 1))])
    lp = nsep.linear_separability(X, t)
    r = _np().single_sample_perceptron(Y, max_epochs=20000)
    return RunResult(lp.separable_ == r.converged_ and lp.separable_ == (seed % 2 == 0),
                     f"LP separable: {lp.separable_}; perceptron converged: {r.converged_} after {r.n_iter_} epochs")


@entry("perceptron.separability_a_priori",
       "ml10: separability “non è possibile da valutare a priori”; bromberg2012: “extremadamente "
       "costoso” to prove",
       uses=("feature_maps.exercise1_convex_hulls",),
       kind="erratum",
       sources=[(_ML, "perceptron: “in molti casi non è verificata, e in particolare non è possibile "
                      "da valutare a priori se la condizione è verificata o no”"),
                (_BR, "§5: “es extremadamente costoso demostrar que no son linealmente separables”"),
                (_UD, _UD_OPT + ": “Otra opción: programación lineal (e.g. método del Simplex)”; "
                      + _UD_CONV + ": “Es imposible distinguir no separabilidad de convergencia "
                                   "lenta”")],
       printed=r"\text{non è possibile da valutare a priori se la condizione è verificata o no}")
def separability_a_priori() -> Statement:
    r"""Linear separability is a linear feasibility problem: there is $(\mathbf{w}, b)$ with
    $t_n(\mathbf{w}^\top\mathbf{x}_n + b) \geq 1$ for all $n$ (scale any strict separator), and
    by Farkas' lemma its alternative is a common point of the two convex hulls (bromberg2012 §6
    Ejercicio 1). Linear programming decides it in polynomial time before any training — the
    claim “non è possibile da valutare a priori” is false, and “extremadamente costoso”
    overstates a linear program in $N$ and the feature dimension. (udelar2018's “imposible
    distinguir no separabilidad de convergencia lenta” is true of watching the perceptron run,
    not of the question.) Verified: an exact separator exists for concrete separable data; for
    XOR exact Farkas multipliers $\boldsymbol{\lambda} \geq \mathbf{0}$, $\sum_n\lambda_n = 1$,
    $\sum_n\lambda_n t_n(\mathbf{x}_n, 1) = \mathbf{0}$ exist; and on generated data the answer
    of `numerics.separability.linear_separability` agrees with what the perceptron then does."""
    w, b = sp.MatrixSymbol("w", 2, 1), sp.Symbol("b", real=True)
    data = [((2, 1), 1), ((1, 3), 1), ((-1, -2), -1), ((-3, 1), -1), ((0, -1), -1)]
    lam = sp.MatrixSymbol("lambda", 4, 1)
    Xx, tx = _XOR
    farkas = [sum((lam[n, 0] * tx[n] * (list(Xx[n]) + [1])[i] for n in range(4)), sp.Integer(0))
              for i in range(3)]
    return Statement(Space(), stated=Behaviour(_a_priori_printed, "separability cannot be decided before "
                                               "training (the LP decides it, checked exactly)", seeds=(0,)),
                     claims={
        r"there is $(\mathbf{w}, b)$ with $t_n(\mathbf{w}^\top\mathbf{x}_n + b) > 0$ on separable data": Exists(
            (w, b), [ti * (dot(w, sp.ImmutableMatrix(x)) + b) > 0 for x, ti in data]),
        r"XOR: there is $\boldsymbol{\lambda} \ge \mathbf{0}$, $\sum_n \lambda_n = 1$, $\sum_n \lambda_n t_n(\mathbf{x}_n, 1) = \mathbf{0}$ (Farkas)": Exists(
            (lam,), [lam[n, 0] >= 0 for n in range(4)] + [sp.Eq(sum(lam[n, 0] for n in range(4)), 1)]
            + [sp.Eq(f, 0) for f in farkas]),
        "the LP decides before training and agrees with the perceptron": Behaviour(
            _lp_agrees_run, "numerics.separability.linear_separability and single_sample_perceptron",
            seeds=tuple(range(6))),
    })


def _order_run(seed: int) -> RunResult:
    """y₁ = (1, 0), y₂ = (1, 1) (normalised): from a = 0 the order (y₁, y₂) ends at (1, 0),
    the order (y₂, y₁) at (1, 1); from a(0) = (0, 1/2) in the order (y₁, y₂) at (1, 1/2) —
    three different solutions, not parallel (exact); numerics reproduces them."""
    Y = [(Fraction(1), Fraction(0)), (Fraction(1), Fraction(1))]
    a12, c12, _ = _exact_run(Y, order=[0, 1])
    a21, c21, _ = _exact_run(Y, order=[1, 0])
    ai, ci, _ = _exact_run(Y, a0=(Fraction(0), Fraction(1, 2)))
    sols = [a12, a21, ai]
    solutions = c12 and c21 and ci and all(_dotq(a, y) > 0 for a in sols for y in Y)
    distinct = all(x[0] * y[1] != x[1] * y[0] for i, x in enumerate(sols) for y in sols[i + 1:])
    Yf = np.array([[1.0, 0.0], [1.0, 1.0]])
    n12 = _np().single_sample_perceptron(Yf).a_
    n21 = _np().single_sample_perceptron(Yf[::-1]).a_
    ni = _np().single_sample_perceptron(Yf, a0=[0.0, 0.5]).a_
    same = (np.array_equal(n12, [1.0, 0.0]) and np.array_equal(n21, [1.0, 1.0]) and np.array_equal(ni, [1.0, 0.5])
            and all(tuple(map(float, a)) == tuple(v) for a, v in zip(sols, (n12, n21, ni))))
    return RunResult(solutions and distinct and same, f"solutions {[tuple(map(str, a)) for a in sols]}, pairwise "
                                                      f"non-parallel: {distinct}; numerics the same: {same}",
                     exact=True)


@entry("perceptron.order_dependence",
       "The solution found depends on the initial vector and on the order of the samples",
       uses=("perceptron.single_sample",),
       kind="algorithm",
       sources=[(_BR, "§4.1: “a cual converja el algoritmo depende de los parámetros iniciales y el "
                      "orden en que se presentan los datapoints”"),
                (_DHS, "The two-category linearly separable case: “Solution vector, if it exists in "
                       "not unique”")],
       printed=r"\text{depende de los parámetros iniciales y el orden en que se presentan los"
               r" datapoints}")
def order_dependence() -> Statement:
    r"""The smallest example: normalised samples $\mathbf{y}_1 = (1, 0)$, $\mathbf{y}_2 = (1, 1)$.
    From $\mathbf{a} = \mathbf{0}$ in the order $\mathbf{y}_1, \mathbf{y}_2$ the run corrects
    $\mathbf{y}_1$ once and stops at $(1, 0)$; in the order $\mathbf{y}_2, \mathbf{y}_1$ it
    corrects $\mathbf{y}_2$ and stops at $(1, 1)$; from $\mathbf{a}(0) = (0, \frac{1}{2})$ it
    stops at $(1, \frac{1}{2})$. All three separate the data and no two are parallel (exact
    runs; `numerics.perceptron.single_sample_perceptron` gives the same vectors)."""
    return Statement(Space(), claims={"different orders and starts give different solutions": Behaviour(
        _order_run, "exact runs and numerics.perceptron.single_sample_perceptron", seeds=(0,))})


# --- the dual perceptron (hermosillo2017) ---------------------------------------------------------

def _dual_exact(X, t, *, bias=False, max_epochs=2000):
    """hermosillo2017's dual algorithm in rationals: α = 0; passes over i: if
    t_i Σ_j α_j t_j ⟨x_i, x_j⟩ ≤ 0 (⟨·,·⟩ + 1 with a bias) then α_i += 1; until a clean pass.
    Returns (α, converged)."""
    Xq = [_q(x) for x in X]
    N = len(Xq)
    K = [[_dotq(Xq[i], Xq[j]) + (1 if bias else 0) for j in range(N)] for i in range(N)]
    alpha = [0] * N
    for _ in range(max_epochs):
        clean = True
        for i in range(N):
            if t[i] * sum(alpha[j] * t[j] * K[i][j] for j in range(N)) <= 0:
                alpha[i] += 1
                clean = False
        if clean:
            return alpha, True
    return alpha, False


def _dual_data(seed: int):
    rng = np.random.default_rng(seed)
    _Y, _u, X, t = _separable_data(rng, int(rng.integers(4, 15)), int(rng.integers(1, 4)))
    X = np.round(X * 8) / 8  # dyadic: float inner products exact
    # rounding can break the constructed separation: keep what the LP certifies
    return X, t


def _dual_equivalence_run(seed: int) -> RunResult:
    """The dual run equals the primal run with η = 1, w(0) = 0 in the same order: α_i is the
    number of corrections made with sample i, and w = Σ α_j t_j x_j (exact, with a bias
    coordinate); numerics.dual_perceptron gives the same counts and weights."""
    import numerics.dual_perceptron as nd

    X, t = _dual_data(seed)
    Y = _normalised([tuple(r) for r in X], [int(v) for v in t])
    a, conv, mistakes = _exact_run(Y, max_epochs=2000)
    counts = [mistakes.count(i) for i in range(len(Y))]
    alpha, dconv = _dual_exact(X, t, bias=True)
    w = tuple(sum((alpha[j] * Fraction(int(t[j])) * Fraction(v) for j, v in enumerate(col)), Fraction(0))
              for col in zip(*([*x, 1] for x in X)))
    r = nd.dual_perceptron(X, t, max_epochs=2000)
    same = (counts == alpha and conv == dconv and w == a and list(r.alpha_) == alpha
            and np.array_equal(np.r_[r.coef_, r.intercept_], np.array([float(v) for v in a])))
    return RunResult(same, f"N = {len(Y)}: primal corrections per sample {counts}, dual alpha {alpha}, "
                           f"w = sum alpha_j t_j (x_j, 1) equals the primal a: {w == a}; numerics: "
                           f"{list(r.alpha_)}", exact=True)


@entry("perceptron.dual_equivalence",
       r"Dual perceptron: $\alpha_i$ counts the corrections of sample $i$, $\mathbf{w} = \sum_{j=1}^{N}"
       r"\alpha_j y_j\mathbf{x}_j$, the same run as the primal ($\eta = 1$, $\mathbf{w} = "
       r"\mathbf{0}$)",
       uses=("perceptron.single_sample",),
       kind="algorithm",
       sources=[(_HE, r"Algoritmo del Perceptron DUAL: “si $y_i\sum_j\alpha_j y_j\langle\mathbf{x}_i, "
                      r"\mathbf{x}_j\rangle \leq 0$ entonces: $\alpha_i = \alpha_i + 1$”"),
                (_HE, r"Algoritmo de Aprendizaje Perceptron: “cada ejemplo estuvo mal clasificado 0 "
                      r"o $\alpha$ veces … $\mathbf{w} = \sum_j\alpha_j y_j\mathbf{x}_j$”")],
       printed=r"\text{si } y_i \sum_{j=1}^{|X|} \alpha_j y_j \langle \mathbf{x}_i, \mathbf{x}_j"
               r" \rangle \leq 0 \text{ entonces: } \alpha_i = \alpha_i + 1")
def dual_equivalence() -> Statement:
    r"""From $\mathbf{w} = \mathbf{0}$ with $\eta = 1$ every correction adds $y_i\mathbf{x}_i$, so
    after training $\mathbf{w} = \sum_j\alpha_j y_j\mathbf{x}_j$ with $\alpha_j$ the number of
    corrections made with $\mathbf{x}_j$; the primal test $y_i\langle\mathbf{w},
    \mathbf{x}_i\rangle \leq 0$ is then the dual test $y_i\sum_j\alpha_j y_j\langle\mathbf{x}_i,
    \mathbf{x}_j\rangle \leq 0$, and the two runs make the same corrections in the same order.
    Checked on generated data (augmented with a bias coordinate, i.e. the kernel
    $\langle\mathbf{x}, \mathbf{x}'\rangle + 1$) in exact rationals, and
    `numerics.dual_perceptron.dual_perceptron` against both."""
    return Statement(Space(), claims={"the dual run is the primal run": Behaviour(
        _dual_equivalence_run, "exact primal and dual runs; numerics.dual_perceptron", seeds=tuple(range(8)))})


def _printed_sum_run(seed: int) -> RunResult:
    """The printed 'w = Σ_i y_i x_i' after training, on separable data where one sample is
    corrected twice and one never (exact): false unless every α_i = 1."""
    X = [(Fraction(1), Fraction(0)), (Fraction(1), Fraction(1)), (Fraction(-1), Fraction(2))]
    t = [1, 1, 1]
    Y = [tuple(ti * v for v in x) for x, ti in zip(X, t)]
    a, conv, mistakes = _exact_run(Y)
    plain = tuple(sum((ti * x[i] for x, ti in zip(X, t)), Fraction(0)) for i in range(2))
    return RunResult(conv and a == plain, f"corrections {mistakes}: learned w = {tuple(map(str, a))}, "
                                         f"sum_i y_i x_i = {tuple(map(str, plain))}", exact=True)


def _alpha_counts_run(seed: int) -> RunResult:
    X, t = _dual_data(seed)
    Y = [tuple(Fraction(int(ti)) * Fraction(v) for v in x) for x, ti in zip(X, t)]
    a, conv, mistakes = _exact_run(Y, max_epochs=2000)
    alpha = [mistakes.count(i) for i in range(len(Y))]
    w = tuple(sum((alpha[j] * Y[j][i] for j in range(len(Y))), Fraction(0)) for i in range(len(Y[0])))
    return RunResult(w == a, f"alpha = {alpha}: w = sum alpha_j y_j x_j: {w == a}", exact=True)


@entry("perceptron.dual_printed_sum",
       r"hermosillo2017: the perceptron learns $\mathbf{w} = \sum_{i=1}^{N}y_i\mathbf{x}_i$",
       uses=("perceptron.dual_equivalence",),
       kind="erratum",
       sources=[(_HE, r"Algoritmo de Aprendizaje Perceptron: “Nota que el perceptrón básico aprende "
                      r"los pesos de los atributos $(w_1, \dots, w_d) = y_1[\mathbf{x}]_1 + "
                      r"y_2[\mathbf{x}]_2 + \cdots + y_N[\mathbf{x}]_N \Rightarrow \mathbf{w} = "
                      r"\sum_{i=1}^{N}y_i\mathbf{x}_i$”")],
       printed=r"\Rightarrow \mathbf{w} = \sum_{i=1}^N y_i \mathbf{x}_i")
def dual_printed_sum() -> Statement:
    r"""As printed, after training $\mathbf{w} = \sum_{i=1}^{N}y_i\mathbf{x}_i$: every sample
    counted exactly once. The run adds $y_i\mathbf{x}_i$ once per correction, so $\mathbf{w} =
    \sum_i\alpha_i y_i\mathbf{x}_i$ with $\alpha_i$ the number of corrections of sample $i$ —
    $0$ for a sample never misclassified, more than 1 for one corrected repeatedly (the next
    slide's formula). On $\mathbf{x}_1 = (1, 0)$, $\mathbf{x}_2 = (1, 1)$, $\mathbf{x}_3 = (-1,
    2)$, all $y = +1$ (no bias), the run from $\mathbf{w} = \mathbf{0}$ corrects $\mathbf{x}_1$,
    $\mathbf{x}_3$, $\mathbf{x}_1$ ($\boldsymbol{\alpha} = (2, 0, 1)$: $\mathbf{x}_2$ is never
    misclassified) and ends at $(1, 2)$, while $\sum_i y_i\mathbf{x}_i = (1, 3)$ (exact)."""
    return Statement(Space(), stated=Behaviour(_printed_sum_run, "learned w equals sum_i y_i x_i", seeds=(0,)),
                     claims={r"$\mathbf{w} = \sum_j \alpha_j y_j\mathbf{x}_j$ with $\alpha_j$ the correction counts": Behaviour(
                         _alpha_counts_run, "exact runs on generated data", seeds=tuple(range(6)))})


def _eta_half_run(seed: int) -> RunResult:
    """hermosillo2017's primal with η = 1/2 (allowed: 0 < η ≤ 1) from w = 0: the learned w is
    (1/2) Σ α_j y_j x_j, not Σ α_j y_j x_j (exact)."""
    X, t = _dual_data(seed)
    Y = [tuple(Fraction(int(ti)) * Fraction(v) for v in x) for x, ti in zip(X, t)]
    a, conv, mistakes = _exact_run(Y, eta=Fraction(1, 2), max_epochs=2000)
    alpha = [mistakes.count(i) for i in range(len(Y))]
    w = tuple(sum((alpha[j] * Y[j][i] for j in range(len(Y))), Fraction(0)) for i in range(len(Y[0])))
    return RunResult(w == a, f"eta = 1/2: learned {tuple(map(str, a))}, sum alpha_j y_j x_j = "
                             f"{tuple(map(str, w))}", exact=True)


def _eta_general_run(seed: int) -> RunResult:
    """With any η > 0 from w = 0: w = η Σ α_j y_j x_j; with w(0) ≠ 0: w = w(0) + η Σ α_j y_j x_j."""
    X, t = _dual_data(seed)
    Y = [tuple(Fraction(int(ti)) * Fraction(v) for v in x) for x, ti in zip(X, t)]
    ok = True
    for eta, a0 in ((Fraction(1, 2), None), (Fraction(1), None), (Fraction(3, 10), (Fraction(1, 4),) * len(Y[0]))):
        a, conv, mistakes = _exact_run(Y, eta=eta, a0=a0, max_epochs=2000)
        alpha = [mistakes.count(i) for i in range(len(Y))]
        base = a0 or tuple(Fraction(0) for _ in Y[0])
        w = tuple(base[i] + eta * sum((alpha[j] * Y[j][i] for j in range(len(Y))), Fraction(0))
                  for i in range(len(Y[0])))
        ok = ok and w == a
    return RunResult(ok, f"w = w(0) + eta sum alpha_j y_j x_j for eta in (1/2, 1, 3/10): {ok}", exact=True)


@entry("perceptron.dual_expansion",
       r"hermosillo2017: after training $\mathbf{w} = \sum_{j=1}^{N}\alpha_j y_j\mathbf{x}_j$ "
       r"($\alpha_j$ = number of corrections of $\mathbf{x}_j$)",
       uses=("perceptron.dual_equivalence", "perceptron.eta_one_suffices",),
       kind="caveat",
       caveat=r"unstated condition: $\eta = 1$. hermosillo2017's primal algorithm starts from its "
              r"printed “$\mathbf{w} = \mathbf{0}$” (so $\mathbf{w}(0) = \mathbf{0}$ is the "
              r"document's own, not a missing condition) but updates “$\mathbf{w} = \mathbf{w} + "
              r"y_i\eta\mathbf{x}_i$” with “$0 < \eta \leq 1$”; then $\mathbf{w} = \eta\sum_j"
              r"\alpha_j y_j\mathbf{x}_j$, which is $\sum_j\alpha_j y_j\mathbf{x}_j$ only for "
              r"$\eta = 1$",
       sources=[(_HE, r"Algoritmo de Aprendizaje Perceptron: “$\mathbf{w} = \mathbf{w} + y_i\eta"
                      r"\mathbf{x}_i$ # $0 < \eta \leq 1$”, “$\mathbf{w} = \mathbf{0}$ #Otras "
                      r"inicializaciones son posibles”, “$\mathbf{w} = \sum_{j=1}^{N}\alpha_j y_j"
                      r"\mathbf{x}_j$”"),
                (_HE, "Perceptron DUAL: “El vector de pesos es una combinación lineal de puntos de "
                      "entrenamiento”")],
       printed=r"\mathbf{w} = \sum_{j=1}^N \alpha_j y_j \mathbf{x}_j")
def dual_expansion() -> Statement:
    r"""Each correction adds $\eta\,y_i\mathbf{x}_i$, so after training $\mathbf{w} =
    \mathbf{w}(0) + \eta\sum_j\alpha_j y_j\mathbf{x}_j$. The slide's $\mathbf{w} =
    \sum_j\alpha_j y_j\mathbf{x}_j$ drops $\eta$ and $\mathbf{w}(0)$: with $\eta = \frac{1}{2}$
    (allowed by the slide's $0 < \eta \leq 1$) it is off by the factor 2 (the stated run,
    exact). With $\eta = 1$ and $\mathbf{w}(0) = \mathbf{0}$ it holds; in general $\mathbf{w} =
    \mathbf{w}(0) + \eta\sum_j\alpha_j y_j\mathbf{x}_j$ (runs in rationals). The classifier's
    signs do not depend on $\eta$ from $\mathbf{w}(0) = \mathbf{0}$
    (`perceptron.eta_one_suffices`), so the dual algorithm with unit increments is still the
    primal run."""
    return Statement(Space(), stated=Behaviour(_eta_half_run, "with eta = 1/2 the learned w equals "
                                               "sum alpha_j y_j x_j", seeds=(0,)),
                     claims={r"$\mathbf{w} = \mathbf{w}(0) + \eta\sum_j \alpha_j y_j\mathbf{x}_j$": Behaviour(
                         _eta_general_run, "exact runs with eta = 1/2, 1, 3/10 and w(0) = 0 or 1/4",
                         seeds=tuple(range(4)))})


@entry("perceptron.dual_decision",
       r"Dual decision function $\langle\mathbf{w}, \mathbf{x}_i\rangle = \sum_j\alpha_j y_j"
       r"\langle\mathbf{x}_i, \mathbf{x}_j\rangle$ and the Gram matrix $\mathbf{G} = "
       r"\mathbf{X}\mathbf{X}^\top$",
       uses=("perceptron.dual_equivalence",),
       sources=[(_HE, r"Perceptron DUAL: “$y_i = \operatorname{sign}\big(\sum_{j=1}^{N}\alpha_j y_j"
                      r"\langle\mathbf{x}_i, \mathbf{x}_j\rangle\big)$”, “la única información "
                      r"necesaria es la matriz $n$-por-$n$ $\mathbf{G} = \mathbf{X}\mathbf{X}^\top$, "
                      "llamada matriz Gram”")],
       printed=r"y_i = \text{sign} \left(\sum_{j=1}^N \alpha_j y_j \langle \mathbf{x}_i, \mathbf{x}_j"
               r" \rangle \right), \quad \mathbf{G} = \mathbf{X}\mathbf{X}^T")
def dual_decision() -> Statement:
    r"""With $\mathbf{w} = \sum_j\alpha_j y_j\mathbf{x}_j$, $\langle\mathbf{w}, \mathbf{x}\rangle =
    \sum_j\alpha_j y_j\langle\mathbf{x}_j, \mathbf{x}\rangle$ by linearity, so the output
    $\operatorname{sign}(\langle\mathbf{w}, \mathbf{x}_i\rangle)$ is $\operatorname{sign}(\sum_j
    \alpha_j y_j\langle\mathbf{x}_i, \mathbf{x}_j\rangle)$ and training needs only the inner
    products: with $\mathbf{X}$ the matrix whose rows are $\mathbf{x}_1^\top, \dots,
    \mathbf{x}_N^\top$, $\mathbf{X}\mathbf{X}^\top$ is the $N\times N$ matrix of
    $\langle\mathbf{x}_i, \mathbf{x}_j\rangle$, and the decision values of all samples are
    $\mathbf{G}(\boldsymbol{\alpha} \odot \mathbf{y})$. Three samples in $\mathbb{R}^d$ ($d \leq
    2$ proved: 8 labellings each)."""
    s = Space(sizes={"d": _SIGN_SIZES})
    d = s.dim("d")
    xs = [s.vector(f"x_{k}", d) for k in (1, 2, 3)]
    x = s.vector("x", d)
    al = [s.scalar(f"alpha_{k}", integer=True, nonnegative=True) for k in (1, 2, 3)]
    ys = [s.scalar(f"y_{k}", label=True) for k in (1, 2, 3)]
    w = s.vector("w", d)
    s.define(w, sp.MatAdd(*[a * y * xv for a, y, xv in zip(al, ys, xs)]), "w = sum_j alpha_j y_j x_j")
    X = sp.BlockMatrix([[xv.T] for xv in xs])
    G = sp.ImmutableMatrix(3, 3, lambda i, j: dot(xs[i], xs[j]))
    c = sp.ImmutableMatrix([a * y for a, y in zip(al, ys)])
    return Statement(s, claims={
        r"$\langle\mathbf{w}, \mathbf{x}\rangle = \sum_j \alpha_j y_j\langle\mathbf{x}_j, \mathbf{x}\rangle$": Equal(dot(w, x), sp.Add(*[a * y * dot(xv, x) for a, y, xv in zip(al, ys, xs)])),
        r"$\mathbf{X}\mathbf{X}^\top = [\langle\mathbf{x}_i, \mathbf{x}_j\rangle]$ (the Gram matrix)": Equal(X * X.T, G),
        r"decision values of the samples: $\mathbf{X}\mathbf{w} = \mathbf{G}(\boldsymbol{\alpha}\odot\mathbf{y})$": Equal(X * w, G * c),
    }, numeric=[Agreement("Gram matrix = numerics.dual_perceptron(...).gram_", G,
                          lambda ev: _dual_gram(ev, xs, ys))])


def _dual_gram(ev, xs, ys) -> np.ndarray:
    import numerics.dual_perceptron as nd

    X = np.vstack([_vec(ev, xv) for xv in xs])
    t = np.array([float(ev(y)) for y in ys])
    return nd.dual_perceptron(X, t, fit_intercept=False, max_epochs=1).gram_


def _many_steps_run(seed: int) -> RunResult:
    """y₁ = (1, 0), y₂ = (−1, ε), ε = 2^−k: separable (a₁ > 0 and a₂ε > a₁), yet the exact run
    from a = 0 needs 2/ε² + 3 corrections, k = 1..6 (and numerics the same count)."""
    counts = []
    ok = True
    for k in range(1, 7):
        e = Fraction(1, 2 ** k)
        Y = [(Fraction(1), Fraction(0)), (Fraction(-1), e)]
        a, conv, mistakes = _exact_run(Y, max_epochs=100000)
        r = _np().single_sample_perceptron(np.array([[1.0, 0.0], [-1.0, float(e)]]), max_epochs=100000)
        counts.append(len(mistakes))
        ok = ok and conv and len(mistakes) == 2 / e ** 2 + 3 and r.n_updates_ == len(mistakes)
    return RunResult(ok, f"corrections for eps = 1/2 .. 1/64: {counts}", exact=True)


@entry("perceptron.many_steps",
       r"The number of corrections can be large: $2/\varepsilon^2 + 3$ on two samples at an angle "
       r"of about $\varepsilon$",
       uses=("perceptron.novikoff_bound",),
       kind="algorithm",
       sources=[(_UD, _UD_CONV + ": “La cantidad de pasos puede ser grande. Es imposible distinguir "
                                 "no separabilidad de convergencia lenta”")],
       printed=r"\text{La cantidad de pasos puede ser grande}")
def many_steps() -> Statement:
    r"""Two normalised samples $\mathbf{y}_1 = (1, 0)$, $\mathbf{y}_2 = (-1, \varepsilon)$ are
    separable for every $\varepsilon > 0$ ($\mathbf{a} = (1, 2/\varepsilon)$ gives
    $\mathbf{a}^\top\mathbf{y}_1 = 1$, $\mathbf{a}^\top\mathbf{y}_2 = 1$), but the solution cone
    narrows as $\varepsilon \to 0$ and the fixed-increment run from $\mathbf{a} = \mathbf{0}$
    makes exactly $2/\varepsilon^2 + 3$ corrections for $\varepsilon = 2^{-k}$, $k = 1, \dots, 6$
    (11, 35, 131, 515, 2051, 8195; exact runs, `numerics` the same) — of the order
    $R^2/\gamma^2$ of Novikoff's bound. Watching the run, a slow convergence looks like a
    non-separable cycle (`perceptron.separability_a_priori` decides the question instead)."""
    return Statement(Space(), claims={r"corrections grow like $2/\varepsilon^2$": Behaviour(
        _many_steps_run, "exact runs and numerics.perceptron.single_sample_perceptron", seeds=(0,))})
