from django.db import migrations, models

# Every job recorded as failed before codes failed the same way: the database, on each of the
# task's six tries.
DATABASE_FAILED = "revalidation.database_failed"
TRIES = 6


def to_codes(apps, schema_editor):
    RevalidationJob = apps.get_model("lists", "RevalidationJob")
    RevalidationJob.objects.exclude(error="").update(
        error_code=DATABASE_FAILED, error_params={"tries": TRIES}
    )


class Migration(migrations.Migration):
    dependencies = [
        ("lists", "0008_list_baseline"),
    ]

    operations = [
        migrations.AddField(
            model_name="revalidationjob",
            name="error_code",
            field=models.CharField(blank=True, max_length=40),
        ),
        migrations.AddField(
            model_name="revalidationjob",
            name="error_params",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(to_codes, migrations.RunPython.noop),
        migrations.RemoveField(model_name="revalidationjob", name="error"),
    ]
