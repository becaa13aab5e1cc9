"""URLs of sharing, exports, forks, the gallery, verify, import and history, mounted at the
site's root (namespace ``sharing``): share links live at ``/s/<token>/``, not under ``/lists/``."""

from django.urls import path, re_path

from lists.views import history as history_views
from lists.views import sharing as share_views

app_name = "sharing"

FORMAT = r"(?P<fmt>txt|md|json|rosz?)"

urlpatterns = [
    path("s/<str:token>/", share_views.shared, name="shared"),
    path("s/<str:token>/print/", share_views.shared_print, name="shared_print"),
    re_path(
        rf"^s/(?P<token>[^/]+)/export/{FORMAT}/$", share_views.shared_export, name="shared_export"
    ),
    path("s/<str:token>/fork/", share_views.shared_fork, name="shared_fork"),
    path("gallery/", share_views.gallery, name="gallery"),
    path("verify/", share_views.verify_page, name="verify"),
    path("lists/import/", share_views.import_page, name="import"),
    path(
        "systems/<slug:slug>/examples/<slug:example>/copy/",
        share_views.copy_example,
        name="copy_example",
    ),
    re_path(
        rf"^lists/(?P<list_id>[0-9]+)/export/{FORMAT}/$", share_views.list_export, name="export"
    ),
    path("lists/<int:list_id>/fork/", share_views.list_fork, name="fork"),
    path("lists/<int:list_id>/visibility/", share_views.set_visibility, name="visibility"),
    path("lists/<int:list_id>/rotate-link/", share_views.rotate_link, name="rotate_link"),
    path("lists/<int:list_id>/history/", history_views.history_page, name="history"),
    path("lists/<int:list_id>/history/restore/", history_views.restore, name="restore"),
]
