"""/hall/: the noticeboard for the hall's wall."""

from django.urls import path

from tableref.hall import views

app_name = "hall"
urlpatterns = [
    path("", views.noticeboard_page, name="noticeboard"),
    path("qr.svg", views.noticeboard_qr, name="qr"),
    path("noticeboard.pdf", views.noticeboard_download, name="pdf"),
]
