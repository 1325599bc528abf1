"""Layer 2 — exact values at points: the arithmetic every method stands on.

``rational`` evaluates an expression tree at a point over ℚ in python-flint (and, at a
components instance, over ℚ(entry symbols)); ``numbers`` holds the exact numbers beyond ℚ it
computes with (surds, exponential fractions, logarithms, rational functions, matrices of
them); ``exponentials`` gives e^p a generator of a components instance's ring; ``cases`` is
the case split on the signs of rational functions. Below them, with no circle: ``refused``
(what a refusal raises), ``ring`` (a components ring's variables, positivity by form),
``signs`` (the signs the case in progress assumes). Imports only ``_symbols`` (the nodes it
evaluates); deciders, claims and methods use it.

Modules in import order, each importing only those before it: refused, ring, signs, numbers,
exponentials, cases, rational.
"""
