"""Addresses, kept apart by audience: organisers /organise/, referees /referee/, the public /t/."""

from django.urls import include, path

from referee.draws.views import organiser as draws
from referee.draws.views import public as public_draws
from referee.exports.views import cards
from referee.hall_screen.views import display as hall_display
from referee.hall_screen.views import organiser as hall
from referee.hall_screen.views import prizes
from referee.people.views import checkin, imports, notices, people
from referee.play.views import offline, preview, referee, set_check, submit, tables
from referee.privacy.views import notice as privacy_notice
from referee.privacy.views import organiser as privacy
from referee.public.views import pages as public
from referee.standings.views import organiser as standings
from referee.standings.views import standings_order
from referee.tournaments.views import account, home, lockouts, referees, schedule, tournaments

organiser_patterns = [
    path("", tournaments.TournamentListView.as_view(), name="tournaments"),
    path("new/", tournaments.TournamentCreateView.as_view(), name="tournament_create"),
    path("<slug:slug>/", tournaments.TournamentDashboardView.as_view(), name="dashboard"),
    path("<slug:slug>/settings/", tournaments.TournamentSettingsView.as_view(), name="settings"),
    path("<slug:slug>/schools/", people.SchoolsView.as_view(), name="schools"),
    path("<slug:slug>/schools/<int:pk>/", people.SchoolEditView.as_view(), name="school_edit"),
    path("<slug:slug>/players/", people.PlayersView.as_view(), name="players"),
    path("<slug:slug>/players/<int:pk>/", people.PlayerEditView.as_view(), name="player_edit"),
    path("<slug:slug>/import/", imports.ImportView.as_view(), name="import"),
    path("<slug:slug>/import/<int:pk>/", imports.ImportPreviewView.as_view(), name="import_preview"),
    path("<slug:slug>/import/template.xlsx", imports.TemplateDownloadView.as_view(), name="import_template"),
    path("<slug:slug>/import/people.xlsx", imports.PeopleExportView.as_view(), name="people_export"),
    path("<slug:slug>/check-in/", checkin.CheckInView.as_view(), name="checkin"),
    path("<slug:slug>/players/<int:pk>/substitute/", checkin.SubstituteView.as_view(), name="substitute"),
    path("<slug:slug>/rounds/", schedule.RoundsView.as_view(), name="rounds"),
    path("<slug:slug>/rounds/<int:pk>/", schedule.RoundView.as_view(), name="round"),
    path("<slug:slug>/rounds/<int:pk>/draw/", draws.RoundDrawView.as_view(), name="round_draw"),
    path("<slug:slug>/tables/<int:pk>/", tables.OrganiserTableView.as_view(), name="table"),
    path(
        "<slug:slug>/tables/<int:pk>/set-check/", set_check.OrganiserSetCheckView.as_view(), name="set_check"
    ),
    path("<slug:slug>/referees/", referees.RefereesView.as_view(), name="referees"),
    path("<slug:slug>/referees/cards/", cards.RefereeCardsView.as_view(), name="referee_cards"),
    path("<slug:slug>/referees/locked/", lockouts.LockoutsView.as_view(), name="lockouts"),
    path("<slug:slug>/standings/", standings.StandingsView.as_view(), name="standings"),
    path("<slug:slug>/hall/", hall.HallControlView.as_view(), name="hall"),
    path("<slug:slug>/prizes/", prizes.PrizesView.as_view(), name="prizes"),
    path("<slug:slug>/prizes/picture/<str:kind>/", prizes.certificate_picture, name="certificate_picture"),
    path("<slug:slug>/notices/", notices.NoticesView.as_view(), name="notices"),
    path(
        "<slug:slug>/standings/order/", standings_order.StandingsOrderView.as_view(), name="standings_order"
    ),
    path("<slug:slug>/privacy/", privacy.PrivacyView.as_view(), name="privacy"),
    path("<slug:slug>/privacy/schools/<int:pk>/", privacy.SchoolConsentView.as_view(), name="school_consent"),
    path("<slug:slug>/privacy/find/", privacy.FindChildView.as_view(), name="privacy_find"),
    path("<slug:slug>/privacy/players/<int:pk>/", privacy.ChildView.as_view(), name="privacy_child"),
    path("<slug:slug>/privacy/access/", privacy.AccessView.as_view(), name="privacy_access"),
    path("<slug:slug>/privacy/forget/", privacy.ForgetNowView.as_view(), name="privacy_forget"),
]

referee_patterns = [
    path("", referee.MyTablesView.as_view(), name="my_tables"),
    path("tables/<int:pk>/", tables.RefereeTableView.as_view(), name="table"),
    path("tables/<int:pk>/preview/", preview.TablePreviewView.as_view(), name="preview"),
    path("tables/<int:pk>/save/", submit.TableSubmitView.as_view(), name="submit"),
    path("tables/<int:pk>/set-check/", set_check.RefereeSetCheckView.as_view(), name="set_check"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline_page, name="offline"),
]

public_patterns = [
    path("<slug:slug>/", public.PublicTournamentView.as_view(), name="tournament"),
    path("<slug:slug>/rounds/<int:pk>/draw/", public_draws.PublicRoundDrawView.as_view(), name="round_draw"),
    path("<slug:slug>/rounds/<int:pk>/draw.json", public_draws.round_draw_json, name="round_draw_json"),
    path("<slug:slug>/standings/", public.PublicStandingsView.as_view(), name="standings"),
    path("<slug:slug>/find/", public.FindTableView.as_view(), name="find_table"),
    path("<slug:slug>/standings/fragment/", public.standings_fragment, name="standings_fragment"),
    path("<slug:slug>/hall/", hall_display.HallDisplayView.as_view(), name="hall"),
    path("<slug:slug>/hall/state.json", hall_display.hall_state_json, name="hall_state"),
    path("<slug:slug>/hall/panel/", hall_display.hall_panel, name="hall_panel"),
    path("<slug:slug>/privacy/", privacy_notice.PrivacyNoticeView.as_view(), name="privacy"),
]

urlpatterns = [
    path("", home.home, name="home"),
    path("login/", home.LoginView.as_view(), name="login"),
    path("logout/", home.LogoutView.as_view(), name="logout"),
    path("account/password/", account.PasswordChangeView.as_view(), name="password_change"),
    path("organise/", include((organiser_patterns, "organiser"))),
    path("referee/", include((referee_patterns, "referee"))),
    path("t/", include((public_patterns, "public"))),
    path("", include("referee.exports.urls")),
]
