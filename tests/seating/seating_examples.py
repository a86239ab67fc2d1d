"""The worked examples of docs/seating.md, with the answers the documentation prints."""

from __future__ import annotations

from typing import Any

EXAMPLES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "draw",
        {
            "players": [
                {"id": "p1", "school": "S1", "points": 12.5},
                {"id": "p2", "school": "S1", "points": 9},
                {"id": "p3", "school": "S2", "points": 7},
                {"id": "p4", "school": "S2", "points": 7},
                {"id": "p5", "school": "S3", "points": 4},
                {"id": "p6", "points": 3},
                {"id": "p7", "school": "S3"},
                {"id": "p8"},
                {"id": "p9", "school": "S1"},
                {"id": "p10"},
            ],
            "history": [[["p1", "p2", "p3", "p4"], ["p5", "p6", "p7"], ["p8", "p9", "p10"]]],
            "table_size": {"max": 4, "min": 3},
            "mode": "random",
            "rounds": 2,
            "seed": 7,
        },
        {
            "rounds": [
                [["p3", "p2", "p5", "p10"], ["p7", "p9", "p4"], ["p6", "p8", "p1"]],
                [["p4", "p5", "p10", "p1"], ["p9", "p3", "p6"], ["p2", "p7", "p8"]],
            ],
            "seed": 7,
            "report": {
                "players": 10,
                "rounds": 2,
                "same_school_pairs": 0,
                "same_school_pairs_min": 0,
                "repeat_pairs": 3,
                "max_meetings": 2,
                "consecutive_repeats": 2,
                "repeat_cost": 23,
                "tables_by_size": [{"4": 1, "3": 2}, {"4": 1, "3": 2}],
                "first_seats": {"min": 0, "max": 1, "spread": 1},
                "sizes_ok": True,
                "by_round": [
                    {
                        "same_school_pairs": 0,
                        "same_school_pairs_min": 0,
                        "new_repeat_pairs": 1,
                        "consecutive_repeats": 1,
                        "sizes_ok": True,
                        "unseated": [],
                    },
                    {
                        "same_school_pairs": 0,
                        "same_school_pairs_min": 0,
                        "new_repeat_pairs": 2,
                        "consecutive_repeats": 1,
                        "sizes_ok": True,
                        "unseated": [],
                    },
                ],
            },
        },
    ),
    (
        "repair",
        {
            "players": [
                {"id": "p1", "school": "S1"},
                {"id": "p2", "school": "S1"},
                {"id": "p3", "school": "S2"},
                {"id": "p4", "school": "S2"},
                {"id": "p5", "school": "S3"},
                {"id": "p6"},
                {"id": "p7", "school": "S3"},
                {"id": "p8"},
                {"id": "p9", "school": "S1"},
                {"id": "p10"},
                {"id": "p11", "school": "S2"},
            ],
            "history": [[["p1", "p2", "p3", "p4"], ["p5", "p6", "p7"], ["p8", "p9", "p10"]]],
            "current": [["p6", "p1", "p3", "p8"], ["p4", "p5", "p10"], ["p7", "p9", "p2"]],
            "withdrawn": ["p5"],
            "added": ["p11"],
            "table_size": {"max": 4, "min": 3},
            "seed": 3,
        },
        {
            "tables": [["p6", "p1", "p3", "p8"], ["p4", "p9", "p10"], ["p7", "p11", "p2"]],
            "moves": [
                {"player": "p9", "from": [2, 1], "to": [1, 1]},
                {"player": "p11", "from": None, "to": [2, 1]},
            ],
            "moves_minimal": True,
            "seed": 3,
            "report": {
                "players": 11,
                "rounds": 1,
                "same_school_pairs": 0,
                "same_school_pairs_min": 0,
                "repeat_pairs": 2,
                "max_meetings": 2,
                "consecutive_repeats": 2,
                "repeat_cost": 22,
                "tables_by_size": [{"4": 1, "3": 2}],
                "first_seats": {"min": 0, "max": 1, "spread": 1},
                "sizes_ok": True,
                "by_round": [
                    {
                        "same_school_pairs": 0,
                        "same_school_pairs_min": 0,
                        "new_repeat_pairs": 2,
                        "consecutive_repeats": 2,
                        "sizes_ok": True,
                        "unseated": ["p5"],
                    }
                ],
            },
        },
    ),
    (
        "report",
        {
            "players": [
                {"id": "p1", "school": "S1"},
                {"id": "p2", "school": "S1"},
                {"id": "p3", "school": "S2"},
                {"id": "p4", "school": "S2"},
                {"id": "p5", "school": "S3"},
                {"id": "p6"},
                {"id": "p7", "school": "S3"},
                {"id": "p8"},
                {"id": "p9", "school": "S1"},
                {"id": "p10"},
            ],
            "history": [[["p1", "p2", "p3", "p4"], ["p5", "p6", "p7"], ["p8", "p9", "p10"]]],
            "rounds": [[["p3", "p2", "p5", "p10"], ["p7", "p1", "p4"], ["p6", "p8", "p9"]]],
            "table_size": {"max": 4, "min": 3},
        },
        {
            "report": {
                "players": 10,
                "rounds": 1,
                "same_school_pairs": 0,
                "same_school_pairs_min": 0,
                "repeat_pairs": 3,
                "max_meetings": 2,
                "consecutive_repeats": 3,
                "repeat_cost": 33,
                "tables_by_size": [{"4": 1, "3": 2}],
                "first_seats": {"min": 0, "max": 1, "spread": 1},
                "sizes_ok": True,
                "by_round": [
                    {
                        "same_school_pairs": 0,
                        "same_school_pairs_min": 0,
                        "new_repeat_pairs": 3,
                        "consecutive_repeats": 3,
                        "sizes_ok": True,
                        "unseated": [],
                    }
                ],
            }
        },
    ),
]
