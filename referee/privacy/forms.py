"""Children's data: the retention period, the privacy notice, a school's consent, erasure, forgetting now."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.text import validate_multiline, validate_single_line
from core.widgets import DatePicker
from referee.privacy.retention import LONGEST_RETENTION_DAYS


class RetentionForm(forms.Form):
    retention_days = forms.IntegerField(
        label=_("Days kept after the last match day"),
        min_value=1,
        max_value=LONGEST_RETENTION_DAYS,
        help_text=_("90 unless you need otherwise. Shorter at will; longer only with a reason."),
    )
    retention_reason = forms.CharField(
        label=_("Why longer than 90 days"),
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
        validators=[validate_multiline],
    )


class NoticeForm(forms.Form):
    notice_zh = forms.CharField(
        label=_("Privacy notice in Chinese"),
        required=False,
        max_length=6000,
        widget=forms.Textarea(attrs={"rows": 12}),
        validators=[validate_multiline],
    )
    notice_en = forms.CharField(
        label=_("Privacy notice in English"),
        required=False,
        max_length=6000,
        widget=forms.Textarea(attrs={"rows": 12}),
        validators=[validate_multiline],
    )
    contact = forms.CharField(
        label=_("Whom to ask"),
        required=False,
        max_length=200,
        validators=[validate_single_line],
        help_text=_("A name and an e-mail address or telephone number, for example: Ms Wong, 2345 6789."),
    )


class ConsentForm(forms.Form):
    given = forms.BooleanField(label=_("The school agreed"), required=False)
    given_on = forms.DateField(label=_("Date of the agreement"), required=False, widget=DatePicker())
    note = forms.CharField(
        label=_("Who agreed, and how"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
        validators=[validate_multiline],
        help_text=_("For example: the principal, Mrs Chan, by the signed entry form of 3 October."),
    )


class EraseForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        validators=[validate_multiline],
        help_text=_("Who asked, and when: it goes to the audit log."),
    )
    confirm = forms.BooleanField(
        label=_("I understand that the child's names, class and 學號 are removed for good"), required=True
    )


class ForgetForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("I understand that every child's names, class and 學號 are removed for good"), required=True
    )


class FindChildForm(forms.Form):
    number = forms.IntegerField(label=_("Player number"), min_value=1)
