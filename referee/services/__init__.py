"""Writes. Every function is keyword-only, named noun_verb, atomic, checks permissions, and logs to the audit.

Each refusal is a `core.errors.ServiceError` with a translated message.
"""

from referee.services.accounts import referee_cards_passwords_reset, referee_password_reset
from referee.services.announcements import announcement_clear, announcement_post
from referee.services.attendance import (
    player_attendance_set,
    player_substitute,
    school_attendance_rest_present,
)
from referee.services.bulk import players_create_many, tables_create_many
from referee.services.certificate_images import (
    certificate_image_remove,
    certificate_image_upload,
    certificate_signer_set,
)
from referee.services.draws import (
    round_draw_commit,
    round_draw_preview,
    round_draw_redraw,
    round_draw_swap,
)
from referee.services.exports import export_job_request
from referee.services.incidents import incident_record, incident_record_in_play, incident_remove
from referee.services.leaving import seat_leave, seat_return
from referee.services.lockouts import lockout_lift
from referee.services.people import (
    player_create,
    player_delete,
    player_update,
    school_create,
    school_delete,
    school_update,
)
from referee.services.prizes import (
    prize_delete,
    prize_giving_show,
    prize_move,
    prize_reveal_next,
    prizes_add,
    prizes_fill,
    prizes_hide,
)
from referee.services.referees import referee_account_create, referee_add, referee_remove
from referee.services.results import game_result_submit
from referee.services.results_release import round_results_release
from referee.services.round_clock import (
    round_clock_end,
    round_clock_minutes_set,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)
from referee.services.schedule import (
    round_create,
    round_delete,
    round_update,
    table_assign_referee,
    table_create,
    table_delete,
)
from referee.services.seat_fixes import game_void, seat_player_correct
from referee.services.seats import seat_assign, seat_draws_record, seat_remove
from referee.services.signoff import table_confirm, table_sign_off, table_tie_break_record
from referee.services.standings import standings_decision_record, tournament_standings_order_set
from referee.services.table_time import table_time_extend
from referee.services.tournaments import tournament_create, tournament_update
from referee.services.withdrawals import (
    player_reinstate,
    player_seat_late,
    player_withdraw,
    round_reseat_absent,
)

__all__ = [
    "announcement_clear",
    "announcement_post",
    "certificate_image_remove",
    "certificate_image_upload",
    "certificate_signer_set",
    "prize_delete",
    "prize_giving_show",
    "prize_move",
    "prize_reveal_next",
    "prizes_add",
    "prizes_fill",
    "prizes_hide",
    "round_results_release",
    "round_clock_end",
    "round_clock_minutes_set",
    "round_clock_pause",
    "round_clock_resume",
    "round_clock_start",
    "table_time_extend",
    "referee_cards_passwords_reset",
    "referee_password_reset",
    "export_job_request",
    "game_result_submit",
    "game_void",
    "incident_record",
    "incident_record_in_play",
    "incident_remove",
    "player_attendance_set",
    "player_create",
    "player_delete",
    "player_substitute",
    "player_reinstate",
    "player_seat_late",
    "player_update",
    "players_create_many",
    "player_withdraw",
    "referee_account_create",
    "referee_add",
    "referee_remove",
    "lockout_lift",
    "round_create",
    "round_delete",
    "round_draw_commit",
    "round_draw_preview",
    "round_draw_redraw",
    "round_draw_swap",
    "round_reseat_absent",
    "round_update",
    "school_attendance_rest_present",
    "school_create",
    "school_delete",
    "school_update",
    "seat_assign",
    "seat_draws_record",
    "seat_player_correct",
    "seat_leave",
    "seat_remove",
    "seat_return",
    "standings_decision_record",
    "table_assign_referee",
    "table_confirm",
    "table_create",
    "table_delete",
    "table_sign_off",
    "tables_create_many",
    "table_tie_break_record",
    "tournament_create",
    "tournament_standings_order_set",
    "tournament_update",
]
