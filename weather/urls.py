"""Weather pages: public (no login) and for organisers."""
from django.urls import path  # noqa: F401

app_name = "weather"
urlpatterns: list = []
