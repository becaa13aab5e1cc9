from django.urls import path, re_path

from catalogues import example_views, roster_views, views

app_name = "catalogues"

urlpatterns = [
    path("", views.home, name="home"),
    path("systems/<slug:slug>/", views.game_system_detail, name="game_system"),
    path(
        "systems/<slug:system_slug>/catalogues/<slug:slug>/",
        views.catalogue_detail,
        name="catalogue",
    ),
    path(
        "systems/<slug:system_slug>/catalogues/<slug:slug>/compare/",
        views.catalogue_compare,
        name="catalogue_compare",
    ),
    path("entries/<int:pk>/", views.entry_detail, name="entry"),
    path("upload/", views.upload, name="upload"),
    path("upload/jobs/<int:pk>/", views.import_job_detail, name="import_job"),
    path("upload/jobs/<int:pk>/status/", views.import_job_status, name="import_job_status"),
    path(
        "systems/<slug:slug>/examples/<slug:example>/",
        example_views.example_list_detail,
        name="example_list",
    ),
    re_path(
        r"^systems/(?P<slug>[-\w]+)/examples/(?P<example>[-\w]+)/download\.(?P<extension>rosz?)$",
        example_views.example_list_download,
        name="example_list_download",
    ),
    path("rosters/check/", roster_views.roster_check, name="roster_check"),
]
