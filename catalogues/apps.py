from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CataloguesConfig(AppConfig):
    name = "catalogues"
    verbose_name = _("Game systems and catalogues")

    def ready(self) -> None:
        # Tasks bind to the project's Celery app, so importing it here makes sure the app is
        # configured in web processes too (eager mode without a broker).
        # Registered once, before any URLconf uses ``<id:...>``.
        from django.db.models.signals import post_delete
        from django.urls import register_converter

        import armybuilder.celery  # noqa: F401
        from catalogues.closures import forget_resolved, tune_collector
        from catalogues.models import Revision
        from catalogues.params import IdConverter

        register_converter(IdConverter, "id")
        tune_collector()
        # (stored revisions go through ``imports._insert``, which forgets them too)
        post_delete.connect(
            lambda **_: forget_resolved(),
            sender=Revision,
            weak=False,
            dispatch_uid="forget-closures",
        )
