"""Everything a person reads, in one place: figures (+118, =3), sentences composed in the page's language,
names (and how public pages hide them), seat letters, the engine's codes and refusals as words, the audit
log's actions and changes, the reason beside each rank, labels and times.

Its modules import no other part of the site except the models' choices, so any layer may use them (the models
themselves use `codes` and `sentences`).
"""
