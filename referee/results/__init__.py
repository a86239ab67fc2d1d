"""Results: the bridge to the rules engine, a hand's derived numbers, a table's outcome and the ranking.

Each idea has one module, and pages, exports, services and the benchmark builders all call the same ones:
`engine` (score and decide through `scoring`, its refusals translated), `hands` (a hand's raw facts and the
numbers stored beside them), `table_rules` (how long a table plays, who starts, where it stands), `outcome`
(who won a table and why, the organisers' tie-break included), `ranking` (the standings' order) and
`previews` (what the engine makes of a game before it is saved).
"""
