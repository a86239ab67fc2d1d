"""How form fields are drawn: the Jinja2 versions of Django's own widget templates, Django's templates for the
rest.

The referee's table page draws some sixty fields, and Django's template language spent a fifth of the page's
time on them; Django ships the same widget templates for Jinja2, which give the same HTML faster. The admin's
widgets exist only as Django templates, so a name Jinja2 does not have is drawn by Django's own renderer.

A field without errors still drew its (empty) error list through a template: twenty-five times a page.
"""

from __future__ import annotations

from typing import Any

from django.forms.renderers import BaseRenderer, DjangoTemplates, Jinja2
from django.http import HttpRequest
from django.template import TemplateDoesNotExist

ERROR_LISTS = "django/forms/errors/"


class FormRenderer(BaseRenderer):
    """`FORM_RENDERER` in the settings."""

    def __init__(self) -> None:
        self.jinja2 = Jinja2()
        self.django = DjangoTemplates()

    def get_template(self, template_name: str) -> Any:
        try:
            return self.jinja2.get_template(template_name)
        except TemplateDoesNotExist:
            return self.django.get_template(template_name)

    def render(self, template_name: str, context: dict[str, Any], request: HttpRequest | None = None) -> str:
        if template_name.startswith(ERROR_LISTS) and not context.get("errors"):
            return ""  # what Django's error templates draw for no errors, without drawing them
        return super().render(template_name, context, request)
