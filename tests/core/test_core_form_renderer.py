"""Form fields drawn by Jinja2 from Django's own widget templates: the same HTML as Django's template
language, and the admin's widgets, which only Django's templates have, still drawn."""

from __future__ import annotations

import re

import pytest
from django import forms
from django.contrib.admin.widgets import RelatedFieldWidgetWrapper
from django.forms.renderers import DjangoTemplates
from django.template.backends.django import Template as DjangoTemplate
from django.template.backends.jinja2 import Template as Jinja2Template

from core.form_renderer import FormRenderer


class EveryKind(forms.Form):
    name = forms.CharField(max_length=20, initial='陳 "大文" <b>')
    rack_value = forms.IntegerField(min_value=0, required=False)
    ending = forms.ChoiceField(
        choices=[("went-out", "Went out"), ("pool", "Pool empty")], widget=forms.RadioSelect
    )
    seat = forms.ChoiceField(choices=[("A", "A"), ("B", "B")])
    made_initial_meld = forms.BooleanField(required=False, initial=True)
    submission = forms.CharField(widget=forms.HiddenInput, initial="key-1")
    note = forms.CharField(widget=forms.Textarea, required=False)


def squeezed(html: str) -> str:
    """White space as a browser reads it, and quotes escaped one way (Jinja2 writes &#34;, Django &quot;:
    the same character to a browser)."""
    html = html.replace("&#34;", "&quot;").replace("&#39;", "&#x27;")
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", html.strip()))


def test_the_html_is_djangos_own():
    for data in (None, {"name": "", "rack_value": "-3", "ending": "pool", "seat": "B"}):
        ours = EveryKind(data, renderer=FormRenderer()).as_div()
        djangos = EveryKind(data, renderer=DjangoTemplates()).as_div()
        assert squeezed(ours) == squeezed(djangos)
    assert "大文&#34; &lt;b&gt;" in EveryKind(renderer=FormRenderer()).as_div()  # escaped all the same


def test_djangos_widgets_come_from_jinja2_and_the_admins_from_djangos_templates():
    renderer = FormRenderer()
    assert isinstance(renderer.get_template("django/forms/widgets/input.html"), Jinja2Template)
    wrapper = RelatedFieldWidgetWrapper.template_name
    assert isinstance(renderer.get_template(wrapper), DjangoTemplate)


def test_an_empty_error_list_is_drawn_as_nothing_without_a_template(monkeypatch):
    """Every field's error list is drawn on the referee's page, errors or not: an empty one draws no
    template."""
    renderer = FormRenderer()
    form = EveryKind({"name": "", "rack_value": "-3", "ending": "pool", "seat": "B"}, renderer=renderer)
    assert str(form["ending"].errors) == ""
    assert str(form["name"].errors) == str(EveryKind(form.data, renderer=DjangoTemplates())["name"].errors)
    assert "errorlist" in str(form["name"].errors)
    monkeypatch.setattr(renderer, "get_template", lambda name: pytest.fail(f"drew {name}"))
    for kind in ("default", "ul", "text"):
        assert form["seat"].errors.render(f"django/forms/errors/list/{kind}.html") == ""
    assert EveryKind(renderer=renderer).errors.render() == ""
