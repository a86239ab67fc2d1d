"""The load bench's clients: referees who log in, open their table, save three games and sign off through the
real forms (GET the page, read the form and its CSRF token, POST it as a browser would, follow the
redirect), and parents whose phones keep the public standings open, which checks every 15 seconds whether the
table changed. Every request's time as the client felt it is kept by kind; every save is remembered with its
submission key and whether the server acknowledged it."""

from __future__ import annotations

import os
import re
import resource
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser

import httpx

from benchmarks.page_reader import Answer, PageReader, ReadError

TIMEOUT = httpx.Timeout(120.0, connect=10.0)
# A connection closed or reset with no answer: not a server that is down (that is a ConnectError).
DROPPED = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)
# What nginx answers when the server behind it is down: to a phone, the same as a refused connection.
GATEWAY_DOWN = frozenset({502, 503, 504})
# Parents' phones with the public standings open (the short run: fewer, checking more often, the same pace).
PARENTS = int(os.environ.get("BENCH_PARENTS", "80" if os.environ.get("BENCH_QUICK") == "1" else "400"))
POLL_SECONDS = 15.0  # static/js/standings.js, unless the page's data-refresh-seconds says otherwise
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
    """Seconds by kind of request, errors by kind, answers by status (the parents'), shared by every client
    thread. `phase` says whether the referees are still logging in or already at their tables, so that the
    parents' figures are kept apart."""

    seconds: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    resent: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    lock: threading.Lock = field(default_factory=threading.Lock)
    answers: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    received: dict[str, int] = field(
        default_factory=lambda: defaultdict(int)
    )  # bytes of the parents' answers
    phase: str = LOGINS
    parents_cpu: float = 0.0  # seconds of CPU the parents' own process spent, on the server's cores

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.seconds[kind].append(seconds)

    def answered(self, kind: str, status: int, size: int = 0) -> None:
        with self.lock:
            self.answers[kind][status] += 1
            self.received[kind] += size

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
        """One request as a browser sends it: one the server dropped unanswered (a kept-alive connection the
        server closed as the request came) goes once more on a new connection, and is counted. Browsers do
        the same, and a save carries its submission key, so it is never doubled."""
        started = time.perf_counter()
        try:
            response = self.client.request(method, url, data=data)
        except DROPPED:
            self.timings.dropped(kind)
            response = self.client.request(method, url, data=data)
        self.timings.add(kind, time.perf_counter() - started)
        if response.status_code >= 400:
            self.timings.error(kind, f"{method} {url}: {response.status_code}")
        if response.status_code in GATEWAY_DOWN:
            raise httpx.HTTPStatusError(
                f"{response.status_code} from the proxy: the server behind it is down",
                request=response.request,
                response=response,
            )
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


PAGE_KINDS = {LOGINS: "standings page, logins", PLAY: "standings page"}
POLL_KINDS = {LOGINS: "standings poll, logins", PLAY: "standings poll"}
SCRIPT_ATTRIBUTES = re.compile(r'data-(standings-fragment|etag|refresh-seconds)="([^"]*)"')


@dataclass(frozen=True)
class StandingsScript:
    """What the page's script (`static/js/standings.js`) reads from the page: the fragment's address, the
    table's ETag and how many seconds to wait between two checks."""

    fragment: str
    etag: str
    seconds: float


def standings_script(html: str) -> StandingsScript | None:
    """The script's three attributes from the public standings page, unescaped as a browser reads them; None
    when the page has no live table (standings not released)."""
    found = {name: unescape(value) for name, value in SCRIPT_ATTRIBUTES.findall(html)}
    if "standings-fragment" not in found:
        return None
    seconds = float(found["refresh-seconds"]) if found.get("refresh-seconds", "").isdigit() else POLL_SECONDS
    return StandingsScript(found["standings-fragment"], found.get("etag", ""), seconds)


class Parent:
    """One parent's phone on the public standings, doing what the page does: load the page once, then, every
    `seconds` after the last answer, ask for the table's fragment with `If-None-Match: <ETag>` (the page's,
    then the last 200's). Each answer's time goes to `timings` by phase, its status to `timings.answers`."""

    def __init__(self, reader: PageReader, slug: str, timings: Timings, seconds: float | None = None) -> None:
        self.reader, self.path, self.timings = reader, f"/t/{slug}/standings/", timings
        self.script: StandingsScript | None = None
        self.etag = ""
        self.seconds = seconds

    @property
    def pause(self) -> float:
        """Seconds until the next check: the page's own, unless the bench says otherwise."""
        if self.seconds is not None:
            return self.seconds
        return self.script.seconds if self.script else POLL_SECONDS

    def step(self) -> None:
        """The page's next request: the page itself until it has loaded, then a check of the table."""
        if self.script is None:
            self._open_page()
        else:
            self._check()

    def _open_page(self) -> None:
        kind = PAGE_KINDS[self.timings.phase]
        answer = self._get(kind, self.path, {})
        if answer is None:
            return
        if answer.status != 200:
            self.timings.error(kind, str(answer.status))
            return
        self.script = standings_script(answer.body.decode("utf-8", "replace"))
        if self.script is None:
            self.timings.error(kind, "no live standings on the page")
            return
        self.etag = self.script.etag

    def _check(self) -> None:
        assert self.script is not None
        kind = POLL_KINDS[self.timings.phase]
        answer = self._get(kind, self.script.fragment, {"If-None-Match": self.etag})
        if answer is None:
            return
        if answer.status == 200:
            self.etag = answer.header("etag") or self.etag
        elif answer.status != 304:
            self.timings.error(kind, str(answer.status))

    def _get(self, kind: str, path: str, headers: dict[str, str]) -> Answer | None:
        started = time.perf_counter()
        try:
            answer = self.reader.get(path, headers)
        except (OSError, ReadError) as error:  # the Wi-Fi dropped, as the page sees it: next tick
            self.reader.close()
            self.timings.error(kind, type(error).__name__)
            return None
        self.timings.add(kind, time.perf_counter() - started)
        self.timings.answered(kind, answer.status, len(answer.body))
        return answer


def parent_phone(
    base_url: str,
    slug: str,
    timings: Timings,
    stop: threading.Event,
    deadline: float,
    first_after: float,
    seconds: float | None,
) -> None:
    """One parent, from opening the page `first_after` seconds in until told to stop."""
    address = httpx.URL(base_url)
    reader = PageReader(address.host, address.port or 80, timeout=TIMEOUT.read or 120.0)
    parent = Parent(reader, slug, timings, seconds)
    try:
        if stop.wait(first_after):
            return
        while not stop.is_set() and time.monotonic() < deadline:
            parent.step()
            stop.wait(max(min(parent.pause, deadline - time.monotonic()), 0))
    finally:
        reader.close()


def parents_process(
    base_url: str,
    slug: str,
    count: int,
    playing,
    stop,
    seconds: float,
    results,
    poll_seconds: float | None = None,
) -> None:
    """`count` parents in a process of their own, as their phones are their own: the referees' threads then
    never wait for the parents' share of one Python interpreter. They open the page one after another over
    one polling interval, so that their checks are spread as a hall's are. `playing` and `stop` are the
    parent's multiprocessing events; the timings go back through `results`, a multiprocessing queue."""
    threading.stack_size(256 * 1024)  # hundreds of threads that mostly wait
    timings = Timings()
    deadline = time.monotonic() + seconds
    finished = threading.Event()
    spread = poll_seconds if poll_seconds is not None else POLL_SECONDS
    phones = [
        threading.Thread(
            target=parent_phone,
            args=(base_url, slug, timings, finished, deadline, spread * number / max(count, 1), poll_seconds),
            daemon=True,
        )
        for number in range(count)
    ]
    for phone in phones:
        phone.start()
    while not stop.wait(0.05) and time.monotonic() < deadline:
        if playing.is_set():
            timings.phase = PLAY
    finished.set()
    for phone in phones:
        phone.join(10)
    used = resource.getrusage(resource.RUSAGE_SELF)
    with timings.lock:
        answers = {kind: dict(counted) for kind, counted in timings.answers.items()}
        cpu = used.ru_utime + used.ru_stime
        results.put((dict(timings.seconds), dict(timings.errors), answers, dict(timings.received), cpu))


def merge(timings: Timings, sent: tuple[dict, dict, dict, dict, float]) -> None:
    """The parents' process's timings, answers, bytes received and CPU seconds into the run's."""
    seconds, errors, answers, received, cpu = sent
    with timings.lock:
        timings.parents_cpu += cpu
        for kind, values in seconds.items():
            timings.seconds[kind].extend(values)
        for kind, found in errors.items():
            timings.errors[kind].extend(found)
        for kind, counted in answers.items():
            timings.answers[kind].update(counted)
        for kind, size in received.items():
            timings.received[kind] += size


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
