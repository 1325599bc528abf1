"""Checking users' own claims, derivations and exercise answers: the claims file, format 1.

``lindisc check FILE`` reads a TOML file (``tomllib``), builds each claim on the engine's
typed symbols and verifies it with :func:`derivations.verify` — the catalog's methods
(exact random, components, symbolic) and the same stated scope ("every size", or proved at
the listed sizes and sampled beyond them). Nothing in the file is executed: expressions
are parsed by a whitelist over :mod:`ast` (:mod:`.parser`), never ``eval``/``sympify``.

A claims file
-------------

.. code-block:: toml

    format = 1                        # required: the version of this format
    title = "my exercises"            # optional

    [symbols]                         # declarations: name = "type"
    d = "dim(1, 2)"                   # a size, proved at d = 1, 2 (default 1, 2, 3)
    N = "dim(1, 2)"
    w = "vector(d, nonzero)"          # options: nonzero, unit, positive
    x = "vector(d)"
    b = "scalar"                      # options: positive, nonzero, nonnegative, probability, integer
    eta = "scalar(positive)"
    t = "label"                       # a ±1 label (both values enumerated)
    S_W = "matrix(d, d, spd)"         # general symmetric spd psd diagonal positive_diagonal
                                      # full_column_rank one_hot_rows
    X = "samples(N, d)"               # N samples x_n = X[n] (1-based), rows of an N x d matrix
    y = "labels(N)"                   # N labels ±1: y[n]

    [definitions]                     # optional: hypotheses by construction (every method
    b = "-w.T @ x"                    # substitutes them); a defined symbol keeps its name;
                                      # any order, never circular (a cycle is an error); a
                                      # defined symbol's declaration is a condition every
                                      # drawn point meets and a proof may assume

    [[claim]]
    name = "w is normal to the plane"
    lhs = "w.T @ (x - z)"             # an equality: lhs and rhs ...
    rhs = "0"
    expect = "verified"               # optional: what you expect (marked in the report)

    [[claim]]
    name = "Cauchy–Schwarz"
    relation = "(w.T @ x)**2 <= (w.T @ w) * (x.T @ x)"   # ... or a relation < <= > >= ==
    where = ["S_W is spd", "eta > 0"] # optional conditions, for this claim only
    certificate = "..."               # optional, with < <= > >=: the gap, manifestly >= 0

    [[claim]]
    name = "some a solves a >= 1 and a <= 2"
    exists = { a = "scalar" }         # an existential claim: bound names ...
    constraints = ["a >= 1", "a <= 2"]  # ... and the relations they must satisfy

    [[claim]]                         # the rest of the catalog's vocabulary (.vocabulary):
    psd = "X.T @ X"                   # psd (factor = "X" optional), iff = ["rel", "rel"],
    factor = "X"                      # same_sign = ["a", "b"] with factor, stationary =
                                      # {f, var, point}, eigenpair = {matrix, vector, value}

    [[derivation]]
    name = "gradient of the quadratic form"
    steps = ["grad(x.T @ S_W @ x, x)",           # each step against the one before it;
             "(S_W + S_W.T) @ x",                # a step may start with = <= >= < >
             {expr = "2 * S_W @ x", why = "S_W is symmetric"}]

    [[answer]]                        # an exercise answer (see ``lindisc answer``)
    exercise = "svm.exercise_solution"
    value = "alpha = [0, 1/8, 1/8]"

The expression language
-----------------------

Names declared in [symbols]; numbers (``0.1`` is exactly 1/10); ``+ - * / **``; ``@`` (``*``
between matrices is the same product); ``.T``; ``[a, b]`` a column vector, ``[[a, b], [c, d]]``
a matrix by rows; ``v[i]``, ``A[i, j]``, ``X[n]`` (1-based); a 1 x 1 product such as
``w.T @ x`` is a scalar. Calls: ``grad(f, v)``/``diff(f, v)`` (gradient of a scalar w.r.t. a
declared vector or matrix, the shape of v), ``trace``, ``det``, ``inv`` (or ``A**-1``),
``transpose``, ``norm``, ``dot``, ``exp``, ``log``, ``sqrt``, ``sigmoid``,
``softmax([a_1, ..., a_K], k)``, ``max``, ``min``, ``abs``, ``hinge(z)`` = max(0, 1 − z),
``sum(body, n, N)`` (n = 1..N, a sum over samples), ``eye(n)``, ``zeros(m, n)``,
``ones(m, n)``, and ``pi``. ``exp`` of a ``log(u)`` needs u > 0 by the declarations (SymPy
would rewrite ``exp(log(u))`` to u, false over the reals for u < 0): otherwise an error.

Scalar formulas may be written in LaTeX instead: ``syntax = "latex"`` on a claim or
derivation (:mod:`.latex`: SymPy's LaTeX parser, lark grammar, behind bounds and a whitelist;
``pip install 'lindisc[latex]'``), e.g. ``lhs = '\\frac{1}{1 + e^{a}}'``.

Matrix calculus conventions: ``grad(f, A)`` has the shape of ``A`` (denominator layout).
For a *symmetric* (spd, psd) matrix S the gradient is taken w.r.t. its independent entries,
each off-diagonal entry once: ``grad(trace(A @ S), S)`` has a_ij + a_ji off the diagonal and
a_ii on it (A + Aᵀ − diag A), not ``A.T``.
A Hessian is stated as the gradient of ``u.T @ g`` for a declared vector ``u``:
``grad(u.T @ grad(f, w), w) = H @ u`` says that H is the Hessian of f.

Bounds (every one an error with file, line and column, never a hang): a file of at most
256 KiB and 200 items; an expression of at most 2000 characters, 600 syntax nodes and 32
nested brackets; exponents literal integers of magnitude ≤ 16 (or fractions p/q with
p, q ≤ 16 on a scalar), powers of powers at most 256 combined; sums nested at most 3 deep;
exact numbers of at most 4096 bits; explicit matrices at most 12 x 12;
sizes 1..12; each method's time on one claim bounded by ``--budget`` seconds (a timeout is
never a verdict).

Verdicts and exit codes
-----------------------

Each claim and step: the engine's ``verified`` (with its scope), ``refuted`` (with an exact
counterexample: sizes and every value), ``undecided``, ``conflict`` or ``error``; or
``trivial`` — the two sides became one expression as they were written (SymPy's automatic
arithmetic), so the claim holds and no method was needed. A derivation's verdict is its first
step that does not hold, named in the report. An answer is ``correct`` or ``incorrect``
(with the typical mistake when the diagnosis library finds one), or ``unverified`` when
the exercise's own entry is not verified. ``lindisc check`` exits 0 when everything holds,
1 when something does not, 2 on malformed input (file:line:column: what is wrong).
"""

from __future__ import annotations

__all__ = ["check_file", "load_claims", "check_answer", "ClaimsError", "FORMAT"]


def __getattr__(name: str):
    import importlib

    where = {"check_file": ".checking", "load_claims": ".loader", "check_answer": ".answers",
             "ClaimsError": ".errors", "FORMAT": ".loader"}
    if name in where:
        return getattr(importlib.import_module(where[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
