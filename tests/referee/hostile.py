"""For `test_referee_hostile_requests.py`: the hostile values, the forms read from a page, the sender.

The forms are read from the HTML the way a browser would submit them (each field's value as the page stands,
the checked radio or the first, the selected option, each named submit button as its own way to send), so a
field added to a page later is covered without editing the test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urlsplit

from django.db import connection, transaction
from django.db.models import Max
from django.http import HttpResponse
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from core.models import AuditEntry

HUGE = "99999999999999999999999"
HOSTILE = [
    "²",  # a digit to str.isdigit(), not to int()
    "１",  # a digit to int() too, but not ASCII
    "-1",
    "0",
    "",
    str(2**63),  # one past the database's largest integer
    "x" * 3000,
    "\x00",
    "0001-01-01",
    "9999-12-31",
    "no-such-thing",
]
REFUSED = ["²", HUGE]  # enough for a role refused the page: the refusal comes before any field is read
AGAIN = ["²", "１", "-1", "", str(2**63), "\x00", "0001-01-01"]  # a form already varied field by field
# Values that pass a form's checks yet lie at the edge of what the site can compute with.
EDGE_VALUES = {
    "１",
    "-1",
    "0",
    str(2**63),
    "0001-01-01",
    "9999-12-31",
    "0001-01-01T00:00",
    "9999-12-31T23:59",
}
UNSWEPT = {"csrfmiddlewaretoken"}  # the test client does not check it
_SEAT_SUFFIX = re.compile(r"_[A-H]$")


def named_patterns(
    patterns: list | None = None, namespace: str = "", skipped: tuple[str, ...] = ("admin",)
) -> Iterator[tuple[str, URLPattern]]:
    """Every named address of the site, with its namespace ("organiser:table")."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace in skipped:
                continue
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from named_patterns(entry.url_patterns, inner, skipped)
        elif entry.name:
            yield f"{namespace}{entry.name}", entry


# --- forms read from a page ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PageForm:
    """One way to send a form: where to, how, the values a browser would send, and the button pressed."""

    action: str
    method: str
    values: tuple[tuple[str, str], ...]
    button: tuple[str, str] | None
    controls: tuple[tuple[str, str], ...] = ()  # every named field and its kind: select, radio, text...
    actions: tuple[str, ...] = ()  # what each of its buttons (or its hidden `action` field) asks for

    def data(self) -> dict[str, str]:
        data = dict(self.values)
        if self.button:
            data[self.button[0]] = self.button[1]
        return data

    def field_names(self) -> list[str]:
        names = [name for name, _ in self.controls]
        return names + ([self.button[0]] if self.button and self.button[0] not in names else [])

    def kind_of(self, name: str) -> str:
        return dict(self.controls).get(name, "text")

    def key(self) -> tuple:
        """The same form whoever saw it (its values hold each session's CSRF token and fresh keys)."""
        return (self.action, self.method, tuple(sorted(self.field_names())), self.button)

    def family(self) -> tuple:
        """The same form on any page and for any role: what it asks for, and the actions it can send."""
        return self.actions, tuple(sorted(field_kinds(self.field_names())))


class FormReader(HTMLParser):
    def __init__(self, page_path: str) -> None:
        super().__init__()
        self.page_path = page_path
        self.forms: list[PageForm] = []
        self._form: dict | None = None
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []
        self._textarea: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attributes = {key: value or "" for key, value in attrs}
        if tag == "form":
            self._form = {
                "action": urlsplit(attributes.get("action", "")).path or self.page_path,
                "method": attributes.get("method", "get").lower(),
                "values": [],
                "radios": {},
                "buttons": [],
                "controls": {},
            }
        if tag == "option" and self._select is not None:
            self._options.append((attributes.get("value", ""), "selected" in attributes))
        if self._form is None or not attributes.get("name"):
            return
        name = attributes["name"]
        kind = attributes.get("type", "text" if tag == "input" else "submit").lower()
        if tag in ("input", "button") and kind in ("submit", "image"):
            self._form["buttons"].append((name, attributes.get("value", "")))
            return
        self._form["controls"].setdefault(name, tag if tag in ("select", "textarea") else kind)
        if tag == "input" and kind == "radio":
            choices = self._form["radios"].setdefault(name, [])
            choices.append((attributes.get("value", "on"), "checked" in attributes))
        elif tag == "input" and kind == "checkbox":
            if "checked" in attributes:
                self._form["values"].append((name, attributes.get("value", "on")))
        elif tag == "input":
            self._form["values"].append((name, attributes.get("value", "")))
        elif tag == "select":
            self._select, self._options = name, []
        elif tag == "textarea":
            self._textarea, self._text = name, []

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._form is None:
            return
        if tag == "select" and self._select is not None:
            chosen = [value for value, selected in self._options if selected] or [
                value for value, _ in self._options[:1]
            ]
            self._form["values"].extend((self._select, value) for value in chosen)
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self._form["values"].append((self._textarea, "".join(self._text).lstrip("\n")))
            self._textarea = None
        elif tag == "form":
            self._close_form()

    def _close_form(self) -> None:
        form = self._form
        values = list(form["values"])
        for name, choices in form["radios"].items():
            checked = [value for value, is_checked in choices if is_checked] or [choices[0][0]]
            values.append((name, checked[0]))
        controls = tuple(form["controls"].items())
        actions = tuple(sorted({value for name, value in [*values, *form["buttons"]] if name == "action"}))
        for button in reversed(form["buttons"] or [None]):  # the main button, last by convention, first
            self.forms.append(
                PageForm(form["action"], form["method"], tuple(values), button, controls, actions)
            )
        self._form = None


def page_forms(response, path: str) -> list[PageForm]:
    if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
        return []
    reader = FormReader(path)
    reader.feed(response.content.decode())
    return reader.forms


# --- the values sent ----------------------------------------------------------------------------------------


def field_kinds(names: list[str]) -> list[str]:
    """One field per kind: `rack_B`, `rack_C`... are read as `rack_A` is, so only the first seat's varies."""
    kept, kinds = [], set()
    for name in names:
        kind = _SEAT_SUFFIX.sub("_", name)
        if name not in UNSWEPT and kind not in kinds:
            kinds.add(kind)
            kept.append(name)
    return kept


# One field at a time, a field gets the values its kind could mistake for its own (a hidden field, whose kind
# the page does not tell, gets them all); every field at once gets them all.
_EMPTY_NUL_LONG = ["", "\x00", "x" * 3000]
HOSTILE_FOR_KIND = {
    "select": ["²", "１", "", str(2**63), "\x00", "no-such-thing"],
    "radio": ["²", "１", "", str(2**63), "\x00", "no-such-thing"],
    "checkbox": ["0", "²", "\x00"],
    "number": ["²", "１", "-1", "0", str(2**63), *_EMPTY_NUL_LONG],
    "date": ["0001-01-01", "9999-12-31", "²", *_EMPTY_NUL_LONG],
    "datetime-local": ["0001-01-01T00:00", "9999-12-31T23:59", "0001-01-01", "²", *_EMPTY_NUL_LONG],
    "time": ["24:00", "²", *_EMPTY_NUL_LONG],
    "text": ["²", "１", str(2**63), *_EMPTY_NUL_LONG],
    "textarea": ["²", *_EMPTY_NUL_LONG],
    "password": ["²", *_EMPTY_NUL_LONG],
    "url": ["javascript:alert(1)", "²", *_EMPTY_NUL_LONG],
}


def one_field_hostile(data: dict, names: list[str], form: PageForm | None = None) -> Iterator[dict]:
    """Each field in turn given each hostile value for its kind, the others as in `data`."""
    for name in field_kinds(names):
        for value in HOSTILE_FOR_KIND.get(form.kind_of(name) if form else "", HOSTILE):
            yield {**data, name: value}


def all_fields_hostile(data: dict, names: list[str], values: list[str] = HOSTILE) -> Iterator[dict]:
    """Every field at once given the same hostile value."""
    for value in values:
        yield {**data, **dict.fromkeys(field_kinds(names), value)}


def only_the_action(data: dict) -> dict:
    """Every field left out but the action: a handler that reads a field it assumes is there fails here."""
    return {key: value for key, value in data.items() if key == "action"}


# --- the sender ---------------------------------------------------------------------------------------------


@dataclass
class Failure:
    role: str
    method: str
    path: str
    data: dict
    error: str

    def __str__(self) -> str:
        shown = {key: value if len(value) <= 60 else value[:60] + "…" for key, value in self.data.items()}
        return f"{self.role} {self.method.upper()} {self.path} {shown!r}: {self.error}"


def refuse_nul(execute, sql, params, many, context):
    """PostgreSQL refuses a NUL character in a string; SQLite would let it through unnoticed."""
    for row in (params or []) if many else [params or []]:
        values = row.values() if isinstance(row, dict) else row
        if any(isinstance(value, str) and "\x00" in value for value in values):
            raise ValueError("a NUL character reached the database")
    return execute(sql, params, many, context)


class Prober:
    """Sends each request once, in a transaction rolled back afterwards, and keeps every server error.

    A write accepted with an edge value (the audit log grew) is followed, before the rollback, by a visit to
    the pages that read everything (`aftermath`): a stored value must not break another page later."""

    def __init__(
        self,
        clients: dict[str, Client],
        users: dict,
        fresh_session_paths: tuple[str, ...],
        aftermath: list[tuple[str, str]] = (),
    ) -> None:
        self.clients = clients
        self.users = users
        self.fresh_session_paths = fresh_session_paths
        self.aftermath = list(aftermath)
        self.failures: list[Failure] = []
        self.sent = 0
        self._seen: set[tuple] = set()

    def send(self, role: str, method: str, path: str, data: dict) -> HttpResponse | None:
        key = (role, method, path, tuple(sorted(data.items())))
        if key in self._seen:
            return None
        self._seen.add(key)
        self.sent += 1
        client = self.clients[role]
        if path in self.fresh_session_paths:  # logging in or out changes the session: use a client of its own
            client = Client(raise_request_exception=False)
            if self.users[role] is not None:
                client.force_login(self.users[role])
        with transaction.atomic(), connection.execute_wrapper(refuse_nul):
            last_write = AuditEntry.objects.aggregate(last=Max("pk"))["last"] or 0
            response = getattr(client, method)(path, data)
            self._check(response, role, method, path, data)
            edgy = method == "post" and EDGE_VALUES.intersection(data.values())
            if edgy and AuditEntry.objects.filter(pk__gt=last_write).exists():
                for reader, page in self.aftermath:
                    after = self.clients[reader].get(page)
                    self._check(after, reader, "get", page, {"after": f"{method} {path} {data!r}"[:300]})
            transaction.set_rollback(True)
        return response

    def _check(self, response: HttpResponse, role: str, method: str, path: str, data: dict) -> None:
        if response.status_code >= 500:
            exc_info = getattr(response, "exc_info", None)
            error = f"{exc_info[0].__name__}: {exc_info[1]}" if exc_info else str(response.status_code)
            self.failures.append(Failure(role, method, path, data, error))

    def report(self) -> str:
        shown = "\n".join(str(failure) for failure in self.failures[:60])
        return f"{len(self.failures)} of {self.sent} requests answered with a server error:\n{shown}"
