"""Layer 6 — verdicts: combine method outcomes into verified / refuted / undecided /
conflict / error with their scope (``verdict``, ``engine``: a verdict holds its claims and
outcomes, printed only by the interfaces), diagnose a refuted erratum (``diagnosis``), keep
verdicts between runs (``cache``) and attack the engine itself (``selftest``: the mutation
suite; ``families``).
"""
