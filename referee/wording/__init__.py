"""Everything a person reads, in one place: figures (+118, =3), sentences composed in the page's language,
names (and how public pages hide them), seat letters, the engine's codes and refusals as words, the audit
log's actions and changes, the reason beside each rank, labels and times.

Its modules import nothing of the site but the models, so any layer above them may use them; `codes` and
`sentences` import nothing of the site at all, so the models use them for their own labels.
"""
