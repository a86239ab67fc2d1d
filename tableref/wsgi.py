"""WSGI entry point for TableRef."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tableref.settings")
application = get_wsgi_application()
