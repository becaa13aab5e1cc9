from django.urls import path

from lists import builder_views
from lists.views import mine, updates, wizard

app_name = "lists"

urlpatterns = [
    path("", mine.my_lists, name="mine"),
    path("new/", wizard.new_list, name="new"),
    path("revalidations/", updates.revalidations, name="revalidations"),
    path("<int:list_id>/rename/", mine.rename, name="rename"),
    path("<int:list_id>/duplicate/", mine.duplicate, name="duplicate"),
    path("<int:list_id>/delete/", mine.delete, name="delete"),
    path("<int:list_id>/", builder_views.builder, name="builder"),
    path("<int:list_id>/update/", updates.update_page, name="update"),
    path("<int:list_id>/update/migrate/", updates.migrate, name="migrate"),
    path("<int:list_id>/update/keep/", updates.keep, name="keep"),
    path("<int:list_id>/edit/<slug:action>/", builder_views.edit, name="edit"),
]
