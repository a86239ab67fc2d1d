"""The site's addresses plus the export addresses, until `referee/urls.py` includes them itself."""

from django.urls import include, path

from referee import urls as referee_urls
from tableref.urls import urlpatterns as site_patterns

already_included = any(
    getattr(pattern, "namespace", None) == "exports" for pattern in referee_urls.urlpatterns
)
urlpatterns = list(site_patterns)
if not already_included:
    urlpatterns.append(path("", include("referee.urls_exports")))
