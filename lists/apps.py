from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ListsConfig(AppConfig):
    name = "lists"
    verbose_name = _("Army lists")

    def ready(self) -> None:
        from catalogues.signals import revisions_imported
        from lists.updates import on_revisions_imported

        revisions_imported.connect(on_revisions_imported, dispatch_uid="lists.revalidate")
