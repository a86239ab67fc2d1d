"""Top-level URLs: the language switch, the admin, each app's pages by audience, and the server's own."""

from django.contrib import admin
from django.urls import include, path

from core.language import switch_language
from tableref import health
from tableref.hall.unlock import unlock_page

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("hall/", include("tableref.hall.urls")),
    path("unlock/", unlock_page, name="unlock"),
    path("language/<str:code>/", switch_language, name="language"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("weather/", include("weather.urls")),
    path("", include("referee.urls")),
]

handler400 = "tableref.errors.bad_request"
handler500 = "tableref.errors.server_error"
