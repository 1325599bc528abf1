"""Layer 3 — what is claimed.

``claims`` (Equal, Rel, Iff, Exists, ... each with the small interface every method
uses), ``statement`` (what a catalog entry's builder returns: claims, derivation steps,
the erratum as printed, numeric agreements), ``tautology`` (claims true by construction,
refused), ``mistakes`` (typical mistakes as mutations of a claim's expression tree).
"""
