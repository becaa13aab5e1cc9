from django.contrib import admin

from lists.models import ArmyList, ListVersion, RevalidationJob


@admin.register(ArmyList)
class ArmyListAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "owner", "game_system", "points", "legal", "updated_at"]
    list_filter = ["game_system", "legal", "visibility"]
    search_fields = ["name", "owner__email", "owner__username"]
    raw_id_fields = ["owner", "forked_from"]
    readonly_fields = ["document", "pinned", "version", "share_token"]


@admin.register(ListVersion)
class ListVersionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["army_list", "number", "kind", "label", "created_at"]
    raw_id_fields = ["army_list"]


@admin.register(RevalidationJob)
class RevalidationJobAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["pk", "status", "done", "total", "reported", "created_at", "updated_at"]
    list_filter = ["status"]
    readonly_fields = ["revisions", "status", "total", "done", "reported", "after", "attempts"]
