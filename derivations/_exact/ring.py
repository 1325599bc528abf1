"""The polynomial ring of a components instance: its variables and what is positive by form.

A components instance's values are rational functions over ℚ of its entry symbols
(``fmpq_mpoly``), in a ring whose variables are named for what they are: x0, x1, … an entry
symbol, p0, p1, … one declared positive, e0, e1, … a reserved generator standing for an
exponential (:mod:`.exponentials`). The names carry the signs :func:`positive_by_form` and
the sign split (:mod:`.signs`, :mod:`.cases`) read.
"""

from __future__ import annotations

__all__ = ["RESERVED", "positive_by_form", "variable_names"]

#: Variables reserved in a components instance's ring for exponentials (the catalog uses
#: at most 6; each unused one widens every polynomial's exponent vectors a little).
RESERVED = 8


def variable_names(entries) -> tuple[str, ...]:
    """The ring's variables: the instance's entry symbols in order (SymPy symbols) — x0, x1,
    …, or p0, p1, … for a symbol declared positive (SymPy's ``is_positive``: a positive
    scalar such as a learning rate, an entry of a positive matrix) — then the reserved
    generators (e0, e1, …: each stands for an exponential, a positive number). A p or e
    generator is positive at every point of the claim's domain, which
    :func:`positive_by_form` uses: the sign split (:mod:`.cases`) asks no sign of p0, and
    never assumes p0 < 0."""
    return (tuple(f"{'p' if s.is_positive is True else 'x'}{i}" for i, s in enumerate(entries))
            + tuple(f"e{j}" for j in range(RESERVED)))


def positive_by_form(p) -> bool:
    """Whether the polynomial p (``fmpq_mpoly``) is positive at every point of the claim's
    domain by its form: every coefficient positive, every entry symbol xᵢ at an even power in
    every term (a term is then ≥ 0: a generator eⱼ is an exponential and pᵢ a symbol declared
    positive, > 0 at any power), and one term without any xᵢ (> 0). 1 + e0, e0 + e1, p0,
    p0 + x1² and 1 + x0² qualify; x0² + e0 x1² does not (0 at x = 0), nor does p0 − 1."""
    exps = [name[0] in "ep" for name in p.context().names()]
    strict = False
    for m, c in p.to_dict().items():
        if c <= 0:
            return False
        entry_free = True
        for k, is_exp in zip(m, exps):
            if k and not is_exp:
                if k % 2:
                    return False
                entry_free = False
        strict = strict or entry_free
    return strict
