"""The load bench's clients: referees who log in, open their table, save three games and sign off through the
real forms (GET the page, read the form and its CSRF token, POST it as a browser would, follow the
redirect), and readers who reload the public standings. Every request's time as the client felt it is kept
by kind; every save is remembered with its submission key and whether the server acknowledged it."""

from __future__ import annotations

import os
import re
import resource
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser

import httpx

from benchmarks.page_reader import PageReader, ReadError

TIMEOUT = httpx.Timeout(120.0, connect=10.0)
# A connection closed or reset with no answer: not a server that is down (that is a ConnectError).
DROPPED = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)
READERS = int(os.environ.get("BENCH_READERS", "20"))  # parents reloading the public standings
# A went-out game as the bench site's save: seat A goes out, the others hold racks.
GAME = {
    "ending": "went-out",
    "went_out": "A",
    "rack_B": "R3 K4 J",
    "rack_value_C": "21",
    "rack_D": "B10 Y1",
    "made_initial_meld_B": "on",
    "made_initial_meld_C": "on",
    "made_initial_meld_D": "on",
}


class FormReader(HTMLParser):
    """Every form of a page: its fields' default values and its submit buttons' (name, value)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self._current: dict | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._current = {"fields": {}, "buttons": [], "method": values.get("method", "get")}
            self.forms.append(self._current)
        elif self._current is not None and tag in ("input", "button") and values.get("name"):
            kind = values.get("type", "submit" if tag == "button" else "text")
            if kind == "submit":
                self._current["buttons"].append((values["name"], values.get("value", "")))
            elif kind not in ("checkbox", "radio") or "checked" in values:
                self._current["fields"].setdefault(values["name"], values.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._current = None


FORM = re.compile(r"<form\b.*?</form>", re.DOTALL | re.IGNORECASE)


def forms_of(html: str) -> list[dict]:
    """Only the page's forms are parsed: the rest of a table page took three quarters of the parsing, on the
    cores the server runs on, and held up the other referees' threads meanwhile."""
    reader = FormReader()
    for form in FORM.finditer(html):
        reader.feed(form.group())
    return reader.forms


def form_with(html: str, action: str) -> dict | None:
    """The form that sends `action` (a button's value or a hidden field's)."""
    for form in forms_of(html):
        if form["fields"].get("action") == action or ("action", action) in form["buttons"]:
            return form
    return None


LOGINS, PLAY = "logins", "play"


@dataclass
class Timings:
    """Seconds by kind of request, errors by kind, shared by every client thread. `phase` says whether the
    referees are still logging in or already at their tables, so that the readers' figures are kept apart."""

    seconds: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    resent: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    lock: threading.Lock = field(default_factory=threading.Lock)
    phase: str = LOGINS
    readers_cpu: float = 0.0  # seconds of CPU the readers' own process spent, on the server's cores

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.seconds[kind].append(seconds)

    def error(self, kind: str, what: str) -> None:
        with self.lock:
            self.errors[kind].append(what)

    def dropped(self, kind: str, times: int = 1) -> None:
        with self.lock:
            self.resent[kind] += times


@dataclass
class Save:
    table: int
    number: int
    key: str
    acknowledged: bool = False


class Referee:
    """One phone: its own cookies and connection, its table, the saves it sent."""

    def __init__(self, base_url: str, username: str, password: str, table_pk: int, timings: Timings) -> None:
        self.client = httpx.Client(base_url=base_url, timeout=TIMEOUT, follow_redirects=False)
        self.username, self.password, self.table_pk = username, password, table_pk
        self.timings = timings
        self.saves: list[Save] = []
        self.page = ""
        self.logged_in_at: float | None = None
        self.signed_off = False
        self.resent = 0
        self.duplicate_acknowledged: bool | None = None

    def send(self, kind: str, method: str, url: str, data: dict | None = None) -> httpx.Response:
        """One request as a browser sends it: one the server dropped unanswered (a gunicorn process replaced
        as it came, with the phone's kept-alive connection) goes once more on a new connection, and is
        counted. Browsers do the same, and a save carries its submission key, so it is never doubled."""
        started = time.perf_counter()
        try:
            response = self.client.request(method, url, data=data)
        except DROPPED:
            self.timings.dropped(kind)
            response = self.client.request(method, url, data=data)
        self.timings.add(kind, time.perf_counter() - started)
        if response.status_code >= 400:
            self.timings.error(kind, f"{method} {url}: {response.status_code}")
        return response

    def login(self) -> None:
        page = self.send("login page", "GET", "/login/").text
        form = next(form for form in forms_of(page) if "password" in form["fields"])
        data = {**form["fields"], "username": self.username, "password": self.password}
        response = self.send("login", "POST", "/login/", data)
        if response.status_code != 302:
            raise RuntimeError(f"{self.username} could not log in ({response.status_code})")
        self.logged_in_at = time.monotonic()

    @property
    def table_url(self) -> str:
        return f"/referee/tables/{self.table_pk}/"

    def open_table(self, kind: str = "table page") -> None:
        self.page = self.send(kind, "GET", self.table_url).text

    def save_game(self, *, resend: Save | None = None) -> Save:
        """Save the next game as the page's form says; `resend` sends an earlier save again, same key."""
        form = form_with(self.page, "save-game")
        if form is None and resend is None:
            raise RuntimeError(f"table {self.table_pk}: no game form on the page")
        fields = form["fields"] if form else {"csrfmiddlewaretoken": self.csrf_token()}
        data = {**fields, **GAME, "action": "save-game"}
        if resend is not None:
            data.update(submission=resend.key, game_number=str(resend.number))
        save = resend or Save(self.table_pk, int(data["game_number"]), data["submission"])
        if resend is None:
            self.saves.append(save)
        response = self.send("save", "POST", self.table_url, data)
        if response.status_code == 302:
            save.acknowledged = True
            self.open_table()  # the browser follows the redirect to the table page
        return save

    def csrf_token(self) -> str:
        return next(
            (
                form["fields"]["csrfmiddlewaretoken"]
                for form in forms_of(self.page)
                if "csrfmiddlewaretoken" in form["fields"]
            ),
            "",
        )

    def sign_off(self) -> None:
        form = form_with(self.page, "sign-off")
        if form is None:
            raise RuntimeError(f"table {self.table_pk}: no sign-off form on the page")
        response = self.send("sign-off", "POST", self.table_url, {**form["fields"], "action": "sign-off"})
        if response.status_code == 302:
            self.signed_off = True
            self.open_table()

    def close(self) -> None:
        self.client.close()


def read_standings(
    base_url: str, slug: str, timings: Timings, stop: threading.Event, deadline: float
) -> None:
    """A parent reloading the public standings as fast as the server answers, until told to stop. Reloads
    during the morning's logins are kept apart ("public standings, logins") from those while referees play.
    The reloads go through `PageReader`, which takes the server's cores as little as a phone would."""
    address = httpx.URL(base_url)
    reader = PageReader(address.host, address.port or 80, timeout=TIMEOUT.read or 120.0)
    path = f"/t/{slug}/standings/"
    try:
        while not stop.is_set() and time.monotonic() < deadline:
            kind = READER_KINDS[timings.phase]
            started = time.perf_counter()
            try:
                status, _body = reader.get(path)
            except (OSError, ReadError) as error:
                reader.close()
                timings.error(kind, type(error).__name__)
                continue
            timings.add(kind, time.perf_counter() - started)
            if status != 200:
                timings.error(kind, str(status))
    finally:
        reader.close()


READER_KINDS = {LOGINS: "public standings, logins", PLAY: "public standings"}


def readers_process(base_url: str, slug: str, count: int, playing, stop, seconds: float, results) -> None:
    """`count` parents in a process of their own, as their phones are their own: the referees' threads then
    never wait for the readers' share of one Python interpreter. `playing` and `stop` are the parent's
    multiprocessing events; the timings go back through `results`, a multiprocessing queue."""
    timings = Timings()
    deadline = time.monotonic() + seconds
    finished = threading.Event()
    readers = [
        threading.Thread(
            target=read_standings, args=(base_url, slug, timings, finished, deadline), daemon=True
        )
        for _ in range(count)
    ]
    for reader in readers:
        reader.start()
    while not stop.wait(0.05) and time.monotonic() < deadline:
        if playing.is_set():
            timings.phase = PLAY
    finished.set()
    for reader in readers:
        reader.join(10)
    used = resource.getrusage(resource.RUSAGE_SELF)
    with timings.lock:
        results.put((dict(timings.seconds), dict(timings.errors), used.ru_utime + used.ru_stime))


def merge(timings: Timings, sent: tuple[dict, dict, float]) -> None:
    """The readers' process's timings and CPU seconds into the run's."""
    seconds, errors, cpu = sent
    with timings.lock:
        timings.readers_cpu += cpu
        for kind, values in seconds.items():
            timings.seconds[kind].extend(values)
        for kind, found in errors.items():
            timings.errors[kind].extend(found)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
