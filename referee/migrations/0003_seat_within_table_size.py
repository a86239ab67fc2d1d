# Each tournament keeps its ruleset's table size, so that the database can refuse a seat beyond it: the trigger
# that does so lives in referee/models/triggers.py and is created after every migrate. The size is filled from the
# engine's registry, so a new ruleset needs no new migration.

from django.db import migrations, models

SEAT_LETTERS = "ABCDEFGHIJ"


def fill_table_sizes(apps, schema_editor):
    import scoring

    Tournament = apps.get_model("referee", "Tournament")
    for tournament in Tournament.objects.all():
        try:
            size = scoring.get_ruleset(tournament.ruleset).max_players
        except scoring.ScoringError:
            size = len(SEAT_LETTERS)
        Tournament.objects.filter(pk=tournament.pk).update(table_size=size)


class Migration(migrations.Migration):

    dependencies = [
        ("referee", "0002_entry_corrections_tie_break"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="table_size",
            field=models.PositiveSmallIntegerField(
                null=True,
                editable=False,
                help_text="The ruleset's largest table, fixed when the tournament is created.",
                verbose_name="players per table, at most",
            ),
        ),
        migrations.RunPython(fill_table_sizes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament",
            name="table_size",
            field=models.PositiveSmallIntegerField(
                editable=False,
                help_text="The ruleset's largest table, fixed when the tournament is created.",
                verbose_name="players per table, at most",
            ),
        ),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.CheckConstraint(
                condition=models.Q(("table_size__gte", 2), ("table_size__lte", 10)),
                name="tournament_table_size_two_to_ten",
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="requires_confirmation",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "After a referee signs a table off, an organiser or another referee checks it before it "
                    "counts as final."
                ),
                verbose_name="results need a second person's confirmation",
            ),
        ),
    ]
