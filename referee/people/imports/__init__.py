"""Schools, players and referees from a spreadsheet (.xlsx or .csv), and back: read, plan, preview, import.

`reading` turns bytes into rows, `planning` compares them with the tournament, `applying` saves them (one
transaction, one audit entry), `workbook` writes the template and the export. The organiser's page and
`manage.py import_people` share all of it.
"""
