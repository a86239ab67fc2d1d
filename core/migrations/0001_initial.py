# The audit log's model, moved here from `referee` (its migration 0005): the same table, `referee_auditentry`,
# so existing databases keep every entry. Only the model's state is created; its content type (and so any
# permission given on it) is renamed rather than made anew.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def rename_content_type(apps, schema_editor, old='referee', new='core'):
    ContentType = apps.get_model('contenttypes', 'ContentType')
    database = schema_editor.connection.alias
    ContentType.objects.using(database).filter(app_label=old, model='auditentry').update(app_label=new)


def restore_content_type(apps, schema_editor):
    rename_content_type(apps, schema_editor, old='core', new='referee')


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('referee', '0005_auditentry_moves_to_core'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='AuditEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('action', models.CharField(max_length=40, verbose_name='action')),
                        ('changes', models.JSONField(blank=True, default=dict, verbose_name='changes')),
                        ('reason', models.TextField(blank=True, verbose_name='reason')),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='at')),
                        ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='by')),
                        ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='audit_entries', to='referee.game', verbose_name='game')),
                        ('table', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='audit_entries', to='referee.table', verbose_name='table')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='audit_entries', to='referee.tournament', verbose_name='tournament')),
                    ],
                    options={
                        'verbose_name': 'audit entry',
                        'verbose_name_plural': 'audit log',
                        'ordering': ['-created_at', '-pk'],
                        'db_table': 'referee_auditentry',
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(rename_content_type, restore_content_type),
    ]
