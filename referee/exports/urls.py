"""Download addresses, included from `referee/urls.py` as the `exports` namespace.

Organisers: /organise/<slug>/exports/ (the page) and /organise/<slug>/exports/<exporter>/ (a file, with
?round=<pk>, ?school=<code>, ?lang=en, ?include=unsigned; the long ones are asked for with POST and made in
the background: their page, status and download under /organise/<slug>/exports/jobs/<pk>/). Referees (and
organisers): a table's scoresheet at /referee/tables/<pk>/scoresheet.pdf and its blank one at
/referee/tables/<pk>/scoresheet-blank.pdf.
"""

from django.urls import path

from referee.exports.views import files as exports
from referee.exports.views import jobs as export_jobs

app_name = "exports"

urlpatterns = [
    path("organise/<slug:slug>/exports/", exports.ExportPageView.as_view(), name="page"),
    path(
        "organise/<slug:slug>/exports/<slug:identifier>/",
        exports.ExportDownloadView.as_view(),
        name="download",
    ),
    path("organise/<slug:slug>/exports/jobs/<int:pk>/", export_jobs.ExportJobView.as_view(), name="job"),
    path(
        "organise/<slug:slug>/exports/jobs/<int:pk>/status.json",
        export_jobs.ExportJobStatusView.as_view(),
        name="job_status",
    ),
    path(
        "organise/<slug:slug>/exports/jobs/<int:pk>/download/",
        export_jobs.ExportJobDownloadView.as_view(),
        name="job_download",
    ),
    path(
        "referee/tables/<int:pk>/scoresheet.pdf",
        exports.TableScoresheetView.as_view(),
        name="table_scoresheet",
    ),
    path(
        "referee/tables/<int:pk>/scoresheet-blank.pdf",
        exports.TableScoresheetView.as_view(blank=True),
        name="table_blank_scoresheet",
    ),
]
