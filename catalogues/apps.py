from django.apps import AppConfig


class CataloguesConfig(AppConfig):
    name = "catalogues"
    verbose_name = "Game systems and catalogues"

    def ready(self) -> None:
        # Tasks bind to the project's Celery app, so importing it here makes sure the app is
        # configured in web processes too (eager mode without a broker).
        import armybuilder.celery  # noqa: F401
