"""Children's data kept only as long as it is needed (the Personal Data (Privacy) Ordinance's principles 1, 2
and 6): the privacy notice, each school's consent, forgetting on schedule, erasure and access on request.

`retention.py` says when a tournament's children are forgotten, `pseudonyms.py` what replaces them,
`scrubbing.py` finds their names in any text or JSON, `forgetting.py` (the services) puts the pseudonyms in
every record of a tournament, `backups.py` finds the backups to delete, `notice.py` writes the notice,
`consent.py` records a school's agreement, `access.py` gathers everything held about a child or a school.
`retention_setting.py` changes the period. Kept free of imports here: the models use `pseudonyms`.
"""
