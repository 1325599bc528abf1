"""Each catalog entry's built statement, once per test process.

Several catalog-wide tests (no claim true by construction, numerics checked, LaTeX without
internal names, bottom-up instantiation) read every entry's statement; building all of them
takes seconds, so a worker that runs more than one of those tests builds each entry once.
The statements are only read, never changed.
"""

from functools import cache

from derivations.catalog import REGISTRY


@cache
def built(entry_id: str):
    return REGISTRY[entry_id].build()
