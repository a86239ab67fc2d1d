"""`make hall`: prepare the laptop's site for the day, show the address, and run the server and the weather.

One process starts three: gunicorn (the site, on every interface), `manage.py export_worker` (the long
exports, made outside the web requests) and `manage.py weather_schedule` (the Observatory on match mornings;
one process, so the feed is read once however many web workers there are). If one stops, the others are
stopped too, and Ctrl+C stops them all.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from tableref.environment import env_int, env_list
from tableref.hall.addresses import NetworkAddress, host_names, machine_addresses
from tableref.hall.secret import hall_secret_key

ROOT = Path(__file__).resolve().parents[2]
STOP_GRACE_SECONDS = 25


class Stopped(Exception):
    """SIGTERM or SIGHUP (the terminal was closed): stop the children as Ctrl+C would."""


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="make hall", description=__doc__)
    parser.add_argument("--port", type=int, default=env_int("PORT", 8000, minimum=1))
    parser.add_argument("--no-weather", action="store_true", help="do not read the Observatory")
    parser.add_argument(
        "--state-dir",
        type=Path,
        default=Path(os.environ.get("HALL_STATE_DIR") or ROOT / "var" / "hall"),
        help="where the secret key and the noticeboard PDF are kept (default var/hall)",
    )
    return parser.parse_args(argv)


def hall_url(address: str, port: int) -> str:
    return f"http://{address}/" if port == 80 else f"http://{address}:{port}/"


def allowed_hosts(addresses: list[NetworkAddress]) -> list[str]:
    """This machine by every name a phone or the laptop itself may use, plus any the environment adds."""
    names = [*(found.address for found in addresses), *host_names(), "127.0.0.1", "localhost"]
    names += env_list("ALLOWED_HOSTS")
    return list(dict.fromkeys(names))


def port_is_free(port: int) -> bool:
    """Bind and release: nothing is sent anywhere."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def prepare_environment(options: argparse.Namespace) -> tuple[str, list[NetworkAddress]]:
    """DEBUG off, the kept secret key, the allowed hosts and the hall's address, for this process and its
    children; settings are read from the environment when Django starts."""
    addresses = machine_addresses()
    address = os.environ.get("HALL_ADDRESS", "").strip() or (
        addresses[0].address if addresses else "127.0.0.1"
    )
    url = hall_url(address, options.port)
    os.environ.update(
        {
            "DEBUG": "0",
            "SECRET_KEY": hall_secret_key(options.state_dir / "secret-key"),
            "ALLOWED_HOSTS": ",".join(allowed_hosts(addresses)),
            "HALL_URL": url,
            "PORT": str(options.port),
            "DJANGO_SETTINGS_MODULE": "tableref.settings",
        }
    )
    return url, addresses


def prepare_site(state_dir: Path) -> Path:
    """Static files under hashed names, the database migrated, the cache table, the noticeboard PDF."""
    import django
    from django.core.management import call_command
    from django.db import connections

    django.setup()
    print("hall: preparing the static files and the database ...", flush=True)
    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("migrate", interactive=False, verbosity=0)
    call_command("createcachetable", verbosity=0)
    from django.conf import settings

    from tableref.hall.noticeboard import Noticeboard
    from tableref.hall.noticeboard_pdf import noticeboard_pdf

    pdf_path = state_dir / "noticeboard.pdf"
    pdf_path.write_bytes(noticeboard_pdf(Noticeboard(settings.HALL_URL, settings.HALL_WIFI)))
    connections.close_all()
    return pdf_path


def banner(url: str, addresses: list[NetworkAddress], pdf_path: Path, port: int, weather: bool) -> str:
    from django.conf import settings

    from tableref.hall.noticeboard import Noticeboard

    lines = [
        "",
        "TableRef is running for the hall.  TableRef 已在會場運行。",
        "",
        f"    Referees type  評審員輸入:  {url}",
        "",
        Noticeboard(url, settings.HALL_WIFI).qr_terminal(),
        f"Noticeboard to print 告示（可列印）: http://127.0.0.1:{port}/hall/  or  {pdf_path}",
    ]
    if not addresses:
        lines.append("No network found: join the hall's Wi-Fi and start again.")
        lines.append("找不到網絡：請連接會場的 Wi-Fi 後重新啟動。")
    elif len(addresses) > 1:
        others = ", ".join(f"{found.address} ({found.interface})" for found in addresses[1:])
        lines.append(f"Other addresses of this computer 本機其他位址: {others}")
    if weather:
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


def start_children(port: int, weather: bool) -> dict[str, subprocess.Popen]:
    server = [
        sys.executable,
        "-m",
        "gunicorn",
        "--config",
        "python:tableref.gunicorn_config",
        "--bind",
        f"0.0.0.0:{port}",
        "tableref.wsgi:application",
    ]
    children = {
        "web server": subprocess.Popen(server, cwd=ROOT),
        "export worker": subprocess.Popen([sys.executable, "manage.py", "export_worker"], cwd=ROOT),
    }
    if weather:
        children["weather readings"] = subprocess.Popen(
            [sys.executable, "manage.py", "weather_schedule"], cwd=ROOT
        )
    return children


def stop_children(children: dict[str, subprocess.Popen]) -> None:
    for child in children.values():
        if child.poll() is None:
            child.terminate()
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for child in children.values():
        try:
            child.wait(timeout=max(deadline - time.monotonic(), 0.1))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def supervise(children: dict[str, subprocess.Popen]) -> int:
    """Wait until a child stops by itself (then stop the others) or we are told to stop."""

    def stopped(signum: int, frame: object) -> None:
        raise Stopped

    signal.signal(signal.SIGTERM, stopped)
    signal.signal(signal.SIGHUP, stopped)
    try:
        while True:
            for name, child in children.items():
                code = child.poll()
                if code is not None:
                    print(f"hall: the {name} stopped (exit status {code}); stopping.", file=sys.stderr)
                    return code or 1
            time.sleep(0.5)
    except (KeyboardInterrupt, Stopped):
        print("\nhall: stopping ...", flush=True)
        return 0
    finally:
        stop_children(children)


def main(argv: Sequence[str] | None = None) -> int:
    options = arguments(argv)
    if not port_is_free(options.port):
        print(
            f"hall: port {options.port} is in use (is `make hall` or `make run` already running?). "
            f"Stop it, or choose another port: PORT=8080 make hall",
            file=sys.stderr,
        )
        return 1
    url, addresses = prepare_environment(options)
    pdf_path = prepare_site(options.state_dir)
    print(banner(url, addresses, pdf_path, options.port, not options.no_weather), flush=True)
    return supervise(start_children(options.port, not options.no_weather))
