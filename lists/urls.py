from django.urls import path

from lists.views import mine, placeholder, wizard

app_name = "lists"

urlpatterns = [
    path("", mine.my_lists, name="mine"),
    path("new/", wizard.new_list, name="new"),
    path("<int:list_id>/rename/", mine.rename, name="rename"),
    path("<int:list_id>/duplicate/", mine.duplicate, name="duplicate"),
    path("<int:list_id>/delete/", mine.delete, name="delete"),
    # The builder page comes with the lists-ui branch; this route keeps the name reserved.
    path("<int:list_id>/", placeholder.builder, name="builder"),
]
