"""The load bench's last table: each setup's main figures side by side, from the records its runs wrote, with
the load average and the setup's references beside them."""

from __future__ import annotations

from benchmarks.report import print_table

HEADERS = [
    "setup",
    "run",
    "load",
    "table page",
    "save",
    "standings (logins)",
    "logged in",
    "checks 200/304",
    "server table/save/poll",
    "busy",
    "core wait",
    "refs SQL/PDF",
]


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _mark(value: float | None, met: bool | None) -> str:
    """A figure, starred when it meets its target."""
    return _ms(value) + ("*" if met else "")


def run_row(setup: str, references: str, run: dict) -> list[str]:
    if run["kind"] in ("staggered", "hostile"):
        login, save = run.get("login", {}), run.get("save", {})
        return [
            setup,
            f"{run['kind']}, {run.get('referees', '?')}",
            run["load"],
            "-",
            f"{_ms(save.get('p95'))}/{_ms(save.get('max'))}" + ("*" if save.get("met") else ""),
            "-",
            f"login {_ms(login.get('p95'))}/{_ms(login.get('max'))}" + ("*" if login.get("met") else ""),
            "-",
            "-",
            "-",
            "-",
            references,
        ]
    clients, server, met = run["clients p95"], run["server p95"], run.get("targets met", {})
    paced = run["kind"] == "paced"
    logged_in = run["all logged in after"]
    return [
        setup,
        f"{run['kind']}, {run['referees']}",
        run["load"],
        _mark(clients.get("table page"), paced and met.get("table page")),
        _mark(clients.get("save"), paced and met.get("save")),
        _mark(clients.get("public standings"), paced and met.get("public standings"))
        + f" ({_ms(clients.get('public standings, logins'))})",
        "never" if logged_in is None else f"{logged_in:.0f} s",
        "/".join(f"{count:,}" for count in run["checks"]),
        "/".join(_ms(server.get(kind)) for kind in ("table page", "save or sign-off", "standings poll")),
        "-" if run["busy"] is None else f"{run['busy']:.0%}",
        "-" if run.get("core wait") is None else f"{run['core wait']:.2f}",
        references,
    ]


def summary_rows(records: list[dict]) -> list[list[str]]:
    rows = []
    for record in records:
        refs = record.get("references", {})
        references = (
            f"{refs['standings SQL'] * 1000:.1f}/{refs['reportlab page'] * 1000:.2f} ms ({refs['load']})"
            if refs
            else "-"
        )
        for run in record.get("runs", []):
            rows.append(run_row(record["setup"], references, run))
    return rows


def export_lines(records: list[dict]) -> list[str]:
    lines = []
    for record in records:
        exports = record.get("exports", {})
        parts = [
            f"{name} {found['end']} in {found['seconds']:.1f} s (load {found['load']})"
            for name, found in exports.items()
        ]
        during = [
            f"scoresheets during play {run['export during'][0]} after {run['export during'][1]} s"
            for run in record.get("runs", [])
            if run.get("export during", ["", 0])[0]
        ]
        fault = f"fault run: {record.get('fault', 'not run')}"
        lines.append(f"{record['setup']}: " + "; ".join([*parts, *during, fault]))
    return lines


def print_summary(records: list[dict]) -> None:
    print("== the setups side by side ==")
    print(
        "p95 as the clients felt them, ms (* meets its target: table page 200, save 300, public standings 50;"
        " hostile: p95/max under 1,000); the public standings during play, then during the logins; the"
        " server's own p95; how busy the cores were; the seconds the server's threads waited for a core for"
        " each second they ran, during play; the references (standings SQL / one reportlab page) and the load"
        " average they were measured at"
    )
    print_table(HEADERS, summary_rows(records))
    for line in export_lines(records):
        print(line)
    print(flush=True)
