"""The REST API's URLs: one router for every app's viewsets, mounted at ``/api/v1/``."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from accounts import api as accounts_api
from catalogues.api import catalogues, rosters, validation
from lists import api as lists_api

app_name = "api"

# Path converters rather than regexes: viewsets look rows up by ``<id:pk>`` (``IdLookup``).
router = DefaultRouter(use_regex_path=False)
# One URL per resource: no ``.json`` suffix variants.
router.include_format_suffixes = False
router.register("game-systems", catalogues.GameSystemViewSet, basename="game-system")
router.register("catalogues", catalogues.CatalogueViewSet, basename="catalogue")
router.register("revisions", catalogues.RevisionViewSet, basename="revision")
router.register("entries", catalogues.EntryViewSet, basename="entry")
router.register("import-jobs", catalogues.ImportJobViewSet, basename="import-job")
router.register("lists", lists_api.ListViewSet, basename="list")

urlpatterns = [
    *router.urls,
    path("auth/token/", accounts_api.TokenView.as_view(), name="auth-token"),
    path("auth/devices/", accounts_api.DevicesView.as_view(), name="auth-devices"),
    path("auth/devices/<str:key>/", accounts_api.DeviceView.as_view(), name="auth-device"),
    path("shared/<str:token>/", lists_api.SharedListView.as_view(), name="shared-list"),
    path("shared/<str:token>/fork/", lists_api.SharedForkView.as_view(), name="shared-fork"),
    path(
        "shared/<str:token>/export/<str:fmt>/",
        lists_api.SharedExportView.as_view(),
        name="shared-export",
    ),
    path("verify/", lists_api.VerifyView.as_view(), name="verify"),
    path("gallery/", lists_api.GalleryView.as_view(), name="gallery"),
    path("validate/", validation.ValidateView.as_view(), name="validate"),
    path("rosters/check/", rosters.RosterCheckView.as_view(), name="roster-check"),
    path("rosters/export/", rosters.RosterExportView.as_view(), name="roster-export"),
    path(
        "game-systems/<id:game_system_pk>/examples/",
        validation.GameSystemExamplesView.as_view(),
        name="game-system-examples",
    ),
    path(
        "game-systems/<id:game_system_pk>/examples/<slug:slug>/",
        validation.GameSystemExampleView.as_view(),
        name="game-system-example",
    ),
]
