"""Layer 5 — the independent methods that check a claim, and what they need.

``symbolic`` (dimension-free), ``components`` (explicit entries at the sizes the size
argument needs), ``exact_random`` (exact values at sizes up to the size argument's top,
Schwartz–Zippel bound), ``numeric`` (float64 agreement with ``numerics``), ``runs``
(algorithm behaviour on data); ``sizes`` and ``degree`` say which sizes and how many
points decide a claim (each method's time is bounded by :mod:`derivations._budget`);
``lambdify`` turns a verified
expression into a NumPy function.
"""
