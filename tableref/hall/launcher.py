"""`python -m tableref.hall` (`make hall` calls it): set the laptop's site up, show its address, and serve it.

The same on Windows, macOS and Linux. Each start prepares the site (`tableref.hall.preparation`), prints the
address with its QR code and a one-time unlock code, then serves with waitress on every interface, from two
processes per core up to four (`tableref.hall.server`, `tableref.hall.serving`), while the export worker,
the daily forgetting of children's data past its date and the weather readings run beside them
(`tableref.hall.background`). Ctrl+C stops everything within a few seconds with exit status 0; a second
Ctrl+C stops at once.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tableref.environment import env_int, env_list
from tableref.hall.addresses import NetworkAddress, host_names, machine_addresses
from tableref.hall.background import BackgroundProcesses
from tableref.hall.secret import hall_secret_key
from tableref.hall.server import listening_socket, serving_processes
from tableref.hall.serving import ServingProcesses
from tableref.hall.unlock_code import code_digest, new_unlock_code

ROOT = Path(__file__).resolve().parents[2]
STOP_GRACE_SECONDS = 4.0


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tableref.hall", description=__doc__)
    parser.add_argument("--port", type=int, default=env_int("PORT", 8000, minimum=1))
    parser.add_argument(
        "--host",
        default=os.environ.get("HALL_HOST", "").strip() or "0.0.0.0",
        help="the address to listen on (default: every interface, so that the phones reach it)",
    )
    parser.add_argument("--no-weather", action="store_true", help="do not read the Observatory")
    parser.add_argument(
        "--state-dir",
        type=Path,
        default=Path(os.environ.get("HALL_STATE_DIR") or ROOT / "var" / "hall"),
        help="where the secret key, the noticeboard PDF and the access log are kept (default var/hall)",
    )
    return parser.parse_args(argv)


def hall_url(address: str, port: int) -> str:
    return f"http://{address}/" if port == 80 else f"http://{address}:{port}/"


def allowed_hosts(addresses: list[NetworkAddress]) -> list[str]:
    """This machine by every name a phone or the laptop itself may use, plus any the environment adds."""
    names = [*(found.address for found in addresses), *host_names(), "127.0.0.1", "localhost"]
    names += env_list("ALLOWED_HOSTS")
    return list(dict.fromkeys(names))


def prepare_environment(options: argparse.Namespace, unlock_code: str) -> tuple[str, list[NetworkAddress]]:
    """DEBUG off, the kept secret key, the allowed hosts, the hall's address and the unlock code's digest,
    for this process and its background processes; Django reads its settings from the environment."""
    addresses = machine_addresses()
    address = os.environ.get("HALL_ADDRESS", "").strip() or (
        addresses[0].address if addresses else "127.0.0.1"
    )
    url = hall_url(address, options.port)
    options.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(options.state_dir, 0o700)  # the access log names addresses; the key signs every login
    os.environ.update(
        {
            "DEBUG": "0",
            "SECRET_KEY": hall_secret_key(options.state_dir / "secret-key"),
            "ALLOWED_HOSTS": ",".join(allowed_hosts(addresses)),
            "HALL_URL": url,
            "HALL_UNLOCK_CODE_DIGEST": code_digest(unlock_code),
            "ACCESS_LOG_FILE": os.environ.get("ACCESS_LOG_FILE") or str(options.state_dir / "access.log"),
            "PORT": str(options.port),
            "DJANGO_SETTINGS_MODULE": "tableref.settings",
        }
    )
    return url, addresses


def banner(
    url: str, addresses: list[NetworkAddress], pdf_path: Path, options: argparse.Namespace, code: str
) -> str:
    from django.conf import settings

    from tableref.hall.noticeboard import Noticeboard

    lines = [
        "",
        "TableRef is running for the hall.  TableRef 已在會場運行。",
        "",
        f"    Referees type  評審員輸入:  {url}",
        "",
        Noticeboard(url, settings.HALL_WIFI).qr_terminal(),
        f"Noticeboard to print 告示（可列印）: http://127.0.0.1:{options.port}/hall/  or  {pdf_path}",
        f"Locked out? 帳戶被鎖？ http://127.0.0.1:{options.port}/unlock/  one-time code 一次性代碼: {code}",
    ]
    if not addresses:
        lines.append("No network found: join the hall's Wi-Fi and start again.")
        lines.append("找不到網絡：請連接會場的 Wi-Fi 後重新啟動。")
    elif len(addresses) > 1:
        others = ", ".join(f"{found.address} ({found.interface})" for found in addresses[1:])
        lines.append(f"Other addresses of this computer 本機其他位址: {others}")
    if not options.no_weather:
        start, end = settings.WEATHER_FETCH_WINDOW
        lines.append(
            f"Weather: the Observatory is read every {settings.WEATHER_FETCH_EVERY_MINUTES} minutes, "
            f"{start:%H:%M}-{end:%H:%M} on match days."
        )
    lines += [
        "Keep this computer awake and plugged in. Stop with Ctrl+C.",
        "請保持電腦開啟及接上電源；按 Ctrl+C 停止。",
        "",
    ]
    return "\n".join(lines)


def background_commands(weather: bool) -> dict[str, list[str]]:
    """The export worker, the public pages' worker, the daily forgetting of children's data past its date, and
    the weather readings."""
    commands = {
        "export worker": ["db_worker", "--no-startup-delay"],
        "public pages' worker": [
            "db_worker",
            "--backend",
            "public",
            "--no-startup-delay",
            "--interval",
            "0.5",
        ],
        "forgetting": ["forget_schedule"],
    }
    if weather:
        commands["weather readings"] = ["weather_schedule"]
    return commands


def stop_on_interrupt(background: BackgroundProcesses, serving: ServingProcesses) -> None:
    """Ctrl+C, a service manager's SIGTERM, or the terminal closing (SIGHUP, where the system has it) tells
    the background processes to stop at once and the other serving processes to stop as this one does, then
    stops waitress, which lets requests in progress finish."""

    def interrupt(signum: int, frame: Any) -> None:
        background.ask_to_stop()
        serving.ask_to_stop()
        raise KeyboardInterrupt

    hangup = getattr(signal, "SIGHUP", None)  # not on Windows, whose console stops every process it holds
    for signum in (signal.SIGINT, signal.SIGTERM, *([hangup] if hangup is not None else [])):
        signal.signal(signum, interrupt)


def main(argv: Sequence[str] | None = None) -> int:
    options = arguments(argv)
    try:
        listener = listening_socket(options.host, options.port)
    except OSError:
        print(
            f"hall: port {options.port} is in use (is the hall or `make run` already running?). "
            f"Stop it, or choose another port: python -m tableref.hall --port 8080",
            file=sys.stderr,
        )
        return 1
    code = new_unlock_code()
    url, addresses = prepare_environment(options, code)
    try:
        from tableref.hall.preparation import prepare_site

        pdf_path = prepare_site(options.state_dir)
    except KeyboardInterrupt:
        print("\nhall: stopped before it started.", flush=True)
        return 0
    from tableref.hall.server import serve

    background = BackgroundProcesses(ROOT, background_commands(not options.no_weather))
    serving = ServingProcesses(listener, serving_processes() - 1)
    stop_on_interrupt(background, serving)
    try:
        background.start()
        serving.start()
        print(banner(url, addresses, pdf_path, options, code), flush=True)
        serve(listener)
        print("\nhall: stopping ...", flush=True)
        stop_all(background, serving, grace_seconds=STOP_GRACE_SECONDS)
    except KeyboardInterrupt:
        print("\nhall: stopping at once ...", flush=True)
        stop_all(background, serving, grace_seconds=0)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a late Ctrl+C must not break the goodbye
    print("hall: stopped. Goodbye. 已停止，再見。", flush=True)
    return 0


def stop_all(background: BackgroundProcesses, serving: ServingProcesses, grace_seconds: float) -> None:
    """The other serving processes first (their requests in progress finish), then the background ones."""
    serving.stop(grace_seconds)
    background.stop(grace_seconds)
