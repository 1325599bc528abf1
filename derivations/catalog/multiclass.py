"""Multi-class discriminants: K linear functions and their argmax, and why combining
binary discriminants (one-versus-rest, one-versus-one) leaves ambiguous regions.

Sources: bromberg2012 §2 (Eq. (4), Figs. 4–5), udelar2018 "Múltiples clases (c > 2)",
ml10 (argmax of the K regression outputs); Bishop PRML §4.1.2.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

import numerics.geometry as ng
import numerics.multiclass as nm

from .._claims.claims import Behaviour, Equal, Rel, RunResult
from .._symbols.expr import dot
from .._symbols.space import Space
from .._claims.statement import Agreement, Statement
from .registry import entry


def _two_classes(s: Space):
    d = s.dim("d")
    wk, wj = s.vector("w_k", d), s.vector("w_j", d)
    bk, bj = s.scalar("b_k"), s.scalar("b_j")
    return d, wk, wj, bk, bj


@entry("multiclass.pairwise_boundary", r"Boundary between $\mathcal{C}_k$ and $\mathcal{C}_j$: "
                                       r"$(\mathbf{w}_k - \mathbf{w}_j)^\top\mathbf{x} + (b_k - "
                                       "b_j) = 0$",
       sources=[("bromberg2012", r"§2, the surface $y_k(\mathbf{x}) = y_j(\mathbf{x})$"),
                ("bishop-prml", "§4.1.2, Eq. (4.10)")],
       printed=r"(\mathbf{w}_k - \mathbf{w}_j)^\top \mathbf{x} + (b_k - b_j) = 0")
def pairwise_boundary() -> Statement:
    r"""$y_k(\mathbf{x}) = y_j(\mathbf{x}) \iff (\mathbf{w}_k - \mathbf{w}_j)^\top\mathbf{x} +
    (b_k - b_j) = 0$: a $(D - 1)$-dimensional hyperplane with normal $\mathbf{w}_k -
    \mathbf{w}_j$, so every property of the binary case carries over."""
    s = Space()
    d, wk, wj, bk, bj = _two_classes(s)
    x = s.vector("x", d)
    return Statement(s, claims={
        r"$y_k - y_j = (\mathbf{w}_k - \mathbf{w}_j)^\top\mathbf{x} + (b_k - b_j)$":
            Equal((dot(wk, x) + bk) - (dot(wj, x) + bj), dot(wk - wj, x) + (bk - bj)),
    }, numeric=[Agreement("normal w_k - w_j", wk - wj, lambda ev: nm.pairwise_boundary(
        coef=np.vstack([ev(wk).ravel(), ev(wj).ravel()]), intercept=[float(ev(bk)), float(ev(bj))],
        k=0, j=1).coef_)])


@entry("multiclass.no_ambiguous_region", "The argmax discriminant has no ambiguous region",
       sources=[("bromberg2012", "§2, Eq. (4) and the proof by contradiction"),
                ("bishop-prml", "§4.1.2, the rule after Eq. (4.9)"),
                ("udelar2018", "Múltiples clases ($c > 2$): cited for this claim, which it does "
                              "not state")],
       kind="caveat",
       caveat="misattributed: udelar2018 ('Múltiples clases ($c > 2$)') lists only '$c - 1$ "
              "clasificadores binarios ... (uno contra todos)' and '$c(c - 1)/2$ parejas ... "
              "voto mayoritario' and says 'Ambas fallan (regiones ambiguas)'; it never states "
              "the argmax rule nor that it leaves no ambiguous region. The claim is "
              "bromberg2012 §2 (Eq. (4), 'asumimos, por vía del absurdo, que existe un punto "
              r"$\mathbf{x}$ tal que $\mathbf{x} \in \mathcal{C}_j$ y $\mathbf{x} \in "
              r"\mathcal{C}_{j'}$ ... un absurdo') and Bishop PRML §4.1.2",
       printed=r"\mathbf{x} \in \mathcal{C}_k \text{ if } y_k(\mathbf{x}) > y_j(\mathbf{x}) "
               r"\text{ for all } j \neq k; \quad \text{no } \mathbf{x} \text{ with } \mathbf{x} "
               r"\in \mathcal{C}_j \text{ and } \mathbf{x} \in \mathcal{C}_{j'}")
def no_ambiguous_region() -> Statement:
    r"""bromberg2012 Eq. (4) assigns $\mathbf{x}$ to $\mathcal{C}_k$ if $y_k(\mathbf{x}) >
    y_j(\mathbf{x})$ for every $j \neq k$, and proves by contradiction that no point lies in two
    classes: if $\mathbf{x} \in \mathcal{C}_j$ then $y_j(\mathbf{x}) > y_{j'}(\mathbf{x})$;
    $\mathbf{x} \in \mathcal{C}_{j'}$ would need $y_{j'}(\mathbf{x}) > y_j(\mathbf{x})$. Encoded by
    construction: $b_j$ is chosen so that $y_j(\mathbf{x}) - y_{j'}(\mathbf{x}) = \delta > 0$, and
    then $y_{j'}(\mathbf{x}) - y_j(\mathbf{x}) = -\delta < 0$. The argmax of
    `numerics.multiclass.argmax_predict` is checked to assign exactly one class with a strict
    maximum on random classifiers and points.

    True, but misattributed to udelar2018, whose "Múltiples clases" slide only reports that
    one-versus-rest and one-versus-one both leave ambiguous regions
    (`multiclass.one_vs_rest_ambiguity`, `multiclass.one_vs_one_ambiguity`). (With the strict $>$
    of Eq. (4) a point with a tied maximum belongs to no class; the proof only shows that no
    point belongs to two.)"""
    s = Space()
    d, wj, wjp, bj, bjp = _two_classes(s)
    x, delta = s.vector("x", d), s.scalar("delta", positive=True)
    s.define(bj, bjp + dot(wjp, x) - dot(wj, x) + delta, "x ∈ C_j: y_j(x) − y_j'(x) = δ > 0")
    yj, yjp = dot(wj, x) + bj, dot(wjp, x) + bjp

    def unique_argmax(seed: int) -> RunResult:
        rng = np.random.default_rng(seed)
        K, D = int(rng.integers(3, 7)), int(rng.integers(1, 5))
        W, b, X = rng.normal(size=(K, D)), rng.normal(size=K), rng.normal(size=(500, D))
        pred = nm.argmax_predict(X, coef=W, intercept=b)
        scores = X @ W.T + b
        top = scores[np.arange(len(X)), pred]
        others = np.where(np.arange(K)[None, :] == pred[:, None], -np.inf, scores)
        ok = bool(np.all(top > others.max(axis=1)))
        return RunResult(ok, f"K={K}, D={D}: {len(X)} points, each with one strict maximum"
                         if ok else "a point without a unique strict maximum")

    return Statement(s, claims={
        r"$y_{j'}(\mathbf{x}) - y_j(\mathbf{x}) < 0$": Rel(yjp - yj, "<", 0, certificate=delta),
        "argmax assigns exactly one class": Behaviour(
            unique_argmax, "numerics.argmax_predict gives one class with a strict maximum",
            seeds=tuple(range(10))),
    })


@entry("multiclass.interpolation", r"Linearity: $y_k(\lambda\mathbf{x}_A + (1 - "
                                   r"\lambda)\mathbf{x}_B) = \lambda y_k(\mathbf{x}_A) + (1 - "
                                   r"\lambda) y_k(\mathbf{x}_B)$",
       sources=[("bromberg2012", "§2, convexity of the decision regions (Fig. 5)"),
                ("bishop-prml", "§4.1.2, Eq. (4.11)")],
       printed=r"y_k(\hat{\mathbf{x}}) = \lambda y_k(\mathbf{x}_A) + (1 - \lambda) "
               r"y_k(\mathbf{x}_B)")
def interpolation() -> Statement:
    r"""For $\hat{\mathbf{x}} = \lambda\mathbf{x}_A + (1 - \lambda)\mathbf{x}_B$ the linear
    discriminant interpolates: $y_k(\hat{\mathbf{x}}) = \lambda y_k(\mathbf{x}_A) + (1 - \lambda)
    y_k(\mathbf{x}_B)$ (the bias splits as $\lambda b_k + (1 - \lambda) b_k$)."""
    s = Space()
    d = s.dim("d")
    wk, bk = s.vector("w_k", d), s.scalar("b_k")
    xa, xb, lam = s.vector("x_A", d), s.vector("x_B", d), s.scalar("lambda", probability=True)
    y = lambda v: dot(wk, v) + bk  # noqa: E731 - the document's y_k
    return Statement(s, claims={
        r"$y_k(\hat{\mathbf{x}}) = \lambda y_k(\mathbf{x}_A) + (1 - \lambda) y_k(\mathbf{x}_B)$":
            Equal(y(lam * xa + (1 - lam) * xb), lam * y(xa) + (1 - lam) * y(xb)),
    }, numeric=[Agreement("λ y_k(x_A) + (1-λ) y_k(x_B) = y_k(x̂), numerics.geometry.decision_function "
                          "at x̂ = λ x_A + (1-λ) x_B", lam * y(xa) + (1 - lam) * y(xb),
                          lambda ev: _value_at_interpolation(ev, wk, bk, xa, xb, lam))])


def _value_at_interpolation(ev, w, b, xa, xb, lam) -> float:
    """numerics' y_k(x̂) = w_kᵀx̂ + b_k at x̂ = λx_A + (1 − λ)x_B, the point formed in floats."""
    la = float(ev(lam))
    xhat = la * np.ravel(ev(xa)) + (1 - la) * np.ravel(ev(xb))
    return ng.decision_function(xhat[None, :], coef=np.ravel(ev(w)), intercept=float(ev(b)))[0]


@entry("multiclass.convex_regions", "Decision regions of the argmax discriminant are convex",
       uses=("multiclass.interpolation",),
       sources=[("bromberg2012", "§2, Fig. 5 and the argument after it"),
                ("bishop-prml", "§4.1.2")],
       printed=r"\mathbf{x}_A, \mathbf{x}_B \in \mathcal{R}_k,\ \hat{\mathbf{x}} = \lambda "
               r"\mathbf{x}_A + (1 - \lambda) \mathbf{x}_B,\ 0 \leq \lambda \leq 1 "
               r"\;\Rightarrow\; y_k(\hat{\mathbf{x}}) > y_j(\hat{\mathbf{x}}) \text{ for all } "
               r"j \neq k")
def convex_regions() -> Statement:
    r"""If $y_k - y_j = \delta_A > 0$ at $\mathbf{x}_A$ and $\delta_B > 0$ at $\mathbf{x}_B$,
    then at $\hat{\mathbf{x}} = \lambda\mathbf{x}_A + (1 - \lambda)\mathbf{x}_B$, $y_k - y_j =
    \lambda\delta_A + (1 - \lambda)\delta_B > 0$ for $\lambda \in (0, 1)$: $\hat{\mathbf{x}}$
    stays in $\mathcal{R}_k$. Encoded by construction ($b_k$ and $\mathbf{x}_B$ chosen so the two
    margins are the positive symbols $\delta_A$, $\delta_B$); plus a property run: convex
    combinations of two points predicted $k$ are predicted $k$."""
    s = Space()
    d, wk, wj, bk, bj = _two_classes(s)
    xa, xb, u = s.vector("x_A", d), s.vector("x_B", d), s.vector("u", d)
    da, db = s.scalar("delta_A", positive=True), s.scalar("delta_B", positive=True)
    lam = s.scalar("lambda", probability=True)
    s.define(bk, bj + dot(wj - wk, xa) + da, "y_k(x_A) − y_j(x_A) = δ_A")
    s.define(xb, xa + (db - da) / dot(wk - wj, u) * u, "y_k(x_B) − y_j(x_B) = δ_B")
    diff = lambda v: (dot(wk, v) + bk) - (dot(wj, v) + bj)  # noqa: E731
    xhat = lam * xa + (1 - lam) * xb

    def convex_run(seed: int) -> RunResult:
        rng = np.random.default_rng(seed)
        K, D = int(rng.integers(2, 6)), int(rng.integers(1, 4))
        W, b = rng.normal(size=(K, D)), rng.normal(size=K)
        X = rng.normal(size=(300, D)) * 3
        pred = nm.argmax_predict(X, coef=W, intercept=b)
        checked = 0
        for k in range(K):
            idx = np.flatnonzero(pred == k)
            if len(idx) < 2:
                continue
            a, c = X[rng.choice(idx, 40)], X[rng.choice(idx, 40)]
            lam_ = rng.uniform(size=(40, 1))
            inside = nm.argmax_predict(lam_ * a + (1 - lam_) * c, coef=W, intercept=b)
            if np.any(inside != k):
                return RunResult(False, f"class {k}: a convex combination left the region")
            checked += 40
        return RunResult(True, f"K={K}, D={D}: {checked} convex combinations stayed in their region")

    return Statement(s, claims={
        r"the margin at $\hat{\mathbf{x}}$ is $\lambda\delta_A + (1 - \lambda)\delta_B$": Equal(diff(xhat), lam * da + (1 - lam) * db),
        r"$y_k(\hat{\mathbf{x}}) - y_j(\hat{\mathbf{x}}) > 0$": Rel(diff(xhat), ">", 0, certificate=lam * da + (1 - lam) * db),
        "convex combinations keep the class": Behaviour(
            convex_run, "numerics.argmax_predict regions are convex on random classifiers",
            seeds=tuple(range(10))),
    })


def _ambiguity_run(example, votes, describe):
    """A run that checks a constructed example: the scheme is ambiguous at its point while
    the argmax of K linear functions has a unique maximum there."""

    def run(seed: int) -> RunResult:  # noqa: ARG001 - deterministic construction
        ex = example()
        v = votes(ex)
        scores = ex.argmax_coef_ @ ex.point_ + ex.argmax_intercept_
        unique = np.sum(scores == scores.max()) == 1
        return RunResult(bool(v.ambiguous_[0]) and bool(unique),
                         f"{describe(ex, v)} at {ex.point_.tolist()}; argmax scores {scores.tolist()}")

    return run


def _ambiguity_statement(run, claim: str, description: str) -> Statement:
    s = Space()
    s.dim("d", sizes=(2,))
    return Statement(s, claims={claim: Behaviour(run, description, seeds=(0,))})


@entry("multiclass.one_vs_rest_ambiguity", "One-versus-rest with $K - 1$ binary discriminants "
                                           "leaves an ambiguous region",
       kind="algorithm",
       sources=[("bromberg2012", "§2, Fig. 4 (left)"),
                ("udelar2018", "Múltiples clases ($c > 2$)"),
                ("bishop-prml", "§4.1.2, Fig. 4.2")],
       printed=r"K - 1 \text{ discriminants } \mathcal{C}_k \text{ vs. } \neg\mathcal{C}_k: "
               r"\text{ a region claimed by both } \mathcal{C}_1 \text{ and } \mathcal{C}_2")
def one_vs_rest_ambiguity() -> Statement:
    r"""A constructed $K = 3$ example (`numerics.multiclass.ovr_ambiguity_example`): two
    discriminants $\mathcal{C}_k$ versus $\neg\mathcal{C}_k$ both claim a point, while the argmax
    of $K$ linear functions decides it uniquely."""
    run = _ambiguity_run(
        nm.ovr_ambiguity_example,
        lambda ex: nm.one_vs_rest_votes(ex.point_[None, :], coef=ex.coef_, intercept=ex.intercept_,
                                        n_classes=ex.n_classes_),
        lambda ex, v: f"claimed by {int(v.n_claims_[0])} discriminants")
    return _ambiguity_statement(run, "ambiguous point exists; argmax unique there",
                                "one-vs-rest is ambiguous at a constructed point")


@entry("multiclass.one_vs_one_ambiguity", "One-versus-one majority vote leaves an ambiguous "
                                          "region",
       kind="algorithm",
       sources=[("bromberg2012", "§2, Fig. 4 (right)"),
                ("udelar2018", "Múltiples clases ($c > 2$)"),
                ("bishop-prml", "§4.1.2, Fig. 4.2")],
       printed=r"\binom{K}{2} \text{ discriminants } \mathcal{C}_j \text{ vs. } \mathcal{C}_k "
               r"\text{ by majority vote: a region where each class gets exactly one vote}")
def one_vs_one_ambiguity() -> Statement:
    """A constructed $K = 3$ example (`numerics.multiclass.ovo_ambiguity_example`): the three
    pairwise votes form a cycle (one vote each) at a point the argmax decides uniquely."""
    run = _ambiguity_run(
        nm.ovo_ambiguity_example,
        lambda ex: nm.one_vs_one_votes(ex.point_[None, :], coef=ex.coef_, intercept=ex.intercept_,
                                       pairs=ex.pairs_),
        lambda ex, v: f"votes {v.votes_[0].tolist()}")
    return _ambiguity_statement(run, "each class gets one vote; argmax unique there",
                                "one-vs-one is ambiguous at a constructed point")


@entry("multiclass.pairwise_count", r"One-versus-one needs $\binom{K}{2} = K(K - 1)/2$ binary "
                                    "discriminants",
       sources=[("bromberg2012", "§2, one-versus-one"),
                ("udelar2018", "Múltiples clases ($c > 2$)")],
       printed=r"\binom{K}{2} = K(K - 1)/2")
def pairwise_count() -> Statement:
    r"""$\binom{K}{2} = K(K - 1)/2$: one discriminant per unordered pair of classes."""
    s = Space()
    K, k = s.scalar("K", integer=True, positive=True), s.scalar("k", integer=True, positive=True)
    s.define(K, k + 1, "K >= 2 classes")
    return Statement(s, claims={r"$\binom{K}{2} = K(K - 1)/2$": Equal(sp.binomial(K, 2), K * (K - 1) / 2)},
                     numeric=[Agreement("n_pairwise_classifiers", K * (K - 1) / 2,
                                        lambda ev: nm.n_pairwise_classifiers(int(ev(K))))])
