from django.urls import path, re_path

from catalogues.views import browse, editing, examples, rosters, sources, uploads

app_name = "catalogues"

urlpatterns = [
    path("", browse.home, name="home"),
    path("systems/<slug:slug>/", browse.game_system_detail, name="game_system"),
    path("systems/<slug:slug>/rules/", browse.game_system_rules, name="game_system_rules"),
    path(
        "systems/<slug:system_slug>/catalogues/<slug:slug>/",
        browse.catalogue_detail,
        name="catalogue",
    ),
    path(
        "systems/<slug:system_slug>/catalogues/<slug:slug>/compare/",
        browse.catalogue_compare,
        name="catalogue_compare",
    ),
    path("entries/<id:pk>/", browse.entry_detail, name="entry"),
    path("entries/<id:pk>/edit/", editing.entry_edit, name="entry_edit"),
    path("upload/", uploads.upload, name="upload"),
    path("upload/jobs/<id:pk>/", uploads.import_job_detail, name="import_job"),
    path("upload/jobs/<id:pk>/status/", uploads.import_job_status, name="import_job_status"),
    path("sources/", sources.data_sources, name="data_sources"),
    path("sources/<id:pk>/", sources.data_source_detail, name="data_source"),
    path("sources/<id:pk>/check/", sources.data_source_check_now, name="data_source_check_now"),
    path("sources/checks/<id:pk>/", sources.data_source_check_detail, name="data_source_check"),
    path(
        "sources/checks/<id:pk>/status/",
        sources.data_source_check_status,
        name="data_source_check_status",
    ),
    path(
        "systems/<slug:slug>/examples/<slug:example>/",
        examples.example_list_detail,
        name="example_list",
    ),
    re_path(
        r"^systems/(?P<slug>[-\w]+)/examples/(?P<example>[-\w]+)/download\.(?P<extension>rosz?)$",
        examples.example_list_download,
        name="example_list_download",
    ),
    path("rosters/check/", rosters.roster_check, name="roster_check"),
]
