"""The worked examples of RULES.md and the seeds, as command-line inputs with their expected outputs."""

from __future__ import annotations

from typing import Any


def went_out(winner: str, **racks: int) -> dict[str, Any]:
    seats = sorted({winner, *racks})
    return {
        "ending": "went-out",
        "players": [
            {"seat": s, "went_out": True} if s == winner else {"seat": s, "rack_value": racks[s]}
            for s in seats
        ],
    }


def exhausted(**racks: int) -> dict[str, Any]:
    return {
        "ending": "pool-exhausted",
        "players": [{"seat": s, "rack_value": v} for s, v in sorted(racks.items())],
    }


SCHOOL_SHEET_GAMES = [
    went_out("B", A=7, C=61, D=50),
    went_out("B", A=12, C=2, D=23),
    went_out("C", A=49, B=32, D=17),
]
STANDARD_TABLE_GAMES = [
    went_out("A", B=5, C=16, D=3),
    went_out("C", A=6, B=11, D=5),
    went_out("D", A=32, B=13, C=2),
    went_out("C", A=10, B=25, D=6),
]
# Seed 003's table, its lost minus signs restored (every row then sums to zero, and so do the totals).
SIX_PLAYER_TABLE_GAMES = [
    went_out("A", B=5, C=16, D=3),
    went_out("C", A=6, B=11, D=5),
    went_out("D", A=32, B=13, C=2),
]

# (command, input, expected output)
EXAMPLES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "score-game",
        {
            "ruleset": "hk-school",
            "ending": "went-out",
            "players": [
                {"seat": "A", "went_out": True},
                {"seat": "B", "rack": "R3 R4 K13 J", "made_initial_meld": True},
                {"seat": "C", "rack_value": 15, "made_initial_meld": True},
                {"seat": "D", "rack_value": 40, "made_initial_meld": False, "could_meld": True},
            ],
        },
        {
            "ruleset": "hk-school",
            "ending": "went-out",
            "winners": ["A"],
            "players": [
                {"seat": "A", "rack_value": 0, "penalty": 0, "score": 265, "basis": "went-out"},
                {"seat": "B", "rack_value": 50, "penalty": 50, "score": -50, "basis": "tiles"},
                {"seat": "C", "rack_value": 15, "penalty": 15, "score": -15, "basis": "tiles"},
                {"seat": "D", "rack_value": 40, "penalty": 200, "score": -200, "basis": "no-meld-sufficient"},
            ],
        },
    ),
    (
        "score-game",
        {"ruleset": "hk-school", **exhausted(A=5, B=10, C=15, D=20)},
        {
            "ruleset": "hk-school",
            "ending": "pool-exhausted",
            "winners": ["A"],
            "players": [
                {"seat": "A", "rack_value": 5, "penalty": 5, "score": 30, "basis": "tiles"},
                {"seat": "B", "rack_value": 10, "penalty": 10, "score": -5, "basis": "tiles"},
                {"seat": "C", "rack_value": 15, "penalty": 15, "score": -10, "basis": "tiles"},
                {"seat": "D", "rack_value": 20, "penalty": 20, "score": -15, "basis": "tiles"},
            ],
        },
    ),
    (
        "score-game",
        {"ruleset": "hk-school", **exhausted(A=1, B=1, C=10, D=7)},
        {
            "ruleset": "hk-school",
            "ending": "pool-exhausted",
            "winners": ["A", "B"],
            "players": [
                {"seat": "A", "rack_value": 1, "penalty": 1, "score": 7.5, "basis": "tiles"},
                {"seat": "B", "rack_value": 1, "penalty": 1, "score": 7.5, "basis": "tiles"},
                {"seat": "C", "rack_value": 10, "penalty": 10, "score": -9, "basis": "tiles"},
                {"seat": "D", "rack_value": 7, "penalty": 7, "score": -6, "basis": "tiles"},
            ],
        },
    ),
    (
        "decide-match",
        {
            "ruleset": "hk-school",
            "options": {"shared_win_credit": "full", "games_per_table": 3},
            "games": SCHOOL_SHEET_GAMES,
        },
        {
            "players": [
                {"seat": "A", "games_won": 0, "total": -68, "rank": 3},
                {"seat": "B", "games_won": 2, "total": 123, "rank": 1},
                {"seat": "C", "games_won": 1, "total": 35, "rank": 2},
                {"seat": "D", "games_won": 0, "total": -90, "rank": 4},
            ],
            "winner": "B",
            "decided_by": "games-won",
            "finished": True,
        },
    ),
    (
        "decide-match",
        {"ruleset": "standard", "games": STANDARD_TABLE_GAMES},
        {
            "players": [
                {"seat": "A", "games_won": 1, "total": -24, "rank": 3},
                {"seat": "B", "games_won": 0, "total": -54, "rank": 4},
                {"seat": "C", "games_won": 2, "total": 45, "rank": 1},
                {"seat": "D", "games_won": 1, "total": 33, "rank": 2},
            ],
            "winner": "C",
            "decided_by": "games-won",
            "finished": True,
        },
    ),
    (
        "decide-match",
        {"ruleset": "six-player", "games": SIX_PLAYER_TABLE_GAMES},
        {
            "players": [
                {"seat": "A", "games_won": 1, "total": -14, "rank": 3},
                {"seat": "B", "games_won": 0, "total": -29, "rank": 4},
                {"seat": "C", "games_won": 1, "total": 4, "rank": 2},
                {"seat": "D", "games_won": 1, "total": 39, "rank": 1},
            ],
            "winner": "D",
            "decided_by": "total-score",
            "finished": True,
        },
    ),
    (
        "meld-value",
        {"ruleset": "hk-school", "rack": "R10 R11 R12 K1 B5"},
        {"value": 33, "sufficient": True, "threshold": 30, "sets": ["R10 R11 R12"]},
    ),
    (
        "check-set",
        {"ruleset": "twist", "set": "R5 R6 J"},
        {"valid": True, "kind": "run", "value": 18, "reads": "R5 R6 R7"},
    ),
    (
        "check-set",
        {"ruleset": "twist", "set": "Y2 D Y5"},
        {"valid": True, "kind": "run", "value": 14, "reads": "Y2 Y3 Y4 Y5"},
    ),
    (
        "check-set",
        {"ruleset": "twist", "set": "B3 R3 D"},
        {"valid": True, "kind": "group", "value": 12, "reads": "B3 R3 K3 Y3"},
    ),
    (
        "check-set",
        {"ruleset": "hk-school", "set": "R12 R13 R1"},
        {"valid": False, "code": "run-wraps", "message": "1 cannot follow 13"},
    ),
    (
        "check-set",
        {"ruleset": "hk-school", "set": "R5 B5 R5"},
        {
            "valid": False,
            "code": "group-repeated-colour",
            "message": "two tiles of the same colour in a group",
        },
    ),
    (
        "restore",
        {"ruleset": "hk-school", "tiles": "R1 R2 R3 K7 J"},
        {"sets": ["R1 R2 R3 J"], "unplaced": "K7", "unplaced_count": 1},
    ),
]


def _seed_rows(
    ruleset: str, games: list[dict[str, Any]], rows: list[list[int]]
) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """One `score-game` example per row of a seed's score table: each player's score, in seat order."""
    examples = []
    for game, row in zip(games, rows, strict=True):
        winner = next(p["seat"] for p in game["players"] if p.get("went_out"))
        players = [
            {
                "seat": p["seat"],
                "rack_value": p.get("rack_value", 0),
                "penalty": p.get("rack_value", 0),
                "score": score,
                "basis": "went-out" if p.get("went_out") else "tiles",
            }
            for p, score in zip(game["players"], row, strict=True)
        ]
        expected = {"ruleset": ruleset, "ending": "went-out", "winners": [winner], "players": players}
        examples.append(("score-game", {"ruleset": ruleset, **game}, expected))
    return examples


# Seed 002's scoresheet (甲乙丙丁 = A B C D) and seed 004's sample score table, row by row.
EXAMPLES += _seed_rows(
    "hk-school", SCHOOL_SHEET_GAMES, [[-7, 118, -61, -50], [-12, 37, -2, -23], [-49, -32, 98, -17]]
)
EXAMPLES += _seed_rows(
    "standard",
    STANDARD_TABLE_GAMES,
    [[24, -5, -16, -3], [-6, -11, 22, -5], [-32, -13, -2, 47], [-10, -25, 41, -6]],
)
