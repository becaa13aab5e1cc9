from django.urls import path

from lists import builder_views

app_name = "lists"

urlpatterns = [
    path("<int:list_id>/", builder_views.builder, name="builder"),
    path("<int:list_id>/edit/<slug:action>/", builder_views.edit, name="edit"),
]
