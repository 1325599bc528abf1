"""Layer 5 — verdicts: combine method outcomes into verified / refuted / undecided /
conflict / error with their scope (``verdict``, ``engine``), diagnose a refuted erratum
(``diagnosis``), report (``report``: JSON schema and tables) and attack the engine itself
(``selftest``: the mutation suite).
"""
