"""Weather pages: the public ones need no login; `manage/` is for the tournament's organisers."""

from django.urls import path

from weather.views import organiser, public

app_name = "weather"
urlpatterns = [
    path("", public.WeatherIndexView.as_view(), name="index"),
    path("<slug:slug>/", public.PublicWeatherView.as_view(), name="public"),
    path("<slug:slug>/status.json", public.status_json, name="status_json"),
    path("<slug:slug>/manage/", organiser.WeatherManageView.as_view(), name="manage"),
    path("<slug:slug>/manage/snapshots/", organiser.SnapshotHistoryView.as_view(), name="snapshots"),
]
