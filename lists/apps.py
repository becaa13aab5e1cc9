from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ListsConfig(AppConfig):
    name = "lists"
    verbose_name = _("Army lists")
