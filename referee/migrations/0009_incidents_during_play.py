"""An incident belongs to a table and a game number from the moment it is recorded, so that a referee can record
one during play; its game is filled in when that game's result is saved. Existing incidents take their game's
table and number. A submission key makes a resent incident count once."""

import django.db.models.deletion
from django.db import migrations, models


def from_their_games(apps, schema_editor):
    Incident = apps.get_model("referee", "Incident")
    for incident in Incident.objects.select_related("game").iterator():
        incident.table_id = incident.game.table_id
        incident.game_number = incident.game.number
        incident.save(update_fields=["table", "game_number"])


class Migration(migrations.Migration):
    dependencies = [
        ("referee", "0008_tournament_turn_seconds"),
    ]

    operations = [
        migrations.AddField(
            model_name="incident",
            name="table",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="incidents",
                to="referee.table",
                verbose_name="table",
            ),
        ),
        migrations.AddField(
            model_name="incident",
            name="game_number",
            field=models.PositiveSmallIntegerField(null=True, verbose_name="game number"),
        ),
        migrations.AddField(
            model_name="incident",
            name="submission_key",
            field=models.CharField(
                blank=True,
                help_text="The key of the form that recorded it: a repeated send records it once.",
                max_length=64,
                verbose_name="submission key",
            ),
        ),
        migrations.RunPython(from_their_games, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="incident",
            name="table",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="incidents",
                to="referee.table",
                verbose_name="table",
            ),
        ),
        migrations.AlterField(
            model_name="incident",
            name="game_number",
            field=models.PositiveSmallIntegerField(verbose_name="game number"),
        ),
        migrations.AlterField(
            model_name="incident",
            name="game",
            field=models.ForeignKey(
                blank=True,
                help_text="Empty while the game is still being played.",
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="incidents",
                to="referee.game",
                verbose_name="game",
            ),
        ),
        migrations.AddConstraint(
            model_name="incident",
            constraint=models.UniqueConstraint(
                condition=models.Q(("submission_key", ""), _negated=True),
                fields=("table", "submission_key"),
                name="incident_submission_once_per_table",
            ),
        ),
        migrations.AddConstraint(
            model_name="incident",
            constraint=models.CheckConstraint(
                condition=models.Q(("game_number__gte", 1)), name="incident_game_number_positive"
            ),
        ),
    ]
