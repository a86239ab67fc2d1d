"""Top-level URLs: the language switch, the admin, and each app's pages by audience."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("weather/", include("weather.urls")),
    path("", include("referee.urls")),
]
