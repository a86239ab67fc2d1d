# The audit log's model moves to the shared `core` app; its table and rows stay where they are.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('referee', '0004_privacy_label'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='AuditEntry')],
            database_operations=[],
        ),
    ]
