"""Invariants on random inputs: zero-sum games, equal shares, valid meld sets, and no crash on any input."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import (
    GameInput,
    MatchOptions,
    PlayerInput,
    ScoringError,
    all_rulesets,
    decide_match,
    get_ruleset,
    max_meld,
    parse_tiles,
    read_set,
    restore,
    score_game,
)
from scoring.cli import respond
from scoring.commands import COMMANDS

RULESET_KEYS = [r.key for r in all_rulesets()]
RUMMIKUB_KEYS = [r.key for r in all_rulesets() if r.is_rummikub]
quick = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def full_deck(key: str) -> list[str]:
    deck = get_ruleset(key).deck
    return [t for t in deck.all_tokens() for _ in range(deck.copies(t))]


@st.composite
def legal_games(draw: st.DrawFn, key: str) -> GameInput:
    rules = get_ruleset(key)
    count = draw(st.integers(rules.min_players, rules.max_players))
    deck = draw(st.permutations(full_deck(key)))
    ending = "went-out" if not rules.is_rummikub else draw(st.sampled_from(["went-out", "pool-exhausted"]))
    winner = draw(st.integers(0, count - 1)) if ending == "went-out" else None
    players = []
    for seat in range(count):
        letter = chr(65 + seat)
        if seat == winner:
            players.append(PlayerInput(letter, went_out=True))
            continue
        rack = deck[: draw(st.integers(1, 14))]
        deck = deck[len(rack) :]
        value = sum(rules.deck.points(t) for t in rack)
        if rules.is_rummikub and value == 0:
            continue
        form = draw(st.sampled_from(["rack", "value", "both"]))
        melded = draw(st.booleans())
        could = None if form != "value" or melded else draw(st.booleans())
        players.append(
            PlayerInput(
                letter,
                rack=" ".join(rack) if form != "value" else None,
                rack_value=value if form != "rack" else None,
                made_initial_meld=melded,
                could_meld=could,
            )
        )
    if len(players) < rules.min_players:
        players.append(PlayerInput(chr(65 + count), rack_value=7))
    return GameInput(key, ending, tuple(players))


@st.composite
def any_legal_game(draw: st.DrawFn) -> GameInput:
    return draw(legal_games(draw(st.sampled_from(RULESET_KEYS))))


@quick
@given(any_legal_game())
def test_rummikub_games_sum_to_zero_and_winners_share_equally(game):
    result = score_game(game)
    scores = [p.score for p in result.players]
    winners = [p for p in result.players if p.won]
    assert [p.seat for p in winners] == list(result.winners)
    assert len({p.score for p in winners}) == 1
    if get_ruleset(game.ruleset).is_rummikub:
        assert sum(scores) == 0
        if game.ending == "pool-exhausted":
            lowest = min(p.penalty for p in result.players)
            assert all(p.penalty == lowest for p in winners)
            assert all(p.score == lowest - p.penalty for p in result.players if not p.won)
    else:
        assert winners[0].score == sum(p.penalty for p in result.players)
        assert all(p.score == 0 for p in result.players if not p.won)


@quick
@given(st.sampled_from(RUMMIKUB_KEYS).flatmap(lambda key: st.lists(legal_games(key), min_size=1, max_size=4)))
def test_a_match_of_legal_games_sums_to_zero_and_ranks_consistently(games):
    seats = [p.seat for p in games[0].players]
    games = [g for g in games if [p.seat for p in g.players] == seats]
    results = [score_game(g) for g in games]
    for credit in ("full", "split"):
        match = decide_match(games[0].ruleset, results, MatchOptions(shared_win_credit=credit))
        assert sum(p.total for p in match.players) == 0
        keys = {p.seat: (p.games_won, p.total) for p in match.players}
        for player in match.players:
            assert player.rank == 1 + sum(1 for key in keys.values() if key > keys[player.seat])
        if match.winner is not None:
            assert [p.seat for p in match.players if p.rank == 1] == [match.winner]


@st.composite
def racks(draw: st.DrawFn) -> tuple[str, tuple[str, ...]]:
    key = draw(st.sampled_from(RUMMIKUB_KEYS))
    deck = draw(st.permutations(full_deck(key)))
    return key, tuple(deck[: draw(st.integers(0, 14))])


@quick
@given(racks())
def test_meld_sets_are_valid_drawn_from_the_rack_and_add_up(case):
    key, rack = case
    for solve, purpose in ((max_meld, "value"), (restore, "tiles")):
        result = solve(key, rack)
        readings = [read_set(key, list(laid)) for laid in result.sets]
        assert Counter(t for laid in result.sets for t in laid) + Counter(result.unplaced) == Counter(rack)
        if purpose == "value":
            assert result.value == sum(r.value for r in readings)
        else:
            assert result.value == sum(len(laid) for laid in result.sets)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["hk-school", "standard", "six-player"]),
    st.lists(st.sampled_from(["R4", "R5", "R6", "R7", "R8", "K6", "B6", "J"]), min_size=3, max_size=6),
)
def test_where_runs_go_either_way_a_set_and_its_reverse_read_the_same(key, tokens):
    """RULES.md: `R7 R6 R5` is the run R5-R7. A set laid backwards holds the same tiles for the same value."""
    try:
        forwards = read_set(key, tokens)
    except ScoringError:
        forwards = None
    try:
        backwards = read_set(key, list(reversed(tokens)))
    except ScoringError:
        backwards = None
    assert (forwards is None) == (backwards is None)
    if forwards is not None and backwards is not None:
        assert (forwards.kind, forwards.value) == (backwards.kind, backwards.value)
        assert sorted(forwards.reads) == sorted(backwards.reads) or forwards.kind == "group"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(RULESET_KEYS), st.text(max_size=60))
def test_parsing_any_text_gives_tiles_or_a_clear_error(key, text):
    try:
        tokens = parse_tiles(key, text)
    except ScoringError as error:
        assert error.code in {"bad-tile", "bad-card", "too-many-copies"}
    else:
        assert set(tokens) <= set(get_ruleset(key).deck.all_tokens())


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(RUMMIKUB_KEYS),
    st.lists(st.sampled_from(["R1", "R2", "R13", "K1", "J", "D", "C", "M", "B2", "Y3", "X"]), max_size=9),
)
def test_reading_any_set_gives_a_reading_or_a_clear_error(key, tokens):
    try:
        reading = read_set(key, tokens)
    except ScoringError as error:
        assert error.code
        assert error.message
    else:
        assert reading.value >= 0
        assert reading.kind in {"group", "run", "mirror"}


JSON_KEYS = st.sampled_from(
    [
        "ruleset",
        "ending",
        "players",
        "seat",
        "went_out",
        "rack",
        "rack_value",
        "made_initial_meld",
        "could_meld",
        "games",
        "options",
        "shared_win_credit",
        "games_per_table",
        "target",
        "set",
        "tiles",
        "incident",
        "tiles_left_over",
        "small_set",
        "strict",
        "last_card",
        "drawn",
    ]
)
JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 600),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(
        RULESET_KEYS
        + ["went-out", "pool-exhausted", "A", "B", "R1 R2 R3 J", "full", "split", "overtime"]
        + ["紅3黑4，百搭", "RD", "W4", "R1R2 R3", "incomplete-move-forgotten"]
    ),
)
JSON_DOCUMENTS = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(JSON_KEYS, inner, max_size=6)),
    max_leaves=25,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(COMMANDS)), JSON_DOCUMENTS)
def test_no_json_document_makes_any_command_fail_internally(command, document):
    answer, code = respond(command, json.dumps(document).encode())
    assert code in (0, 2)
    json.dumps(answer)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=80))
def test_no_bytes_make_the_command_line_fail_internally(raw):
    answer, code = respond("score-game", raw)
    assert code in (0, 2)
    assert "error" in answer or isinstance(answer, (dict, list))


def mostly(good: st.SearchStrategy) -> st.SearchStrategy:
    """Plausible values with one in ten junk, so that inputs get past the type checks to the rules."""
    return st.integers(0, 9).flatmap(lambda roll: JSON_SCALARS if roll == 0 else good)


RACKS = st.sampled_from(
    ["R1 R2 R3", "R10 R11 R12 J", "J", "K13 B13 Y13 R13", "R5", "D C M", "W4 R7", "GS", "", "R5 R5"]
)
PLAYER_FACTS = st.fixed_dictionaries(
    {},
    optional={
        "went_out": mostly(st.booleans()),
        "rack": mostly(RACKS),
        "rack_value": mostly(st.integers(0, 120)),
        "made_initial_meld": mostly(st.booleans()),
        "could_meld": mostly(st.booleans()),
        "drawn": mostly(st.sampled_from(["R1 R2", "W4 W4 W4 W4", "GD RS", ""])),
    },
)
GAME_DOCUMENTS = st.fixed_dictionaries(
    {
        "ruleset": st.sampled_from(RULESET_KEYS),
        "ending": st.sampled_from(["went-out", "pool-exhausted", "x"]),
        "players": st.lists(PLAYER_FACTS, max_size=5).map(
            lambda players: [{"seat": chr(65 + i), **facts} for i, facts in enumerate(players)]
        ),
    },
    optional={
        "options": mostly(st.fixed_dictionaries({}, optional={"small_set": mostly(st.booleans())})),
        "last_card": mostly(st.sampled_from(["RD", "W4", "R7", "W"])),
    },
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAME_DOCUMENTS)
def test_no_game_shaped_document_fails_internally_and_successes_sum_to_zero(document):
    answer, code = respond("score-game", json.dumps(document).encode())
    assert code in (0, 2)
    if code == 0 and document["ruleset"] != "uno":
        assert abs(sum(p["score"] for p in answer["players"])) < 0.05
