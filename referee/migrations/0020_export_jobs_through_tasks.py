# The export worker of our own gives way to django-tasks: no claim, no worker name, no heartbeat.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("referee", "0019_player_school_number_and_people_upload_reading"),
    ]

    operations = [
        migrations.RemoveField(model_name="exportjob", name="attempts"),
        migrations.RemoveField(model_name="exportjob", name="worker"),
        migrations.RemoveField(model_name="exportjob", name="heartbeat_at"),
        migrations.AddField(
            model_name="exportjob", name="task_id", field=models.CharField(blank=True, max_length=64)
        ),
        migrations.AddField(model_name="exportjob", name="progress_at", field=models.DateTimeField(null=True)),
    ]
