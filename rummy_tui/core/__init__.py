"""The rules core: pure Python and pydantic, never Textual or Rich (a test enforces it).

Importing any part of it loads the rule sets (``core/variants``), which register themselves
in ``core/registry.py``: the registry is then full wherever it is read.
"""

from . import variants as _variants  # noqa: F401  (the rule sets register themselves)
