"""Server-rendered pages, thin: ``browse`` (game systems, catalogues, entries, points
comparison), ``uploads`` (the staff catalogue upload and its jobs), ``examples`` (the shipped
example lists) and ``rosters`` (checking a roster file)."""
