"""Hall mode: the site served from one laptop in a school hall to the referees' phones on its Wi-Fi.

`make hall` runs `python -m tableref.hall`: a secret key kept in a file, the machine's own addresses as
allowed hosts, migrations, the address and its QR code in the terminal, waitress on every interface, and the
export worker, the daily forgetting of children's data past its date and the weather readings beside it. The
noticeboard page (/hall/) prints the address for the wall.
"""
