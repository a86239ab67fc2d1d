"""The tournament's data: raw facts as the referee saw them, plus the numbers the engine derived from them."""

from referee.models.announcements import Announcement
from referee.models.certificates import CertificateImage, CertificateImageKind
from referee.models.clock import RoundClock
from referee.models.draws import DrawStatus, RoundDraw
from referee.models.exports import ExportJob, ExportJobStatus
from referee.models.imports import PeopleUpload
from referee.models.people import NOT_DRAWN, Attendance, Player, School
from referee.models.privacy import DataRemoval, PrivacySettings, RemovalKind, SchoolConsent
from referee.models.prizes import Prize, PrizeKind
from referee.models.results import Game, HandResult, Incident
from referee.models.schedule import Round, Seat, Table
from referee.models.tournament import Tournament

__all__ = [
    "Announcement",
    "CertificateImage",
    "CertificateImageKind",
    "Prize",
    "PrizeKind",
    "RoundClock",
    "NOT_DRAWN",
    "PeopleUpload",
    "DataRemoval",
    "PrivacySettings",
    "RemovalKind",
    "SchoolConsent",
    "Attendance",
    "DrawStatus",
    "ExportJob",
    "ExportJobStatus",
    "Game",
    "HandResult",
    "Incident",
    "Player",
    "Round",
    "RoundDraw",
    "School",
    "Seat",
    "Table",
    "Tournament",
]
